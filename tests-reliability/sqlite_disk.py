"""SQLite's disk failing under a running server, for `make reliability`: one
`verity serve` on SQLite under PII verifications sent with
Idempotency-Keys, twice:

- a full disk: a file-size limit set on the running process (`prlimit
  --fsize`, soft): SQLite meets the failed write as it meets a full disk;
  then the limit is lifted (space returns);
- a disk gone read-only: the database on an ext4 image (a loop device)
  mounted `errors=remount-ro`, aborted under the server (`mount -o
  remount,abort`), as the kernel does to a disk that fails; then the
  server is stopped, the file system checked (`e2fsck`) and mounted again,
  and the server started on it, as an operator recovers.

While the disk fails every answer is 200 or 503 SERVICE_UNAVAILABLE, never
500, and the server stays up; once it is back, every request retried with its
key is answered, each user has exactly one attempt on file (an attempt
charged but not settled when the disk failed is given back by housekeeping,
as after a crash), and the database passes SQLite's integrity check."""
import os
import sqlite3
import subprocess
import time
import urllib.request
import uuid

from deployment import ABANDONED_ATTEMPT_SECONDS, free_port, prepare_tenant, run_cli
from load import JOHN, Clients
from limits import WAIT_SECONDS


class SQLiteServer:
    def __init__(self, binary, data):
        self.binary, self.data = binary, data
        self.env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        self.env.update(VERITY_DATA_DIR=self.data, VERITY_LOG_LEVEL="warning", OMP_THREAD_LIMIT="1",
                        VERITY_ABANDONED_ATTEMPT_SECONDS=str(ABANDONED_ATTEMPT_SECONDS))
        self.env["VERITY_DATA_KEY"] = self.cli("keys", "data-key").strip()
        self.process = None

    def cli(self, *arguments):
        return run_cli(self.binary, self.env, *arguments)

    def start(self):
        self.port = free_port()
        # Its output is discarded: a log file would be held to the same size limit.
        self.process = subprocess.Popen([self.binary, "serve"], env=dict(self.env, VERITY_PORT=str(self.port), VERITY_HOST="127.0.0.1"),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + WAIT_SECONDS
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/readyz", timeout=2) as answer:
                    if answer.status == 200:
                        self.base = f"http://127.0.0.1:{self.port}"
                        return self.base
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

    def up(self):
        return self.process is not None and self.process.poll() is None

    def stop(self):
        """SIGTERM; whether it exited by itself within a minute (killed otherwise)."""
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
            return True
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return False


class LoopDisk:
    """A small ext4 file system on a loop device, mounted as a real disk is
    (`errors=remount-ro`, Debian's default): `fail` aborts it under whoever
    has files open on it, and the kernel turns it read-only (EROFS)."""

    def __init__(self, image, mount_point, megabytes=64):
        self.image, self.mount_point = image, mount_point
        with open(image, "wb") as file:
            file.truncate(megabytes * 1024 * 1024)
        subprocess.run(["mkfs.ext4", "-q", "-F", image], check=True, capture_output=True)
        self.device = subprocess.run(["losetup", "--find", "--show", image], check=True, capture_output=True, text=True).stdout.strip()
        os.makedirs(mount_point, exist_ok=True)
        self.mount()

    def mount(self):
        subprocess.run(["mount", "-o", "errors=remount-ro", self.device, self.mount_point], check=True, capture_output=True)

    def fail(self):
        subprocess.run(["mount", "-o", "remount,abort", self.mount_point], check=True, capture_output=True)

    def read_only(self):
        try:
            with open(os.path.join(self.mount_point, ".probe"), "w"):
                return False
        except OSError:
            return True

    def repair(self):
        """What an operator does once nothing uses the disk: unmount, check, mount."""
        subprocess.run(["umount", self.mount_point], check=True, capture_output=True)
        checked = subprocess.run(["e2fsck", "-f", "-y", self.device], capture_output=True, text=True)
        if checked.returncode >= 4:  # 1 and 2: errors corrected
            raise RuntimeError(f"e2fsck could not repair the disk: {checked.stdout[-500:]}")
        self.mount()

    def remove(self):
        subprocess.run(["umount", "--lazy", self.mount_point], capture_output=True)
        subprocess.run(["losetup", "--detach", self.device], capture_output=True)
        os.remove(self.image)


def run(binary, work, checks):
    full_disk(binary, work, checks)
    read_only_disk(binary, work, checks)


def full_disk(binary, work, checks):
    server = SQLiteServer(binary, os.path.join(work, "sqlite"))
    try:
        def failing():
            # No file may grow more than a little past its size now.
            server.limit_file_size(max(server.file_sizes().values()) + 256 * 1024)

        def back():
            server.limit_file_size("unlimited")

        under_failing_disk(server, work, checks, "a full disk", "space returns", failing, back)
    finally:
        if server.up():
            server.process.kill()


def read_only_disk(binary, work, checks):
    disk = LoopDisk(os.path.join(work, "sqlite-disk.img"), os.path.join(work, "sqlite-disk"))
    server = None
    try:
        server = SQLiteServer(binary, os.path.join(disk.mount_point, "data"))

        def failing():
            disk.fail()
            checks.add("the aborted disk is read-only (EROFS), as the kernel leaves a failed disk", disk.read_only())

        def back():
            stopped = server.stop()
            checks.add("a server on a read-only disk stops when told (SIGTERM)", stopped)
            disk.repair()
            server.start()

        under_failing_disk(server, work, checks, "a disk gone read-only", "the disk is repaired", failing, back)
    finally:
        if server is not None and server.up():
            server.process.kill()
        disk.remove()


def under_failing_disk(server, work, checks, failure, recovery, failing, back):
    """Users verified before the disk fails, while it fails, and again with
    their keys once it is back; the checks named after `failure`."""
    secret = prepare_tenant(server.cli, os.path.join(work, f"registry-{uuid.uuid4().hex[:6]}.csv"))
    clients = Clients(server.start(), {"secret": secret, "client_key": ""}, "")
    admin = {"Authorization": f"Bearer {secret}"}
    # Some users verified while all is well, so the files have their working size.
    for number in range(10):
        verify(clients, admin, f"before-{number}")
    failing()
    users = {}
    statuses = {}
    for number in range(300):
        ref = f"during-{number}"
        users[ref] = {"token_key": str(uuid.uuid4()), "verify_key": str(uuid.uuid4())}
        status, minted = clients.send("POST", f"/admin/v1/users/{ref}/token", {}, dict(admin, **{"Idempotency-Key": users[ref]["token_key"]}))
        statuses[status] = statuses.get(status, 0) + 1
        if status == 200:
            status, _ = clients.send("POST", "/v1/identity/verify", JOHN,
                                     {"Authorization": f"Bearer {minted['token']}", "Idempotency-Key": users[ref]["verify_key"]})
            statuses[status] = statuses.get(status, 0) + 1
        if statuses.get(503, 0) >= 20:
            break
    alive = server.up()
    checks.add(f"SQLite on {failure} answers 503 SERVICE_UNAVAILABLE, never 500, and stays up",
               alive and set(statuses) <= {200, 503} and statuses.get(503, 0) > 0, f"statuses {statuses}, up: {alive}")
    back()
    clients.base = server.base
    unanswered = [ref for ref, keys in users.items() if verify(clients, admin, ref, keys["token_key"], keys["verify_key"]) is None]
    checks.add(f"once {recovery}, every request retried with its key is answered", not unanswered, unanswered[:5])
    # Attempts charged and not settled when the disk failed are given back, as after a crash.
    time.sleep(ABANDONED_ATTEMPT_SECONDS + 1)
    server.cli("housekeeping")
    attempts = server.query("SELECT user_id, COUNT(*), SUM(outcome = 'pending') FROM verification_attempts GROUP BY user_id")
    doubled = [row for row in attempts if row[1] != 1]
    pending = sum(row[2] for row in attempts)
    checks.add(f"after {failure}, each user has exactly one attempt on file and none is left pending",
               len(attempts) == 10 + len(users) and not doubled and pending == 0,
               f"{len(attempts)} users with attempts for {10 + len(users)}, {len(doubled)} with more than one, {pending} pending")
    server.stop()
    integrity = server.query("PRAGMA integrity_check")
    checks.add(f"the SQLite database passes its integrity check after {failure}", integrity == [("ok",)], integrity[:3])
    print(f"SQLite on {failure}: statuses {dict(sorted(statuses.items()))} for {len(users)} users while it failed", flush=True)


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
