#!/usr/bin/env bash
# Real face photos for the face tests, from a package (never committed): the
# test images of the face_recognition 1.3.0 sdist on PyPI. Cached in
# ${XDG_CACHE_HOME:-~/.cache}/verity so a machine downloads them once; extracted
# into .build/facedata (or $VERITY_FACEDATA_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${VERITY_FACEDATA_DIR:-.build/facedata}"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/verity/sdists"
[ -f "$OUT/obama.jpg" ] && { echo "face data: $OUT is ready"; exit 0; }
mkdir -p "$OUT" "$CACHE"
[ -x .venv/bin/pip ] || python3 -m venv .venv
ls "$CACHE"/face_recognition-1.3.0.tar.gz >/dev/null 2>&1 ||
  .venv/bin/pip download -q --no-deps --no-binary :all: -d "$CACHE" face_recognition==1.3.0
tar xzf "$CACHE/face_recognition-1.3.0.tar.gz" -C "$OUT" --strip-components=3 --wildcards 'face_recognition-1.3.0/tests/test_images/*'
echo "face data: $(ls "$OUT" | wc -l) images in $OUT"
