"""Certification in the load of `make reliability`: each client takes one
person from a phone number to a working level-2 certificate, as
docs/certification.md tells an app to, through servers that die under it.

The steps: a user token with the phone number; the SMS code (read from the
stand-in SMS provider) verifies the device and buys a device token; the
registration form; an accreditation request; an operator's approval (its
DIAC, in the answer or, when that answer died with its server, in the text
message the user got); a P-256 key made on the device and its CSR with the
DIAC; the certificate, issued by a `certificate.issue` job on either server;
and a challenge signed with the key, which buys a session.

An answer lost with its server (409 IDEMPOTENCY_ANSWER_LOST) is handled as an
app would: the user's status read back, or the step asked for again."""
import base64
import threading
import time
import urllib.parse
import uuid

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from load import lost
from limits import WAIT_SECONDS

ENTITY = "reliability-bank"
FIELDS = '[{"name":"givenName","type":"text","required":true},{"name":"surname","type":"text","required":true}]'
CODE = r"verification code is (\d{6})\b"
DIAC = r"activation code is ([\d ]{16,24})\."


def prepare_entity(cli):
    """The platform CA and an entity offering level 2 in acme's live environment."""
    cli("ca", "init")
    cli("entities", "create", "--tenant", "acme", "--environment", "live", "--name", ENTITY,
        "--display-name", "Reliability Bank", "--levels", "1,2", "--fields", FIELDS)


def public_bytes(key):
    return key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


