# Sourced by the bench scripts: the release binaries they measure.
#   release_binaries LOG   builds verity, its engine worker and VerityBench in release mode
#                          (in VERITY_RELEASE_SCRATCH, default .build) and sets BIN
#   BENCH_BIN              a folder holding both binaries already built: used
#                          as it is, nothing is built. Measuring two builds one
#                          after the other (say, before and after a change)
#                          keeps their figures from the same sitting.
release_binaries() {
  if [ -n "${BENCH_BIN:-}" ]; then
    [ -x "$BENCH_BIN/verity" ] && [ -x "$BENCH_BIN/verity-engine-worker" ] && [ -x "$BENCH_BIN/VerityBench" ] \
      || { echo "BENCH_BIN=$BENCH_BIN lacks verity, verity-engine-worker or VerityBench"; exit 1; }
    BIN="$BENCH_BIN"; echo "== binaries from $BIN (not built)"; return
  fi
  echo "== release build"
  local scratch="${VERITY_RELEASE_SCRATCH:-.build}"
  swift build -c release --scratch-path "$scratch" --product verity > "$1" 2>&1 || { tail -30 "$1"; exit 1; }
  swift build -c release --scratch-path "$scratch" --product verity-engine-worker >> "$1" 2>&1 || { tail -30 "$1"; exit 1; }
  swift build -c release --scratch-path "$scratch" --product VerityBench >> "$1" 2>&1 || { tail -30 "$1"; exit 1; }
  BIN="$scratch/release"
}
