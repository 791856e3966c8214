#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on loopback for tests and benchmarks, as the
# postgres user (root cannot run initdb). Prints the admin URL.
#   scripts/postgres.sh start [PORT] [fast]   scripts/postgres.sh stop [PORT]
#   scripts/postgres.sh outage [PORT] [SECONDS]  (down for SECONDS, then up with the options it had)
# "fast" turns fsync off (tests only; benchmarks use PostgreSQL's defaults).
set -euo pipefail
PORT="${2:-55432}"
DIR="/tmp/verity-pg-$PORT"
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
case "${1:-start}" in
  start)
    if [ ! -f "$DIR/PG_VERSION" ]; then
      mkdir -p "$DIR" && chown postgres:postgres "$DIR"
      su postgres -c "$BIN/initdb -D $DIR -U postgres --auth=trust -E UTF8 >/dev/null"
    fi
    OPTIONS="-c listen_addresses=127.0.0.1 -p $PORT -k /tmp -c max_connections=300"
    # The test suites run many servers at once, each with a pool per event
    # loop, some (webhook retries, the second server) for a minute: 300
    # connections ran out in the PostgreSQL stage.
    [ "${3:-}" = "fast" ] && OPTIONS="$OPTIONS -c fsync=off -c synchronous_commit=off -c max_connections=1000"
    if ! su postgres -c "$BIN/pg_ctl -D $DIR status" >/dev/null 2>&1; then
      su postgres -c "$BIN/pg_ctl -D $DIR -l $DIR/server.log -w -o '$OPTIONS' start" >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    su postgres -c "$BIN/pg_ctl -D $DIR -m fast stop" >/dev/null 2>&1 || true
    ;;
  outage)
    su postgres -c "$BIN/pg_ctl -D $DIR -m fast -w stop" >/dev/null
    sleep "${3:-3}"
    # `restart` of a stopped server starts it with the options it last ran with (postmaster.opts).
    su postgres -c "$BIN/pg_ctl -D $DIR -l $DIR/server.log -w restart" >/dev/null 2>&1
    ;;
esac
