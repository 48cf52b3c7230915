"""Reading fixture files (``fixtures/``) and writing them idempotently: shared by every domain's
seed module."""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path
from typing import Any

# PyYAML is imported by the first file read: the services import this module for upsert and
# FixtureError, and every ``python -m splash publish`` would pay its import for nothing.


class FixtureError(ValueError):
    pass


@lru_cache(maxsize=1024)
def _parse(path: Path, modified: float) -> Any:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser when installed
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # safe loader


def read_yaml(path: Path) -> Any:
    """A fixture file, parsed once per version of the file."""
    import yaml

    try:
        return copy.deepcopy(_parse(path, path.stat().st_mtime))
    except (OSError, yaml.YAMLError) as exc:
        raise FixtureError(f"{path}: {exc}") from exc


async def upsert(model: type[Any], lookup: dict[str, Any], values: dict[str, Any]) -> Any:
    row = await model.get_or_none(**lookup)
    if row is None:
        return await model.create(**lookup, **values)
    changed = {k: v for k, v in values.items() if getattr(row, k) != v}
    if changed:
        row.update_from_dict(changed)
        await row.save(update_fields=list(changed))
    return row
