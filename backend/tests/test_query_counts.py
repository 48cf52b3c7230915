"""Every read of the API costs at most three SQL statements, on the seeded shop: an N+1 (a query
per page, product, variant or lesson) fails here before it reaches a parent's phone.

The reads are the GET operations of the API's own document (``/api/openapi.json``): a new one
fails :func:`test_every_get_operation_is_listed` until it is listed in ``READS`` with the
requests that read it, or in ``NOT_READS`` as a step of a flow. Each request is counted on a
cache miss (the content's generation is bumped first, as an edit does), so the count is what
computing the answer costs.

``OVER_BUDGET`` pins the exact count of the reads still above three (the page list with every
page's blocks), so that they can only get better: one that changes fails until its pin is
moved (or it leaves the list at three or fewer).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from splash.academy import video_tokens
from splash.academy.models import LessonVideo
from splash.accounts import services as accounts
from splash.content.models import Article, Page
from splash.orders.models import Payment
from splash.shared import edge
from splash.site.app import create_app
from testkit.factories import (
    academy_ids,
    catalog_ids,
    create_order,
    create_test_user,
    grant_level,
)
from tests.app_client import Client
from tests.support import counting_statements, get_operations

BUDGET = 3


@dataclass(frozen=True)
class Shop:
    """The seeded shop's ids, and a signed-in parent with a paid order granting a level of
    lessons and an order awaiting payment."""

    pages: dict[str, int]  # "home.nl" → id: every published page
    article_id: int
    product_id: int
    variant_id: int
    course_id: int
    lesson_id: int
    order_slug: str
    order_nr: str
    payment_id: str
    key_token: str
    signed_in: dict[str, str]


@dataclass(frozen=True)
class Read:
    """One request: ``label`` names it the same in every run (ids change between seedings)."""

    label: str
    path: str
    signed_in: bool = False


def plain(path: str, signed_in: bool = False) -> Read:
    return Read(path, path, signed_in)


def by_id(template: str, name: str, value: object, signed_in: bool = False) -> Read:
    """``template`` holds ``{id}``: the label names ``name`` where the path has ``value``."""
    return Read(template.format(id=f"<{name}>"), template.format(id=value), signed_in)


# Every GET operation of the API, by its path in the document: the requests that read it.
READS: dict[str, Callable[[Shop], list[Read]]] = {
    "/api/i18n/locales": lambda shop: [plain("/api/i18n/locales")],
    "/api/navigation/render/{navigation}": lambda shop: [
        plain(f"/api/navigation/render/{menu}?locale={locale}&type={kind}")
        for menu in ("primary", "secondary", "legal")
        for kind in ("FLAT", "TREE")
        for locale in ("nl", "en")
    ],
    "/api/slugify/slugs/page/{slug}": lambda shop: [
        plain("/api/slugify/slugs/page/winkelmand?locale=nl"),
        plain("/api/slugify/slugs/page/cart?locale=en&populate[localizations][fields][0]=slug"),
    ],
    "/api/articles": lambda shop: [
        plain("/api/articles"),
        plain("/api/articles?locale=en&populate=*"),
        plain("/api/articles?filters[category][slug][$eq]=veiligheid&sort[0]=title:asc"),
        plain("/api/articles?pagination[page]=9&pagination[pageSize]=2"),  # past the end
    ],
    "/api/articles/{article_id}": lambda shop: [
        by_id("/api/articles/{id}", "article", shop.article_id),
        by_id("/api/articles/{id}?populate=*", "article", shop.article_id),
    ],
    "/api/categories": lambda shop: [
        plain("/api/categories"),
        plain("/api/categories?locale=de"),
    ],
    "/api/pages": lambda shop: [
        plain("/api/pages"),
        plain("/api/pages?locale=en&populate=*"),
        plain("/api/pages?filters[slug][$eq]=winkel&populate[localizations]=true"),
        plain("/api/pages?fields[0]=slug&fields[1]=blocks&pagination[pageSize]=100"),
    ],
    "/api/pages/{page_id}": lambda shop: [
        by_id("/api/pages/{id}?populate=*", name, page_id) for name, page_id in shop.pages.items()
    ],
    "/api/product-variants/{variant_id}": lambda shop: [
        by_id("/api/product-variants/{id}", "variant", shop.variant_id),
        by_id("/api/product-variants/{id}?populate=*&locale=en", "variant", shop.variant_id),
        by_id(
            "/api/product-variants/{id}?populate[introImage]=true"
            "&populate[product][populate][introImage]=true",
            "variant",
            shop.variant_id,
        ),
    ],
    "/api/products": lambda shop: [
        plain("/api/products"),
        plain("/api/products?locale=de&populate=*"),
        plain("/api/products?filters[key][$eq]=float-suit&sort[0]=title:asc"),
    ],
    "/api/products/{product_id}": lambda shop: [
        by_id("/api/products/{id}", "product", shop.product_id),
        by_id("/api/products/{id}?locale=fr&populate=*", "product", shop.product_id),
    ],
    "/api/shipping-countries": lambda shop: [plain("/api/shipping-countries")],
    "/api/orders/{slug}": lambda shop: [by_id("/api/orders/{id}", "slug", shop.order_slug)],
    "/api/orders/{slug}/invoice": lambda shop: [
        by_id("/api/orders/{id}/invoice", "slug", shop.order_slug)
    ],
    "/api/users/me": lambda shop: [plain("/api/users/me", signed_in=True)],
    "/api/users/me/orders": lambda shop: [plain("/api/users/me/orders", signed_in=True)],
    "/api/users/me/orders/{order_nr}": lambda shop: [
        by_id("/api/users/me/orders/{id}", "order_nr", shop.order_nr, signed_in=True)
    ],
    "/api/payments/test/{payment_id}": lambda shop: [
        by_id("/api/payments/test/{id}", "payment", shop.payment_id)
    ],
    "/api/courses/{course_id}/me": lambda shop: [
        by_id("/api/courses/{id}/me", "course", shop.course_id, signed_in=True)
    ],
    "/api/academy/me": lambda shop: [plain("/api/academy/me", signed_in=True)],
    "/api/lessons/{lesson_id}/access": lambda shop: [
        by_id("/api/lessons/{id}/access", "lesson", shop.lesson_id),
        by_id("/api/lessons/{id}/access", "lesson", shop.lesson_id, signed_in=True),
    ],
    "/api/lessons/{lesson_id}/key": lambda shop: [
        Read(
            "/api/lessons/<lesson>/key?token=<token>",
            f"/api/lessons/{shop.lesson_id}/key?token={shop.key_token}",
        )
    ],
    "/api/openapi.json": lambda shop: [plain("/api/openapi.json")],
    "/api/docs": lambda shop: [plain("/api/docs")],
}

# GET operations that are steps of a flow (they write, or send the browser on): each is
# tested with its flow (tests/accounts).
NOT_READS = {
    "/api/auth/email-confirmation": "confirms an account, then redirects",
    "/api/auth/email-change": "changes an address and ends its sessions, then redirects",
    "/api/auth/google/callback": "redeems a single-use sign-in ticket",
    "/api/connect/google": "starts a Google sign-in: a redirect with a new flow",
    "/api/connect/google/callback": "Google's redirect back: trades a code, then redirects",
    # Not counted yet: it needs a refund, which the shop above has none of (issue 27).
    "/api/orders/{slug}/credit-notes/{number}": "a credit note (tests/orders/test_refunds.py)",
}

# Reads still above the budget, by label: their exact count, and where the statements go.
OVER_BUDGET: dict[str, tuple[int, str]] = {
    "/api/pages?fields[0]=slug&fields[1]=blocks&pagination[pageSize]=100": (
        6,
        "the page tree, the locale's pages, then for all their blocks at once one statement per "
        "part: the article lists, the blog's categories, the product cards, the course trees",
    ),
}


@pytest.fixture
def app(settings):
    """Without the embedded outbox drainer, whose polling would be counted with the reads."""
    return create_app(settings.model_copy(update={"outbox_embedded": False}))


def test_every_get_operation_is_listed(app):
    assert get_operations(app) == set(READS) | set(NOT_READS)


@pytest.fixture
async def shop(seeded, settings) -> Shop:
    parent = await create_test_user("ouder@example.com", "Zwemmen-2026")
    paid = await grant_level(parent, "level-1")
    await create_order(parent, [("SPL-FS-BLUE-M", 1), ("SPL-FS-BLUE-L", 2)])
    catalog, academy = await catalog_ids(), await academy_ids()
    article = await Article.filter(locale_id="nl", published=True).order_by("id").first()
    assert article is not None
    pages = await Page.filter(published=True).values_list("localization_key", "locale_id", "id")
    lesson_id = academy["lessonId"]
    assert await LessonVideo.exists(lesson_id=lesson_id)
    return Shop(
        pages={f"{key}.{locale}": page_id for key, locale, page_id in pages},
        article_id=article.id,
        product_id=catalog["productId"],
        variant_id=catalog["variantId"],
        course_id=academy["courseId"],
        lesson_id=lesson_id,
        order_slug=paid.slug,
        order_nr=paid.order_nr,
        payment_id=(await Payment.get(order=paid)).provider_id,
        key_token=video_tokens.mint(lesson_id, parent.id, settings.secret_key, datetime.now(UTC)),
        signed_in={"authorization": f"Bearer {accounts.session_token(parent, settings)}"},
    )


async def measure(app, shop: Shop, read: Read) -> str | None:
    """What is wrong with one request, counted on a cache miss; None when nothing is."""
    await edge.bump(app.ctx.settings)  # what was kept is stale: computed anew
    headers = shop.signed_in if read.signed_in else {}
    with counting_statements() as statements:
        response = await Client(app).get(read.path, headers=headers)
    if response.status != 200:
        return f"answered {response.status}: {response.text[:300]}"
    pinned = OVER_BUDGET[read.label][0] if read.label in OVER_BUDGET else None
    if pinned is None and len(statements) > BUDGET:
        return f"{len(statements)} statements, the budget is {BUDGET}:\n{statements}"
    if pinned is not None and len(statements) != pinned:
        return f"{len(statements)} statements, pinned at {pinned}:\n{statements}"
    return None


@pytest.mark.parametrize("operation", sorted(READS))
async def test_every_read_costs_at_most_three_statements(app, shop, operation):
    """Each read answers 200 within the budget, or with exactly its pinned count."""
    wrong = {read.label: await measure(app, shop, read) for read in READS[operation](shop)}
    problems = [f"{label}: {problem}" for label, problem in wrong.items() if problem]
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


async def test_every_pinned_read_is_requested(shop):
    """A pin goes with its read (renamed, removed)."""
    labels = {read.label for reads in READS.values() for read in reads(shop)}
    assert set(OVER_BUDGET) - labels == set()
