"""The deployment under test: a fresh PostgreSQL database, the `verity`
command to set it up, `verity serve` processes that can be killed, and the
database read back with psql for the checks."""
import base64
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
import uuid

from limits import WAIT_SECONDS

ABANDONED_ATTEMPT_SECONDS = 10
JOHN_CSV = ("firstName,lastName,address,city,state,postalCode,country,dateOfBirth\n"
            "John,Smith,222333 Peachtree Place,Atlanta,GA,30318,US,1975-02-28\n")


def run_cli(binary, env, *arguments):
    """`verity ARGUMENTS` with `env`: its output, or an error naming the command."""
    done = subprocess.run([binary, *arguments], env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"verity {' '.join(arguments)}: {done.stderr.strip()[:500]}")
    return done.stdout


def prepare_tenant(cli, registry, *settings):
    """A migrated database with tenant acme's live environment: a secret key
    (returned), John in the registry (written to the file `registry`), no
    consent asked, request limits out of the load's way, and `settings`."""
    cli("migrate")
    secret = cli("keys", "create", "--tenant", "acme", "--environment", "live").strip()
    with open(registry, "w") as file:
        file.write(JOHN_CSV)
    cli("registry", "import", registry)
    cli("environment", "set", "--tenant", "acme", "--environment", "live", "--consent-required", "false",
        "--user-token-requests-per-minute", "100000", "--secret-key-requests-per-minute", "100000", *settings)
    return secret


