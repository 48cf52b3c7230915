"""Helpers shared by the studio tests: staff of each role, a session cookie, the studio routes."""

from __future__ import annotations

from typing import Any

from sanic import Sanic

from splash.core.config import Settings
from testkit.factories import SetUpStaff, create_staff, staff_session

PASSWORD = "Studio-Zwemmen-2026"


async def staff(settings: Settings, role: str = "owner", email: str | None = None) -> SetUpStaff:
    return await create_staff(email or f"{role}@splash.example", role, PASSWORD, settings)


async def cookie_of(who: SetUpStaff, settings: Settings) -> dict[str, str]:
    """Request headers carrying a fresh session of ``who``."""
    return {"cookie": f"splash_studio={await staff_session(who.member, settings)}"}


def studio_routes(app: Sanic) -> list[Any]:
    """Every route under /api/studio, once per method."""
    return [
        route
        for route in app.router.routes
        if route.path.startswith("api/studio") or route.path.startswith("/api/studio")
    ]
