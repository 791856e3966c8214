"""The clients of `make reliability`, as the documentation tells integrators
to write them: each POST with an Idempotency-Key, retried with the same key
on a 502 (the load balancer lost the server mid-request), a refused
connection, or a 409 IDEMPOTENCY_KEY_IN_USE (the first try's claim is still
open), until it is answered."""
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from ocr_client import BACK, COMBINED, FRONT, OCRSession, signed_by

JOHN = {"firstName": "John", "lastName": "Smith", "address": "222333 Peachtree Place", "city": "Atlanta", "state": "GA",
        "postalCode": "30318", "country": "US", "dateOfBirth": "1975-02-28"}
# Someone the registry does not know: each attempt fails and costs one.
STRANGER = dict(JOHN, firstName="Joan", dateOfBirth="1981-06-30")


def lost(answer):
    """409 IDEMPOTENCY_ANSWER_LOST: the work was done, its answer died with its server."""
    status, body = answer
    return status == 409 and "IDEMPOTENCY_ANSWER_LOST" in json.dumps(body)


class Clients:
    def __init__(self, base, setup, selfie, licence=None, national_ids=()):
        self.base, self.secret, self.client_key, self.selfie = base, setup["secret"], setup["client_key"], selfie
        # John's driver licence, front and back, base64: read, then verified against the registry.
        self.licence = licence
        # Egyptian national ID cards, (front, back) base64, for the OCR service; its answers are signed with this key.
        self.national_ids, self.hmac_key = list(national_ids), setup.get("hmac_key")
        self.combinations = []  # (combinationID, the opened response) a client got
        self.restarted_sessions = 0
        self.lock = threading.Lock()
        self.statuses = {}
        self.retries = 0
        self.users = {}  # ref -> {"good": bool, "answers": [(status, body)]}
        self.document_users = {}  # ref -> the submission's answer (200)
        self.mobile_answers = []
        self.problems = []
        self.lost_answers = 0

    def send(self, method, path, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=dict(headers or {}))
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=300) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw)
            except ValueError:
                return error.code, {"raw": raw[:200].decode(errors="replace")}
        except OSError:
            return 0, None

    def call(self, method, path, body=None, headers=None, deadline_seconds=300):
        """One logical request: retried with the same headers until answered."""
        headers = dict(headers or {})
        if method == "POST":
            headers.setdefault("Idempotency-Key", str(uuid.uuid4()))
        deadline = time.time() + deadline_seconds
        while True:
            status, answer = self.send(method, path, body, headers)
            with self.lock:
                self.statuses[status] = self.statuses.get(status, 0) + 1
            in_use = status == 409 and isinstance(answer, dict) and "IN_USE" in json.dumps(answer)
            if status in (0, 502, 503) or in_use:
                if time.time() > deadline:
                    raise RuntimeError(f"{method} {path}: no answer in {deadline_seconds} s (last {status})")
                with self.lock:
                    self.retries += 1
                time.sleep(1.0 if in_use else 0.25)
                continue
            return status, answer

    def failures(self):
        """Tries that got the proxy's 502 or no answer at all, so far."""
        with self.lock:
            return self.statuses.get(502, 0) + self.statuses.get(0, 0)

    def answered(self):
        with self.lock:
            return sum(count for status, count in self.statuses.items() if status not in (0, 502, 503))

    # PII verification: every other user is John (verified at once), the rest
    # strangers who spend their three attempts.

    def token(self, ref):
        """A user token for `ref` (the Authorization header), or None (a problem noted)."""
        status, minted = self.call("POST", f"/admin/v1/users/{ref}/token", {}, {"Authorization": f"Bearer {self.secret}"})
        if lost((status, minted)):
            # The token died with its server: a token is no outcome, so ask for another (a new key).
            with self.lock:
                self.lost_answers += 1
            status, minted = self.call("POST", f"/admin/v1/users/{ref}/token", {}, {"Authorization": f"Bearer {self.secret}"})
        if status != 200:
            self.problem(f"token for {ref}: {status} {minted}")
            return None
        return {"Authorization": f"Bearer {minted['token']}"}

    def answered_or_read(self, answer, auth):
        """A POST's answer; when the work was done but its server died before
        answering, the outcome read back, as integrators are told to."""
        if not lost(answer):
            return answer
        with self.lock:
            self.lost_answers += 1
        return self.call("GET", "/v1/identity/verification", headers=auth)

    def pii_worker(self, worker, stop):
        number = 0
        while not stop.is_set():
            ref = f"pii-{worker}-{number}"
            good = number % 2 == 0
            number += 1
            try:
                auth = self.token(ref)
                if auth is None:
                    continue
                answers = []
                for _ in range(1 if good else 3):
                    answers.append(self.answered_or_read(self.call("POST", "/v1/identity/verify", JOHN if good else STRANGER, auth), auth))
                with self.lock:
                    self.users[ref] = {"good": good, "answers": answers}
            except RuntimeError as error:
                self.problem(str(error))

    # Document checks: John's driver licence, read and verified against the
    # registry with no PII attempt (captureAndVerifyIdentityDocument). The
    # check runs as a job on either server; its answer is its outcome, or
    # `pending` when it takes longer than the request waits.

    def document_worker(self, worker, stop):
        number = 0
        while not stop.is_set():
            ref = f"doc-{worker}-{number}"
            number += 1
            try:
                auth = self.token(ref)
                if auth is None:
                    continue
                status, answer = self.answered_or_read(
                    self.call("POST", "/v1/identity/document/capture-and-verify", self.licence, auth), auth)
                if status != 200:
                    self.problem(f"document check for {ref}: {status} {str(answer)[:200]}")
                    continue
                with self.lock:
                    self.document_users[ref] = {"auth": auth, "answer": answer}
            except RuntimeError as error:
                self.problem(str(error))

    # VerifyHuman through the mobile API: each answered call is one verification and one charge.

    def mobile_worker(self, worker, stop):
        while not stop.is_set():
            try:
                status, answer = self.call("POST", "/api/mobile/v1/verifyhuman/verify", {"selfie_b64": self.selfie},
                                           {"X-Client-Key": self.client_key})
            except RuntimeError as error:
                self.problem(str(error))
                continue
            if status == 200 and answer.get("verification_id"):
                with self.lock:
                    self.mobile_answers.append(answer["verification_id"].removeprefix("mver_"))
            elif lost((status, answer)):
                with self.lock:
                    self.lost_answers += 1
            else:
                self.problem(f"verifyhuman: {status} {str(answer)[:200]}")

    # The national-ID OCR service: a session, both sides sealed, the
    # combination. A step whose answer died with its server cannot be sent
    # again (a side is single use: REQUEST_REPLAYED), so the client starts a
    # new session, as the SDK does; the old one expires.

    def ocr_worker(self, worker, stop):
        number = 0
        while not stop.is_set():
            ref = f"ocr-{worker}-{number}"
            front, back = self.national_ids[number % len(self.national_ids)]
            number += 1
            try:
                auth = self.token(ref)
                if auth is None:
                    continue
                for _ in range(5):
                    done = self.ocr_session(auth, front, back)
                    if done:
                        break
                    with self.lock:
                        self.restarted_sessions += 1
                else:
                    self.problem(f"OCR for {ref}: five sessions lost their answers")
            except RuntimeError as error:
                self.problem(str(error))

    def ocr_session(self, auth, front, back):
        """One session to its combination; False when an answer was lost with its server."""
        session = OCRSession()
        status, opened = self.call("POST", "/v1/documents/ocr/sessions", {"clientPublicKey": session.public_key()}, auth)
        if lost((status, opened)):
            return False
        if status != 200:
            self.problem(f"OCR session: {status} {str(opened)[:200]}")
            return True
        session.agree(opened["sessionID"], opened["serverPublicKey"])
        transactions = {}
        for side, purpose, image in (("front", FRONT, front), ("back", BACK, back)):
            status, read = self.call("POST", f"/v1/documents/ocr/{side}",
                                     {"sessionID": session.session_id, "sealedRequest": session.seal(purpose, {"image": image})}, auth)
            if lost((status, read)):
                return False
            if status != 200:
                self.problem(f"OCR {side}: {status} {str(read)[:200]}")
                return True
            transactions[side] = read["transactionId"]
        status, combined = self.call("POST", "/v1/documents/ocr/combine", {
            "sessionID": session.session_id, "transactionIdFront": transactions["front"], "transactionIdBack": transactions["back"]}, auth)
        if lost((status, combined)):
            return False
        if status != 200:
            self.problem(f"OCR combine: {status} {str(combined)[:200]}")
            return True
        with self.lock:
            self.combinations.append((combined["combinationID"], session.open(COMBINED, combined["sealedResponse"])))
        return True

    def problem(self, text):
        with self.lock:
            self.problems.append(text)

    # Checks

    def check(self, checks, deployment):
        checks.add("every request was answered, as expected", not self.problems, self.problems[:5])
        five = {status: count for status, count in self.statuses.items() if status >= 500 and status not in (502, 503)}
        checks.add("no client got a 5xx other than the proxy's 502 and 503 while PostgreSQL was down", not five, five)
        wrong, climbed, counted = [], [], []
        for ref, user in sorted(self.users.items()):
            statuses = [status for status, _ in user["answers"]]
            if statuses != [200] * len(statuses):
                wrong.append((ref, statuses))
                continue
            status, file = self.call("GET", f"/admin/v1/users/{urllib.parse.quote(ref)}/export",
                                     headers={"Authorization": f"Bearer {self.secret}"})
            attempts = file.get("verificationAttempts", []) if status == 200 else None
            held = len(attempts) if attempts is not None else None
            if held != len(user["answers"]):
                counted.append((ref, len(user["answers"]), held))
            # An attempt whose server died before the data source answered was
            # given back by housekeeping: it has no verdict to compare.
            given_back = any(attempt["outcome"] == "unanswered" for attempt in attempts or [])
            remaining = [body["attemptsRemaining"] for _, body in user["answers"]]
            verified = [body["verified"] for _, body in user["answers"]]
            if not given_back and (user["good"] and verified != [True] or not user["good"] and any(verified)):
                wrong.append((ref, verified))
            if not given_back and any(later >= earlier for earlier, later in zip(remaining, remaining[1:])):
                climbed.append((ref, remaining))
        checks.add("every PII verification answered as the registry says", not wrong, wrong[:5])
        self.check_documents(checks)
        self.check_combinations(checks)
        checks.add("attempts remaining only went down", not climbed, climbed[:5])
        checks.add("each verification request sent is exactly one attempt on file", not counted, counted[:5])
        checks.add("the load did work", len(self.users) >= 4 and len(self.mobile_answers) >= 1
                   and (self.licence is None or len(self.document_users) >= 1)
                   and (not self.national_ids or len(self.combinations) >= 1),
                   f"{len(self.users)} users, {len(self.document_users)} document checks, {len(self.combinations)} OCR combinations, "
                   f"{len(self.mobile_answers)} VerifyHuman answers")

    def check_combinations(self, checks):
        """Every combination a client got opened with its session's key, each
        engine answer in it signed under the environment's key, the card's
        number read."""
        unsigned = [cid for cid, result in self.combinations
                    if not result.get("hmacDataList") or not all(signed_by(h, self.hmac_key) for h in result["hmacDataList"])]
        unread = [cid for cid, result in self.combinations if not (result.get("ocrResult") or {}).get("frontNid")]
        checks.add("every OCR combination a client got is signed under the environment's key", not unsigned, unsigned[:5])
        checks.add("every OCR combination a client got read the card's number", not unread, unread[:5])

    def check_documents(self, checks):
        """After the load, with the jobs done: each document user has exactly
        one check on file, whatever kills its request and its job met, ended
        as the registry says (John's licence: succeeded), never left pending."""
        wrong, counted = [], []
        for ref, user in sorted(self.document_users.items()):
            status, file = self.call("GET", f"/admin/v1/users/{urllib.parse.quote(ref)}/export",
                                     headers={"Authorization": f"Bearer {self.secret}"})
            held = [check["status"] for check in file.get("documentChecks", [])] if status == 200 else None
            if held is None or len(held) != 1:
                counted.append((ref, held))
            status, now = self.call("GET", "/v1/identity/verification", headers=user["auth"])
            outcome = (now.get("documentVerificationStatus"), now.get("verified")) if status == 200 else (status, None)
            if outcome != ("succeeded", True) or held != ["succeeded"]:
                wrong.append((ref, outcome, held))
        checks.add("each document submission is exactly one check on file", not counted, counted[:5])
        checks.add("every document check ended as the registry says (John's licence verifies him)", not wrong, wrong[:5])

    def summary(self):
        attempts = sum(len(user["answers"]) for user in self.users.values())
        pending = sum(1 for user in self.document_users.values() if user["answer"].get("documentVerificationStatus") == "pending")
        return (f"{len(self.users)} users, {attempts} PII verifications, {len(self.document_users)} document checks "
                f"({pending} answered pending, done later), {len(self.combinations)} OCR combinations "
                f"({self.restarted_sessions} sessions started again after a lost answer), {len(self.mobile_answers)} VerifyHuman calls; "
                f"statuses {dict(sorted(self.statuses.items()))}, {self.retries} retries, "
                f"{self.lost_answers} answers lost with their server (IDEMPOTENCY_ANSWER_LOST)")
