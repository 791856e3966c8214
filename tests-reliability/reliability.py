#!/usr/bin/env python3
"""`make reliability` (a short form runs in CI): two `verity serve` processes
on one PostgreSQL behind a round-robin proxy, under a mixed load, one of them
killed with SIGKILL at random moments and started again. Clients behave as
the documentation tells integrators to: every POST carries an
Idempotency-Key and is retried with the same key until it has an answer.

Afterwards, read from the database and the webhook receiver:
- every PII verification a client sent has exactly one attempt on file, and
  attempts remaining never went up;
- every document check (John's driver licence, captureAndVerifyIdentityDocument)
  is exactly one check on file, ended as the registry says, none left pending;
- every OCR combination a client got (Egyptian ID cards, sealed as the SDK
  seals them) is signed, on file once, and its session's keys and readings
  are erased;
- every person a client took through certification (SMS code, registration,
  accreditation, a DIAC, a CSR, the certificate job) holds a level-2
  certificate for their own key, which signs a challenge, and is one
  certificate on file, none issued twice or left pending;
- every VerifyHuman call that was answered is one verification with one
  charge, no charge is lost or doubled, and the ledger adds up to the balance;
- every webhook event was delivered, none is unknown, and a repeat is a
  repeat of the same event id;
- no server answered 5xx (the proxy's 502 for a request in flight on a killed
  server is the load balancer's, and the client retries it);
- then, apart, SQLite on a full disk and on a disk gone read-only
  (`sqlite_disk.py`): 503s, never 500,
  nothing lost or doubled once the disk is back, and an intact database.
Prints "reliability: N passed, N failed" and the figures.

  tests-reliability/reliability.py --binary .build/debug/verity --postgres postgres://postgres@127.0.0.1:55432/postgres
"""
import argparse
import base64
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from deployment import Deployment  # noqa: E402
from certification_load import CertificationLoad, prepare_entity  # noqa: E402
from load import Clients  # noqa: E402
from proxy import RoundRobinProxy  # noqa: E402
from sms_gateway import SMSGateway  # noqa: E402
import sqlite_disk  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/debug/verity")
    parser.add_argument("--postgres", required=True, help="a PostgreSQL URL whose user may create databases")
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--seconds-between-kills", type=float, default=4.0)
    parser.add_argument("--pii-clients", type=int, default=4)
    parser.add_argument("--mobile-clients", type=int, default=1)
    parser.add_argument("--document-clients", type=int, default=1)
    parser.add_argument("--ocr-clients", type=int, default=1)
    parser.add_argument("--certification-clients", type=int, default=1)
    parser.add_argument("--national-ids", default=".build/docgen",
                        help="a folder with egypt_id-NNN-clean-{front,back}.png (scripts/generate-test-documents.sh)")
    parser.add_argument("--selfie", default=".build/docgen-fixtures/john-smith-selfie.jpg")
    parser.add_argument("--licence", nargs=2, default=[".build/docgen-fixtures/john-smith-licence-front.png",
                                                      ".build/docgen-fixtures/john-smith-licence-back.png"])
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--postgres-outage", type=float, default=4.0,
                        help="after the kills, stop PostgreSQL for this many seconds under load (0: not)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    random.seed(seed)
    print(f"seed {seed}")

    work = tempfile.mkdtemp(prefix="verity-reliability-")
    deployment = Deployment(os.path.abspath(args.binary), args.postgres, work)
    receiver = subprocess.Popen([sys.executable, os.path.join(HERE, "..", "tests-contract", "webhook-receiver.py"),
                                 "--log", os.path.join(work, "hooks.jsonl"), "--lifetime", "3600"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    hook_port = int(receiver.stdout.readline())
    sms = SMSGateway()
    try:
        failed = run(args, deployment, hook_port, sms, work)
    finally:
        deployment.stop_all(kill=True)
        receiver.terminate()
        sms.close()
        deployment.drop()
    sys.exit(1 if failed else 0)


def run(args, deployment, hook_port, sms, work):
    setup = deployment.prepare(f"http://127.0.0.1:{hook_port}/hooks/verity")
    prepare_entity(deployment.cli)
    deployment.env["VERITY_SMS_URL"] = sms.url  # the tenant's SMS provider: the stand-in
    ports = [deployment.start() for _ in range(2)]
    proxy = RoundRobinProxy(ports)
    front, back = (encoded(path) for path in args.licence)
    licence = {"imageBase64": front, "backImageBase64": back, "country": "US", "documentType": "driverLicense"}
    cards = [tuple(encoded(os.path.join(args.national_ids, f"egypt_id-{n:03d}-clean-{side}.png")) for side in ("front", "back"))
             for n in range(4)]
    clients = Clients(f"http://127.0.0.1:{proxy.port}", setup, encoded(args.selfie), licence, cards)
    certification = CertificationLoad(clients, sms)
    stop = threading.Event()
    threads = [threading.Thread(target=clients.pii_worker, args=(n, stop)) for n in range(args.pii_clients)]
    threads += [threading.Thread(target=clients.mobile_worker, args=(n, stop)) for n in range(args.mobile_clients)]
    threads += [threading.Thread(target=clients.document_worker, args=(n, stop)) for n in range(args.document_clients)]
    threads += [threading.Thread(target=clients.ocr_worker, args=(n, stop)) for n in range(args.ocr_clients)]
    threads += [threading.Thread(target=certification.worker, args=(n, stop)) for n in range(args.certification_clients)]
    for thread in threads:
        thread.start()

    checks = Checks()
    started = time.time()
    for kill in range(args.kills):
        time.sleep(random.uniform(0.5, 2 * args.seconds_between_kills - 0.5))
        victim = random.choice(ports)
        deployment.kill(victim)
        time.sleep(random.uniform(0.2, 1.5))
        deployment.restart(victim)
        print(f"kill {kill + 1}: server on port {victim} at {time.time() - started:.1f} s, "
              f"{clients.answered()} requests answered so far", flush=True)
    rolling_restart(deployment, ports, checks, clients)
    if args.postgres_outage:
        outage(args, deployment, ports, checks, clients)
    stop.set()
    for thread in threads:
        thread.join()
    load_seconds = time.time() - started
    deployment.wait_for_jobs(checks)
    deployment.wait_for_webhooks()
    deployment.give_back_stranded_attempts(checks)
    clients.check(checks, deployment)  # reads users back through the servers
    certification.check(checks, deployment)
    deployment.stop_all()
    proxy.close()
    deployment.check_webhooks(checks, os.path.join(work, "hooks.jsonl"))
    deployment.check_credits(checks, clients.mobile_answers)
    deployment.check_jobs(checks)
    deployment.check_combinations(checks, [cid for cid, _ in clients.combinations])
    server_errors = deployment.server_errors()
    checks.add("no server answered a 5xx other than 503 (their logs)", not server_errors, server_errors[:5])
    sqlite_disk.run(args.binary, work, checks)
    print(f"figures: {clients.summary()}; {certification.summary()} in {load_seconds:.0f} s with {args.kills} kills; proxy sent {proxy.sent}; "
          f"{deployment.stranded} attempts left pending by a killed server, given back by housekeeping")
    print(f"reliability: {checks.passed} passed, {checks.failed} failed")
    return checks.failed


def encoded(path):
    with open(path, "rb") as file:
        return base64.b64encode(file.read()).decode()


def rolling_restart(deployment, ports, checks, clients):
    """Each server stopped with SIGTERM and started again, one at a time,
    under load, as an upgrade rolls: the stopping server answers what it has
    in hand and takes nothing new, so no client sees it go."""
    failed = clients.failures()
    for port in ports:
        deployment.stop_gracefully(port)
        deployment.restart(port)
    time.sleep(1)
    lost = clients.failures() - failed
    checks.add("a rolling restart under load (SIGTERM, one server at a time) fails no request", lost == 0,
               f"{lost} answered 502 or not at all")
    print(f"rolling restart: {len(ports)} servers, {lost} requests failed", flush=True)


def outage(args, deployment, ports, checks, clients):
    """PostgreSQL stopped under load, then started: the servers say they are
    not ready while it is down, and are ready again by themselves soon after."""
    port = urllib.parse.urlparse(args.postgres).port
    answered = clients.answered()
    down = subprocess.Popen(["bash", os.path.join(HERE, "..", "scripts", "postgres.sh"), "outage", str(port), str(args.postgres_outage)])
    not_ready = set()
    while down.poll() is None:
        for server in ports:
            if readiness(server) == 503:
                not_ready.add(server)
        time.sleep(0.2)
    back = time.time()
    waiting = set(ports)
    while waiting and time.time() - back < 60:
        waiting = {server for server in waiting if readiness(server) != 200}
        time.sleep(0.2)
    recovered = time.time() - back
    checks.add("while PostgreSQL is down, every server says it is not ready (503)", not_ready == set(ports), sorted(not_ready))
    checks.add("once PostgreSQL is back, every server is ready again within 30 s, by itself", not waiting and recovered < 30,
               f"{recovered:.1f} s, still waiting: {sorted(waiting)}")
    time.sleep(3)
    checks.add("the load goes on after the outage", clients.answered() > answered)
    print(f"PostgreSQL down {args.postgres_outage:.0f} s: servers ready again {recovered:.1f} s after it was back", flush=True)


def readiness(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def add(self, name, ok, detail=None):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAILED: {name}" + (f": {detail}" if detail is not None else ""), flush=True)


if __name__ == "__main__":
    main()
