"""The validation rules of spec §5 on the server, with the SPA's semantics (lib/forms/rules.ts).

Pure. ``contracts/form-rules.json`` holds cases that both implementations must agree on.
Rules run in order; an empty value skips every rule except required, accepted and require_one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any
from urllib.parse import urlsplit

from splash.core.schemas import EMAIL_PATTERN


class UnknownRuleError(ValueError):
    pass


@dataclass(frozen=True)
class RuleCall:
    name: str
    args: tuple[str, ...] = ()


# What JavaScript's String.prototype.trim() removes, so both sides agree on "empty".
JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def trim(value: str) -> str:
    return value.strip(JS_WHITESPACE)


def is_empty(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        return trim(value) == ""
    if isinstance(value, (list, tuple)):
        return len(value) == 0
    return False


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else ("" if value is None else str(value))


def _category(char: str) -> str:
    return unicodedata.category(char)


def _is_letter(char: str) -> bool:
    return _category(char).startswith("L")


def _is_digit(char: str) -> bool:
    return _category(char) == "Nd"


def _is_symbol(char: str) -> bool:
    return _category(char)[0] in "PS"


def _only(check: Callable[[str], bool]) -> Callable[[Any, tuple[str, ...], Mapping], bool]:
    return lambda v, _a, _c: len(_text(v)) > 0 and all(check(ch) for ch in _text(v))


def _contains(check: Callable[[str], bool]) -> Callable[[Any, tuple[str, ...], Mapping], bool]:
    return lambda v, _a, _c: any(check(ch) for ch in _text(v))


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)(?:[eE][+-]?[0-9]+)?")


def _number(value: Any) -> float:
    """Plain decimal numbers only (a comma may be the decimal mark): no hex, inf or ``1_000``."""
    if isinstance(value, bool):
        return float("nan")
    if isinstance(value, (int, float)):
        return float(value)
    raw = trim(_text(value))
    if not _DECIMAL.fullmatch(raw):
        return float("nan")
    result = float(raw.replace(",", ".", 1))
    return result if abs(result) != float("inf") else float("nan")


def _size(value: Any) -> int:
    return len(value) if isinstance(value, (list, tuple)) else len(_text(value))


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_ISO_DATETIME = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:Z|[+-][0-9]{2}:[0-9]{2})?"
)


def _date(value: Any) -> datetime | None:
    """ISO dates (2026-05-01) and date-times; an offset is converted to UTC."""
    raw = trim(_text(value))
    try:
        if _ISO_DATE.fullmatch(raw):
            return datetime.combine(date.fromisoformat(raw), datetime.min.time())
        if _ISO_DATETIME.fullmatch(raw):
            parsed = datetime.fromisoformat(raw.replace("Z", "+00:00"))
            if parsed.tzinfo is not None:
                parsed = parsed.astimezone(UTC).replace(tzinfo=None)
            return parsed
    except ValueError:
        return None
    return None


def _date_arg(args: tuple[str, ...], index: int = 0) -> datetime | None:
    return _date(args[index]) if len(args) > index and args[index] else datetime.now()


def _compare(check: Callable[[datetime, datetime], bool]) -> Callable[..., bool]:
    def test(value: Any, args: tuple[str, ...], _c: Mapping) -> bool:
        given, limit = _date(value), _date_arg(args)
        return given is not None and limit is not None and check(given, limit)

    return test


def _date_between(value: Any, args: tuple[str, ...], _c: Mapping) -> bool:
    given = _date(value)
    start = _date(args[0]) if args else None
    end = _date(args[1]) if len(args) > 1 else None
    return None not in (given, start, end) and start <= given <= end  # type: ignore[operator]


_TOKENS = {
    "YYYY": r"(?P<Y>[0-9]{4})",
    "YY": r"(?P<y>[0-9]{2})",
    "MM": r"(?P<M>[0-9]{2})",
    "M": r"(?P<M>[0-9]{1,2})",
    "DD": r"(?P<D>[0-9]{2})",
    "D": r"(?P<D>[0-9]{1,2})",
}


def _date_format(value: Any, args: tuple[str, ...], _c: Mapping) -> bool:
    fmt = args[0] if args else "YYYY-MM-DD"
    pattern = re.sub(
        r"YYYY|YY|MM|M|DD|D|[.*+?^${}()|\[\]\\]",
        lambda m: _TOKENS.get(m.group(0), "\\" + m.group(0)),
        fmt,
    )
    found = re.fullmatch(pattern, trim(_text(value)))
    if not found:
        return False
    parts = found.groupdict()
    year = int(parts["Y"]) if parts.get("Y") else 2000 + int(parts.get("y") or 0)
    try:
        date(year, int(parts.get("M") or 1), int(parts.get("D") or 1))
    except ValueError:
        return False
    return True


_EMAIL = re.compile(EMAIL_PATTERN)  # the API's (splash.core.schemas): what a mail can carry


_URL_START = re.compile(r"https?://[^\s<>\"]+", re.IGNORECASE)
_HOST = re.compile(r"(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,}")


def _url(value: Any, _a: tuple[str, ...], _c: Mapping) -> bool:
    """http(s) only, with a real host name: nothing a browser would have to repair."""
    raw = trim(_text(value))
    if not _URL_START.fullmatch(raw):
        return False
    try:
        parts = urlsplit(raw)
        _ = parts.port  # raises for a port out of range
    except ValueError:
        return False
    try:
        host = (parts.hostname or "").encode("idna").decode("ascii")  # 例え.jp is a real host
    except UnicodeError:
        return False
    return bool(_HOST.fullmatch(host))


_ASCII_CLASSES = {
    "d": ("[0-9]", "0-9"),
    "D": ("[^0-9]", None),
    "w": ("[A-Za-z0-9_]", "A-Za-z0-9_"),
    "W": ("[^A-Za-z0-9_]", None),
}


def _as_javascript(pattern: str, multiline: bool) -> str:
    """Python regex with JavaScript's meaning: ``\\d`` and ``\\w`` are ASCII, and ``$`` (without
    the m flag) matches only at the very end."""
    out: list[str] = []
    escaped = in_class = False
    for char in pattern:
        if escaped:
            escaped = False
            ascii_class = _ASCII_CLASSES.get(char)
            if ascii_class and (not in_class or ascii_class[1]):
                out[-1] = ascii_class[1] if in_class else ascii_class[0]  # type: ignore[assignment]
            else:
                out.append(char)
        elif char == "\\":
            out.append(char)
            escaped = True
        elif char in "[]":
            in_class = char == "["
            out.append(char)
        else:
            out.append("\\Z" if char == "$" and not in_class and not multiline else char)
    return "".join(out)


def _matches(value: Any, args: tuple[str, ...], _c: Mapping) -> bool:
    """``/pattern/flags`` in the subset both regex dialects share (ASCII classes, flags i m s),
    or exact values."""
    for arg in args:
        regex = re.fullmatch(r"/(.+)/([gimsuy]*)", arg)
        if regex:
            letters = regex.group(2)
            flags = re.IGNORECASE if "i" in letters else 0
            flags |= re.DOTALL if "s" in letters else 0
            flags |= re.MULTILINE if "m" in letters else 0
            pattern = _as_javascript(regex.group(1), multiline="m" in letters)
            if re.search(pattern, _text(value), flags):
                return True
        elif _text(value) == arg:
            return True
    return False


def _same(a: Any, b: Any) -> bool:
    """JavaScript's ===: equal and of the same type (True is not 1)."""
    return type(a) is type(b) and a == b


