"""The checkout: POST /orders places an order and starts its payment.

Placing an order, in this order:

1. Everything the customer sent is checked (the schema; the return URL; the destination) and
   every line priced from the catalog (``order_pricing``): nothing is written for a refusal.
   The attempt is counted against the limits per client address and per e-mail address
   (``checkout_limits``: a 429 past them, unless the key is known: a retry gets its answer).
2. One transaction holds the check of the address (a guest's may have no account:
   ``accounts.check_guest_address``) and of the open unpaid orders of the client and the
   address (``checkout_limits.check_open``), the order (a signed-in buyer's at their account's
   address; a guest's with no account yet — it is made when the order is paid, see
   ``fulfilment.order_paid``), its reservation's end, the idempotency key with it, the
   order's lines, the stock taken for it and the consent. Nothing is mailed: an order mails
   only once its payment moves. The key is written before the stock is taken: a second
   request with the same key waits at it for the first one's commit, is refused, finds the
   key and replays the first one's answer (a retry is never refused by the caps its own
   order fills).
3. After the commit the payment is created at the provider and kept: the answer, which the
   same request again reads from the order and that payment. A provider that cannot be reached
   answers 503: the order stays, and the same request again creates its payment then
   (``payment_start``: racing requests end at one payment).
4. A guest's answer carries the browser's pass to what the order will unlock
   (``device_passes``), replaced by every answer to the same key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from tortoise.exceptions import IntegrityError

from splash.accounts import services as accounts
from splash.catalog import services as catalog
from splash.catalog.vocabulary import ProductType
from splash.content import services as content
from splash.core.errors import ConflictError, RateLimitError, ValidationError
from splash.core.route_table import RouteTable
from splash.orders import (
    cart_pricing,
    checkout_limits,
    device_passes,
    digital,
    idempotency,
    order_numbers,
    order_pricing,
    pay_now,
    payment_start,
    quote,
    services,
    stock,
)
from splash.orders.checkout_limits import Buyer
from splash.orders.idempotency import Replay
from splash.orders.models import CheckoutRequest, Order, OrderLine, Payment
from splash.orders.payment_start import ShopLinks, checked_return_url, start_payment
from splash.orders.payments.provider import PaymentProvider
from splash.orders.schemas import OrderCreated, OrderDraft
from splash.orders.vocabulary import OrderStatus, StockState
from splash.shared import outbox

ORDER_NR_ATTEMPTS = 5


@dataclass(frozen=True)
class Placed:
    order_id: int | None  # None: a key answered before keys kept their order
    answer: OrderCreated
    created: bool  # False: the answer of an earlier request with the same key
    device_pass: str | None = None  # a guest's browser's pass to what the order unlocks


class _KeyTaken(Exception):
    """Another request committed this idempotency key first."""


class _OrderNrTaken(Exception):
    """The new order number (or slug) is taken: try another."""


async def place_order(
    draft: OrderDraft,
    key: str,
    customer: accounts.User | None,
    buyer: Buyer,
    provider: PaymentProvider,
    links: ShopLinks,
    table: RouteTable,
    new_order_nr: Callable[[], str] = order_numbers.new_order_nr,
) -> Placed:
    """POST /orders with ``key`` (the ``Idempotency-Key``), by ``customer`` (None: a guest)
    from the client ``buyer``."""
    return_url = checked_return_url(draft.return_url, links)
    _check_destination(draft)
    email = _email(draft, customer)
    body = draft.model_dump(mode="json", by_alias=True)
    request_hash = idempotency.request_hash(body, customer.id if customer else None)
    # A new key is the common case: the key is looked up only when it is found taken, or when
    # the order is refused — a retry may find what its first attempt changed (the last unit
    # sold, the guest's address now an account), or wait for a first attempt running now.
    try:
        placing = _Placing(draft, key, request_hash, customer, buyer, email)
        order = await _priced_and_placed(placing, table, new_order_nr)
    except (_KeyTaken, ConflictError, ValidationError, RateLimitError):
        stored = await CheckoutRequest.get_or_none(key=key)
        if stored is None:
            raise
        placed = await _replay(stored, request_hash, return_url, links, provider, buyer)
    else:
        placed = Placed(order.id, await _answer(order, return_url, links, provider), created=True)
    if customer is not None or placed.order_id is None:
        return placed
    # The browser that placed a guest's order (a retry comes from it too: it holds the key).
    device_pass = await device_passes.issue(placed.order_id, datetime.now(UTC))
    return replace(placed, device_pass=device_pass)


@dataclass(frozen=True)
class _Placing:
    """One order being placed: what was sent, under which key, by whom, for which address."""

    draft: OrderDraft
    key: str
    request_hash: str
    customer: accounts.User | None
    buyer: Buyer
    email: str


def _email(draft: OrderDraft, customer: accounts.User | None) -> str:
    """The order's address: a signed-in buyer's account's, whatever the form says (so nobody
    signed in can make Splash mail a stranger); a guest's as typed."""
    return customer.email if customer is not None else draft.data.user.email.strip().lower()


