#!/usr/bin/env bash
# `make bench-webhooks` (part of `make bench`): verifyIdentity throughput with
# webhooks off and on in alternating rounds against one server (one endpoint
# subscribed to every event, so each verification sends
# identity_verification.decided), and each delivery's latency from the
# outcome to the receiver. On SQLite (the default) and on PostgreSQL.
# Aims: on/off >= 0.9; delivery p95 <= 1 s at that load.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
CLIENTS="${BENCH_CLIENTS:-16}"
# Rounds long enough that the once-a-minute housekeeping and the machine's
# other tenants are a small part of any one (rounds of 2,000 varied by ±0.1).
REQUESTS="${BENCH_WEBHOOK_REQUESTS:-3000}"
# Five pairs: on this shared machine the CPU one verification costs moves by
# a third between minutes, on or off; the pairs' median is printed beside the
# ratio of the means, and a pair out of line shows in the list.
PAIRS="${BENCH_WEBHOOK_PAIRS:-5}"
PG_PORT=55433
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh

source bench/release-build.sh
release_binaries "$OUT/build.log"

source bench/demo-server.sh
trap 'stop_server; bash scripts/postgres.sh stop $PG_PORT' EXIT

echo "== webhooks off and on, Verity on SQLite"
SQLITE_DIR=$(mktemp -d)
start_demo 18811 "$SQLITE_DIR"
"$BIN/VerityBench" webhooks --base-url http://127.0.0.1:18811 --secret-key "$(secret_of "$SQLITE_DIR")" \
  --concurrency "$CLIENTS" --requests "$REQUESTS" --pairs "$PAIRS" --server-pid "$SERVER" --label sqlite | tee "$OUT/webhooks-sqlite.txt"
stop_server

echo "== webhooks off and on, Verity on PostgreSQL (defaults: fsync on)"
bash scripts/postgres.sh stop $PG_PORT; rm -rf "/tmp/verity-pg-$PG_PORT"
bash scripts/postgres.sh start $PG_PORT > /dev/null
psql -q -h 127.0.0.1 -p $PG_PORT -U postgres -c "CREATE DATABASE verity_webhooks"
PG_DIR=$(mktemp -d)
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/verity_webhooks" start_demo 18812 "$PG_DIR"
"$BIN/VerityBench" webhooks --base-url http://127.0.0.1:18812 --secret-key "$(secret_of "$PG_DIR")" \
  --concurrency "$CLIENTS" --requests "$REQUESTS" --pairs "$PAIRS" --server-pid "$SERVER" --label postgres | tee "$OUT/webhooks-postgres.txt"
stop_server

python3 - "$OUT" <<'PY'
import re, sys
out = sys.argv[1]
print()
for name in ("sqlite", "postgres"):
    line = [l for l in open(f"{out}/webhooks-{name}.txt") if " webhooks: " in l][0]
    field = lambda key: float(re.search(key + r"=([0-9.]+)", line).group(1))
    pairs = re.search(r"pairs=([0-9./]+)", line).group(1)
    ratios = sorted(float(r) for r in pairs.split("/"))
    median = (ratios[len(ratios) // 2] + ratios[(len(ratios) - 1) // 2]) / 2
    print(f"{name:9} verifyIdentity webhooks on/off: {field('ratio'):.3f} (aim >= 0.9; off {field('off'):.0f}/s, on {field('on'):.0f}/s;"
          f" pairs {pairs}, median {median:.2f})"
          f"   delivery p95 {field('p95'):.0f} ms (aim <= 1000), p99 {field('p99'):.0f} ms")
PY
