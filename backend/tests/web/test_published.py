"""Reading the published site (site/web/published.py): a new publish goes live when CURRENT is
looked at again, at most every ``check_every`` seconds (a stat per request otherwise)."""

from __future__ import annotations

from pathlib import Path

from splash.site.web import build_index
from splash.site.web.published import PublishedSite


def publish_build(root: Path, build: str) -> None:
    build_index.write(root, build, {})
    (root / "CURRENT").write_text(build, encoding="utf-8")


def test_a_new_build_is_seen_on_the_next_look_and_not_between_looks(tmp_path: Path):
    publish_build(tmp_path, "first")
    every_read, once_an_hour = PublishedSite(tmp_path), PublishedSite(tmp_path, check_every=3600)
    assert every_read.build_id == once_an_hour.build_id == "first"

    publish_build(tmp_path, "second")

    assert every_read.build_id == "second"
    assert once_an_hour.build_id == "first"  # until its hour is up


def test_nothing_published_is_no_build(tmp_path: Path):
    assert PublishedSite(tmp_path).build_id is None
