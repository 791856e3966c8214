#!/usr/bin/env bash
# `make bench`: verifyIdentity throughput and latency on SQLite and on
# PostgreSQL (one server, then two on the same database), beside pgbench
# (TPC-B) on the same PostgreSQL with the same client count, all in one run. Figures are printed as ratios to the
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
SECOND=""
trap 'stop_server; [ -n "$SECOND" ] && kill $SECOND 2>/dev/null; bash scripts/postgres.sh stop $PG_PORT' EXIT
# The machine's CPU, busy and idle, in ticks of /proc/stat: how busy a run kept both cores.
cpu_ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8, $5+$6}' /proc/stat; }
cpu_busy() { # the ticks read before the run -> "busy=NN%" since then
  read -r busy0 idle0 <<<"$1"; read -r busy1 idle1 <<<"$(cpu_ticks)"
  echo "busy=$(( 100 * (busy1 - busy0) / (busy1 - busy0 + idle1 - idle0) ))%"
}

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

echo "== Verity on PostgreSQL: one server, then two on the same database (requests to each in turn)"
# Both servers run through both measurements, each started and settled first
# (a new server builds its sanctions matcher and its connections' prepared
# statements), so the one-server figure is not flattered by an absent
# neighbour, nor the two-server one hurt by a neighbour still starting.
PG_DIR=$(mktemp -d)
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/verity_bench" start_demo 18802 "$PG_DIR"
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/verity_bench" VERITY_DATA_DIR="$PG_DIR" VERITY_DATA_KEY="$(cat "$PG_DIR/data.key")" \
  VERITY_HOST=127.0.0.1 VERITY_PORT=18803 VERITY_LOG_LEVEL=warning "$BIN/verity" serve > "$PG_DIR/second.log" 2>&1 &
SECOND=$!
for _ in $(seq 1 150); do curl -fs http://127.0.0.1:18803/readyz > /dev/null 2>&1 && break; sleep 0.2; done
for _ in $(seq 1 60); do # until the machine is quiet (under 20 % busy over a second), at most a minute
  before=$(cpu_ticks); sleep 1; [ "$(cpu_busy "$before" | tr -dc 0-9)" -lt 20 ] && break
done
before=$(cpu_ticks)
"$BIN/VerityBench" identity --base-url http://127.0.0.1:18802 --secret-key "$(secret_of "$PG_DIR")" \
  --concurrency "$CLIENTS" --requests "$REQUESTS" --label postgres | tee "$OUT/postgres.txt"
cpu_busy "$before" | tee -a "$OUT/postgres.txt"
before=$(cpu_ticks)
"$BIN/VerityBench" identity --base-url http://127.0.0.1:18802 --base-url http://127.0.0.1:18803 --secret-key "$(secret_of "$PG_DIR")" \
  --concurrency "$CLIENTS" --requests "$REQUESTS" --label postgres-two-servers | tee "$OUT/postgres-two.txt"
cpu_busy "$before" | tee -a "$OUT/postgres-two.txt"
kill $SECOND; wait $SECOND 2>/dev/null; SECOND=""
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
two = field("postgres-two.txt", "throughput")
busy = lambda path: re.search(r"busy=([0-9]+)%", open(f"{out}/{path}").read()).group(1)
print(f"two servers on that PostgreSQL:  {two:9.1f} /s   ratio to one server {two / pg:.2f}  (aim >= 1.7; "
      f"CPU busy {busy('postgres.txt')}% with one server, {busy('postgres-two.txt')}% with two)")
print(f"verifyIdentity on SQLite:        {lite:9.1f} /s   ratio to pgbench {lite / tps:.2f}")
print(f"SQLite p99 at a fixed 500 req/s: {p99:9.2f} ms  (aim < 20 ms)")
PY
