"""The signed-in user's own account: GET and PUT /api/users/me (multipart, JSON in ``data``)."""

import json
import logging

import pytest

from splash.accounts.models import Address, User
from tests.accounts.support import bearer, confirmed_user, error_paths

HOME = {
    "street": "Kerkstraat",
    "housenumber": "12",
    "addition": "b",
    "additionalInfo": "2e verdieping",
    "postalCode": "1017 gc",
    "city": "Amsterdam",
    "country": "nl",
}
GRANDMA = {
    "street": "Storgatan",
    "housenumber": "3",
    "postalCode": "114 51",
    "city": "Stockholm",
    "country": "se",
}


async def put_me(client, token, data, raw=False):
    form = {"data": data if raw else json.dumps(data)}
    return await client.put("/api/users/me", data=form, headers=bearer(token) if token else {})


async def test_personal_details_and_addresses_are_saved_and_answered(client, database):
    token = (await confirmed_user(client))["jwt"]

    response = await put_me(
        client, token, {"firstname": " Sanne ", "lastname": "de Vries", "addresses": [HOME]}
    )

    assert response.status == 200
    user = response.json
    assert (user["firstname"], user["lastname"]) == ("Sanne", "de Vries")
    [address] = user["addresses"]
    assert address == {
        "id": address["id"],
        "street": "Kerkstraat",
        "housenumber": "12",
        "addition": "b",
        "additionalInfo": "2e verdieping",
        "postalCode": "1017 GC",
        "city": "Amsterdam",
        "country": "nl",
    }
    assert (await client.get("/api/users/me", headers=bearer(token))).json == user


async def test_addresses_are_edited_by_id_added_and_removed(client, database):
    token = (await confirmed_user(client))["jwt"]
    first = (await put_me(client, token, {"addresses": [HOME, GRANDMA]})).json["addresses"]
    home, grandma = first

    edited = {**HOME, "id": home["id"], "street": "Dorpsstraat", "addition": ""}
    response = await put_me(client, token, {"addresses": [edited]})

    [only] = response.json["addresses"]
    assert (only["id"], only["street"], only["addition"]) == (home["id"], "Dorpsstraat", None)
    assert not await Address.exists(id=grandma["id"])
    assert response.json["firstname"] is None  # not sent, not changed

    cleared = await put_me(client, token, {"addresses": []})
    assert cleared.json["addresses"] == []


async def test_a_change_without_addresses_keeps_them(client, database):
    token = (await confirmed_user(client))["jwt"]
    await put_me(client, token, {"addresses": [HOME]})
    response = await put_me(client, token, {"firstname": "Sanne"})
    assert len(response.json["addresses"]) == 1


@pytest.mark.parametrize(
    "field, value",
    [
        ("id", 99),
        ("email", "ander@example.com"),
        ("username", "ander@example.com"),
        ("role", "admin"),
        ("confirmed", False),
        ("blocked", True),
        ("provider", "google"),
        ("password", "Nieuw-Wachtwoord-1"),
        ("tokenVersion", 0),
    ],
)
async def test_fields_outside_the_allow_list_are_refused_and_nothing_changes(
    client, database, field, value
):
    registered = await confirmed_user(client)
    token = registered["jwt"]
    before = await User.get(id=registered["user"]["id"])

    response = await put_me(client, token, {"firstname": "Sanne", field: value})

    assert response.status == 400
    assert error_paths(response) == [["data", field]]
    after = await User.get(id=registered["user"]["id"])
    assert (after.firstname, after.email, after.confirmed, after.password_hash) == (
        before.firstname,
        before.email,
        before.confirmed,
        before.password_hash,
    )
    assert (await client.get("/api/users/me", headers=bearer(token))).status == 200


@pytest.mark.parametrize(
    "address, path",
    [
        ({**HOME, "street": ""}, ["data", "addresses", "0", "street"]),
        ({**HOME, "housenumber": "twaalf"}, ["data", "addresses", "0", "housenumber"]),
        ({**HOME, "country": "be"}, ["data", "addresses", "0", "country"]),
        ({**HOME, "postalCode": "1"}, ["data", "addresses", "0", "postalCode"]),
        ({**HOME, "city": "x" * 81}, ["data", "addresses", "0", "city"]),
        ({**HOME, "admin": True}, ["data", "addresses", "0", "admin"]),
        ({**HOME, "street": "Kerk\x00straat"}, ["data", "addresses", "0", "street"]),
    ],
)
async def test_a_bad_address_names_its_field_and_keeps_the_stored_ones(
    client, database, address, path
):
    token = (await confirmed_user(client))["jwt"]
    await put_me(client, token, {"addresses": [GRANDMA]})

    response = await put_me(client, token, {"addresses": [address]})

    assert response.status == 400
    assert path in error_paths(response)
    stored = (await client.get("/api/users/me", headers=bearer(token))).json["addresses"]
    assert [a["city"] for a in stored] == ["Stockholm"]


