"""Academy tests: the shop's fixtures with the test course of ``tests/academy/data`` (two
levels of two lessons, in six languages) and a parent; tests/academy/support.py has the rest."""

from __future__ import annotations

import pytest

from splash.academy import course_trees
from splash.academy.course_trees import CourseTree
from splash.academy.models import Course
from splash.academy.seed import seed_academy
from splash.accounts.models import User
from splash.catalog.models import ProductVariant
from splash.content import services as content
from testkit.factories import create_test_user
from tests.academy.support import DATA, PARENT, SKU
from tests.outbox.support import inbox  # noqa: F401  # the fixture, shared


@pytest.fixture
async def course(seeded) -> CourseTree:
    """The test course, seeded after the shop (the real fixtures' course, when there is one,
    makes way: these tests know their own)."""
    await Course.all().delete()
    await ProductVariant.filter(sku__startswith=f"{SKU}-").delete()
    locales = [locale.code for locale in await content.list_locales()]
    await seed_academy(DATA, locales)
    [tree] = await course_trees.trees()
    return tree


@pytest.fixture
async def parent(database) -> User:
    return await create_test_user(PARENT, "Zwemmen-2026")
