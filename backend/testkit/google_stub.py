"""A small stand-in for Google's OpenID Connect servers, for tests (the internet is not reachable).

It speaks the real protocol: the authorize endpoint shows a consent page and redirects back with
a ``code`` and the ``state``; the token endpoint trades the code — checking the client's id and
secret, the redirect URI and the PKCE verifier (S256) — for an access token and an ID token signed
with RS256 (iss, aud, azp, sub, email, email_verified, names, the flow's nonce, iat, exp); the JWKS
endpoint publishes the signing key. It keeps no state: a code is ``code.<payload>``, the base64url
JSON of the profile and what the flow started with.

Tests can make it misbehave as a real attacker's token would look: ``id_token_claims`` overrides
claims of the ID tokens it issues (another audience, an old expiry, another nonce or issuer),
``foreign_key`` signs them with a key it does not publish, and ``issue_id_token`` /
``access_token`` mint tokens for any client directly.

``python -m testkit.google_stub --port 8124`` (client id/secret: ``splash-test`` /
``splash-test-secret``), or ``GoogleStub(...).start()`` in a test.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import threading
import time
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

from testkit.stub_server import StubServer

CLIENT_ID = "splash-test"
CLIENT_SECRET = "splash-test-secret"
KEY_ID = "splash-stub-key"
DEFAULT_PROFILE = {
    "sub": "109876543210",
    "email": "google.ouder@example.com",
    "email_verified": True,
    "given_name": "Lotte",
    "family_name": "Jansen",
}

AUTHORIZE_PATH = "/o/oauth2/v2/auth"
TOKEN_PATH = "/token"
JWKS_PATH = "/oauth2/v3/certs"
FLOW_FIELDS = ("redirect_uri", "state", "nonce", "code_challenge")


def encode(value: dict[str, Any]) -> str:
    raw = json.dumps(value, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(value: str) -> dict[str, Any] | None:
    try:
        padded = value + "=" * (-len(value) % 4)
        decoded = json.loads(base64.urlsafe_b64decode(padded))
    except ValueError:
        return None
    return decoded if isinstance(decoded, dict) else None


def s256(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


_CONSENT = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Sign in with Google (test stand-in)</title></head><body>
<main><h1>Choose an account</h1><p>to continue to {client}</p>
<form method="get" action="{authorize}/approve">{hidden}
<label>E-mail <input name="email" type="email" value="{email}"></label>
<label>First name <input name="given_name" value="{given_name}"></label>
<label>Last name <input name="family_name" value="{family_name}"></label>
<button type="submit">Continue</button></form>
<form method="get" action="{authorize}/deny">{hidden}<button type="submit">Cancel</button></form>
</main></body></html>"""


