"""POST /api/forms/contact/submissions through real requests: validated, stored, mailed to the
shop (outbox folder), rate-limited per client address and path."""

import logging
import re
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from splash.forms.models import FormSubmission
from splash.shared.outbox.models import OutboxJob
from splash.site.app import create_app
from tests.support import free_port, serving

URL = "/api/forms/contact/submissions"
VISITOR = {
    "name": "  Anna de Vries ",
    "email": " anna@example.org ",
    "phone": "+31 6 12345678  ",  # the rules see the raw value: no leading space
    "orderNumber": "SPL-1001",
    "message": "  Does the float suit fit a 3-year-old?\nThanks!  ",
    "consent": True,
}
MINIMAL = {
    "name": "Jonas",
    "email": "jonas@example.de",
    "message": "Wann kommt meine Bestellung?",
    "consent": True,
}


def outbox(settings) -> list[EmailMessage]:
    folder = Path(settings.mail_url.removeprefix("outbox://"))
    files = sorted(folder.glob("*.eml")) if folder.exists() else []
    return [BytesParser(policy=policy.default).parsebytes(f.read_bytes()) for f in files]


def error_paths(response) -> list[list[str]]:
    return [error["path"] for error in response.json["error"]["details"]["errors"]]


async def post(app, body=None, host="localhost:8000", **kwargs):
    headers = {"host": host, **kwargs.pop("headers", {})}
    if body is not None:
        kwargs["json"] = body
    _, response = await app.asgi_client.post(URL, headers=headers, **kwargs)
    return response


# --- a valid submission ------------------------------------------------------------------------


async def test_a_valid_submission_is_stored_trimmed_with_the_domains_locale(client, database):
    response = await client.post(URL, host="en.localhost:8000", json={"data": VISITOR})

    assert response.status == 201
    [row] = await FormSubmission.all()
    created_at = response.json["data"]["createdAt"]
    assert response.json == {"data": {"id": row.id, "form": "contact", "createdAt": created_at}}
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", created_at)
    assert datetime.fromisoformat(created_at) == row.created_at
    assert (row.form, row.locale) == ("contact", "en")
    assert row.data == {
        "name": "Anna de Vries",
        "email": "anna@example.org",
        "phone": "+31 6 12345678",
        "orderNumber": "SPL-1001",
        "message": "Does the float suit fit a 3-year-old?\nThanks!",
        "consent": True,
    }
    assert row.mailed_at is not None and row.mailed_at >= row.created_at


async def test_a_valid_submission_mails_the_shop_in_the_default_locale(client, database, settings):
    response = await client.post(URL, host="en.localhost:8000", json={"data": VISITOR})
    submission_id = response.json["data"]["id"]

    [mail] = outbox(settings)
    assert mail["From"] == settings.mail_from
    assert mail["To"] == settings.shop_email
    assert mail["Reply-To"] == "anna@example.org"
    assert mail["Subject"] == (
        f"Nieuw bericht van Anna de Vries via het contactformulier (#{submission_id})"
    )
    text = mail.get_body(("plain",)).get_content()
    assert "de Engelse winkel" in text  # the visitor wrote on the English domain
    assert "Naam: Anna de Vries\n" in text
    assert "E-mailadres: anna@example.org\n" in text
    assert "Telefoonnummer: +31 6 12345678\n" in text
    assert "Bestelnummer: SPL-1001\n" in text
    assert "Bericht:\nDoes the float suit fit a 3-year-old?\nThanks!\n" in text
    # when it came in: the shop's clock, the zone named (issue 24 point 16)
    created = (await FormSubmission.get(id=submission_id)).created_at
    local = created.astimezone(ZoneInfo("Europe/Amsterdam"))
    assert f"{local.day} " in text and f"om {local:%H:%M} (Nederlandse tijd)." in text
    assert "UTC" not in text
    html = mail.get_body(("html",)).get_content()
    assert "Does the float suit fit a 3-year-old?" in html
    assert '<a href="mailto:anna@example.org">anna@example.org</a>' in html


async def test_optional_fields_are_stored_empty_and_left_out_of_the_mail(
    client, database, settings
):
    response = await client.post(URL, host="de.localhost:8000", json={"data": MINIMAL})

    assert response.status == 201
    [row] = await FormSubmission.all()
    assert row.locale == "de"
    assert row.data == {**MINIMAL, "phone": None, "orderNumber": None}
    [mail] = outbox(settings)
    text = mail.get_body(("plain",)).get_content()
    assert "de Duitse winkel" in text
    assert "Telefoonnummer" not in text and "Bestelnummer" not in text


