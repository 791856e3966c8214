#!/usr/bin/env bash
# The `verity` command as an operator uses it: keys, registry import (all or
# nothing, bad rows by line), consent texts, environment rules, tokens,
# missing settings. Prints "cli: N passed, N failed".
#   tests-contract/cli.sh [VERITY_BINARY]
set -uo pipefail
BIN="$(cd "$(dirname "${1:-.build/debug/verity}")" && pwd)/$(basename "${1:-.build/debug/verity}")"
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
source "$(dirname "$0")/wait-until.sh"
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
CLIENT_KEY=$("$BIN" keys create --tenant acme --environment live --publishable --scopes verifyhuman,verifyage 2>/dev/null)
check "keys create --publishable prints a vhk_live_ key" grep -Eq '^vhk_live_[0-9A-Za-z]{40}$' <<<"$CLIENT_KEY"
check "keys create --publishable --demo prints a pk_demo_ key in a test environment" bash -c "'$BIN' keys create --tenant acme --environment test --publishable --scopes verifyhuman --demo | grep -Eq '^pk_demo_[0-9A-Za-z]{40}$'"
check "keys create --publishable --demo in live: VALIDATION_ERROR, exit 65" bash -c "'$BIN' keys create --tenant acme --environment live --publishable --scopes verifyhuman --demo > /dev/null 2> '$WORK/demo-live.err'; [ \$? -eq 65 ] && grep -q 'VALIDATION_ERROR.*test environments only' '$WORK/demo-live.err'"
check "keys create --publishable refuses an unknown scope, naming it" bash -c "! '$BIN' keys create --tenant acme --environment live --publishable --scopes verifyhuman,flying > '$WORK/scope.out' 2>&1 && grep -q flying '$WORK/scope.out'"
check "keys create --scopes needs --publishable" bash -c "! '$BIN' keys create --tenant acme --environment live --scopes verifyhuman > /dev/null 2>&1"
check "the client key is stored hashed" bash -c "! cat '$VERITY_DATA_DIR'/verity.sqlite* | grep -aq '$CLIENT_KEY'"
check "keys revoke revokes a client key" bash -c "'$BIN' keys revoke '$CLIENT_KEY' | grep -q Revoked"
"$BIN" credits grant --tenant acme --environment live 250 --note INV-1 > "$WORK/credits.out" 2>&1
check "credits grant prints the balance" grep -q "Balance: 250 credits." "$WORK/credits.out"
"$BIN" credits show --tenant acme --environment live > "$WORK/credits-show.out" 2>&1
check "credits show lists the grant" bash -c "grep -q 'Balance: 250 credits.' '$WORK/credits-show.out' && grep -q '+250' '$WORK/credits-show.out' && grep -q INV-1 '$WORK/credits-show.out'"
check "credits grant refuses 0" bash -c "! '$BIN' credits grant --tenant acme --environment live 0 > /dev/null 2>&1"
SANCTIONS="${VERITY_SANCTIONS_FILE:-$(cd "$(dirname "$BIN")" && pwd)/../../../shared/data/sanctions/ofac-sdn-2024-05-03.csv}"
[ -f "$SANCTIONS" ] || SANCTIONS="$(pwd)/../shared/data/sanctions/ofac-sdn-2024-05-03.csv"
SANCTIONS_ALT="$(dirname "$SANCTIONS")/ofac-alt-2021.csv"
"$BIN" environment set --tenant acme --environment live --mobile-product-session-minutes verifyage=10 > "$WORK/ttl.json" 2>&1
check "environment set --mobile-product-session-minutes sets one product's session lifetime" grep -q '"verifyage" : 10' "$WORK/ttl.json"
"$BIN" environment set --tenant acme --environment live --mobile-product-session-minutes verifyhuman=10 > /dev/null 2> "$WORK/ttl-bad.err"; code=$?
check "a product without sessions is refused with its field, exit 65" bash -c "[ $code -eq 65 ] && grep -q 'verifyhuman has no sessions' '$WORK/ttl-bad.err'"
"$BIN" environment set --tenant acme --environment live --mobile-product-session-minutes verifyage > /dev/null 2>&1; code=$?
check "--mobile-product-session-minutes without =MINUTES is a usage error (64)" test "$code" -eq 64
"$BIN" environment set --tenant acme --environment live --user-token-requests-per-minute 90 --secret-key-requests-per-minute 900 > "$WORK/limits.json" 2>&1
check "environment set sets the request limits per user token and per secret key" bash -c "grep -q '\"userTokenRequestsPerMinute\" : 90' '$WORK/limits.json' && grep -q '\"secretKeyRequestsPerMinute\" : 900' '$WORK/limits.json'"
"$BIN" environment set --tenant acme --environment live --secret-key-requests-per-minute 0 > /dev/null 2> "$WORK/limits-bad.err"; code=$?
check "a request limit of 0 is refused, saying the range, exit 65" bash -c "[ $code -eq 65 ] && grep -q 'requests per minute are 1' '$WORK/limits-bad.err'"
HMAC_KEY=$("$BIN" keys hmac --tenant acme --environment live 2>/dev/null)
check "keys hmac prints a 32-byte key once, base64" test "$(printf %s "$HMAC_KEY" | base64 -d 2>/dev/null | wc -c)" -eq 32
check "the HMAC key is not in the database as printed" bash -c "! cat '$VERITY_DATA_DIR'/verity.sqlite* | grep -aq '$HMAC_KEY'"
"$BIN" keys response-public-key --tenant acme --environment live > "$WORK/ocr-public.pem" 2>&1
check "keys response-public-key prints an Ed25519 public key openssl reads" bash -c "openssl pkey -pubin -in '$WORK/ocr-public.pem' -noout -text | grep -q ED25519"
"$BIN" keys hmac --tenant nobody --environment live > /dev/null 2> "$WORK/hmac-bad.err"; code=$?
check "keys hmac for an unknown tenant: NOT_FOUND, exit 65" bash -c "[ $code -eq 65 ] && grep -q NOT_FOUND '$WORK/hmac-bad.err'"
"$BIN" environment show --tenant acme --environment live > "$WORK/captures-default.json" 2>&1
check "the OCR service returns captures unless an operator says otherwise" grep -q '"ocrCaptures" : true' "$WORK/captures-default.json"
"$BIN" environment set --tenant acme --environment live --ocr-captures false > "$WORK/captures.json" 2>&1
check "environment set --ocr-captures false turns the OCR service's captures off" grep -q '"ocrCaptures" : false' "$WORK/captures.json"
"$BIN" bench-data console --tenant acme --environment live --checks 300 --open-cases 20 --decided-cases 30 > "$WORK/bench-data.json" 2>&1
check "bench-data console adds synthetic checks and cases" grep -q '"checks": 300' "$WORK/bench-data.json"
"$BIN" bench-data count --table document_checks --times 3 > "$WORK/bench-count.json" 2>&1
check "bench-data count times a count(*) over the checks" bash -c "grep -q '\"rows\": 300' '$WORK/bench-count.json' && grep -q p95Ms '$WORK/bench-count.json'"
"$BIN" bench-data count --table operators > /dev/null 2> "$WORK/bench-count-bad.err"; code=$?
check "bench-data count refuses a table it does not know: INVALID_INPUT, exit 65" bash -c "[ $code -eq 65 ] && grep -q INVALID_INPUT '$WORK/bench-count-bad.err'"
"$BIN" bench-data console --tenant acme --checks 10 --open-cases 20 > /dev/null 2>&1; code=$?
check "bench-data console refuses more cases than checks (usage, 64)" test "$code" -eq 64
"$BIN" housekeeping > "$WORK/housekeeping.out" 2>&1
check "housekeeping sweeps and says what it deleted" grep -q "Deleted 0 expired mobile session(s) and 0 expired Idempotency-Key answer(s)." "$WORK/housekeeping.out"
"$BIN" sanctions screen --name "Mousa Abu Marzook" > /dev/null 2> "$WORK/screen-nolist.err"; code=$?
check "sanctions screen without a list says so and exits 65" bash -c "[ $code -eq 65 ] && grep -q SERVICE_UNAVAILABLE '$WORK/screen-nolist.err'"
head -3 "$SANCTIONS_ALT" > "$WORK/bad-alt.csv"; echo '6365,1,"aka"' >> "$WORK/bad-alt.csv"
"$BIN" sanctions import "$SANCTIONS" --alt "$WORK/bad-alt.csv" > /dev/null 2> "$WORK/sanctions-bad-alt.err"; code=$?
check "a malformed alt.csv names its file and line, exits 65 and imports nothing" bash -c "[ $code -eq 65 ] && grep -q 'alt.csv line 4' '$WORK/sanctions-bad-alt.err' && '$BIN' sanctions show | grep -q 'No sanctions list'"
"$BIN" sanctions import "$SANCTIONS" --alt "$SANCTIONS_ALT" > "$WORK/sanctions.out" 2> "$WORK/sanctions.err"
check "sanctions import reads OFAC's whole SDN list and its alternate names with a progress bar" bash -c "grep -q 'OFAC SDN: 14965 entries, [0-9]* alternate names, 0 addresses, version sha256:' '$WORK/sanctions.out' && grep -q 'left out: 362 rows' '$WORK/sanctions.out' && grep -q '100% (14965/14965)' '$WORK/sanctions.err'"
for name in "Osama bin Laden:6365" "Viktor Bout:8279" "Alexander Lukashenko:9760" "Sergei Shoigu:35173" "El Chapo:6861" "Mayo:7226"; do
  "$BIN" sanctions screen --name "${name%%:*}" --json > "$WORK/screen-known.json"
  check "sanctions screen finds \"${name%%:*}\" as the press writes it (entry ${name##*:})" python3 -c "
