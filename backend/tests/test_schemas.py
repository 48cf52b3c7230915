"""The shared e-mail address pattern (splash.core.schemas.EMAIL_PATTERN): what the API accepts as an
address, a mail can carry."""

import re
import sys
import unicodedata

import pytest
from pydantic import TypeAdapter, ValidationError

from splash.core.schemas import Email
from splash.shared.mail.mailer import Email as Mail
from splash.shared.mail.mailer import build_message

ADDRESS = TypeAdapter(Email)

# Every code point a mail header might choke on: the control, format, separator and
# whitespace characters of every plane, and Latin (the first 0x250 code points).
SUSPECTS = sorted(
    {chr(c) for c in range(0x250)}
    | {
        chr(c)
        for c in range(sys.maxunicode + 1)
        if unicodedata.category(chr(c)) in ("Cc", "Cf", "Zs", "Zl", "Zp")
    }
)


def _accepted(address: str) -> bool:
    try:
        ADDRESS.validate_python(address)
    except ValidationError:
        return False
    return True


@pytest.mark.parametrize("place", ["ou{}der@example.com", "ouder@exam{}ple.com"])
def test_every_control_and_format_character_is_refused(place):
    refused = [
        c
        for c in SUSPECTS
        if unicodedata.category(c) == "Cc" or (unicodedata.category(c) == "Cf" and c <= "\uffff")
    ]

    assert [f"U+{ord(c):04X}" for c in refused if _accepted(place.format(c))] == []
    assert len(refused) >= 65 + 40  # C0, DEL and C1; the format characters (43 in Unicode 14)


@pytest.mark.parametrize("place", ["ou{}der@example.com", "ouder@exam{}ple.com"])
def test_every_address_the_api_accepts_makes_a_mail(place):
    failing = []
    for c in SUSPECTS:
        address = place.format(c)
        if not _accepted(address):
            continue
        try:
            build_message(
                Mail(to=address, subject="s", text="t", html="<p>h</p>"), "s@x.nl"
            ).as_bytes()
        except (ValueError, UnicodeError) as exc:
            failing.append((f"U+{ord(c):04X}", str(exc)[:60]))

    assert failing == []


def test_the_pattern_reads_the_same_in_python_as_in_pydantic():
    """The OpenAPI document publishes the pattern; Schemathesis reads it with Python's re."""
    from splash.core.schemas import EMAIL_PATTERN

    pattern = re.compile(EMAIL_PATTERN)
    for c in SUSPECTS:
        for place in ("ou{}der@example.com", "ouder@exam{}ple.com"):
            address = place.format(c)
            assert bool(pattern.fullmatch(address)) is _accepted(address), f"U+{ord(c):04X}"
