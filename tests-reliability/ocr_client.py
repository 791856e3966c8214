"""The national-ID OCR service's transport, as the SDK speaks it
(docs/ocr-service.md, `VerityAPI.OCRTransport`): an X25519 key agreement,
three AES-256-GCM keys from HKDF-SHA256 (salt: the session id), each sealed
message bound to its purpose and session."""
import base64
import hashlib
import hmac
import json
import os

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

FRONT, BACK, COMBINED = "nationalIdFrontRequestKey", "nationalIdBackRequestKey", "combineResponseKey"


class OCRSession:
    def __init__(self):
        self.private = X25519PrivateKey.generate()
        self.keys = {}

    def public_key(self):
        raw = self.private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        return base64.b64encode(raw).decode()

    def agree(self, session_id, server_public_key):
        self.session_id = session_id
        secret = self.private.exchange(X25519PublicKey.from_public_bytes(base64.b64decode(server_public_key)))
        for purpose in (FRONT, BACK, COMBINED):
            self.keys[purpose] = HKDF(algorithm=hashes.SHA256(), length=32, salt=session_id.encode(),
                                      info=f"verity-ocr-v1|{purpose}".encode()).derive(secret)

    def seal(self, purpose, payload):
        nonce = os.urandom(12)
        sealed = AESGCM(self.keys[purpose]).encrypt(nonce, json.dumps(payload).encode(), f"{purpose}|{self.session_id}".encode())
        return base64.b64encode(nonce + sealed).decode()

    def open(self, purpose, sealed):
        raw = base64.b64decode(sealed)
        return json.loads(AESGCM(self.keys[purpose]).decrypt(raw[:12], raw[12:], f"{purpose}|{self.session_id}".encode()))


def signed_by(hmac_data, key):
    """Whether an answer's `hmacDigest` is the HMAC-SHA256 of its raw response under the environment's key."""
    expected = hmac.new(base64.b64decode(key), hmac_data["rawResponse"].encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, hmac_data["hmacDigest"])
