#!/usr/bin/env bash
# The engine processes of a server: its sandboxes (bwrap, the server's
# children) and every process inside them, the zygotes (verity-engine-worker)
# and their children. Prints their pids, one a line; nothing when it has none.
#   tests-contract/engine-processes.sh SERVER_PID
todo=$(pgrep -P "$1" -x bwrap)
while [ -n "$todo" ]; do
  printf '%s\n' $todo
  todo=$(for pid in $todo; do pgrep -P "$pid"; done)
done
