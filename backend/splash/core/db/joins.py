"""Joined reads in one statement (see below), built with Tortoise's own query builder."""

from __future__ import annotations

from typing import Any, TypeVar

from pypika_tortoise import Query, Table
from pypika_tortoise.queries import QueryBuilder
from pypika_tortoise.terms import Term
from tortoise import connections
from tortoise.models import Model

ModelT = TypeVar("ModelT", bound=Model)


# Joined reads: one statement where Tortoise's querysets need several (a LEFT JOIN whose ON
# holds a condition, such as the texts of one locale). Built with Tortoise's own query builder,
# so quoting and parameters follow the connected database; rows come back as models.


def sql_query() -> type[Query]:
    """The query builder of the connected database (its quoting and parameter style)."""
    return connections.get("default").query_class


def text_length(model: type[Model], field: str) -> int:
    """The ``max_length`` a text column of ``model`` declares (what a collection's filter on it
    accepts): read from the model, so a filter's limit cannot drift from its column."""
    length: int = model._meta.fields_map[field].max_length  # type: ignore[attr-defined]
    return length


def table(model: type[Model], alias: str) -> Table:
    return Table(model._meta.db_table, alias=alias)


def columns(source: Table, model: type[Model]) -> list[Term]:
    """Every column of ``model`` read from ``source``, named ``<alias>.<column>`` as
    :func:`instance` reads it back."""
    alias = source.get_table_name()
    return [source.field(column).as_(f"{alias}.{column}") for column in model._meta.db_fields]


def instance(model: type[ModelT], alias: str, row: dict[str, Any]) -> ModelT | None:
    """The ``model`` whose :func:`columns` ``row`` holds under ``alias``; None where a LEFT JOIN
    found no row."""
    values = {column: row[f"{alias}.{column}"] for column in model._meta.db_fields}
    if values[model._meta.db_pk_column] is None:
        return None
    return model._init_from_db(**values)


async def rows(query: QueryBuilder) -> list[dict[str, Any]]:
    """What a query built with :func:`sql_query` selects: a dict per row, by column name."""
    return await connections.get("default").execute_query_dict(*query.get_parameterized_sql())