async def _priced_and_placed(
    placing: _Placing, table: RouteTable, new_order_nr: Callable[[], str]
) -> Order:
    await checkout_limits.count_attempt(placing.buyer, placing.email)
    draft = placing.draft
    price, sellables = await _price(draft, placing.customer, table)
    _check_withdrawal_waiver(draft, price)
    consent = await content.legal_version(draft.data.locale)
    for _ in range(ORDER_NR_ATTEMPTS):
        try:
            return await _place(placing, price, sellables, consent, new_order_nr())
        except _OrderNrTaken:
            continue
    raise RuntimeError(f"no free order number in {ORDER_NR_ATTEMPTS} attempts")


async def _replay(
    stored: CheckoutRequest,
    request_hash: str,
    return_url: str,
    links: ShopLinks,
    provider: PaymentProvider,
    buyer: Buyer,
) -> Placed:
    known = idempotency.Stored(stored.body_hash, stored.answer is not None)
    replay = idempotency.decide(known, request_hash)
    if replay is Replay.REFUSE:
        raise idempotency.key_reused()
    if replay is Replay.ANSWER:  # a key whose answer was stored (before it was kept payments)
        answer = OrderCreated.model_validate(stored.answer)
        return Placed(stored.order_id, answer, created=False)  # type: ignore[attr-defined]
    order = await Order.get(id=stored.order_id)  # type: ignore[attr-defined]
    first = await Payment.filter(order_id=order.id).order_by("created_at", "id").first()
    if first is None:  # the provider was down, or the first request is creating it right now
        # (released after the reservation time, the order takes its stock again first)
        reservation = buyer.limits.reservation
        url = await pay_now.next_payment(order, 1, return_url, links, provider, reservation)
        return Placed(order.id, _created(order, url), created=False)
    url = first.checkout_url or payment_start.redirect_url(return_url, order)
    return Placed(order.id, _created(order, url), created=False)


def _check_destination(draft: OrderDraft) -> None:
    shipping = draft.data.shipping
    if shipping.address.country != shipping.country:
        raise ValidationError.for_field(
            ["data", "shipping", "address", "country"],
            "The address must be in the country the order is shipped to",
        )


WAIVER = ["data", "withdrawalWaived"]


def _check_withdrawal_waiver(draft: OrderDraft, price: order_pricing.OrderPrice) -> None:
    """Lessons are delivered at once, so a cart with lessons needs the buyer's request for
    that and their waiver of the 14-day right of withdrawal for them (EU consumer rules)."""
    if _holds_lessons(price) and draft.data.withdrawal_waived is not True:
        raise ValidationError.for_field(
            WAIVER,
            "Confirm that you want the lessons right away and so waive your right of "
            "withdrawal for them",
        )


def _holds_lessons(price: order_pricing.OrderPrice) -> bool:
    return any(quoted.line.product_type is ProductType.DIGITAL for quoted in price.lines)


async def _price(
    draft: OrderDraft, customer: accounts.User | None, table: RouteTable
) -> tuple[order_pricing.OrderPrice, dict[int, catalog.Sellable]]:
    """The order priced as the cart quote prices it (digital lines described for the buyer: a
    guest owns nothing yet)."""
    data = draft.data
    items = data.cart.items
    sellables = await catalog.sellables([item.variant_id for item in items], data.locale, table)
    known = [
        quote.sellable_line(item, sellables[item.variant_id])
        for item in items
        if item.variant_id in sellables
    ]
    buyer = customer.id if customer else None
    described = iter(await digital.describe(known, buyer, data.locale, table))
    lines: list[cart_pricing.SellableLine | None] = [
        next(described) if item.variant_id in sellables else None for item in items
    ]
    costs = await services.shipping_costs()
    price = order_pricing.price_order(lines, data.shipping.country, costs, data.locale)
    return price, sellables