async def test_the_default_domain_stores_the_default_locale(client, database):
    response = await client.post(URL, host="localhost:8000", json={"data": MINIMAL})

    assert response.status == 201
    assert [row.locale for row in await FormSubmission.all()] == ["nl"]


# --- invalid input -------------------------------------------------------------------------------


async def test_each_failing_field_is_named_with_its_rule_and_nothing_is_kept(
    client, database, settings
):
    data = {
        "name": "A",
        "email": "anna-at-example.org",
        "message": "Long enough?",
        "consent": False,
    }

    response = await client.post(URL, json={"data": data})

    assert response.status == 400
    assert response.json["data"] is None
    error = response.json["error"]
    assert (error["status"], error["name"], error["message"]) == (
        400,
        "ValidationError",
        "3 fields are not valid",
    )
    assert error["details"]["errors"] == [
        {
            "path": ["data", "name"],
            "message": "'name' does not pass the rule length:2,80",
            "name": "ValidationError",
            "rule": "length",
            "args": ["2", "80"],
        },
        {
            "path": ["data", "email"],
            "message": "'email' does not pass the rule email",
            "name": "ValidationError",
            "rule": "email",
            "args": [],
        },
        {
            "path": ["data", "consent"],
            "message": "'consent' does not pass the rule accepted",
            "name": "ValidationError",
            "rule": "accepted",
            "args": [],
        },
    ]
    assert await FormSubmission.all().count() == 0
    assert outbox(settings) == []


@pytest.mark.parametrize(
    "change, field, rule, args",
    [
        ({"name": None}, "name", "required", []),
        ({"name": "   "}, "name", "required", []),
        ({"name": "x" * 81}, "name", "length", ["2", "80"]),
        ({"email": ""}, "email", "required", []),
        ({"email": "a@" + "b" * 250 + ".nl"}, "email", "length", ["3", "254"]),
        ({"phone": "06-CALL-ME"}, "phone", "matches", [r"/^\+?[0-9 ()-]{6,20}$/"]),
        ({"phone": "0" * 21}, "phone", "length", ["0", "20"]),
        ({"orderNumber": "SPL 1001"}, "orderNumber", "matches", ["/^[A-Za-z0-9-]+$/"]),
        ({"message": "Too short"}, "message", "length", ["10", "2000"]),
        ({"message": "y" * 2001}, "message", "length", ["10", "2000"]),
        ({"consent": None}, "consent", "accepted", []),
        ({"consent": "no"}, "consent", "accepted", []),
    ],
    ids=[
        "name-missing",
        "name-blank",
        "name-too-long",
        "email-empty",
        "email-too-long",
        "phone-letters",
        "phone-too-long",
        "order-number-space",
        "message-too-short",
        "message-too-long",
        "consent-missing",
        "consent-no",
    ],
)
async def test_one_failing_field_is_the_message(client, database, change, field, rule, args):
    response = await client.post(URL, json={"data": {**MINIMAL, **change}})

    assert response.status == 400
    rule_text = rule + (":" + ",".join(args) if args else "")
    assert response.json["error"]["message"] == f"{field!r} does not pass the rule {rule_text}"
    assert response.json["error"]["details"]["errors"] == [
        {
            "path": ["data", field],
            "message": f"{field!r} does not pass the rule {rule_text}",
            "name": "ValidationError",
            "rule": rule,
            "args": args,
        }
    ]
    assert await FormSubmission.all().count() == 0


async def test_a_field_the_form_does_not_have_is_refused_by_name(client, database, settings):
    response = await client.post(URL, json={"data": {**MINIMAL, "newsletter": True}})

    assert response.status == 400
    assert response.json["error"]["details"]["errors"] == [
        {
            "path": ["data", "newsletter"],
            "message": "'newsletter' is not a field of this form",
            "name": "ValidationError",
        }
    ]
    assert await FormSubmission.all().count() == 0
    assert outbox(settings) == []


async def test_a_line_break_in_a_single_line_field_never_reaches_a_mail_header(
    app, database, settings
):
    response = await post(app, {"data": {**MINIMAL, "name": "Anna\r\nBcc: victim@example.org"}})
    assert response.status == 201
    row = await FormSubmission.get(id=response.json["data"]["id"])
    assert row.data["name"] == "Anna Bcc: victim@example.org"
    assert row.mailed_at is not None
    [mail] = outbox(settings)
    assert mail["Bcc"] is None
    assert "\n" not in mail["Subject"]


@pytest.mark.parametrize("field, value", [("name", True), ("orderNumber", False)])
async def test_a_boolean_in_a_text_field_is_refused_by_name(app, database, field, value):
    problem = "must be text"
    response = await post(app, {"data": {**MINIMAL, field: value}})
    assert response.status == 400
    [error] = response.json["error"]["details"]["errors"]
    assert error["path"] == ["data", field]
    assert error["message"] == f"{field!r} {problem}"
    assert await FormSubmission.all().count() == 0