class CertificationLoad:
    def __init__(self, clients, sms):
        self.clients, self.sms = clients, sms
        self.lock = threading.Lock()
        self.certified = {}  # ref -> {"serial": the certificate's, "session": whether the key bought one}
        self.started = []
        self.lost = 0

    def worker(self, worker, stop):
        number = 0
        while not stop.is_set():
            ref, phone = f"cert-{worker}-{number}", f"+4477009{worker % 10}{number:04d}"
            number += 1
            with self.lock:
                self.started.append(ref)
            try:
                self.certify(ref, phone)
            except RuntimeError as error:
                self.clients.problem(f"certification of {ref}: {error}")

    def certify(self, ref, phone):
        device = str(uuid.uuid4())
        admin = {"Authorization": f"Bearer {self.clients.secret}"}
        status, minted = self.clients.call("POST", f"/admin/v1/users/{ref}/token", {"phoneNumber": phone}, admin)
        if lost((status, minted)):
            # A token is no outcome: ask for another (a new key).
            self.note_lost()
            status, minted = self.clients.call("POST", f"/admin/v1/users/{ref}/token", {"phoneNumber": phone}, admin)
        self.expect(status, minted, "the user token")
        user_token = {"Authorization": f"Bearer {minted['token']}", "Verity-Device-ID": device}
        headers = self.verify_device(phone, device, user_token)
        entity = urllib.parse.quote(ENTITY)

        fields = {"givenName": "Ada", "surname": f"Lovelace {ref}"}
        status, user = self.call_or_read("POST", f"/v1/certification/entities/{entity}/registration", {"fields": fields}, headers,
                                         device, user_token)
        if not (status == 409 and "USER_ALREADY_REGISTERED" in str(user)):
            self.expect(status, user, "registration")

        status, request = self.clients.call("POST", f"/v1/certification/entities/{entity}/accreditation-requests", {"level": 2}, headers)
        if lost((status, request)):
            # The request is on file, its id died with the answer: ask again (the operator sees both).
            self.note_lost()
            status, request = self.clients.call("POST", f"/v1/certification/entities/{entity}/accreditation-requests", {"level": 2}, headers)
        self.expect(status, request, "the accreditation request")

        sent = self.sms.count(phone)
        status, issued = self.clients.call("POST", f"/admin/v1/certification/accreditation-requests/{request['id']}/approve", {}, admin)
        if lost((status, issued)):
            self.note_lost()
            diac = self.sms.latest(phone, DIAC, after=sent)  # as the user reads it from their phone
        else:
            self.expect(status, issued, "the approval")
            diac = issued["diac"]

        key = ec.generate_private_key(ec.SECP256R1())
        csr = (x509.CertificateSigningRequestBuilder()
               .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Ada Lovelace {ref}")]))
               .sign(key, hashes.SHA256()).public_bytes(serialization.Encoding.PEM).decode())
        status, user = self.call_or_read("POST", f"/v1/certification/entities/{entity}/certification",
                                         {"diac": diac.replace(" ", ""), "csr": csr}, headers, device, user_token)
        self.expect(status, user, "certification")
        user = self.until_certified(entity, device, headers, user_token)
        self.check_certificate(user["certificate"], key)

        session = self.authenticate(entity, key, device, headers, user_token)
        with self.lock:
            self.certified[ref] = {"serial": user["certificate"]["serialNumber"], "session": session}

    def authenticate(self, entity, key, device, headers, user_token):
        """A challenge signed with the device's key: True when it bought a
        session. A session whose answer died is asked for again, as a new challenge."""
        for _ in range(3):
            status, challenge = self.with_fresh_token("POST", f"/v1/certification/entities/{entity}/authentication/challenges",
                                                      None, device, headers, user_token)
            if lost((status, challenge)):
                self.note_lost()
                continue
            self.expect(status, challenge, "a challenge")
            signature = key.sign(base64.b64decode(challenge["nonce"]), ec.ECDSA(hashes.SHA256()))
            status, session = self.clients.call(
                "POST", f"/v1/certification/entities/{entity}/authentication/challenges/{challenge['id']}/response",
                {"signature": base64.b64encode(signature).decode()}, headers)
            if lost((status, session)):
                self.note_lost()
                continue
            self.expect(status, session, "the challenge's response")
            return bool(session.get("sessionToken"))
        return False

    def verify_device(self, phone, device, user_token):
        """The SMS code asked for and typed in: the device token's headers.
        When the code's answer died with its server, a new code is asked for."""
        for _ in range(5):
            status, sent = self.clients.call("POST", "/v1/certification/device/verification-requests", {"deviceId": device}, user_token)
            if lost((status, sent)):
                self.note_lost()
                continue
            self.expect(status, sent, "the SMS code")
            code = self.sms.latest(phone, CODE)  # the newest: sent before this request was answered
            status, token = self.clients.call("POST", "/v1/certification/device/verification",
                                              {"deviceId": device, "verificationCode": code}, user_token)
            if lost((status, token)):
                self.note_lost()
                continue
            self.expect(status, token, "the device verification")
            return {"Authorization": f"Bearer {token['token']}", "Verity-Device-ID": device}
        raise RuntimeError("five device verifications lost their answers")

    def until_certified(self, entity, device, headers, user_token, seconds=WAIT_SECONDS):
        """The user read back until the certificate job has run; each change of
        certification revokes the device token, which is exchanged for a new one."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            status, user = self.with_fresh_token("GET", f"/v1/certification/entities/{entity}/user", None, device, headers, user_token)
            self.expect(status, user, "the user's status")
            if user["status"] == "CERTIFIED" and user.get("certificate"):
                return user
            if user["status"] != "CERTIFICATE_PENDING":
                raise RuntimeError(f"the certification ended {user['status']}")
            time.sleep(0.5)
        raise RuntimeError(f"still pending after {seconds} s")

    def with_fresh_token(self, method, path, body, device, headers, user_token):
        """The call; on INVALID_TOKEN with REFRESH_TOKEN, the device token
        exchanged (the exchange retried with its key) and the call sent again."""
        status, answer = self.clients.call(method, path, body, headers)
        if status == 401 and "REFRESH_TOKEN" in str(answer):
            status, token = self.clients.call("POST", "/v1/certification/device/token", {"deviceId": device}, headers)
            if lost((status, token)):
                # The old token was spent on an exchange whose answer died: the user token gets a new one.
                self.note_lost()
                status, token = self.clients.call("POST", "/v1/certification/device/token", {"deviceId": device}, user_token)
            self.expect(status, token, "the device token's exchange")
            headers["Authorization"] = f"Bearer {token['token']}"
            status, answer = self.clients.call(method, path, body, headers)
        return status, answer

    def call_or_read(self, method, path, body, headers, device, user_token):
        """A step whose answer died with its server is read back: the user's
        status. The step may have changed the user's certification before its
        server died, which revokes the device token: the read exchanges it."""
        answer = self.clients.call(method, path, body, headers)
        status, said = answer
        # A retry after its server died refuses the revoked token before it
        # would say the answer was lost: the step was done all the same.
        revoked = status == 401 and "REFRESH_TOKEN" in str(said)
        if lost(answer) or revoked:
            self.note_lost()
            return self.with_fresh_token("GET", f"/v1/certification/entities/{urllib.parse.quote(ENTITY)}/user", None,
                                         device, headers, user_token)
        return answer

    def note_lost(self):
        with self.lock:
            self.lost += 1

    @staticmethod
    def expect(status, answer, what):
        if not 200 <= status < 300:
            raise RuntimeError(f"{what}: {status} {str(answer)[:200]}")

    @staticmethod
    def check_certificate(issued, key):
        """The leaf is for the device's key and signed by the next certificate of its chain."""
        # One certificate at a time: Debian 12's python3-cryptography (38) reads no PEM bundles.
        blocks = [block + "-----END CERTIFICATE-----\n" for block in issued["chainPEM"].split("-----END CERTIFICATE-----")
                  if "-----BEGIN CERTIFICATE-----" in block]
        leaf, issuer = (x509.load_pem_x509_certificate(block.encode()) for block in blocks[:2])
        issuer.public_key().verify(leaf.signature, leaf.tbs_certificate_bytes, ec.ECDSA(leaf.signature_hash_algorithm))
        if public_bytes(leaf.public_key()) != public_bytes(key.public_key()):
            raise RuntimeError("the certificate is not for the device's key")

    # Checks

    def check(self, checks, deployment):
        """Every person a client took through certification is certified with a
        certificate for their own key, which signed a challenge; in the
        database each has one issued certificate, none pending, and no serial
        is used twice."""
        checks.add("the certification load did work", len(self.certified) >= 1, self.summary())
        unended = [ref for ref in self.started if ref not in self.certified and
                      not any(ref in problem for problem in self.clients.problems)]
        checks.add("every certification a client began ended with a certificate (or a problem reported above)", not unended,
                   unended[:5])
        no_session = [ref for ref, done in self.certified.items() if not done["session"]]
        checks.add("every certified person's key signed a challenge and got a session", not no_session, no_session[:5])
        # Refs are kept only as keyed hashes: the rows are grouped by registration, one per person.
        rows = deployment.query("SELECT registration_id, status, coalesce(serial, '') FROM cert_certificates")
        held = {}
        for registration, status, serial in rows:
            held.setdefault(registration, []).append((status, serial))
        doubled = [states for states in held.values() if len(states) != 1]
        checks.add("each person's certification is one certificate on file, none issued twice", not doubled, doubled[:5])
        issued = [serial for _, status, serial in rows if status == "issued"]
        missing = [ref for ref, done in sorted(self.certified.items()) if issued.count(done["serial"]) != 1]
        checks.add("each certificate a device holds is on file once, issued", not missing, missing[:5])
        unfinished = [states for states in held.values() if any(status != "issued" for status, _ in states)]
        checks.add("no certificate is left pending or failed once the jobs are done", not unfinished, unfinished[:5])

    def summary(self):
        return f"{len(self.certified)} of {len(self.started)} people certified at level 2 ({self.lost} answers lost and recovered)"
