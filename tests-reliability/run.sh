#!/usr/bin/env bash
# `make reliability`: two `verity serve` processes on one PostgreSQL behind a
# round-robin proxy, under mixed load, one of them killed with SIGKILL ten
# times; then every invariant checked (tests-reliability/reliability.py says
# which); then the contract fuzzed deeper than CI does it: at least 20,000
# requests, none answered 5xx (tests-contract/schemathesis.sh). `--short` is
# CI's form: three kills, on the PostgreSQL CI started, and CI's own contract run.
#   tests-reliability/run.sh [--short] [--binary B] [--postgres URL]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" OMP_THREAD_LIMIT=1
KILLS=10 BIN=.build/debug/verity PG="" SHORT=0
while [ $# -gt 0 ]; do
  case "$1" in
    --short) KILLS=3 SHORT=1 ;;
    --binary) BIN="$2"; shift ;;
    --postgres) PG="$2"; shift ;;
    *) echo "unknown argument $1" >&2; exit 64 ;;
  esac
  shift
done
if [ -z "$PG" ]; then
  # On its own (`make reliability`): everything the servers need, then a PostgreSQL of its own.
  bash scripts/install-deps.sh --tests
  bash scripts/install-face-models.sh > /dev/null
  bash scripts/generate-test-documents.sh > /dev/null
  swift build > /tmp/verity-reliability-build.log 2>&1 || { tail -40 /tmp/verity-reliability-build.log; exit 1; }
  PG=$(bash scripts/postgres.sh start 55432 fast)
fi
export VERITY_MODELS_DIR="${VERITY_MODELS_DIR:-$(pwd)/models}"
python3 tests-reliability/reliability.py --binary "$BIN" --postgres "$PG" --kills "$KILLS" \
  --selfie "${VERITY_DOCGEN_FIXTURES_DIR:-.build/docgen-fixtures}/john-smith-selfie.jpg"
if [ "$SHORT" = 0 ]; then
  [ -x .venv/bin/schemathesis ] || { python3 -m venv .venv && .venv/bin/pip install -q "schemathesis==4.32.5"; }
  SCHEMATHESIS_EXAMPLES="${RELIABILITY_FUZZ_EXAMPLES:-180}" SCHEMATHESIS_MIN_REQUESTS=20000 \
    bash tests-contract/schemathesis.sh "$BIN" > /tmp/verity-reliability-fuzz.log 2>&1 || {
    grep -vE "^\s*$" /tmp/verity-reliability-fuzz.log | tail -60; exit 1; }
  grep "schemathesis:" /tmp/verity-reliability-fuzz.log
fi
