"""GET /api/studio/content/block-forms: the block forms, for staff who edit content."""

from __future__ import annotations

import pytest

from splash.content.block_forms import block_forms
from tests.studio.support import headers_of

pytestmark = pytest.mark.usefixtures("database")


@pytest.mark.parametrize("role", ["owner", "editor"])
async def test_content_staff_get_every_block_form(client, settings, role):
    response = await client.get(
        "/api/studio/content/block-forms", headers=await headers_of(settings, role)
    )

    assert response.status == 200
    forms = response.json["data"]
    assert forms == block_forms().model_dump(mode="json", by_alias=True, exclude_unset=True)["data"]
    assert len(forms) == 31
    position = next(f for f in forms if f["type"] == "text-with-media")["fields"][3]
    assert position == {
        "kind": "select",
        "name": "imagePosition",
        "required": False,
        "options": ["left", "right"],
        "default": "right",
    }


async def test_the_forms_are_not_for_the_shop_role_nor_signed_out(client, settings):
    shop = await client.get(
        "/api/studio/content/block-forms", headers=await headers_of(settings, "shop")
    )
    signed_out = await client.get("/api/studio/content/block-forms")

    assert (shop.status, signed_out.status) == (403, 401)
