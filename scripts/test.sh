#!/usr/bin/env bash
# The README's test command: installs what is needed, builds, and runs every
# suite on SQLite and on PostgreSQL, then the schemathesis contract test.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

# Where the time goes: each stage's wall time, printed as the run ends (also
# when it fails), and the slowest tests of the Swift suites.
STAGES=(); STAGE_NAME=""; STAGE_START=$(date +%s); RUN_START=$STAGE_START
SWIFT_LOGS=()
stage() { # the next stage's name
  local now; now=$(date +%s)
  [ -n "$STAGE_NAME" ] && STAGES+=("$(printf '%6d s  %s' $((now - STAGE_START)) "$STAGE_NAME")")
  STAGE_NAME="$1"; STAGE_START=$now
  [ -n "$1" ] && echo "== $1"
  return 0
}
report_times() {
  stage ""
  echo "== where the time went ($(( $(date +%s) - RUN_START )) s in all)"
  printf '%s\n' "${STAGES[@]}"
  if [ ${#SWIFT_LOGS[@]} -gt 0 ]; then
    echo "== the slowest server tests, SQLite and PostgreSQL (time run, not time queued for a slot; the engine tests all start at once and queue for the cores, so their times say little)"
    python3 scripts/test-timings.py "${SWIFT_LOGS[@]}" --top 10
  fi
}
FUZZ_BUILD=""
on_exit() { [ -n "$FUZZ_BUILD" ] && kill "$FUZZ_BUILD" 2>/dev/null; report_times; }
trap on_exit EXIT

stage "install"
bash scripts/install-deps.sh --tests

# Tesseract's OpenMP threads slow a 2-core machine down; the verity binary sets
# this itself, the test runner cannot.
export OMP_THREAD_LIMIT=1

stage "test documents, face models and face photos"
bash scripts/install-face-models.sh
bash scripts/fetch-face-test-data.sh
bash scripts/generate-test-documents.sh
bash scripts/generate-face-test-sets.sh
.venv/bin/pip install -q -r tests-pages/requirements.txt -r tests-contract/requirements.txt

stage "build"
# The import check fails a target that imports a module it does not declare
# (a plain build lets it through when the module happens to be built), so the
# declared graph is the real one; check-structure.py holds it to the
# allow-list and keeps the SDK on the wire alone.
if ! swift build --build-tests --explicit-target-dependency-import-check error > /tmp/verity-build.log 2>&1; then
  grep -E "error" /tmp/verity-build.log | head -40; tail -20 /tmp/verity-build.log; exit 1
fi
tail -1 /tmp/verity-build.log
python3 scripts/check-structure.py
# The SDK builds alone, on the wire and nothing of the server's.
swift build --target Verity --explicit-target-dependency-import-check error > /tmp/verity-sdk-build.log 2>&1 \
  || { tail -20 /tmp/verity-sdk-build.log; exit 1; }

total=0
# The engine tests (core, vision, PKI, and the wire's, which need no server) read hundreds of images synchronously on
# Swift concurrency's threads, one per core; the server tests' HTTP requests
# need those threads too, and time out when both are held for minutes. So the
# engine tests run on their own, first; they touch no database, so once.
ENGINE_TESTS="VerityCoreTests|VerityVisionTests|VerityPKITests|VerityAPITests"
run_suite() {
  local name="$1" selection="$2"; shift 2
  stage "swift test on $name"
  local log; log=$(mktemp)
  if [ "$name" != "the engines (no database)" ]; then SWIFT_LOGS+=("$name=$log"); fi
  if ! env "$@" swift test --skip-build $selection 2>&1 | tee "$log" | grep -E "✘|Test run with|error:|exact:|caught:|decoded:|sanctions recall \((all|first name|a\.k\.a|weak|Chinese|Arabic, as|Cyrillic, as)|sanctions false positives \((OFAC|every list), all"; then :; fi
  if ! grep -qE "Test run with [0-9]+ tests? .*passed" "$log"; then
    # Each failure with what it said (a child process's stderr, a comment), then the end of the run.
    echo "swift test on $name failed"; grep -A 30 "recorded an issue" "$log" | grep -vE "^(✔|◇|slot:)" | head -150
    echo "== the end of the run"; tail -30 "$log"; exit 1
  fi
  total=$((total + $(grep -oE "Test run with [0-9]+ tests?" "$log" | grep -oE "[0-9]+" | tail -1)))
}

# (Telling Swift Testing a width of one per core, so that each of these is
# timed from when it runs, made the stage one test at a time: 360 s.)
run_suite "the engines (no database)" "--filter $ENGINE_TESTS" TEST_DATABASE_URL=
run_suite SQLite "--skip $ENGINE_TESTS" TEST_DATABASE_URL=
PG_URL=$(bash scripts/postgres.sh start 55432 fast)
# Once is enough for what no database changes: the browser runs test the
# pages (the capture links and the console, its chip case and trust page
# included, are tested on both databases without a browser); the slow and idle clients are thousands of sockets
# against the HTTP server; the engine sandbox and its workers
# (EngineWorkerTests, SandboxEscapeTests) confine processes and touch no
# table. What the workers do to jobs and requests (EngineWorkerServerTests)
# runs on both.
PG_ONCE="CapturePageBrowserTests|ReferencePagesBrowserTests|ConsolePagesBrowserTests|ConsoleChipBrowserTests|SlowClientsE2ETests|EngineWorkerTests|SandboxEscapeTests"
run_suite PostgreSQL "--skip $ENGINE_TESTS|$PG_ONCE" TEST_DATABASE_URL="$PG_URL"

# The fuzz targets' sanitized build (three minutes of both cores) starts now,
# at the lowest priority, beside the stages that leave a core idle (the
# contract, the CLI, the SDKs, the demo); the fuzz stage waits for it. The
# stages that time refusals or kill servers come after it has mostly run.
FUZZ_BUILD_LOG=/tmp/verity-fuzz-build.log
nice -n 19 env FUZZ_CONFIGURATION=debug FUZZ_BUILD_ONLY=1 bash scripts/fuzz.sh > "$FUZZ_BUILD_LOG" 2>&1 &
FUZZ_BUILD=$!

stage "schemathesis contract test"
[ -x .venv/bin/schemathesis ] || { python3 -m venv .venv && .venv/bin/pip install -q "schemathesis==4.32.5"; }
bash tests-contract/schemathesis.sh .build/debug/verity > /tmp/verity-schemathesis.log 2>&1 || {
  grep -vE "^\s*$" /tmp/verity-schemathesis.log | tail -80; exit 1; }
grep -E "generated|schemathesis:" /tmp/verity-schemathesis.log
contract=$(grep -oE "schemathesis: [0-9]+ passed" /tmp/verity-schemathesis.log | grep -oE "[0-9]+")

stage "command-line test"
bash tests-contract/cli.sh .build/debug/verity | tee /tmp/verity-cli.log
cli=$(grep -oE "cli: [0-9]+ passed" /tmp/verity-cli.log | grep -oE "[0-9]+")

stage "SDKs beyond Swift (TypeScript, Kotlin): built once, the contract against openapi.yaml, the specifications' examples against a live demo"
bash scripts/sdk-tests.sh .build/debug/verity | tee /tmp/verity-sdk.log
sdk=$(grep -oE "sdk: [0-9]+ passed" /tmp/verity-sdk.log | grep -oE "[0-9]+")

stage "the demo's first week: made through the API on a new data folder, shown by the console in headless Chromium"
.venv/bin/python tests-pages/demo_day.py .build/debug/verity | tee /tmp/verity-demo-day.log
demo_day=$(grep -oE "demo-day: [0-9]+ passed" /tmp/verity-demo-day.log | grep -oE "[0-9]+")

stage "crash test: kill -9 in the middle of a document check (SQLite, PostgreSQL)"
bash tests-contract/crash.sh .build/debug/verity "$PG_URL" | tee /tmp/verity-crash.log
crash=$(grep -oE "crash: [0-9]+ passed" /tmp/verity-crash.log | grep -oE "[0-9]+")

stage "hostile images against every image route of a server process: typed refusals within 2 s, peak memory under 1 GiB"
python3 tests-contract/hostile_images.py .build/debug/verity "${VERITY_HOSTILE_DIR:-.build/hostile}" | tee /tmp/verity-hostile.log
hostile=$(grep -oE "hostile-images: [0-9]+ passed" /tmp/verity-hostile.log | grep -oE "[0-9]+")

stage "reliability, short form: two servers on PostgreSQL, kill -9 three times, a rolling restart and an outage under load; SQLite on a full and a read-only disk"
bash tests-reliability/run.sh --short --binary .build/debug/verity --postgres "$PG_URL" | tee /tmp/verity-reliability.log
reliability=$(grep -oE "reliability: [0-9]+ passed" /tmp/verity-reliability.log | grep -oE "[0-9]+")

stage "fuzz targets: the seeds and the hostile images replayed; then libFuzzer under the address and undefined-behaviour sanitizers, C shims included"
# The seeds through every target, in the tests' own build: a quick regression check.
# The chip targets also take the shared chip sets (real SODs, data groups, CSCAs, master lists), whole.
mapfile -t chipfiles < <(find "${VERITY_SHARED_DATA_DIR:-../shared/data}/chip" -type f ! -name "LICENSE*" ! -name "*.md" | sort)
[ "${#chipfiles[@]}" -gt 10 ] || { echo "the shared chip sets are missing"; exit 1; }
# The sanctions target also takes the shared lists (the UN's XML, BIS's DPL, OFAC's CSVs), whole.
mapfile -t sanctionsfiles < <(find "${VERITY_SHARED_DATA_DIR:-../shared/data}/sanctions" -type f ! -name "*.md" | sort)
fuzzed=0
for target in $(.build/debug/VerityFuzz list | cut -f1); do
  case "$target" in chip-*) extra=("${chipfiles[@]}") ;; sanctions-*) extra=("${sanctionsfiles[@]}") ;; *) extra=() ;; esac
  .build/debug/VerityFuzz replay "$target" "fuzz/corpus/$target" "${extra[@]}" > /dev/null
  fuzzed=$((fuzzed + 1))
