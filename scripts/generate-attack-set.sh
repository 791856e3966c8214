#!/usr/bin/env bash
# Renders the presentation-attack test set (tools/attacks): the real face
# photos of scripts/fetch-face-test-data.sh, and simulated screen replays,
# halftone prints and held-up photo prints of them, into .build/attacks (or
# $VERITY_ATTACKS_DIR), unless they are already there for the same generator.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${VERITY_ATTACKS_DIR:-.build/attacks}"
FACES="${VERITY_FACEDATA_DIR:-.build/facedata}"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -r tools/docgen/requirements.txt
stamp=$( (cat tools/attacks/*.py tools/docgen/requirements.txt; ls "$FACES") | sha256sum | cut -c1-16)
if [ -f "$OUT/manifest.json" ] && [ "$(cat "$OUT/.stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "attacks: $OUT is up to date"; exit 0
fi
rm -rf "$OUT"; mkdir -p "$OUT"
.venv/bin/python tools/attacks/generate.py --faces "$FACES" --out "$OUT"
echo "$stamp" > "$OUT/.stamp"
