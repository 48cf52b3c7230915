"""Data set-ups for end-to-end tests and Pact provider states (test environment only)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from splash.accounts import google, tokens
from splash.accounts import services as accounts
from splash.accounts.models import User
from splash.accounts.secrets import new_secret
from splash.accounts.vocabulary import SecretKind
from splash.content.models import Article, Page
from splash.core.config import Settings
from splash.core.errors import ValidationError
from splash.orders.payments.models import SandboxPayment
from splash.orders.vocabulary import PaymentStatus
from splash.shared.mail.mailer import create_mailer
from testkit.editing_states import EDITING_STATES
from testkit.factories import (
    PARENT,
    PARENT_PASSWORD,
    SECOND_LESSON,
    academy_ids,
    catalog_ids,
    create_order,
    create_test_user,
    grant_level,
    reset_code_for,
    reset_to_fixtures,
    restock_all,
    watch,
)
from testkit.lesson_states import LESSON_STATES
from testkit.lesson_video_states import LESSON_VIDEO_STATES
from testkit.studio_media_states import STUDIO_MEDIA_STATES
from testkit.studio_order_states import STUDIO_ORDER_STATES
from testkit.studio_shop_states import STUDIO_SHOP_STATES
from testkit.studio_states import STUDIO_STATES


async def dutch_contact_page(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures; answers the Dutch contact page's id as the provider-state value ``pageId``
    (contracts inject it with fromProviderState: ids differ from one reset to the next)."""
    await reset_to_fixtures(settings, app_ctx)
    page = await Page.get(locale_id="nl", slug="contact", published=True)
    return {"pageId": page.id}


