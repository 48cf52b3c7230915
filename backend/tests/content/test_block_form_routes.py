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


async def test_an_editor_gets_the_categories_of_the_articles_language_by_name(
    client, settings, seeded
):
    headers = await headers_of(settings, "editor")

    german = await client.get("/api/studio/content/categories?locale=de", headers=headers)
    dutch = await client.get("/api/studio/content/categories?locale=nl", headers=headers)

    assert german.status == 200
    assert german.json["data"] == [
        {"key": "learning-to-swim", "slug": "schwimmen-lernen", "name": "Schwimmen lernen"},
        {"key": "safety", "slug": "sicherheit", "name": "Sicherheit"},
        {"key": "tips", "slug": "tipps", "name": "Tipps"},
    ]
    assert [c["name"] for c in dutch.json["data"]] == ["Leren zwemmen", "Tips", "Veiligheid"]


async def test_the_categories_refuse_an_unknown_language_and_the_shop_role(
    client, settings, seeded
):
    editor = await headers_of(settings, "editor")
    shop = await headers_of(settings, "shop")

    unknown = await client.get("/api/studio/content/categories?locale=xx", headers=editor)
    refused = await client.get("/api/studio/content/categories?locale=nl", headers=shop)

    assert unknown.status == 400
    assert unknown.json["error"]["details"]["errors"][0]["path"] == ["query", "locale"]
    assert refused.status == 403
