"""Byte ranges of a video file (pure): what a player asks for and what it gets."""

from __future__ import annotations

import pytest

from splash.site.web.byte_ranges import ByteRange, Unsatisfiable, byte_range


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("bytes=0-99", ByteRange(0, 99, 1000)),
        ("bytes=100-", ByteRange(100, 999, 1000)),
        ("bytes=-100", ByteRange(900, 999, 1000)),
        ("bytes=-5000", ByteRange(0, 999, 1000)),  # more than there is: all of it
        ("bytes=990-5000", ByteRange(990, 999, 1000)),  # an end past the file is cut
        ("bytes=999-999", ByteRange(999, 999, 1000)),
    ],
)
def test_a_single_range_is_served(header, expected):
    assert byte_range(header, 1000) == expected
    assert expected.size == expected.end - expected.start + 1


@pytest.mark.parametrize(
    "header", [None, "", "bytes=-", "items=0-9", "bytes=0-9,20-29", "bytes=a-b", "bytes=9-2"]
)
def test_a_header_not_understood_means_the_whole_file(header):
    assert byte_range(header, 1000) is None


@pytest.mark.parametrize(
    ("header", "total"), [("bytes=1000-", 1000), ("bytes=-0", 1000), ("bytes=0-", 0)]
)
def test_a_range_past_the_end_is_unsatisfiable(header, total):
    with pytest.raises(Unsatisfiable, match=rf"^bytes \*/{total}$"):
        byte_range(header, total)