done
# The sanitized build started before the contract test; its errors are here.
wait "$FUZZ_BUILD" || { echo "the sanitized fuzz build failed:"; tail -30 "$FUZZ_BUILD_LOG"; exit 1; }
FUZZ_BUILD=""
# The sanitized build: every target fuzzed from its seeds a short while; the
# hostile images and the face photos through the image targets (CJPEG, CZXing, CFace).
FUZZ_SECONDS="${FUZZ_SECONDS:-5}" FUZZ_CONFIGURATION=debug bash scripts/fuzz.sh | tee /tmp/verity-fuzz.log
grep -q "fuzz: [0-9]* targets, no findings" /tmp/verity-fuzz.log
# Files named on libFuzzer's command line are run once each, whole (a directory's would be cut at -max_len).
mapfile -t images < <({ find "${VERITY_HOSTILE_DIR:-.build/hostile}" -maxdepth 1 -type f ! -name manifest.json
  find "${VERITY_FACEDATA_DIR:-.build/facedata}" -maxdepth 1 -type f \( -name "*.png" -o -name "*.jpg" \); } | sort)
for target in image-intake image-decode barcode face; do
  VERITY_FUZZ_TARGET="$target" .build-fuzz/debug/VerityFuzz "${images[@]}" > "/tmp/verity-fuzz-$target.log" 2>&1 \
    || { echo "FINDING: $target on the image set:"; grep -E "ERROR|SUMMARY|Running: " "/tmp/verity-fuzz-$target.log" | tail -5; exit 1; }
  echo "$target: ${#images[@]} images replayed under the sanitizers" | tee -a /tmp/verity-fuzz.log
done
for target in chip-sod chip-data-groups chip-trust chip-face; do
  VERITY_FUZZ_TARGET="$target" .build-fuzz/debug/VerityFuzz "${chipfiles[@]}" > "/tmp/verity-fuzz-$target.log" 2>&1 \
    || { echo "FINDING: $target on the shared chip sets:"; grep -E "ERROR|SUMMARY|Running: " "/tmp/verity-fuzz-$target.log" | tail -5; exit 1; }
  echo "$target: ${#chipfiles[@]} chip files replayed under the sanitizers" | tee -a /tmp/verity-fuzz.log
done
fuzzed=$((fuzzed + $(grep -oE "fuzz: [0-9]+ targets" /tmp/verity-fuzz.log | grep -oE "[0-9]+")))

echo "verity: $((total + contract + cli + sdk + demo_day + crash + hostile + reliability + fuzzed)) passed, 0 failed"
