#!/usr/bin/env bash
# Renders the synthetic test documents (tools/docgen) into .build/docgen, or
# $VERITY_DOCGEN_DIR, unless they are already there for the same generator.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${VERITY_DOCGEN_DIR:-.build/docgen}"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -r tools/docgen/requirements.txt
# Real portraits when the face photos are there (scripts/fetch-face-test-data.sh).
FACES="${VERITY_FACEDATA_DIR:-.build/facedata}/johns"
PORTRAITS=(); [ -d "$FACES" ] && PORTRAITS=(--portraits "$FACES")
stamp=$( (cat tools/docgen/*.py tools/docgen/requirements.txt; echo "${PORTRAITS[@]}") | sha256sum | cut -c1-16)
if [ -f "$OUT/truth.json" ] && [ "$(cat "$OUT/.stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "docgen: $OUT is up to date"; exit 0
fi
rm -rf "$OUT"; mkdir -p "$OUT"
.venv/bin/python tools/docgen/generate.py --out "$OUT" --per-kind "${DOCGEN_PER_KIND:-4}" "${PORTRAITS[@]}"
echo "$stamp" > "$OUT/.stamp"
