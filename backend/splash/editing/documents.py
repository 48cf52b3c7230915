"""A document checked by its collection's model (pure: Pydantic only), its errors naming the
field as the editor sees it: ``blocks.2.title``, not pydantic's ``blocks.2.intro.title`` (a
tagged union puts the tag in the path)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError

from splash.core.errors import ValidationError, field_error


def validated(model: type[BaseModel], raw: Any) -> dict[str, Any]:
    """``raw`` as the model keeps it (camelCase, JSON), or a 400 naming every bad field."""
    if not isinstance(raw, dict):
        raise ValidationError.for_field(["document"], "Send the entry as a JSON object")
    try:
        kept = model.model_validate(raw)
    except PydanticValidationError as exc:
        errors = [
            field_error(field_path(raw, err["loc"]), err["msg"])
            for err in exc.errors(include_url=False)
        ]
        message = errors[0]["message"] if len(errors) == 1 else f"{len(errors)} errors occurred"
        raise ValidationError(message, {"errors": errors}) from None
    # Only what was given: blocks keep the shape the seed stores (no defaults written out).
    return kept.model_dump(mode="json", by_alias=True, exclude_unset=True)


def field_path(raw: Any, loc: tuple[Any, ...]) -> list[str | int]:
    """``loc`` without the tags of tagged unions: after a list index, a part equal to the
    ``type`` of the item there is the union's tag, not a field."""
    path: list[str | int] = []
    current: Any = raw
    parts = list(loc)
    index = 0
    while index < len(parts):
        part = parts[index]
        path.append(part)
        current = _child(current, part)
        following = parts[index + 1] if index + 1 < len(parts) else None
        if isinstance(part, int) and isinstance(current, dict) and current.get("type") == following:
            index += 1  # skip the tag
        index += 1
    return path


def _child(value: Any, part: Any) -> Any:
    if isinstance(value, dict):
        return value.get(part)
    if isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
        return value[part]
    return None


def dotted(path: list[str | int]) -> str:
    return ".".join(str(part) for part in path)
