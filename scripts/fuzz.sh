#!/usr/bin/env bash
# Fuzzes every VerityFuzz target (Sources/VerityFuzz, fuzz/README.md) with
# libFuzzer under the address and undefined-behaviour sanitizers, which the
# C shims (CJPEG, CZXing, CFace, CPKCS11) are built with too.
#   scripts/fuzz.sh [TARGET…]      FUZZ_SECONDS per target (600 by default)
# Exits 1 on the first finding (a crash, a leak, a timeout, an allocation
# over the limit), its input kept in .build-fuzz/findings/TARGET/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH" OMP_THREAD_LIMIT=1
SECONDS_PER_TARGET="${FUZZ_SECONDS:-600}"
# release for long runs (ten times the executions); CI builds debug, which compiles faster.
CONFIGURATION="${FUZZ_CONFIGURATION:-release}"
BUILD=.build-fuzz
SANITIZERS="address,undefined"

echo "== building VerityFuzz ($CONFIGURATION) with libFuzzer and the $SANITIZERS sanitizers (into $BUILD)"
mkdir -p "$BUILD"
# -sanitize=fuzzer links libFuzzer's runtime, whose main drives the target
# VERITY_FUZZ_TARGET names (Sources/VerityFuzz/Entrypoint.swift).
if ! swift build -c "$CONFIGURATION" --product VerityFuzz --build-path "$BUILD" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
    -Xcc -fsanitize=fuzzer-no-link,$SANITIZERS -Xcxx -fsanitize=fuzzer-no-link,$SANITIZERS \
    > "$BUILD/build.log" 2>&1; then
  grep -E "error" "$BUILD/build.log" | head -40; tail -20 "$BUILD/build.log"; exit 1
fi
# FUZZ_BUILD_ONLY=1: the build alone (scripts/test.sh starts it early, in the background).
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && { echo "== VerityFuzz built"; exit 0; }
FUZZ="$BUILD/$CONFIGURATION/VerityFuzz"
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || mapfile -t TARGETS < <(VERITY_FUZZ_TARGET=list "$FUZZ" | cut -f1)

# Leaks of the Swift runtime's own caches are not findings; everything else is.
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
for target in "${TARGETS[@]}"; do
  corpus="$BUILD/corpus/$target" findings="$BUILD/findings/$target"
  mkdir -p "$corpus" "$findings"
  cp -n fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null || true
  echo "== $target: $SECONDS_PER_TARGET s"
  if ! VERITY_FUZZ_TARGET="$target" "$FUZZ" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 \
      -max_len=65536 -artifact_prefix="$findings/" -print_final_stats=1 "$corpus" > "$BUILD/$target.log" 2>&1; then
    echo "FINDING in $target:"; grep -E "ERROR|SUMMARY|Test unit written|==[0-9]+==" "$BUILD/$target.log" | head -20
    exit 1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$BUILD/$target.log" | tail -3 | tr '\n' ' '; echo
done
echo "fuzz: ${#TARGETS[@]} targets, no findings"
