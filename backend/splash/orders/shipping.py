"""The shipping rule (spec §9), shared by the cart quote and the checkout (pure).

No physical line: nothing to ship, 0 ("no shipping costs"). Otherwise the cost of the order's
shipping country, else of the first saved address's country, else 3.95. The cart shows that
last case as "to be announced" (it does not know where the parcel goes yet); an order is
charged the 3.95.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

DEFAULT_COST = 395  # cents, when the country cannot be determined


@dataclass(frozen=True)
class Shipping:
    status: Literal["free", "cost", "tbd"]
    charge: int  # what an order pays, in cents
    country: str | None  # the country the cost belongs to

    @property
    def shown(self) -> int | None:
        """What the cart shows: the cost, or None while it is to be announced."""
        return None if self.status == "tbd" else self.charge


def shipping_for(
    physical: bool,
    costs: Mapping[str, int],
    order_country: str | None = None,
    address_countries: Sequence[str] = (),
) -> Shipping:
    if not physical:
        return Shipping("free", 0, None)
    first_address = address_countries[0] if address_countries else None
    for country in (order_country, first_address):
        if country is not None and country in costs:
            return Shipping("cost", costs[country], country)
    return Shipping("tbd", DEFAULT_COST, None)
