"""The fixture videos' picture and sound (splash/academy/fixture_scene.py): drawn from nothing but
ffmpeg's own sources, with no filter that writes text, so captions are a lesson's only words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from splash.academy import fixture_scene
from splash.academy.fixture_scene import FILTERS, graph, scene
from splash.academy.fixture_videos import FixtureLesson, source_command

# ffmpeg's filters that put words (or any font's glyphs) into a picture.
TEXT_FILTERS = {"drawtext", "subtitles", "ass", "ocr", "zmq", "sendcmd"}


def filter_names(drawn: str) -> list[str]:
    """The filters a filter graph names, in order (quoted option values left out)."""
    names = []
    for chain in re.sub(r"'[^']*'", "", drawn).split(";"):
        for link in chain.split(","):
            found = re.match(r"(?:\[[^\]]*\])*([a-z0-9_]+)", link.strip())
            assert found, link
            names.append(found.group(1))
    return names


def test_filter_names_reads_labels_chains_and_quoted_options():
    drawn = "color=s=2x2,geq=r='if(lt(X,1),0,255)'[a];[a][b]overlay=x='1,2'[v];[v]drawtext=text=Hoi"

    assert filter_names(drawn) == ["color", "geq", "overlay", "drawtext"]


@pytest.mark.parametrize("number", range(1, 13))
def test_every_lessons_graph_uses_only_the_scenes_filters_and_none_writes_text(number):
    drawn = graph(scene(number, (number - 1) // 4 + 1, 7.0))

    names = set(filter_names(drawn))
    assert names <= FILTERS, names - FILTERS
    assert not FILTERS & TEXT_FILTERS
    assert not re.search(r"drawtext|subtitles|fontfile|textfile|\.ttf", drawn)


def test_the_source_is_drawn_from_nothing_but_the_graph():
    """No input file: no picture and no font is read, so no word can come in from one."""
    argv = source_command(FixtureLesson("level-1-lesson-1", 1, 1, 7.0), Path("source.mp4"))

    assert "-i" not in argv
    assert argv[argv.index("-filter_complex") + 1] == graph(scene(1, 1, 7.0))
    assert argv[argv.index("-t") + 1] == "7.000"


def test_each_level_has_its_ring_colour_and_lessons_differ():
    scenes = [scene(number, (number - 1) // 4 + 1, 7.0) for number in range(1, 13)]

    assert [s.ring for s in scenes[::4]] == list(fixture_scene.RING_COLOURS)
    assert len({(s.ring_x, s.cloud_x) for s in scenes}) == 12
    assert all(0 <= s.ring_x <= fixture_scene.WIDTH - 160 for s in scenes)
