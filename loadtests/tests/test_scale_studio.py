"""loadtests/scale_studio.py's pure parts: the page's new text, the marker, the job's time and
the rounds' medians. Nothing is timed or served here; `make bench-scale` measures."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import yaml

from loadtests import run, scale_studio
from loadtests.scale_report import StudioPublish

INTRO = {"type": "intro", "title": "Verzenden", "text": "Snel in huis."}
SHIPPING: dict[str, Any] = {
    "title": "Verzenden en retourneren",
    "blocks": [
        INTRO,
        {"type": "rich-text", "body": []},
    ],
}


def test_the_marker_goes_in_front_of_the_first_blocks_text():
    changed = scale_studio.with_marker(SHIPPING, "scale-large-1-ab12cd34")

    assert changed["blocks"][0] == {
        "type": "intro",
        "title": "Verzenden",
        "text": "scale-large-1-ab12cd34 Snel in huis.",
    }
    assert changed["blocks"][1] == SHIPPING["blocks"][1]
    assert changed["title"] == SHIPPING["title"]
    assert INTRO["text"] == "Snel in huis."  # the document read is not changed


def test_a_new_marker_replaces_an_earlier_rounds():
    first = scale_studio.with_marker(SHIPPING, "scale-small-1-00000000")

    second = scale_studio.with_marker(first, "scale-small-2-11111111")

    assert second["blocks"][0]["text"] == "scale-small-2-11111111 Snel in huis."


def test_a_page_without_a_block_text_cannot_be_measured():
    with pytest.raises(run.RunError, match="no block with a text"):
        scale_studio.with_marker({"blocks": [{"type": "rich-text", "body": []}]}, "scale-x")


def test_markers_differ_and_need_no_escaping_in_html():
    markers = {scale_studio.new_marker("medium", 2) for _ in range(20)}

    assert len(markers) == 20
    assert all(re.fullmatch(r"scale-medium-2-[0-9a-f]{8}", marker) for marker in markers)


def test_the_jobs_time_runs_from_enqueued_to_finished():
    enqueued = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    seconds = scale_studio.job_seconds(enqueued, enqueued + timedelta(milliseconds=750))

    assert seconds == 0.75


def test_a_job_not_finished_when_the_page_was_served_is_a_run_error():
    with pytest.raises(run.RunError, match="not finished"):
        scale_studio.job_seconds(datetime(2026, 11, 29, tzinfo=UTC), None)


class RecordedStudio:
    """A studio whose publishes took the given (call, served) seconds, in turn."""

    def __init__(self, times: list[tuple[float, float]]) -> None:
        self.times = list(times)
        self.markers: list[str] = []

    def publish_once(self, marker: str) -> tuple[float, float]:
        self.markers.append(marker)
        return self.times.pop(0)


def test_the_rounds_give_the_median_and_the_slowest_publish():
    studio = RecordedStudio([(0.04, 1.5), (0.06, 0.9), (0.05, 1.1)])
    enqueued = datetime(2026, 11, 29, tzinfo=UTC)
    jobs = iter([0.7, 0.5, 0.6])

    def last_job():
        return enqueued, enqueued + timedelta(seconds=next(jobs))

    measured = scale_studio.measure(studio, "large", 3, last_job)  # type: ignore[arg-type]

    assert measured == StudioPublish(served_s=1.1, slowest_s=1.5, call_s=0.05, job_s=0.6)
    assert [marker.split("-")[:3] for marker in studio.markers] == [
        ["scale", "large", "1"],
        ["scale", "large", "2"],
        ["scale", "large", "3"],
    ]


def test_the_measured_page_is_a_fixture_page_at_its_dutch_address():
    fixture = yaml.safe_load((run.ROOT / "fixtures" / "nl" / "pages" / "shipping.yaml").read_text())

    assert fixture["localization_key"] == scale_studio.PAGE_KEY
    assert f"/{fixture['slug']}" == scale_studio.PAGE_PATH
    assert isinstance(fixture["blocks"][0]["text"], str)  # the text the marker goes in front of
    assert scale_studio.ENTRY_PATH == "/api/studio/content/page/shipping?locale=nl"
