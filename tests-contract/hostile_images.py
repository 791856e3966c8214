#!/usr/bin/env python3
"""Every image route against the hostile-image set (tools/hostile), on a real
`verity demo` server process (SQLite): each file the intake refuses gets its
typed 4xx, naming the field, within 2 s (timing is what this tests: a refusal
costs no decoding); every file it admits gets an answer that is not a 5xx
other than a lost worker (ENGINE_FAILED; on the mobile API, SYSTEM_ERROR with that
cause); the server answers throughout, and its peak resident
memory over the whole set (VmHWM, read from /proc) stays under 1 GiB.

    tests-contract/hostile_images.py VERITY_BINARY HOSTILE_DIR
Prints "hostile-images: N passed, N failed"."""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests-reliability"))
from ocr_client import FRONT, OCRSession  # noqa: E402

BINARY, HOSTILE = os.path.abspath(sys.argv[1]), sys.argv[2]
WAIT_SECONDS = int(os.environ.get("VERITY_TEST_WAIT_SECONDS", "300"))
REFUSAL_SECONDS = 2.0
MEMORY_LIMIT_KB = 1024 * 1024
STATUS = {"INVALID_IMAGE": 400, "IMAGE_TOO_LARGE": 413, "UNSUPPORTED_IMAGE": 415}
passed, failed = 0, 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAILED: {name} {detail}")


def call(base, method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **(headers or {})})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
            status, text = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read()
    elapsed = time.monotonic() - started
    try:
        answer = json.loads(text or b"{}")
    except ValueError:
        answer = {}
    return status, answer, elapsed


def ready(base):
    """Whether the server answers /readyz with 200; a refused or dropped connection is a server still starting."""
    try:
        return call(base, "GET", "/readyz")[0] == 200
    except (urllib.error.URLError, ConnectionError):
        return False


def error_of(answer):
    """(code, field) of either envelope: the API's {"error": {...}} or the mobile API's."""
    error = answer.get("error", answer) if isinstance(answer, dict) else {}
    return error.get("code"), error.get("field")


def expected(image, formats):
    """What a route taking `formats` answers for `image`: the intake's code, or None when it admits it."""
    code = image["refused"]
    if image["format"] in ("png", "jpeg", "gif") and image["format"] not in formats and code != "INVALID_IMAGE":
        code = "UNSUPPORTED_IMAGE"
    return code


