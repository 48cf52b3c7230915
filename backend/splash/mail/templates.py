"""E-mail templates: ``templates/<locale>/<name>.subject.txt``, ``.txt`` and ``.html``, with
``templates/layout.html`` around every HTML body. Every template exists in all six locales."""

from __future__ import annotations

import unicodedata
from typing import Any

from splash.mail.mailer import Email
from splash.templating import template_environment

# A name longer than this is cut in a greeting: a form's 80 characters hold a whole sentence
# ("Splash Billing Dept: transfer …"), which an e-mail from the shop's domain must not carry.
NAME_LENGTH = 40


def person_name(raw: str) -> str:
    """A name as an e-mail shows it: plain text on one line (control and format characters
    and runs of white space become one space), at most ``NAME_LENGTH`` characters (cut with
    an ellipsis). HTML parts escape it as they escape every value."""
    spaced = "".join(" " if unicodedata.category(ch).startswith("C") else ch for ch in raw)
    words = " ".join(spaced.split())
    if len(words) <= NAME_LENGTH:
        return words
    return words[: NAME_LENGTH - 1].rstrip() + "\N{HORIZONTAL ELLIPSIS}"


def render(name: str, locale: str, context: dict[str, Any]) -> tuple[str, str, str]:
    """(subject, plain text, HTML) of a template in a locale."""
    env = template_environment("splash.mail")
    subject = env.get_template(f"{locale}/{name}.subject.txt").render(context).strip()
    text = env.get_template(f"{locale}/{name}.txt").render(context)
    html = env.get_template(f"{locale}/{name}.html").render(
        {**context, "subject": subject, "locale": locale}
    )
    return subject, text, html


def compose(name: str, locale: str, context: dict[str, Any], *, to: str, key: str) -> Email:
    """The e-mail of an outbox job (``key``: the job's key, its Message-ID on every attempt)."""
    subject, text, html = render(name, locale, context)
    return Email(to=to, subject=subject, text=text, html=html, message_key=key)
