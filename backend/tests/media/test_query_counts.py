"""The media library's reads, counted as the studio's others are (at most five statements, the
session's check included): the list and one item do not grow with the library; where an item
is used costs one statement per kind of row that may show it (pages, articles, products and
their texts), whatever how many rows there are."""

from __future__ import annotations

import pytest

from splash.media import services
from splash.site.app import create_app
from tests.app_client import Client
from tests.media.support import encoded, staff_headers
from tests.support import counting_statements

BUDGET = 5


@pytest.fixture
def app(settings):
    return create_app(settings.model_copy(update={"outbox_embedded": False}))


async def _count(app, path: str, headers: dict[str, str]) -> int:
    with counting_statements() as statements:
        response = await Client(app).get(path, headers=headers)
    assert response.status == 200, (path, response.json)
    return len(statements)


@pytest.mark.usefixtures("seeded")
async def test_the_librarys_reads_do_not_grow_with_it(app, settings):
    made = [
        await services.upload(services.Upload(f"{n}.jpg", encoded("JPEG", 40, 30)), "e", settings)
        for n in range(5)
    ]
    headers = await staff_headers(settings, "editor")
    counts = {
        path: await _count(app, path, headers)
        for path in (
            "/api/studio/media",
            "/api/studio/media?q=3&pageSize=2&page=1",
            f"/api/studio/media/{made[0].id}",
        )
    }
    uses = await _count(app, f"/api/studio/media/{made[0].id}/uses", headers)

    assert {path: n for path, n in counts.items() if n > BUDGET} == {}
    session = await _count(app, "/api/studio/me", headers)
    # the item, then pages, articles, products, products' texts, drafts
    assert uses <= session + 6
