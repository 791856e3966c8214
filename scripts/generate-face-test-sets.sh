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
# regenerate NAME OUT MARKER STAMP -- COMMAND…: runs COMMAND into a fresh OUT
# unless OUT holds MARKER from a run with the same STAMP.
regenerate() {
  local name="$1" out="$2" marker="$3" stamp="$4"; shift 5
  if [ -f "$out/$marker" ] && [ "$(cat "$out/.stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "$name: $out is up to date"; return
  fi
  rm -rf "$out"; mkdir -p "$out"
  "$@"
  echo "$stamp" > "$out/.stamp"
}
regenerate attacks "$OUT" manifest.json \
  "$( (cat tools/attacks/*.py tools/docgen/requirements.txt; ls "$FACES") | sha256sum | cut -c1-16)" -- \
  .venv/bin/python tools/attacks/generate.py --faces "$FACES" --out "$OUT"
CALIB="${VERITY_FACECALIB_DIR:-.build/facecalib}"
regenerate facecalib "$CALIB" variants.json \
  "$( (cat tools/facecalib/*.py tools/docgen/requirements.txt; ls "$FACES/johns") | sha256sum | cut -c1-16)" -- \
  .venv/bin/python tools/facecalib/generate.py --faces "$FACES/johns" --out "$CALIB"
