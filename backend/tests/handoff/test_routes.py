"""The language hand-off over HTTP (issue 24 point 1): made on one domain by its SPA, redeemed
once on another in a form post, carrying the cart, its country, the checkout draft and the
sign-in — and refused, signing nobody in, when replayed, expired, from another browser, for
another domain, or posted from a page that is not the shop's."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from urllib.parse import unquote

import pytest

from splash.accounts import services as accounts
from splash.accounts.models import User
from splash.handoff.models import LanguageHandoff
from splash.handoff.services import forget_expired
from tests.support import serving

NL, EN = "localhost:8000", "en.localhost:8000"
NL_ORIGIN, EN_ORIGIN = "http://localhost:8000", "http://en.localhost:8000"
BROWSER = {"user-agent": "Mozilla/5.0 (Parent's phone)"}
TARGET = f"{EN_ORIGIN}/checkout?locale=en"
LINES = [{"variantId": 13, "quantity": 2, "options": [{"key": "name", "value": "Mila (3)"}]}]
DRAFT = {
    "step": "shipping",
    "values": {"personal": {"firstname": "Eva", "lastname": "de Vries"}, "shipping": {}},
    "attempt": None,
    "withdrawalWaived": False,
}


def body(target=TARGET, lines=LINES, country="de", draft=DRAFT):
    return {"target": target, "cart": {"items": lines, "country": country}, "draft": draft}


async def parent(settings) -> tuple[User, dict[str, str]]:
    user = await User.create(email="ouder@example.com", username="ouder@example.com")
    return user, {"authorization": f"Bearer {accounts.session_token(user, settings)}"}


async def create(client, payload=None, headers=None, host=NL):
    return await client.post(
        "/api/language-handoffs",
        host=host,
        json=body() if payload is None else payload,
        headers={**BROWSER, "origin": NL_ORIGIN, **(headers or {})},
    )


async def redeem(client, token, host=EN, headers=None, next_path="/checkout?locale=en"):
    return await client.post(
        "/api/language-handoffs/redeem",
        host=host,
        data={"token": token, "next": next_path},
        headers={**BROWSER, "origin": NL_ORIGIN, **(headers or {})},
        follow_redirects=False,
    )


def cookies_set(response) -> dict[str, str]:
    """Name → raw value of every Set-Cookie (an empty value deletes)."""
    found = {}
    for header in response.headers.get_list("set-cookie"):
        name, _, rest = header.partition("=")
        found[name] = rest.split(";", 1)[0]
    return found


async def test_the_hand_off_carries_cart_country_draft_and_sign_in(client, database, settings):
    user, signed_in = await parent(settings)

    made = await create(client, headers=signed_in)
    token = made.json["data"]["token"]
    landed = await redeem(client, token)

    assert made.status == 201
    assert made.headers["cache-control"] == "no-store"
    assert made.json["data"]["action"] == f"{EN_ORIGIN}/api/language-handoffs/redeem"
    assert len(token) >= 43  # 32 random bytes, URL-safe base64
    assert landed.status == 303
    assert landed.headers["location"] == "/checkout?locale=en"
    set_now = cookies_set(landed)
    assert set(set_now) == {"cart", "cart_country", "token", "checkout_handoff"}
    # As the SPA writes them: compact JSON, URI-encoded (PostgreSQL keeps keys in its own order).
    assert json.loads(unquote(set_now["cart"])) == LINES
    assert "(" not in set_now["cart"] and " " not in set_now["cart"]  # else it would be quoted
    assert set_now["cart_country"] == "de"
    assert json.loads(unquote(set_now["checkout_handoff"])) == DRAFT
    # A new session for the same user, not the token the source domain holds.
    session = set_now["token"]
    assert session != signed_in["authorization"].removeprefix("Bearer ")
    assert (await accounts.user_for_token(session, settings)).id == user.id
    cookie_lines = " ".join(landed.headers.get_list("set-cookie")).lower()
    assert "httponly" not in cookie_lines  # the SPA reads them, as it reads its own
    assert "samesite=lax" in cookie_lines and "path=/" in cookie_lines
    assert await LanguageHandoff.all().count() == 0  # redeemed and forgotten


async def test_a_guest_s_hand_off_carries_the_cart_and_signs_nobody_in(client, database):
    made = await create(client, body(country=None, draft=None))
    landed = await redeem(client, made.json["data"]["token"])

    set_now = cookies_set(landed)
    assert landed.status == 303
    assert "token" not in set_now and "checkout_handoff" not in set_now
    # None chosen there: none here either (the cookie is deleted).
    assert "max-age=0" in next(
        line.lower() for line in landed.headers.get_list("set-cookie") if "cart_country" in line
    )


async def test_the_token_is_stored_only_as_its_hash(client, database):
    made = await create(client)
    token = made.json["data"]["token"]

    stored = await LanguageHandoff.get()
    assert token not in {stored.token_hash, stored.browser_hash}
    assert len(stored.token_hash) == 64
    assert timedelta(seconds=55) <= stored.expires_at - stored.created_at <= timedelta(seconds=65)


async def test_a_replayed_hand_off_is_refused_and_signs_nobody_in(client, database, settings):
    _, signed_in = await parent(settings)
    token = (await create(client, headers=signed_in)).json["data"]["token"]
    first = await redeem(client, token)

    again = await redeem(client, token)

    assert "token" in cookies_set(first)
    assert again.status == 303
    assert again.headers["location"] == "/checkout?locale=en"  # the plain page, signed out
    assert cookies_set(again) == {}


async def test_an_expired_hand_off_is_refused_and_signs_nobody_in(client, database, settings):
    _, signed_in = await parent(settings)
    token = (await create(client, headers=signed_in)).json["data"]["token"]
    await LanguageHandoff.all().update(expires_at=datetime.now(UTC) - timedelta(seconds=1))

    landed = await redeem(client, token)

    assert landed.status == 303 and cookies_set(landed) == {}
    assert await LanguageHandoff.all().count() == 0  # one try, even a refused one


async def test_a_hand_off_in_another_browser_is_refused_and_signs_nobody_in(
    client, database, settings
):
    _, signed_in = await parent(settings)
    token = (await create(client, headers=signed_in)).json["data"]["token"]

    stolen = await redeem(client, token, headers={"user-agent": "curl/8.5.0"})
    after = await redeem(client, token)  # the thief's try used it up

    assert stolen.status == 303 and cookies_set(stolen) == {}
    assert cookies_set(after) == {}


async def test_a_hand_off_redeemed_on_another_domain_is_refused(client, database, settings):
    _, signed_in = await parent(settings)
    token = (await create(client, headers=signed_in)).json["data"]["token"]

    landed = await redeem(client, token, host="de.localhost:8000", next_path="/kasse?locale=de")

    assert landed.status == 303 and landed.headers["location"] == "/kasse?locale=de"
    assert cookies_set(landed) == {}


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/checkout",
        "http://en.localhost:9999/checkout",  # another port is another origin
        "http://ouder@en.localhost:8000/checkout",
        "http://en.localhost:8000//evil.example",
        "/checkout?locale=en",
        "javascript:alert(1)",
    ],
)
async def test_a_target_off_the_shop_s_domains_is_a_400_naming_it(client, database, target):
    refused = await create(client, body(target=target))

    assert refused.status == 400
    assert refused.json["error"]["details"]["errors"][0]["path"] == ["target"]
    assert await LanguageHandoff.all().count() == 0


async def test_a_draft_too_long_for_its_cookie_is_a_400_naming_it(client, database):
    refused = await create(client, body(draft={"values": {"street": "Kerkstraat " * 400}}))

    assert refused.status == 400
    assert refused.json["error"]["details"]["errors"][0]["path"] == ["draft"]


async def test_a_cart_the_quote_would_refuse_is_a_400(client, database):
    refused = await create(client, body(lines=[{"variantId": 13, "quantity": 100}]))

    assert refused.status == 400
    assert refused.json["error"]["details"]["errors"][0]["path"][:2] == ["cart", "items"]


async def test_a_signed_out_since_parent_is_not_signed_in_by_the_hand_off(
    client, database, settings
):
    user, signed_in = await parent(settings)
    token = (await create(client, headers=signed_in)).json["data"]["token"]
    await User.filter(id=user.id).update(token_version=user.token_version + 1)  # logout everywhere

    landed = await redeem(client, token)

    assert cookies_set(landed) == {}


async def test_a_post_from_a_page_off_the_shop_is_refused(client, database, settings):
    _, signed_in = await parent(settings)
    token = (await create(client, headers=signed_in)).json["data"]["token"]

    forged = await redeem(client, token, headers={"origin": "https://evil.example"})
    no_origin = await redeem(client, token, headers={"origin": ""})

    assert forged.status == no_origin.status == 403
    assert cookies_set(forged) == cookies_set(no_origin) == {}
    assert await LanguageHandoff.all().count() == 1  # never reached: still the parent's


async def test_the_shop_s_other_domains_may_post_cross_site(client, database):
    """splash.nl and splash.de are different sites: the browser says so, the redeem allows it."""
    token = (await create(client)).json["data"]["token"]

    landed = await redeem(client, token, headers={"sec-fetch-site": "cross-site"})

    assert landed.status == 303 and "cart" in cookies_set(landed)


async def test_making_a_hand_off_is_a_same_origin_json_request(client, database):
    from_elsewhere = await create(client, headers={"origin": "https://evil.example"})
    as_a_form = await client.post(
        "/api/language-handoffs", host=NL, data={"target": TARGET}, headers=BROWSER
    )

    assert from_elsewhere.status == 403
    assert as_a_form.status == 415


async def test_making_hand_offs_is_rate_limited(client, database):
    answers = [await create(client) for _ in range(31)]

    assert [answer.status for answer in answers[-2:]] == [201, 429]
    assert "retry-after" in answers[-1].headers


async def test_a_garbled_token_lands_on_the_page_signed_out(client, database):
    landed = await redeem(client, "not-a-token", next_path="//evil.example")

    assert landed.status == 303
    assert landed.headers["location"] == "/"  # never off the shop
    assert cookies_set(landed) == {}


async def test_two_redeems_at_once_carry_it_once(app, database, settings):
    _, signed_in = await parent(settings)
    async with serving(app) as http:
        made = await http.post(
            "/api/language-handoffs",
            json=body(),
            headers={**BROWSER, **signed_in, "host": NL, "origin": NL_ORIGIN},
        )
        token = made.json()["data"]["token"]
        landed = await asyncio.gather(
            *(
                http.post(
                    "/api/language-handoffs/redeem",
                    data={"token": token, "next": "/"},
                    headers={**BROWSER, "host": EN, "origin": NL_ORIGIN},
                )
                for _ in range(8)
            )
        )

    sessions = [answer for answer in landed if "token=" in answer.headers.get("set-cookie", "")]
    assert [answer.status_code for answer in landed] == [303] * 8
    assert len(sessions) == 1


async def test_expired_hand_offs_are_forgotten(client, database):
    await create(client)
    await create(client)
    await LanguageHandoff.filter(id=1).update(expires_at=datetime.now(UTC) - timedelta(seconds=1))

    assert await forget_expired(datetime.now(UTC)) == 1
    assert await LanguageHandoff.all().values_list("id", flat=True) == [2]
