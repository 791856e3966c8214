#!/usr/bin/env bash
# kill -9 in the middle of a document check loses nothing: on SQLite the
# restarted server finishes it; on PostgreSQL (when a URL is given) another
# server on the same database does. Exactly once: the check settles in one
# server's log only, and the job ran twice (the killed run and the finishing
# one). Then kill -9 between the outcome and its webhook's delivery (the
# receiver holds the first delivery open): a third server delivers the same
# single event. Prints "crash: N passed, N failed".
#   tests-contract/crash.sh [VERITY_BINARY] [POSTGRES_URL]
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
BIN="$(cd "$(dirname "${1:-.build/debug/verity}")" && pwd)/$(basename "${1:-.build/debug/verity}")"
PG="${2:-}"
FIXTURES="${VERITY_DOCGEN_FIXTURES_DIR:-$(pwd)/.build/docgen-fixtures}"
export VERITY_MODELS_DIR="${VERITY_MODELS_DIR:-$(pwd)/models}"
WORK="$(mktemp -d)"; trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$WORK"' EXIT
source "$HERE/wait-until.sh"
passed=0; failed=0
check() { local name="$1"; shift; if "$@" >/dev/null 2>&1; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name"; fi; }

serve() { # log file, port: a server with a short job lease that answers submissions at once
  VERITY_PORT="$2" VERITY_HOST=127.0.0.1 VERITY_JOB_LEASE_SECONDS=5 VERITY_WEBHOOK_TIMEOUT_MS=3000 VERITY_DOCUMENT_WAIT_MS=0 VERITY_LOG_LEVEL=info \
    "$BIN" serve > "$1" 2>&1 &
  echo $!
}
ready() { wait_until "the server on port $1 to answer" curl -sf "http://127.0.0.1:$1/healthz"; }
settled() { [ "$(status "$1")" != pending ]; }
status() { "$BIN" document-checks show --tenant acme --environment live "$1" 2>/dev/null \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["status"])' 2>/dev/null; }

run() { # name; the database comes from the environment
  local name="$1" a b
  a=$(free_port); b=$(free_port)
  "$BIN" migrate > /dev/null 2>&1
  "$BIN" keys create --tenant acme --environment live > /dev/null 2>&1
  printf 'firstName,lastName,address,city,state,postalCode,country,dateOfBirth\nJohn,Smith,222333 Peachtree Place,Atlanta,GA,30318,US,1975-02-28\n' > "$WORK/john.csv"
  "$BIN" registry import "$WORK/john.csv" > /dev/null 2>&1
  # A selfie makes the check long enough to kill in the middle (document, portrait, face, liveness).
  "$BIN" environment set --tenant acme --environment live --consent-required false --face-image-for-capture true \
    --webhooks-allow-private-addresses true > /dev/null 2>&1
  # A receiver that holds its first delivery open longer than any deadline.
  python3 "$HERE/webhook-receiver.py" --log "$WORK/$name-hooks.jsonl" --hang-first 1 --hang-seconds 60 --lifetime 900 > "$WORK/$name-hook.port" &
  local receiver=$!
  wait_until "the receiver to say its port" test -s "$WORK/$name-hook.port"
  local hook; hook=$("$BIN" webhooks add --tenant acme --environment live --url "http://127.0.0.1:$(head -1 "$WORK/$name-hook.port")/hook" \
    --events document_check.completed | python3 -c 'import json,sys; print(json.load(sys.stdin)["endpoint"]["id"])')
  local pid; pid=$(serve "$WORK/$name-a.log" "$a"); ready "$a"
  local token; token=$("$BIN" users token --tenant acme --environment live --user crash | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  "$BIN" identity verify-document --server "http://127.0.0.1:$a" --token "$token" --capture --type driverLicense --country US \
    --face "$FIXTURES/john-smith-selfie.jpg" "$FIXTURES/john-smith-licence-front.png" "$FIXTURES/john-smith-licence-back.png" > "$WORK/$name-submit.json"
  local id; id=$(python3 -c "import json; print(json.load(open('$WORK/$name-submit.json'))['documentCheck']['checkId'])")
  # The job worker takes the check as it is queued and starts an engine
  # sandbox for it: once its zygote's child exists, the check is under way
  # (the zygote loads its models before it forks a child for the images).
  engine_child() { [ "$(bash "$HERE/engine-processes.sh" "$pid" | xargs -r -n1 ps -o comm= -p | grep -c '^verity-engine-w')" -ge 2 ]; }
  wait_until "the check's engine worker to start" engine_child
  check "$name: the check runs in an engine worker of the server" engine_child
  local engines; engines=$(bash "$HERE/engine-processes.sh" "$pid" | tr '\n' ' ')
  kill -9 "$pid"; wait "$pid" 2>/dev/null
  check "$name: the check is pending when the server dies" test "$(status "$id")" = pending
  # Its sandboxes die with it (bwrap's --die-with-parent): no process is left reading an image for nobody.
  gone() { for engine in $engines; do [ -d "/proc/$engine" ] && ! grep -q '^State:.*Z' "/proc/$engine/status" 2>/dev/null && return 1; done; return 0; }
  wait_until "the killed server's engine workers to end" gone
  check "$name: the dead server's engine workers ended with it" gone
  local second; second=$(serve "$WORK/$name-b.log" "$b"); ready "$b"
  wait_until "the check to settle" settled "$id"
  check "$name: another server finishes it after the lease" test "$(status "$id")" = succeeded
  check "$name: settled once, by the second server" bash -c "[ \"\$(grep -c 'document check settled' '$WORK/$name-b.log')\" = 1 ] && ! grep -q 'document check settled' '$WORK/$name-a.log'"
  # The second server sends the outcome's event at once; the receiver holds it. Kill the sender mid-delivery.
  wait_until "the outcome's event to reach the receiver" test -s "$WORK/$name-hooks.jsonl"
  check "$name: the outcome's event left for the receiver" test -s "$WORK/$name-hooks.jsonl"
  kill -9 "$second"; wait "$second" 2>/dev/null
  local third; third=$(serve "$WORK/$name-c.log" "$((b + 1))"); ready "$((b + 1))"
  # After the lease (5 s) the third server's poll takes the delivery again.
  wait_until "the event to be delivered again" bash -c "[ \$(wc -l < '$WORK/$name-hooks.jsonl') -ge 2 ]"
  check "$name: one event, delivered again by another server, signed, for this check" python3 - "$WORK/$name-hooks.jsonl" "$id" <<'PY'
import base64, json, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
events = [json.loads(base64.b64decode(line["body"])) for line in lines]
assert len(lines) == 2, len(lines)
assert len({event["id"] for event in events}) == 1, "two events for one outcome"
assert all(event["type"] == "document_check.completed" and event["data"]["checkId"] == sys.argv[2] for event in events)
assert all(line["headers"].get("verity-signature", "").startswith("t=") for line in lines)
PY
  wait_until "the delivery log to say delivered" bash -c "'$BIN' webhooks deliveries --tenant acme --environment live '$hook' | grep -q '\"delivered\"'"
  check "$name: the delivery log has one delivery, delivered" bash -c "\"$BIN\" webhooks deliveries --tenant acme --environment live '$hook' | python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d)==1 and d[0][\"status\"]==\"delivered\", d'"
  second=$third; b=$((b + 1))
  "$BIN" identity verify-document --server "http://127.0.0.1:$b" --token "$token" --capture --type driverLicense --country US \
    --face "$FIXTURES/john-smith-selfie.jpg" "$FIXTURES/john-smith-licence-front.png" "$FIXTURES/john-smith-licence-back.png" > /dev/null 2> "$WORK/$name-again.err"
  check "$name: the user is verified, and verification has ended" grep -q DOCUMENT_VERIFICATION_CLOSED "$WORK/$name-again.err"
  kill "$second" "$receiver" 2>/dev/null; wait "$second" "$receiver" 2>/dev/null
}

export VERITY_DATA_KEY="$("$BIN" keys data-key)"
VERITY_DATA_DIR="$WORK/sqlite" run sqlite
if [ -n "$PG" ]; then
  psql "$PG" -qc "DROP DATABASE IF EXISTS verity_crash" > /dev/null 2>&1; psql "$PG" -qc "CREATE DATABASE verity_crash" > /dev/null 2>&1
  DATABASE_URL="${PG%/*}/verity_crash" VERITY_DATA_DIR="$WORK/pg" run postgresql
fi
echo "crash: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
