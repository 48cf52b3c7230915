"""Finding rows a page at a time: the total of a find query and one page of it, with bad filter
values answered as a 400."""

from __future__ import annotations

from typing import Any, TypeVar

from tortoise.exceptions import ValidationError as FieldValueError
from tortoise.expressions import RawSQL
from tortoise.models import Model
from tortoise.queryset import QuerySet

from splash.core.errors import ValidationError

ModelT = TypeVar("ModelT", bound=Model)


async def count_filtered(found: QuerySet[Any]) -> int:
    """The total of a find query. A filter value its column cannot hold (a 500-character slug)
    can match nothing, but Tortoise refuses it while building the SQL:
    a 400 naming the filters, never a 500."""
    try:
        return await found.count()
    except (FieldValueError, ValueError, TypeError):
        message = "a filter value is too long or of the wrong kind for its field"
        raise ValidationError.for_field(["query", "filters"], message) from None


# Beside each row of a page, the number of rows the whole query finds (SQLite ≥ 3.25, PostgreSQL).
_FOUND = "found_total"


async def page_of(found: QuerySet[ModelT], offset: int, limit: int) -> tuple[list[ModelT], int]:
    """One page of a find query (ordered by the caller) and the total it is a page of, in one
    statement: a window count rides along with each row. Only a page past the end, which has
    no rows to carry it, asks for the count on its own. Bad filter values as for
    :func:`count_filtered`."""
    try:
        rows = (
            await found.annotate(**{_FOUND: RawSQL("COUNT(*) OVER ()")}).offset(offset).limit(limit)
        )
    except (FieldValueError, ValueError, TypeError):
        message = "a filter value is too long or of the wrong kind for its field"
        raise ValidationError.for_field(["query", "filters"], message) from None
    if rows:
        return rows, int(getattr(rows[0], _FOUND))
    return rows, await count_filtered(found) if offset else 0
