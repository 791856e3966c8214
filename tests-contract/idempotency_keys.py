"""Schemathesis hook (SCHEMATHESIS_HOOKS=idempotency_keys): an
Idempotency-Key generated for one request is never sent with another.

The generator draws header values from a small space ("0", "00", ...), so
without this most requests after the first carrying a key would be refused
as IDEMPOTENCY_KEY_REUSED (422, rightly) and the fuzzer would never reach
the operation behind the check. Each valid key is suffixed with a digest of
the request it rides on: the same request with the same key is still a
retry (and is answered from the first), a different request gets a key of
its own. Keys the contract calls invalid are left as generated, so the
server's refusal of them is still tested.
"""
import hashlib
import re

import schemathesis

VALID_KEY = re.compile(r"^[!-~]{1,255}$")


@schemathesis.hook
def before_call(context, case, **kwargs):
    headers = case.headers or {}
    key = headers.get("Idempotency-Key")
    if not isinstance(key, str) or not VALID_KEY.match(key):
        return
    request = repr((case.method, case.formatted_path, case.path_parameters, case.query, case.body))
    digest = hashlib.sha256(request.encode()).hexdigest()[:16]
    headers["Idempotency-Key"] = f"{key[:200]}-{digest}"
    case.headers = headers
