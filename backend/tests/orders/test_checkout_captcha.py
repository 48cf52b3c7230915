"""The captcha on POST /api/orders over HTTP on the real database, against the reCAPTCHA stub
(real HTTP): while it is on, an order needs a token Google vouches for, checked before anything
is stored; a retry with the same Idempotency-Key carries a fresh token and still gets the first
answer; Pay now needs none; while it is off, no token is asked."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from splash.catalog.models import ProductVariant
from splash.core.config import Settings
from splash.orders.models import CheckoutRequest, Order, Payment
from splash.shared.http.captcha import MESSAGE
from testkit.recaptcha_stub import Siteverify
from tests.app_client import Client
from tests.orders.drafts import (
    RETURN_URL,
    draft,
    line,
    new_key,
    nothing_stored,
    place,
    quiet_client,
)

REFUSED = {
    "status": 400,
    "name": "ValidationError",
    "message": MESSAGE,
    "details": {
        "errors": [{"path": ["captchaToken"], "message": MESSAGE, "name": "ValidationError"}]
    },
}


@pytest.fixture
def siteverify() -> Iterator[Siteverify]:
    with Siteverify() as stub:
        yield stub


def captcha_on(settings: Settings, siteverify: Siteverify) -> Client:
    captcha = {"recaptcha_secret": "s3cret", "recaptcha_verify_url": siteverify.url}
    return quiet_client(settings.model_copy(update=captcha))


async def blue_m() -> ProductVariant:
    return await ProductVariant.get(sku="SPL-FS-BLUE-M")


def with_token(body: dict, token: str) -> dict:
    return {**body, "captchaToken": token}


async def test_with_the_captcha_on_a_good_token_places_the_order(settings, seeded, siteverify):
    client = captcha_on(settings, siteverify)
    blue = await blue_m()

    response = await place(client, with_token(draft([line(blue.id, 2)]), "good"))

    assert response.status == 201, response.text
    order = await Order.get()
    assert response.json["data"]["orderNr"] == order.order_nr
    assert (await blue_m()).stock == blue.stock - 2
    # the ASGI test client's peer is "mockserver"; over real HTTP it is the client's address
    assert [request["form"] for request in siteverify.requests] == [
        {"secret": "s3cret", "response": "good", "remoteip": "mockserver"}
    ]


async def test_with_the_captcha_on_a_missing_token_is_a_400_and_nothing_is_stored(
    settings, seeded, siteverify
):
    client = captcha_on(settings, siteverify)
    blue = await blue_m()

    response = await place(client, draft([line(blue.id, 2)]))

    assert response.status == 400
    assert response.json["error"] == REFUSED
    assert siteverify.requests == []
    await nothing_stored()
    assert (await blue_m()).stock == blue.stock


@pytest.mark.parametrize("token", ["low", "wrong-action", "bad", "server-error", ""])
async def test_with_the_captcha_on_a_refused_token_is_a_400_and_nothing_is_stored(
    settings, seeded, siteverify, token
):
    client = captcha_on(settings, siteverify)
    blue = await blue_m()

    response = await place(client, with_token(draft([line(blue.id, 2)]), token))

    assert response.status == 400
    assert response.json["error"] == REFUSED
    assert siteverify.tokens == ([token] if token else [])
    await nothing_stored()
    assert (await blue_m()).stock == blue.stock


@pytest.mark.parametrize("token", [7, "t" * 4001, ["good"]])
async def test_a_token_that_is_no_token_is_a_400_naming_it_without_asking_google(
    settings, seeded, siteverify, token
):
    client = captcha_on(settings, siteverify)
    blue = await blue_m()

    response = await place(client, {**draft([line(blue.id)]), "captchaToken": token})

    assert response.status == 400
    paths = [error["path"] for error in response.json["error"]["details"]["errors"]]
    assert paths == [["captchaToken"]]
    assert siteverify.requests == []
    await nothing_stored()


async def test_with_the_captcha_off_an_order_needs_no_token_and_google_is_not_asked(
    settings, seeded, siteverify
):
    client = quiet_client(settings)
    blue = await blue_m()

    without = await place(client, draft([line(blue.id)]))
    with_a_refusable_one = await place(
        client, with_token(draft([line(blue.id)], email="sam@example.com"), "bad")
    )

    assert (without.status, with_a_refusable_one.status) == (201, 201)
    assert await Order.all().count() == 2
    assert siteverify.requests == []


async def test_a_retry_with_a_fresh_token_gets_the_first_answer_and_places_nothing_twice(
    settings, seeded, siteverify
):
    client = captcha_on(settings, siteverify)
    blue, key = await blue_m(), new_key()
    body = draft([line(blue.id, 2)])

    first = await place(client, with_token(body, "good"), key)
    again = await place(client, with_token(body, "exact"), key)

    assert (first.status, again.status) == (201, 200)
    assert again.json == first.json
    assert await Order.all().count() == 1
    assert await CheckoutRequest.all().count() == 1
    assert await Payment.all().count() == 1
    assert (await blue_m()).stock == blue.stock - 2
    assert siteverify.tokens == ["good", "exact"]


async def test_a_retry_with_a_refused_token_is_a_400_and_not_given_the_first_answer(
    settings, seeded, siteverify
):
    client = captcha_on(settings, siteverify)
    blue, key = await blue_m(), new_key()
    body = draft([line(blue.id)])
    first = await place(client, with_token(body, "good"), key)

    again = await place(client, with_token(body, "low"), key)

    assert (first.status, again.status) == (201, 400)
    assert again.json["error"] == REFUSED
    assert first.json["data"]["slug"] not in again.text
    assert await Order.all().count() == 1


async def test_pay_now_needs_no_captcha_token(settings, seeded, siteverify):
    client = captcha_on(settings, siteverify)
    blue = await blue_m()
    placed = await place(client, with_token(draft([line(blue.id)]), "good"))
    slug = placed.json["data"]["slug"]

    again = await client.post(f"/api/orders/{slug}/payments", json={"returnUrl": RETURN_URL})

    assert again.status == 200, again.text
    assert again.json["data"]["checkoutUrl"] == placed.json["data"]["checkoutUrl"]
    assert siteverify.tokens == ["good"]
