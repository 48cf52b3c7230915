"""Packaging tells how far the encoding is: ffmpeg's own progress, as a share of the video."""

from __future__ import annotations

from splash.academy import packaging


def test_the_encoding_tells_its_progress_up_to_the_whole_video(mp4, tmp_path):
    shares: list[float] = []

    made = packaging.package(
        mp4,
        tmp_path / "package",
        "/api/lessons/1/key",
        {},
        max_seconds=60,
        max_bytes=10**9,
        progress=shares.append,
    )

    assert made.duration_ms == 3000
    assert shares and shares == sorted(shares)
    assert shares[-1] == 1.0
    assert all(0 <= share <= 1 for share in shares)
    assert (tmp_path / "package" / "v0" / "s001.ts").is_file()
