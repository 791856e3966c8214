"""SQLite on a full disk, for `make reliability`: one `verity serve` on
SQLite whose files may not grow (a file-size limit set on the running
process, `prlimit --fsize`: SQLite meets the failed write as it meets a full
disk), under PII verifications sent with Idempotency-Keys. While the disk is
full every answer is 200 or 503 SERVICE_UNAVAILABLE, never 500, and the
server stays up; once space returns, every request retried with its key is
answered, each user has exactly one attempt on file (an attempt charged but
not settled when the disk filled is given back by housekeeping, as after a
crash), and the database passes SQLite's integrity check."""
import os
import sqlite3
import subprocess
import time
import urllib.request
import uuid

from deployment import ABANDONED_ATTEMPT_SECONDS, free_port, prepare_tenant, run_cli
from load import JOHN, Clients


class SQLiteServer:
    def __init__(self, binary, work):
        self.binary = binary
        self.data = os.path.join(work, "sqlite")
        self.env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        self.env.update(VERITY_DATA_DIR=self.data, VERITY_LOG_LEVEL="warning", OMP_THREAD_LIMIT="1",
                        VERITY_ABANDONED_ATTEMPT_SECONDS=str(ABANDONED_ATTEMPT_SECONDS))
        self.env["VERITY_DATA_KEY"] = self.cli("keys", "data-key").strip()

    def cli(self, *arguments):
        return run_cli(self.binary, self.env, *arguments)

    def start(self):
        self.port = free_port()
        # Its output is discarded: a log file would be held to the same size limit.
        self.process = subprocess.Popen([self.binary, "serve"], env=dict(self.env, VERITY_PORT=str(self.port), VERITY_HOST="127.0.0.1"),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(600):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/readyz", timeout=2) as answer:
                    if answer.status == 200:
                        return f"http://127.0.0.1:{self.port}"
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the SQLite server did not become ready")

    def limit_file_size(self, limit):
        """The soft limit only: lifting it again needs no privilege."""
        subprocess.run(["prlimit", f"--pid={self.process.pid}", f"--fsize={limit}:unlimited"], check=True)

    def file_sizes(self):
        return {name: os.path.getsize(os.path.join(self.data, name)) for name in os.listdir(self.data) if name.startswith("verity.sqlite")}

    def query(self, statement):
        with sqlite3.connect(f"file:{os.path.join(self.data, 'verity.sqlite')}?mode=ro", uri=True, timeout=30) as db:
            return db.execute(statement).fetchall()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=60)


def run(binary, work, checks):
    server = SQLiteServer(binary, work)
    secret = prepare_tenant(server.cli, os.path.join(work, "sqlite-registry.csv"))
    base = server.start()
    clients = Clients(base, {"secret": secret, "client_key": ""}, "")
    admin = {"Authorization": f"Bearer {secret}"}
    try:
        # Some users verified while there is room, so the files have their working size.
        for number in range(10):
            verify(clients, admin, f"room-{number}")
        # The disk fills: no file may grow more than a little past its size now.
        server.limit_file_size(max(server.file_sizes().values()) + 256 * 1024)
        users = {}
        statuses = {}
        for number in range(300):
            ref = f"full-{number}"
            users[ref] = {"token_key": str(uuid.uuid4()), "verify_key": str(uuid.uuid4())}
            status, minted = clients.send("POST", f"/admin/v1/users/{ref}/token", {}, dict(admin, **{"Idempotency-Key": users[ref]["token_key"]}))
            statuses[status] = statuses.get(status, 0) + 1
            if status == 200:
                status, _ = clients.send("POST", "/v1/identity/verify", JOHN,
                                         {"Authorization": f"Bearer {minted['token']}", "Idempotency-Key": users[ref]["verify_key"]})
                statuses[status] = statuses.get(status, 0) + 1
            if statuses.get(503, 0) >= 20:
                break
        alive = server.process.poll() is None
        checks.add("SQLite on a full disk answers 503 SERVICE_UNAVAILABLE, never 500, and stays up",
                   alive and set(statuses) <= {200, 503} and statuses.get(503, 0) > 0, f"statuses {statuses}, up: {alive}")
        # Space returns: every request, retried with its key, is answered.
        server.limit_file_size("unlimited")
        unanswered = []
        for ref, keys in users.items():
            answer = verify(clients, admin, ref, keys["token_key"], keys["verify_key"])
            if answer is None:
                unanswered.append(ref)
        checks.add("once space returns, every request retried with its key is answered", not unanswered, unanswered[:5])
        # Attempts charged and not settled when the disk filled are given back, as after a crash.
        time.sleep(ABANDONED_ATTEMPT_SECONDS + 1)
        server.cli("housekeeping")
        attempts = server.query("SELECT user_id, COUNT(*), SUM(outcome = 'pending') FROM verification_attempts GROUP BY user_id")
        doubled = [row for row in attempts if row[1] != 1]
        pending = sum(row[2] for row in attempts)
        checks.add("after a full disk, each user has exactly one attempt on file and none is left pending",
                   len(attempts) == 10 + len(users) and not doubled and pending == 0,
                   f"{len(attempts)} users with attempts for {10 + len(users)}, {len(doubled)} with more than one, {pending} pending")
        server.stop()
        integrity = server.query("PRAGMA integrity_check")
        checks.add("the SQLite database passes its integrity check after the full disk", integrity == [("ok",)], integrity[:3])
        print(f"SQLite full disk: statuses {dict(sorted(statuses.items()))} for {len(users)} users while full", flush=True)
    finally:
        if server.process.poll() is None:
            server.process.kill()


def verify(clients, admin, ref, token_key=None, verify_key=None):
    """One user minted and verified, each POST retried with its key until answered."""
    status, minted = clients.call("POST", f"/admin/v1/users/{ref}/token", {},
                                  dict(admin, **{"Idempotency-Key": token_key or str(uuid.uuid4())}), deadline_seconds=60)
    if status == 409 and "ANSWER_LOST" in str(minted):
        status, minted = clients.call("POST", f"/admin/v1/users/{ref}/token", {}, admin, deadline_seconds=60)
    if status != 200:
        return None
    auth = {"Authorization": f"Bearer {minted['token']}"}
    status, answer = clients.call("POST", "/v1/identity/verify", JOHN, dict(auth, **{"Idempotency-Key": verify_key or str(uuid.uuid4())}),
                                  deadline_seconds=60)
    if status == 409 and "ANSWER_LOST" in str(answer):
        status, answer = clients.call("GET", "/v1/identity/verification", headers=auth, deadline_seconds=60)
    return answer if status == 200 else None
