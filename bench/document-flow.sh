#!/usr/bin/env bash
# `make bench-document-flow` (also run by `make bench`): end-to-end document
# verification. A fresh user's captureAndVerifyIdentityDocument with one
# licence, submit -> final status, at 1, 4 and 16 submissions in flight, on
# SQLite and on PostgreSQL, with the engines in worker processes (as deployed)
# and, on SQLite, in the server's process (the workers' baseline, same run);
# the per-stage split from the server's log; the
# engine's own rate on the same licence (the baseline, same run); and PII
# verification latency alone and while 4 documents are being read.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" OMP_THREAD_LIMIT=1
OUT="bench/results"; mkdir -p "$OUT"
# (not nproc: it honours OMP_THREAD_LIMIT, set above)
THREADS="${VERITY_ENGINE_THREADS:-$(getconf _NPROCESSORS_ONLN)}"
PG_PORT=55434
bash scripts/install-deps.sh --bench
bash scripts/install-face-models.sh > /dev/null
bash scripts/fetch-face-test-data.sh > /dev/null
bash scripts/generate-test-documents.sh > /dev/null
FIXTURES="${VERITY_DOCGEN_FIXTURES_DIR:-.build/docgen-fixtures}"
FRONT="$FIXTURES/john-smith-licence-front.png" BACK="$FIXTURES/john-smith-licence-back.png"

source bench/release-build.sh
release_binaries "$OUT/build-flow.log"

echo "== the engine alone on the same licence, $THREADS threads (baseline)"
"$BIN/VerityBench" inspect-rate --front "$FRONT" --back "$BACK" --models models --threads "$THREADS" --documents 24 \
  | tee "$OUT/flow-engine.txt"

source bench/demo-server.sh
trap 'stop_server; bash scripts/postgres.sh stop $PG_PORT > /dev/null 2>&1 || true' EXIT
# JSON lines at info: the per-stage split is read from each check's "document
# check settled" line (the demo alone logs readable lines at notice).
export VERITY_ENGINE_THREADS="$THREADS" VERITY_MODELS_DIR=models VERITY_LOG_LEVEL=info VERITY_LOG_FORMAT=json

levels() { # $1 label, $2 port, $3 data dir
  for concurrency in 1 4 16; do
    local documents=$(( concurrency == 1 ? 8 : concurrency * 4 ))
    local mark; mark=$(wc -l < "$3/server.log")
    "$BIN/VerityBench" document-flow --base-url "http://127.0.0.1:$2" --secret-key "$(secret_of "$3")" \
      --front "$FRONT" --back "$BACK" --concurrency "$concurrency" --documents "$documents" --label "$1" \
      | tee "$OUT/flow-$1-$concurrency.txt"
    tail -n +"$((mark + 1))" "$3/server.log" | grep '"document check settled"' > "$OUT/flow-$1-$concurrency.log" || true
  done
}

echo "== SQLite, engines in process (the worker path's baseline, same run)"
INPROCESS_DIR=$(mktemp -d)
VERITY_ENGINE_ISOLATION=in-process start_demo 18813 "$INPROCESS_DIR"
levels sqlite-in-process 18813 "$INPROCESS_DIR"
stop_server

echo "== SQLite (engines in worker processes, as deployed)"
SQLITE_DIR=$(mktemp -d)
start_demo 18811 "$SQLITE_DIR"
levels sqlite 18811 "$SQLITE_DIR"
echo "== PII verification alone, then while 4 documents are read (SQLite)"
SECRET=$(secret_of "$SQLITE_DIR")
"$BIN/VerityBench" identity --base-url http://127.0.0.1:18811 --secret-key "$SECRET" --concurrency 1 --requests 200 \
  --label pii-alone | tee "$OUT/flow-pii-alone.txt"
"$BIN/VerityBench" document-flow --base-url http://127.0.0.1:18811 --secret-key "$SECRET" --front "$FRONT" --back "$BACK" \
  --concurrency 4 --documents 400 --label background > /dev/null 2>&1 & DOCS=$!
sleep 3
"$BIN/VerityBench" identity --base-url http://127.0.0.1:18811 --secret-key "$SECRET" --concurrency 1 --requests 200 \
  --label pii-with-4-documents | tee "$OUT/flow-pii-loaded.txt"
kill "$DOCS" 2>/dev/null; wait "$DOCS" 2>/dev/null || true
stop_server

echo "== PostgreSQL on port $PG_PORT"
bash scripts/postgres.sh stop $PG_PORT > /dev/null 2>&1 || true; rm -rf "/tmp/verity-pg-$PG_PORT"
bash scripts/postgres.sh start $PG_PORT > /dev/null
psql -q -h 127.0.0.1 -p $PG_PORT -U postgres -c "CREATE DATABASE verity_flow"
PG_DIR=$(mktemp -d)
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/verity_flow" start_demo 18812 "$PG_DIR"
levels postgres 18812 "$PG_DIR"
stop_server

python3 bench/document-flow.py "$OUT" | tee "$OUT/document-flow.txt"
