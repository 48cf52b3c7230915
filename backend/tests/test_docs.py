"""Every relative link of the documentation leads somewhere: to a file that exists and, when it
names an anchor, to a heading of that file (as GitHub makes anchors of headings)."""

from __future__ import annotations

import re
from pathlib import Path

from splash.core.config import REPO_ROOT

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
CODE = re.compile(r"`[^`\n]*`")


def documents(root: Path) -> list[Path]:
    pages = [root / "README.md", root / "CONTRIBUTING.md", root / "loadtests" / "README.md"]
    return [page for page in pages if page.exists()] + sorted((root / "docs").rglob("*.md"))


def prose(text: str) -> str:
    """The text without code: a link shown in a code block or span is not a link."""
    return CODE.sub("", FENCE.sub("", text))


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+?)\s*$", FENCE.sub("", page.read_text("utf-8")), re.M):
        name, count = anchor(heading), 0
        while (name if count == 0 else f"{name}-{count}") in found:
            count += 1
        found.add(name if count == 0 else f"{name}-{count}")
    return found


def broken_links(page: Path) -> list[str]:
    broken = []
    for target in LINK.findall(prose(page.read_text("utf-8"))):
        if re.match(r"^[a-z]+:", target):  # https:, mailto:: not ours to check
            continue
        path, _, fragment = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif fragment and linked.suffix == ".md" and fragment not in anchors(linked):
            broken.append(f"{target}: no such heading")
    return broken


def test_every_relative_link_leads_to_a_file_and_heading_that_exist():
    broken = {
        str(page.relative_to(REPO_ROOT)): links
        for page in documents(REPO_ROOT)
        if (links := broken_links(page))
    }
    assert broken == {}


def test_the_documents_are_where_the_readme_sends_readers():
    names = {str(page.relative_to(REPO_ROOT)) for page in documents(REPO_ROOT)}
    assert {
        "CONTRIBUTING.md",
        "docs/architecture.md",
        "docs/security.md",
        "docs/operations.md",
        "docs/performance.md",
        "docs/results-log.md",
        "docs/decisions/README.md",
    } <= names


def test_a_missing_file_or_heading_is_reported(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("# Guide\n\n## Run with Docker\n", "utf-8")
    (tmp_path / "README.md").write_text(
        "[ok](docs/guide.md#run-with-docker) [file](docs/gone.md) [heading](docs/guide.md#gone)"
        " [web](https://example.org/x) `[code](docs/gone.md)`\n",
        "utf-8",
    )
    assert broken_links(tmp_path / "README.md") == [
        "docs/gone.md: no such file",
        "docs/guide.md#gone: no such heading",
    ]


def test_anchors_are_made_as_github_makes_them(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "# Speed: the edge and the answer cache\n## 0. The ceiling\n## A parent's path (issue 24)\n"
        "## `make bench`\n## Notes\n## Notes\n",
        "utf-8",
    )
    assert anchors(page) == {
        "speed-the-edge-and-the-answer-cache",
        "0-the-ceiling",
        "a-parents-path-issue-24",
        "make-bench",
        "notes",
        "notes-1",
    }
