"""E-mail templates: ``templates/<name>.subject.txt``, ``.txt`` and ``.html``, with
``templates/layout.html`` around every HTML body. A mail's markup and statements are written once;
its words are the ``mail.<name>.*`` texts of the locale's catalogue (``core.locales``), which a
template names as ``{{ t("mail.password_reset.hi", name=name) }}``. In an HTML part the text is
the template's own markup-free words and only the values are escaped, as a ``{{ value }}`` in
the template is; in the plain-text parts nothing is."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from splash.core import locales
from splash.core.templating import template_environment
from splash.shared.mail.mailer import Email

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


def words(locale: str, *, html: bool) -> Callable[..., str]:
    """The ``t`` of a template: a catalogue text in ``locale`` with its ``{placeholders}``
    filled (escaped in an HTML part)."""

    def t(key: str, **values: object) -> str:
        found = locales.text(locale, key)
        return Markup(found).format(**values) if html else found.format(**values)

    return t


def render(name: str, locale: str, context: dict[str, Any]) -> tuple[str, str, str]:
    """(subject, plain text, HTML) of a template in a locale."""
    env = template_environment("splash.shared.mail")
    plain = {**context, "t": words(locale, html=False)}
    subject = env.get_template(f"{name}.subject.txt").render(plain).strip()
    text = env.get_template(f"{name}.txt").render(plain)
    html = env.get_template(f"{name}.html").render(
        {**context, "t": words(locale, html=True), "subject": subject, "locale": locale}
    )
    return subject, text, html


def compose(name: str, locale: str, context: dict[str, Any], *, to: str, key: str) -> Email:
    """The e-mail of an outbox job (``key``: the job's key, its Message-ID on every attempt)."""
    subject, text, html = render(name, locale, context)
    return Email(to=to, subject=subject, text=text, html=html, message_key=key)
