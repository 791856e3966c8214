# Sourced by the test scripts: waits for a state, not for a time.
#
#   wait_until "what it waits for" COMMAND [ARG…]
#
# Runs COMMAND every 0.2 s until it succeeds, up to one overall limit that
# every wait in the tests shares: VERITY_TEST_WAIT_SECONDS (300 by default,
# as TestDeadlines.state in the Swift tests). A loaded machine brings a state
# later, not differently, so the limit is generous and a test never fails by
# a deadline of its own; when it does give up it says what it waited for
# and returns 1.
wait_until() {
  local what="$1"; shift
  local limit="${VERITY_TEST_WAIT_SECONDS:-300}"
  local deadline=$(( $(date +%s) + limit ))
  until "$@" > /dev/null 2>&1; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "gave up after $limit s waiting for $what" >&2
      return 1
    fi
    sleep 0.2
  done
}

# Whether a process has ended (for wait_until).
has_ended() { ! kill -0 "$1" 2>/dev/null; }

# A TCP port on 127.0.0.1 that nothing holds now, below the kernel's
# ephemeral range (32768 and up here): a server's port picked at random
# inside that range was once given meanwhile to a client connection, and the
# server could not bind it.
free_port() {
  python3 - <<'PY'
import random, socket
for _ in range(500):
    port = random.randrange(20000, 32000)
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            continue
    print(port)
    break
PY
}
