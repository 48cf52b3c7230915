"""Test set-ups that reach into the domains' models: a confirmed parent, a reset code for them,
the catalog ids that change from one seeding to the next, and a placed order. They live here,
not in the domains' services, so production code offers no way to make an account without its
checks."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pyotp
from tortoise import Tortoise

from splash.academy.models import Course, Entitlement, Lesson, LessonProgress, Offer
from splash.academy.vocabulary import GrantSource, OfferKind
from splash.accounts.mails import RESET_VALID
from splash.accounts.models import User
from splash.accounts.secrets import new_secret
from splash.accounts.vocabulary import SecretKind
from splash.catalog.models import ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.core import one_time, passwords
from splash.core.config import Settings
from splash.core.countries import VAT_PERCENT
from splash.core.locales import REGIONS
from splash.orders import cart_pricing, invoice_numbers
from splash.orders.models import Order, OrderLine, Payment, ShippingCountry
from splash.orders.payments.models import SandboxPayment
from splash.orders.vocabulary import MONEY_ARRIVED, OrderStatus, PaymentStatus, StockState
from splash.site.seed import seed_all
from splash.staff import factors
from splash.staff.models import ActivityEntry, StaffMember, StaffRecoveryCode, StaffSession


async def create_test_user(email: str, password: str) -> User:
    """A confirmed parent with this password (end-to-end and contract test set-ups)."""
    return await User.create(
        email=email.lower(),
        username=email.lower(),
        password_hash=await passwords.hash_password(password),
        confirmed=True,
    )


async def reset_code_for(user: User) -> str:
    return await new_secret(SecretKind.RESET, RESET_VALID, user)


async def catalog_ids() -> dict[str, int]:
    """Ids tests refer to (they change from one seeding to the next): the blue M float suit,
    a sold-out variant and the float suit."""
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    sold_out = await ProductVariant.filter(stock=0).order_by("id").first()
    return {
        "variantId": blue.id,
        "soldOutVariantId": sold_out.id if sold_out else blue.id,
        "productId": blue.product_id,  # type: ignore[attr-defined]
    }


async def restock_all(stock: int) -> int:
    """Sets every variant's stock; the number of variants."""
    return await ProductVariant.all().update(stock=stock)


