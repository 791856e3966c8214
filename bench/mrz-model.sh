#!/usr/bin/env bash
# `make bench-mrz-model`: the MRZ classifier trained with glyphs cut from the
# real specimens, measured leave-documents-out (no specimen is read by a model
# that trained on its glyphs), beside the same recipe on rendered glyphs only,
# in one run. About fifteen minutes: six trainings, six readings of 35 images.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" OMP_THREAD_LIMIT=1
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh
[ -x .venv-bench/bin/python ] || python3 -m venv .venv-bench
.venv-bench/bin/pip install -q -r bench/requirements.txt
SPECIMENS="${VERITY_SPECIMENS_DIR:-../shared/data/documents/mrz-specimens}"
swift build -c release --product VerityBench > "$OUT/build-mrz-model.log" 2>&1 || { tail -30 "$OUT/build-mrz-model.log"; exit 1; }
# The glyphs are cut with the shipped model's readings: they label the cells, the
# folds' models never read their own documents.
.build/release/VerityBench mrz-glyphs --dir "$SPECIMENS" --out "$OUT/mrz-real-glyphs.tsv"
.venv-bench/bin/python tools/mrzmodel/leave_documents_out.py "$OUT/mrz-real-glyphs.tsv" "$SPECIMENS" --work "$OUT/mrz-folds" | tee "$OUT/mrz-model.txt"