async def _place(
    placing: _Placing,
    price: order_pricing.OrderPrice,
    sellables: dict[int, catalog.Sellable],
    consent: str,
    order_nr: str,
) -> Order:
    buyer, now = placing.buyer, outbox.now()
    async with outbox.transaction():
        if placing.customer is None:
            await _check_guest(placing.email)
        await checkout_limits.check_open(buyer, placing.email, now)
        fields = _order_fields(placing.draft, placing.email, price, consent)
        try:
            order = await Order.create(
                **fields,
                order_nr=order_nr,
                user=placing.customer,
                client_key=buyer.client_key,
                reserved_until=now + buyer.limits.reservation,
            )
        except IntegrityError:
            raise _OrderNrTaken from None
        try:
            await CheckoutRequest.create(
                key=placing.key, body_hash=placing.request_hash, order=order
            )
        except IntegrityError:
            raise _KeyTaken from None
        await OrderLine.bulk_create(_lines(order, price, sellables))
        await stock.take(_stock_lines(price.lines), placing.draft.data.locale)
    return order


async def _check_guest(email: str) -> None:
    """A guest's address may have no account; a 409 ``email_has_account`` names the draft's
    e-mail field."""
    try:
        await accounts.check_guest_address(email)
    except ConflictError as refused:
        for error in refused.details.get("errors", []):
            error["path"] = ["data", "user", *error["path"]]
        raise


def _order_fields(
    draft: OrderDraft, email: str, price: order_pricing.OrderPrice, consent: str
) -> dict[str, Any]:
    data = draft.data
    billing = data.billing
    return {
        "slug": order_numbers.new_slug(),
        "locale": data.locale,
        "status": OrderStatus.AWAITING_PAYMENT,
        "stock_state": StockState.RESERVED,
        "email": email,
        "firstname": data.user.firstname,
        "lastname": data.user.lastname,
        "shipping_address": data.shipping.address.model_dump(mode="json", by_alias=True),
        "billing_address": billing.address.model_dump(mode="json", by_alias=True)
        if billing
        else None,
        "currency": "EUR",
        "subtotal": price.subtotal,
        "shipping_cost": price.shipping,
        "vat_country": price.vat_country,
        "vat_rate": price.vat_rate,
        "shipping_vat": price.shipping_vat,
        "vat": price.vat,
        "total": price.total,
        "consent_version": consent,
        "consented_at": datetime.now(UTC),
        "withdrawal_waived_at": datetime.now(UTC) if _holds_lessons(price) else None,
        "ships": any(quoted.line.product_type is ProductType.PHYSICAL for quoted in price.lines),
    }


def _lines(
    order: Order, price: order_pricing.OrderPrice, sellables: dict[int, catalog.Sellable]
) -> list[OrderLine]:
    return [
        OrderLine(
            order=order,
            position=position,
            variant_id=quoted.line.variant_id,
            sku=sellables[quoted.line.variant_id].sku,
            product_type=quoted.line.product_type,
            title=quoted.line.title,
            variant_label=quoted.line.variant_label,
            options=[{"key": key, "value": value} for key, value in quoted.line.options],
            quantity=quoted.line.quantity,
            unit_price=quoted.line.unit_price,
            line_total=quoted.line_total,
            vat_rate=price.vat_rate,
            vat=quoted.vat,
        )
        for position, quoted in enumerate(price.lines)
    ]


def _stock_lines(lines: Sequence[cart_pricing.QuotedLine]) -> list[stock.StockLine]:
    return [
        stock.StockLine(
            [*order_pricing.ITEMS, index],
            order_pricing.product_name(quoted.line),
            quoted.line.variant_id,
            quoted.line.quantity,
            quoted.line.product_type,
        )
        for index, quoted in enumerate(lines)
    ]


async def _answer(
    order: Order, return_url: str, links: ShopLinks, provider: PaymentProvider
) -> OrderCreated:
    """The order's first payment started: the answer. A retry answers the same from the kept
    payment (``_replay``), so the answer itself is not stored."""
    return _created(order, await start_payment(order, 1, return_url, links, provider))


def _created(order: Order, checkout_url: str) -> OrderCreated:
    return OrderCreated(order_nr=order.order_nr, slug=order.slug, checkout_url=checkout_url)