class Deployment:
    def __init__(self, binary, admin_url, work):
        self.binary, self.work = binary, work
        self.admin_url = admin_url
        self.database = f"verity_reliability_{uuid.uuid4().hex[:8]}"
        self.url = admin_url.rsplit("/", 1)[0] + "/" + self.database
        self.psql_admin(f"CREATE DATABASE {self.database}")
        self.env = dict(os.environ, DATABASE_URL=self.url, VERITY_DATA_DIR=os.path.join(work, "data"),
                        VERITY_DATA_KEY=self.cli("keys", "data-key", env=os.environ).strip(), VERITY_LOG_LEVEL=os.environ.get("RELIABILITY_LOG_LEVEL", "info"),
                        # A short lease: a killed server's jobs and deliveries are taken again within seconds.
                        VERITY_JOB_LEASE_SECONDS="5", VERITY_WEBHOOK_TIMEOUT_MS="3000", OMP_THREAD_LIMIT="1",
                        # The registry answers at once: an attempt unsettled for 10 s was a killed server's.
                        VERITY_ABANDONED_ATTEMPT_SECONDS=str(ABANDONED_ATTEMPT_SECONDS),
                        # Told to stop, a server goes on serving 2 s with /readyz 503: the proxy, which looks
                        # five times a second, sends it nothing more before its port closes.
                        VERITY_SHUTDOWN_DRAIN_SECONDS="2")
        self.servers = {}
        self.logs = []

    def cli(self, *arguments, env=None):
        return run_cli(self.binary, env or self.env, *arguments)

    def prepare(self, hook_url):
        secret = prepare_tenant(self.cli, os.path.join(self.work, "registry.csv"),
                                "--webhooks-allow-private-addresses", "true", "--mobile-requests-per-minute", "100000")
        self.cli("credits", "grant", "--tenant", "acme", "--environment", "live", "1000000", "--note", "reliability")
        client_key = self.cli("keys", "create", "--tenant", "acme", "--environment", "live", "--publishable",
                              "--scopes", "verifyhuman").strip()
        self.cli("webhooks", "add", "--tenant", "acme", "--environment", "live", "--url", hook_url)
        hmac_key = self.cli("keys", "hmac", "--tenant", "acme", "--environment", "live").strip()
        return {"secret": secret, "client_key": client_key, "hmac_key": hmac_key}

    # Servers

    def start(self, port=None):
        port = port or free_port()
        log = os.path.join(self.work, f"serve-{port}-{len(self.logs)}.log")
        self.logs.append(log)
        process = subprocess.Popen([self.binary, "serve"], env=dict(self.env, VERITY_PORT=str(port), VERITY_HOST="127.0.0.1"),
                                   stdout=open(log, "w"), stderr=subprocess.STDOUT)
        self.servers[port] = process
        deadline = time.time() + WAIT_SECONDS
        while time.time() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the server on {port} stopped: {open(log).read()[-500:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as answer:
                    if answer.status == 200:
                        return port
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server on {port} did not become ready")

    def kill(self, port):
        process = self.servers.pop(port)
        process.send_signal(signal.SIGKILL)
        process.wait()

    def restart(self, port):
        self.start(port)

    def stop_gracefully(self, port):
        """SIGTERM, as an orchestrator stops a server it replaces: the server
        answers what it has in hand, then exits."""
        process = self.servers.pop(port)
        process.terminate()
        process.wait(timeout=60)

    def stop_all(self, kill=False):
        for process in self.servers.values():
            process.kill() if kill else process.terminate()
        for process in self.servers.values():
            process.wait(timeout=60)
        self.servers = {}

    def server_errors(self):
        """Request log lines with a 5xx status other than 503 (PostgreSQL down), from every server's log."""
        found = []
        for log in self.logs:
            for line in open(log, errors="replace"):
                if re.search(r'status["=:\s]+"?5(?!03)\d\d\b', line) and "request" in line:
                    found.append(line.strip()[:300])
        return found

    # The database

    def psql_admin(self, statement):
        subprocess.run(["psql", self.admin_url, "-qAtc", statement], check=True, capture_output=True, text=True)

    def query(self, statement):
        done = subprocess.run(["psql", self.url, "-qAtF", "\t", "-c", statement], check=True, capture_output=True, text=True)
        return [line.split("\t") for line in done.stdout.splitlines() if line]

    def wait_for_jobs(self, checks, seconds=WAIT_SECONDS):
        """Until every queued job (document checks the load left running) is
        done; a killed server's job is taken again once its lease lapses."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.query("SELECT COUNT(*) FROM jobs WHERE status = 'queued'")[0][0] == "0":
                break
            time.sleep(1)
        left = self.query("SELECT COUNT(*) FROM document_checks WHERE status = 'pending'")[0][0]
        checks.add("every document check ends once the load stops, none left pending", left == "0", f"{left} pending")

    def wait_for_webhooks(self, seconds=WAIT_SECONDS):
        """Until every event is fanned out and every delivery delivered (the servers run)."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            pending = self.query("SELECT (SELECT COUNT(*) FROM webhook_deliveries WHERE status <> 'delivered')"
                                 " + (SELECT COUNT(*) FROM webhook_events WHERE fan_out_pending <> 0)")[0][0]
            if pending == "0":
                return
            time.sleep(1)

    def check_webhooks(self, checks, log):
        received = []
        for line in open(log):
            received.append(json.loads(base64.b64decode(json.loads(line)["body"])))
        stored = {row[0] for row in self.query("SELECT 'evt_' || replace(id::text, '-', '') FROM webhook_events")}
        ids = [event["id"] for event in received]
        missing = stored - set(ids)
        unknown = set(ids) - stored
        checks.add("every webhook event reached the receiver", not missing, f"{len(missing)} of {len(stored)} missing")
        checks.add("the receiver got no event the database does not hold", not unknown, sorted(unknown)[:5])
        same = all(json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
                   for a in received for b in received if a["id"] == b["id"])
        checks.add("a repeated delivery is the same event, byte for byte", same)
        # Given back (`unanswered`): no decision was made, so none is published.
        settled = int(self.query("SELECT COUNT(*) FROM verification_attempts WHERE outcome NOT IN ('pending', 'unanswered')")[0][0])
        decided = sum(1 for row in self.query("SELECT type FROM webhook_events") if row[0] == "identity_verification.decided")
        checks.add("one identity_verification.decided event per decided attempt", settled == decided,
                   f"{settled} decided attempts, {decided} events")

    def give_back_stranded_attempts(self, checks):
        """An attempt charged by a server killed before it settled stays
        pending (and charged) until housekeeping gives it back: run it now,
        as every server does each minute (`verity housekeeping`)."""
        self.stranded = int(self.query("SELECT COUNT(*) FROM verification_attempts WHERE outcome = 'pending'")[0][0])
        newest = self.query("SELECT COALESCE(MAX(attempted_at), 0) FROM verification_attempts WHERE outcome = 'pending'")[0][0]
        wait = int(newest) / 1000 + ABANDONED_ATTEMPT_SECONDS + 1 - time.time()
        if self.stranded and wait > 0:
            time.sleep(wait)
        self.cli("housekeeping")
        left = int(self.query("SELECT COUNT(*) FROM verification_attempts WHERE outcome = 'pending'")[0][0])
        self.given_back = int(self.query("SELECT COUNT(*) FROM verification_attempts WHERE outcome = 'unanswered'")[0][0])
        checks.add("housekeeping gives back every attempt a killed server left unsettled", left == 0,
                   f"{left} still pending of {self.stranded}")

    def check_credits(self, checks, answered):
        balance = int(self.query("SELECT balance FROM credit_balances")[0][0])
        ledger = self.query("SELECT delta, COALESCE(reference, ''), reason FROM credit_ledger")
        checks.add("the ledger adds up to the balance", sum(int(row[0]) for row in ledger) == balance)
        charges = {}
        for delta, reference, _ in ledger:
            if int(delta) < 0:
                charges[reference.lower()] = charges.get(reference.lower(), 0) + 1
        checks.add("no verification was charged twice", all(count == 1 for count in charges.values()),
                   [ref for ref, count in charges.items() if count > 1][:5])
        stored = {row[0].lower() for row in self.query("SELECT id::text FROM mobile_verifications")}
        checks.add("every verification has its charge and every charge its verification", stored == set(charges),
                   f"{len(stored)} verifications, {len(charges)} charges")
        lost = [answer for answer in answered if answer.lower() not in stored]
        checks.add("every VerifyHuman answer a client got is on file, charged", not lost, lost[:5])

    def check_jobs(self, checks):
        doubled = self.query("SELECT event_id, endpoint_id, COUNT(*) FROM webhook_deliveries GROUP BY 1, 2 HAVING COUNT(*) > 1")
        checks.add("one delivery row per event and endpoint", not doubled, doubled[:5])
        failed = self.query("SELECT kind, COUNT(*) FROM jobs WHERE status = 'failed' GROUP BY 1")
        checks.add("no job failed", not failed, failed)

    def check_combinations(self, checks, answered):
        # The combinations on file once, whose sessions hold no keys or readings any more.
        kept = {row[0] for row in self.query(
            "SELECT combination_id FROM ocr_sessions WHERE combination_id IS NOT NULL GROUP BY combination_id"
            " HAVING COUNT(*) = 1 AND bool_and(sealed_keys IS NULL AND sealed_front IS NULL AND sealed_back IS NULL)")}
        missing = [cid for cid in answered if cid not in kept]
        checks.add("every OCR combination a client got is on file once, its session's keys and readings erased", not missing,
                   missing[:5])

    def drop(self):
        try:
            self.psql_admin(f"DROP DATABASE IF EXISTS {self.database} WITH (FORCE)")
        except subprocess.CalledProcessError:
            pass


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
