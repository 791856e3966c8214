"""The harness's one limit on waiting for a state (a server ready, a job done,
an SMS arrived): VERITY_TEST_WAIT_SECONDS, 300 s by default, as every other
wait in the tests (TestDeadlines.state in the Swift tests). A loaded
machine brings a state later, not differently; a harness fails when a state
never comes, not when it comes late."""
import os

WAIT_SECONDS = int(os.environ.get("VERITY_TEST_WAIT_SECONDS", "300"))
