"""The academy's lines in the shop's cart: for each digital line whose variant is an offer, its
price for this buyer (``offers``: a level or the bundle costs what they do not own yet), its
texts (the course's title, "Level 2 · 4 lessons", the course or lesson page, the course image)
and its refusal — ``owned`` when the buyer owns every lesson it unlocks, ``in_cart`` when a
larger line of the same cart (bundle > level > lesson) unlocks all its lessons the buyer does
not own. Lines of other digital products are left as they are.

Plugged into the orders domain by ``splash.site.wiring``, so the quote and the checkout see the same
prices and refusals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from splash.academy import course_trees, pages
from splash.academy.course_trees import CourseTree, OfferRow, Texts
from splash.academy.entitlements import owned_lessons
from splash.academy.vocabulary import OfferKind
from splash.core import locales
from splash.core.route_table import RouteTable
from splash.orders.services import LineImage, SellableLine
from splash.orders.vocabulary import LineRefusal

RANK = {OfferKind.LESSON: 1, OfferKind.LEVEL: 2, OfferKind.BUNDLE: 3}  # bundle > level > lesson


async def describe_offers(
    lines: Sequence[SellableLine], user_id: int | None, locale: str, table: RouteTable
) -> list[SellableLine]:
    localized = await course_trees.localized_of_variants(
        [line.variant_id for line in lines], locale
    )
    if not localized:
        return list(lines)
    trees = [tree for tree, _ in localized]
    owned = await owned_lessons(user_id, [i for tree in trees for i in tree.lesson_ids()])
    found: dict[int, tuple[CourseTree, OfferRow, set[int]]] = {}
    for tree in trees:
        for line in lines:
            unlocked = tree.unlocks(line.variant_id)
            if unlocked:
                found[line.variant_id] = (tree, unlocked[0], set(unlocked[1]))
    texts = {tree.course.id: texts for tree, texts in localized}
    prices = {tree.course.id: pages.priced(tree, owned) for tree in trees}
    described = []
    for line in lines:
        if line.variant_id not in found:
            described.append(line)
            continue
        tree, offer, lessons = found[line.variant_id]
        others = [found[o.variant_id] for o in lines if o.variant_id in found and o is not line]
        refusal = _refusal(offer, lessons - owned, others)
        price = prices[tree.course.id][offer.variant_id].price
        priced = replace(line, unit_price=price, refusal=refusal)
        texts_of = texts[tree.course.id]
        described.append(_shown(priced, tree, offer, lessons, texts_of, locale, table))
    return described


def _refusal(
    offer: OfferRow, not_owned: set[int], others: list[tuple[CourseTree, OfferRow, set[int]]]
) -> LineRefusal | None:
    if not not_owned:
        return LineRefusal.OWNED
    for _, other, lessons in others:
        if RANK[other.kind] > RANK[offer.kind] and not_owned <= lessons:
            return LineRefusal.IN_CART
    return None


def _shown(
    line: SellableLine,
    tree: CourseTree,
    offer: OfferRow,
    lessons: set[int],
    texts: Texts | None,
    locale: str,
    table: RouteTable,
) -> SellableLine:
    """The line with its title, variant label, page and image in ``locale``."""
    if texts is None:  # the course has no texts in this locale: as the catalog named it
        return line
    labels = locales.texts(locale, "academy.offer")  # keyed by the offer's kind
    course_path = pages.course_path(table, locale, texts.course.slug)
    path = course_path
    if offer.kind is OfferKind.BUNDLE:
        label = labels[offer.kind].format(count=len(tree.levels))
    elif offer.kind is OfferKind.LEVEL:
        level = next(level for level in tree.levels if level.offer == offer)
        label = labels[offer.kind].format(number=level.number, count=len(level.lessons))
        path = f"{course_path}#{level.level.key}"
    else:
        [lesson_id] = lessons
        text = texts.lessons[lesson_id]
        label = labels[offer.kind].format(title=text.title)
        path = pages.lesson_path(table, locale, texts.course.slug, text.slug)
    image = tree.course.image
    return replace(
        line,
        title=texts.course.title,
        variant_label=label,
        product_path=path,
        image=LineImage(image["src"], texts.course.image_alt, image["width"], image["height"]),
    )
