"""The academy's fixture content (fixtures/academy.yaml, fixtures/<locale>/academy.yaml and the
captions): complete in six languages, prices that save, captions that play, and no text that
promises lessons longer than the fixture videos are. Reads the files only; no database."""

import json
import re

import pytest

from splash.content.blocks import RICH_TEXT
from splash.core.config import REPO_ROOT
from splash.core.fixtures import read_yaml

FIXTURES = REPO_ROOT / "fixtures"
LOCALES = [row["code"] for row in read_yaml(FIXTURES / "locales.yaml")]
ACADEMY = read_yaml(FIXTURES / "academy.yaml")
COURSES = ACADEMY["courses"]
LESSONS = [lesson for c in COURSES for level in c["levels"] for lesson in level["lessons"]]
SUITS = [p["key"] for p in read_yaml(FIXTURES / "catalog.yaml")["products"]]
URL_SAFE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
CUE_TIME = re.compile(r"^(\d{2}):(\d{2})\.(\d{3}) --> (\d{2}):(\d{2})\.(\d{3})$")


def texts(locale: str) -> dict:
    return read_yaml(FIXTURES / locale / "academy.yaml")["courses"]


def seconds(minutes: str, secs: str, millis: str) -> float:
    return int(minutes) * 60 + int(secs) + int(millis) / 1000


def cues(path) -> list[tuple[float, float, list[str]]]:
    """(start, end, lines) of every cue; an AssertionError when the file is not WebVTT."""
    blocks = path.read_text(encoding="utf-8").strip("\n").split("\n\n")
    assert blocks[0] == "WEBVTT", f"{path}: no WEBVTT header"
    parsed = []
    for block in blocks[1:]:
        time, *lines = block.split("\n")
        match = CUE_TIME.match(time)
        assert match, f"{path}: bad cue timing {time!r}"
        parsed.append((seconds(*match.groups()[:3]), seconds(*match.groups()[3:]), lines))
    return parsed


def test_one_course_of_three_levels_with_four_lessons_each_and_unique_keys():
    assert [c["key"] for c in COURSES] == ["learn-to-swim"]
    assert [[len(level["lessons"]) for level in c["levels"]] for c in COURSES] == [[4, 4, 4]]
    keys = [c["key"] for c in COURSES]
    keys += [level["key"] for c in COURSES for level in c["levels"]]
    keys += [lesson["key"] for lesson in LESSONS]
    assert len(keys) == len(set(keys)) == 16


def test_exactly_two_free_previews_the_first_lesson_of_level_1_and_of_level_2():
    assert [lesson["key"] for lesson in LESSONS if lesson["freePreview"]] == [
        "level-1-lesson-1",
        "level-2-lesson-1",
    ]


def test_level_1_is_free_with_both_float_suits_and_nothing_else_is():
    free = {level["key"]: level["freeWithProducts"] for c in COURSES for level in c["levels"]}
    assert free == {
        "level-1": ["splash-float-suit", "splash-sun-float-suit"],
        "level-2": [],
        "level-3": [],
    }
    assert set(free["level-1"]) == set(SUITS)


@pytest.mark.parametrize("course", COURSES, ids=lambda c: c["key"])
def test_a_level_costs_less_than_its_lessons_and_the_bundle_less_than_its_levels(course):
    prices = course["prices"]
    assert all(isinstance(p, int) and p > 0 for p in prices.values())
    for level in course["levels"]:
        assert prices["level"] < prices["lesson"] * len(level["lessons"])
    assert prices["bundle"] < prices["level"] * len(course["levels"])


def test_the_course_image_and_posters_are_media_paths_and_the_course_image_exists():
    for course in COURSES:
        image = course["image"]
        assert (image["width"], image["height"]) == (1200, 800)
        file = FIXTURES / image["src"].removeprefix("/")
        assert file.is_file() and file.stat().st_size <= 60_000
    for lesson in LESSONS:
        assert lesson["poster"] == {
            "src": f"/media/academy/{lesson['key']}.webp",
            "width": 1280,
            "height": 720,
        }


@pytest.mark.parametrize("locale", LOCALES)
def test_every_locale_has_every_text_within_its_length(locale):
    localized = texts(locale)
    assert set(localized) == {c["key"] for c in COURSES}
    for course in COURSES:
        text = localized[course["key"]]
        assert text["title"].endswith("Splash")
        assert 0 < len(text["intro"]) <= 400
        assert RICH_TEXT.validate_python(text["description"])
        assert 0 < len(text["imageAlt"]) <= 200
        assert 0 < len(text["seo"]["title"]) <= 60
        assert 0 < len(text["seo"]["description"]) <= 160
        assert set(text["levels"]) == {level["key"] for level in course["levels"]}
        for level in text["levels"].values():
            assert level["title"] and 0 < len(level["description"]) <= 600
        assert set(text["lessons"]) == {
            lesson["key"] for level in course["levels"] for lesson in level["lessons"]
        }
        for lesson in text["lessons"].values():
            # The posters show the video's wordless picture: decorative, so no alt text.
            assert set(lesson) == {"slug", "title", "description"}
            assert lesson["title"] and 0 < len(lesson["description"]) <= 1000


