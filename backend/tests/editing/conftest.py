"""The published build of the fixtures (the web tests' own), for the tests that publish."""

from tests.web.conftest import published, published_once  # noqa: F401
