import pytest
from pydantic import ValidationError

from splash.content.blocks import readable_blocks, validate_blocks

INTRO = {
    "type": "intro",
    "title": "Into the water",
    "text": "With confidence.",
    "button": {"label": "Shop", "path": "/shop"},
}
TEXT = {"type": "text", "paragraphs": ["One.", "Two."]}


def test_valid_blocks_are_stored_as_given():
    assert validate_blocks([INTRO, TEXT]) == [INTRO, TEXT]


@pytest.mark.parametrize(
    "block",
    [
        {**INTRO, "title": ""},
        {**INTRO, "surprise": True},
        {"type": "text", "paragraphs": []},
        {"type": "carousel"},
    ],
)
def test_invalid_or_unknown_blocks_are_refused_when_written(block):
    with pytest.raises(ValidationError):
        validate_blocks([block])


def test_unknown_and_invalid_blocks_are_skipped_when_read_with_a_reason():
    kept, skipped = readable_blocks([INTRO, {"type": "carousel"}, {"type": "text"}, TEXT, "x"])
    assert kept == [INTRO, TEXT]
    assert skipped[0] == "block 1: unknown type 'carousel'"
    assert skipped[1].startswith("block 2 (text): ")
    assert skipped[2] == "block 4: unknown type None"
