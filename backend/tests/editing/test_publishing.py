"""Publishing drafts through the studio API (editing/publishing.py): the public site changes
after the republish job, only then; refused while required fields are empty; unpublish;
publish at a chosen time; a second running instance serves the new build."""

from __future__ import annotations

from datetime import timedelta

from splash.content.models import Article, NavigationItem, Page, SiteSettings
from splash.editing.models import Version
from splash.media import services as media
from splash.shared import outbox
from splash.shared.outbox.models import JobStatus, OutboxJob
from splash.site.app import create_app
from splash.staff.models import ActivityEntry
from tests.app_client import Client
from tests.editing.support import edit, headers_of, opened, publish, run_jobs, save, url
from tests.media.support import encoded
from tests.web.support import inline_payload

FAQ = "/veelgestelde-vragen"


def _title(html: str) -> str:
    return str(inline_payload(html)["page"]["title"])


async def test_a_published_draft_reaches_the_public_page_when_its_job_has_run(
    client, published, settings
):
    headers = await headers_of(settings)
    await edit(client, headers, "page", "faq", {"title": "Vragen en antwoorden"})

    response = await publish(client, headers, "page", "faq")

    assert response.status == 200, response.json
    assert response.json["data"]["number"] == 1
    assert response.json["data"]["publishedBy"] == "editor-edit@splash.example"
    assert _title((await client.get(FAQ)).text) == "Veelgestelde vragen"  # not yet republished
    job = await OutboxJob.get(kind="site.publish")
    page = await Page.get(locale_id="nl", localization_key="faq")
    assert job.payload == {"changes": [f"page:{page.id}"]}
    assert await run_jobs(settings) == 1
    assert _title((await client.get(FAQ)).text) == "Vragen en antwoorden"
    english = await client.get("/faq", host="en.localhost:8000")
    assert _title(english.text) == "Frequently asked questions"
    actions = await ActivityEntry.filter(subject_id="page:faq:nl").values_list("action", flat=True)
    assert sorted(actions) == ["content.published", "content.saved"]


async def test_publishing_is_refused_while_a_required_field_is_empty(client, seeded, settings):
    headers = await headers_of(settings)
    await edit(client, headers, "page", "faq", {"title": ""})

    response = await publish(client, headers, "page", "faq")

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["title"]
    assert (await Page.get(locale_id="nl", localization_key="faq")).title == "Veelgestelde vragen"
    assert await Version.all().count() == 0
    assert await OutboxJob.filter(kind="site.publish").count() == 0


async def test_an_image_without_alt_text_in_the_language_blocks_publishing(
    client, seeded, settings
):
    headers = await headers_of(settings)
    image = {"src": "/media/blog/first-swimming-lesson.webp", "alt": "", "width": 10, "height": 10}
    await edit(client, headers, "page", "faq", {"seoImage": image})

    response = await publish(client, headers, "page", "faq")

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["seoImage", "alt"]


async def test_a_library_image_needs_its_alt_text_in_the_pages_language_to_publish(
    client, seeded, settings, tmp_path
):
    settings = settings.model_copy(update={"media_storage": f"file://{tmp_path / 'library'}"})
    photo = media.Upload("zwembad.jpg", encoded("JPEG", 70, 50))
    item = await media.upload(photo, "editor", settings)
    await media.set_alt(item.id, {"de": "Ein Kind im Schwimmbad"})  # not in Dutch
    headers = await headers_of(settings)
    image = {"media": item.id, "src": item.url, "alt": "", "width": 70, "height": 50}
    await edit(client, headers, "page", "faq", {"seoImage": image})

    refused = await publish(client, headers, "page", "faq")

    assert refused.status == 400
    assert [e["path"] for e in refused.json["error"]["details"]["errors"]] == [["seoImage", "alt"]]
    assert (await Page.get(locale_id="nl", localization_key="faq")).seo_image is None
    assert await OutboxJob.filter(kind="site.publish").count() == 0
    await media.set_alt(item.id, {"de": "Ein Kind im Schwimmbad", "nl": "Kind in het zwembad"})
    assert (await publish(client, headers, "page", "faq")).status == 200


