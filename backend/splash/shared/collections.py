"""find/findOne query parameters for collections (pages, articles, products…), Strapi-style:
``filters[category][slug][$eq]=tips``, ``sort[0]=publishedAt:desc``,
``pagination[page]=2&pagination[pageSize]=6``, ``fields[0]=title``, ``populate[0]=cover``.

Pure: turns the parsed bracket query into a checked ``CollectionQuery`` against a whitelist of
fields per collection; anything else is a 400 naming the parameter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from splash.core.errors import NotFoundError, ValidationError
from splash.shared.http.query import is_whole_number

DEFAULT_PAGE_SIZE = 25
ON, OFF = ("true", "1"), ("false", "0")  # populate[cover]=true, populate[cover]=false
MAX_PAGE_SIZE = 100
MAX_PAGE = 10_000  # the offset stays an integer every database holds

OPERATORS = {
    "$eq": "",
    "$ne": "__not",
    "$in": "__in",
    "$notIn": "__not_in",
    "$contains": "__contains",
    "$containsi": "__icontains",
    "$startsWith": "__startswith",
    "$lt": "__lt",
    "$lte": "__lte",
    "$gt": "__gt",
    "$gte": "__gte",
    "$null": "__isnull",
}


@dataclass(frozen=True)
class Collection:
    """What may be asked of one collection: filter and sort fields map to ORM lookups."""

    name: str
    filters: dict[str, str]
    sorts: dict[str, str]
    fields: frozenset[str]
    populate: frozenset[str]
    default_sort: tuple[tuple[str, bool], ...]
    date_filters: frozenset[str] = frozenset()  # filter names whose values are ISO 8601 dates
    # Text filters: the length of the column each reads. A longer value is a 400 naming it for
    # every operator, before the database is asked: the ORM refused it for some operators and
    # not others, and no row can hold it (the OpenAPI document publishes it as maxLength).
    filter_lengths: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class CollectionQuery:
    page: int = 1
    page_size: int = DEFAULT_PAGE_SIZE
    lookups: dict[str, Any] = field(default_factory=dict)
    order_by: tuple[str, ...] = ()
    fields: frozenset[str] | None = None
    populate: frozenset[str] = frozenset()


def _refuse(path: list[str], message: str) -> ValidationError:
    return ValidationError.for_field(["query", *path], message)


def _positive(value: Any, path: list[str], maximum: int) -> int:
    if not isinstance(value, str) or not is_whole_number(value) or int(value) < 1:
        raise _refuse(path, "must be a whole number of 1 or more")
    number = int(value)
    if number > maximum:
        raise _refuse(path, f"must be at most {maximum}")
    return number


def _date(value: str, path: list[str]) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise _refuse(path, "must be an ISO 8601 date such as 2026-10-01") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _dates(value: str | list[str], path: list[str]) -> datetime | list[datetime]:
    if isinstance(value, list):
        return [_date(one, path) for one in value]
    return _date(value, path)


def _filters(raw: Any, collection: Collection) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _refuse(["filters"], "must be an object")
    lookups: dict[str, Any] = {}

    def walk(node: Any, path: list[str]) -> None:
        if not isinstance(node, dict):
            raise _refuse(["filters", *path], "needs an operator such as $eq")
        for key, value in node.items():
            if key.startswith("$"):
                name = ".".join(path)
                if name not in collection.filters:
                    raise _refuse(["filters", *path], f"cannot filter on {name!r}")
                if key not in OPERATORS:
                    raise _refuse(["filters", *path, key], f"unknown operator {key}")
                if key in ("$in", "$notIn"):
                    value = value if isinstance(value, list) else [value]
                elif key == "$null":
                    value = value in ("true", "1")
                elif not isinstance(value, str):
                    raise _refuse(["filters", *path, key], "must be a single value")
                _within_length(value, collection.filter_lengths.get(name), ["filters", *path, key])
                if name in collection.date_filters and key != "$null":
                    value = _dates(value, ["filters", *path, key])
                lookups[collection.filters[name] + OPERATORS[key]] = value
            else:
                walk(value, [*path, key])

    walk(raw, [])
    return lookups


def _within_length(value: Any, limit: int | None, path: list[str]) -> None:
    values = value if isinstance(value, list) else [value]
    if limit is not None and any(isinstance(one, str) and len(one) > limit for one in values):
        raise _refuse(path, f"must be at most {limit} characters")


def _sort(raw: Any, collection: Collection) -> tuple[str, ...]:
    entries = raw if isinstance(raw, list) else [raw]
    order = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, str):
            raise _refuse(["sort", str(index)], "must be field:asc or field:desc")
        name, _, direction = entry.partition(":")
        if name not in collection.sorts or direction.lower() not in ("", "asc", "desc"):
            raise _refuse(["sort", str(index)], f"cannot sort on {entry!r}")
        order.append(("-" if direction.lower() == "desc" else "") + collection.sorts[name])
    return tuple(order)


def _names(raw: Any, allowed: frozenset[str], path: list[str]) -> frozenset[str]:
    if isinstance(raw, dict):  # fields[title]=true
        raw = [key for key, value in raw.items() if value not in OFF]
    names = raw if isinstance(raw, list) else str(raw).split(",")
    if not all(isinstance(name, str) for name in names):  # fields[0][x]=y: not a name
        raise _refuse(path, f"{path[-1]} must be a list of names")
    unknown = [name for name in names if name not in allowed]
    if unknown:
        raise _refuse(path, f"unknown {path[-1]}: {', '.join(unknown)}")
    return frozenset(names)


@dataclass(frozen=True)
class Populated:
    """What a ``populate`` parameter asks for: dotted names (``product.introImage``) and, for
    a name that may be cut down, its ``fields`` (``populate[localizations][fields][0]=slug``)."""

    names: frozenset[str] = frozenset()
    fields: Mapping[str, frozenset[str]] = field(default_factory=dict)


def parse_populate(
    raw: Any, allowed: frozenset[str], fields: Mapping[str, frozenset[str]] | None = None
) -> Populated:
    """The one reading of ``populate``, for every route that takes it. ``allowed`` holds the
    dotted names a route may populate; ``fields`` the names that may be cut down, and to what.

    ``*`` is every name; a string is a comma-separated list of names; a list is names
    (``populate[0]=cover``); an object turns names on or off (``populate[cover]=true``, ``false``;
    also ``1`` and ``0``) or nests: ``populate[product][populate][introImage]=true`` is
    ``product.introImage`` and ``populate[localizations][fields][0]=slug`` cuts localizations
    down. Anything else (an unknown name, another value, fields a name does not take) is a 400
    naming ``populate``; fields outside their list name the fields parameter itself."""
    cuts = fields or {}
    names: set[str] = set()
    chosen: dict[str, frozenset[str]] = {}

    def refuse(message: str) -> ValidationError:
        return _refuse(["populate"], message)

    def known(name: str) -> str:
        if name not in allowed:
            raise refuse(f"cannot populate {name}")
        return name

    def walk(node: Any, prefix: str) -> None:
        if node == "*":
            below = {name for name in allowed if name.startswith(prefix)}
            if not below:  # populate[cover][populate]=*: nothing there
                raise refuse(f"nothing to populate in {prefix.rstrip('.')}")
            names.update(below)
        elif isinstance(node, (str, list)):
            listed = node if isinstance(node, list) else node.split(",")
            if not all(isinstance(name, str) for name in listed):  # populate[0][x]=y
                raise refuse("populate must be a list of names")
            names.update(known(prefix + name) for name in listed)
        elif isinstance(node, dict):
            for key, value in node.items():
                entry(prefix + key, value)
        else:
            raise refuse("populate must be *, a list of names or an object of them")

    def entry(name: str, value: Any) -> None:
        if value in ON:
            names.add(known(name))
        elif value in OFF:
            known(name)
        elif isinstance(value, dict) and value and set(value) <= {"populate", "fields"}:
            if name in allowed:
                names.add(name)
            elif not any(one.startswith(name + ".") for one in allowed):
                raise refuse(f"cannot populate {name}")
            if "populate" in value:
                walk(value["populate"], name + ".")
            if "fields" in value:
                if name not in cuts:
                    raise refuse(f"{name} takes no fields")
                path = ["populate", *name.split("."), "fields"]
                if isinstance(value["fields"], dict):  # fields[a]=slug: an object, not a list
                    raise _refuse(path, "fields must be a list of names")
                chosen[name] = _names(value["fields"], cuts[name], path)
        else:
            raise refuse(f"populate {name} must be true, false or an object of populate, fields")

    if raw is not None:  # None: no populate parameter
        walk(raw, "")
    return Populated(frozenset(names), chosen)


LOCALIZATION_FIELDS = ("slug", "locale", "path")
_LOCALIZATIONS = frozenset({"localizations"})


def localization_fields(query: dict[str, Any]) -> frozenset[str] | None:
    """``populate[localizations][fields]`` of an answer that always carries its localizations
    (the slugify call): which of :data:`LOCALIZATION_FIELDS` each one holds, all when not given.
    Only that part of ``populate`` is read; the rest asks for nothing there."""
    populate = query.get("populate")
    if not isinstance(populate, dict) or "localizations" not in populate:
        return None
    asked = parse_populate(
        {"localizations": populate["localizations"]},
        _LOCALIZATIONS,
        {"localizations": frozenset(LOCALIZATION_FIELDS)},
    )
    return asked.fields.get("localizations")


def parse_collection_query(query: dict[str, Any], collection: Collection) -> CollectionQuery:
    pagination = query.get("pagination", {})
    if not isinstance(pagination, dict):
        raise _refuse(["pagination"], "must be an object")
    page = _positive(pagination.get("page", "1"), ["pagination", "page"], MAX_PAGE)
    size = _positive(
        pagination.get("pageSize", str(DEFAULT_PAGE_SIZE)),
        ["pagination", "pageSize"],
        MAX_PAGE_SIZE,
    )
    default_order = tuple(
        ("" if asc else "-") + collection.sorts[name] for name, asc in collection.default_sort
    )
    return CollectionQuery(
        page=page,
        page_size=size,
        lookups=_filters(query["filters"], collection) if "filters" in query else {},
        order_by=_sort(query["sort"], collection) if "sort" in query else default_order,
        fields=(
            _names(query["fields"], collection.fields, ["fields"]) if "fields" in query else None
        ),
        populate=parse_populate(query.get("populate"), collection.populate).names,
    )


MAX_ID = 2**31 - 1  # ids are IntFields: integer (int4) on PostgreSQL


def parse_id(raw: str) -> int:
    """A findOne id from the path: a whole number, else a 400 naming it. One above any id a row
    can have is a 404 (PostgreSQL would refuse to compare it: a 500 found by fuzzing)."""
    if not is_whole_number(raw) or len(raw) > 12:
        raise ValidationError.for_field(["id"], "id must be a whole number")
    if int(raw) > MAX_ID:
        raise NotFoundError(f"No item with id {raw}")
    return int(raw)


def pagination_meta(query: CollectionQuery, total: int) -> dict[str, dict[str, int]]:
    return {
        "pagination": {
            "page": query.page,
            "pageSize": query.page_size,
            "pageCount": -(-total // query.page_size),
            "total": total,
        }
    }
