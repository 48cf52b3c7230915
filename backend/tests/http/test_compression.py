"""Which encodings a browser accepts, and which ETags match (pure parts of http/compression)."""

import gzip

import pytest

from splash.shared.http.compression import Pieces, accepts, etag_matches


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


@pytest.mark.parametrize(
    "body, joint",
    [
        (b'<p>one</p><script nonce="N">{}</script><p>two</p>' * 40, "N"),
        (b"N at the start, N in the middle and at the end N", "N"),
        (b"no joint in here at all, " * 100, "N"),
        (b"", None),
    ],
)
def test_pieces_join_a_new_text_into_a_valid_gzip_without_compressing_again(body, joint):
    pieces = Pieces.of(body, joint, packed=True)
    for fresh in (b"A", b"B", b"\xff"):  # as long as the joint, as nonces are
        zipped = pieces.join(fresh)
        expected = body.replace(joint.encode(), fresh) if joint else body
        assert gzip.decompress(zipped) == expected
        assert Pieces.of(body, joint, packed=False).join(fresh) == expected


def test_a_joint_of_another_length_is_refused():
    with pytest.raises(ValueError, match="1 bytes long"):
        Pieces.of(b"a N b", "N", packed=True).join(b"longer")
