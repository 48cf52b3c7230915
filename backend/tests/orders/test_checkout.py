"""POST /api/orders over HTTP on the real database: what an order stores, what it refuses
(and that a refusal stores nothing), who the order belongs to, and its payment."""

from __future__ import annotations

import json
from typing import Any

import pytest

from splash.accounts import services as accounts
from splash.accounts.models import Address, User
from splash.catalog.models import ProductVariant
from splash.content import services as content
from splash.core.config import REPO_ROOT
from splash.core.locales import LOCALES
from splash.orders.cart_pricing import vat_in
from splash.orders.models import CheckoutRequest, Order, OrderLine, Payment
from splash.orders.payments.models import SandboxPayment as HostedPayment
from splash.shared.outbox.models import OutboxJob
from testkit.factories import create_test_user
from tests.orders.drafts import (
    ADDRESS,
    RETURN_URL,
    draft,
    line,
    nothing_stored,
    pay,
    place,
    quiet_client,
)

PASSWORD = "Zwemmen-2026"


@pytest.fixture
def client(settings):
    return quiet_client(settings)


async def variant(sku: str) -> ProductVariant:
    return await ProductVariant.get(sku=sku)


def error_paths(response: Any) -> list[list[str]]:
    return [error["path"] for error in response.json["error"]["details"]["errors"]]


async def test_a_guests_order_is_priced_stored_reserved_and_sent_to_the_payment_page(
    client, seeded
):
    blue, pink = await variant("SPL-FS-BLUE-M"), await variant("SPL-SUN-PINK-S")
    body = draft(
        [line(blue.id, 2, options=[{"key": "name", "value": "Mila"}]), line(pink.id)],
        country="de",
        locale="de",
    )

    response = await place(client, body)

    assert response.status == 201, response.text
    answer = response.json["data"]
    order = await Order.get(order_nr=answer["orderNr"])
    payment = await HostedPayment.get()
    assert answer == {
        "orderNr": order.order_nr,
        "slug": order.slug,
        "checkoutUrl": f"http://localhost:8000/api/payments/test/{payment.id}",
    }
    assert len(order.slug) == 43
    blue_vat, pink_vat = vat_in(2 * 4995, 19), vat_in(5495, 19)
    assert (order.subtotal, order.shipping_cost, order.total) == (2 * 4995 + 5495, 695, 16180)
    assert (order.vat_country, order.vat_rate, order.shipping_vat) == ("de", 19, vat_in(695, 19))
    assert order.vat == blue_vat + pink_vat + vat_in(695, 19)
    assert (order.status, order.stock_state, order.locale, order.currency) == (
        "awaiting_payment",
        "reserved",
        "de",
        "EUR",
    )
    assert order.shipping_address == {**ADDRESS, "country": "de", "postalCode": "1015 CS"}
    assert order.billing_address is None
    lines = await OrderLine.filter(order_id=order.id).order_by("position")
    assert [
        (li.sku, li.title, li.variant_label, li.quantity, li.unit_price, li.line_total, li.vat)
        for li in lines
    ] == [
        ("SPL-FS-BLUE-M", "Splash-Schwimmlernanzug", "Blau, M", 2, 4995, 9990, blue_vat),
        ("SPL-SUN-PINK-S", "Splash-UV-Schwimmlernanzug", "Rosa, S", 1, 5495, 5495, pink_vat),
    ]
    assert [(li.vat_rate, li.options, li.product_type) for li in lines] == [
        (19, [{"key": "name", "value": "Mila"}], "physical"),
        (19, [], "physical"),
    ]
    assert (await variant("SPL-FS-BLUE-M")).stock == blue.stock - 2
    assert (await variant("SPL-SUN-PINK-S")).stock == pink.stock - 1


