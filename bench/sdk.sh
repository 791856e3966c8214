#!/usr/bin/env bash
# `make bench-sdk` (also run by `make bench`): what the Swift SDK costs the
# process calling it while the service takes its time, on Linux. The baseline,
# in the same run, is the same client given URLSession.shared
# (FoundationNetworking), which keeps a core busy while it waits for the first
# answer on a new connection; the SDK's default transport (AsyncHTTPClient on
# Linux) should cost next to nothing. Kept-alive connections, then a server
# closing each connection after its answer (as idle timeouts and load balancers do).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh
swift build -c release --product VerityBench > "$OUT/build-sdk.log" 2>&1 || { tail -30 "$OUT/build-sdk.log"; exit 1; }
for at_once in 1 4; do
  .build/release/VerityBench sdk-wait --requests 16 --concurrency "$at_once" --answer-ms 1000 | tee "$OUT/sdk-wait-$at_once.txt"
done