async def create_order(
    user: User | None,
    items: list[tuple[str, int]],
    *,
    locale: str = "nl",
    country: str = "nl",
    status: OrderStatus = OrderStatus.AWAITING_PAYMENT,
    payment_status: PaymentStatus | None = PaymentStatus.OPEN,
    take_stock: bool = True,
    billing_address: dict[str, Any] | None = None,
    product_type: ProductType = ProductType.PHYSICAL,
    paid_at: datetime | None = None,
    bank_details: dict[str, str] | None = None,
    webhook_url: str = "http://localhost:8000/api/payments/webhook",
    payment_id: str | None = None,
    email: str | None = None,
) -> Order:
    """An order as the checkout leaves it — lines of (sku, quantity) priced from the catalog,
    the stock reserved (``take_stock``), VAT at the country's rate, and with ``payment_status``
    a payment of the test provider (``SandboxPayment`` + ``Payment``, in the order's language,
    calling ``webhook_url``; its id ``payment_id`` when given) — for tests of what comes after
    the checkout (webhook, mails, reads) that must not depend on the checkout itself.

    ``product_type`` digital makes every line a lesson (nothing shipped: no shipping cost);
    ``bank_details`` (bankName, bankAccount, bankBic, transferReference) make the payment a
    bank transfer's. ``user`` None: a guest's order not paid yet (it has only ``email``)."""
    variants = {v.sku: v for v in await ProductVariant.filter(sku__in=[s for s, _ in items])}
    rate = VAT_PERCENT[country]
    shipping = await ShippingCountry.get(iso=country)
    shipping_cost = 0 if product_type == ProductType.DIGITAL else shipping.shipping_cost
    address = {
        "street": "Keizersgracht",
        "housenumber": "12",
        "addition": None,
        "additionalInfo": None,
        "postalCode": "1015 CS",
        "city": "Amsterdam",
        "country": country,
    }
    subtotal = sum(variants[sku].price * quantity for sku, quantity in items)
    shipping_vat = cart_pricing.vat_in(shipping_cost, rate)
    line_vats = [
        cart_pricing.vat_in(variants[sku].price * quantity, rate) for sku, quantity in items
    ]
    order = await Order.create(
        order_nr=f"SPL-{secrets.token_hex(4).upper()}",
        slug=secrets.token_urlsafe(32),
        user=user,
        locale=locale,
        status=status,
        stock_state=StockState.RESERVED if take_stock else StockState.RELEASED,
        email=email or (user.email if user else "gast@example.com"),
        firstname=(user.firstname if user else None) or "Eva",
        lastname=(user.lastname if user else None) or "de Vries",
        shipping_address=address,
        billing_address=billing_address,
        subtotal=subtotal,
        shipping_cost=shipping_cost,
        vat_country=country,
        vat_rate=rate,
        shipping_vat=shipping_vat,
        vat=sum(line_vats) + shipping_vat,
        total=subtotal + shipping_cost,
        consent_version="test",
        consented_at=datetime.now(UTC),
        paid_at=paid_at,
        ships=product_type == ProductType.PHYSICAL,
        invoice_nr=(
            await invoice_numbers.draw(paid_at) if paid_at and status in MONEY_ARRIVED else None
        ),
    )
    for position, ((sku, quantity), vat) in enumerate(zip(items, line_vats, strict=True)):
        variant = variants[sku]
        if take_stock:
            variant.stock -= quantity
            await variant.save(update_fields=["stock"])
        await OrderLine.create(
            order=order,
            position=position,
            variant_id=variant.id,
            sku=sku,
            product_type=product_type,
            title="Splash-drijfpak",
            variant_label=f"{variant.colour}, {variant.size}",
            quantity=quantity,
            unit_price=variant.price,
            line_total=variant.price * quantity,
            vat_rate=rate,
            vat=vat,
        )
    if payment_status is not None:
        test_payment = await SandboxPayment.create(
            id=payment_id or f"tr_test_{secrets.token_urlsafe(12)}",
            status=payment_status,
            amount=order.total,
            currency="EUR",
            description=f"Splash {order.order_nr}",
            locale=REGIONS[locale],
            redirect_url=f"http://localhost:8000/order-payment?order={order.slug}",
            webhook_url=webhook_url,
            method="banktransfer" if bank_details else None,
            bank_details=bank_details,
        )
        await Payment.create(
            order=order,
            provider="test",
            provider_id=test_payment.id,
            status=payment_status,
            amount=order.total,
            method=test_payment.method,
            bank_details=bank_details,
        )
    return order


# ── academy ─────────────────────────────────────────────────────────────────────────────────
# The seeded course "learn-to-swim" (fixtures): its ids change from one seeding to the next.


async def academy_ids() -> dict[str, int]:
    """The ids the academy's contracts and end-to-end tests refer to: the course (``courseId``),
    the variants of the level 1 and level 2 offers (``level1VariantId``, ``level2VariantId``),
    the bundle's (``bundleVariantId``) and level 1's second lesson (``lessonId``)."""
    course = await Course.get(key=ACADEMY_COURSE)
    level_1 = await Offer.get(kind=OfferKind.LEVEL, level__key="level-1")
    level_2 = await Offer.get(kind=OfferKind.LEVEL, level__key="level-2")
    bundle = await Offer.get(kind=OfferKind.BUNDLE, course=course)
    lesson = await Lesson.get(key=SECOND_LESSON)
    return {
        "courseId": course.id,
        "level1VariantId": level_1.variant_id,  # type: ignore[attr-defined]
        "level2VariantId": level_2.variant_id,  # type: ignore[attr-defined]
        "bundleVariantId": bundle.variant_id,  # type: ignore[attr-defined]
        "lessonId": lesson.id,
    }