@pytest.mark.parametrize(
    "request_kwargs, name, path",
    [
        ({"json": [MINIMAL]}, "ValidationError", ["body"]),
        ({"json": "hello"}, "ValidationError", ["body"]),
        ({"json": 42}, "ValidationError", ["body"]),
        ({"content": b""}, "ValidationError", ["body"]),
        ({"json": {}}, "ValidationError", ["data"]),
        ({"json": {"form": MINIMAL}}, "ValidationError", ["data"]),
        ({"json": {"data": [MINIMAL]}}, "ValidationError", ["data"]),
        ({"json": {"data": "name=Anna"}}, "ValidationError", ["data"]),
        (
            {"json": {"data": {**MINIMAL, "message": {"text": "hi"}}}},
            "ValidationError",
            ["data", "message"],
        ),
        (
            {"json": {"data": {**MINIMAL, "message": ["a", "b"]}}},
            "ValidationError",
            ["data", "message"],
        ),
        ({"json": {"data": {**MINIMAL, "message": 12345}}}, "ValidationError", ["data", "message"]),
        (
            {"json": {"data": {**MINIMAL, "message": "x" * 6000}}},
            "ValidationError",
            ["data", "message"],
        ),
        ({"json": {"data": {**MINIMAL, "message": "Hoi\x00"}}}, "ValidationError", ["data"]),
        ({"json": {"data": {f"f{i}": "x" for i in range(51)}}}, "ValidationError", ["data"]),
        ({"json": {"data": {"k" * 65: "x"}}}, "ValidationError", ["data"]),
        ({"json": {"data": MINIMAL, "extra": 1}}, "ValidationError", ["extra"]),
        ({"json": {"data": MINIMAL, "captchaToken": 7}}, "ValidationError", ["captchaToken"]),
        (
            {"json": {"data": MINIMAL, "captchaToken": "t" * 4001}},
            "ValidationError",
            ["captchaToken"],
        ),
        (
            {"content": b'{"data": {"name": ', "headers": {"content-type": "application/json"}},
            "BadRequestError",
            None,
        ),
    ],
    ids=[
        "list-body",
        "string-body",
        "number-body",
        "empty-body",
        "no-data",
        "data-under-another-name",
        "data-is-a-list",
        "data-is-a-string",
        "value-is-a-dict",
        "value-is-a-list",
        "value-is-a-number",
        "value-of-6000-characters",
        "value-with-a-nul-character",
        "51-fields",
        "65-character-field-name",
        "unknown-top-level-key",
        "captcha-token-not-a-string",
        "captcha-token-too-long",
        "invalid-json",
    ],
)
async def test_a_malformed_body_is_a_400_never_a_500(
    app, database, settings, request_kwargs, name, path
):
    response = await post(app, **request_kwargs)

    assert response.status == 400, response.text
    error = response.json["error"]
    assert (error["status"], error["name"]) == (400, name)
    if path is None:
        assert error["details"] == {}
    else:
        paths = error_paths(response)
        assert path in [p[: len(path)] for p in paths], paths
    assert await FormSubmission.all().count() == 0
    assert outbox(settings) == []


async def test_an_unknown_form_is_a_404(client, database):
    response = await client.post("/api/forms/newsletter/submissions", json={"data": MINIMAL})

    assert response.status == 404
    assert response.json["error"] == {
        "status": 404,
        "name": "NotFoundError",
        "message": "Form 'newsletter' not found",
        "details": {},
    }


async def test_get_on_the_endpoint_is_a_405(client, database):
    response = await client.get(URL)

    assert response.status == 405
    assert response.json["error"]["name"] == "MethodNotAllowedError"
    assert response.json["data"] is None


# --- the mail server is down -------------------------------------------------------------------


async def test_a_submission_is_kept_when_the_mail_server_is_down(settings, database, caplog):
    app = create_app(settings.model_copy(update={"mail_url": f"smtp://127.0.0.1:{free_port()}"}))

    with caplog.at_level(logging.WARNING, logger="splash.shared.outbox.drain"):
        response = await post(app, {"data": VISITOR})

    assert response.status == 201
    [row] = await FormSubmission.all()
    assert row.id == response.json["data"]["id"]
    assert row.data["message"] == "Does the float suit fit a 3-year-old?\nThanks!"
    assert row.mailed_at is None
    # Its mail waits in the outbox for the next attempt.
    [job] = await OutboxJob.all()
    assert (job.kind, job.payload, job.status, job.attempts) == (
        "form_submission",
        {"submission_id": row.id},
        "pending",
        1,
    )
    assert job.last_error.startswith("SMTPConnectError")
    [record] = [r for r in caplog.records if r.name == "splash.shared.outbox.drain"]
    assert record.getMessage() == "outbox job failed, retried later"


