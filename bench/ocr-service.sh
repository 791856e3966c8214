#!/usr/bin/env bash
# Part of `make bench-documents`: the OCR service's whole transaction per
# Egyptian ID card (session, both sides sealed and sent, the combination opened
# and its HMAC checked) beside the engine alone on the same cards, in one run.
# The demo server runs on core 0 with one engine thread, the bench on core 1.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" OMP_THREAD_LIMIT=1
OUT="bench/results"; mkdir -p "$OUT"
source bench/release-build.sh
release_binaries "$OUT/build-ocr.log"
DOCS="${VERITY_DOCGEN_DIR:-.build/docgen}"

source bench/demo-server.sh
trap 'stop_server' EXIT
DIR=$(mktemp -d)
export VERITY_ENGINE_THREADS=1 VERITY_MODELS_DIR=models
DEMO_PREFIX="taskset -c 0" start_demo 18831 "$DIR"
KEYS="$DIR/demo-keys.json"
field() { python3 -c "import json,sys;print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$KEYS" "$1"; }
taskset -c 1 "$BIN/VerityBench" ocr-service --base-url http://127.0.0.1:18831 --token "$(field userToken)" \
  --hmac-key "$(field hmacKey)" --dir "$DOCS" --models models | tee "$OUT/ocr-service.txt"
