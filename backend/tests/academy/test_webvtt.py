"""The WebVTT check a lesson's captions pass before they are served: header, timings, order,
size; a broken file names its line and rule."""

from __future__ import annotations

import pytest

from splash.academy import webvtt
from splash.academy.webvtt import Cue, WebVTTError, WebVTTRule
from splash.core.config import REPO_ROOT


def test_a_file_with_an_identifier_a_note_and_settings_gives_its_cues():
    body = (
        "\ufeffWEBVTT - Les 1\nKind: captions\n\n"
        "NOTE spoken by the teacher\n\n"
        "intro\n00:00.000 --> 00:02.500 align:start\nSpetteren!\n\n"
        "01:00:02.500 --> 01:00:05.000\nGiet water\nover je hoofd.\n"
    ).encode()

    assert webvtt.parse(body) == [
        Cue(0, 2500, "Spetteren!"),
        Cue(3_602_500, 3_605_000, "Giet water\nover je hoofd."),
    ]


def test_windows_line_ends_are_read_as_lines():
    body = b"WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nBellen blazen\r\n"

    assert webvtt.parse(body) == [Cue(1000, 2000, "Bellen blazen")]


@pytest.mark.parametrize(
    ("body", "line", "rule"),
    [
        (b"WEBVTX\n\n00:00.000 --> 00:01.000\nx\n", 1, WebVTTRule.HEADER),
        (b"\n\nWEBVTT\n", 1, WebVTTRule.HEADER),
        (b"WEBVTT\n00:00.000 --> 00:01.000\nx\n", 2, WebVTTRule.NO_BLANK_LINE),
        (b"WEBVTT\n\n00:00.000 -> 00:01.000\nx\n", 3, WebVTTRule.TIMING),
        (b"WEBVTT\n\nid\n00:00.000 --> 00:61.000\nx\n", 4, WebVTTRule.TIMING),
        (b"WEBVTT\n\n0:00.000 --> 00:01.000\nx\n", 3, WebVTTRule.TIMING),
        (b"WEBVTT\n\n00:02.000 --> 00:01.000\nx\n", 3, WebVTTRule.END_BEFORE_START),
        (b"WEBVTT\n\n00:02.000 --> 00:02.000\nx\n", 3, WebVTTRule.END_BEFORE_START),
        (b"WEBVTT\n\n00:00.000 --> 00:01.000\n", 3, WebVTTRule.EMPTY_CUE),
        (
            b"WEBVTT\n\n00:05.000 --> 00:06.000\na\n\n00:01.000 --> 00:02.000\nb\n",
            6,
            WebVTTRule.OUT_OF_ORDER,
        ),
        (b"WEBVTT\n\n00:00.000 --> 00:01.000\na\n00:01.000 --> 00:02.000\n", 5, WebVTTRule.TIMING),
        (b"WEBVTT\n\nNOTE only a note\n", 4, WebVTTRule.NO_CUES),
        (b"WEBVTT\n\n00:00.000 --> 00:01.000\n\xff\xfe\n", 4, WebVTTRule.NOT_UTF8),
    ],
)
def test_a_broken_file_names_its_line_and_rule(body, line, rule):
    with pytest.raises(WebVTTError) as raised:
        webvtt.parse(body)

    assert (raised.value.line, raised.value.rule) == (line, rule)
    assert str(raised.value).startswith(f"Line {line}: ")


def test_a_file_larger_than_the_limit_is_refused_before_it_is_read():
    cue = b"00:00.000 --> 00:01.000\nx\n\n"
    body = b"WEBVTT\n\n" + cue * (webvtt.MAX_BYTES // len(cue) + 1)

    with pytest.raises(WebVTTError) as raised:
        webvtt.parse(body)

    assert (raised.value.line, raised.value.rule) == (1, WebVTTRule.TOO_LARGE)


def test_every_fixture_caption_passes():
    files = sorted((REPO_ROOT / "fixtures").glob("*/captions/*.vtt"))

    assert len(files) >= 6
    assert all(webvtt.parse(path.read_bytes()) for path in files)