def _accepted(value: Any, _a: tuple[str, ...], _c: Mapping) -> bool:
    return (
        value is True
        or value == 1
        or (isinstance(value, str) and value in ("true", "yes", "on", "1"))
    )


def _length(value: Any, args: tuple[str, ...], _c: Mapping) -> bool:
    low = float(args[0]) if args else 0
    return _size(value) >= low and (len(args) < 2 or _size(value) <= float(args[1]))


def _measure(value: Any) -> float:
    return float(len(value)) if isinstance(value, (list, tuple)) else _number(value)


RuleTest = Callable[[Any, tuple[str, ...], Mapping[str, Any]], bool]

# name: (test, skip_empty)
RULES: dict[str, tuple[RuleTest, bool]] = {
    "accepted": (_accepted, False),
    "alpha": (_only(_is_letter), True),
    "alpha_spaces": (_only(lambda ch: _is_letter(ch) or ch == " "), True),
    "alphanumeric": (_only(lambda ch: _is_letter(ch) or _is_digit(ch)), True),
    "between": (lambda v, a, _c: float(a[0]) <= _number(v) <= float(a[1]), True),
    "confirm": (
        lambda v, a, c: _same(v, c["values"].get(a[0] if a else f"{c['name']}_confirm")),
        True,
    ),
    "contains_alpha": (_contains(_is_letter), True),
    "contains_alpha_spaces": (_contains(lambda ch: _is_letter(ch) or ch == " "), True),
    "contains_alphanumeric": (_contains(lambda ch: _is_letter(ch) or _is_digit(ch)), True),
    "contains_lowercase": (_contains(lambda ch: _category(ch) == "Ll"), True),
    "contains_numeric": (_contains(_is_digit), True),
    "contains_symbol": (_contains(_is_symbol), True),
    "contains_uppercase": (_contains(lambda ch: _category(ch) == "Lu"), True),
    "date_after": (_compare(lambda a, b: a > b), True),
    "date_after_or_equal": (_compare(lambda a, b: a >= b), True),
    "date_before": (_compare(lambda a, b: a < b), True),
    "date_before_or_equal": (_compare(lambda a, b: a <= b), True),
    "date_between": (_date_between, True),
    "date_format": (_date_format, True),
    "email": (lambda v, _a, _c: bool(_EMAIL.fullmatch(trim(_text(v)))), True),
    "ends_with": (lambda v, a, _c: any(_text(v).endswith(x) for x in a), True),
    "is": (lambda v, a, _c: _text(v) in a, True),
    "length": (_length, True),
    "lowercase": (_only(lambda ch: _category(ch) == "Ll"), True),
    "matches": (_matches, True),
    "max": (lambda v, a, _c: _measure(v) <= float(a[0]), True),
    "min": (lambda v, a, _c: _measure(v) >= float(a[0]), True),
    "not": (lambda v, a, _c: _text(v) not in a, True),
    "number": (
        lambda v, _a, _c: _number(v) == _number(v) and abs(_number(v)) != float("inf"),
        True,
    ),
    "require_one": (
        lambda v, a, c: not is_empty(v) or any(not is_empty(c["values"].get(o)) for o in a),
        False,
    ),
    "required": (lambda v, _a, _c: not is_empty(v), False),
    "starts_with": (lambda v, a, _c: any(_text(v).startswith(x) for x in a), True),
    "symbol": (_only(_is_symbol), True),
    "uppercase": (_only(lambda ch: _category(ch) == "Lu"), True),
    "url": (_url, True),
}


def _parse_one(spec: str) -> RuleCall:
    name, _, raw = spec.partition(":")
    name = name.strip()
    if name not in RULES:
        raise UnknownRuleError(f"Unknown validation rule {name!r} in {spec!r}")
    if not raw:
        return RuleCall(name)
    if name == "matches" and re.fullmatch(r"/.*/[a-z]*", raw):
        return RuleCall(name, (raw,))
    return RuleCall(name, tuple(part.strip() for part in raw.split(",")))


def parse_rules(spec: str | list[str]) -> list[RuleCall]:
    parts = spec if isinstance(spec, list) else [p for p in spec.split("|") if p.strip()]
    return [_parse_one(part) for part in parts]


def first_failure(
    calls: list[RuleCall], value: Any, name: str, values: Mapping[str, Any]
) -> RuleCall | None:
    empty = is_empty(value)
    context = {"name": name, "values": values}
    for call in calls:
        test, skip_empty = RULES[call.name]
        if empty and skip_empty:
            continue
        try:
            passed = test(value, call.args, context)
        except (ValueError, IndexError, TypeError):
            passed = False
        if not passed:
            return call
    return None
