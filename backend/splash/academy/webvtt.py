"""Checking a WebVTT caption file (pure) before a lesson serves it: the ``WEBVTT`` header, blocks
separated by blank lines, each cue's timing line (``00:01.000 --> 00:03.500``, hours optional,
minutes and seconds below 60, the end after the start), cues in order of their start, at least
one cue, UTF-8, and no larger than :data:`MAX_BYTES`. A file that breaks a rule is a
:class:`WebVTTError` naming the line (1-based) and the rule, as a code the studio says in its
own language. NOTE, STYLE and REGION blocks are allowed and left alone.

The rules are those of the W3C's WebVTT format that players refuse a file over, kept strict
where a player would silently skip a cue (a timing line it cannot read), so that an editor
learns of it before parents do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

MAX_BYTES = 512 * 1024

_TIME = r"(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})"
_TIMING = re.compile(rf"^{_TIME}[ \t]+-->[ \t]+{_TIME}(?:[ \t]+(.*))?$")
_STARTS_WITH_TIME = re.compile(rf"^{_TIME}\b")
_HEADER = re.compile(r"^WEBVTT(?:[ \t].*)?$")


class WebVTTRule(StrEnum):
    TOO_LARGE = "too_large"
    NOT_UTF8 = "not_utf8"
    HEADER = "header"  # the first line is not WEBVTT
    NO_BLANK_LINE = "no_blank_line"  # a cue right under the header, without a blank line
    TIMING = "timing"  # a cue's timing line cannot be read
    END_BEFORE_START = "end_before_start"
    OUT_OF_ORDER = "out_of_order"  # a cue starts before the one above it
    EMPTY_CUE = "empty_cue"  # a timing line without text
    NO_CUES = "no_cues"


_MESSAGES = {
    WebVTTRule.TOO_LARGE: f"the file is larger than {MAX_BYTES // 1024} KB",
    WebVTTRule.NOT_UTF8: "the file is not UTF-8 text",
    WebVTTRule.HEADER: "a WebVTT file starts with the line WEBVTT",
    WebVTTRule.NO_BLANK_LINE: "a blank line must separate the header from the first cue",
    WebVTTRule.TIMING: "a cue's timing must read like 00:01.000 --> 00:03.500",
    WebVTTRule.END_BEFORE_START: "the cue ends before it starts",
    WebVTTRule.OUT_OF_ORDER: "the cue starts before the cue above it",
    WebVTTRule.EMPTY_CUE: "the cue has no text",
    WebVTTRule.NO_CUES: "the file holds no cue",
}


class WebVTTError(Exception):
    def __init__(self, line: int, rule: WebVTTRule) -> None:
        self.line, self.rule = line, rule
        super().__init__(f"Line {line}: {_MESSAGES[rule]}")


@dataclass(frozen=True)
class Cue:
    start_ms: int
    end_ms: int
    text: str


def _milliseconds(hours: str | None, minutes: str, seconds: str, millis: str) -> int:
    return ((int(hours or 0) * 60 + int(minutes)) * 60 + int(seconds)) * 1000 + int(millis)


def _blocks(lines: list[str]) -> list[tuple[int, list[str]]]:
    """The blocks after the header block, each with the number of its first line."""
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(lines, start=1):
        if line.strip() == "":
            if current:
                blocks.append((start, current))
            current = []
        else:
            if not current:
                start = number
            current.append(line)
    if current:
        blocks.append((start, current))
    return blocks[1:]  # the first is the header (WEBVTT and its header lines)


def _is_timing(line: str) -> bool:
    """A timing line, or one meant as such (it starts with a time): not a cue's identifier."""
    return "-->" in line or _STARTS_WITH_TIME.match(line) is not None


def _cue(first_line: int, block: list[str]) -> Cue | None:
    """The block's cue; None for a NOTE, STYLE or REGION block."""
    if block[0].split(maxsplit=1)[0] in ("NOTE", "STYLE", "REGION") and "-->" not in block[0]:
        return None
    at = 0 if _is_timing(block[0]) else 1  # an identifier line may come first
    if at >= len(block):
        raise WebVTTError(first_line, WebVTTRule.TIMING)
    timing = _TIMING.match(block[at].strip())
    if timing is None:
        raise WebVTTError(first_line + at, WebVTTRule.TIMING)
    start = _milliseconds(*timing.group(1, 2, 3, 4))
    end = _milliseconds(*timing.group(5, 6, 7, 8))
    if end <= start:
        raise WebVTTError(first_line + at, WebVTTRule.END_BEFORE_START)
    text = block[at + 1 :]
    if not text:
        raise WebVTTError(first_line + at, WebVTTRule.EMPTY_CUE)
    for offset, line in enumerate(text, start=at + 1):
        if "-->" in line:
            raise WebVTTError(first_line + offset, WebVTTRule.TIMING)
    return Cue(start, end, "\n".join(text))


def parse(body: bytes) -> list[Cue]:
    """The cues of a WebVTT file, in order; WebVTTError for a file a lesson must not serve."""
    if len(body) > MAX_BYTES:
        raise WebVTTError(1, WebVTTRule.TOO_LARGE)
    try:
        text = body.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise WebVTTError(body[: exc.start].count(b"\n") + 1, WebVTTRule.NOT_UTF8) from None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not _HEADER.match(lines[0]):
        raise WebVTTError(1, WebVTTRule.HEADER)
    for number, line in enumerate(lines, start=1):
        if line.strip() == "":
            break
        if "-->" in line:
            raise WebVTTError(number, WebVTTRule.NO_BLANK_LINE)
    cues: list[Cue] = []
    for first_line, block in _blocks(lines):
        cue = _cue(first_line, block)
        if cue is None:
            continue
        if cues and cue.start_ms < cues[-1].start_ms:
            timing_line = first_line + (0 if _is_timing(block[0]) else 1)
            raise WebVTTError(timing_line, WebVTTRule.OUT_OF_ORDER)
        cues.append(cue)
    if not cues:
        raise WebVTTError(len(lines), WebVTTRule.NO_CUES)
    return cues
