#!/usr/bin/env bash
# The README's run command: installs what is needed, builds, and starts the
# demo server (SQLite under ./data) with a demo tenant, registry and keys.
#   scripts/demo.sh [--port N] [--data-dir DIR] [--empty]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
bash scripts/install-face-models.sh
# Documents of the registry's people, with real face photos: the first week's history checks them.
bash scripts/generate-demo-documents.sh
# The server, and the engine worker it starts in its sandbox beside it.
swift build --product verity
swift build --product verity-engine-worker
# The TypeScript SDK, for the demo's example page (/examples/web).
(cd sdk/typescript && tsc -p tsconfig.json)
exec .build/debug/verity demo "$@"
