#!/usr/bin/env bash
# `make bench-chip` (also run by `make bench`): what a passport's chip adds to
# a document check, on the engines' own work in one process, one core: the
# page read with its selfie (the baseline, same run) against the chip task
# (passive authentication and its chain, DG2's JPEG 2000 decoded and matched
# to the selfie and the portrait), and the parts alone. Shared chip data.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" OMP_THREAD_LIMIT=1 OPENBLAS_NUM_THREADS=1
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh
bash scripts/install-face-models.sh
bash scripts/fetch-face-test-data.sh
bash scripts/generate-test-documents.sh
swift build -c release --product VerityBench > "$OUT/build-chip.log" 2>&1 || { tail -30 "$OUT/build-chip.log"; exit 1; }
taskset -c 0 .build/release/VerityBench chip --sets "${VERITY_SHARED_DATA_DIR:-../shared/data}/chip" \
  --documents "${VERITY_DOCGEN_DIR:-.build/docgen}" --johns "${VERITY_FACEDATA_DIR:-.build/facedata}/johns" \
  --models "${VERITY_MODELS_DIR:-models}" --count "${CHIP_BENCH_COUNT:-20}" --out "$OUT/chip.json"
python3 - "$OUT/chip.json" <<'PY' | tee "$OUT/chip.txt"
import json, sys
r = json.load(open(sys.argv[1]))
check = r["documentInspectMs"] + r["selfieMatchMs"]
print(f"The chip beside a document check, medians of {r['count']}, one core:")
print(f"  document check, engines' work (page read {r['documentInspectMs']:.0f} ms + selfie match {r['selfieMatchMs']:.0f} ms): {check:.0f} ms (baseline)")
print(f"  passive authentication (SOD signature, chain to the CSCA, six hashes incl. DG2's 15 KB): {r['passiveAuthenticationMs']:.2f} ms"
      f" = x{r['passiveAuthenticationMs'] / check:.4f} of the check (without DG2: {r['passiveAuthenticationWithoutDG2Ms']:.2f} ms)")
print(f"  DG2's JPEG 2000 decoded: {r['faceDecodeMs']:.1f} ms = x{r['faceDecodeMs'] / check:.3f}")
added = r["selfieMatchWithChipMs"] - r["selfieMatchMs"] + r["chipTaskMs"]
print(f"  the selfie task with DG2 matched on its embeddings: {r['selfieMatchWithChipMs']:.0f} ms (+{r['selfieMatchWithChipMs'] - r['selfieMatchMs']:.0f} ms)")
print(f"  the chip task (passive and active authentication; DG2 already matched): {r['chipTaskMs']:.0f} ms")
print(f"  the chip task where a check may wait for a reviewer (DG2 decoded again and kept as a PNG): {r['chipTaskForReviewerMs']:.0f} ms")
print(f"  what the chip adds to a check with a selfie: {added:.0f} ms = x{added / check:.3f} of the check (aim: at most x0.1)")
print(f"  without a selfie, the chip task matching DG2 to the page: {r['chipTaskWithPageMs']:.0f} ms = x{r['chipTaskWithPageMs'] / r['documentInspectMs']:.2f} of the page read")
print(f"  face match (selfie against the page), for scale: {r['selfieMatchMs']:.0f} ms")
print(f"  the Dutch master list imported (394 CSCAs, each signature verified): {r['masterListNLMs']:.0f} ms")
PY