ACADEMY_COURSE = "learn-to-swim"
SECOND_LESSON = "level-1-lesson-2"


async def grant_level(user: User, level_key: str) -> Order:
    """A paid float-suit order of ``user`` and what it grants: every lesson of the level (as the
    fixtures' free lessons of a suit do), without going through the webhook."""
    order = await create_order(
        user,
        [("SPL-FS-BLUE-M", 1)],
        status=OrderStatus.PAID,
        payment_status=PaymentStatus.PAID,
        paid_at=datetime.now(UTC),
    )
    for lesson in await Lesson.filter(level__key=level_key):
        await Entitlement.get_or_create(
            user=user, lesson=lesson, order=order, defaults={"source": GrantSource.SUIT_GIFT}
        )
    return order


async def watch(user: User, lesson_key: str, position_ms: int, *, completed: bool = False) -> None:
    """The parent watched the lesson up to ``position_ms`` (and to its end when ``completed``)."""
    lesson = await Lesson.get(key=lesson_key)
    await LessonProgress.update_or_create(
        user=user,
        lesson=lesson,
        defaults={
            "position_ms": position_ms,
            "completed_at": datetime.now(UTC) if completed else None,
        },
    )


PARENT = "ouder@example.com"
PARENT_PASSWORD = "Zwemmen-2026"


async def _empty_activity_log() -> None:
    """The studio's activity log before the rest: its rows RESTRICT the staff they name (which
    come after it in the models' order), and PostgreSQL refuses to DELETE them (append-only), so
    there it is TRUNCATEd, which the test environment alone ever does."""
    connection = Tortoise.get_connection("default")
    postgres = connection.capabilities.dialect == "postgres"
    await connection.execute_script(
        f"{'TRUNCATE' if postgres else 'DELETE FROM'} {ActivityEntry._meta.db_table}"
    )


async def reset_to_fixtures(settings: Settings, app_ctx: Any = None) -> dict[str, Any]:
    """Empty every table (children first), forget rate-limit counts, load the fixtures again."""
    assert Tortoise.apps is not None
    await _empty_activity_log()
    for model in reversed(list(Tortoise.apps.get_models_iterable())):
        await model.all().delete()
    if app_ctx is not None:
        await app_ctx.rate_limiter.clear()  # no 429 left over from an earlier run
    return await seed_all(settings)


@dataclass(frozen=True)
class SetUpStaff:
    """A staff member who has set up: their password, their authenticator's secret and a
    recovery code, as a person would have them."""

    member: StaffMember
    password: str
    totp_secret: str
    recovery_code: str

    def code(self, steps_ahead: int = 0) -> str:
        """The authenticator's code now (or ``steps_ahead`` 30-second steps later)."""
        return pyotp.TOTP(self.totp_secret).at(int(time.time()) + 30 * steps_ahead)


async def create_staff(
    email: str, role: str, password: str, settings: Settings, locale: str = "nl"
) -> SetUpStaff:
    """A staff member set up as the set-up link would leave them (studio tests and states)."""
    secret = factors.new_totp_secret()
    recovery = factors.new_recovery_codes()[0]
    member = await StaffMember.create(
        email=email.lower(),
        name=email.split("@")[0].title(),
        role=role,
        locale=locale,
        password_hash=await passwords.hash_password(password),
        totp_secret=factors.seal(secret, settings.secret_key),
    )
    await StaffRecoveryCode.create(staff=member, code_hash=factors.recovery_digest(recovery))
    return SetUpStaff(member, password, secret, recovery)


async def staff_session(member: StaffMember, settings: Settings) -> str:
    """A signed-in session's cookie value, without spending the member's TOTP codes."""
    raw, hashed = one_time.new_secret()
    now = datetime.now(UTC)
    await StaffSession.create(
        token_hash=hashed,
        staff=member,
        last_seen_at=now,
        expires_at=now + timedelta(hours=settings.staff_session_hours),
    )
    return raw
