#!/usr/bin/env bash
# `make bench-documents` (also run by `make bench`): the document engine against
# PassportEye, zxing-cpp's Python binding and the tesseract CLI on the same
# generated files, in one run, printed as ratios. One core: the engine is
# single-threaded per document and the baselines run with OMP_THREAD_LIMIT=1.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" OMP_THREAD_LIMIT=1
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh
bash scripts/generate-test-documents.sh
[ -x .venv-bench/bin/python ] || python3 -m venv .venv-bench
.venv-bench/bin/pip install -q -r bench/requirements.txt
swift build -c release --product VerityBench > "$OUT/build-documents.log" 2>&1 || { tail -30 "$OUT/build-documents.log"; exit 1; }
DOCS="${VERITY_DOCGEN_DIR:-.build/docgen}"
taskset -c 0 .build/release/VerityBench documents --dir "$DOCS" --crops "$OUT/crops" --out "$OUT/documents.json"
# Real images no one on the project made: the public MRZ specimens beside the project.
SPECIMENS="${VERITY_SPECIMENS_DIR:-../shared/data/documents/mrz-specimens}"
if [ -d "$SPECIMENS" ]; then
  taskset -c 0 .build/release/VerityBench mrz-specimens --dir "$SPECIMENS" --out "$OUT/specimens.json"
fi
taskset -c 0 .venv-bench/bin/python bench/documents.py "$OUT/documents.json" "$DOCS" | tee "$OUT/documents.txt"
if [ -f "$OUT/specimens.json" ]; then
  taskset -c 0 .venv-bench/bin/python bench/specimens.py "$OUT/specimens.json" "$SPECIMENS" | tee "$OUT/specimens.txt"
fi
# The OCR service around the same engine (Egyptian ID cards): what the service adds.
bash bench/ocr-service.sh
