"""Provider states of the studio's editing screens (Pact: frontend/tests/pact/
studio-editing.pact.test.ts): a signed-in owner and the page ``about`` with history — two
published versions (titles "Over Splash", then "Over ons"), a Dutch draft at revision 3 ("Over
ons en de zee") and a German draft whose title is empty (publishing it is refused). Made through
the editing services, as the studio makes them; the republish jobs those publishes queue are
dropped, since the state needs the versions, not a new build."""

from __future__ import annotations

from typing import Any

from splash.catalog.models import ProductVariant
from splash.core.config import Settings
from splash.editing import drafts, publishing
from splash.editing.vocabulary import REPUBLISH_JOB
from splash.shared.outbox.models import OutboxJob
from splash.site.web.publish import publish
from splash.staff.activity import Actor
from testkit.factories import create_order, create_staff, reset_to_fixtures, staff_session
from testkit.studio_states import set_up_owner

PAGE = "about"


async def owner_editing_about(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """Answers ``session`` (the owner's cookie)."""
    await reset_to_fixtures(settings, app_ctx)
    owner = await set_up_owner(settings)
    actor = Actor(owner, owner.email, "127.0.0.1")
    dutch, pages = drafts.entry_name("page", PAGE, "nl")
    live = await pages.live(PAGE, "nl") or {}
    revision = 0
    for title in ("Over Splash", "Over ons"):
        draft = await drafts.save(actor, dutch, pages, {**live, "title": title}, revision)
        await publishing.publish(actor, dutch, pages, app_ctx.routes, draft.revision)
        revision = draft.revision
    await drafts.save(actor, dutch, pages, {**live, "title": "Over ons en de zee"}, revision)
    german, _ = drafts.entry_name("page", PAGE, "de")
    german_live = await pages.live(PAGE, "de") or {}
    await drafts.save(actor, german, pages, {**german_live, "title": ""}, 0)
    await OutboxJob.filter(kind=REPUBLISH_JOB).delete()
    return {"session": await staff_session(owner, settings)}


FIRST_EDITOR = "redacteur@splash.example"
SECOND_EDITOR = "tweede.redacteur@splash.example"


async def two_signed_in_editors(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures and two editors (Dutch studio), signed in: their cookies as ``session``
    and ``otherSession``, their e-mail addresses (how the studio names who saved) as ``email``
    and ``otherEmail``. For the end-to-end test (frontend/tests/e2e/studio-content.spec.ts)."""
    await reset_to_fixtures(settings, app_ctx)
    first = (await create_staff(FIRST_EDITOR, "editor", "Studio-Zwemmen-2026", settings)).member
    second = (await create_staff(SECOND_EDITOR, "editor", "Studio-Zwemmen-2026", settings)).member
    return {
        "session": await staff_session(first, settings),
        "otherSession": await staff_session(second, settings),
        "email": FIRST_EDITOR,
        "otherEmail": SECOND_EDITOR,
    }


SUIT = "SPL-FS-BLUE-M"


async def owner_editor_and_an_order_of_the_suit(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures, a signed-in owner (``session``) and editor (``editorSession``), and a
    guest's order of one blue M float suit placed before any price change (``orderSlug``);
    the suit's ``variantId``, price key (``priceKey``) and price in cents (``price``). For the
    end-to-end test of prices (frontend/tests/e2e/studio-prices.spec.ts)."""
    await reset_to_fixtures(settings, app_ctx)
    owner = await set_up_owner(settings)
    editor = (await create_staff(FIRST_EDITOR, "editor", "Studio-Zwemmen-2026", settings)).member
    order = await create_order(None, [(SUIT, 1)], locale="nl", email="gast@example.com")
    suit = await ProductVariant.get(sku=SUIT)
    return {
        "session": await staff_session(owner, settings),
        "editorSession": await staff_session(editor, settings),
        "orderSlug": order.slug,
        "variantId": suit.id,
        "priceKey": SUIT.lower(),
        "price": suit.price,
    }


async def editors_over_a_fresh_build(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The two editors, and the fixtures published anew: reloading the fixtures gives the
    entries new ids, and a publish of changes finds an entry's pages in the build by its id, so
    a slug's move (frontend/tests/e2e/studio-slugs.spec.ts) needs a build made over these."""
    editors = await two_signed_in_editors(settings, app_ctx)
    await publish(settings, app_ctx.routes)
    return editors


async def owner_and_a_free_suit_size(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures without the float suit's blue XXXL (every other colour and size is
    there, so a new variant has a place), and a signed-in owner (``session``)."""
    await reset_to_fixtures(settings, app_ctx)
    await ProductVariant.filter(sku="SPL-FS-BLUE-XXXL").delete()
    owner = await set_up_owner(settings)
    return {"session": await staff_session(owner, settings)}


EDITING_STATES = {
    "two signed-in studio editors": two_signed_in_editors,
    "two signed-in studio editors over a fresh build": editors_over_a_fresh_build,
    "a signed-in studio owner and the page about with two versions and drafts": (
        owner_editing_about
    ),
    "a signed-in studio owner and editor and an order of the blue M float suit": (
        owner_editor_and_an_order_of_the_suit
    ),
    "a signed-in studio owner and a float suit without a blue XXXL": owner_and_a_free_suit_size,
}
