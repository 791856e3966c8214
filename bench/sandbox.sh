#!/usr/bin/env bash
# `make bench-sandbox` (also run by `make bench`): what the engine sandbox
# costs. The same demo server, the same images, the same run: engines in
# the server's own process (the baseline, VERITY_ENGINE_ISOLATION=in-process)
# and in sandboxed workers as deployed (bubblewrap, seccomp, a zygote that
# forks a child per tenant's turn). VerifyHuman calls/s at 16 clients, and the
# whole document flow (captureAndVerifyIdentityDocument, submit to final
# status) at 4 in flight. The aim: the sandbox keeps >= 0.85 of the baseline.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" OMP_THREAD_LIMIT=1
OUT="bench/results"; mkdir -p "$OUT"
THREADS="${VERITY_ENGINE_THREADS:-$(getconf _NPROCESSORS_ONLN)}"
ROUNDS="${SANDBOX_BENCH_ROUNDS:-2}"
bash scripts/install-deps.sh --bench
bash scripts/install-face-models.sh > /dev/null
bash scripts/fetch-face-test-data.sh > /dev/null
bash scripts/generate-test-documents.sh > /dev/null
FIXTURES="${VERITY_DOCGEN_FIXTURES_DIR:-.build/docgen-fixtures}"
SELFIE="$FIXTURES/john-smith-selfie.jpg" PASSPORT="$FIXTURES/john-smith-passport-front.png"
FRONT="$FIXTURES/john-smith-licence-front.png" BACK="$FIXTURES/john-smith-licence-back.png"

source bench/release-build.sh
release_binaries "$OUT/build-sandbox.log"
source bench/demo-server.sh
trap 'stop_server' EXIT
export VERITY_ENGINE_THREADS="$THREADS" VERITY_MODELS_DIR="$PWD/models"

measure() { # $1 label (in-process or sandbox), $2 port, $3 round
  local dir; dir=$(mktemp -d)
  if [ "$1" = in-process ]; then VERITY_ENGINE_ISOLATION=in-process start_demo "$2" "$dir"; else start_demo "$2" "$dir"; fi
  VERITY_DATA_DIR="$dir" VERITY_DATA_KEY="$(cat "$dir/data.key")" "$BIN/verity" environment set --tenant demo --environment test \
    --mobile-requests-per-minute 100000 > /dev/null
  VERITY_DATA_DIR="$dir" VERITY_DATA_KEY="$(cat "$dir/data.key")" "$BIN/verity" credits grant --tenant demo --environment test 100000 --note bench > /dev/null
  "$BIN/VerityBench" mobile --base-url "http://127.0.0.1:$2" \
    --client-key "$(python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['clientKey'])" "$dir/demo-keys.json")" \
    --secret-key "$(secret_of "$dir")" --selfie "$SELFIE" --passport "$PASSPORT" --concurrency 16 --humans 256 --identities 8 \
    > "$OUT/sandbox-mobile-$1-$3.txt"
  "$BIN/VerityBench" document-flow --base-url "http://127.0.0.1:$2" --secret-key "$(secret_of "$dir")" \
    --front "$FRONT" --back "$BACK" --concurrency 4 --documents 24 --label "$1" > "$OUT/sandbox-flow-$1-$3.txt"
  stop_server
  rm -rf "$dir"
}

# Alternating, so that a noisy minute on the shared machine falls on both.
for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round: engines in process (baseline)"; measure in-process 18841 "$round"
  echo "== round $round: engines in the sandbox"; measure sandbox 18842 "$round"
done

python3 - "$OUT" "$ROUNDS" <<'PY' | tee "$OUT/sandbox.txt"
import re, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def rate(path, label):
    return float(re.search(label + r".*?throughput=([0-9.]+)", open(path).read(), re.M).group(1))
print("round   VerifyHuman calls/s (in-process, sandbox, ratio)   documents/s at 4 in flight (in-process, sandbox, ratio)")
human_ratios, flow_ratios = [], []
for r in range(1, rounds + 1):
    h_in, h_sb = rate(f"{out}/sandbox-mobile-in-process-{r}.txt", "^verifyhuman:"), rate(f"{out}/sandbox-mobile-sandbox-{r}.txt", "^verifyhuman:")
    f_in, f_sb = rate(f"{out}/sandbox-flow-in-process-{r}.txt", ""), rate(f"{out}/sandbox-flow-sandbox-{r}.txt", "")
    human_ratios.append(h_sb / h_in); flow_ratios.append(f_sb / f_in)
    print(f"{r:5d}   {h_in:8.2f} {h_sb:8.2f}   {h_sb / h_in:5.2f}                      {f_in:6.2f} {f_sb:6.2f}   {f_sb / f_in:5.2f}")
mean = lambda values: sum(values) / len(values)
print(f"sandbox: VerifyHuman {mean(human_ratios):.2f}x in-process, document flow {mean(flow_ratios):.2f}x (aim >= 0.85 each)")
PY
