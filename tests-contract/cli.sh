#!/usr/bin/env bash
# The `verity` command as an operator uses it: keys, registry import (all or
# nothing, bad rows by line), consent texts, environment rules, tokens,
# missing settings. Prints "cli: N passed, N failed".
#   tests-contract/cli.sh [VERITY_BINARY]
set -uo pipefail
BIN="$(cd "$(dirname "${1:-.build/debug/verity}")" && pwd)/$(basename "${1:-.build/debug/verity}")"
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
export VERITY_DATA_DIR="$WORK/data" VERITY_LOG_LEVEL=warning
export VERITY_DATA_KEY="$("$BIN" keys data-key)"
passed=0; failed=0
check() { # name, then a command that must succeed
  local name="$1"; shift
  if "$@" >/dev/null 2>&1; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name"; fi
}

check "data-key is 32 bytes of base64" test "$(printf %s "$VERITY_DATA_KEY" | base64 -d | wc -c)" -eq 32
"$BIN" migrate > "$WORK/migrate.out" 2>&1
check "migrate" grep -q "up to date" "$WORK/migrate.out"
KEY=$("$BIN" keys create --tenant acme --environment live 2>/dev/null)
check "keys create prints a live key" grep -Eq '^vk_live_[0-9A-Za-z]{40}$' <<<"$KEY"
check "the database files are readable" bash -c "cat '$VERITY_DATA_DIR'/verity.sqlite* | grep -aq acme"
check "the key is stored hashed" bash -c "! cat '$VERITY_DATA_DIR'/verity.sqlite* | grep -aq '$KEY'"

cat > "$WORK/good.csv" <<'CSV'
firstName,lastName,address,city,state,postalCode,country,dateOfBirth,flags
Ann,Lee,1 Main St,Atlanta,GA,30318,US,1970-01-01,
Bo,Ray,2 High Street,London,,SW1A 1AA,GB,1980-12-31,deceased
CSV
cat > "$WORK/bad.csv" <<'CSV'
firstName,lastName,address,postalCode,country,dateOfBirth
Cy,Good,3 Main St,30318,US,1970-01-01
Di,,4 Main St,30318,US,1970-01-01
Ed,Date,5 Main St,30318,US,2023-02-30
CSV
"$BIN" registry import "$WORK/bad.csv" > "$WORK/bad.out" 2> "$WORK/bad.err"; code=$?
check "a bad file exits 65" test "$code" -eq 65
check "bad rows are named by line" grep -q "line 3: lastName" "$WORK/bad.err"
check "every bad row is listed" grep -q "line 4: dateOfBirth" "$WORK/bad.err"
check "nothing was imported" grep -q "Nothing was imported: 2 bad row" "$WORK/bad.err"
"$BIN" registry import "$WORK/good.csv" > "$WORK/good.out" 2> "$WORK/good.err"
check "a good file imports every row" grep -q "Imported 2 records." "$WORK/good.out"
check "import shows a progress bar" grep -q "100% (2/2)" "$WORK/good.err"
check "registry PII is encrypted" bash -c "! cat '$VERITY_DATA_DIR'/verity.sqlite* | grep -aq '1970-01-01'"

printf 'I agree.' > "$WORK/consent.txt"
check "consent add" "$BIN" consent add --tenant acme --environment live --locale en-US --file "$WORK/consent.txt"
check "consent add rejects a bad locale" bash -c "! '$BIN' consent add --tenant acme --environment live --locale '<x>' --file '$WORK/consent.txt'"
"$BIN" environment set --tenant acme --environment live --countries us,ca --max-attempts 5 > "$WORK/env.json" 2>&1
check "environment set normalises countries" grep -q '"US"' "$WORK/env.json"
check "environment set changes attempts" grep -q '"maxAttempts" : 5' "$WORK/env.json"
check "environment set rejects 0 attempts" bash -c "! '$BIN' environment set --tenant acme --environment live --max-attempts 0"
check "an unknown tenant is named" bash -c "'$BIN' environment show --tenant nobody 2>&1 | grep -q 'no tenant named nobody'"
"$BIN" users token --tenant acme --environment live --user alice --ttl 120 > "$WORK/token.json" 2>&1
check "users token prints a token" grep -q '"token"' "$WORK/token.json"
"$BIN" users reset --tenant acme --environment live --user alice > "$WORK/reset.json" 2>&1
check "users reset prints the state" grep -q '"attemptsRemaining" : 5' "$WORK/reset.json"
"$BIN" audit --tenant acme --environment live > "$WORK/audit.jsonl" 2>&1
check "audit lists the reset" grep -q '"action":"identity-verification.reset"' "$WORK/audit.jsonl"
check "audit names no user reference" bash -c "! grep -q alice '$WORK/audit.jsonl'"
check "keys revoke" "$BIN" keys revoke "$KEY"
check "a revoked key cannot be revoked twice" bash -c "! '$BIN' keys revoke '$KEY'"
check "serve without a data key names the setting" bash -c "env -u VERITY_DATA_KEY '$BIN' serve 2>&1 | grep -q 'VERITY_DATA_KEY'"
check "serve --help lists settings" bash -c "'$BIN' serve --help | grep -q DATABASE_URL"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
