"""The checkout: POST /orders places an order, and Pay now starts another payment for it.

Placing an order, in this order:

1. Everything the customer sent is checked (the schema; the return URL; the destination) and
   every line priced from the catalog (``order_pricing``): nothing is written for a refusal.
2. One transaction holds the idempotency key, the account (``accounts.account_for_order``),
   the order and its lines, the stock taken for it, the consent and, for a guest's new account,
   the outbox job that mails the link to set a password. The key is written first: a second
   request with the same key waits for the first one's commit and then replays its answer.
3. After the commit the payment is created at the provider and kept, and the answer stored
   under the key. A provider that cannot be reached answers 503: the order stays, and the same
   request again creates its payment then (the provider's own idempotency key, derived from
   the order and the attempt, makes racing requests end at one payment).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from splash import outbox
from splash.accounts import services as accounts
from splash.catalog import services as catalog
from splash.content import services as content
from splash.errors import ConflictError, NotFoundError, ServiceUnavailableError, ValidationError
from splash.orders import idempotency, order_numbers, order_pricing, pricing, services, stock
from splash.orders.idempotency import Replay
from splash.orders.models import CheckoutRequest, Order, OrderLine, Payment
from splash.orders.payment_status import transition
from splash.orders.schemas import OrderCreated, OrderDraft
from splash.orders.vocabulary import OrderError, OrderStatus, PaymentStatus, StockState
from splash.payments.provider import (
    PROVIDER_LOCALES,
    PaymentProvider,
    PaymentRequest,
    ProviderPayment,
    ProviderUnavailable,
)
from splash.route_table import RouteTable

ORDER_NR_ATTEMPTS = 5
RETRY_AFTER_SECONDS = 10
PAID = frozenset(
    {OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.COMPLETED, OrderStatus.REFUNDED}
)
UNFINISHED = frozenset({PaymentStatus.OPEN, PaymentStatus.PENDING, PaymentStatus.AUTHORIZED})
# The payment's description (bank statements show it): "Splash order SPL-7K3M-9QX2".
ORDER_WORD = {
    "nl": "bestelling",
    "en": "order",
    "de": "Bestellung",
    "es": "pedido",
    "fr": "commande",
    "sv": "beställning",
}


@dataclass(frozen=True)
class ShopLinks:
    """Where a payment sends the customer back (one of ``return_urls``: the order-payment page
    on a shop domain) and where the provider reports (the webhook on the request's domain)."""

    return_urls: frozenset[str]
    webhook_url: str


@dataclass(frozen=True)
class Placed:
    answer: OrderCreated
    created: bool  # False: the answer of an earlier request with the same key


class _KeyTaken(Exception):
    """Another request committed this idempotency key first."""


class _OrderNrTaken(Exception):
    """The new order number (or slug) is taken: try another."""


def checked_return_url(raw: str, links: ShopLinks) -> str:
    if raw not in links.return_urls:
        raise ValidationError.for_field(
            ["returnUrl"], "returnUrl must be the order payment page of this shop"
        )
    return raw


async def place_order(
    draft: OrderDraft,
    key: str,
    customer: accounts.User | None,
    provider: PaymentProvider,
    links: ShopLinks,
    table: RouteTable,
    new_order_nr: Callable[[], str] = order_numbers.new_order_nr,
) -> Placed:
    """POST /orders with ``key`` (the ``Idempotency-Key``), by ``customer`` (None: a guest)."""
    return_url = checked_return_url(draft.return_url, links)
    _check_destination(draft)
    body = draft.model_dump(mode="json", by_alias=True)
    request_hash = idempotency.request_hash(body, customer.id if customer else None)
    stored = await CheckoutRequest.get_or_none(key=key)
    if stored is None:
        price, sellables = await _price(draft, table)
        consent = await content.legal_version(draft.data.locale)
        for _ in range(ORDER_NR_ATTEMPTS):
            try:
                order, row = await _place(
                    draft, key, request_hash, customer, price, sellables, consent, new_order_nr()
                )
            except _OrderNrTaken:
                continue
            except _KeyTaken:
                stored = await CheckoutRequest.get(key=key)
                break
            answer = await _answer(order, row.id, return_url, links, provider)
            return Placed(answer, created=True)
        else:
            raise RuntimeError(f"no free order number in {ORDER_NR_ATTEMPTS} attempts")
    return await _replay(stored, request_hash, return_url, links, provider)


async def _replay(
    stored: CheckoutRequest,
    request_hash: str,
    return_url: str,
    links: ShopLinks,
    provider: PaymentProvider,
) -> Placed:
    known = idempotency.Stored(stored.body_hash, stored.answer is not None)
    replay = idempotency.decide(known, request_hash)
    if replay is Replay.REFUSE:
        raise idempotency.key_reused()
    if replay is Replay.ANSWER:
        return Placed(OrderCreated.model_validate(stored.answer), created=False)
    order = await Order.get(id=stored.order_id)  # type: ignore[attr-defined]
    return Placed(await _answer(order, stored.id, return_url, links, provider), created=False)


def _check_destination(draft: OrderDraft) -> None:
    shipping = draft.data.shipping
    if shipping.address.country != shipping.country:
        raise ValidationError.for_field(
            ["data", "shipping", "address", "country"],
            "The address must be in the country the order is shipped to",
        )


async def _price(
    draft: OrderDraft, table: RouteTable
) -> tuple[order_pricing.OrderPrice, dict[int, catalog.Sellable]]:
    data = draft.data
    items = data.cart.items
    sellables = await catalog.sellables([item.variant_id for item in items], data.locale, table)
    lines: list[pricing.SellableLine | None] = [
        services.sellable_line(item, sellables[item.variant_id])
        if item.variant_id in sellables
        else None
        for item in items
    ]
    price = order_pricing.price_order(lines, data.shipping.country, await services.shipping_costs())
    return price, sellables


async def _place(
    draft: OrderDraft,
    key: str,
    request_hash: str,
    customer: accounts.User | None,
    price: order_pricing.OrderPrice,
    sellables: dict[int, catalog.Sellable],
    consent: str,
    order_nr: str,
) -> tuple[Order, CheckoutRequest]:
    data = draft.data
    async with outbox.transaction():
        try:
            row = await CheckoutRequest.create(key=key, body_hash=request_hash)
        except IntegrityError:
            raise _KeyTaken from None
        person = data.user
        user = await accounts.account_for_order(
            person.email, customer, person.firstname, person.lastname, data.locale
        )
        try:
            order = await Order.create(
                **_order_fields(draft, price, consent), order_nr=order_nr, user=user
            )
        except IntegrityError:
            raise _OrderNrTaken from None
        await OrderLine.bulk_create(_lines(order, price, sellables))
        await _take_stock(price.lines)
        if customer is None:  # a guest: the account is new, its owner sets a password
            job = {"user_id": user.id, "order_id": order.id, "locale": data.locale}
            await outbox.enqueue("order_account", job)
        await CheckoutRequest.filter(id=row.id).update(order_id=order.id)
    return order, row


def _order_fields(
    draft: OrderDraft, price: order_pricing.OrderPrice, consent: str
) -> dict[str, object]:
    data = draft.data
    billing = data.billing
    return {
        "slug": order_numbers.new_slug(),
        "locale": data.locale,
        "status": OrderStatus.AWAITING_PAYMENT,
        "stock_state": StockState.RESERVED,
        "email": data.user.email.lower(),
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


async def _take_stock(lines: Sequence[pricing.QuotedLine]) -> None:
    """Reserves every line's units, or none (the caller's transaction rolls back). In variant
    order, so two orders of the same variants never wait for each other's rows in turn."""
    for index, quoted in sorted(enumerate(lines), key=lambda entry: entry[1].line.variant_id):
        line = quoted.line
        if not await catalog.take_stock(line.variant_id, line.quantity):
            path = [*order_pricing.ITEMS, index]
            raise order_pricing.unavailable([(path, order_pricing.product_name(line))])


async def _answer(
    order: Order, request_id: int, return_url: str, links: ShopLinks, provider: PaymentProvider
) -> OrderCreated:
    checkout_url = await start_payment(order, 1, return_url, links, provider)
    answer = OrderCreated(order_nr=order.order_nr, slug=order.slug, checkout_url=checkout_url)
    stored = answer.model_dump(mode="json", by_alias=True)
    await CheckoutRequest.filter(id=request_id).update(answer=stored)
    return answer


# --- payments -------------------------------------------------------------------------------------


def provider_unavailable() -> ServiceUnavailableError:
    return ServiceUnavailableError(
        "The payment provider cannot be reached; please try again in a moment",
        headers={"retry-after": str(RETRY_AFTER_SECONDS)},
    )


async def start_payment(
    order: Order, attempt: int, return_url: str, links: ShopLinks, provider: PaymentProvider
) -> str:
    """Creates the order's ``attempt``-th payment at the provider and keeps it; its checkout
    URL. The same order and attempt always name the same payment at the provider."""
    request = PaymentRequest(
        amount=order.total,
        currency=order.currency,
        description=f"Splash {ORDER_WORD[order.locale]} {order.order_nr}",
        redirect_url=f"{return_url}?order={order.slug}",
        webhook_url=links.webhook_url,
        locale=PROVIDER_LOCALES[order.locale],
        idempotency_key=f"{order.order_nr}-{attempt}",
        metadata={"orderNr": order.order_nr, "slug": order.slug},
    )
    try:
        created = await provider.create(request)
    except ProviderUnavailable:
        raise provider_unavailable() from None
    await _keep(order, provider.name, created)
    return created.checkout_url or request.redirect_url


async def _keep(order: Order, provider: str, created: ProviderPayment) -> None:
    bank = created.bank_transfer
    try:
        await Payment.create(
            order=order,
            provider=provider,
            provider_id=created.id,
            status=created.status,
            amount=created.amount,
            method=created.method,
            checkout_url=created.checkout_url,
            bank_details={
                "bankName": bank.bank_name,
                "bankAccount": bank.bank_account,
                "bankBic": bank.bank_bic,
                "transferReference": bank.transfer_reference,
            }
            if bank
            else None,
        )
    except IntegrityError:  # a racing request with the same key kept it first
        pass


async def pay_again(
    slug: str, return_url: str, provider: PaymentProvider, links: ShopLinks
) -> str:
    """Pay now: the open payment's page, or a new payment when the last one ended without
    money (the order back to awaiting payment, its stock reserved again)."""
    return_url = checked_return_url(return_url, links)
    order = await Order.get_or_none(slug=slug)
    if order is None:
        raise NotFoundError("Order not found")
    payments = await Payment.filter(order_id=order.id).order_by("created_at", "id")
    latest = payments[-1] if payments else None
    if order.status in PAID or (latest is not None and latest.status == PaymentStatus.PAID):
        raise ConflictError("This order has been paid", {"code": OrderError.ORDER_PAID})
    if latest is not None and latest.status in UNFINISHED:
        if latest.checkout_url:
            return latest.checkout_url
        raise ConflictError(
            "A payment of this order is being processed",
            {"code": OrderError.PAYMENT_IN_PROGRESS},
        )
    await _reopen(order)
    return await start_payment(order, len(payments) + 1, return_url, links, provider)


async def _reopen(order: Order) -> None:
    """Back to awaiting payment, with its stock reserved again when it was released; both or
    neither (409 ``product_unavailable`` when the stock is gone meanwhile)."""
    async with in_transaction():
        if order.status != OrderStatus.AWAITING_PAYMENT:
            waiting = transition(order.status, OrderStatus.AWAITING_PAYMENT)
            await Order.filter(id=order.id, status=order.status).update(status=waiting)
        if order.stock_state == StockState.RELEASED and await stock.move(
            order, StockState.RESERVED
        ):
            for line in sorted(await OrderLine.filter(order_id=order.id), key=_by_variant):
                if not await catalog.take_stock(line.variant_id, line.quantity):
                    name = f"{line.title} \N{EN DASH} {line.variant_label}"
                    raise order_pricing.unavailable([(["lines", line.position], name)])


def _by_variant(line: OrderLine) -> int:
    return line.variant_id