async def test_the_payment_carries_the_order_its_way_back_and_the_domains_webhook(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")

    response = await place(client, draft([line(blue.id)], locale="sv"), host="sv.localhost:8000")

    order = await Order.get(slug=response.json["data"]["slug"])
    payment = await HostedPayment.get()
    assert (payment.amount, payment.currency, payment.locale) == (order.total, "EUR", "sv_SE")
    assert payment.description == f"Splash beställning {order.order_nr}"
    assert payment.redirect_url == f"{RETURN_URL}?order={order.slug}"
    assert payment.webhook_url == "http://sv.localhost:8000/api/payments/webhook"
    assert payment.idempotency_key == f"{order.order_nr}-1"
    kept = await Payment.get()
    assert (kept.order_id, kept.provider, kept.provider_id, kept.status, kept.amount) == (  # type: ignore[attr-defined]
        order.id,
        "test",
        payment.id,
        "open",
        order.total,
    )
    assert kept.checkout_url == response.json["data"]["checkoutUrl"]


async def test_a_guest_gets_no_account_and_no_mail_until_the_order_is_paid(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")

    response = await place(client, draft([line(blue.id)], email="Nieuw@Example.com", locale="fr"))

    assert response.status == 201, response.text
    order = await Order.get(slug=response.json["data"]["slug"])
    assert (order.user_id, order.email) == (None, "nieuw@example.com")  # type: ignore[attr-defined]
    assert await User.all().count() == 0
    assert await OutboxJob.all().count() == 0


async def test_paying_a_guests_order_makes_the_account_and_the_mail_to_set_its_password(
    client, seeded
):
    blue = await variant("SPL-FS-BLUE-M")
    response = await place(client, draft([line(blue.id)], email="Nieuw@Example.com", locale="fr"))
    order = await Order.get(slug=response.json["data"]["slug"])

    await pay(client, order)

    user = await User.get(email="nieuw@example.com")
    assert (await Order.get(id=order.id)).user_id == user.id  # type: ignore[attr-defined]
    assert (user.confirmed, user.password_hash, user.firstname, user.locale) == (
        False,
        None,
        "Eva",
        "fr",
    )
    jobs = await OutboxJob.filter(kind="order_account").values("payload")
    assert jobs == [{"payload": {"user_id": user.id, "order_id": order.id, "locale": "fr"}}]
    # The order's address is the account's first saved one (issue 24, point 15).
    saved = await Address.filter(user_id=user.id).values_list("street", "postal_code", "country")
    shipped = order.shipping_address
    assert saved == [(shipped["street"], shipped["postalCode"].upper(), shipped["country"])]


async def test_two_paid_guest_orders_of_one_address_share_one_account_and_one_mail(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")
    orders = []
    for _ in range(2):
        response = await place(client, draft([line(blue.id)], email="nieuw@example.com"))
        assert response.status == 201, response.text
        orders.append(await Order.get(slug=response.json["data"]["slug"]))

    for order in orders:
        await pay(client, order)

    user = await User.get(email="nieuw@example.com")
    assert {o.user_id for o in await Order.all()} == {user.id}  # type: ignore[attr-defined]
    assert await OutboxJob.filter(kind="order_account").count() == 1


async def test_a_guests_order_paid_after_the_address_got_an_account_goes_to_that_account(
    client, seeded
):
    blue = await variant("SPL-FS-BLUE-M")
    response = await place(client, draft([line(blue.id)], email="eva@example.com"))
    order = await Order.get(slug=response.json["data"]["slug"])
    owner = await create_test_user("eva@example.com", PASSWORD)

    await pay(client, order)

    assert (await Order.get(id=order.id)).user_id == owner.id  # type: ignore[attr-defined]
    assert await User.all().count() == 1
    assert await OutboxJob.filter(kind="order_account").count() == 0


async def test_the_order_records_the_consent_to_the_texts_of_its_language(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")

    response = await place(client, draft([line(blue.id)], locale="es"))

    order = await Order.get(slug=response.json["data"]["slug"])
    assert order.consent_version == await content.legal_version("es")
    assert order.consent_version != await content.legal_version("nl")
    assert order.consented_at is not None


async def test_a_separate_billing_address_is_kept(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")
    billing = {**ADDRESS, "street": "Damrak", "addition": "", "country": "de"}

    response = await place(client, draft([line(blue.id)], billing={"address": billing}))

    order = await Order.get(slug=response.json["data"]["slug"])
    assert order.billing_address == {**billing, "addition": None, "postalCode": "1015 CS"}


# --- what the client cannot decide ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "field", "value"),
    [
        ("data", "total", 1),
        ("data", "subtotal", 1),
        ("data", "status", "paid"),
        ("data", "currency", "USD"),
        ("data", "vat", 0),
        ("data", "userId", 1),
        ("data.user", "id", 1),
        ("data.user", "confirmed", True),
        ("data.cart", "total", 1),
        ("data.cart.items.0", "price", 1),
        ("data.cart.items.0", "unitPrice", 1),
        ("data.shipping", "shippingCost", 0),
        ("", "status", "paid"),
        ("", "amount", 1),
    ],
)
async def test_prices_totals_status_and_owner_sent_by_the_client_are_refused_and_nothing_stored(
    client, seeded, where, field, value
):
    blue = await variant("SPL-FS-BLUE-M")
    body = draft([line(blue.id)])
    target: Any = body
    path: list[str] = []
    for part in filter(None, where.split(".")):
        target = target[int(part)] if part.isdigit() else target[part]
        path.append(part)
    target[field] = value

    response = await place(client, body)

    assert response.status == 400
    assert error_paths(response) == [[*path, field]]
    await nothing_stored()
    assert (await variant("SPL-FS-BLUE-M")).stock == blue.stock


REQUIRED = [
    ("data",),
    ("returnUrl",),
    ("data", "user"),
    ("data", "user", "firstname"),
    ("data", "user", "lastname"),
    ("data", "user", "email"),
    ("data", "cart"),
    ("data", "cart", "items"),
    ("data", "cart", "items", 0, "variantId"),
    ("data", "cart", "items", 0, "quantity"),
    ("data", "shipping"),
    ("data", "shipping", "country"),
    ("data", "shipping", "address"),
    ("data", "shipping", "address", "street"),
    ("data", "shipping", "address", "housenumber"),
    ("data", "shipping", "address", "postalCode"),
    ("data", "shipping", "address", "city"),
    ("data", "shipping", "address", "country"),
    ("data", "billing", "address"),
    ("data", "billing", "address", "street"),
    ("data", "billing", "address", "housenumber"),
    ("data", "billing", "address", "postalCode"),
    ("data", "billing", "address", "city"),
    ("data", "billing", "address", "country"),
    ("data", "consent"),
]


@pytest.mark.parametrize("path", REQUIRED, ids=lambda path: ".".join(map(str, path)))
async def test_every_required_field_missing_is_a_400_naming_it(client, seeded, path):
    blue = await variant("SPL-FS-BLUE-M")
    body = draft([line(blue.id)], billing={"address": dict(ADDRESS)})
    parent: Any = body
    for part in path[:-1]:
        parent = parent[part]
    del parent[path[-1]]

    response = await place(client, body)

    assert response.status == 400
    assert error_paths(response) == [[str(part) for part in path]]
    assert response.json["error"]["message"] == "Field required"
    await nothing_stored()


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"consent": False}, ["data", "consent"]),
        ({"locale": "it"}, ["data", "locale"]),
        ({"cart": {"items": []}}, ["data", "cart", "items"]),
        ({"user": {"firstname": "Eva", "lastname": "Vries", "email": "eva"}}, None),
    ],
)
async def test_bad_values_are_a_400_naming_the_field(client, seeded, change, path):
    blue = await variant("SPL-FS-BLUE-M")
    body = draft([line(blue.id)])
    body["data"].update(change)

    response = await place(client, body)

    assert response.status == 400
    assert error_paths(response) == [path or ["data", "user", "email"]]
    await nothing_stored()


