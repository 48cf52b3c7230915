"""The version of the privacy policy and the terms an order consents to (content.services)."""

from __future__ import annotations

from splash.content.models import Page
from splash.content.services import legal_version


async def test_each_language_has_its_own_version_of_the_two_texts(seeded):
    versions = {locale: await legal_version(locale) for locale in ("nl", "en", "sv")}

    assert len(set(versions.values())) == 3
    assert all(len(version) == 17 and version[8] == "." for version in versions.values())


async def test_the_version_is_stable_until_a_text_changes(seeded):
    before = await legal_version("nl")
    assert await legal_version("nl") == before

    terms = await Page.get(locale_id="nl", localization_key="terms")
    terms.blocks = [*terms.blocks, {"type": "rich-text", "body": []}]
    await terms.save()

    after = await legal_version("nl")
    assert after.split(".")[0] == before.split(".")[0]  # the privacy policy did not change
    assert after.split(".")[1] != before.split(".")[1]


async def test_a_missing_or_unpublished_text_reads_none(seeded):
    await Page.filter(locale_id="de", localization_key="privacy").update(published=False)

    assert (await legal_version("de")).split(".")[0] == "none"
    assert await legal_version("xx") == "none.none"
