"""Old paths that keep working (editing/redirects.py): chains collapsed, loops removed."""

from __future__ import annotations

from splash.editing.redirects import after_move, after_moves


def test_a_move_adds_a_redirect_from_the_old_path():
    assert after_move({}, "/faq", "/vragen") == {"/faq": "/vragen"}


def test_a_chain_is_collapsed_to_one_hop():
    assert after_moves({}, [("/a", "/b"), ("/b", "/c")]) == {"/a": "/c", "/b": "/c"}


def test_moving_back_to_an_old_path_drops_its_redirect_and_no_loop_remains():
    redirects = after_moves({}, [("/a", "/b"), ("/b", "/c")])

    assert after_move(redirects, "/c", "/a") == {"/b": "/a", "/c": "/a"}
    assert after_moves({}, [("/a", "/b"), ("/b", "/a")]) == {"/b": "/a"}


def test_a_move_to_the_same_path_changes_nothing_and_other_redirects_stay():
    redirects = {"/x": "/y"}

    assert after_move(redirects, "/a", "/a") == {"/x": "/y"}
    assert after_move(redirects, "/a", "/b") == {"/x": "/y", "/a": "/b"}
