"""A small stand-in for Google's OAuth 2.0 servers, for tests (the internet is not reachable).

It speaks the real protocol: the authorize endpoint shows a consent page and redirects back with
a ``code`` and the ``state``; the token endpoint trades the code (checking the client's id,
secret and redirect URI) for an access token; the userinfo endpoint answers the profile for a
``Bearer`` token. It keeps no state: a code is ``code.<profile>`` and an access token
``stub.<profile>``, where ``<profile>`` is the base64url JSON of the Google profile (sub, email,
email_verified, given_name, family_name). Any other token is refused with 401, as Google does.

``python -m splash.testing.google_stub --port 8124`` (client id/secret: ``splash-test`` /
``splash-test-secret``), or ``GoogleStub(...).start()`` in a test.
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

CLIENT_ID = "splash-test"
CLIENT_SECRET = "splash-test-secret"
DEFAULT_PROFILE = {
    "sub": "109876543210",
    "email": "google.ouder@example.com",
    "email_verified": True,
    "given_name": "Lotte",
    "family_name": "Jansen",
}

AUTHORIZE_PATH = "/o/oauth2/v2/auth"
TOKEN_PATH = "/token"
USERINFO_PATH = "/v1/userinfo"


def encode_profile(profile: dict[str, Any]) -> str:
    raw = json.dumps(profile, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_profile(value: str) -> dict[str, Any] | None:
    try:
        padded = value + "=" * (-len(value) % 4)
        profile = json.loads(base64.urlsafe_b64decode(padded))
    except ValueError:
        return None
    return profile if isinstance(profile, dict) and profile.get("sub") else None


def access_token(profile: dict[str, Any]) -> str:
    """The token the stub hands out for this profile (tests may use it directly)."""
    return "stub." + encode_profile(profile)


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
        elif url.path == AUTHORIZE_PATH:
            self._consent(query)
        elif url.path in (AUTHORIZE_PATH + "/approve", AUTHORIZE_PATH + "/deny"):
            redirect_uri = query.get("redirect_uri", "")
            back = {"state": query.get("state", "")}
            if url.path.endswith("/approve"):
                profile = {
                    **self.stub.profile,
                    "email": query.get("email") or self.stub.profile["email"],
                    "given_name": query.get("given_name", ""),
                    "family_name": query.get("family_name", ""),
                }
                profile["sub"] = "g-" + profile["email"].lower()
                back["code"] = "code." + encode_profile(profile)
            else:
                back["error"] = "access_denied"
            self._redirect(f"{redirect_uri}?{urlencode(back)}")
        elif url.path == USERINFO_PATH:
            scheme, _, token = self.headers.get("authorization", "").partition(" ")
            owner = (
                decode_profile(token.removeprefix("stub.")) if token.startswith("stub.") else None
            )
            if scheme.lower() != "bearer" or owner is None:
                self._answer(401, {"error": "invalid_token"})
            else:
                self._answer(200, owner)
        else:
            self._answer(404, {"error": "not_found"})

    def _consent(self, query: dict[str, str]) -> None:
        if query.get("client_id") != self.stub.client_id or not query.get("redirect_uri"):
            self._answer(400, "<h1>400. That's an error: invalid_client</h1>", "text/html")
            return
        keep = {k: query.get(k, "") for k in ("redirect_uri", "state")}
        hidden = "".join(
            f'<input type="hidden" name="{k}" value="{html.escape(v)}">' for k, v in keep.items()
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
        if (
            form.get("client_id") != self.stub.client_id
            or form.get("client_secret") != self.stub.client_secret
        ):
            self._answer(401, {"error": "invalid_client"})
            return
        code = form.get("code", "")
        profile = decode_profile(code.removeprefix("code.")) if code.startswith("code.") else None
        if form.get("grant_type") != "authorization_code" or profile is None:
            self._answer(400, {"error": "invalid_grant"})
            return
        self._answer(
            200,
            {
                "access_token": access_token(profile),
                "token_type": "Bearer",
                "expires_in": 3599,
                "scope": "openid email profile",
            },
        )


class GoogleStub:
    """The stub on 127.0.0.1 in a background thread; ``url`` is its base address."""

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
        handler = type("Handler", (_Handler,), {"stub": self})
        self.server = ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def settings(self) -> dict[str, str]:
        """The SPLASH_GOOGLE_* values that point Splash at this stub."""
        return {
            "google_client_id": self.client_id,
            "google_client_secret": self.client_secret,
            "google_authorize_url": self.url + AUTHORIZE_PATH,
            "google_token_url": self.url + TOKEN_PATH,
            "google_userinfo_url": self.url + USERINFO_PATH,
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
    parser = argparse.ArgumentParser(prog="python -m splash.testing.google_stub")
    parser.add_argument("--port", type=int, default=8124)
    args = parser.parse_args(argv)
    stub = GoogleStub(args.port)
    print(f"google stub: listening on {stub.url}", flush=True)
    stub.server.serve_forever()


if __name__ == "__main__":
    main()