import json; r = json.load(open('$WORK/screen-known.json')); assert any(m['entryID'] == ${name##*:} for m in r['matches']), r"
done
"$BIN" sanctions screen --name "Musa Muhammad Abu Marzuk" --dob 1951-02-09 --json > "$WORK/screen.json"
check "sanctions screen finds a listed person spelled another way, with the entry and why" python3 -c "
import json; r = json.load(open('$WORK/screen.json')); m = r['matches'][0]
assert r['match'] and m['entryID'] == 3754 and m['score'] >= 0.88 and 'date of birth agrees' in m['reasons'], r"
"$BIN" sanctions screen --name "موسى أبو مرزوق" --json > "$WORK/screen-ar.json"
check "sanctions screen reads a name in Arabic script" python3 -c "
import json; r = json.load(open('$WORK/screen-ar.json')); assert any(m['entryID'] == 3754 for m in r['matches']), r"
"$BIN" sanctions screen --name "Emma Johnson" --dob 1990-04-02 --nationality GB --json > "$WORK/screen-none.json"; code=$?
check "an ordinary name screens clean and exits 0" python3 -c "
import json; r = json.load(open('$WORK/screen-none.json')); assert $code == 0 and not r['match'] and r['matches'] == [], r"
for bad in "--name ''" "--name '!!! 42'" "--name x --dob 1951-02-30" "--name x --dob 09/02/1951" "--name x --nationality XYZ"; do
  eval "'$BIN' sanctions screen $bad" > /dev/null 2> "$WORK/screen-bad.err"; code=$?
  check "sanctions screen $bad is refused with a usage error (64)" bash -c "[ $code -eq 64 ] && grep -q 'Error: --' '$WORK/screen-bad.err'"
done
head -3 "$SANCTIONS" > "$WORK/bad-sdn.csv"; echo 'x,"BROKEN"' >> "$WORK/bad-sdn.csv"
"$BIN" sanctions import "$WORK/bad-sdn.csv" > /dev/null 2> "$WORK/sanctions-bad.err"; code=$?
check "a malformed list names its line, exits 65 and changes nothing" bash -c "[ $code -eq 65 ] && grep -q 'line 4' '$WORK/sanctions-bad.err' && '$BIN' sanctions show | grep -q '14965 entries'"

# The UN's list and BIS's beside OFAC's: each recognised from its file, versioned, its changes reported exactly.
UN_LIST="$(dirname "$SANCTIONS")/un-consolidated-2026-02-27.xml"
"$BIN" sanctions import "$UN_LIST" > "$WORK/un.out" 2>&1
check "sanctions import recognises the UN's consolidated list and reads it whole, with its publication date" grep -q "UN Security Council Consolidated List: 1003 entries, version 2026-02-27 sha256:" "$WORK/un.out"
"$BIN" sanctions import "$(dirname "$SANCTIONS")/us-bis-dpl.txt" > "$WORK/dpl.out" 2>&1
check "sanctions import recognises BIS's Denied Persons List" grep -q "US BIS Denied Persons List: 413 entries" "$WORK/dpl.out"
"$BIN" sanctions import "$UN_LIST" > "$WORK/un-again.out" 2>&1
check "the same file twice changes nothing and says so" grep -q "is the current version already" "$WORK/un-again.out"
python3 - "$UN_LIST" "$WORK/un-changed.xml" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
start = text.index("<INDIVIDUAL>\n      <DATAID>6907993</DATAID>"); end = text.index("</INDIVIDUAL>", start) + len("</INDIVIDUAL>")
text = text[:start] + text[end:]   # CDi.001 removed
text = text.replace("<INDIVIDUALS>", "<INDIVIDUALS><INDIVIDUAL><DATAID>99000001</DATAID><FIRST_NAME>TESTFIRST</FIRST_NAME><SECOND_NAME>NEWLYLISTED</SECOND_NAME>"
                    "<UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER></INDIVIDUAL>", 1)   # QDi.999 added
text = text.replace("<ALIAS_NAME>Ahmed Fuad Salim</ALIAS_NAME>", "<ALIAS_NAME>Ahmed Fuad Salim Edited</ALIAS_NAME>", 1)   # QDi.006 changed
text = text.replace('dateGenerated="2026-02-27', 'dateGenerated="2026-03-06', 1)
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
"$BIN" sanctions import "$WORK/un-changed.xml" --json > "$WORK/un-changed.json" 2> /dev/null
check "a changed version of the UN list reports exactly what was added, removed and changed" python3 -c "
import json; r = json.load(open('$WORK/un-changed.json'))
assert r['list'] == 'un-consolidated' and r['published'] == '2026-03-06' and not r['first'] and not r['unchanged'], r
assert [e['reference'] for e in r['added']] == ['QDi.999'] and [e['reference'] for e in r['removed']] == ['CDi.001'], r
assert [e['reference'] for e in r['changed']] == ['QDi.006'] and r['entries'] == 1003, r"
"$BIN" sanctions versions --list un > "$WORK/un-versions.out" 2>&1
check "sanctions versions lists the UN list's versions, newest first, with what each changed" bash -c "head -1 '$WORK/un-versions.out' | grep -q '2026-03-06 sha256:.* 1003 entries, +1 -1 ~1' && tail -1 '$WORK/un-versions.out' | grep -q '2026-02-27 sha256:.*the first version'"
"$BIN" sanctions changes --list un > "$WORK/un-changes.out" 2>&1
check "sanctions changes prints the newest version's changes entry by entry" bash -c "grep -q 'added  QDi.999  TESTFIRST NEWLYLISTED' '$WORK/un-changes.out' && grep -q 'removed  CDi.001  ERIC BADEGE' '$WORK/un-changes.out' && grep -q 'changed  QDi.006' '$WORK/un-changes.out'"
"$BIN" sanctions screen --name "Ayman al-Zawahiri" --json > "$WORK/screen-both.json"
check "a person on OFAC's list and the UN's comes back once per list, each naming its own entry and version" python3 -c "
import json; r = json.load(open('$WORK/screen-both.json')); m = r['matches']
assert [x['reference'] for x in m if x['list'] == 'ofac-sdn'] == ['2676'] and [x['reference'] for x in m if x['list'] == 'un-consolidated'] == ['QDi.006'], m
assert [x['listVersion']['published'] for x in m if x['list'] == 'un-consolidated'] == ['2026-03-06'] and len(r['lists']) == 3, r"
"$BIN" sanctions screen --name "أيمن الظواهري" --list un --json > "$WORK/screen-un-ar.json"
check "sanctions screen --list un finds a UN-listed person from Arabic script, on that list only" python3 -c "
import json; r = json.load(open('$WORK/screen-un-ar.json')); m = r['matches']
assert m and all(x['list'] == 'un-consolidated' for x in m) and m[0]['reference'] == 'QDi.006', r"
"$BIN" sanctions screen --name x --list eu > /dev/null 2> "$WORK/screen-eu.err"; code=$?
check "sanctions screen --list eu is refused with a usage error (64)" bash -c "[ $code -eq 64 ] && grep -q 'not a list Verity reads' '$WORK/screen-eu.err'"
printf '<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID></INDIVIDUALS></CONSOLIDATED_LIST>' > "$WORK/bad-un.xml"
"$BIN" sanctions import "$WORK/bad-un.xml" > /dev/null 2> "$WORK/bad-un.err"; code=$?
check "a malformed UN list is refused with where (65) and the list stays as it was" bash -c "[ $code -eq 65 ] && grep -q 'not well-formed XML at line 1' '$WORK/bad-un.err' && '$BIN' sanctions show | grep -q 'un-consolidated: un-changed.xml: 1003 entries, version 2026-03-06'"
"$BIN" environment set --tenant acme --environment live --screening-lists un,ofac > "$WORK/screening-lists.json" 2>&1
check "environment set --screening-lists chooses the lists an environment screens against" python3 -c "
import json; assert json.load(open('$WORK/screening-lists.json'))['screening']['lists'] == ['un-consolidated', 'ofac-sdn']"
"$BIN" environment set --tenant acme --environment live --screening-lists eu > /dev/null 2> "$WORK/screening-eu.err"; code=$?
check "environment set --screening-lists eu is refused (65) naming the setting" bash -c "[ $code -eq 65 ] && grep -q 'screening.lists\\|not a list Verity reads' '$WORK/screening-eu.err'"
"$BIN" environment set --tenant acme --environment live --monitoring-days 30 > "$WORK/monitoring-days.json" 2>&1
check "environment set --monitoring-days keeps screened people under monitoring that long" python3 -c "
import json; assert json.load(open('$WORK/monitoring-days.json'))['screening']['monitoringDays'] == 30"
"$BIN" environment set --tenant acme --environment live --monitoring-days 0 > /dev/null 2> "$WORK/monitoring-zero.err"; code=$?
check "environment set --monitoring-days 0 is refused (65) naming the setting" bash -c "[ $code -eq 65 ] && grep -q 'monitoringDays' '$WORK/monitoring-zero.err'"
"$BIN" environment set --tenant acme --environment live --screening-lists all > /dev/null 2>&1

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
"$BIN" environment set --tenant acme --environment live --max-attempts 0 > /dev/null 2> "$WORK/env-bad.err"; code=$?
check "environment set rejects 0 attempts: INVALID_INPUT, exit 65" bash -c "[ $code -eq 65 ] && grep -q INVALID_INPUT '$WORK/env-bad.err'"
"$BIN" environment set --tenant acme --environment live --face-match-threshold 0.55 > "$WORK/env-face.json" 2>&1
check "environment set changes the face-match threshold" grep -q '"matchThreshold" : 0.55' "$WORK/env-face.json"
check "environment set refuses a threshold that lets strangers match" bash -c "! '$BIN' environment set --tenant acme --environment live --face-match-threshold 0.9 > '$WORK/env-bad.out' 2>&1 && grep -q matchThreshold '$WORK/env-bad.out'"
"$BIN" environment set --tenant acme --environment live --face-image-for-verification true > "$WORK/env-docs.json" 2>&1
check "environment set asks for a face image with document verification" bash -c "grep -q '\"faceImageRequiredForVerification\" : true' '$WORK/env-docs.json' && grep -q '\"faceImageRequiredForCapture\" : false' '$WORK/env-docs.json'"
"$BIN" environment set --tenant acme --environment live --document-review true --document-review-face-margin 0.06 > "$WORK/env-review.json" 2>&1
check "environment set holds doubtful document checks for reviewers" bash -c "grep -q '\"enabled\" : true' '$WORK/env-review.json' && grep -q '\"faceMargin\" : 0.06' '$WORK/env-review.json'"
check "environment set refuses a review margin over 0.1" bash -c "! '$BIN' environment set --tenant acme --environment live --document-review-face-margin 0.5 > '$WORK/env-bad.out' 2>&1 && grep -q faceMargin '$WORK/env-bad.out'"
"$BIN" environment set --tenant acme --environment live --retention-document-images-days 1825 --retention-evidence-days 1825 --retention-audit-days keep > "$WORK/env-retention.json" 2>&1
check "environment set keeps document images five years" bash -c "grep -q '\"documentImagesDays\" : 1825' '$WORK/env-retention.json' && grep -q '\"documentEvidenceDays\" : 1825' '$WORK/env-retention.json'"
check "environment set refuses an audit trail kept under a year, naming the setting" bash -c "! '$BIN' environment set --tenant acme --environment live --retention-audit-days 30 > '$WORK/env-audit.out' 2>&1 && grep -q auditDays '$WORK/env-audit.out'"
check "environment set refuses a retention that is not days or keep" bash -c "! '$BIN' environment set --tenant acme --environment live --retention-evidence-days forever > /dev/null 2>&1"
"$BIN" retention sweep --tenant acme --environment live > "$WORK/sweep.json" 2>&1
check "retention sweep prints what it removed" bash -c "grep -q '\"documentImages\" : 0' '$WORK/sweep.json' && grep -q '\"webhookEvents\" : 0' '$WORK/sweep.json'"
"$BIN" retention show --tenant acme --environment live > "$WORK/retention-show.out" 2>&1
check "retention show prints the periods" grep -q '"documentImagesDays" : 1825' "$WORK/retention-show.out"
"$BIN" backup --output "$WORK/verity.backup" > "$WORK/backup.json" 2>&1
check "backup writes an SQLite snapshot readable by its owner only" bash -c "grep -q '\"database\" : \"sqlite\"' '$WORK/backup.json' && test \"\$(stat -c %a '$WORK/verity.backup')\" = 600"
check "backup never overwrites a file" bash -c "! '$BIN' backup --output '$WORK/verity.backup' > '$WORK/backup-again.out' 2>&1 && grep -q exists '$WORK/backup-again.out'"
check "restore fills an empty data folder" bash -c "VERITY_DATA_DIR='$WORK/restored' '$BIN' restore --input '$WORK/verity.backup' | grep -q Restored"
check "the restored database has the tenant's rules" bash -c "VERITY_DATA_DIR='$WORK/restored' '$BIN' environment show --tenant acme --environment live | grep -q '\"documentImagesDays\" : 1825'"
check "restore never overwrites a database" bash -c "! VERITY_DATA_DIR='$WORK/restored' '$BIN' restore --input '$WORK/verity.backup' > /dev/null 2>&1"
check "an unknown tenant is named" bash -c "'$BIN' environment show --tenant nobody 2>&1 | grep -q 'no tenant named nobody'"
"$BIN" users token --tenant acme --environment live --user alice --ttl 120 > "$WORK/token.json" 2>&1
check "users token prints a token" grep -q '"token"' "$WORK/token.json"
"$BIN" users reset --tenant acme --environment live --user alice > "$WORK/reset.json" 2>&1
check "users reset prints the state" grep -q '"attemptsRemaining" : 5' "$WORK/reset.json"
"$BIN" audit --tenant acme --environment live > "$WORK/audit.jsonl" 2>&1
check "audit lists the reset" grep -q '"action":"identity-verification.reset"' "$WORK/audit.jsonl"
check "audit names no user reference" bash -c "! grep -q alice '$WORK/audit.jsonl'"
"$BIN" users token --tenant acme --environment live --user erin --phone-number +447700900987 --email erin@example.org > /dev/null 2>&1
"$BIN" users export --tenant acme --environment live --user erin --output "$WORK/erin.json" > /dev/null 2>&1
check "users export writes the user's file, readable by its owner only" bash -c "grep -q '+447700900987' '$WORK/erin.json' && grep -q 'erin@example.org' '$WORK/erin.json' && test \"\$(stat -c %a '$WORK/erin.json')\" = 600"
check "users erase needs --yes" bash -c "! '$BIN' users erase --tenant acme --environment live --user erin > '$WORK/erase-no.out' 2>&1 && grep -q -- '--yes' '$WORK/erase-no.out'"
"$BIN" users erase --tenant acme --environment live --user erin --yes > "$WORK/erase.json" 2>&1
check "users erase prints the erasure" bash -c "grep -q '\"erasureId\"' '$WORK/erase.json' && grep -q '\"documentChecks\" : 0' '$WORK/erase.json'"
check "an erased user is unknown" bash -c "! '$BIN' users export --tenant acme --environment live --user erin > '$WORK/export-gone.out' 2>&1 && grep -qi 'no user' '$WORK/export-gone.out'"
check "the erased user's phone number and e-mail address leave the database files" bash -c "! cat '$VERITY_DATA_DIR'/verity.sqlite* | grep -aq -e '+447700900987' -e 'erin@example.org'"
"$BIN" audit --tenant acme --environment live > "$WORK/audit-erase.jsonl" 2>&1
check "audit records the erasure" grep -q '"action":"user.erased"' "$WORK/audit-erase.jsonl"
check "keys revoke" "$BIN" keys revoke "$KEY"
check "a revoked key cannot be revoked twice" bash -c "! '$BIN' keys revoke '$KEY'"
check "serve without a data key names the setting" bash -c "env -u VERITY_DATA_KEY '$BIN' serve 2>&1 | grep -q 'VERITY_DATA_KEY'"
check "serve --help lists settings" bash -c "'$BIN' serve --help | grep -q DATABASE_URL"

# The document engine from the command line, on generated documents.
DOCS="${VERITY_DOCGEN_DIR:-$(pwd)/.build/docgen}"
TD3=("P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<" "L898902C36UTO7408122F1204159ZE184226B<<<<<10")
"$BIN" document mrz "${TD3[@]}" --json > "$WORK/mrz.json"; code=$?
check "document mrz: the ICAO specimen is valid" bash -c "[ $code -eq 0 ] && grep -q '\"valid\":true' '$WORK/mrz.json'"
check "document mrz: each check digit is listed" grep -q '"name":"composite"' "$WORK/mrz.json"
"$BIN" document mrz "${TD3[0]}" "L898902C36UTO7408123F1204159ZE184226B<<<<<10" --json > "$WORK/mrz-bad.json"; code=$?
check "document mrz: a wrong check digit exits 2 and says valid false" bash -c "[ $code -eq 2 ] && grep -q '\"valid\":false' '$WORK/mrz-bad.json'"
"$BIN" document mrz "P<UTO" > /dev/null 2> "$WORK/mrz-short.err"; code=$?
check "document mrz: a wrong shape is INVALID_INPUT, exit 65" bash -c "[ $code -eq 65 ] && grep -q INVALID_INPUT '$WORK/mrz-short.err'"
LICENCE_BACK="$DOCS/driver_licence-000-clean-back.png"
"$BIN" document barcode "$LICENCE_BACK" --json > "$WORK/barcode.json"
check "document barcode: PDF417 with its raw bytes" bash -c "grep -q '\"format\":\"PDF417\"' '$WORK/barcode.json' && grep -q '\"bytes\":\"QAoeDUFOU0kg' '$WORK/barcode.json'"
python3 -c "import json,base64,sys; open('$WORK/payload.bin','wb').write(base64.b64decode(json.load(open('$WORK/barcode.json'))[0]['bytes']))"
"$BIN" document aamva "$WORK/payload.bin" --json > "$WORK/aamva.json"
check "document aamva: fields of the payload" bash -c "grep -q '\"familyName\"' '$WORK/aamva.json' && grep -q '\"version\":10' '$WORK/aamva.json'"
"$BIN" document inspect --type passport --country US "$DOCS/passport-000-photo-front.jpg" --json > "$WORK/inspect.json"
check "document inspect: a passport photo's MRZ is valid" bash -c "grep -q '\"valid\":true' '$WORK/inspect.json' && grep -q '\"documentVerificationPlus\"' '$WORK/inspect.json'"
"$BIN" document inspect --type passport --country US "$WORK/consent.txt" > /dev/null 2> "$WORK/inspect-bad.err"; code=$?
check "document inspect: a text file is INVALID_IMAGE, exit 65" bash -c "[ $code -eq 65 ] && grep -q INVALID_IMAGE '$WORK/inspect-bad.err'"
"$BIN" document inspect --type idCard --country NL "$DOCS/id_card-000-tampered_digital-front.png" "$DOCS/id_card-000-tampered_digital-back.png" --json > "$WORK/forged.json"
check "document inspect: a portrait pasted into the capture is face fraud zone 2" grep -q '"faceFraudZone":2' "$WORK/forged.json"
"$BIN" document inspect --no-faces --type passport --country US "$DOCS/passport-000-photo-front.jpg" --json > "$WORK/nofaces.json"
check "document inspect --no-faces: no fraud zones" bash -c "! grep -q advancedConfidence '$WORK/nofaces.json' && grep -q '\"valid\":true' '$WORK/nofaces.json'"
check "document inspect: an unknown type is refused" bash -c "! '$BIN' document inspect --type visa --country US '$LICENCE_BACK'"
FRENCH=$(python3 -c "import json; print(next(s['files'][0] for s in json.load(open('$DOCS/truth.json'))['samples'] if s['kind'] == 'passport' and s['country'] == 'FRA' and s['degradation'] == 'clean'))")
"$BIN" document inspect --no-faces --type passport "$DOCS/$FRENCH" --json > "$WORK/no-country.json"
check "document inspect without --country: the MRZ names it" bash -c "grep -q '\"country\":\"FR\"' '$WORK/no-country.json'"
UTOPIAN=$(python3 -c "import json; print(next(s['files'][0] for s in json.load(open('$DOCS/truth.json'))['samples'] if s['kind'] == 'passport' and s['country'] == 'UTO' and s['degradation'] == 'clean'))")
"$BIN" document inspect --no-faces --type passport "$DOCS/$UTOPIAN" --json > "$WORK/utopia.json"
check "document inspect without --country: ICAO's Utopia is read, its code as the country" bash -c "grep -q '\"country\":\"UTO\"' '$WORK/utopia.json' && grep -q '\"valid\":true' '$WORK/utopia.json'"
"$BIN" document inspect --no-faces --type passport --country DE "$DOCS/$FRENCH" --json > "$WORK/hint.json"
check "document inspect --country is a hint: the MRZ's country is reported, the disagreement flagged" bash -c "grep -q '\"country\":\"FR\"' '$WORK/hint.json' && grep -q '\"stated\":\"DE\"' '$WORK/hint.json'"
"$BIN" document inspect --no-faces "$DOCS/$FRENCH" --json > "$WORK/no-type.json"
check "document inspect without --type or --country: the MRZ names both" bash -c "grep -q '\"documentType\":\"passport\"' '$WORK/no-type.json' && grep -q '\"country\":\"FR\"' '$WORK/no-type.json'"
"$BIN" document inspect --no-faces "$DOCS/egypt_id-000-clean-front.png" > /dev/null 2> "$WORK/no-type.err"; code=$?
check "document inspect without --type on a document with no MRZ or barcode: INVALID_INPUT naming the fix, exit 65" bash -c "[ $code -eq 65 ] && grep -q 'state document_type' '$WORK/no-type.err'"
"$BIN" document inspect --no-faces --type idCard "$DOCS/egypt_id-000-clean-front.png" > /dev/null 2> "$WORK/no-country.err"; code=$?
check "document inspect without --country and no MRZ: INVALID_INPUT naming the fix, exit 65" bash -c "[ $code -eq 65 ] && grep -q 'state the country' '$WORK/no-country.err'"
head -c $(( $(stat -c %s "$DOCS/passport-000-photo-front.jpg") * 95 / 100 )) "$DOCS/passport-000-photo-front.jpg" > "$WORK/ends-early.jpg"
"$BIN" document inspect --no-faces --type passport --country US "$WORK/ends-early.jpg" --json > "$WORK/ends-early.json"
check "document inspect: a JPEG that ends early is read and flagged" bash -c "grep -q '\"completeness\"' '$WORK/ends-early.json' && grep -q '\"valid\":true' '$WORK/ends-early.json'"
# Tesseract's OpenMP must be limited before the library loads: the binary re-executes itself.
# Started with a soft limit of 1,024 descriptors, as many systems start a process: serve raises it to the hard one.
bash -c "ulimit -Sn 1024; exec env -u OMP_THREAD_LIMIT VERITY_PORT=0 '$BIN' serve" > "$WORK/serve.log" 2>&1 & SERVE_PID=$!
# The re-executed process has the setting from its first instruction; before that, the first one does not.
check "serve runs with OMP_THREAD_LIMIT=1" wait_until "serve to re-execute itself with OMP_THREAD_LIMIT=1" \
  bash -c "tr '\\0' '\\n' < /proc/$SERVE_PID/environ | grep -qx OMP_THREAD_LIMIT=1"
open_files_raised() { awk '/^Max open files/ { exit !($4 > 1024 && ($4 == $5 || $4 == 65536)) }' "/proc/$SERVE_PID/limits"; }
check "serve raises its open-files soft limit to the hard one (every connection is a descriptor)" wait_until "serve to raise its limit" open_files_raised
kill "$SERVE_PID" 2>/dev/null; wait "$SERVE_PID" 2>/dev/null
VERITY_MODELS_DIR="$WORK/no-models" VERITY_PORT=0 timeout "${VERITY_TEST_WAIT_SECONDS:-300}" "$BIN" serve > /dev/null 2> "$WORK/serve-models.err"; code=$?
check "serve refuses to start without the face models, naming the fix" bash -c "[ $code -ne 0 ] && [ $code -ne 124 ] && grep -q 'VERITY_MODELS_DIR' '$WORK/serve-models.err' && grep -q install-face-models '$WORK/serve-models.err'"

# A document through the SDK against a running server, then its evidence from the database.
FIXTURES="${VERITY_DOCGEN_FIXTURES_DIR:-$(pwd)/.build/docgen-fixtures}"
printf 'firstName,lastName,address,city,state,postalCode,country,dateOfBirth\nJohn,Smith,222333 Peachtree Place,Atlanta,GA,30318,US,1975-02-28\n' > "$WORK/john.csv"
"$BIN" registry import "$WORK/john.csv" > /dev/null 2>&1
"$BIN" environment set --tenant acme --environment live --consent-required false --face-image-for-verification false > /dev/null 2>&1
DOC_PORT=$(free_port)
METRICS_PORT=$(free_port)
VERITY_PORT=$DOC_PORT VERITY_METRICS_PORT=$METRICS_PORT VERITY_HOST=127.0.0.1 "$BIN" serve > "$WORK/serve-docs.log" 2>&1 & DOC_PID=$!
wait_until "the document server to answer" curl -sf "http://127.0.0.1:$DOC_PORT/healthz"
DOC_TOKEN=$("$BIN" users token --tenant acme --environment live --user doc-user | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
"$BIN" identity verify-document --server "http://127.0.0.1:$DOC_PORT" --token "$DOC_TOKEN" --type passport --country US \
  "$FIXTURES/john-smith-passport-front.png" > /dev/null 2> "$WORK/doc-first.err"; code=$?
check "identity verify-document before a PII attempt: PII_VERIFICATION_REQUIRED, exit 65" bash -c "[ $code -eq 65 ] && grep -q PII_VERIFICATION_REQUIRED '$WORK/doc-first.err'"
VERITY_USER_TOKEN="$DOC_TOKEN" "$BIN" identity verify-document --server "http://127.0.0.1:$DOC_PORT" --capture --wait \
  --type driverLicense --country US "$FIXTURES/john-smith-licence-front.png" "$FIXTURES/john-smith-licence-back.png" > "$WORK/doc.json" 2> "$WORK/doc.err"
check "identity verify-document --capture: a licence verifies its holder" bash -c "grep -q '\"documentVerificationStatus\" : \"succeeded\"' '$WORK/doc.json' && grep -q GOVERNMENT_ID '$WORK/doc.json'"
CHECK_ID=$(python3 -c "import json; print(json.load(open('$WORK/doc.json'))['documentCheck']['checkId'])" 2>/dev/null)
LINK_TOKEN=$("$BIN" users token --tenant acme --environment live --user link-user | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
"$BIN" identity capture-link --server "http://127.0.0.1:$DOC_PORT" --token "$LINK_TOKEN" --qr > "$WORK/link.out" 2> "$WORK/link.err"
LINK_URL=$(grep -oE '"documentCaptureUrl" : "[^"]+"' "$WORK/link.out" | cut -d'"' -f4)
check "identity capture-link prints the link and its expiry" bash -c "[[ '$LINK_URL' == http://127.0.0.1:$DOC_PORT/capture/* ]] && grep -q expiryEpochMs '$WORK/link.out'"
check "identity capture-link --qr draws the code" bash -c "[ \$(grep -c '▀\\|▄' '$WORK/link.out') -ge 10 ]"
check "the capture link opens the page" bash -c "curl -sf '$LINK_URL' | grep -q 'id=\"step-document\"'"
check "the capture token never reaches the server's log" bash -c "! grep -q '${LINK_URL##*/}' '$WORK/serve-docs.log'"
MOBILE_KEY=$("$BIN" keys create --tenant acme --environment live --publishable --scopes verifyhuman 2>/dev/null)
"$BIN" mobile verify-human --server "http://127.0.0.1:$DOC_PORT" --client-key "$MOBILE_KEY" "$FIXTURES/john-smith-selfie.jpg" > "$WORK/human.out" 2> "$WORK/human.err"
check "mobile verify-human: a selfie passes with a token (credits from the grant above)" bash -c "grep -q 'outcome: pass' '$WORK/human.out' && grep -q 'token (for your backend, once): vht_' '$WORK/human.out'"
VERITY_CLIENT_KEY="$MOBILE_KEY" "$BIN" mobile verify-identity --server "http://127.0.0.1:$DOC_PORT" --selfie "$FIXTURES/john-smith-selfie.jpg" \
  --front "$FIXTURES/john-smith-passport-front.png" > /dev/null 2> "$WORK/identity-scope.err"; code=$?
check "mobile verify-identity with a verifyhuman key: SCOPE_NOT_AUTHORIZED, exit 65" bash -c "[ $code -eq 65 ] && grep -q SCOPE_NOT_AUTHORIZED '$WORK/identity-scope.err'"
COMPLIANCE_KEY=$("$BIN" keys create --tenant acme --environment live --publishable --scopes verifycompliance 2>/dev/null)
"$BIN" mobile verify-compliance --server "http://127.0.0.1:$DOC_PORT" --client-key "$COMPLIANCE_KEY" --selfie "$FIXTURES/john-smith-selfie.jpg" \
  --front "$FIXTURES/john-smith-passport-front.png" > "$WORK/compliance.out" 2> "$WORK/compliance.err"
check "mobile verify-compliance: the passport holder passes, screened against the imported SDN list" bash -c "grep -q 'outcome: pass' '$WORK/compliance.out' && grep -q 'surname: SMITH' '$WORK/compliance.out' && grep -q 'sanctions: no match for' '$WORK/compliance.out'"
# /metrics on its own port (VERITY_METRICS_PORT), read by Prometheus's own parser; not on the API's port.
check "with VERITY_METRICS_PORT, /metrics is not on the API's port" bash -c "[ \"\$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$DOC_PORT/metrics)\" = 404 ]"
.venv/bin/python tests-contract/metrics-check.py "http://127.0.0.1:$METRICS_PORT/metrics" --forbid doc-user --forbid "$DOC_TOKEN" > "$WORK/metrics.json" 2> "$WORK/metrics.err"; code=$?
check "the metrics port's page parses, counts the document check and names no user" bash -c "[ $code -eq 0 ] && python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))[\"families\"]; assert any(s[\"labels\"].get(\"product\")==\"document\" for s in f[\"verity_checks\"][\"samples\"])' '$WORK/metrics.json'"
kill "$DOC_PID" 2>/dev/null; wait "$DOC_PID" 2>/dev/null

# A server run by an ordinary user (nobody, here) rather than root: it forbids
# inspection of itself (PR_SET_DUMPABLE 0: its /proc files are root's, not
# its own user's), and its engine sandbox starts without root, in user
# namespaces of its own: a selfie is read.
if [ "$(id -u)" = 0 ]; then
  NOBODY_DIR="$(mktemp -d)"; chmod 755 "$NOBODY_DIR"; mkdir -m 700 "$NOBODY_DIR/data"; chown 65534:65534 "$NOBODY_DIR/data"
  # The programs, their resources and the models where nobody may read them (a checkout under /root is not).
  mkdir -p "$NOBODY_DIR/bin"; BUILT="$(dirname "$(readlink -f "$BIN")")"
  cp -r "$BUILT/verity" "$BUILT/verity-engine-worker" "$BUILT"/*.resources "$NOBODY_DIR/bin/"
  cp -r "${VERITY_MODELS_DIR:-$(pwd)/models}" "$NOBODY_DIR/models"; chmod -R a+rX "$NOBODY_DIR/bin" "$NOBODY_DIR/models"
  as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups -- env VERITY_DATA_DIR="$NOBODY_DIR/data" VERITY_MODELS_DIR="$NOBODY_DIR/models" HOME="$NOBODY_DIR" "$@"; }
  as_nobody "$NOBODY_DIR/bin/verity" migrate > /dev/null 2>&1
  NOBODY_KEY=$(as_nobody "$NOBODY_DIR/bin/verity" keys create --tenant acme --environment live --publishable --scopes verifyhuman 2>/dev/null)
  as_nobody "$NOBODY_DIR/bin/verity" credits grant --tenant acme --environment live 10 --note nobody > /dev/null 2>&1
  NOBODY_PORT=$(free_port); NOBODY_METRICS_PORT=$(free_port)
  # Not through the function: $! must be the server's pid (setpriv and env exec into it).
  setpriv --reuid=65534 --regid=65534 --clear-groups -- env VERITY_DATA_DIR="$NOBODY_DIR/data" VERITY_MODELS_DIR="$NOBODY_DIR/models" \
    HOME="$NOBODY_DIR" VERITY_PORT=$NOBODY_PORT VERITY_METRICS_PORT=$NOBODY_METRICS_PORT VERITY_HOST=127.0.0.1 \
    "$NOBODY_DIR/bin/verity" serve > "$NOBODY_DIR/serve.log" 2>&1 & NOBODY_PID=$!
  wait_until "the server run by nobody to answer" curl -sf "http://127.0.0.1:$NOBODY_PORT/healthz"
  check "a server run by nobody runs as nobody, with its /proc files root's (not dumpable)" bash -c \
    "grep -q '^Uid:[[:space:]]*65534' /proc/$NOBODY_PID/status && [ \"\$(stat -c %u /proc/$NOBODY_PID/environ)\" = 0 ]"
  "$BIN" mobile verify-human --server "http://127.0.0.1:$NOBODY_PORT" --client-key "$NOBODY_KEY" "$FIXTURES/john-smith-selfie.jpg" > "$WORK/nobody-human.out" 2>&1
  check "a server run by nobody reads a selfie in its engine sandbox (unprivileged namespaces)" grep -q 'outcome: pass' "$WORK/nobody-human.out"
  kill -INT "$NOBODY_PID" 2>/dev/null; wait "$NOBODY_PID" 2>/dev/null
  rm -rf "$NOBODY_DIR"
fi
# SIGTERM drains (VERITY_SHUTDOWN_DRAIN_SECONDS): /readyz 503 naming the shutdown while it still serves, then it exits.
DRAIN_PORT=$(free_port)
# A drain of 20 s: long enough that a loaded machine still finds the server draining when it asks.
VERITY_PORT=$DRAIN_PORT VERITY_HOST=127.0.0.1 VERITY_SHUTDOWN_DRAIN_SECONDS=20 "$BIN" serve > "$WORK/serve-drain.log" 2>&1 & DRAIN_PID=$!
wait_until "the drain server to be ready" curl -sf "http://127.0.0.1:$DRAIN_PORT/readyz"
kill -TERM "$DRAIN_PID"
drain_ready() {
  curl -s -o "$WORK/drain-ready.json" -w '%{http_code}' "http://127.0.0.1:$DRAIN_PORT/readyz" > "$WORK/drain-ready.code"
  [ "$(cat "$WORK/drain-ready.code")" = 503 ]
}
wait_until "readyz to say the server drains" drain_ready
check "serve on SIGTERM drains: /readyz 503 saying it is stopping, while it still serves" bash -c "[ \"\$(cat '$WORK/drain-ready.code')\" = 503 ] && grep -q '\"stopping\"' '$WORK/drain-ready.json' && curl -sf http://127.0.0.1:$DRAIN_PORT/healthz > /dev/null"
wait_until "the drained server to exit" has_ended "$DRAIN_PID"
wait "$DRAIN_PID"; code=$?
check "serve exits 0 once drained" bash -c "[ $code -eq 0 ] && ! curl -s http://127.0.0.1:$DRAIN_PORT/healthz > /dev/null"
VERITY_PORT=$DRAIN_PORT VERITY_HOST=127.0.0.1 VERITY_SHUTDOWN_DRAIN_SECONDS=300 "$BIN" serve > /dev/null 2>&1 & DRAIN_PID=$!
wait_until "the second drain server to be ready" curl -sf "http://127.0.0.1:$DRAIN_PORT/readyz"
# Timing is what this checks, told apart by a wide margin: a drain would take 300 s.
START=$(date +%s); kill -INT "$DRAIN_PID"; wait "$DRAIN_PID"; code=$?
check "serve on SIGINT (a person at the terminal) stops at once, not after the 300 s drain, exit 0" bash -c "[ $code -eq 0 ] && [ \$(( \$(date +%s) - $START )) -lt 150 ]"
"$BIN" document-checks show --tenant acme --environment live "$CHECK_ID" > "$WORK/check.json" 2>&1
check "document-checks show prints the evidence" bash -c "grep -q '\"dataSourceOutcome\" : \"matched\"' '$WORK/check.json' && grep -q '\"surname\"' '$WORK/check.json'"
"$BIN" keys create --tenant acme --environment test > /dev/null 2>&1
"$BIN" document-checks show --tenant acme --environment test "$CHECK_ID" > /dev/null 2> "$WORK/check-other.err"; code=$?
check "document-checks show: another environment's check is NOT_FOUND, exit 65" bash -c "[ $code -eq 65 ] && grep -q NOT_FOUND '$WORK/check-other.err'"
check "the server's log names no holder" bash -c "! grep -qiE 'smith|peachtree|1975-02-28' '$WORK/serve-docs.log'"

# verity doctor: one line per check, exit 0 only when all hold.
"$BIN" doctor > "$WORK/doctor.out" 2>&1; code=$?
check "doctor passes a sound deployment, one line per check" bash -c "[ $code -eq 0 ] && grep -q '^ok    migrations' '$WORK/doctor.out' && grep -q '^ok    data key: opens' '$WORK/doctor.out' && grep -q '^ok    tesseract ara' '$WORK/doctor.out' && grep -q '^ok    engine workers: confined' '$WORK/doctor.out' && grep -q '^ok    open files' '$WORK/doctor.out' && grep -q 'checks hold' '$WORK/doctor.out'"
VERITY_DATA_KEY="$("$BIN" keys data-key)" "$BIN" doctor > "$WORK/doctor-key.out" 2>&1; code=$?
check "doctor: another data key cannot open the records, named, exit 1" bash -c "[ $code -eq 1 ] && grep -q '^FAIL  data key: a sealed record does not open' '$WORK/doctor-key.out'"
mkdir -p "$WORK/empty-models"
VERITY_MODELS_DIR="$WORK/empty-models" "$BIN" doctor > "$WORK/doctor-models.out" 2>&1; code=$?
check "doctor: missing face models are named with the fix, exit 1" bash -c "[ $code -eq 1 ] && grep -q '^FAIL  models:.*install-face-models' '$WORK/doctor-models.out'"

# Rotating the data key: refused without a previous key; re-seals under the new one; the old one alone no longer opens.
"$BIN" keys rotate-data-key > /dev/null 2> "$WORK/rotate-none.err"; code=$?
check "keys rotate-data-key with no previous key: VALIDATION_ERROR naming VERITY_PREVIOUS_DATA_KEYS, exit 65" bash -c "[ $code -eq 65 ] && grep -q 'VALIDATION_ERROR.*VERITY_PREVIOUS_DATA_KEYS' '$WORK/rotate-none.err'"
VERITY_PREVIOUS_DATA_KEYS="not a key" "$BIN" keys rotate-data-key > /dev/null 2> "$WORK/rotate-bad.err"; code=$?
check "a malformed VERITY_PREVIOUS_DATA_KEYS is named, exit 1" bash -c "[ $code -ne 0 ] && grep -q 'VERITY_PREVIOUS_DATA_KEYS: must be data keys' '$WORK/rotate-bad.err'"
OLD_KEY="$VERITY_DATA_KEY"; NEW_KEY="$("$BIN" keys data-key)"
VERITY_DATA_KEY="$NEW_KEY" VERITY_PREVIOUS_DATA_KEYS="$OLD_KEY" "$BIN" keys rotate-data-key > "$WORK/rotate.out" 2>&1; code=$?
check "keys rotate-data-key re-seals people's keys and secrets, then says to drop the old key" bash -c "[ $code -eq 0 ] && grep -Eq '^person_keys: [1-9][0-9]* re-sealed' '$WORK/rotate.out' && grep -Eq '^registry_records: [1-9][0-9]* re-sealed' '$WORK/rotate.out' && grep -q 'drop VERITY_PREVIOUS_DATA_KEYS' '$WORK/rotate.out'"
VERITY_DATA_KEY="$NEW_KEY" VERITY_PREVIOUS_DATA_KEYS="$OLD_KEY" "$BIN" keys rotate-data-key --json > "$WORK/rotate-again.json" 2>&1; code=$?
check "a second rotation re-seals nothing" bash -c "[ $code -eq 0 ] && python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert all(t[\"resealed\"]==0 and t[\"unreadable\"]==0 for t in r[\"tables\"]), r' '$WORK/rotate-again.json'"
VERITY_DATA_KEY="$NEW_KEY" "$BIN" doctor > "$WORK/doctor-new.out" 2>&1
check "doctor: the new key alone opens the records" grep -q '^ok    data key: opens' "$WORK/doctor-new.out"
"$BIN" doctor > "$WORK/doctor-old.out" 2>&1; code=$?
check "doctor: the old key alone opens nothing, exit 1" bash -c "[ $code -eq 1 ] && grep -q '^FAIL  data key' '$WORK/doctor-old.out'"
"$BIN" users export --tenant acme --environment live --user nobody > /dev/null 2> "$WORK/old-key.err"; code=$?
check "a command with the old key alone refuses, naming the variables" bash -c "[ $code -ne 0 ] && grep -q 'VERITY_PREVIOUS_DATA_KEYS' '$WORK/old-key.err'"
export VERITY_DATA_KEY="$NEW_KEY"
"$BIN" keys rotate-derived-keys --overlap-days 2 > "$WORK/rotate-derived.out" 2>&1; code=$?
check "keys rotate-derived-keys recomputes the users' and registry's indexes and says until when the old keys are accepted" bash -c "[ $code -eq 0 ] && grep -Eq '^end_users: [1-9][0-9]* recomputed' '$WORK/rotate-derived.out' && grep -Eq '^registry_records: [1-9][0-9]* recomputed' '$WORK/rotate-derived.out' && grep -q 'accepted until' '$WORK/rotate-derived.out'"
"$BIN" keys rotate-derived-keys > /dev/null 2> "$WORK/rotate-derived-again.err"; code=$?
check "a second rotate-derived-keys inside the overlap: VALIDATION_ERROR, exit 65" bash -c "[ $code -eq 65 ] && grep -q 'VALIDATION_ERROR.*overlap lasts until' '$WORK/rotate-derived-again.err'"
"$BIN" keys rotate-derived-keys --overlap-days 0 > /dev/null 2> "$WORK/rotate-derived-bad.err"; code=$?
check "rotate-derived-keys --overlap-days 0: INVALID_INPUT saying 1–90 days, exit 65" bash -c "[ $code -eq 65 ] && grep -q 'INVALID_INPUT.*1–90 days' '$WORK/rotate-derived-bad.err'"
"$BIN" doctor > "$WORK/doctor-derived.out" 2>&1
check "doctor after rotating the derived keys: the data key still opens everything" grep -q '^ok    data key: opens' "$WORK/doctor-derived.out"

# The platform CA: files, openssl's view of them, no second CA over the first.
"$BIN" ca init --data-dir "$WORK/ca" --organisation "Verity CLI Test" > "$WORK/ca.out" 2>&1
check "ca init writes the root and issuing CA" bash -c "[ -f '$WORK/ca/ca-root.pem' ] && [ -f '$WORK/ca/ca-issuing.pem' ]"
check "ca init: openssl verifies the issuing CA against the root" openssl verify -CAfile "$WORK/ca/ca-root.pem" "$WORK/ca/ca-issuing.pem"
check "ca init: the CA keys are sealed, owner-only" bash -c "[ \"\$(stat -c %a '$WORK/ca/ca-issuing.key.sealed')\" = 600 ] && ! grep -q 'PRIVATE KEY' '$WORK/ca/ca-issuing.key.sealed'"
check "ca init makes the test environments' own CA, which does not chain to the live root" bash -c "openssl verify -CAfile '$WORK/ca/test-ca/ca-root.pem' '$WORK/ca/test-ca/ca-issuing.pem' > /dev/null && ! openssl verify -CAfile '$WORK/ca/ca-root.pem' '$WORK/ca/test-ca/ca-issuing.pem' > /dev/null 2>&1 && [ ! -f '$WORK/ca/test-ca/ca-root.key.offline' ]"
rm -rf "$WORK/ca/test-ca"
"$BIN" ca init --data-dir "$WORK/ca" > "$WORK/ca-test.out" 2>&1
check "ca init on a folder whose platform CA exists adds only the test CA" bash -c "grep -q 'added the test environments' '$WORK/ca-test.out' && [ -f '$WORK/ca/test-ca/ca-issuing.pem' ] && openssl verify -CAfile '$WORK/ca/ca-root.pem' '$WORK/ca/ca-issuing.pem' > /dev/null"
check "ca init refuses to replace a CA" bash -c "! '$BIN' ca init --data-dir '$WORK/ca' 2>/dev/null"
check "ca init writes the root key to take offline, under a code shown once, and keeps no root key under the data key" bash -c "[ \"\$(stat -c %a '$WORK/ca/ca-root.key.offline')\" = 600 ] && [ ! -f '$WORK/ca/ca-root.key.sealed' ] && grep -q 'Move the file off this machine' '$WORK/ca.out' && grep -Eq '^  [A-Za-z0-9+/]{43}=$' '$WORK/ca.out'"
"$BIN" ca chain --data-dir "$WORK/ca" > "$WORK/chain.pem"
check "ca chain prints the issuing CA and the root" bash -c "[ \"\$(grep -c 'BEGIN CERTIFICATE' '$WORK/chain.pem')\" = 2 ]"

# Certification: entities, checkpoints, accreditation decisions, the outbox, signatures.
"$BIN" entities create --tenant acme --name bank --display-name "Example Bank" --levels 1,2,3 \
  --fields '[{"name":"givenName","type":"text","required":true},{"name":"surname","type":"text","required":true}]' > "$WORK/entity.json"
check "entities create prints the form" grep -q '"givenName"' "$WORK/entity.json"
check "entities create refuses a bad level" bash -c "! '$BIN' entities create --tenant acme --name bank2 --display-name B --levels 5 --fields '[]' 2>/dev/null"
check "entities list shows it" bash -c "'$BIN' entities list --tenant acme | grep -q '\"bank\"'"
check "entities create refuses a second of the same name, saying so" bash -c "'$BIN' entities create --tenant acme --name bank --display-name B --levels 1 --fields '[]' 2>&1 >/dev/null | grep -q ENTITY_EXISTS"
"$BIN" checkpoints add --tenant acme --name "Fiji office" --address "1 Suva Street" --latitude=-18.14 --longitude=178.44 --levels 2,3 > /dev/null
"$BIN" checkpoints add --tenant acme --name "Samoa office" --address "1 Apia Road" --latitude=-13.83 --longitude=-171.76 --levels 3 > /dev/null
"$BIN" checkpoints nearest --tenant acme --latitude=-16.0 --longitude=-179.9 --limit 1 > "$WORK/nearest.json"
check "checkpoints nearest works across the antimeridian" grep -q "Fiji office" "$WORK/nearest.json"
check "accreditations list: none pending" bash -c "'$BIN' accreditations list --tenant acme --status pending | python3 -c 'import json,sys; assert json.load(sys.stdin) == []'"
"$BIN" accreditations approve --tenant acme 00000000-0000-0000-0000-000000000000 > /dev/null 2> "$WORK/approve.err"; code=$?
check "accreditations approve: an unknown request is NOT_FOUND, exit 65" bash -c "[ $code -eq 65 ] && grep -q NOT_FOUND '$WORK/approve.err'"
check "sms outbox is empty at first" bash -c "'$BIN' sms outbox --tenant acme | python3 -c 'import json,sys; assert json.load(sys.stdin) == []'"
check "sms outbox refuses a live environment" bash -c "! '$BIN' sms outbox --tenant acme --environment live 2>/dev/null"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$WORK/other.key" -out "$WORK/other.pem" -subj "/CN=Someone Else" -days 1 2>/dev/null
printf 'contract\n' > "$WORK/doc.txt"
openssl cms -sign -binary -in "$WORK/doc.txt" -signer "$WORK/other.pem" -inkey "$WORK/other.key" -outform DER -out "$WORK/doc.p7s"
"$BIN" sign verify "$WORK/doc.txt" "$WORK/doc.p7s" --data-dir "$WORK/ca" > /dev/null 2> "$WORK/sign.err"; code=$?
check "sign verify: a signer outside the platform CA fails, exit 65" bash -c "[ $code -eq 65 ] && grep -q VALIDATION_ERROR '$WORK/sign.err'"

# The CA's keys made in an HSM token (SoftHSM2), the token initialised by `ca init`.
mkdir -p "$WORK/hsm/tokens"
printf 'directories.tokendir = %s\nobjectstore.backend = file\nlog.level = ERROR\n' "$WORK/hsm/tokens" > "$WORK/hsm/softhsm2.conf"
SOFTHSM2_CONF="$WORK/hsm/softhsm2.conf" VERITY_HSM_MODULE=/usr/lib/softhsm/libsofthsm2.so VERITY_HSM_SO_PIN=so-pin-1234 \
  VERITY_HSM_CA_TOKEN=verity-ca VERITY_HSM_CA_PIN=ca-pin-5678 "$BIN" ca init --data-dir "$WORK/hsmca" > "$WORK/hsmca.out" 2>&1
check "ca init with an HSM: keys in the token" bash -c "grep -q 'keys in HSM token verity-ca' '$WORK/hsmca.out' && [ -f '$WORK/hsmca/ca-keys.json' ] && ! ls '$WORK/hsmca' | grep -q sealed"
check "ca init with an HSM: openssl verifies the issuing CA" openssl verify -CAfile "$WORK/hsmca/ca-root.pem" "$WORK/hsmca/ca-issuing.pem"
check "ca init with an HSM: pkcs11-tool sees private keys it cannot read" bash -c "SOFTHSM2_CONF='$WORK/hsm/softhsm2.conf' pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --token-label verity-ca --login --pin ca-pin-5678 --list-objects --type privkey 2>/dev/null | grep -q 'never extractable'"

# Level-4 tokens: made ahead and wiped by `verity hsm`, the only holder of the SO PIN; a server refuses it.
HSM_ENV=(env SOFTHSM2_CONF="$WORK/hsm/softhsm2.conf" VERITY_HSM_MODULE=/usr/lib/softhsm/libsofthsm2.so)
"${HSM_ENV[@]}" VERITY_HSM_SO_PIN=so-pin-1234 "$BIN" hsm provision --count 2 > "$WORK/provision.json" 2>&1
check "hsm provision: two tokens made, both free" python3 -c "import json; r = json.load(open('$WORK/provision.json')); assert r['provisioned'] == 2 and r['free'] == 2, r"
check "hsm provision: the HSM holds them" bash -c "SOFTHSM2_CONF='$WORK/hsm/softhsm2.conf' pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --list-token-slots 2>/dev/null | grep -c 'token label *: *vp-' | grep -qx 2"
"${HSM_ENV[@]}" "$BIN" hsm provision --count 1 > /dev/null 2> "$WORK/provision.err"; code=$?
check "hsm provision without the SO PIN: refused naming it, exit 65" bash -c "[ $code -eq 65 ] && grep -q VERITY_HSM_SO_PIN '$WORK/provision.err'"
"${HSM_ENV[@]}" VERITY_HSM_SO_PIN=so-pin-1234 "$BIN" hsm provision --count 0 > /dev/null 2> "$WORK/provision0.err"; code=$?
check "hsm provision --count 0: VALIDATION_ERROR, exit 65" bash -c "[ $code -eq 65 ] && grep -q VALIDATION_ERROR '$WORK/provision0.err'"
"${HSM_ENV[@]}" VERITY_HSM_SO_PIN=so-pin-1234 "$BIN" hsm wipe > "$WORK/wipe.json" 2>&1
check "hsm wipe: nothing to wipe while every token is free or in use" python3 -c "import json; r = json.load(open('$WORK/wipe.json')); assert r['wiped'] == 0 and r['free'] == 2, r"
"${HSM_ENV[@]}" "$BIN" doctor > "$WORK/doctor-hsm.out" 2>&1
check "doctor counts the free tokens" grep -q '^ok    hsm tokens: 2 free; none waiting to be wiped' "$WORK/doctor-hsm.out"
"${HSM_ENV[@]}" VERITY_HSM_SO_PIN=so-pin-1234 VERITY_MODELS_DIR="${VERITY_MODELS_DIR:-$(pwd)/models}" VERITY_PORT=0 \
  timeout 60 "$BIN" serve > /dev/null 2> "$WORK/serve-so.err"; code=$?
check "serve refuses to start with the SO PIN, naming it" bash -c "[ $code -ne 0 ] && [ $code -ne 124 ] && grep -q 'VERITY_HSM_SO_PIN: must not be set for a server' '$WORK/serve-so.err'"

# Faces: real photos from the face_recognition sdist, models from PyPI.
FACES="${VERITY_FACEDATA_DIR:-$(pwd)/.build/facedata}"; MODELS="${VERITY_MODELS_DIR:-$(pwd)/models}"
"$BIN" face compare --models-dir "$MODELS" "$FACES/obama.jpg" "$FACES/obama2.jpg" --json > "$WORK/face.json"
check "face compare: one person matches" grep -q '"match":true' "$WORK/face.json"
"$BIN" face compare --models-dir "$WORK" "$FACES/obama.jpg" "$FACES/obama2.jpg" > /dev/null 2> "$WORK/face.err"; code=$?
check "face compare: missing models are SERVICE_UNAVAILABLE, exit 65" bash -c "[ $code -eq 65 ] && grep -q 'install-face-models' '$WORK/face.err'"
"$BIN" face age --models-dir "$MODELS" "$FACES/biden.jpg" --json > "$WORK/age.json"
check "face age: an estimate with a band" bash -c "grep -q '\"age\"' '$WORK/age.json' && grep -q '\"high\"' '$WORK/age.json'"
"$BIN" face age --models-dir "$MODELS" --over 21 "$FACES/biden.jpg" --json > "$WORK/over.json"
check "face age --over: an older face passes" grep -q '"decision":"pass"' "$WORK/over.json"
"$BIN" face liveness --models-dir "$MODELS" --turn left "$FACES/obama.jpg" "$FACES/obama.jpg" --json > "$WORK/live.json"; code=$?
check "face liveness: a still photo does not turn, exit 2" bash -c "[ $code -eq 2 ] && grep -q NO_TURN '$WORK/live.json'"
ATTACKS="${VERITY_ATTACKS_DIR:-$(pwd)/.build/attacks}"
"$BIN" face liveness --models-dir "$MODELS" "$FACES/obama.jpg" --json > "$WORK/passive.json"; code=$?
check "face liveness: a real photo shows no recapture signal, exit 0" bash -c "[ $code -eq 0 ] && grep -q '\"attackSuspected\":false' '$WORK/passive.json'"
"$BIN" face liveness --models-dir "$MODELS" "$FACES/obama.jpg" "$ATTACKS/003-screen.jpg" --json > "$WORK/replay.json"; code=$?
check "face liveness: a screen replay is flagged, exit 2" bash -c "[ $code -eq 2 ] && grep -q SCREEN_OR_PRINT_PATTERN '$WORK/replay.json'"

# Webhook endpoints from the command line (the same service as /admin/v1/webhooks).
"$BIN" webhooks add --tenant acme --environment live --url https://hooks.example.com/verity --events document_check.completed,certificate.issued \
  > "$WORK/hook.json" 2>&1
HOOK_ID=$(python3 -c "import json; print(json.load(open('$WORK/hook.json'))['endpoint']['id'])" 2>/dev/null)
HOOK_SECRET=$(python3 -c "import json; print(json.load(open('$WORK/hook.json'))['secret'])" 2>/dev/null)
check "webhooks add prints the endpoint and its whsec_ secret once" bash -c "grep -Eq '^whsec_[0-9A-Za-z]{40}$' <<<'$HOOK_SECRET' && [ -n '$HOOK_ID' ]"
check "the webhook secret is not in the database as printed" bash -c "! cat '$VERITY_DATA_DIR'/verity.sqlite* | grep -aq '$HOOK_SECRET'"
"$BIN" webhooks list --tenant acme --environment live > "$WORK/hooks.json" 2>&1
check "webhooks list shows the endpoint and its events, never the secret" bash -c "grep -q '$HOOK_ID' '$WORK/hooks.json' && grep -q certificate.issued '$WORK/hooks.json' && ! grep -q '$HOOK_SECRET' '$WORK/hooks.json'"
"$BIN" webhooks add --tenant acme --environment live --url http://example.com/verity > /dev/null 2> "$WORK/hook-http.err"; code=$?
check "webhooks add refuses plain http to another machine, naming url, exit 65" bash -c "[ $code -eq 65 ] && grep -q url '$WORK/hook-http.err'"
"$BIN" webhooks add --tenant acme --environment live --url https://hooks.example.com/x --events nothing.happened > /dev/null 2> "$WORK/hook-event.err"; code=$?
check "webhooks add refuses an unknown event type, naming it, exit 65" bash -c "[ $code -eq 65 ] && grep -q nothing.happened '$WORK/hook-event.err'"
"$BIN" webhooks rotate-secret --tenant acme --environment live "$HOOK_ID" > "$WORK/rotated.json" 2>&1
check "webhooks rotate-secret prints a new secret and until when the old one signs" python3 -c "
import json; r = json.load(open('$WORK/rotated.json')); assert r['secret'] != '$HOOK_SECRET' and r['secret'].startswith('whsec_') and r['previousSecretValidUntilEpochMs'] > 0"
check "webhooks disable and enable change its status" bash -c "'$BIN' webhooks disable --tenant acme --environment live '$HOOK_ID' | grep -q '\"disabled\"' && '$BIN' webhooks enable --tenant acme --environment live '$HOOK_ID' | grep -q '\"enabled\"'"
check "webhooks deliveries lists none yet" bash -c "[ \"\$('$BIN' webhooks deliveries --tenant acme --environment live '$HOOK_ID' | tr -d '[:space:]')\" = '[]' ]"
"$BIN" webhooks redeliver --tenant acme --environment live 00000000-0000-0000-0000-000000000000 > /dev/null 2> "$WORK/redeliver.err"; code=$?
check "webhooks redeliver of an unknown delivery is NOT_FOUND, exit 65" bash -c "[ $code -eq 65 ] && grep -q NOT_FOUND '$WORK/redeliver.err'"
"$BIN" environment set --tenant acme --environment live --webhooks-allow-private-addresses true > "$WORK/private.json" 2>&1
check "environment set --webhooks-allow-private-addresses turns private receivers on" grep -q '"allowPrivateAddresses" : true' "$WORK/private.json"

DEMO_PORT=$(free_port)
# Under a permissive umask, as a shell often has: the demo's folder and files are still its owner's alone.
(umask 022; exec env -u VERITY_LOG_LEVEL "$BIN" demo --empty --port "$DEMO_PORT" --data-dir "$WORK/demo" > "$WORK/demo.out" 2> "$WORK/demo.log") & DEMO_PID=$!
wait_until "the demo to answer" curl -sf "http://127.0.0.1:$DEMO_PORT/healthz"
check "the data folder is 700 and every file in it but the CA certificates 600 from the start (database, its log, data key, demo-keys.json, CA keys)" bash -c "
  test \"\$(stat -c %a '$WORK/demo')\" = 700 && test -f '$WORK/demo/verity.sqlite-wal' && test -f '$WORK/demo/demo-keys.json' &&
  test -z \"\$(find '$WORK/demo' -mindepth 1 -type f ! -name '*.pem' ! -perm 600)\" && test -z \"\$(find '$WORK/demo' -mindepth 1 -type d ! -perm 700)\""
check "the demo logs a few readable lines at notice level, no JSON migrator chatter" bash -c "! grep -q '^{' '$WORK/demo.log' && grep -q 'Server started' '$WORK/demo.log' && [ \$(wc -l < '$WORK/demo.log') -le 5 ]"
check "the demo imports the bundled lists, OFAC's with its alternate names, the UN's and BIS's, and says so" grep -q "sanctions lists: ofac-sdn-2024-05-03.csv + ofac-alt-2021.csv + the demo's fictional entry (14966 entries); un-consolidated-2026-02-27.xml (1003 entries); us-bis-dpl.txt (413 entries)" "$WORK/demo.out"
DEMO_CLIENT=$(python3 -c "import json; print(json.load(open('$WORK/demo/demo-keys.json'))['clientKey'])" 2>/dev/null)
check "the demo's client key runs VerifyCompliance against that list" bash -c "'$BIN' mobile verify-compliance --server http://127.0.0.1:$DEMO_PORT \
  --client-key '$DEMO_CLIENT' --selfie '$FIXTURES/john-smith-selfie.jpg' --front '$FIXTURES/john-smith-passport-front.png' | grep -q 'sanctions: no match for'"
DEMO_OPERATOR=$(python3 -c "import json; k=json.load(open('$WORK/demo/demo-keys.json')); print(k['operatorEmail'], k['operatorPassword'])" 2>/dev/null)
check "the demo's console admin signs in with the e-mail and password in demo-keys.json" bash -c "
  set -- $DEMO_OPERATOR; jar='$WORK/console.jar'
  csrf=\$(curl -sf -c \$jar 'http://127.0.0.1:$DEMO_PORT/console/sign-in' | grep -o 'name=\"csrf\" value=\"[^\"]*' | cut -d'\"' -f4)
  curl -s -o /dev/null -w '%{http_code}' -b \$jar -c \$jar --data-urlencode csrf=\$csrf --data-urlencode email=\$1 --data-urlencode password=\$2 \
    'http://127.0.0.1:$DEMO_PORT/console/sign-in' | grep -q 303 &&
  curl -sf -b \$jar 'http://127.0.0.1:$DEMO_PORT/console' | grep -q \$1"
check "the demo prints where the console is" grep -q "console: http://127.0.0.1:$DEMO_PORT/console" "$WORK/demo.out"
kill "$DEMO_PID" 2>/dev/null; wait "$DEMO_PID" 2>/dev/null

# Console operators: made, listed, reset, disabled; bad input refused by field.
"$BIN" operators create --tenant acme --email Reviewer@Example.com --role reviewer --second-factor > "$WORK/op.json" 2>&1
check "operators create prints a generated password and an otpauth:// address once" bash -c "grep -Eq '\"password\" : \"[0-9A-Za-z]{20}\"' '$WORK/op.json' && grep -q 'otpauth://totp/Verity:reviewer@example.com?secret=' '$WORK/op.json'"
OP_ID=$(python3 -c "import json; print(json.load(open('$WORK/op.json'))['operator']['id'])" 2>/dev/null)
OP_PASSWORD=$(python3 -c "import json; print(json.load(open('$WORK/op.json'))['password'])" 2>/dev/null)
check "neither the password nor the address is in the database as typed" bash -c "! cat '$VERITY_DATA_DIR'/verity.sqlite* | grep -aq -e '$OP_PASSWORD' -e 'reviewer@example.com'"
check "operators list shows the operator without secrets" bash -c "'$BIN' operators list --tenant acme | grep -q reviewer@example.com && ! '$BIN' operators list --tenant acme | grep -q -e password -e otpauth"
check "operators create --password-stdin takes the password typed" bash -c "echo 'a long enough password' | '$BIN' operators create --tenant acme --email viewer@example.com --role viewer --password-stdin | grep -q '\"password\" : \"a long enough password\"'"
"$BIN" operators create --tenant acme --email reviewer@example.com --role admin > /dev/null 2> "$WORK/op-dup.err"; code=$?
check "the same address again is refused as OPERATOR_EXISTS, saying so, exit 65" bash -c "[ $code -eq 65 ] && grep -q 'OPERATOR_EXISTS' '$WORK/op-dup.err' && grep -q 'cannot be given to a new operator' '$WORK/op-dup.err'"
"$BIN" operators create --tenant acme --email not-an-address --role admin > /dev/null 2> "$WORK/op-bad.err"; code=$?
check "a malformed address is refused, exit 65" bash -c "[ $code -eq 65 ] && grep -q 'not an e-mail address' '$WORK/op-bad.err'"
"$BIN" operators create --tenant acme --email x@example.com --role superuser > /dev/null 2>&1; code=$?
check "an unknown role is a usage error (64)" test "$code" -eq 64
check "operators reset-password prints a new password" bash -c "'$BIN' operators reset-password --tenant acme '$OP_ID' | grep -Eq '\"password\" : \"[0-9A-Za-z]{20}\"' && ! '$BIN' operators list --tenant acme | grep -q '$OP_PASSWORD'"
check "operators reset-second-factor prints a new otpauth:// address, and the operator then has a second factor" bash -c "'$BIN' operators reset-second-factor --tenant acme '$OP_ID' | grep -Eq '\"totpURI\" : \"otpauth://totp/' && '$BIN' operators list --tenant acme | grep -q '\"secondFactor\" : true'"
check "operators disable marks the operator inactive" bash -c "'$BIN' operators disable --tenant acme '$OP_ID' | grep -q '\"active\" : false'"
"$BIN" operators disable --tenant nobody "$OP_ID" > /dev/null 2> "$WORK/op-tenant.err"; code=$?
check "another tenant's name finds nothing, exit 65" bash -c "[ $code -eq 65 ] && grep -q NOT_FOUND '$WORK/op-tenant.err'"

# ePassport chips (../shared/data/chip): the trust store and offline inspection.
CHIP="$(dirname "$SANCTIONS")/../chip"
"$BIN" chip trust import --tenant acme "$CHIP/master-lists/NL_ML_2025-07-29.ml" > "$WORK/chip-nl-noanchor.out" 2> "$WORK/chip-nl-noanchor.err"; code=$?
check "a master list without its signer's CSCA is refused, exit 65, nothing trusted" bash -c "[ $code -eq 65 ] && grep -q 'signer-csca' '$WORK/chip-nl-noanchor.err' && '$BIN' chip trust list --tenant acme | grep -q '\"certificates\" : \\[$'"
"$BIN" chip trust import --tenant acme "$CHIP/master-lists/NL_ML_2025-07-29.ml" --signer-csca "$CHIP/master-lists/NL_ROOT_CA.cer" > "$WORK/chip-nl.json"
check "the Dutch master list imports whole: 394 certificates added" python3 -c "
import json; r = json.load(open('$WORK/chip-nl.json')); assert r['kind'] == 'master_list' and r['certificates'] == 394 and r['added'] == 394, r"
"$BIN" chip trust import --tenant acme "$CHIP/master-lists/DE_ML_2024-08-07-07-38-24.ml" --signer-from-trust-store > "$WORK/chip-de.json"
check "the German list imports under the German CSCA the Dutch list vouches for; each certificate accounted for" python3 -c "
import json; r = json.load(open('$WORK/chip-de.json'))
assert r['certificates'] == 541 and r['added'] + r['alreadyTrusted'] + r['duplicates'] + len(r['skipped']) == 541, r
assert r['alreadyTrusted'] > 100 and all(s['reason'] for s in r['skipped']), r"
"$BIN" chip trust import --tenant acme "$CHIP/master-lists/DE_ROOT_CA_CSCA07.cer" > "$WORK/chip-csca.json"
check "a single CSCA imports (and is trusted already from the Dutch list)" python3 -c "
import json; r = json.load(open('$WORK/chip-csca.json')); assert r['kind'] == 'certificate' and r['certificates'] == 1 and r['added'] + r['alreadyTrusted'] == 1, r"
head -c 4000 "$CHIP/master-lists/NL_ML_2025-07-29.ml" > "$WORK/cut.ml"
"$BIN" chip trust import --tenant acme "$WORK/cut.ml" > /dev/null 2> "$WORK/chip-cut.err"; code=$?
check "a cut-short file is refused, exit 65" bash -c "[ $code -eq 65 ] && grep -q INVALID_INPUT '$WORK/chip-cut.err'"
check "chip trust list shows the CSCAs with their expiry" bash -c "'$BIN' chip trust list --tenant acme | python3 -c 'import json,sys; v = json.load(sys.stdin); assert len(v[\"certificates\"]) > 500 and all(c[\"notAfterEpochMs\"] > 0 for c in v[\"certificates\"])'"
"$BIN" chip inspect --sod "$CHIP/etsi-prototype/EF_SOD.bin" --dg1 "$CHIP/etsi-prototype/DG1.bin" --dg15 "$CHIP/etsi-prototype/DG15.bin" \
  --trust "$CHIP/etsi-prototype/ETSI_CSCA_0130846f22c2.der" > "$WORK/inspect-etsi.json"; code=$?
check "chip inspect: the ETSI chip is authentic against its CSCA, exit 0" python3 -c "
import json; r = json.load(open('$WORK/inspect-etsi.json')); assert $code == 0 and r['authentic'] and r['chain'] == 'verified' and r['reasons'] == [], r"
"$BIN" chip inspect --sod "$CHIP/bsi-tr03105/EF_SOD.bin" --dg1 "$CHIP/bsi-tr03105/Datagroup1.bin" --dg15 "$CHIP/bsi-tr03105/Datagroup15.bin" > "$WORK/inspect-bsi.json"; code=$?
check "chip inspect: the BSI chip's CSCA is unknown and its DG15 unprotected, exit 1" python3 -c "
import json; r = json.load(open('$WORK/inspect-bsi.json')); assert $code == 1 and r['reasons'] == ['CHIP_CSCA_UNKNOWN', 'CHIP_DATA_UNPROTECTED'], r"
"$BIN" chip inspect --sod "$CHIP/bsi-tr03105/EF_SOD.bin" --aa-challenge 0011 > /dev/null 2>&1; code=$?
check "chip inspect: --aa-challenge without --aa-signature is a usage error (64)" test "$code" -eq 64

check "the docs' webhook receivers accept good and rotated deliveries and refuse replays and tampering (doc_examples.py)" python3 tests-contract/doc_examples.py .
# docs/integration.md, every block as written, from a fresh demo to a signed webhook.
bash tests-contract/integration.sh "$BIN" > "$WORK/integration.out" 2>&1; code=$?
check "docs/integration.md runs as written: a signed document-check webhook arrives and is read back" bash -c "[ $code -eq 0 ] && grep -q 'document check .* succeeded for customer-42' '$WORK/integration.out' && grep -q 'verified: True by GOVERNMENT_ID' '$WORK/integration.out'"
[ $code -eq 0 ] || tail -20 "$WORK/integration.out"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