async def dutch_first_swimming_lesson(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures; answers the id of the Dutch article 'de-eerste-zwemles' as ``articleId``."""
    await reset_to_fixtures(settings, app_ctx)
    article = await Article.get(locale_id="nl", slug="de-eerste-zwemles", published=True)
    return {"articleId": article.id}


async def confirmed_parent(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures and a confirmed parent ouder@example.com (password Zwemmen-2026)."""
    await reset_to_fixtures(settings, app_ctx)
    await create_test_user(PARENT, PARENT_PASSWORD)
    return {}


async def signed_in_parent(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """A confirmed parent and a session token for them as ``token``."""
    await reset_to_fixtures(settings, app_ctx)
    user = await create_test_user(PARENT, PARENT_PASSWORD)
    return {"token": accounts.session_token(user, settings)}


async def parent_with_reset_code(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """A confirmed parent and a live password-reset code for them as ``code``."""
    await reset_to_fixtures(settings, app_ctx)
    user = await create_test_user(PARENT, PARENT_PASSWORD)
    return {"code": await reset_code_for(user)}


GOOGLE_PARENT = "google.ouder@example.com"


def _flow_binding() -> tuple[str, dict[str, Any]]:
    """A browser's Google flow cookie and the data that binds a ticket to it."""
    binding, binding_hash = tokens.new_secret()
    return binding, {"binding": binding_hash}


async def google_sign_in_ticket(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """A Google parent and a sign-in ticket the callback handed to a browser: ``ticket``, and
    that browser's flow cookie value as ``binding``."""
    await reset_to_fixtures(settings, app_ctx)
    user = await User.create(
        email=GOOGLE_PARENT,
        username=GOOGLE_PARENT,
        provider="google",
        google_sub=f"g-{GOOGLE_PARENT}",
        confirmed=True,
        firstname="Lotte",
        lastname="Jansen",
    )
    binding, data = _flow_binding()
    ticket = await new_secret(SecretKind.GOOGLE_TICKET, google.TICKET_VALID, user, data=data)
    return {"ticket": ticket, "binding": binding}


async def google_link_ticket(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The confirmed parent and a link ticket for Google's proof of their address: ``code`` and
    the browser's flow cookie value as ``binding``."""
    await reset_to_fixtures(settings, app_ctx)
    user = await create_test_user(PARENT, PARENT_PASSWORD)
    binding, data = _flow_binding()
    data["sub"] = f"g-{PARENT}"
    code = await new_secret(SecretKind.GOOGLE_LINK, google.STATE_VALID, user, data=data)
    return {"code": code, "binding": binding}


async def seeded_catalog(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures; answers the ids of the blue M float suit (``variantId``), a sold-out
    variant (``soldOutVariantId``) and the float suit (``productId``)."""
    await reset_to_fixtures(settings, app_ctx)
    return await catalog_ids()


def _return_url(settings: Settings, app_ctx: Any) -> str:
    """The order-payment page on the Dutch domain (its origin carries the server's port): a
    ``returnUrl`` the checkout and Pay now accept."""
    return settings.origin("nl") + app_ctx.routes.path_for("order-payment", "nl")


async def guest_can_order(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures; answers the id of the blue M float suit (in stock) as ``variantId`` and the
    shop's order-payment page as ``returnUrl``."""
    await reset_to_fixtures(settings, app_ctx)
    return {
        "variantId": (await catalog_ids())["variantId"],
        "returnUrl": _return_url(settings, app_ctx),
    }


async def account_and_guest_order(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The confirmed parent ouder@example.com, the blue M float suit's id as ``variantId`` and
    ``returnUrl`` (a guest's order with that e-mail address is refused: email_has_account)."""
    await reset_to_fixtures(settings, app_ctx)
    await create_test_user(PARENT, PARENT_PASSWORD)
    return {
        "variantId": (await catalog_ids())["variantId"],
        "returnUrl": _return_url(settings, app_ctx),
    }


ORDERED = [("SPL-FS-BLUE-M", 2)]


async def order_awaiting_payment(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """An order of ouder@example.com for two blue M float suits to the Netherlands, as the
    checkout leaves it (its test payment open): ``slug``, ``orderNr`` and ``returnUrl``."""
    await reset_to_fixtures(settings, app_ctx)
    user = await create_test_user(PARENT, PARENT_PASSWORD)
    order = await create_order(user, ORDERED)
    return {
        "slug": order.slug,
        "orderNr": order.order_nr,
        "returnUrl": _return_url(settings, app_ctx),
    }


async def signed_in_parent_with_order(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The same order, and a session token of its parent as ``token``."""
    await reset_to_fixtures(settings, app_ctx)
    user = await create_test_user(PARENT, PARENT_PASSWORD)
    order = await create_order(user, ORDERED)
    return {
        "token": accounts.session_token(user, settings),
        "slug": order.slug,
        "orderNr": order.order_nr,
    }


async def plenty_of_stock(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """Every variant of the seeded catalog in stock a million times (the load tests' buyers
    place thousands of orders); nothing else changes."""
    return {"restocked": await restock_all(1_000_000)}


PACT_PAID_PAYMENT = "tr_test_pactpaid01"


async def paid_test_payment(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures and an order of the confirmed parent awaiting its payment, whose test
    payment ``tr_test_pactpaid01`` the tester has just paid (the webhook is still to come)."""
    await reset_to_fixtures(settings, app_ctx)
    user = await create_test_user(PARENT, PARENT_PASSWORD)
    order = await create_order(user, [("SPL-FS-BLUE-M", 1)], payment_id=PACT_PAID_PAYMENT)
    await SandboxPayment.filter(id=PACT_PAID_PAYMENT).update(status=PaymentStatus.PAID)
    return {"orderNr": order.order_nr}


# ── academy (course pages, cart and checkout with lessons, the profile) ──────────────────────


async def academy_seeded(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures with the course "learn-to-swim": its ids (``courseId``, ``level1VariantId``,
    ``level2VariantId``, ``bundleVariantId``, ``lessonId``) and the order-payment page as
    ``returnUrl`` (a guest may order lessons)."""
    await reset_to_fixtures(settings, app_ctx)
    return {**await academy_ids(), "returnUrl": _return_url(settings, app_ctx)}


async def parent_owning_level_1(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The confirmed parent ouder@example.com signed in (``token``), who bought a float suit
    (level 1 is theirs) and watched level 1's second lesson up to 4 s; with the academy's ids."""
    await reset_to_fixtures(settings, app_ctx)
    user = await create_test_user(PARENT, PARENT_PASSWORD)
    await grant_level(user, "level-1")
    await watch(user, SECOND_LESSON, 4000)
    return {**await academy_ids(), "token": accounts.session_token(user, settings)}


# ── the language hand-off (Pact: frontend/tests/pact/handoff.pact.test.ts) ───────────────────


def _english_checkout(settings: Settings, app_ctx: Any) -> dict[str, str]:
    """The language switcher's link to the English checkout (its origin carries the server's
    port) as ``target``, and the English domain's redeem endpoint as ``action``."""
    origin = settings.origin("en")
    return {
        "target": f"{origin}{app_ctx.routes.path_for('checkout', 'en')}?locale=en",
        "action": f"{origin}{settings.api_prefix}/language-handoffs/redeem",
    }


async def visitor_switching_to_english(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures; ``target`` and ``action`` of a switch to the English checkout."""
    await reset_to_fixtures(settings, app_ctx)
    return _english_checkout(settings, app_ctx)


async def parent_switching_to_english(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The signed-in parent (``token``), ``target`` and ``action`` of a switch to English."""
    answer = await signed_in_parent(settings, app_ctx)
    return {**answer, **_english_checkout(settings, app_ctx)}


# A handler takes the settings and the app context (rate limiter, mailer, …) and may answer
# provider-state values.
StateHandler = Callable[[Settings, Any], Awaitable[dict[str, Any]]]

STATES: dict[str, StateHandler] = {
    "six locales exist": reset_to_fixtures,
    "the navigation menus are seeded": reset_to_fixtures,
    "the contact form accepts submissions": reset_to_fixtures,
    "the content fixtures are seeded": reset_to_fixtures,
    "the Dutch contact page is published": dutch_contact_page,
    "the Dutch article de-eerste-zwemles is published": dutch_first_swimming_lesson,
    "no account exists for nieuw@example.com": reset_to_fixtures,
    "a confirmed parent ouder@example.com with password Zwemmen-2026": confirmed_parent,
    "a signed-in parent ouder@example.com": signed_in_parent,
    "a reset code for ouder@example.com": parent_with_reset_code,
    "Google sign-in is configured": reset_to_fixtures,
    "a Google sign-in ticket for google.ouder@example.com": google_sign_in_ticket,
    "a Google link ticket for the confirmed parent ouder@example.com": google_link_ticket,
    "the catalog is seeded": seeded_catalog,
    "a guest can order the blue M float suit": guest_can_order,
    "an account exists for ouder@example.com and a guest can order the blue M float suit": (
        account_and_guest_order
    ),
    "an order of ouder@example.com awaiting payment": order_awaiting_payment,
    "a signed-in parent ouder@example.com with an order awaiting payment": (
        signed_in_parent_with_order
    ),
    "every variant has plenty of stock": plenty_of_stock,
    "no payment tr_pactunknown01 exists": reset_to_fixtures,
    "the test payment tr_test_pactpaid01 of an order awaiting payment is paid": paid_test_payment,
    # academy (course part)
    "the academy course is seeded": academy_seeded,
    "a signed-in parent owns level 1 and watched its second lesson": parent_owning_level_1,
    # the language hand-off
    "a visitor with a cart may switch to English": visitor_switching_to_english,
    "a signed-in parent may switch to English": parent_switching_to_english,
    **LESSON_STATES,
    **STUDIO_STATES,
    **STUDIO_SHOP_STATES,
    **STUDIO_ORDER_STATES,
    **LESSON_VIDEO_STATES,
    **EDITING_STATES,
    **STUDIO_MEDIA_STATES,
}


async def set_up(settings: Settings, state: str, app_ctx: Any) -> dict[str, Any]:
    """Prepare a named state; the answer holds the values a contract may inject."""
    handler = STATES.get(state)
    if handler is None:
        raise ValidationError.for_field(["state"], f"Unknown provider state {state!r}")
    return await handler(settings, app_ctx)


def outbox_messages(settings: Settings) -> list[dict[str, str | None]]:
    """Every .eml in the outbox folder, parsed, oldest first."""
    from email import policy
    from email.parser import BytesParser

    mailer = create_mailer(settings.mail_url, settings.mail_from)
    folder = getattr(mailer, "folder", None)
    if folder is None or not folder.is_dir():
        return []
    messages = []
    for path in sorted(folder.glob("*.eml")):
        message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
        text = message.get_body(preferencelist=("plain",))
        messages.append(
            {
                "to": message["To"],
                "from": message["From"],
                "subject": message["Subject"],
                "replyTo": message["Reply-To"],
                "text": text.get_content() if text else None,
            }
        )
    return messages
