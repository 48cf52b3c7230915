"""Helpers shared by the tests of orders and of what other domains put on an order."""

from __future__ import annotations

import re


def invoice_rows(page: str) -> list[list[str]]:
    """The invoice's table rows, each as its cells' text."""

    def text(cell: str) -> str:
        return " ".join(re.sub(r"<[^>]+>", " ", cell).split())

    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page, flags=re.S)
    return [[text(cell) for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)]
            for row in rows]  # fmt: skip
