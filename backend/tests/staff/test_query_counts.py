"""Each studio read answers within its statement budget (issue 27: at most 5), counted on the
real database as the shop's reads are (tests/test_query_counts.py)."""

from __future__ import annotations

import pytest

from splash.site.app import create_app
from tests.app_client import Client
from tests.staff.support import STUDIO_READS, cookie_of, staff
from tests.support import counting_statements

BUDGET = 5


@pytest.mark.parametrize("operation", sorted(STUDIO_READS))
async def test_every_studio_read_costs_at_most_five_statements(database, settings, operation):
    # Without the embedded outbox drainer, whose polling would be counted with the reads.
    client = Client(create_app(settings.model_copy(update={"outbox_embedded": False})))
    owner = await staff(settings)
    other = await staff(settings, "shop")
    headers = await cookie_of(owner, settings)
    await client.patch(
        f"/api/studio/staff/{other.member.id}", json={"role": "editor"}, headers=headers
    )
    problems = []
    for path in STUDIO_READS[operation]:
        with counting_statements() as statements:
            response = await client.get(path.format(staff=other.member.id), headers=headers)
        if response.status != 200:
            problems.append(f"{path}: answered {response.status}")
        elif len(statements) > BUDGET:
            problems.append(f"{path}: {len(statements)} statements:\n{statements}")
    assert problems == []
