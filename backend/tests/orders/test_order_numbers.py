"""Order numbers and slugs (pure)."""

from __future__ import annotations

from splash.orders.order_numbers import ALPHABET, PATTERN, is_slug, new_order_nr, new_slug


def test_an_order_number_is_spl_and_two_groups_of_four_unambiguous_characters():
    numbers = {new_order_nr() for _ in range(200)}

    assert all(PATTERN.fullmatch(number) for number in numbers)
    assert all(len(number) == 13 for number in numbers)
    assert len(numbers) == 200


def test_the_alphabet_has_no_look_alikes():
    assert not set("0O1IL UV") & set(ALPHABET)
    assert len(ALPHABET) == len(set(ALPHABET)) == 29


def test_a_slug_holds_256_random_bits_in_43_url_safe_characters():
    slugs = {new_slug() for _ in range(50)}

    assert len(slugs) == 50
    assert all(len(slug) == 43 for slug in slugs)
    assert all(
        set(slug) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for slug in slugs
    )


def test_only_what_a_slug_can_be_is_looked_up():
    assert all(is_slug(new_slug()) for _ in range(20))
    assert is_slug("a" * 64)
    for text in ("", "a" * 65, "abc\x00", "abc/def", "abc def", "a'b", "abc\n"):
        assert not is_slug(text)
