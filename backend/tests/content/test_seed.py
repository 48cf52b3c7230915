"""Seeding: idempotent, complete for six locales, and strict about bad content."""

import shutil

import pytest
import yaml

from splash.academy.models import Course
from splash.catalog.models import Product
from splash.content.models import Locale, Navigation, NavigationItem, Page, SiteSettings
from splash.content.seed import FixtureError, seed_content
from splash.site.seed import seed_fixtures


async def _dump() -> dict:
    return {
        "locales": await Locale.all().values(),
        "settings": await SiteSettings.all().values(),
        "navigation": await Navigation.all().order_by("id").values(),
        "items": await NavigationItem.all().order_by("id").values(),
        "pages": await Page.all()
        .order_by("id")
        .values("id", "locale_id", "slug", "localization_key", "title", "blocks", "published"),
    }


async def test_seeding_twice_changes_nothing(seeded, settings):
    before = await _dump()
    await seed_content(settings.fixtures_dir)
    assert await _dump() == before


async def test_fixtures_hold_six_locales_three_menus_each_and_a_home_page(seeded):
    assert await Locale.all().count() == 6
    assert await Locale.filter(is_default=True).values_list("code", flat=True) == ["nl"]
    assert await Navigation.all().count() == 18
    homes = await Page.filter(slug="home").values_list("locale_id", flat=True)
    assert sorted(homes) == ["de", "en", "es", "fr", "nl", "sv"]


async def test_every_locale_has_the_same_navigation_keys(seeded):
    keys = {}
    for nav in await Navigation.all():
        items = await NavigationItem.filter(navigation=nav).values_list("key", flat=True)
        keys.setdefault(nav.slug, {})[nav.locale_id] = sorted(items)
    for menu, per_locale in keys.items():
        assert len({tuple(v) for v in per_locale.values()}) == 1, (menu, per_locale)


async def test_a_removed_fixture_item_is_removed_and_others_keep_their_ids(
    seeded, settings, tmp_path
):
    root = tmp_path / "fixtures"
    shutil.copytree(settings.fixtures_dir, root)
    menus = yaml.safe_load((root / "nl" / "navigation.yaml").read_text())
    menus["legal"] = [item for item in menus["legal"] if item["key"] != "cookies"]
    (root / "nl" / "navigation.yaml").write_text(yaml.safe_dump(menus, allow_unicode=True))
    privacy = await NavigationItem.get(
        key="privacy", navigation__slug="legal", navigation__locale_id="nl"
    )
    await seed_content(root)
    keys = await NavigationItem.filter(
        navigation__slug="legal", navigation__locale_id="nl"
    ).values_list("key", flat=True)
    assert sorted(keys) == ["privacy", "terms"]
    assert (
        await NavigationItem.get(
            key="privacy", navigation__slug="legal", navigation__locale_id="nl"
        )
    ).id == privacy.id


async def test_an_invalid_block_is_refused_and_nothing_is_stored(database, settings, tmp_path):
    root = tmp_path / "fixtures"
    shutil.copytree(settings.fixtures_dir, root)
    page = yaml.safe_load((root / "en" / "pages" / "home.yaml").read_text())
    page["blocks"][0]["title"] = ""
    (root / "en" / "pages" / "home.yaml").write_text(yaml.safe_dump(page, allow_unicode=True))
    with pytest.raises(FixtureError, match="invalid block"):
        await seed_content(root)
    assert await Locale.all().count() == 0


@pytest.mark.parametrize("missing", ["address", "city"])
async def test_settings_without_a_complete_company_address_are_refused(
    database, settings, tmp_path, missing
):
    root = tmp_path / "fixtures"
    shutil.copytree(settings.fixtures_dir, root)
    site = yaml.safe_load((root / "settings.yaml").read_text())
    if missing == "address":
        del site["address"]
    else:
        del site["address"][missing]
    (root / "settings.yaml").write_text(yaml.safe_dump(site, allow_unicode=True))
    with pytest.raises(FixtureError, match="no complete company address"):
        await seed_content(root)
    assert await SiteSettings.all().count() == 0


async def test_seed_if_empty_leaves_a_filled_database_alone(seeded, settings):
    await Page.filter(locale_id="en", slug="home").update(title="Edited by the shop owner")
    report = await seed_fixtures(settings, only_if_empty=True)
    assert report == "database already holds every part; not seeded"
    assert (await Page.get(locale_id="en", slug="home")).title == "Edited by the shop owner"


async def test_seed_if_empty_fills_a_part_that_is_missing(seeded, settings):
    """A database made before the catalog (and the academy, whose offers are its variants)
    existed gets them; its edited content stays."""
    await Page.filter(locale_id="en", slug="home").update(title="Edited by the shop owner")
    await Course.all().delete()
    await Product.all().delete()
    report = await seed_fixtures(settings, only_if_empty=True)
    assert report == "seeded 2 products, 28 variants, 1 courses, 12 lessons, 12 lesson videos"
    assert await Product.all().count() == 3
    assert (await Page.get(locale_id="en", slug="home")).title == "Edited by the shop owner"