async def test_a_new_page_gets_its_slug_from_its_title_by_the_languages_rules(
    client, seeded, settings
):
    headers = await headers_of(settings)
    document = {
        "title": "Größe & Passform",
        "blocks": [{"type": "intro", "title": "Größe", "text": "Wie er sitzt."}],
    }
    await save(client, headers, "page", "fit", document, locale="de")

    response = await publish(client, headers, "page", "fit", locale="de")

    assert response.status == 200, response.json
    page = await Page.get(locale_id="de", localization_key="fit")
    assert (page.slug, page.title, page.published) == ("groesse-passform", "Größe & Passform", True)


async def test_an_unpublished_page_is_gone_from_the_public_site(client, published, settings):
    headers = await headers_of(settings)

    response = await client.post(url("page", "faq", action="unpublish"), json={}, headers=headers)

    assert response.status == 200
    assert response.json["data"]["live"] is None
    assert await run_jobs(settings) == 1
    assert (await client.get(FAQ)).status == 404
    assert (await client.get("/faq", host="en.localhost:8000")).status == 200
    again = await client.post(url("page", "faq", action="unpublish"), json={}, headers=headers)
    assert again.status == 404


async def test_a_page_with_published_pages_below_it_is_not_unpublished(client, seeded, settings):
    headers = await headers_of(settings)
    parent = url("page", "academy", action="unpublish")

    refused = await client.post(parent, json={}, headers=headers)

    assert refused.status == 409
    assert refused.json["error"]["details"] == {"children": ["academy-how-it-works"]}
    assert "academy-how-it-works" in refused.json["error"]["message"]
    academy = Page.filter(locale_id="nl", localization_key="academy")
    assert await academy.values_list("published", flat=True) == [True]
    assert not await OutboxJob.exists()
    child = url("page", "academy-how-it-works", action="unpublish")
    assert (await client.post(child, json={}, headers=headers)).status == 200
    assert (await client.post(parent, json={}, headers=headers)).status == 200
    assert await academy.values_list("published", flat=True) == [False]


async def _due_now() -> None:
    """The clock moved on: every waiting job is due."""
    past = outbox.now() - timedelta(seconds=1)
    await OutboxJob.filter(status=JobStatus.PENDING).update(next_attempt_at=past)


async def test_a_scheduled_publish_runs_at_its_time(client, seeded, settings):
    headers = await headers_of(settings)
    saved = await edit(client, headers, "page", "faq", {"title": "Straks live"})
    at = (outbox.now() + timedelta(hours=2)).isoformat()

    response = await client.put(
        url("page", "faq", action="schedule"),
        json={"revision": saved.json["data"]["revision"], "at": at},
        headers=headers,
    )

    assert response.status == 200, response.json
    assert await run_jobs(settings) == 0  # not yet
    assert (await Page.get(locale_id="nl", localization_key="faq")).title == "Veelgestelde vragen"
    await _due_now()
    assert await run_jobs(settings) == 2  # the scheduled publish, then its republish
    assert (await Page.get(locale_id="nl", localization_key="faq")).title == "Straks live"
    assert await OutboxJob.filter(kind="site.publish").count() == 1
    entry = await opened(client, headers, "page", "faq")
    assert (entry["publishAt"], entry["publishedRevision"]) == (None, 1)


