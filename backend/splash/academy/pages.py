"""What the published academy shows (contracts/academy-api.md, "Published payloads"): the course
page, the lesson page, and the course card, level cards and figures that content blocks show.

A published page is the same for everyone, so every offer in it is at list prices (nobody owns
anything); the SPA asks for the visitor's own view after hydration (``services.course_me``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from splash.academy import course_trees, lesson_media, storage
from splash.academy.course_trees import (
    CourseTree,
    LessonNode,
    LevelNode,
    LocalizedTree,
    OfferRow,
    Texts,
)
from splash.academy.models import CourseText, LessonText, LessonVideo
from splash.academy.offers import OfferPrice, bundle_offer, lesson_offer, level_offer
from splash.content import services as content
from splash.core import db
from splash.core.config import Settings
from splash.core.route_table import RouteTable

Offers = dict[int, OfferPrice]  # variant id → the offer's price for one buyer


def priced(tree: CourseTree, owned: set[int]) -> Offers:
    """Every offer of the course priced for a buyer who owns the lessons ``owned``."""
    prices = tree.prices()
    found: Offers = {}
    if tree.bundle:
        found[tree.bundle.variant_id] = bundle_offer(prices, owned)
    for level, level_prices in zip(tree.levels, prices.levels, strict=True):
        if level.offer:
            found[level.offer.variant_id] = level_offer(level_prices, owned)
        for node in level.lessons:
            if node.offer:
                found[node.offer.variant_id] = lesson_offer(
                    node.offer.list_price, node.lesson.id in owned
                )
    return found


def priced_for_guest(tree: CourseTree, owned: set[int]) -> Offers:
    """Every offer as a guest's checkout prices it — at list price, since a guest owns nothing
    there — but those whose lessons are all in ``owned`` (a device pass's) marked owned."""
    mine, listed = priced(tree, owned), priced(tree, set())
    return {
        variant: mine[variant] if mine[variant].owned else price
        for variant, price in listed.items()
    }


def offer_public(row: OfferRow | None, offers: Offers) -> dict[str, Any] | None:
    if row is None:
        return None
    price = offers[row.variant_id]
    return {
        "variantId": row.variant_id,
        "kind": row.kind.value,
        "price": price.price,
        "listPrice": price.list_price,
        "parts": price.parts,
        "saving": price.saving,
        "owned": price.owned,
    }


def course_path(table: RouteTable, locale: str, slug: str) -> str:
    return table.path_for("course", locale, {"slug": slug})


def lesson_path(table: RouteTable, locale: str, course_slug: str, slug: str) -> str:
    return table.path_for("lesson", locale, {"course": course_slug, "slug": slug})


def poster(node: LessonNode, locale: str) -> dict[str, Any]:
    image = node.lesson.poster
    alts = image.get("alt") or {}
    return {
        "src": image["src"],
        "width": image["width"],
        "height": image["height"],
        "alt": alts.get(locale, "") if isinstance(alts, dict) else str(alts),
    }


def _duration_ms(nodes: list[LessonNode]) -> int | None:
    """How long the lessons' videos last together: None unless every lesson has its video (a
    sum of some would say less than the lessons will last)."""
    lengths = [node.video_ms for node in nodes]
    if not lengths or None in lengths:
        return None
    return sum(length for length in lengths if length is not None)


def lesson_card(
    tree: CourseTree, node: LessonNode, texts: Texts, locale: str, table: RouteTable, offers: Offers
) -> dict[str, Any]:
    text = texts.lessons[node.lesson.id]
    return {
        "id": node.lesson.id,
        "key": node.lesson.key,
        "slug": text.slug,
        "path": lesson_path(table, locale, texts.course.slug, text.slug),
        "number": node.number,
        "title": text.title,
        "description": text.description,
        "durationMs": node.video_ms,
        "freePreview": node.lesson.free_preview,
        "freeWithSuit": node.lesson.id in tree.free_with_suit,
        "poster": poster(node, locale),
        "offer": offer_public(node.offer, offers),
    }


def level_card(
    tree: CourseTree, level: LevelNode, texts: Texts, locale: str, table: RouteTable, offers: Offers
) -> dict[str, Any]:
    text = texts.levels[level.level.id]
    return {
        "id": level.level.id,
        "key": level.level.key,
        "number": level.number,
        "title": text.title,
        "description": text.description,
        "lessonCount": len(level.lessons),
        "durationMs": _duration_ms(level.lessons),
        "freeWithSuit": bool(level.lessons)
        and all(node.lesson.id in tree.free_with_suit for node in level.lessons),
        "path": f"{course_path(table, locale, texts.course.slug)}#{level.level.key}",
        "offer": offer_public(level.offer, offers),
    }


def course_card(tree: CourseTree, texts: Texts, locale: str, table: RouteTable) -> dict[str, Any]:
    text = texts.course
    return {
        "id": tree.course.id,
        "key": tree.course.key,
        "title": text.title,
        "intro": text.intro,
        "image": {**tree.course.image, "alt": text.image_alt},
        "path": course_path(table, locale, text.slug),
        "lessonCount": len(tree.lessons()),
        "durationMs": _duration_ms(tree.lessons()),
        "levelCount": len(tree.levels),
        "bundle": offer_public(tree.bundle, priced(tree, set())),
    }


async def _course_localizations(tree: CourseTree, locale: str, table: RouteTable) -> list[Any]:
    texts = await db.filter_once(CourseText, course_id=tree.course.id)
    return [
        {"locale": text.locale, "path": course_path(table, text.locale, text.slug)}
        for text in sorted(texts, key=lambda text: text.locale)
        if text.locale in table.locales and text.locale != locale
    ]


def _seo(title: str, description: str, image: str) -> dict[str, Any]:
    return {"title": title, "description": description, "image": image}


async def course_at(locale: str, slug: str, table: RouteTable) -> dict[str, Any] | None:
    """The course published at /academy/{slug} (/course/{slug}), or None."""
    found = await course_trees.localized_at(locale, slug)
    if found is None:
        return None
    tree, texts = found
    offers = priced(tree, set())
    levels = []
    for level in tree.levels:
        card = level_card(tree, level, texts, locale, table, offers)
        del card["path"]
        card["lessons"] = [
            lesson_card(tree, node, texts, locale, table, offers) for node in level.lessons
        ]
        levels.append(card)
    card = course_card(tree, texts, locale, table)
    del card["levelCount"]
    text = texts.course
    return {
        **card,
        "slug": text.slug,
        "description": text.description,
        "levels": levels,
        "localizations": await _course_localizations(tree, locale, table),
        "seo": _seo(text.seo_title, text.seo_description, tree.course.image.get("src", "")),
    }


async def lesson_at(
    locale: str, course_slug: str, slug: str, table: RouteTable, settings: Settings
) -> dict[str, Any] | None:
    """The lesson published at /academy/{course}/{slug}, or None."""
    found = await course_trees.localized_at(locale, course_slug)
    if found is None:
        return None
    tree, texts = found
    nodes = tree.lessons()
    at = next((i for i, n in enumerate(nodes) if texts.lessons[n.lesson.id].slug == slug), None)
    if at is None:
        return None
    node = nodes[at]
    offers = priced(tree, set())
    level = next(level for level in tree.levels if node in level.lessons)
    card = lesson_card(tree, node, texts, locale, table, offers)
    text = texts.lessons[node.lesson.id]
    return {
        **card,
        "course": {
            "id": tree.course.id,
            "title": texts.course.title,
            "path": course_path(table, locale, texts.course.slug),
        },
        "level": {
            "id": level.level.id,
            "number": level.number,
            "title": texts.levels[level.level.id].title,
            "offer": offer_public(level.offer, offers),
        },
        "previous": _neighbour(nodes, at - 1, texts, locale, table),
        "next": _neighbour(nodes, at + 1, texts, locale, table),
        "video": await video(node.lesson.id, settings),
        "localizations": await _lesson_localizations(tree, node, locale, table),
        "seo": _seo(
            f"{text.title} \N{EN DASH} {texts.course.title}",
            text.description,
            card["poster"]["src"],
        ),
    }


def _neighbour(
    nodes: list[LessonNode], at: int, texts: Texts, locale: str, table: RouteTable
) -> dict[str, str] | None:
    if not 0 <= at < len(nodes):
        return None
    text = texts.lessons[nodes[at].lesson.id]
    return {"title": text.title, "path": lesson_path(table, locale, texts.course.slug, text.slug)}


async def _lesson_localizations(
    tree: CourseTree, node: LessonNode, locale: str, table: RouteTable
) -> list[Any]:
    courses = {
        text.locale: text.slug
        for text in await db.filter_once(CourseText, course_id=tree.course.id)
        if text.locale != locale
    }
    lessons = await db.filter_once(LessonText, lesson_id=node.lesson.id)
    return [
        {
            "locale": text.locale,
            "path": lesson_path(table, text.locale, courses[text.locale], text.slug),
        }
        for text in sorted(lessons, key=lambda text: text.locale)
        if text.locale in table.locales and text.locale in courses
    ]


async def video(lesson_id: int, settings: Settings) -> dict[str, Any] | None:
    """The lesson's package as the player reads it: URLs from the video storage (this server's
    /media/videos, or a CDN in front of S3)."""
    rows = await db.filter_once(LessonVideo, lesson_id=lesson_id)  # one at most
    if not rows:
        return None
    row = rows[0]
    names = {locale.code: locale.name for locale in await content.list_locales()}
    return {
        "master": storage.public_url(settings, f"{row.prefix}/master.m3u8"),
        "durationMs": row.duration_ms,
        "width": row.width,
        "height": row.height,
        "captions": [
            {
                "locale": code,
                "label": names.get(code, code),
                "src": storage.public_url(settings, path),
            }
            for code, path in lesson_media.caption_sources(row.prefix, row.captions)
        ],
    }


async def published_paths(locale: str, table: RouteTable) -> list[str]:
    """Every course and lesson path of ``locale``, for publishing and the sitemap."""
    paths: list[str] = []
    for tree, texts in await course_trees.localized(locale):
        if texts is None:
            continue
        paths.append(course_path(table, locale, texts.course.slug))
        paths += [
            lesson_path(table, locale, texts.course.slug, texts.lessons[node.lesson.id].slug)
            for node in tree.lessons()
        ]
    return paths


@dataclass(frozen=True)
class PublishedCourses:
    """Every published course with its texts in one locale: what the academy's blocks show (the
    course card, the level cards, the academy's figures), read once for all of a page's blocks."""

    trees: list[LocalizedTree]
    locale: str
    table: RouteTable

    def course_card(self, key: str) -> dict[str, Any] | None:
        for tree, texts in self.trees:
            if tree.course.key == key:
                return course_card(tree, texts, self.locale, self.table) if texts else None
        return None

    def level_cards(self, key: str | None) -> list[dict[str, Any]]:
        """The level cards of the course ``key`` (every published course when None)."""
        cards: list[dict[str, Any]] = []
        for tree, texts in self.trees:
            if texts is None or key not in (None, tree.course.key):
                continue
            offers = priced(tree, set())
            cards += [
                level_card(tree, level, texts, self.locale, self.table, offers)
                for level in tree.levels
            ]
        return cards

    def stats(self) -> dict[str, int | None]:
        """What the academy holds: lessons, levels and how long the videos of every published
        course last together."""
        lessons = [node for tree, _ in self.trees for node in tree.lessons()]
        levels = sum(len(tree.levels) for tree, _ in self.trees)
        return {"lessons": len(lessons), "levels": levels, "durationMs": _duration_ms(lessons)}


async def published_courses(locale: str, table: RouteTable) -> PublishedCourses:
    return PublishedCourses(await course_trees.localized(locale), locale, table)
