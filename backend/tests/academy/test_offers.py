"""Offer prices and savings (pure): the fixture's list prices (lesson 495, level 1495 for four
lessons, bundle 3495 for three levels), for a buyer who owns nothing, level 1, one lesson of
level 2, or everything; and the rounding."""

from __future__ import annotations

from splash.academy.offers import (
    CoursePrices,
    LevelPrices,
    OfferPrice,
    bundle_offer,
    lesson_offer,
    level_offer,
    round_half_up,
)
from splash.academy.vocabulary import OfferKind

COURSE = CoursePrices(
    bundle=3495,
    levels=[
        LevelPrices(1495, {lesson: 495 for lesson in range(first, first + 4)})
        for first in (1, 5, 9)
    ],
)
LEVEL_1 = {1, 2, 3, 4}


def test_nothing_owned_costs_the_list_prices_and_shows_the_savings():
    assert lesson_offer(495, owned=False) == OfferPrice(OfferKind.LESSON, 495, 495, 495, 0, False)
    assert level_offer(COURSE.levels[0], set()) == OfferPrice(
        OfferKind.LEVEL, 1495, 1495, 1980, 485, False
    )
    assert bundle_offer(COURSE, set()) == OfferPrice(OfferKind.BUNDLE, 3495, 3495, 4485, 990, False)


def test_level_1_owned_makes_the_bundle_cost_the_share_of_the_other_two_levels():
    assert level_offer(COURSE.levels[0], LEVEL_1) == OfferPrice(
        OfferKind.LEVEL, 0, 1495, 0, 0, True
    )
    assert level_offer(COURSE.levels[1], LEVEL_1).price == 1495
    # 3495 x 2990 / 4485 = 2330
    assert bundle_offer(COURSE, LEVEL_1) == OfferPrice(
        OfferKind.BUNDLE, 2330, 3495, 2990, 660, False
    )


def test_one_lesson_of_level_2_owned_lowers_level_2_and_the_bundle():
    owned = {5}
    # 1495 x 1485 / 1980 = 1121.25 → 1121
    assert level_offer(COURSE.levels[1], owned) == OfferPrice(
        OfferKind.LEVEL, 1121, 1495, 1485, 364, False
    )
    # parts 1495 + 1121 + 1495 = 4111; 3495 x 4111 / 4485 = 3203.56 → 3204
    assert bundle_offer(COURSE, owned) == OfferPrice(OfferKind.BUNDLE, 3204, 3495, 4111, 907, False)


def test_everything_owned_is_owned_and_costs_nothing_more():
    everything = set(COURSE.lessons())
    assert lesson_offer(495, owned=True).owned is True
    assert all(level_offer(level, everything).owned for level in COURSE.levels)
    assert bundle_offer(COURSE, everything) == OfferPrice(OfferKind.BUNDLE, 0, 3495, 0, 0, True)


def test_a_price_is_capped_at_its_parts():
    # A level dearer than its lessons together saves nothing instead of a negative saving.
    dear = LevelPrices(2500, {1: 495, 2: 495, 3: 495, 4: 495})
    assert level_offer(dear, set()) == OfferPrice(OfferKind.LEVEL, 1980, 2500, 1980, 0, False)
    assert level_offer(dear, {1}) == OfferPrice(OfferKind.LEVEL, 1485, 2500, 1485, 0, False)


def test_rounding_is_half_up():
    assert round_half_up(7, 2) == 4  # 3.5
    assert round_half_up(5, 2) == 3  # 2.5, not banker's 2
    assert round_half_up(10, 4) == 3  # 2.5
    assert round_half_up(9, 4) == 2  # 2.25
    assert round_half_up(11, 4) == 3  # 2.75
    assert round_half_up(0, 3) == 0
