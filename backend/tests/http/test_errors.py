"""Failures answer with the one error envelope; a crash reveals nothing and is logged."""

import logging

from sanic import Request

from splash.core.errors import ConflictError, RateLimitError
from splash.site.app import create_app
from tests.support import request_lines


async def test_an_unexpected_crash_is_a_500_envelope_without_internals(
    app, client, database, caplog
):
    async def boom(request: Request):
        raise RuntimeError("secret database password in a stack trace")

    app.add_route(boom, "/api/boom", name="boom")
    with caplog.at_level(logging.ERROR, logger="splash.errors"):
        response = await client.get("/api/boom")
    assert response.status == 500
    assert response.json == {
        "data": None,
        "error": {
            "status": 500,
            "name": "InternalServerError",
            "message": "Internal Server Error",
            "details": {},
        },
    }
    assert "secret database password" not in response.text
    assert any(record.exc_info for record in caplog.records)


async def test_domain_errors_map_to_their_status_and_headers(app, client, database):
    async def busy(request: Request):
        raise RateLimitError("Too many attempts", headers={"retry-after": "30"})

    async def taken(request: Request):
        raise ConflictError("Already there", {"field": "email"})

    app.add_route(busy, "/api/busy", name="busy")
    app.add_route(taken, "/api/taken", name="taken")
    limited = await client.get("/api/busy")
    assert limited.status == 429
    assert limited.headers["retry-after"] == "30"
    assert limited.json["error"]["name"] == "RateLimitError"
    conflict = await client.get("/api/taken")
    assert conflict.status == 409
    assert conflict.json["error"] == {
        "status": 409,
        "name": "ConflictError",
        "message": "Already there",
        "details": {"field": "email"},
    }


async def test_every_response_is_logged_as_one_structured_line(settings, database, capsys):
    app = create_app(settings.model_copy(update={"access_log": True}))
    _, response = await app.asgi_client.get(
        "/api/i18n/locales", headers={"host": "en.localhost:8000"}
    )

    [line] = request_lines(capsys.readouterr().out)  # written when the app stopped
    assert (line["method"], line["path"], line["status"], line["host"]) == (
        "GET",
        "/api/i18n/locales",
        200,
        "en.localhost:8000",
    )
    assert line["duration_ms"] >= 0
    assert line["request_id"] == response.headers["x-request-id"]
