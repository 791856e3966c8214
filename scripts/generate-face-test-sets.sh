#!/usr/bin/env bash
# Renders the face test sets from the real photos of
# scripts/fetch-face-test-data.sh, unless they are already there for the same
# generator:
# - .build/attacks ($VERITY_ATTACKS_DIR), tools/attacks: simulated screen
#   replays, halftone prints and held-up photo prints, with the real photos;
# - .build/facecalib ($VERITY_FACECALIB_DIR), tools/facecalib: document-like
#   versions of dlib's johns for the face-match threshold.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${VERITY_ATTACKS_DIR:-.build/attacks}"
FACES="${VERITY_FACEDATA_DIR:-.build/facedata}"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -r tools/docgen/requirements.txt
stamp=$( (cat tools/attacks/*.py tools/docgen/requirements.txt; ls "$FACES") | sha256sum | cut -c1-16)
if [ -f "$OUT/manifest.json" ] && [ "$(cat "$OUT/.stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "attacks: $OUT is up to date"
else
  rm -rf "$OUT"; mkdir -p "$OUT"
  .venv/bin/python tools/attacks/generate.py --faces "$FACES" --out "$OUT"
  echo "$stamp" > "$OUT/.stamp"
fi
CALIB="${VERITY_FACECALIB_DIR:-.build/facecalib}"
stamp=$( (cat tools/facecalib/*.py tools/docgen/requirements.txt; ls "$FACES/johns") | sha256sum | cut -c1-16)
if [ -f "$CALIB/variants.json" ] && [ "$(cat "$CALIB/.stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "facecalib: $CALIB is up to date"
else
  rm -rf "$CALIB"; mkdir -p "$CALIB"
  .venv/bin/python tools/facecalib/generate.py --faces "$FACES/johns" --out "$CALIB"
  echo "$stamp" > "$CALIB/.stamp"
fi
