#!/usr/bin/env bash
# `make bench-sanctions` (also run by `make bench`): screening with every list
# loaded (OFAC's with its alternate names, the UN's, BIS's) against OFAC's list
# alone (the baseline, same run, alternating rounds), and re-screening 100,000
# monitored subjects after a list changes: the matcher alone, then the job a
# server runs, over subjects sealed in an SQLite database; one core, release
# build, the bundled real lists and the ordinary names of tools/sanctions.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh
swift build -c release --product VerityBench > "$OUT/build-sanctions.log" 2>&1 || { tail -30 "$OUT/build-sanctions.log"; exit 1; }
LISTS=reference-data/sanctions
taskset -c 0 .build/release/VerityBench sanctions --ofac "$LISTS/ofac-sdn-2024-05-03.csv" --alt "$LISTS/ofac-alt-2021.csv" \
  --un "$LISTS/un-consolidated-2026-02-27.xml" --dpl "$LISTS/us-bis-dpl.txt" --names tools/sanctions/ordinary-names.tsv \
  --subjects "${SANCTIONS_BENCH_SUBJECTS:-100000}" --out "$OUT/sanctions.json"
taskset -c 0 .build/release/VerityBench monitoring --ofac "$LISTS/ofac-sdn-2024-05-03.csv" --alt "$LISTS/ofac-alt-2021.csv" \
  --un "$LISTS/un-consolidated-2026-02-27.xml" --names tools/sanctions/ordinary-names.tsv \
  --subjects "${SANCTIONS_BENCH_SUBJECTS:-100000}" --out "$OUT/monitoring.json"
python3 - "$OUT/sanctions.json" "$OUT/monitoring.json" <<'PY' | tee "$OUT/sanctions.txt"
import json, sys
r = json.load(open(sys.argv[1]))
m = json.load(open(sys.argv[2]))
print(f"Screening, {r['names']} ordinary names, one core, medians of the rounds' percentiles:")
print(f"  OFAC alone ({r['ofacEntries']} entries, built in {r['ofacBuildMs']:.0f} ms): p50 {r['ofacP50Ms']:.3f} ms, p95 {r['ofacP95Ms']:.3f} ms (baseline)")
ratio = r['everyListP95Ms'] / r['ofacP95Ms']
print(f"  every list ({r['everyListEntries']} entries, built in {r['everyListBuildMs']:.0f} ms): p50 {r['everyListP50Ms']:.3f} ms, p95 {r['everyListP95Ms']:.3f} ms"
      f" = x{ratio:.2f} of the baseline (target: at most x2) {'OK' if ratio <= 2 else 'OVER'}")
print(f"Re-screening after the UN list changed (+{r['changeAdded']} -{r['changeRemoved']} ~{r['changeChanged']}):")
print(f"  {r['subjects']} monitored subjects against what changed: {r['rescreenMs'] / 1000:.2f} s (matcher of the changes built in {r['diffBuildMs']:.1f} ms);"
      f" {r['rescreenHits']} candidates; {r['plantedFound']} of {r['plantedSubjects']} planted listed names found")
full = r['fullRescreenSampleMs'] / 2000 * r['subjects'] / 1000
print(f"  beside it, the same subjects against every list whole: {full:.1f} s (from a sample of 2,000)")
print(f"  the sanctions.rescreen job, {m['screened']} subjects read and unsealed from SQLite (written in {m['writeSeconds']:.0f} s):"
      f" {m['jobSeconds']:.2f} s; {m['alerts']} alerts and {m['cases']} cases for {m['planted']} planted listed people")
PY
