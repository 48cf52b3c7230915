"""Which encodings a browser accepts, and which ETags match (pure parts of http/compression)."""

import pytest

from splash.http.compression import accepts, etag_matches


@pytest.mark.parametrize(
    "header, expected",
    [
        ("gzip, deflate, br", True),
        ("GZIP", True),
        ("br;q=1.0, gzip;q=0.5", True),
        ("gzip;q=0", False),
        ("gzip;q=nonsense", False),
        ("deflate, br", False),
        ("identity", False),
        ("", False),
    ],
)
def test_accepts_reads_the_accept_encoding_header(header, expected):
    assert accepts(header, "gzip") is expected


@pytest.mark.parametrize(
    "if_none_match, expected",
    [
        ('"abc"', True),
        ('W/"abc"', True),
        ('"old", W/"abc"', True),
        ("*", True),
        ('"other"', False),
        ("", False),
        (None, False),
    ],
)
def test_etag_matches_the_strong_and_the_weak_form(if_none_match, expected):
    assert etag_matches(if_none_match, '"abc"') is expected