@pytest.mark.parametrize(
    "return_url",
    [
        "https://evil.example/order-payment",
        "http://localhost:8000/elsewhere",
        "http://localhost:8000/order-payment?next=https://evil.example",
        "http://localhost:8001/order-payment",
    ],
)
async def test_a_return_url_off_the_shops_payment_page_is_a_400(client, seeded, return_url):
    blue = await variant("SPL-FS-BLUE-M")
    body = {**draft([line(blue.id)]), "returnUrl": return_url}

    response = await place(client, body)

    assert response.status == 400
    assert error_paths(response) == [["returnUrl"]]
    await nothing_stored()


async def test_every_shop_domains_payment_page_is_a_return_url(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")
    body = {**draft([line(blue.id)]), "returnUrl": "http://en.localhost:8000/order-payment"}

    response = await place(client, body)

    assert response.status == 201
    assert (await HostedPayment.get()).redirect_url.startswith(
        "http://en.localhost:8000/order-payment?order="
    )


async def test_an_address_outside_the_shipping_country_is_a_400(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")
    body = draft([line(blue.id)], country="de")
    body["data"]["shipping"]["address"]["country"] = "nl"

    response = await place(client, body)

    assert response.status == 400
    assert error_paths(response) == [["data", "shipping", "address", "country"]]
    await nothing_stored()


@pytest.mark.parametrize(
    "key", [None, "", "too-short-key", "k" * 65, "sixteen chars ok", "key.with.dots.1234567"]
)
async def test_a_missing_or_malformed_idempotency_key_is_a_400_naming_the_header(
    client, seeded, key
):
    blue = await variant("SPL-FS-BLUE-M")
    headers = {} if key is None else {"idempotency-key": key}

    response = await client.post("/api/orders", json=draft([line(blue.id)]), headers=headers)

    assert response.status == 400
    assert error_paths(response) == [["Idempotency-Key"]]
    await nothing_stored()


# --- what the catalog refuses ---------------------------------------------------------------------


async def test_an_unknown_variant_is_a_400_naming_its_line(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")

    response = await place(client, draft([line(blue.id), line(999_999)]))

    assert response.status == 400
    assert error_paths(response) == [["data", "cart", "items", "1", "variantId"]]
    await nothing_stored()


async def test_a_sold_out_variant_is_refused_naming_the_product_and_nothing_is_stored(
    client, seeded
):
    blue, sold_out = await variant("SPL-FS-BLUE-M"), await variant("SPL-FS-PINK-XXXL")

    response = await place(client, draft([line(blue.id), line(sold_out.id)]))

    assert response.status == 409
    error = response.json["error"]
    unavailable = "Dit product is (momenteel) niet beschikbaar"
    assert error["message"] == f"Splash-drijfpak \u2013 Roze, 3XL: {unavailable}"
    assert error["details"]["code"] == "product_unavailable"
    assert error["details"]["products"] == ["Splash-drijfpak \u2013 Roze, 3XL"]
    assert error["details"]["left"] == [0]
    assert error_paths(response) == [["data", "cart", "items", "1"]]
    await nothing_stored()
    assert (await variant("SPL-FS-BLUE-M")).stock == blue.stock


def spa_text(locale: str, key: str, **values: Any) -> str:
    """A UI text of the SPA (frontend/src/locales), its {{placeholders}} filled in."""
    texts = json.loads((REPO_ROOT / f"frontend/src/locales/{locale}.json").read_text("utf-8"))
    text = texts
    for part in key.split("."):
        text = text[part]
    for name, value in values.items():
        text = text.replace("{{" + name + "}}", str(value))
    return text


@pytest.mark.parametrize("locale", LOCALES)
async def test_more_than_is_left_is_a_409_in_the_cart_words_of_the_orders_language(
    client, seeded, locale
):
    blue = await variant("SPL-FS-BLUE-M")
    await ProductVariant.filter(id=blue.id).update(stock=9)

    response = await place(client, draft([line(blue.id, 10)], locale=locale))

    assert response.status == 409
    error = response.json["error"]
    only_9_left = spa_text(locale, "stock.left", count=9)
    [product] = error["details"]["products"]
    assert error["details"]["left"] == [9]
    assert [e["message"] for e in error["details"]["errors"]] == [only_9_left]
    assert error["message"] == spa_text(locale, "stock.line", product=product, text=only_9_left)
    await nothing_stored()


async def test_a_switched_off_variant_is_refused(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")
    await ProductVariant.filter(id=blue.id).update(active=False)

    response = await place(client, draft([line(blue.id)]))

    assert response.status == 409
    assert response.json["error"]["details"]["products"] == ["Splash-drijfpak \u2013 Blauw, M"]
    await nothing_stored()


async def test_more_than_in_stock_over_two_lines_of_one_variant_is_refused(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")  # 7 in stock
    lines = [line(blue.id, 4), line(blue.id, 4, options=[{"key": "name", "value": "Mila"}])]

    response = await place(client, draft(lines))

    assert response.status == 409
    assert error_paths(response) == [["data", "cart", "items", "0"], ["data", "cart", "items", "1"]]
    assert response.json["error"]["details"]["products"] == ["Splash-drijfpak \u2013 Blauw, M"]
    await nothing_stored()


# --- who the order belongs to ---------------------------------------------------------------------


async def test_a_guest_using_the_email_of_an_account_is_a_409_and_nothing_is_stored(client, seeded):
    blue = await variant("SPL-FS-BLUE-M")
    await create_test_user("eva@example.com", PASSWORD)

    response = await place(client, draft([line(blue.id)], email="EVA@example.com"))

    assert response.status == 409
    assert response.json["error"]["details"]["code"] == "email_has_account"
    assert error_paths(response) == [["data", "user", "email"]]
    assert await Order.all().count() == 0
    assert await CheckoutRequest.all().count() == 0
    assert await HostedPayment.all().count() == 0
    assert (await variant("SPL-FS-BLUE-M")).stock == blue.stock


async def test_signed_in_as_that_account_the_order_is_theirs_and_no_account_mail_is_queued(
    client, seeded, settings
):
    blue = await variant("SPL-FS-BLUE-M")
    owner = await create_test_user("eva@example.com", PASSWORD)
    token = accounts.session_token(owner, settings)

    response = await place(
        client, draft([line(blue.id)]), headers={"authorization": f"Bearer {token}"}
    )

    assert response.status == 201
    order = await Order.get(slug=response.json["data"]["slug"])
    assert order.user_id == owner.id  # type: ignore[attr-defined]
    assert await User.all().count() == 1
    await pay(client, order)
    assert await OutboxJob.filter(kind="order_account").count() == 0


async def test_a_signed_in_buyers_order_goes_to_the_accounts_address_not_the_typed_one(
    client, seeded, settings
):
    blue = await variant("SPL-FS-BLUE-M")
    owner = await create_test_user("eva@example.com", PASSWORD)
    token = accounts.session_token(owner, settings)

    response = await place(
        client,
        draft([line(blue.id)], email="vreemde@example.org"),
        headers={"authorization": f"Bearer {token}"},
    )

    assert response.status == 201, response.text
    order = await Order.get(slug=response.json["data"]["slug"])
    assert (order.email, order.user_id) == ("eva@example.com", owner.id)  # type: ignore[attr-defined]
    assert await User.all().count() == 1


async def test_the_api_document_describes_the_key_header_and_every_answer(client, database):
    document = (await client.get("/api/openapi.json")).json
    operation = document["paths"]["/api/orders"]["post"]

    assert operation["parameters"] == [
        {
            "name": "Idempotency-Key",
            "in": "header",
            "description": "A fresh random key per order attempt, the same key when retrying it",
            "required": True,
            "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$", "minLength": 1},
        }
    ]
    assert set(operation["responses"]) == {"200", "201", "400", "409", "429", "503"}
    answer = {"$ref": "#/components/schemas/OrderCreatedAnswer"}
    for status in ("200", "201"):
        assert operation["responses"][status]["content"]["application/json"]["schema"] == answer
