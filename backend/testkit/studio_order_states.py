"""Provider states of the studio's order screens (Pact: tests/pact/studio-orders.pact.test.ts)
and the end-to-end test's team and order (tests/e2e/studio-orders.spec.ts, both in frontend/).

The order is a guest's, paid as the webhook pays it (stock committed, the lesson granted, the
account made): two blue M float suits, so it ships in two parcels, and level 1 of the course.
What changes from one seeding to the next (ids, numbers, cookies) is answered as values."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from splash.catalog.models import ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.core.config import Settings
from splash.orders import cart_pricing, mails, payment_updates, refunds
from splash.orders.models import Order, OrderLine, Payment
from splash.orders.payments.models import SandboxPayment
from splash.orders.refund_schemas import RefundAsk, RefundLineAsk
from splash.orders.vocabulary import PaymentStatus
from splash.shared import outbox
from splash.shared.outbox.models import JobStatus, OutboxJob
from splash.staff.activity import Actor
from splash.staff.models import StaffMember
from testkit.factories import (
    academy_ids,
    create_order,
    create_staff,
    reset_to_fixtures,
    staff_session,
)
from testkit.studio_states import STAFF_PASSWORD, TOTP_SECRET, set_up_owner

SUIT = "SPL-FS-BLUE-M"
GUEST = "gast@example.com"
SHOP_MEMBER = "winkel@splash.example"
EDITOR = "redacteur@splash.example"


async def _guest_order(
    app_ctx: Any, locale: str = "nl", *, paid: bool = True, mails_sent: bool = True
) -> Order:
    """Two blue M float suits and level 1 of the course, to the Netherlands, paid (the sandbox
    payment paid and its update applied) unless ``paid`` is False. With ``mails_sent`` False
    the mails the payment promised wait a day: the order shows none sent, whatever the
    server's drainer has done by the time it is read (the Pact interactions' ``mails: []``)."""
    order = await create_order(None, [(SUIT, 2)], locale=locale, email=GUEST)
    lesson = await ProductVariant.get(id=(await academy_ids())["level1VariantId"])
    vat = cart_pricing.vat_in(lesson.price, order.vat_rate)
    await OrderLine.create(
        order=order,
        position=1,
        variant_id=lesson.id,
        sku=lesson.sku,
        product_type=ProductType.DIGITAL,
        title="Learn to swim, level 1",
        variant_label="",
        quantity=1,
        unit_price=lesson.price,
        line_total=lesson.price,
        vat_rate=order.vat_rate,
        vat=vat,
    )
    order.subtotal += lesson.price
    order.total += lesson.price
    order.vat += vat
    await order.save(update_fields=["subtotal", "total", "vat"])
    payment = await Payment.get(order=order)
    await Payment.filter(id=payment.id).update(amount=order.total)
    await SandboxPayment.filter(id=payment.provider_id).update(amount=order.total)
    if paid:
        await SandboxPayment.filter(id=payment.provider_id).update(status=PaymentStatus.PAID)
        async with outbox.transaction():  # the drainer sees the jobs only as they end up
            assert await payment_updates.refresh(app_ctx.payments, payment.provider_id)
            if not mails_sent:
                await OutboxJob.filter(
                    status=JobStatus.PENDING, kind__in=[mails.CONFIRMATION, mails.ACCOUNT]
                ).update(next_attempt_at=outbox.now() + timedelta(days=1))
    return await Order.get(id=order.id)


async def _order_values(order: Order) -> dict[str, Any]:
    lines = {line.product_type: line for line in await OrderLine.filter(order_id=order.id)}
    return {
        "orderId": order.id,
        "orderNr": order.order_nr,
        "slug": order.slug,
        "suitLineId": lines[ProductType.PHYSICAL].id,
        "lessonLineId": lines[ProductType.DIGITAL].id,
    }


async def _member(role: str, email: str, settings: Settings) -> StaffMember:
    return (await create_staff(email, role, STAFF_PASSWORD, settings, locale="en")).member


async def owner_and_paid_order(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """A signed-in owner (``session``) and the paid guest order (``orderId``, ``orderNr``,
    ``slug``, ``suitLineId``, ``lessonLineId``)."""
    await reset_to_fixtures(settings, app_ctx)
    owner = await set_up_owner(settings)
    order = await _guest_order(app_ctx, mails_sent=False)
    return {"session": await staff_session(owner, settings), **await _order_values(order)}


async def owner_and_refunded_order(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The same, one float suit refunded (back in stock): its ``creditNoteNr`` besides."""
    answer = await owner_and_paid_order(settings, app_ctx)
    owner = await StaffMember.get(email="owner@splash.example")
    ask = RefundAsk(lines=(RefundLineAsk(line_id=answer["suitLineId"], quantity=1),), restock=True)
    async with outbox.transaction():
        made = await refunds.make(
            answer["orderId"],
            ask,
            secrets.token_urlsafe(16),
            app_ctx.payments,
            Actor(owner, owner.email, "127.0.0.1"),
        )
    return {**answer, "creditNoteNr": made.refund.credit_note_nr}


async def owner_and_unpaid_order(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """A signed-in owner and the guest order still awaiting its payment (``orderId``)."""
    await reset_to_fixtures(settings, app_ctx)
    owner = await set_up_owner(settings)
    order = await _guest_order(app_ctx, paid=False)
    return {"session": await staff_session(owner, settings), **await _order_values(order)}


async def shop_member_and_paid_order(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """A signed-in member of role shop (``session``: no refunds) and the paid guest order."""
    await reset_to_fixtures(settings, app_ctx)
    await set_up_owner(settings)
    member = await _member("shop", SHOP_MEMBER, settings)
    order = await _guest_order(app_ctx, mails_sent=False)
    return {"session": await staff_session(member, settings), **await _order_values(order)}


def team_and_paid_order(locale: str):
    """The end-to-end test's start: the owner (reading ``locale``; ``email``, ``password``,
    ``totpSecret`` to sign in), a shop member's and an editor's sessions (``shopSession``,
    ``editorSession``), and the paid guest order in ``locale`` (its values, ``guestEmail`` and
    the suit's ``sku``)."""

    async def state(settings: Settings, app_ctx: Any) -> dict[str, Any]:
        await reset_to_fixtures(settings, app_ctx)
        owner = await set_up_owner(settings)
        owner.locale = locale
        await owner.save(update_fields=["locale"])
        shop = await _member("shop", SHOP_MEMBER, settings)
        editor = await _member("editor", EDITOR, settings)
        order = await _guest_order(app_ctx, locale)
        return {
            "email": owner.email,
            "password": STAFF_PASSWORD,
            "totpSecret": TOTP_SECRET,
            "shopSession": await staff_session(shop, settings),
            "editorSession": await staff_session(editor, settings),
            "guestEmail": GUEST,
            "sku": SUIT,
            **await _order_values(order),
        }

    return state


STUDIO_ORDER_STATES = {
    "a signed-in studio owner and a paid guest order with two float suits and a lesson": (
        owner_and_paid_order
    ),
    "a signed-in studio owner and a paid guest order with one of its float suits refunded": (
        owner_and_refunded_order
    ),
    "a signed-in studio owner and a guest order awaiting payment": owner_and_unpaid_order,
    "a signed-in studio shop member and a paid guest order with two float suits and a lesson": (
        shop_member_and_paid_order
    ),
    "a studio team and a paid Dutch guest order": team_and_paid_order("nl"),
    "a studio team and a paid English guest order": team_and_paid_order("en"),
}