# --- documented --------------------------------------------------------------------------------


async def test_the_openapi_document_lists_the_endpoint_and_its_body(client, database):
    document = (await client.get("/api/openapi.json")).json

    operation = document["paths"]["/api/forms/{form}/submissions"]["post"]
    assert operation["tags"] == ["forms"]
    assert [(p["name"], p["in"], p["required"]) for p in operation["parameters"]] == [
        ("form", "path", True)
    ]
    assert operation["requestBody"] == {
        "required": True,
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/SubmissionCreate"}}
        },
    }
    body = document["components"]["schemas"]["SubmissionCreate"]
    assert set(body["properties"]) == {"data", "captchaToken"}
    assert body["required"] == ["data"]
    assert {"400", "404", "429"} <= set(operation["responses"])
    success = operation["responses"]["201"]
    assert "200" not in operation["responses"]
    assert success["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/SubmissionResponse"
    }


# --- rate limit ----------------------------------------------------------------------------------


async def test_the_eleventh_submission_within_the_window_is_a_429_with_retry_after(
    client, database
):
    statuses = [(await client.post(URL, json={"data": MINIMAL})).status for _ in range(10)]
    refused = await client.post(URL, json={"data": MINIMAL})

    assert statuses == [201] * 10
    assert refused.status == 429
    assert refused.json["error"]["name"] == "RateLimitError"
    retry_after = refused.headers["retry-after"]
    assert re.fullmatch(r"[1-9][0-9]*", retry_after)
    assert 590 <= int(retry_after) <= 600  # the window is 600 s and began a moment ago
    assert (
        refused.json["error"]["message"] == f"Too many requests; try again in {retry_after} seconds"
    )
    assert await FormSubmission.all().count() == 10


# The ASGI test client's peer address is "mockserver" (not an IP address, so no trusted_proxies
# setting can match it). The tests below about client addresses therefore run the app on a real
# socket, where the peer is 127.0.0.1 (they are also faster: no start-up events per request).


async def test_invalid_submissions_count_too(settings, database):
    async with serving(create_app(settings)) as http:
        statuses = [(await http.post(URL, json={"data": {}})).status_code for _ in range(10)]
        refused = await http.post(URL, json={"data": MINIMAL})

    assert statuses == [400] * 10
    assert refused.status_code == 429
    assert await FormSubmission.all().count() == 0


async def test_another_path_has_its_own_count(settings, database):
    async with serving(create_app(settings)) as http:
        for _ in range(10):
            await http.post(URL, json={"data": {}})
        other_form = await http.post("/api/forms/newsletter/submissions", json={"data": {}})
        same_path = await http.post(URL, json={"data": MINIMAL})
        with_a_query = await http.post(URL + "?page=2", json={"data": MINIMAL})

    assert other_form.status_code == 404  # counted on its own path, so not refused
    assert same_path.status_code == 429
    assert with_a_query.status_code == 429  # the query string is not part of the key


async def test_without_trusted_proxies_x_forwarded_for_is_ignored(settings, database):
    async with serving(create_app(settings)) as http:
        for number in range(10):
            forwarded = {"x-forwarded-for": f"203.0.113.{number}"}
            response = await http.post(URL, json={"data": {}}, headers=forwarded)
            assert response.status_code == 400
        refused = await http.post(
            URL, json={"data": MINIMAL}, headers={"x-forwarded-for": "203.0.113.99"}
        )

    assert refused.status_code == 429
    assert 1 <= int(refused.headers["retry-after"]) <= 600


async def test_behind_a_trusted_proxy_the_last_forwarded_address_is_the_client(settings, database):
    app = create_app(settings.model_copy(update={"trusted_proxies": ("127.0.0.1/32",)}))

    async with serving(app) as http:
        for number in range(10):
            # whatever the visitor puts first, the address the proxy appended decides
            headers = {"x-forwarded-for": f"198.51.100.{number}, 203.0.113.7"}
            assert (await http.post(URL, json={"data": {}}, headers=headers)).status_code == 400
        same_client = await http.post(
            URL, json={"data": MINIMAL}, headers={"x-forwarded-for": "203.0.113.7"}
        )
        other_client = await http.post(
            URL, json={"data": MINIMAL}, headers={"x-forwarded-for": "203.0.113.8"}
        )
        the_proxy_itself = await http.post(URL, json={"data": MINIMAL})

    assert same_client.status_code == 429
    assert other_client.status_code == 201
    assert the_proxy_itself.status_code == 201
    assert await FormSubmission.all().count() == 2
