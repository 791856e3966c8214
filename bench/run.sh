#!/usr/bin/env bash
# `make bench`: verifyIdentity throughput and latency on SQLite and on
# PostgreSQL, beside pgbench (TPC-B) on the same PostgreSQL with the same
# client count, all in one run. Figures are printed as ratios to the
# baseline measured here and now: the machine is shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
CLIENTS="${BENCH_CLIENTS:-16}"
REQUESTS="${BENCH_REQUESTS:-4000}"
RATE="${BENCH_RATE:-500}"
PG_PORT=55433
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh

source bench/release-build.sh
release_binaries "$OUT/build.log"

source bench/demo-server.sh
trap 'stop_server; bash scripts/postgres.sh stop $PG_PORT' EXIT

echo "== Verity on SQLite"
SQLITE_DIR=$(mktemp -d)
start_demo 18801 "$SQLITE_DIR"
"$BIN/VerityBench" identity --base-url http://127.0.0.1:18801 --secret-key "$(secret_of "$SQLITE_DIR")" \
  --concurrency "$CLIENTS" --requests "$REQUESTS" --rate "$RATE" --rate-seconds 10 --label sqlite | tee "$OUT/sqlite.txt"
stop_server

echo "== PostgreSQL (defaults: fsync on) on port $PG_PORT"
bash scripts/postgres.sh stop $PG_PORT; rm -rf "/tmp/verity-pg-$PG_PORT"
PG_ADMIN=$(bash scripts/postgres.sh start $PG_PORT)
PSQL=(psql -q -h 127.0.0.1 -p $PG_PORT -U postgres)
"${PSQL[@]}" -c "CREATE DATABASE verity_bench" -c "CREATE DATABASE pgbench_bench"

echo "== Verity on PostgreSQL"
PG_DIR=$(mktemp -d)
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/verity_bench" start_demo 18802 "$PG_DIR"
"$BIN/VerityBench" identity --base-url http://127.0.0.1:18802 --secret-key "$(secret_of "$PG_DIR")" \
  --concurrency "$CLIENTS" --requests "$REQUESTS" --label postgres | tee "$OUT/postgres.txt"
stop_server

echo "== pgbench TPC-B, $CLIENTS clients, same server"
PGBENCH="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/pgbench"
"$PGBENCH" -h 127.0.0.1 -p $PG_PORT -U postgres -i -s "$CLIENTS" -q pgbench_bench > "$OUT/pgbench-init.log" 2>&1
"$PGBENCH" -h 127.0.0.1 -p $PG_PORT -U postgres -c "$CLIENTS" -j 2 -T 20 -M prepared pgbench_bench | tee "$OUT/pgbench.txt"

python3 - "$OUT" <<'PY'
import re, sys
out = sys.argv[1]
def field(path, name):
    return float(re.search(name + r"=([0-9.]+)", open(f"{out}/{path}").read()).group(1))
tps = float(re.search(r"tps = ([0-9.]+)", open(f"{out}/pgbench.txt").read()).group(1))
pg = field("postgres.txt", "throughput")
lite = field("sqlite.txt", "throughput")
lines = open(f"{out}/sqlite.txt").read().splitlines()
open_loop = [l for l in lines if "open-loop" in l]
p99 = float(re.search(r"p99=([0-9.]+)", open_loop[0]).group(1)) if open_loop else float("nan")
print()
print(f"pgbench TPC-B (baseline):        {tps:9.1f} tps")
print(f"verifyIdentity on PostgreSQL:    {pg:9.1f} /s   ratio to pgbench {pg / tps:.2f}  (aim >= 0.5)")
print(f"verifyIdentity on SQLite:        {lite:9.1f} /s   ratio to pgbench {lite / tps:.2f}")
print(f"SQLite p99 at a fixed 500 req/s: {p99:9.2f} ms  (aim < 20 ms)")
PY
