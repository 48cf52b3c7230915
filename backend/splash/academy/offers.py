"""What an unlock button costs a buyer (pure): integer cents, computed from the list prices of a
course's offers and the lessons the buyer owns already (contracts/academy-api.md).

- a lesson costs its list price; it is owned when the buyer has it;
- a level costs its list price when none of its lessons is owned; else the share of its list
  price that its not-owned lessons make up of all its lessons (at their list prices);
- the bundle costs its list price when nothing is owned; else the share of its list price that
  the not-owned levels' prices (for this buyer) make up of all levels' list prices.

``parts`` is what the not-owned parts cost one by one and ``saving`` what buying them together
saves; a price is never above its parts, so a saving is never negative.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from splash.academy.vocabulary import OfferKind


@dataclass(frozen=True)
class LevelPrices:
    list_price: int
    lessons: Mapping[int, int]  # lesson id → the lesson's list price, in course order


@dataclass(frozen=True)
class CoursePrices:
    bundle: int
    levels: Sequence[LevelPrices]

    def lessons(self) -> list[int]:
        return [lesson for level in self.levels for lesson in level.lessons]


@dataclass(frozen=True)
class OfferPrice:
    kind: OfferKind
    price: int
    list_price: int
    parts: int
    saving: int
    owned: bool


def round_half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded to the nearest integer, halves up (both ≥ 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


def _priced(kind: OfferKind, list_price: int, computed: int, parts: int, owned: bool) -> OfferPrice:
    price = min(computed, parts)
    return OfferPrice(kind, price, list_price, parts, parts - price, owned)


def lesson_offer(list_price: int, owned: bool) -> OfferPrice:
    return OfferPrice(OfferKind.LESSON, list_price, list_price, list_price, 0, owned)


def level_offer(level: LevelPrices, owned: Set[int]) -> OfferPrice:
    not_owned = [lesson for lesson in level.lessons if lesson not in owned]
    parts = sum(level.lessons[lesson] for lesson in not_owned)
    everything = sum(level.lessons.values())
    if len(not_owned) == len(level.lessons):
        computed = level.list_price
    else:
        computed = round_half_up(level.list_price * parts, everything) if everything else 0
    return _priced(OfferKind.LEVEL, level.list_price, computed, parts, not not_owned)


def bundle_offer(course: CoursePrices, owned: Set[int]) -> OfferPrice:
    levels = [level_offer(level, owned) for level in course.levels]
    parts = sum(level.price for level in levels if not level.owned)
    everything = sum(level.list_price for level in course.levels)
    if not any(lesson in owned for lesson in course.lessons()):
        computed = course.bundle
    else:
        computed = round_half_up(course.bundle * parts, everything) if everything else 0
    all_owned = all(level.owned for level in levels)
    return _priced(OfferKind.BUNDLE, course.bundle, computed, parts, all_owned)
