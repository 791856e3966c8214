#!/usr/bin/env bash
# Real face photos for the face tests, from packages (never committed): the
# test images of the face_recognition 1.3.0 sdist on PyPI, the dlib source
# package's examples/johns (5 people × 11 photos) and examples/faces, and the
# sample photos in the scikit-image (astronaut) and matplotlib (grace_hopper)
# wheels. Cached in
# ${XDG_CACHE_HOME:-~/.cache}/verity so a machine downloads them once; extracted
# into .build/facedata (or $VERITY_FACEDATA_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${VERITY_FACEDATA_DIR:-.build/facedata}"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/verity/sdists"
[ -f "$OUT/obama.jpg" ] && [ -d "$OUT/johns" ] && [ -f "$OUT/grace_hopper.jpg" ] && { echo "face data: $OUT is ready"; exit 0; }
mkdir -p "$OUT" "$CACHE"
[ -x .venv/bin/pip ] || python3 -m venv .venv
ls "$CACHE"/face_recognition-1.3.0.tar.gz >/dev/null 2>&1 ||
  .venv/bin/pip download -q --no-deps --no-binary :all: -d "$CACHE" face_recognition==1.3.0
tar xzf "$CACHE/face_recognition-1.3.0.tar.gz" -C "$OUT" --strip-components=3 --wildcards 'face_recognition-1.3.0/tests/test_images/*'
# dlib's source package: apt-get source needs a deb-src entry.
DLIB="$CACHE/dlib_19.24+dfsg.orig.tar.bz2"
if [ ! -f "$DLIB" ]; then
  if ! apt-get source --print-uris dlib >/dev/null 2>&1 || [ -z "$(apt-get source --print-uris dlib 2>/dev/null | grep orig)" ]; then
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      > /etc/apt/sources.list.d/verity-src.sources
    apt-get update -qq
  fi
  (cd "$CACHE" && apt-get source --download-only -qq dlib >/dev/null 2>&1)
fi
tar xjf "$DLIB" -C "$OUT" --strip-components=2 dlib-19.24+dfsg/examples/johns dlib-19.24+dfsg/examples/faces/bald_guys.jpg
# One photo from each of two wheels (only the file is kept).
for wheel in scikit-image==0.24.0:skimage/data/astronaut.png matplotlib==3.9.2:matplotlib/mpl-data/sample_data/grace_hopper.jpg; do
  requirement="${wheel%%:*}" member="${wheel#*:}"
  ls "$CACHE"/"${requirement%%==*}"*"${requirement#*==}"*.whl >/dev/null 2>&1 ||
    ls "$CACHE"/"$(echo "${requirement%%==*}" | tr - _)"-"${requirement#*==}"-*.whl >/dev/null 2>&1 ||
    .venv/bin/pip download -q --no-deps --only-binary :all: -d "$CACHE" "$requirement"
  python3 -c 'import sys, zipfile, glob, os
path = [p for p in glob.glob(sys.argv[1] + "/*.whl") if os.path.basename(p).lower().replace("_", "-").startswith(sys.argv[2].lower() + "-" + sys.argv[3] + "-")][0]
open(os.path.join(sys.argv[5], os.path.basename(sys.argv[4])), "wb").write(zipfile.ZipFile(path).read(sys.argv[4]))' \
    "$CACHE" "${requirement%%==*}" "${requirement#*==}" "$member" "$OUT"
done
echo "face data: $(find "$OUT" \( -name '*.jpg' -o -name '*.png' \) | wc -l) photos in $OUT"
