"""Accounts tests: the app with Google pointed at a local stub, mail read from the outbox."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sanic import Sanic

from splash.core.config import Settings
from splash.site.app import create_app
from testkit.google_stub import GoogleStub
from tests.accounts.support import Outbox


@pytest.fixture(scope="session")
def google() -> Iterator[GoogleStub]:
    stub = GoogleStub().start()
    yield stub
    stub.stop()


@pytest.fixture
def settings(settings: Settings, google: GoogleStub) -> Settings:
    return settings.model_copy(update=google.settings())


@pytest.fixture
def app(settings: Settings) -> Sanic:
    return create_app(settings)


@pytest.fixture
def outbox(settings: Settings) -> Outbox:
    return Outbox(settings)
