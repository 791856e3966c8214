#!/usr/bin/env bash
# `make bench-console` (part of `make bench`): the console's review queue and
# overview pages with 100,000 document checks and 10,000 open review cases in
# the environment (plus 10,000 decided), on SQLite and on PostgreSQL, beside
# a plain SELECT count(*) over the same table through the same driver in the
# same run. Aim: each page's p95 <= 200 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
CHECKS="${BENCH_CONSOLE_CHECKS:-100000}"
OPEN="${BENCH_CONSOLE_OPEN_CASES:-10000}"
DECIDED="${BENCH_CONSOLE_DECIDED_CASES:-10000}"
REQUESTS="${BENCH_CONSOLE_REQUESTS:-200}"
PG_PORT=55434
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh

source bench/release-build.sh
release_binaries "$OUT/build.log"

source bench/demo-server.sh
trap 'stop_server; bash scripts/postgres.sh stop $PG_PORT' EXIT

keys() { python3 -c "import json,sys;k=json.load(open(sys.argv[1]));print(k['operatorEmail'], k['operatorPassword'])" "$1/demo-keys.json"; }

run_one() {  # LABEL PORT DIR
  local label=$1 port=$2 dir=$3
  start_demo "$port" "$dir"
  export VERITY_DATA_DIR="$dir" VERITY_DATA_KEY="${VERITY_DATA_KEY:-$(cat "$dir/data.key")}"
  "$BIN/verity" bench-data console --tenant demo --environment test --checks "$CHECKS" --open-cases "$OPEN" --decided-cases "$DECIDED" \
    | tee "$OUT/console-$label-seed.json"
  read -r email password < <(keys "$dir")
  {
    "$BIN/verity" bench-data count --table document_checks --times "$REQUESTS"
    "$BIN/VerityBench" console --base-url "http://127.0.0.1:$port" --email "$email" --password "$password" --requests "$REQUESTS" --label "$label"
    "$BIN/verity" bench-data count --table document_checks --times "$REQUESTS"
  } | tee "$OUT/console-$label.txt"
  stop_server
  unset VERITY_DATA_DIR VERITY_DATA_KEY
}

echo "== console pages, Verity on SQLite"
SQLITE_DIR=$(mktemp -d)
run_one sqlite 18821 "$SQLITE_DIR"

echo "== console pages, Verity on PostgreSQL"
bash scripts/postgres.sh stop $PG_PORT; rm -rf "/tmp/verity-pg-$PG_PORT"
bash scripts/postgres.sh start $PG_PORT > /dev/null
psql -q -h 127.0.0.1 -p $PG_PORT -U postgres -c "CREATE DATABASE verity_console"
PG_DIR=$(mktemp -d)
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/verity_console" run_one postgres 18822 "$PG_DIR"

python3 - "$OUT" <<'PY'
import json, re, sys
out = sys.argv[1]
print()
for name in ("sqlite", "postgres"):
    lines = open(f"{out}/console-{name}.txt").read().splitlines()
    counts = [json.loads(l) for l in lines if l.startswith("{")]
    baseline = sum(c["p95Ms"] for c in counts) / len(counts)
    for page in ("queue", "overview"):
        line = [l for l in lines if f" console {page}:" in l][0]
        p50, p95 = (float(re.search(k + r"=([0-9.]+)", line).group(1)) for k in ("p50", "p95"))
        print(f"{name:9} console {page:9} p95 {p95:6.1f} ms (aim <= 200; p50 {p50:.1f}) = {p95 / baseline:5.1f}x a plain "
              f"SELECT count(*) over {counts[0]['rows']:,} document_checks (p95 {baseline:.1f} ms, before and after)")
PY
