"""The studio's reads cost at most five SQL statements each (STUDIO.md), the session check
included: the customer list and search, a customer's page, the stock list and the dashboard.
Counted as ``tests/test_query_counts.py`` counts the shop's, without the embedded drainer."""

from __future__ import annotations

import pytest

from splash.site.app import create_app
from tests.app_client import Client
from tests.studio.support import a_customer, headers_of
from tests.support import counting_statements

BUDGET = 5


@pytest.fixture
def app(settings):
    """Without the embedded outbox drainer, whose polling would be counted with the reads."""
    return create_app(settings.model_copy(update={"outbox_embedded": False}))


@pytest.mark.usefixtures("seeded")
async def test_every_studio_read_of_this_part_costs_at_most_five_statements(app, settings):
    anna = await a_customer()
    headers = await headers_of(settings, "owner")
    reads = [
        "/api/studio/customers",
        "/api/studio/customers?q=1016GV&sort=-name&pageSize=10",
        f"/api/studio/customers/{anna.user.id}",
        f"/api/studio/customers/{anna.user.id}/emails",
        "/api/studio/stock",
        "/api/studio/stock?low=true",
        "/api/studio/dashboard?period=30d",
    ]
    counts = {}
    for path in reads:
        with counting_statements() as statements:
            response = await Client(app).get(path, headers=headers)
        assert response.status == 200, (path, response.json)
        counts[path] = len(statements)

    assert {path: n for path, n in counts.items() if n > BUDGET} == {}
