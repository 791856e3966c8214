#!/usr/bin/env bash
# Runs docs/integration.md as written: its ```sh blocks in order, in a fresh
# folder, against a fresh demo on a free port, with `verity` on the PATH. The
# page's own checks (signatures, outcomes) fail the run. Prints the page's
# output; exits non-zero when any block fails or no signed document-check
# webhook arrived.
#   tests-contract/integration.sh [VERITY_BINARY]
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="$(cd "$(dirname "${1:-.build/debug/verity}")" && pwd)/$(basename "${1:-.build/debug/verity}")"
WORK="$(mktemp -d)"
mkdir -p "$WORK/bin" && ln -s "$BIN" "$WORK/bin/verity"
ln -s "$ROOT/tests-contract" "$WORK/tests-contract"
source "$ROOT/tests-contract/wait-until.sh"
PORT=$(free_port)
export VERITY_DOCGEN_FIXTURES_DIR="${VERITY_DOCGEN_FIXTURES_DIR:-$ROOT/.build/docgen-fixtures}"
export VERITY_MODELS_DIR="${VERITY_MODELS_DIR:-$ROOT/models}"
# The demo reads its sanctions list from the repository's reference data.
ln -s "$ROOT/reference-data" "$WORK/reference-data"
# The page's blocks, one script; the port is this run's.
python3 - "$ROOT/docs/integration.md" > "$WORK/page.sh" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
print("set -euo pipefail")
for block in re.findall(r"```sh\n(.*?)```", text, re.S):
    print(block)
PY
sed -i "s/PORT=8080 VERITY_URL=http:\/\/127.0.0.1:8080/PORT=$PORT VERITY_URL=http:\/\/127.0.0.1:$PORT/" "$WORK/page.sh"
cd "$WORK"
env -u VERITY_DATA_DIR -u VERITY_DATA_KEY -u DATABASE_URL PATH="$WORK/bin:$PATH" timeout 300 bash page.sh; status=$?
kill $(jobs -p) 2>/dev/null; pkill -f "verity demo .*--port $PORT" 2>/dev/null
[ $status -eq 0 ] && [ -s "$WORK/check.id" ] || status=1
rm -rf "$WORK"
exit $status