async def test_a_scheduled_publish_refused_at_its_time_says_why_on_the_entry(
    client, seeded, settings
):
    headers = await headers_of(settings)
    saved = await edit(client, headers, "page", "faq", {"title": "Straks", "slug": "straks"})
    at = (outbox.now() + timedelta(hours=2)).isoformat()
    body = {"revision": saved.json["data"]["revision"], "at": at}
    await client.put(url("page", "faq", action="schedule"), json=body, headers=headers)
    other = await Page.filter(locale_id="nl").exclude(localization_key="faq").first()
    assert other is not None
    await Page.filter(id=other.id).update(slug="straks")  # taken meanwhile

    await _due_now()
    assert await run_jobs(settings) == 1  # refused: nothing to republish

    entry = await opened(client, headers, "page", "faq")
    assert entry["scheduleRefused"] == "The slug 'straks' is taken in this language"
    assert entry["publishAt"] is None
    assert await Version.all().count() == 0
    job = await OutboxJob.get(kind="editing.publish_at")
    assert (job.status, job.attempts) == (JobStatus.DONE, 1)  # not retried
    await edit(client, headers, "page", "faq", {"slug": "straks-live"})
    assert (await opened(client, headers, "page", "faq"))["scheduleRefused"] is None


async def test_saving_again_cancels_a_scheduled_publish(client, seeded, settings):
    headers = await headers_of(settings)
    saved = await edit(client, headers, "page", "faq", {"title": "Straks live"})
    at = (outbox.now() + timedelta(hours=2)).isoformat()
    body = {"revision": saved.json["data"]["revision"], "at": at}
    await client.put(url("page", "faq", action="schedule"), json=body, headers=headers)
    await edit(client, headers, "page", "faq", {"title": "Toch niet"})

    await _due_now()
    assert await run_jobs(settings) == 1

    assert (await Page.get(locale_id="nl", localization_key="faq")).title == "Veelgestelde vragen"
    assert await Version.all().count() == 0


async def test_a_time_in_the_past_is_refused(client, seeded, settings):
    headers = await headers_of(settings)
    saved = await edit(client, headers, "page", "faq", {"title": "Straks"})
    at = (outbox.now() - timedelta(minutes=1)).isoformat()

    response = await client.put(
        url("page", "faq", action="schedule"),
        json={"revision": saved.json["data"]["revision"], "at": at},
        headers=headers,
    )

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["at"]


async def test_a_menu_publish_rewrites_its_items_and_republishes_everything(
    client, seeded, settings
):
    headers = await headers_of(settings)
    items = [
        {
            "key": "shop",
            "title": "Winkel",
            "path": "/winkel",
            "items": [{"title": "Maten", "path": "/maten"}],
        },
        {"title": "Blog", "path": "/blog"},
    ]
    await edit(client, headers, "menu", "primary", {"items": items})

    response = await publish(client, headers, "menu", "primary")

    assert response.status == 200, response.json
    rows = await NavigationItem.filter(navigation__slug="primary", navigation__locale_id="nl")
    shape = sorted((r.key, r.title, r.path, r.position, r.parent_id is None) for r in rows)
    assert shape == [
        ("item-2", "Maten", "/maten", 0, False),
        ("item-3", "Blog", "/blog", 1, True),
        ("shop", "Winkel", "/winkel", 0, True),
    ]
    assert (await OutboxJob.get(kind="site.publish")).payload == {"changes": ["*"]}


async def test_the_owner_publishes_the_settings(client, seeded, settings):
    owner = await headers_of(settings, "owner")
    await edit(client, owner, "settings", "site", {"vatNumber": "NL123456789B01"}, locale="")

    response = await publish(client, owner, "settings", "site", locale="")

    assert response.status == 200, response.json
    assert (await SiteSettings.get(id=1)).vat_number == "NL123456789B01"
    editor = await headers_of(settings, "editor")
    assert (await publish(client, editor, "settings", "site", locale="")).status == 403


async def test_a_publish_is_seen_by_a_second_running_instance(client, published, settings):
    other = Client(create_app(settings))  # another process on the same published folder
    assert _title((await other.get(FAQ)).text) == "Veelgestelde vragen"
    headers = await headers_of(settings)
    await edit(client, headers, "page", "faq", {"title": "Overal te zien"})
    await publish(client, headers, "page", "faq")

    await run_jobs(settings)

    seen = await other.get(FAQ)
    assert _title(seen.text) == "Overal te zien"
    assert inline_payload(seen.text)["page"]["title"] == _title((await client.get(FAQ)).text)


