"""For a visitor who is signed out: the paid guest's order whose device pass this browser holds."""

from __future__ import annotations

from datetime import UTC, datetime

from sanic import Request

from splash.accounts.requests import current_user
from splash.orders import services as orders


async def current_device(request: Request) -> orders.DeviceOrder | None:
    """For a visitor who is signed out, the paid guest's order whose pass cookie this browser
    holds while the pass holds (``orders.device_passes``); None when signed in: then the
    account decides."""
    if await current_user(request) is not None or "cookie" not in request.headers:
        return None
    raw = request.cookies.get(orders.DEVICE_PASS_COOKIE)
    return await orders.device_order(raw, datetime.now(UTC))