def vm_hwm_kb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def main():
    images = json.load(open(os.path.join(HOSTILE, "manifest.json")))["images"]
    work = tempfile.mkdtemp()
    port = 20000 + os.getpid() % 20000
    environment = {**os.environ, "VERITY_LOG_LEVEL": "error"}
    server = subprocess.Popen([BINARY, "demo", "--empty", "--port", str(port), "--data-dir", work], stdout=subprocess.DEVNULL,
                              stderr=open(os.path.join(work, "server.log"), "w"), env=environment)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + WAIT_SECONDS
        # The demo writes its keys while it seeds, before it listens: not listening yet is "not ready", not a failure.
        while not os.path.exists(os.path.join(work, "demo-keys.json")) or not ready(base):
            if time.time() > deadline or server.poll() is not None:
                raise SystemExit("the demo server did not start")
            time.sleep(0.2)
        keys = json.load(open(os.path.join(work, "demo-keys.json")))
        data_key = open(os.path.join(work, "data.key")).read().strip()
        subprocess.run([BINARY, "environment", "set", "--tenant", "demo", "--environment", "test", "--consent-required", "false",
                        "--secret-key-requests-per-minute", "1000000", "--user-token-requests-per-minute", "1000000"],
                       env={**environment, "VERITY_DATA_DIR": work, "VERITY_DATA_KEY": data_key}, check=True, stdout=subprocess.DEVNULL)
        def token(user_ref):
            minted = subprocess.run([BINARY, "users", "token", "--tenant", "demo", "--environment", "test", "--user", user_ref],
                                    env={**environment, "VERITY_DATA_DIR": work, "VERITY_DATA_KEY": data_key}, check=True,
                                    capture_output=True, text=True).stdout
            return {"Authorization": f"Bearer {json.loads(minted)['token']}"}

        # A user per route: a document one route accepted must not change what another answers.
        document_user, capture_user, ocr_user = token("hostile-document"), token("hostile-capture"), token("hostile-ocr")
        mobile = {"X-Client-Key": keys["clientKey"]}

        def mobile_route(encoded):
            return call(base, "POST", "/api/mobile/v1/verifyhuman/verify", {"selfie_b64": encoded}, mobile)

        def document_route(encoded):
            return call(base, "POST", "/v1/identity/document/capture-and-verify",
                        {"imageBase64": encoded, "backImageBase64": encoded, "country": "US", "documentType": "driverLicense"}, document_user)

        def capture_route(encoded):
            status, link, _ = call(base, "POST", "/v1/identity/document/capture", {}, capture_user)
            if status != 200:
                return status, link, 0.0
            path = link["documentCaptureUrl"].split("://", 1)[1].split("/", 1)[1]
            return call(base, "POST", "/" + path + "/submit",
                        {"documentType": "driverLicense", "country": "US", "imageBase64": encoded, "backImageBase64": encoded})

        def ocr_route(encoded):
            session = OCRSession()
            status, opened, _ = call(base, "POST", "/v1/documents/ocr/sessions", {"clientPublicKey": session.public_key()}, ocr_user)
            if status != 200:
                return status, opened, 0.0
            session.agree(opened["sessionID"], opened["serverPublicKey"])
            return call(base, "POST", "/v1/documents/ocr/front",
                        {"sessionID": session.session_id, "sealedRequest": session.seal(FRONT, {"image": encoded})}, ocr_user)

        # (name, send, formats, field, the mobile API's one code for every bad image, whether admitted files go too:
        # a document route's user would have a check running after the first, and answer DOCUMENT_CHECK_PENDING)
        routes = [
            ("mobile verifyhuman", mobile_route, ("png", "jpeg"), "selfie_b64", "INVALID_IMAGE", True),
            ("identity document", document_route, ("png", "jpeg", "gif"), "imageBase64", None, False),
            ("capture page submit", capture_route, ("png", "jpeg", "gif"), "imageBase64", None, False),
            ("OCR service front", ocr_route, ("png", "jpeg"), "image", None, True),
        ]
        for image in images:
            if image["size"] == 0:
                continue  # an empty field is a missing field, tested elsewhere
            encoded = base64.b64encode(open(os.path.join(HOSTILE, image["file"]), "rb").read()).decode()
            for name, send, formats, field, single_code, admitted_too in routes:
                code = expected(image, formats)
                if code is None and not admitted_too:
                    continue
                status, answer, elapsed = send(encoded)
                got_code, got_field = error_of(answer)
                if code is not None:
                    want_code = single_code or code
                    want_status = STATUS[want_code]
                    check(f"{name}: {image['file']} is {want_status} {want_code} naming {field}",
                          status == want_status and got_code == want_code and got_field == field,
                          f"got {status} {got_code} {got_field}")
                    check(f"{name}: {image['file']} refused within {REFUSAL_SECONDS} s", elapsed <= REFUSAL_SECONDS,
                          f"took {elapsed:.2f} s")
                else:
                    # A worker the image stopped is ENGINE_FAILED; the mobile API says SYSTEM_ERROR with it as the cause.
                    lost_worker = got_code == "ENGINE_FAILED" or (got_code == "SYSTEM_ERROR" and answer.get("cause") == "ENGINE_FAILED")
                    check(f"{name}: {image['file']} (admitted) is answered without a server error",
                          status < 500 or lost_worker, f"got {status} {got_code}")
            check(f"the server is up after {image['file']}", server.poll() is None and call(base, "GET", "/healthz")[0] == 200)
        peak = vm_hwm_kb(server.pid)
        print(f"hostile-images: the server's peak resident memory over the set: {peak // 1024} MiB")
        check("the server's peak resident memory over the whole set is under 1 GiB", 0 < peak < MEMORY_LIMIT_KB, f"{peak} kB")
    finally:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
    print(f"hostile-images: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
