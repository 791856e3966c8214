#!/usr/bin/env bash
# `make bench-mobile` (also run by `make bench`): the mobile API under load —
# VerifyHuman calls/s and whole VerifyIdentity and VerifyCompliance sessions/s
# at 16 concurrent clients on the demo server (SQLite, the SDN list imported),
# the ledger checked for an exact balance afterwards, beside the engines' own
# rate on the same images (and the screening's own time) in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" OMP_THREAD_LIMIT=1
OUT="bench/results"; mkdir -p "$OUT"
# (not nproc: it honours OMP_THREAD_LIMIT, set above)
THREADS="${VERITY_ENGINE_THREADS:-$(getconf _NPROCESSORS_ONLN)}"
bash scripts/install-deps.sh --bench
bash scripts/install-face-models.sh > /dev/null
bash scripts/fetch-face-test-data.sh > /dev/null
bash scripts/generate-test-documents.sh > /dev/null
FIXTURES="${VERITY_DOCGEN_FIXTURES_DIR:-.build/docgen-fixtures}"
SELFIE="$FIXTURES/john-smith-selfie.jpg" PASSPORT="$FIXTURES/john-smith-passport-front.png"

source bench/release-build.sh
release_binaries "$OUT/build-mobile.log"

echo "== the engines alone on the same images, $THREADS threads (baseline)"
"$BIN/VerityBench" mobile-engine-rate --selfie "$SELFIE" --passport "$PASSPORT" --models models --threads "$THREADS" \
  --sanctions reference-data/sanctions/ofac-sdn-2024-05-03.csv --sanctions-alt reference-data/sanctions/ofac-alt-2021.csv \
  --sanctions-names tools/sanctions/ordinary-names.tsv | tee "$OUT/mobile-engine.txt"

source bench/demo-server.sh
trap 'stop_server' EXIT
export VERITY_ENGINE_THREADS="$THREADS" VERITY_MODELS_DIR=models
DIR=$(mktemp -d)
start_demo 18821 "$DIR"
# The demo's rate limit (120 per key and minute) would measure the limiter, not the service.
export VERITY_DATA_DIR="$DIR" VERITY_DATA_KEY="$(cat "$DIR/data.key")"
"$BIN/verity" environment set --tenant demo --environment test --mobile-requests-per-minute 100000 > /dev/null
"$BIN/verity" credits grant --tenant demo --environment test 100000 --note bench > /dev/null
KEYS="$DIR/demo-keys.json"
"$BIN/VerityBench" mobile --base-url http://127.0.0.1:18821 \
  --client-key "$(python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['clientKey'])" "$KEYS")" \
  --secret-key "$(secret_of "$DIR")" --selfie "$SELFIE" --passport "$PASSPORT" --concurrency 16 | tee "$OUT/mobile.txt"
stop_server

python3 - "$OUT" <<'PY' | tee "$OUT/mobile-summary.txt"
import re, sys
out = sys.argv[1]
text = open(f"{out}/mobile.txt").read() + open(f"{out}/mobile-engine.txt").read()
value = lambda label: float(re.search(label + r".*?throughput=([0-9.]+)", text, re.M).group(1))
human, identity, compliance = value("^verifyhuman:"), value("^verifyidentity:"), value("^verifycompliance:")
human_engine, identity_engine = value("verifyhuman-rate"), value("verifyidentity-rate")
print(f"VerifyHuman:      {human:7.2f} calls/s    engine alone {human_engine:7.2f}/s   ratio {human / human_engine:.2f}")
print(f"VerifyIdentity:   {identity:7.2f} sessions/s engine alone {identity_engine:7.2f}/s   ratio {identity / identity_engine:.2f}")
print(f"VerifyCompliance: {compliance:7.2f} sessions/s engine alone {identity_engine:7.2f}/s   ratio {compliance / identity_engine:.2f}"
      f"   (screening alone {float(re.search(r'per-screen=([0-9.]+)ms', text).group(1)):.2f} ms)")
print(re.search(r"ledger: .*", text).group(0))
PY
