#!/usr/bin/env bash
# Documents of the registry's people (tools/docgen/fixtures.py), with real face
# photos (scripts/fetch-face-test-data.sh): the server's document-flow tests
# read them, and `verity demo` makes its first week's history with them.
# Rendered into .build/docgen-fixtures (or $VERITY_DOCGEN_FIXTURES_DIR) unless
# they are already there for the same generator.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/fetch-face-test-data.sh
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -r tools/docgen/requirements.txt
FACES="${VERITY_FACEDATA_DIR:-.build/facedata}/johns"
FIXTURES="${VERITY_DOCGEN_FIXTURES_DIR:-.build/docgen-fixtures}"
fstamp=$( (cat tools/docgen/*.py tools/docgen/requirements.txt) | sha256sum | cut -c1-16)
if [ -f "$FIXTURES/fixtures.json" ] && [ "$(cat "$FIXTURES/.stamp" 2>/dev/null)" = "$fstamp" ]; then
  echo "docgen fixtures: $FIXTURES is up to date"
else
  rm -rf "$FIXTURES"; mkdir -p "$FIXTURES"
  .venv/bin/python tools/docgen/fixtures.py --out "$FIXTURES" --portraits "$FACES"
  echo "$fstamp" > "$FIXTURES/.stamp"
fi
