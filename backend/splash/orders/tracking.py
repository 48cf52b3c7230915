"""Where a parcel can be followed: each carrier's public tracking page for a tracking number
(pure). ``other`` has no page of its own: the owner may type a link (an https address), or the
parcel has none — a courier by bicycle has no tracking site."""

from __future__ import annotations

from urllib.parse import quote

from splash.orders.vocabulary import Carrier

# {code}: the tracking number; PostNL's page also wants the destination's country and postal
# code (without them it asks the visitor to type them).
TEMPLATES: dict[Carrier, str] = {
    Carrier.POSTNL: "https://jouw.postnl.nl/track-and-trace/{code}-{country}-{postal_code}",
    Carrier.DHL: "https://www.dhl.com/nl-en/home/tracking/tracking-parcel.html"
    "?submit=1&tracking-id={code}",
    Carrier.DPD: "https://tracking.dpd.de/status/en_US/parcel/{code}",
    Carrier.UPS: "https://www.ups.com/track?tracknum={code}",
    Carrier.GLS: "https://gls-group.com/track/{code}",
    Carrier.BPOST: "https://track.bpost.cloud/btr/web/#/search?itemCode={code}",
}

# How each carrier writes its own name (``other`` is named in the reader's language).
NAMES: dict[Carrier, str] = {
    Carrier.POSTNL: "PostNL",
    Carrier.DHL: "DHL",
    Carrier.DPD: "DPD",
    Carrier.UPS: "UPS",
    Carrier.GLS: "GLS",
    Carrier.BPOST: "bpost",
}


def carrier_name(carrier: Carrier) -> str | None:
    return NAMES.get(carrier)


def tracking_url(
    carrier: Carrier, code: str, country: str, postal_code: str, typed: str | None = None
) -> str | None:
    """The tracking link of a parcel; for ``other`` the link typed (or None)."""
    template = TEMPLATES.get(carrier)
    if template is None:
        return typed
    return template.format(
        code=quote(code, safe=""),
        country=quote(country.upper(), safe=""),
        postal_code=quote(postal_code.replace(" ", "").upper(), safe=""),
    )