async def test_another_users_address_cannot_be_taken_over(client, database):
    theirs = (await confirmed_user(client, "ander@example.com"))["jwt"]
    their_address = (await put_me(client, theirs, {"addresses": [HOME]})).json["addresses"][0]
    mine = (await confirmed_user(client, "ouder@example.com"))["jwt"]

    response = await put_me(client, mine, {"addresses": [{**GRANDMA, "id": their_address["id"]}]})

    assert response.status == 400
    assert error_paths(response) == [["data", "addresses", "0", "id"]]
    assert (await Address.get(id=their_address["id"])).city == "Amsterdam"


async def test_at_most_ten_addresses(client, database):
    token = (await confirmed_user(client))["jwt"]
    response = await put_me(client, token, {"addresses": [GRANDMA] * 11})
    assert response.status == 400
    assert error_paths(response) == [["data", "addresses"]]


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", "null", '"text"'])
async def test_data_that_is_not_a_json_object_is_a_400(client, database, raw):
    token = (await confirmed_user(client))["jwt"]
    response = await put_me(client, token, raw, raw=True)
    assert response.status == 400
    assert error_paths(response) == [["data"]]


async def test_a_json_body_instead_of_the_form_is_a_400_naming_data(client, database):
    token = (await confirmed_user(client))["jwt"]
    response = await client.put(
        "/api/users/me", json={"data": {"firstname": "Sanne"}}, headers=bearer(token)
    )
    assert response.status == 400
    assert error_paths(response) == [["data"]]


async def test_without_a_valid_token_the_profile_is_a_401(client, database):
    await confirmed_user(client)
    assert (await client.get("/api/users/me")).status == 401
    assert (await put_me(client, None, {"firstname": "Sanne"})).status == 401
    assert (await put_me(client, "bad.token.value", {"firstname": "Sanne"})).status == 401


BOUNDARY = "splashboundary"


def _multipart(*lines: bytes) -> bytes:
    return b"\r\n".join(lines) + b"\r\n"


async def test_the_changes_can_come_as_multipart_form_data_as_the_spa_sends_them(client, database):
    token = (await confirmed_user(client))["jwt"]
    body = _multipart(
        b"--" + BOUNDARY.encode(),
        b'Content-Disposition: form-data; name="data"',
        b"",
        json.dumps({"firstname": "Sanne"}).encode(),
        b"--" + BOUNDARY.encode() + b"--",
    )

    response = await client.put(
        "/api/users/me",
        content=body,
        headers={**bearer(token), "content-type": f"multipart/form-data; boundary={BOUNDARY}"},
    )

    assert response.status == 200
    assert response.json["firstname"] == "Sanne"


@pytest.mark.parametrize(
    "content_type, body, path",
    [
        (
            "multipart/form-data",
            b'--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}',
            ["header", "content-type"],
        ),
        (
            f"multipart/form-data; boundary={BOUNDARY}",
            _multipart(
                b"--" + BOUNDARY.encode(),
                b"no colon in this header line",
                b"",
                b"{}",
                b"--" + BOUNDARY.encode() + b"--",
            ),
            ["body"],
        ),
        (
            f"multipart/form-data; boundary={BOUNDARY}",
            _multipart(
                b"--" + BOUNDARY.encode(),
                b'Content-Disposition: form-data; name="data"',
                b"",
                b'{"firstname": "\xff"}',
                b"--" + BOUNDARY.encode() + b"--",
            ),
            ["body"],
        ),
        (
            f"multipart/form-data; boundary={BOUNDARY}",
            _multipart(
                b"--" + BOUNDARY.encode(),
                b'Content-Disposition: form-data; name="data"',
                b"Content-Type: text/plain; charset=nonsense",
                b"",
                b"{}",
                b"--" + BOUNDARY.encode() + b"--",
            ),
            ["body"],
        ),
        ("application/x-www-form-urlencoded", b"data=%7B%7D\xff", ["body"]),
    ],
    ids=[
        "no-boundary",
        "part-header-without-colon",
        "part-not-utf8",
        "unknown-charset",
        "form-not-utf8",
    ],
)
async def test_a_malformed_form_is_a_400_naming_what_is_wrong_and_logs_no_error(
    client, database, caplog, content_type, body, path
):
    token = (await confirmed_user(client))["jwt"]

    with caplog.at_level(logging.INFO):
        response = await client.put(
            "/api/users/me", content=body, headers={**bearer(token), "content-type": content_type}
        )

    assert response.status == 400
    assert error_paths(response) == [path]
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert [r.getMessage() for r in caplog.records if r.exc_info] == []
