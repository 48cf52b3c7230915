"""The second factor, pure (no I/O): TOTP codes (RFC 6238 through pyotp) that cannot be used
twice, recovery codes, and the sealing of a TOTP secret at rest (AES-GCM under a key derived
from the app's secret, so a copy of the database alone does not give anyone the codes)."""

from __future__ import annotations

import base64
import hmac
import os
import secrets

import pyotp
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from splash.core.one_time import digest

ISSUER = "Splash studio"
STEP_SECONDS = 30
RECOVERY_CODES = 10
# A throwaway secret checked for an unknown account, so that it costs the same work.
DUMMY_SECRET = pyotp.random_base32()


def new_totp_secret() -> str:
    return pyotp.random_base32()  # 160 bits, as RFC 4226 recommends


def provisioning_uri(secret: str, email: str) -> str:
    """The ``otpauth://`` URI an authenticator app reads (from a QR code or typed in)."""
    return pyotp.TOTP(secret).provisioning_uri(name=email, issuer_name=ISSUER)


def matching_step(secret: str, code: str, last_step: int, now: float) -> int | None:
    """The time step ``code`` belongs to (this one or a neighbour, for clocks a little off), or
    None. A step at or before ``last_step`` never matches again: a code is used once. Every
    candidate is compared in constant time, matching or not."""
    totp = pyotp.TOTP(secret)
    current = int(now) // STEP_SECONDS
    found = None
    for step in (current - 1, current, current + 1):
        expected = totp.generate_otp(step)
        if hmac.compare_digest(expected, code) and step > last_step and found is None:
            found = step
    return found


def new_recovery_codes() -> list[str]:
    """Ten codes of 16 base32 characters (80 bits each), grouped in fours for reading aloud."""
    codes = []
    for _ in range(RECOVERY_CODES):
        raw = base64.b32encode(secrets.token_bytes(10)).decode().lower()
        codes.append("-".join(raw[i : i + 4] for i in range(0, 16, 4)))
    return codes


def recovery_digest(code: str) -> str:
    """The stored form of a recovery code, however it was typed (case, dashes, spaces)."""
    return digest("".join(code.split()).replace("-", "").lower())


def _key(app_secret: str) -> bytes:
    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"splash staff totp")
    return hkdf.derive(app_secret.encode())


def seal(secret: str, app_secret: str) -> str:
    nonce = os.urandom(12)
    sealed = AESGCM(_key(app_secret)).encrypt(nonce, secret.encode(), b"totp")
    return base64.urlsafe_b64encode(nonce + sealed).decode()


def unseal(sealed: str, app_secret: str) -> str:
    raw = base64.urlsafe_b64decode(sealed.encode())
    return AESGCM(_key(app_secret)).decrypt(raw[:12], raw[12:], b"totp").decode()