class _Handler(BaseHTTPRequestHandler):
    stub: GoogleStub

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def _answer(self, status: int, body: Any, content_type: str = "application/json") -> None:
        data = (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(status)
        self.send_header("content-type", f"{content_type}; charset=utf-8")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _redirect(self, target: str) -> None:
        self.send_response(302)
        self.send_header("location", target)
        self.send_header("content-length", "0")
        self.end_headers()

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        query = {key: values[0] for key, values in parse_qs(url.query).items()}
        if url.path == "/healthz":
            self._answer(200, {"status": "ok"})
        elif url.path == JWKS_PATH:
            self._answer(200, self.stub.jwks())
        elif url.path == AUTHORIZE_PATH:
            self._consent(query)
        elif url.path == AUTHORIZE_PATH + "/approve":
            self._redirect(self.stub.approve(query))
        elif url.path == AUTHORIZE_PATH + "/deny":
            back = {"state": query.get("state", ""), "error": "access_denied"}
            self._redirect(f"{query.get('redirect_uri', '')}?{urlencode(back)}")
        else:
            self._answer(404, {"error": "not_found"})

    def _consent(self, query: dict[str, str]) -> None:
        refused = (
            query.get("client_id") != self.stub.client_id
            or not query.get("redirect_uri")
            or query.get("code_challenge_method") != "S256"
            or not query.get("code_challenge")
        )
        if refused:
            self._answer(400, "<h1>400. That's an error: invalid_request</h1>", "text/html")
            return
        hidden = "".join(
            f'<input type="hidden" name="{k}" value="{html.escape(query.get(k, ""))}">'
            for k in FLOW_FIELDS
        )
        page = _CONSENT.format(
            client=html.escape(query["client_id"]),
            authorize=AUTHORIZE_PATH,
            hidden=hidden,
            email=html.escape(query.get("login_hint") or self.stub.profile["email"]),
            given_name=html.escape(self.stub.profile["given_name"]),
            family_name=html.escape(self.stub.profile["family_name"]),
        )
        self._answer(200, page, "text/html")

    def do_POST(self) -> None:
        if urlsplit(self.path).path != TOKEN_PATH:
            self._answer(404, {"error": "not_found"})
            return
        length = int(self.headers.get("content-length") or 0)
        form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
        self.stub.token_requests.append(form)
        status, answer = self.stub.exchange(form)
        self._answer(status, answer)


class GoogleStub:
    """The stub on 127.0.0.1 in a background thread; ``url`` is its base address (and issuer)."""

    def __init__(
        self,
        port: int = 0,
        client_id: str = CLIENT_ID,
        client_secret: str = CLIENT_SECRET,
        profile: dict[str, Any] | None = None,
    ) -> None:
        self.client_id, self.client_secret = client_id, client_secret
        self.profile = {**DEFAULT_PROFILE, **(profile or {})}
        self.token_requests: list[dict[str, str]] = []
        self.id_token_claims: dict[str, Any] = {}
        self.foreign_key = False
        self._key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self._other_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        handler = type("Handler", (_Handler,), {"stub": self})
        self.server = StubServer(("127.0.0.1", port), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def jwks(self) -> dict[str, Any]:
        public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self._key.public_key()))
        return {"keys": [{**public, "kid": KEY_ID, "use": "sig", "alg": "RS256"}]}

    def approve(self, query: dict[str, str]) -> str:
        """The consent screen's "Continue": back to the client with a code for this profile."""
        email = query.get("email") or self.profile["email"]
        profile = {
            **self.profile,
            "sub": "g-" + email.lower(),
            "email": email,
            "given_name": query.get("given_name", ""),
            "family_name": query.get("family_name", ""),
        }
        flow = {k: query.get(k, "") for k in FLOW_FIELDS if k != "state"}
        code = "code." + encode({"profile": profile, **flow})
        back = {"state": query.get("state", ""), "code": code}
        return f"{query.get('redirect_uri', '')}?{urlencode(back)}"

    def exchange(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        """The token endpoint: (status, answer) as Google gives them."""
        if form.get("client_id") != self.client_id or form.get("client_secret") != (
            self.client_secret
        ):
            return 401, {"error": "invalid_client"}
        code = form.get("code", "")
        flow = decode(code.removeprefix("code.")) if code.startswith("code.") else None
        verifier = form.get("code_verifier", "")
        if (
            form.get("grant_type") != "authorization_code"
            or flow is None
            or flow.get("redirect_uri") != form.get("redirect_uri")
            or not verifier
            or s256(verifier) != flow.get("code_challenge")
        ):
            return 400, {"error": "invalid_grant"}
        profile = flow["profile"]
        return 200, {
            "access_token": self.access_token(profile),
            "id_token": self.issue_id_token(profile, nonce=flow.get("nonce")),
            "token_type": "Bearer",
            "expires_in": 3599,
            "scope": "openid email profile",
        }

    def issue_id_token(
        self, profile: dict[str, Any], client_id: str | None = None, nonce: str | None = None
    ) -> str:
        """An ID token for ``profile``, for our client unless ``client_id`` says another."""
        issued = int(time.time())
        audience = client_id or self.client_id
        claims = {
            "iss": self.url,
            "aud": audience,
            "azp": audience,
            "iat": issued,
            "exp": issued + 3600,
            **({"nonce": nonce} if nonce else {}),
            **profile,
            **self.id_token_claims,
        }
        key = self._other_key if self.foreign_key else self._key
        return jwt.encode(claims, key, algorithm="RS256", headers={"kid": KEY_ID})

    def access_token(self, profile: dict[str, Any], client_id: str | None = None) -> str:
        """An opaque access token as Google hands them out (to us, or to another client)."""
        return "stub." + encode({"client_id": client_id or self.client_id, **profile})

    def settings(self) -> dict[str, str]:
        """The SPLASH_GOOGLE_* values that point Splash at this stub."""
        return {
            "google_client_id": self.client_id,
            "google_client_secret": self.client_secret,
            "google_authorize_url": self.url + AUTHORIZE_PATH,
            "google_token_url": self.url + TOKEN_PATH,
            "google_jwks_url": self.url + JWKS_PATH,
            "google_issuer": self.url,
        }

    def environment(self) -> dict[str, str]:
        return {f"SPLASH_{key.upper()}": value for key, value in self.settings().items()}

    def start(self) -> GoogleStub:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m testkit.google_stub")
    parser.add_argument("--port", type=int, default=8124)
    args = parser.parse_args(argv)
    stub = GoogleStub(args.port)
    print(f"google stub: listening on {stub.url}", flush=True)
    stub.server.serve_forever()


if __name__ == "__main__":
    main()
