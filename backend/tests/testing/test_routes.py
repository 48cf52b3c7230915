"""The test-only blueprint exists only when SPLASH_ENV=test."""

import pytest

from splash.content.models import Locale, Page
from splash.site.app import create_app


@pytest.mark.parametrize("env", ["development", "production"])
def test_the_test_blueprint_is_not_mounted_outside_tests(settings, env):
    app = create_app(settings.model_copy(update={"env": env, "secret_key": "s" * 40}))
    assert not [route for route in app.router.routes if route.path.startswith("_test")]


async def test_seed_resets_the_database_to_the_fixtures(client, seeded, settings):
    await Locale.filter(code="sv").update(name="Changed")
    response = await client.post("/_test/seed")
    assert response.status == 200
    pages = len(list(settings.fixtures_dir.glob("*/pages/*.yaml")))
    assert response.json["seeded"]["locales"] == 6
    assert response.json["seeded"]["pages"] == pages
    assert (await Locale.get(code="sv")).name == "Svenska"


async def test_pact_state_sets_up_a_known_state(client, database):
    response = await client.post(
        "/_test/pact-state", json={"state": "six locales exist", "action": "setup"}
    )
    assert response.status == 200
    assert await Locale.all().count() == 6


@pytest.mark.parametrize(
    "body, field",
    [({"state": "the moon is made of cheese"}, "state"), ({"state": 42}, "state"), ({}, "state")],
)
async def test_pact_state_refuses_unknown_or_malformed_states(client, database, body, field):
    response = await client.post("/_test/pact-state", json=body)
    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == [field]


async def test_the_empty_state_of_an_interaction_without_one_sets_up_nothing(client, seeded):
    await Locale.filter(code="sv").update(name="Changed")
    response = await client.post("/_test/pact-state", json={"state": "", "action": "setup"})
    assert response.status == 200
    assert response.json == {"state": "", "action": "setup"}
    assert (await Locale.get(code="sv")).name == "Changed"


async def test_teardown_changes_nothing(client, seeded):
    response = await client.post(
        "/_test/pact-state", json={"state": "six locales exist", "action": "teardown"}
    )
    assert response.status == 200
    assert await Locale.all().count() == 6


async def test_a_state_answers_the_values_contracts_inject(client, database):
    response = await client.post(
        "/_test/pact-state", json={"state": "the Dutch contact page is published"}
    )
    assert response.status == 200
    page = await Page.get(locale_id="nl", slug="contact")
    assert response.json["pageId"] == page.id
