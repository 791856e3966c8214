#!/usr/bin/env bash
# `make bench-cpu`: where a verification's CPU goes on this machine, beside
# what pgbench's TPC-B transaction costs, in one run. All three (server,
# PostgreSQL, load generator) share the machine's cores, so throughput is
# the machine's CPU divided by the CPU one unit of work costs:
#   - verifyIdentity on PostgreSQL: CPU per verification of the server, of
#     PostgreSQL, of the load generator, and of the whole machine;
#   - pgbench TPC-B on the same PostgreSQL: the whole machine's CPU per
#     transaction, and its client's share;
#   - GET /healthz: the server's CPU for an HTTP request with nothing behind
#     it (the floor under any API call).
# CPU time is read from /proc (ticks of 10 ms) over runs of several seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
CLIENTS="${BENCH_CLIENTS:-16}"
REQUESTS="${BENCH_REQUESTS:-6000}"
PG_PORT=55434
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh

source bench/release-build.sh
release_binaries "$OUT/build.log"
source bench/demo-server.sh

bash scripts/postgres.sh stop $PG_PORT >/dev/null 2>&1 || true; rm -rf "/tmp/verity-pg-$PG_PORT"
bash scripts/postgres.sh start $PG_PORT > /dev/null
trap 'stop_server; bash scripts/postgres.sh stop $PG_PORT >/dev/null 2>&1' EXIT
PSQL=(psql -q -h 127.0.0.1 -p $PG_PORT -U postgres)
"${PSQL[@]}" -c "CREATE DATABASE verity_bench" -c "CREATE DATABASE pgbench_bench"

machine_ticks() { awk '/^cpu / {print $2+$3+$4+$7+$8}' /proc/stat; }
process_ticks() { awk '{print $14+$15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
postgres_ticks() { for p in $(pgrep -u postgres postgres); do process_ticks "$p"; done | awk '{s+=$1} END {print s}'; }
per() { python3 -c "import sys; print(f'{int(sys.argv[1]) * 10 / int(sys.argv[2]):.3f} ms')" "$1" "$2"; }  # ticks, count

echo "== verifyIdentity on PostgreSQL: $CLIENTS clients, $REQUESTS verifications"
DIR=$(mktemp -d)
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/verity_bench" VERITY_LOG_LEVEL=warning start_demo 18804 "$DIR"
LOG="$OUT/cpu-identity.txt"; rm -f "$LOG" /tmp/verity-bench-cpu.*
# The load generator prints "measuring" once its users are prepared: the
# ticks are read then and, for the load generator, until it exits.
( until grep -q measuring "$LOG" 2>/dev/null; do sleep 0.05; done
  echo "$(process_ticks "$SERVER") $(postgres_ticks) $(machine_ticks)" > /tmp/verity-bench-cpu.start
  generator=$(pgrep -f "VerityBench identity" | head -1)
  while [ -e "/proc/$generator" ]; do process_ticks "$generator" >> /tmp/verity-bench-cpu.generator; sleep 0.05; done ) & WATCHER=$!
"$BIN/VerityBench" identity --base-url http://127.0.0.1:18804 --secret-key "$(secret_of "$DIR")" \
  --concurrency "$CLIENTS" --requests "$REQUESTS" --label cpu > "$LOG" 2>&1
read -r server0 postgres0 machine0 < /tmp/verity-bench-cpu.start
server1=$(process_ticks "$SERVER"); postgres1=$(postgres_ticks); machine1=$(machine_ticks)
wait $WATCHER
generator=$(( $(tail -1 /tmp/verity-bench-cpu.generator) - $(head -1 /tmp/verity-bench-cpu.generator) ))
grep closed-loop "$LOG"
echo "CPU per verification: server $(per $((server1 - server0)) "$REQUESTS"), PostgreSQL $(per $((postgres1 - postgres0)) "$REQUESTS"), load generator $(per $generator "$REQUESTS"), machine $(per $((machine1 - machine0)) "$REQUESTS")"

echo "== GET /healthz on the same server: $CLIENTS clients"
FLOOR=$(( REQUESTS * 5 ))
LOG="$OUT/cpu-http.txt"; rm -f "$LOG"
( until grep -q measuring "$LOG" 2>/dev/null; do sleep 0.05; done; process_ticks "$SERVER" > /tmp/verity-bench-cpu.floor ) & WATCHER=$!
"$BIN/VerityBench" http --base-url http://127.0.0.1:18804 --path /healthz --concurrency "$CLIENTS" --requests "$FLOOR" --label healthz > "$LOG" 2>&1
floor1=$(process_ticks "$SERVER"); wait $WATCHER
grep closed-loop "$LOG"
echo "CPU per request: server $(per $((floor1 - $(cat /tmp/verity-bench-cpu.floor))) "$FLOOR")"
stop_server

echo "== pgbench TPC-B on the same PostgreSQL: $CLIENTS clients, 20 s"
PGBENCH="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/pgbench"
"$PGBENCH" -h 127.0.0.1 -p $PG_PORT -U postgres -i -s 16 -q pgbench_bench > /dev/null 2>&1
machine0=$(machine_ticks)
/usr/bin/time -f "%U %S" -o /tmp/verity-bench-cpu.pgbench "$PGBENCH" -h 127.0.0.1 -p $PG_PORT -U postgres \
  -c "$CLIENTS" -j 2 -T 20 -M prepared pgbench_bench > "$OUT/cpu-pgbench.txt"
machine1=$(machine_ticks)
grep "tps =" "$OUT/cpu-pgbench.txt"
transactions=$(awk '/number of transactions actually processed/ {print $NF}' "$OUT/cpu-pgbench.txt" | cut -d/ -f1)
client=$(awk '{printf "%d", ($1 + $2) * 100}' /tmp/verity-bench-cpu.pgbench)
echo "CPU per transaction: machine $(per $((machine1 - machine0)) "$transactions"), pgbench's client $(per "$client" "$transactions")"
