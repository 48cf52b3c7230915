"""A build's index in parts (site/web/build_index.py): read back whole, a publish over a previous
build rewrites only the parts of the keys it touched, and a process parses a part once."""

from __future__ import annotations

from pathlib import Path

import pytest

from splash.site.web import build_index


def meta(name: str) -> dict:
    return {"payload": f"../files/{name}.json", "html": f"../files/{name}.html", "etag": name}


INDEX = {f"nl /pagina-{number}": meta(f"p{number}") for number in range(600)}


@pytest.fixture(autouse=True)
def nothing_parsed_yet():
    build_index._parsed.clear()
    yield
    build_index._parsed.clear()


def part_names(root: Path) -> set[str]:
    return {path.name for path in (root / "files").glob(f"*{build_index.PART_SUFFIX}")}


def test_a_written_index_reads_back_whole_in_its_keys_parts(tmp_path: Path):
    parts = build_index.write(tmp_path, "b1", INDEX)

    index, read_parts = build_index.read(tmp_path, "b1")

    assert index == INDEX
    assert read_parts == parts
    assert set(parts) == {build_index.part_of(key) for key in INDEX}
    assert part_names(tmp_path) == build_index.part_files(parts)


def test_a_keys_part_is_stable_and_within_the_parts():
    assert build_index.part_of("nl /pagina-1") == build_index.part_of("nl /pagina-1")
    assert {int(build_index.part_of(key)) for key in INDEX} <= set(range(build_index.PARTS))
    assert len({build_index.part_of(key) for key in INDEX}) > build_index.PARTS // 2


def test_a_build_over_a_previous_one_writes_only_the_parts_of_the_touched_keys(tmp_path: Path):
    first = build_index.write(tmp_path, "b1", INDEX)
    changed, added = "nl /pagina-7", "nl /nieuw"
    index = {**INDEX, changed: meta("p7-new"), added: meta("nieuw")}

    second = build_index.write(tmp_path, "b2", index, first, {changed, added})

    touched = {build_index.part_of(changed), build_index.part_of(added)}
    assert {part for part in second if second[part] != first.get(part)} == touched
    assert build_index.read(tmp_path, "b2")[0] == index
    assert len(part_names(tmp_path)) == len(first) + len(touched)


def test_a_removed_key_leaves_its_part_and_an_emptied_part_is_dropped(tmp_path: Path):
    only = {"nl /a": meta("a")}
    first = build_index.write(tmp_path, "b1", {**INDEX, **only})
    alone = build_index.part_of("nl /a")
    index = {key: value for key, value in INDEX.items() if build_index.part_of(key) != alone}

    second = build_index.write(tmp_path, "b2", index, first, set(INDEX) - set(index) | {"nl /a"})

    assert alone not in second
    assert build_index.read(tmp_path, "b2")[0] == index


def test_the_same_entries_make_the_same_parts(tmp_path: Path):
    first = build_index.write(tmp_path, "b1", INDEX)

    again = build_index.write(tmp_path, "b2", dict(reversed(INDEX.items())))

    assert again == first


def test_a_part_read_or_written_before_is_not_parsed_again(tmp_path: Path):
    first = build_index.write(tmp_path, "b1", INDEX)
    build_index._parsed.clear()
    build_index.read(tmp_path, "b1")  # every part parsed once
    changed = "nl /pagina-7"
    build_index.write(tmp_path, "b2", {**INDEX, changed: meta("p7-new")}, first, {changed})
    for name in part_names(tmp_path):  # a part read from disk now would fail
        (tmp_path / "files" / name).write_text("not json")

    index, _ = build_index.read(tmp_path, "b2")

    assert index[changed] == meta("p7-new")
    assert len(index) == len(INDEX)


def test_a_build_without_its_index_cannot_be_read(tmp_path: Path):
    with pytest.raises(OSError):
        build_index.read(tmp_path, "missing")
