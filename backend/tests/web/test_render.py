"""Rendering in Node: how the last pages of a publish are split over the cores (pure)."""

from splash.site.web.render import LEAST, slices


def test_the_last_pages_are_split_over_the_cores_in_slices_of_at_least_least():
    assert slices(1000, 2) == [(0, 500), (500, 1000)]
    assert slices(3 * LEAST, 4) == [(0, LEAST), (LEAST, 2 * LEAST), (2 * LEAST, 3 * LEAST)]


def test_a_few_pages_go_to_one_process_and_none_to_none():
    assert slices(LEAST - 1, 2) == [(0, LEAST - 1)]
    assert slices(1, 8) == [(0, 1)]
    assert slices(0, 2) == []
