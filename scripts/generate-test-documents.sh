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
stamp=$( (cat $(ls tools/docgen/*.py | grep -v fixtures.py) tools/docgen/requirements.txt Sources/VerityVision/Resources/egyptian-id/*.txt; echo "${PORTRAITS[@]}") | sha256sum | cut -c1-16)
if [ -f "$OUT/truth.json" ] && [ "$(cat "$OUT/.stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "docgen: $OUT is up to date"
else
  rm -rf "$OUT"; mkdir -p "$OUT"
  .venv/bin/python tools/docgen/generate.py --out "$OUT" --per-kind "${DOCGEN_PER_KIND:-4}" "${PORTRAITS[@]}"
  echo "$stamp" > "$OUT/.stamp"
fi

# Documents of the registry's people for the server's document-flow tests (and the demo).
bash scripts/generate-demo-documents.sh

# The hostile-image set (tools/hostile): files built from the formats'
# specifications to break decoders, for the intake and image-route tests.
HOSTILE="${VERITY_HOSTILE_DIR:-.build/hostile}"
hstamp=$(cat tools/hostile/generate.py | sha256sum | cut -c1-16)
if [ -f "$HOSTILE/manifest.json" ] && [ "$(cat "$HOSTILE/.stamp" 2>/dev/null)" = "$hstamp" ]; then
  echo "hostile images: $HOSTILE is up to date"
else
  rm -rf "$HOSTILE"; mkdir -p "$HOSTILE"
  .venv/bin/python tools/hostile/generate.py --out "$HOSTILE"
  echo "$hstamp" > "$HOSTILE/.stamp"
fi
