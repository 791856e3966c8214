#!/usr/bin/env bash
# Contract test: runs schemathesis against docs/openapi.yaml and a live
# `verity demo` on loopback. Fails on any 5xx, undocumented status code, or
# response that breaks the schema.
#   tests-contract/schemathesis.sh [VERITY_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-.build/debug/verity}"
ST="${SCHEMATHESIS:-.venv/bin/schemathesis}"
PORT="${SCHEMATHESIS_PORT:-18765}"
DATA="$(mktemp -d)"
BASE="http://127.0.0.1:$PORT"
EXAMPLES="${SCHEMATHESIS_EXAMPLES:-40}"

# JSON lines at info (the demo is readable text at notice otherwise): errors are grepped for below.
VERITY_LOG_FORMAT=json VERITY_LOG_LEVEL=info "$BIN" demo --empty --port "$PORT" --data-dir "$DATA" >"$DATA/demo.out" 2>"$DATA/demo.log" &
SERVER=$!
cleanup() { kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$DATA"; }
trap cleanup EXIT
source "$(dirname "$0")/wait-until.sh"
wait_until "the demo to be ready with its keys written" bash -c "curl -fs '$BASE/readyz' && [ -f '$DATA/demo-keys.json' ]"
TOKEN=$(python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['userToken'])" "$DATA/demo-keys.json")
SECRET=$(python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['secretKey'])" "$DATA/demo-keys.json")
CLIENT_KEY=$(python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['clientKey'])" "$DATA/demo-keys.json")
# Thousands of generated requests a minute on one token and one key: lift their limits (429s would hide the rest).
VERITY_DATA_DIR="$DATA" VERITY_DATA_KEY="$(cat "$DATA/data.key")" "$BIN" environment set --tenant demo --environment test \
  --user-token-requests-per-minute 1000000 --secret-key-requests-per-minute 1000000 --mobile-requests-per-minute 100000 > /dev/null

# Consent first, so verification requests reach the data source.
CONTENT=$(curl -fs -H "Authorization: Bearer $TOKEN" "$BASE/v1/identity/consent/content?preferredLocale=en-US&preferredContentType=text/plain")
curl -fs -X POST -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "$CONTENT" "$BASE/v1/identity/consent" >/dev/null

# Each generated Idempotency-Key rides on one request only (idempotency_keys.py):
# otherwise the generator's few short keys collide and most requests stop at
# IDEMPOTENCY_KEY_REUSED, never reaching the operation.
export PYTHONPATH="tests-contract${PYTHONPATH:+:$PYTHONPATH}" SCHEMATHESIS_HOOKS=idempotency_keys
CHECKS="not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
# The stateful phase follows the contract's links (create, then use, then
# revoke: a webhook endpoint, an operator, a user's token, a mobile session).
COMMON=(run docs/openapi.yaml --url "$BASE" --checks "$CHECKS" --max-examples "$EXAMPLES" --seed 20261121
        --phases examples,coverage,fuzzing,stateful --workers 1 --suppress-health-check all)
status=0
"$ST" "${COMMON[@]}" --include-path-regex '^/v1/' -H "Authorization: Bearer $TOKEN" || status=1
"$ST" "${COMMON[@]}" --include-path-regex '^/admin/' -H "Authorization: Bearer $SECRET" || status=1
# Console operators are managed with a live key only (the demo key above is a test key, refused with 403).
LIVE_SECRET=$(VERITY_DATA_DIR="$DATA" VERITY_DATA_KEY="$(cat "$DATA/data.key")" "$BIN" keys create --tenant demo --environment live 2>/dev/null)
VERITY_DATA_DIR="$DATA" VERITY_DATA_KEY="$(cat "$DATA/data.key")" "$BIN" environment set --tenant demo --environment live \
  --secret-key-requests-per-minute 1000000 > /dev/null
"$ST" "${COMMON[@]}" --include-path-regex '^/admin/v1/operators' -H "Authorization: Bearer $LIVE_SECRET" || status=1
"$ST" "${COMMON[@]}" --include-path-regex '^/api/mobile/' -H "X-Client-Key: $CLIENT_KEY" || status=1
# These link nowhere: no stateful phase.
"$ST" "${COMMON[@]}" --phases examples,coverage,fuzzing --include-path-regex '^/(healthz|readyz|pki/.*|capture/.*|assets/.*)$' || status=1
if grep -q '"level":"error"' "$DATA/demo.log"; then
  echo "the server logged errors:"; grep '"level":"error"' "$DATA/demo.log" | head -20; status=1
fi
# What the server saw: every request it answered, and any 5xx among them.
requests=$(grep -c '"message":"request"' "$DATA/demo.log" || true)
errors=$(grep '"message":"request"' "$DATA/demo.log" | grep -cE '"status":"?5[0-9][0-9]' || true)
echo "schemathesis: the server answered $requests requests, $errors of them 5xx"
[ "$errors" -eq 0 ] || status=1
if [ -n "${SCHEMATHESIS_MIN_REQUESTS:-}" ] && [ "$requests" -lt "$SCHEMATHESIS_MIN_REQUESTS" ]; then
  echo "schemathesis: fewer requests than the $SCHEMATHESIS_MIN_REQUESTS asked for"; status=1
fi
if [ "$status" -eq 0 ]; then echo "schemathesis: 6 passed, 0 failed"; else echo "schemathesis: failures above"; fi
exit "$status"
