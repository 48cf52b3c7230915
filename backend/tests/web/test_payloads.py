"""Every payload is checked against its model before it is published or served."""

import json
from typing import Any, get_args

import pytest
from pydantic import ValidationError

from splash.core.locales import LOCALES
from splash.site.web.payloads import Locale, checked
from tests.web.support import not_found, page_of


def test_a_payload_its_model_describes_is_kept_as_it_is():
    payload = not_found()
    assert checked(payload) is payload
    assert json.dumps(checked(payload)) == json.dumps(not_found())


def test_a_field_no_model_declares_is_refused_at_any_depth():
    payload = not_found()
    payload["navigation"]["primary"][0]["badge"] = "new"
    with pytest.raises(ValidationError) as refused:
        checked(payload)
    assert refused.value.errors()[0]["loc"] == ("navigation", "primary", 0, "badge")
    assert refused.value.errors()[0]["type"] == "extra_forbidden"


def test_a_value_of_another_type_is_refused_not_converted():
    payload = not_found()
    payload["settings"]["buildPollSeconds"] = "3600"
    with pytest.raises(ValidationError) as refused:
        checked(payload)
    assert refused.value.errors()[0]["loc"] == ("settings", "buildPollSeconds")


def test_a_missing_field_is_refused():
    payload = not_found()
    del payload["head"]
    with pytest.raises(ValidationError) as refused:
        checked(payload)
    assert refused.value.errors()[0]["loc"] == ("head",)


def test_an_unknown_locale_is_refused():
    payload = not_found()
    payload["alternates"] = {"it": "/negozio"}
    with pytest.raises(ValidationError):
        checked(payload)


def test_the_payload_locales_are_the_sites_locales():
    assert get_args(Locale) == LOCALES


FORM = {
    "type": "form",
    "form": "contact",
    "successMessage": "Thanks!",
    "fields": [{"name": "email", "type": "email", "rules": "required|email", "autocomplete": None}],
}
ACADEMY_INTRO = {
    "type": "academy-intro",
    "title": "Academy",
    "stats": {"lessons": 12, "levels": 3, "durationMs": None},
}
ARTICLES = {
    "type": "collection-list",
    "collection": "article",
    "entries": [{"id": 1, "title": "Floating"}],
    "pagination": {"page": 1, "pageSize": 6, "pageCount": 1, "total": 1},
}


def test_filled_blocks_are_checked_and_kept_without_their_models_defaults():
    """The models' defaults (a link's variant, a list's limit) are never added: the bytes stay."""
    button = {"label": "Shop", "path": "/shop"}
    intro = {"type": "intro", "title": "Hello", "text": "Float suits", "button": button}
    payload = page_of(intro, FORM, ACADEMY_INTRO, ARTICLES, {"type": "cart"})
    expected = json.dumps(payload)
    assert json.dumps(checked(payload)) == expected


@pytest.mark.parametrize(
    ("block", "loc"),
    [
        ({**FORM, "fields": [{**FORM["fields"][0], "placeholder": "you@"}]}, "placeholder"),
        ({**ACADEMY_INTRO, "colour": "blue"}, "colour"),
        ({"type": "marquee", "items": ["Float"], "speed": 3}, "speed"),
    ],
)
def test_a_block_key_no_published_block_declares_is_refused(block: dict[str, Any], loc: str):
    with pytest.raises(ValidationError) as refused:
        checked(page_of(block))
    assert refused.value.errors()[0]["loc"][-1] == loc
    assert refused.value.errors()[0]["type"] == "extra_forbidden"


def test_a_form_block_without_its_fields_is_refused():
    form = {key: value for key, value in FORM.items() if key != "fields"}
    with pytest.raises(ValidationError) as refused:
        checked(page_of(form))
    assert refused.value.errors()[0]["loc"][-1] == "fields"
