"""Colours and sizes of the float suits (spec §3), and how a size is shown (pure)."""

from __future__ import annotations

from typing import Literal

Colour = Literal["blue", "pink"]
Size = Literal["xs", "s", "m", "l", "xl", "xxl", "xxxl"]

COLOURS: tuple[Colour, ...] = ("blue", "pink")
SIZES: tuple[Size, ...] = ("xs", "s", "m", "l", "xl", "xxl", "xxxl")


def size_label(size: str) -> str:
    """``xxxl`` is shown as 3XL; every other size in capitals."""
    return "3XL" if size == "xxxl" else size.upper()