async def test_the_owners_banner_text_shows_on_every_page_of_its_language_only(
    client, published, settings
):
    owner = await headers_of(settings, "owner")
    text = "Diese Woche: kostenloser Versand"
    await save(client, owner, "banner", "site", {"text": text}, locale="de")
    editor = await headers_of(settings, "editor")
    assert (await publish(client, editor, "banner", "site", locale="de")).status == 403

    response = await publish(client, owner, "banner", "site", locale="de")

    assert response.status == 200, response.json
    assert (await OutboxJob.get(kind="site.publish")).payload == {"changes": ["*"]}
    assert await run_jobs(settings) == 1  # everything republished: every page shows it
    german = await client.get("/kontakt", host="de.localhost:8000")
    assert inline_payload(german.text)["settings"]["banner"] == text
    assert text in german.text  # rendered in the header
    dutch = await client.get("/contact")
    assert inline_payload(dutch.text)["settings"]["banner"] is None


async def test_a_time_is_kept_in_utc_and_one_without_a_time_zone_is_refused(
    client, seeded, settings
):
    headers = await headers_of(settings)
    saved = await edit(client, headers, "page", "faq", {"title": "Straks live"})
    revision = saved.json["data"]["revision"]
    schedule = url("page", "faq", action="schedule")

    naive = await client.put(
        schedule, json={"revision": revision, "at": "2099-01-01T10:00:00"}, headers=headers
    )
    amsterdam = await client.put(
        schedule, json={"revision": revision, "at": "2099-01-01T10:00:00.5+01:00"}, headers=headers
    )

    assert naive.status == 400
    assert naive.json["error"]["details"]["errors"][0]["path"] == ["at"]
    assert amsterdam.json["data"]["publishAt"] == "2099-01-01T09:00:00Z"
    await _due_now()
    assert await run_jobs(settings) == 2  # the scheduled publish (same moment), its republish
    assert (await Page.get(locale_id="nl", localization_key="faq")).title == "Straks live"


async def test_nothing_is_published_without_a_draft(client, seeded, settings):
    headers = await headers_of(settings)

    response = await publish(client, headers, "page", "faq")

    assert response.status == 404
    assert await Version.all().count() == 0


async def test_a_new_article_needs_its_texts_and_goes_live_in_its_category(
    client, seeded, settings
):
    headers = await headers_of(settings)
    await save(client, headers, "article", "swim-diary", {"title": "Ons zwemdagboek"})

    refused = await publish(client, headers, "article", "swim-diary")
    body = [{"type": "paragraph", "children": [{"type": "text", "text": "Week één."}]}]
    await edit(
        client,
        headers,
        "article",
        "swim-diary",
        {"excerpt": "Elke week.", "body": body, "category": "tips"},
    )
    published = await publish(client, headers, "article", "swim-diary")

    assert refused.status == 400
    assert [e["path"] for e in refused.json["error"]["details"]["errors"]] == [
        ["excerpt"],
        ["body"],
    ]
    assert published.status == 200, published.json
    article = await Article.get(locale_id="nl", localization_key="swim-diary").select_related(
        "category"
    )
    assert (article.slug, article.category.key, article.published) == (
        "ons-zwemdagboek",
        "tips",
        True,
    )


async def test_a_menu_item_without_title_or_path_is_named_before_publishing(
    client, seeded, settings
):
    headers = await headers_of(settings)
    items = [{"title": "Winkel", "path": "/winkel", "items": [{"title": "", "path": "/maten"}]}]
    await edit(client, headers, "menu", "primary", {"items": items})

    response = await publish(client, headers, "menu", "primary")

    assert response.status == 400
    assert [e["path"] for e in response.json["error"]["details"]["errors"]] == [
        ["items", "0", "items", "0", "title"]
    ]
