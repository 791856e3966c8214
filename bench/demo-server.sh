# Sourced by the bench scripts: a `verity demo` server in the background.
#   BIN        folder of the release binaries
#   start_demo PORT DIR   starts it without the first day's history (DATABASE_URL and VERITY_* settings pass through), waits until ready
#   stop_server           stops it
#   DEMO_PREFIX           a command to start it under (e.g. "taskset -c 0")
#   secret_of DIR         the demo's secret key
# start_demo lifts the demo's request limits per secret key and user token:
# the load generator mints thousands of tokens a minute with one key.
SERVER=""
stop_server() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null; SERVER=""; }
start_demo() {
  ${DEMO_PREFIX:-} "$BIN/verity" demo --empty --port "$1" --data-dir "$2" > "$2/demo.out" 2> "$2/server.log" &
  SERVER=$!
  for _ in $(seq 1 150); do
    if curl -fs "http://127.0.0.1:$1/readyz" >/dev/null 2>&1 && [ -f "$2/demo-keys.json" ]; then
      VERITY_DATA_DIR="$2" VERITY_DATA_KEY="${VERITY_DATA_KEY:-$(cat "$2/data.key")}" "$BIN/verity" environment set --tenant demo --environment test \
        --secret-key-requests-per-minute 1000000 --user-token-requests-per-minute 1000000 > /dev/null
      return 0
    fi
    sleep 0.2
  done
  echo "the demo server did not start"; tail -20 "$2/server.log"; exit 1
}
secret_of() { python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['secretKey'])" "$1/demo-keys.json"; }
