"""What the editing tests share: studio headers of a role, an entry's URLs, saving and
publishing through the API, and running the outbox's due jobs as the worker would."""

from __future__ import annotations

from typing import Any

from splash.core.config import Settings
from splash.shared.outbox.drain import Drainer
from splash.site import wiring
from tests.staff.support import cookie_of, staff

STUDIO = "/api/studio/content"


async def headers_of(settings: Settings, role: str = "editor") -> dict[str, str]:
    return await cookie_of(await staff(settings, role, f"{role}-edit@splash.example"), settings)


def url(collection: str, key: str, locale: str = "nl", action: str = "") -> str:
    query = f"?locale={locale}" if locale else ""
    return f"{STUDIO}/{collection}/{key}{'/' + action if action else ''}{query}"


async def save(
    client: Any,
    headers: dict[str, str],
    collection: str,
    key: str,
    document: dict[str, Any],
    revision: int = 0,
    locale: str = "nl",
) -> Any:
    body = {"revision": revision, "document": document}
    return await client.put(url(collection, key, locale), json=body, headers=headers)


async def opened(
    client: Any, headers: dict[str, str], collection: str, key: str, locale: str = "nl"
) -> dict[str, Any]:
    response = await client.get(url(collection, key, locale), headers=headers)
    assert response.status == 200, response.json
    return dict(response.json["data"])


async def edit(
    client: Any,
    headers: dict[str, str],
    collection: str,
    key: str,
    changes: dict[str, Any],
    locale: str = "nl",
) -> Any:
    """Opens the entry, changes some fields of its document and saves it on its revision."""
    entry = await opened(client, headers, collection, key, locale)
    document = {**(entry["document"] or {}), **changes}
    return await save(client, headers, collection, key, document, entry["revision"], locale)


async def publish(
    client: Any, headers: dict[str, str], collection: str, key: str, locale: str = "nl"
) -> Any:
    return await client.post(url(collection, key, locale, "publish"), json={}, headers=headers)


async def run_jobs(settings: Settings) -> int:
    """Every due outbox job, run once (a publish job renders in Node)."""
    return await Drainer(wiring.resources(settings)).drain_due()
