"""OpenID Connect checks for Google sign-in (pure: no I/O).

Only an ID token that came back from Splash's own code exchange signs anybody in. It must be
signed by one of the provider's published keys (RS256), issued by the provider (``iss``), for
Splash's client (``aud``, and ``azp`` when present), unexpired, and carry the nonce this browser's
flow started with — so a token minted for another app (the class of Strapi's CVE-2023-22893) or
replayed from another flow is refused.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

import jwt

ALGORITHMS = ["RS256"]
LEEWAY_SECONDS = 60  # clock skew between Google and us


class InvalidIdToken(Exception):
    pass


@dataclass(frozen=True)
class Pkce:
    """RFC 7636: the verifier stays with us, the S256 challenge goes to the provider."""

    verifier: str
    challenge: str

    @classmethod
    def new(cls) -> Pkce:
        verifier = secrets.token_urlsafe(48)
        return cls(verifier, challenge_for(verifier))


def challenge_for(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


@dataclass(frozen=True)
class GoogleIdentity:
    sub: str
    email: str
    given_name: str | None
    family_name: str | None


def key_id(id_token: str) -> str | None:
    """The ``kid`` of the token's header (which published key signed it), unverified."""
    try:
        kid = jwt.get_unverified_header(id_token).get("kid")
    except jwt.PyJWTError:
        return None
    return kid if isinstance(kid, str) else None


def verify_id_token(
    id_token: str,
    jwks: dict[str, Any],
    issuers: tuple[str, ...],
    client_id: str,
    nonce: str,
) -> GoogleIdentity:
    """The verified identity in ``id_token``; InvalidIdToken for anything else."""
    try:
        keys = jwt.PyJWKSet.from_dict(jwks)
        kid = key_id(id_token)
        key = next((k for k in keys.keys if k.key_id == kid), None)
        if key is None:
            raise InvalidIdToken(f"no published key {kid!r}")
        claims = jwt.decode(
            id_token,
            key.key,
            algorithms=ALGORITHMS,
            audience=client_id,
            leeway=LEEWAY_SECONDS,
            options={"require": ["iss", "aud", "sub", "exp", "iat"]},
        )
    except (jwt.PyJWTError, ValueError, TypeError) as exc:
        raise InvalidIdToken(str(exc)) from exc
    return identity_from(claims, issuers, client_id, nonce)


def identity_from(
    claims: dict[str, Any], issuers: tuple[str, ...], client_id: str, nonce: str
) -> GoogleIdentity:
    """The checks after the signature: issuer, authorized party, nonce, a verified e-mail."""
    if claims.get("iss") not in issuers:
        raise InvalidIdToken("issued by someone else")
    if claims.get("azp", client_id) != client_id:
        raise InvalidIdToken("issued to another client")
    sent = claims.get("nonce")
    if not isinstance(sent, str) or not hmac.compare_digest(sent, nonce):
        raise InvalidIdToken("nonce does not match this sign-in")
    email = claims.get("email")
    if not isinstance(email, str) or "@" not in email or len(email) > 254:
        raise InvalidIdToken("no e-mail address")
    if claims.get("email_verified") is not True:
        raise InvalidIdToken("e-mail address not verified by Google")
    return GoogleIdentity(
        sub=str(claims["sub"]),
        email=email.lower(),
        given_name=_name(claims.get("given_name")),
        family_name=_name(claims.get("family_name")),
    )


def _name(value: object) -> str | None:
    return value.strip()[:80] or None if isinstance(value, str) else None
