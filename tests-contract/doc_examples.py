#!/usr/bin/env python3
"""Runs the webhook receivers the docs show, as written, against the cases a
receiver meets: every ```python block of docs/webhooks.md, and the function
inside docs/integration.md's receiver, must accept a good delivery and a
rotation's second signature, and refuse a replay, a tampered body and a
header without a timestamp. Exit 0 when every example holds.

  doc_examples.py [ROOT]"""
import hashlib, hmac, json, re, sys, time
from pathlib import Path

root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")


def examples():
    webhooks = (root / "docs/webhooks.md").read_text()
    for block in re.findall(r"```python\n(.*?)```", webhooks, re.S):
        yield "docs/webhooks.md", block
    integration = (root / "docs/integration.md").read_text()
    heredoc = re.search(r"<<'PY'\n(.*?)\nPY\n", integration, re.S).group(1)
    function = re.search(r"(import .*?\n\ndef verified.*?raise ValueError\(\"no signature holds\"\)\n)", heredoc, re.S)
    yield "docs/integration.md", function.group(1)


def signed(body, secret, stamp):
    return hmac.new(secret.encode(), str(stamp).encode() + b"." + body, hashlib.sha256).hexdigest()


def check(name, verified):
    body = json.dumps({"id": "evt_1", "type": "document_check.completed"}).encode()
    now = int(time.time())
    good = f"t={now},v1={signed(body, 'whsec_current', now)}"
    rotation = f"t={now},v1={signed(body, 'whsec_previous', now)},v1={signed(body, 'whsec_current', now)}"
    old = now - 3600
    cases = [
        ("a good delivery", body, good, ["whsec_current"], True),
        ("the second v1 during a rotation", body, rotation, ["whsec_current"], True),
        ("the first v1 during a rotation, with the previous secret", body, rotation, ["whsec_previous"], True),
        ("a replay an hour old", body, f"t={old},v1={signed(body, 'whsec_current', old)}", ["whsec_current"], False),
        ("a tampered body", body + b" ", good, ["whsec_current"], False),
        ("no timestamp", body, f"v1={signed(body, 'whsec_current', now)}", ["whsec_current"], False),
        ("another secret", body, good, ["whsec_other"], False),
    ]
    failures = []
    for case, payload, header, secrets, accepted in cases:
        try:
            verified(payload, header, secrets)
            ok = accepted
        except ValueError:
            ok = not accepted
        if not ok:
            failures.append(f"{name}: {case} was {'refused' if accepted else 'accepted'}")
    return failures


failures, count = [], 0
for name, source in examples():
    scope = {}
    exec(compile(source, name, "exec"), scope)
    failures += check(name, scope["verified"])
    count += 1
for failure in failures:
    print(failure, file=sys.stderr)
print(f"doc examples: {count} receivers, {len(failures)} failures")
sys.exit(1 if failures or count < 2 else 0)
