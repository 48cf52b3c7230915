"""Publishing: everything, or only what a changed page, article or product touches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splash.catalog.models import ProductText
from splash.content.models import Article, Page
from splash.core.route_table import RouteTable
from splash.site.web import build_index
from splash.site.web.publish import Change, PublishError, publish, sources, split_key, stale_keys
from splash.site.web.published import PublishedSite, encode_payload, page_key
from splash.site.web.services import route_payload
from tests.support import counting_statements


def _index(settings) -> tuple[str, dict]:
    root = settings.publish_dir
    build = (root / "CURRENT").read_text().strip()
    return build, build_index.read(root, build)[0]


def _parts(settings, build: str) -> dict[str, str]:
    return build_index.read(settings.publish_dir, build)[1]


def _payload(settings, key: str) -> dict:
    entry = PublishedSite(settings.publish_dir).get(key)
    assert entry is not None
    return json.loads(entry.payload)


def test_a_change_is_read_as_collection_and_id():
    assert Change.parse("page:12") == Change("page", 12)
    assert Change.parse("article:3") == Change("article", 3)


@pytest.mark.parametrize("text", ["page", "page:", "page:x", "lesson:3", "12"])
def test_a_change_that_names_no_known_collection_is_refused(text):
    with pytest.raises(PublishError, match="expected one of page:<id>, article:<id>, product:<id>"):
        Change.parse(text)


def test_an_entry_shows_its_own_entity_and_the_collections_its_blocks_list():
    payload = {
        "head": {"type": "page"},
        "page": {
            "id": 7,
            "blocks": [
                {"type": "intro"},
                {"type": "collection-list", "collection": "article"},
                {"type": "product-item", "product": "splash-float-suit"},
            ],
        },
    }

    assert sources(payload) == ["page:7", "article:*", "product:*"]
    assert sources({"head": {"type": "article"}, "page": None, "article": {"id": 3}}) == [
        "article:3"
    ]
    assert sources({"head": {}, "page": None}) == []


def test_the_stale_keys_are_those_showing_a_changed_entity_or_listing_its_collection():
    index = {
        "nl /a": {"sources": ["page:1"]},
        "nl /blog": {"sources": ["page:2", "article:*"]},
        "nl @login": {"sources": []},
        "nl !404": {},
    }

    assert stale_keys(index, {"page:1"}) == {"nl /a"}
    assert stale_keys(index, {"article:9", "article:*"}) == {"nl /blog"}
    assert stale_keys(index, {"product:1", "product:*"}) == set()


async def test_a_changed_page_is_republished_alone_and_every_other_entry_kept(published, settings):
    page = await Page.get(locale_id="nl", localization_key="faq")
    build, before = _index(settings)
    await Page.filter(id=page.id).update(title="Vragen en antwoorden")

    with counting_statements() as statements:
        result = await publish(settings, changes=[Change("page", page.id)])

    new_build, after = _index(settings)
    key = page_key("nl", "/veelgestelde-vragen")
    # It reads the page tree once and the six translations each alone, not the shop's
    # collections (every page of a locale, products, articles, lessons): a publish of changes
    # costs what the changes touch, however large the shop.
    read = str(statements)
    assert read.count('FROM "page" WHERE "published"=') == 1, read
    assert read.count('FROM "page" WHERE "id"=') == 6, read
    assert not [t for t in ("catalog_product", '"article"', "academy_lesson") if t in read], read
    assert new_build != build
    assert result.rendered == 1  # the translations' payloads did not change
    assert result.entries == published.entries == len(after)
    assert _payload(settings, key)["page"]["title"] == "Vragen en antwoorden"
    assert after[key]["etag"] != before[key]["etag"]
    unchanged = {k for k in before if k != key}
    assert {k: after[k]["etag"] for k in unchanged} == {k: before[k]["etag"] for k in unchanged}


async def test_a_changed_slug_moves_the_page_in_every_locale_it_is_published(published, settings):
    page = await Page.get(locale_id="nl", localization_key="faq")
    await Page.filter(id=page.id).update(slug="vragen")

    await publish(settings, changes=[Change("page", page.id)])

    _, index = _index(settings)
    assert page_key("nl", "/veelgestelde-vragen") not in index
    assert _payload(settings, page_key("nl", "/vragen"))["page"]["id"] == page.id
    english = _payload(settings, page_key("en", "/faq"))
    assert english["alternates"]["nl"] == "/vragen"


async def test_a_changed_article_is_republished_with_the_lists_that_show_it(published, settings):
    article = await Article.get(locale_id="nl", slug="de-eerste-zwemles")
    await Article.filter(id=article.id).update(title="De allereerste zwemles")

    result = await publish(settings, changes=[Change("article", article.id)])

    assert (
        _payload(settings, page_key("nl", "/blog/de-eerste-zwemles"))["article"]["title"]
        == "De allereerste zwemles"
    )
    blog = _payload(settings, page_key("nl", "/blog"))
    listed = [
        entry["title"]
        for block in blog["page"]["blocks"]
        if block["type"] == "collection-list"
        for entry in block["entries"]
    ]
    assert "De allereerste zwemles" in listed
    assert 2 <= result.rendered <= 3  # the article, the blog index, the home page's list


async def test_a_changed_product_is_republished_with_the_shop_that_lists_it(published, settings):
    text = await ProductText.get(locale="nl", slug="splash-drijfpak")
    await ProductText.filter(id=text.id).update(title="Splash-drijfpak nieuw")

    await publish(settings, changes=[Change("product", text.product_id)])

    product = _payload(settings, page_key("nl", "/shop/splash-drijfpak"))["product"]
    assert product["title"] == "Splash-drijfpak nieuw"
    shop = _payload(settings, page_key("nl", "/shop"))
    assert "Splash-drijfpak nieuw" in json.dumps(shop["page"]["blocks"], ensure_ascii=False)


async def test_publishing_everything_again_renders_only_what_changed(published, settings):
    page = await Page.get(locale_id="en", localization_key="faq")
    await Page.filter(id=page.id).update(seo_title="Questions")

    result = await publish(settings)

    assert result.rendered == 1
    assert result.entries == published.entries
    assert _payload(settings, page_key("en", "/faq"))["head"]["title"] == "Questions"


async def test_changes_without_a_published_build_are_refused(seeded, settings):
    page = await Page.get(locale_id="nl", localization_key="faq")

    with pytest.raises(PublishError, match="nothing to publish changes over"):
        await publish(settings, changes=[Change("page", page.id)])


async def test_a_publish_of_changes_writes_the_changed_entrys_files_and_index_part_only(
    published, settings
):
    files = settings.publish_dir / "files"
    before, (old_build, _) = set(files.iterdir()), _index(settings)
    page = await Page.get(locale_id="nl", localization_key="faq")
    await Page.filter(id=page.id).update(title="Vragen")

    await publish(settings, changes=[Change("page", page.id)])

    build, _ = _index(settings)
    new = {path.name for path in set(files.iterdir()) - before}
    parts = {name for name in new if name.endswith(build_index.PART_SUFFIX)}
    assert {Path(name).suffix for name in new - parts} == {".json", ".html"}
    assert len(new - parts) == 2
    changed_part = build_index.part_of(page_key("nl", "/veelgestelde-vragen"))
    old_parts, new_parts = _parts(settings, old_build), _parts(settings, build)
    assert {part for part in new_parts if new_parts[part] != old_parts.get(part)} == {changed_part}
    assert parts == {f"{new_parts[changed_part]}{build_index.PART_SUFFIX}"}
    assert sorted(path.name for path in (settings.publish_dir / build).iterdir()) == [
        "build.json",
        "index.json",
    ]


async def test_a_full_publish_keeps_only_the_files_the_kept_builds_name(published, settings):
    page = await Page.get(locale_id="nl", localization_key="faq")
    for title in ("Een", "Twee", "Drie", "Vier"):
        await Page.filter(id=page.id).update(title=title)
        await publish(settings)

    root = settings.publish_dir
    builds = [p for p in root.iterdir() if p.is_dir() and p.name != "files"]
    named = {
        Path(meta[kind]).name
        for build in builds
        for meta in build_index.read(root, build.name)[0].values()
        for kind in ("payload", "html")
    } | {name for build in builds for name in build_index.part_files(_parts(settings, build.name))}
    assert len(builds) == 3
    assert {path.name for path in (root / "files").iterdir()} == named


async def test_every_published_payload_has_the_bytes_its_route_computes_alone(published, settings):
    """Publishing reads each collection once (a read_once block): a page's payload must keep
    the bytes it has when its route computes it alone, as the live site does before a publish."""
    table = RouteTable.load(settings.routes_file)
    site = PublishedSite(settings.publish_dir)
    _, index = _index(settings)

    kinds = set()
    for key in index:
        locale, path = split_key(key)
        if not path.startswith("/"):
            continue  # an app route or the 404 screen: no entity
        match = table.match(locale, path)
        assert match is not None
        alone = await route_payload(settings, table, locale, path, match)
        entry = site.get(key)
        assert alone is not None and entry is not None
        assert entry.payload == encode_payload(alone)[0], key
        kinds.add(alone["head"]["type"])

    assert kinds == {"page", "article", "product", "course", "lesson"}
