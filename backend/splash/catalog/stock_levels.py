"""The studio's stock: every stocked variant with what is on hand, reserved and on sale, its
low-stock threshold, and counted adjustments.

``ProductVariant.stock`` is what is on sale: the checkout takes an unpaid order's units from it
at once (``inventory.take_stock``). So "never below what open orders reserve" is "``stock``
never below zero", and an adjustment down is the same kind of conditional UPDATE as the
checkout's take (``stock >= units``): racing each other, on SQLite or PostgreSQL, one of them
finds too few and nothing goes negative. What unpaid orders hold comes from the orders domain,
plugged in by ``splash.site.wiring`` (orders already depend on the catalog)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from tortoise.expressions import F

from splash.catalog.models import ProductText, ProductVariant
from splash.catalog.schemas import StockRow
from splash.catalog.vocabulary import ProductType
from splash.core.errors import ConflictError, NotFoundError

# Variant ids (None: every variant) → units unpaid orders reserve of each.
Reserved = Callable[[list[int] | None], Awaitable[dict[int, int]]]
_RESERVED: list[Reserved] = []

_FIELDS = ("id", "product_id", "product__key", "colour", "size", "sku", "active", "stock",
           "low_stock_threshold")  # fmt: skip


def plug_in_reserved(reserved: Reserved) -> None:
    _RESERVED[:] = [reserved]


async def _reserved(variant_ids: list[int] | None) -> dict[int, int]:
    found: dict[int, int] = {}
    for reserved in _RESERVED:
        found.update(await reserved(variant_ids))
    return found


async def stock_rows(locale: str, variant_id: int | None = None) -> list[StockRow]:
    """Every stocked (physical) variant, in the shop's order (or the one); three statements."""
    query = ProductVariant.filter(product__type=ProductType.PHYSICAL)
    if variant_id is not None:
        query = query.filter(id=variant_id)
    rows = await query.order_by("product__position", "product_id", "position", "id").values(
        *_FIELDS
    )
    if not rows:
        return []
    titles = dict(
        await ProductText.filter(
            locale=locale, product_id__in={row["product_id"] for row in rows}
        ).values_list("product_id", "title")
    )
    reserved = await _reserved([variant_id] if variant_id is not None else None)
    return [
        StockRow(
            variant_id=row["id"],
            product=row["product__key"],
            title=titles.get(row["product_id"], row["product__key"]),
            colour=row["colour"],
            size=row["size"],
            sku=row["sku"],
            active=row["active"],
            on_hand=row["stock"] + reserved.get(row["id"], 0),
            reserved=reserved.get(row["id"], 0),
            available=row["stock"],
            low_stock_threshold=row["low_stock_threshold"],
            low=row["stock"] <= row["low_stock_threshold"],
        )
        for row in rows
    ]


async def stock_row(locale: str, variant_id: int) -> StockRow:
    found = await stock_rows(locale, variant_id)
    if not found:
        raise NotFoundError("No stocked variant with that id")
    return found[0]


async def adjust(variant_id: int, change: int) -> None:
    """Inside the caller's transaction, for a variant ``stock_row`` found: ``change`` units in
    or out. Out only while that many are on sale (one conditional UPDATE), else a 409 saying
    how many may go."""
    variant = ProductVariant.filter(id=variant_id)
    if change < 0:
        variant = variant.filter(stock__gte=-change)
    if await variant.update(stock=F("stock") + change):
        return
    available = await ProductVariant.filter(id=variant_id).values_list("stock", flat=True)
    left = max(available[0], 0) if available else 0
    raise ConflictError(
        f"Only {left} units are not reserved by unpaid orders: at most that many can go",
        {
            "errors": [{"path": ["change"], "message": f"at least -{left}"}],
            "available": left,
        },
    )


async def set_threshold(variant_id: int, threshold: int) -> None:
    """For a variant ``stock_row`` found."""
    await ProductVariant.filter(id=variant_id).update(low_stock_threshold=threshold)


async def low_stock_count() -> int:
    """Active stocked variants at or below their threshold (the dashboard)."""
    return await ProductVariant.filter(
        product__type=ProductType.PHYSICAL,
        active=True,
        stock__lte=F("low_stock_threshold"),
    ).count()
