"""Preview links: a signed, expiring link to an entry's draft on its language's domain
(``https://<domain>/_preview/<token>``), which works without a studio account. The page it
opens is computed from the draft as publishing computes it from the live rows
(``site.web.services.preview_payload``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from splash.core.config import Settings
from splash.core.errors import ApiError, NotFoundError
from splash.core.route_table import RouteTable
from splash.editing.documents import validated
from splash.editing.drafts import EntryName, entry_name, find_draft
from splash.editing.editable import Editable, Preview
from splash.editing.preview_tokens import PreviewOf, TokenRefused, make_token, read_token
from splash.editing.publishing import with_slug
from splash.shared import outbox

PREFIX = "/_preview/"


class PreviewGone(ApiError):
    """A preview link past its time."""

    status = 410
    name = "GoneError"


@dataclass(frozen=True)
class PreviewLink:
    url: str
    expires_at: datetime


def link(settings: Settings, name: EntryName) -> PreviewLink:
    """The entry's preview link, on its language's domain (the default one for an entry that
    is not per language)."""
    until = outbox.now().replace(microsecond=0) + timedelta(days=settings.preview_days)
    locale = name.locale or settings.default_locale
    token = make_token(
        settings.secret_key, PreviewOf(name.collection, name.key, name.locale, until)
    )
    return PreviewLink(settings.origin(locale) + PREFIX + token, until)


@dataclass(frozen=True)
class Previewed:
    name: EntryName
    locale: str  # the language whose page shows it
    preview: Preview


async def previewed(
    settings: Settings, token: str, domain_locale: str, table: RouteTable
) -> Previewed:
    """What a preview link shows now: the entry's current draft (or, with none, what is live).
    404 for a link that is not ours or is on another language's domain, 410 past its time."""
    try:
        wanted = read_token(settings.secret_key, token, outbox.now())
    except TokenRefused as refused:
        if refused.expired:
            raise PreviewGone("This preview link has expired; ask for a new one") from None
        raise NotFoundError("No such preview") from None
    name, found = entry_name(wanted.collection, wanted.key, wanted.locale)
    locale = name.locale or settings.default_locale
    if locale != domain_locale:
        raise NotFoundError("This preview belongs to another language's domain")
    document = await _document(name, found)
    preview = await found.preview(name.key, name.locale, document, table)
    return Previewed(name, locale, preview)


async def _document(name: EntryName, found: Editable) -> dict[str, object]:
    draft = await find_draft(name)
    document = draft.document if draft else await found.live(name.key, name.locale)
    if document is None:
        raise NotFoundError("Nothing to preview: the entry has no draft")
    return with_slug(found, validated(found.document, document), name.locale)
