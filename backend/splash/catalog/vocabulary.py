"""The catalog's words: what kind of product a product is. Physical products are shipped (the
shipping rule counts only them); digital ones (the academy's lessons, later) are not.
``contracts/vocabularies.json`` pins the values against the SPA's type."""

from __future__ import annotations

from enum import StrEnum


class ProductType(StrEnum):
    PHYSICAL = "physical"
    DIGITAL = "digital"