@pytest.mark.parametrize("locale", LOCALES)
def test_slugs_are_url_safe_and_unique_per_locale(locale):
    localized = texts(locale)
    for text in localized.values():
        slugs = [text["slug"], *(lesson["slug"] for lesson in text["lessons"].values())]
        assert all(URL_SAFE.match(slug) and len(slug) <= 120 for slug in slugs), slugs
        assert len(slugs) == len(set(slugs))
    course_slugs = [text["slug"] for text in localized.values()]
    assert len(course_slugs) == len(set(course_slugs))


def test_each_language_has_its_own_texts():
    titles = {locale: texts(locale)["learn-to-swim"]["title"] for locale in LOCALES}
    assert titles["en"] == "Learn to swim with Splash"
    assert titles["nl"] == "Leren zwemmen met Splash"
    assert len(set(titles.values())) == len(LOCALES)
    lesson_titles = {
        locale: texts(locale)["learn-to-swim"]["lessons"]["level-1-lesson-2"]["title"]
        for locale in LOCALES
    }
    assert len(set(lesson_titles.values())) == len(LOCALES)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_lesson_has_captions_in_time_order_with_short_lines(locale):
    folder = FIXTURES / locale / "captions"
    assert sorted(p.stem for p in folder.glob("*.vtt")) == sorted(x["key"] for x in LESSONS)
    for lesson in LESSONS:
        parsed = cues(folder / f"{lesson['key']}.vtt")
        assert len(parsed) == 3
        previous_end = 0.0
        for start, end, lines in parsed:
            assert previous_end <= start < end <= 8.0, (lesson["key"], start, end)
            assert 1 <= len(lines) <= 2 and all(0 < len(line) <= 42 for line in lines), lines
            previous_end = end
        assert parsed[0][0] == 0.0 and parsed[-1][1] >= 6.0


def test_the_caption_reader_refuses_what_is_not_webvtt(tmp_path):
    bad = tmp_path / "bad.vtt"
    bad.write_text("1\n00:00:00,000 --> 00:00:02,500\nSubRip, not WebVTT\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="no WEBVTT header"):
        cues(bad)
    bad.write_text("WEBVTT\n\n00:00,000 --> 00:02,500\nComma times\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="bad cue timing"):
        cues(bad)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_academy_page_shows_the_course_and_counts_what_the_fixtures_hold(locale):
    page = read_yaml(FIXTURES / locale / "pages" / "academy.yaml")
    types = [block["type"] for block in page["blocks"]]
    assert {"academy-intro", "child-courses", "academy-item", "statistics"} <= set(types)
    items = [block["course"] for block in page["blocks"] if block["type"] == "academy-item"]
    assert items == ["learn-to-swim"]
    statistics = next(block for block in page["blocks"] if block["type"] == "statistics")
    values = [item["value"] for item in statistics["items"]]
    levels = [level for c in COURSES for level in c["levels"]]
    assert values == [str(len(LESSONS)), str(len(levels)), str(len(LOCALES))]  # caption languages


# "5 to 10 minutes", "5 tot 10 minuten", "eine Lektion von 5 bis 10 Minuten", "5-10 min"
MINUTES_STATED = re.compile(r"\d+\s*(?:\S+\s+)?\d*\s*(?:min|Min)")


@pytest.mark.parametrize("locale", LOCALES)
def test_no_academy_text_states_lesson_minutes(locale):
    """A lesson lasts as long as its video, which the pages show; the fixture videos last
    seconds, so no text about the lessons may promise minutes."""
    for name in ("academy.yaml", "pages/academy.yaml", "pages/home.yaml"):
        text = (FIXTURES / locale / name).read_text(encoding="utf-8")
        assert MINUTES_STATED.findall(text) == [], name


ROUTES = json.loads((REPO_ROOT / "contracts" / "routes.json").read_text(encoding="utf-8"))
LESSON_PATHS = next(r["paths"] for r in ROUTES["routes"] if r["name"] == "lesson")


def links(nodes: list) -> list[str]:
    """The URLs of the links in rich text, in reading order."""
    found = []
    for node in nodes:
        if node.get("type") == "link":
            found.append(node["url"])
        found += links(node.get("children", []))
    return found


@pytest.mark.parametrize("locale", LOCALES)
def test_how_it_works_links_to_a_free_preview_in_the_pages_language(locale):
    page = read_yaml(FIXTURES / locale / "pages" / "academy-how-it-works.yaml")
    body = next(block["body"] for block in page["blocks"] if block["type"] == "text-with-media")
    text = texts(locale)["learn-to-swim"]
    previews = {
        LESSON_PATHS[locale]
        .replace(":course", text["slug"])
        .replace(":slug", text["lessons"][lesson["key"]]["slug"])
        for lesson in LESSONS
        if lesson["freePreview"]
    }
    lesson_links = [url for url in links(body) if url.count("/") == 3]
    assert len(lesson_links) == 1
    assert lesson_links[0] in previews
