"""Which locale a request's host belongs to (pure)."""

from __future__ import annotations


def host_name(authority: str) -> str:
    """The host of an authority (host and port): ``EN.localhost:8000`` → ``en.localhost``;
    IPv6 literals keep their brackets."""
    host = authority.strip().lower()
    if host.startswith("["):
        return host.split("]")[0] + "]"
    return host.rsplit(":", 1)[0] if ":" in host else host


def locale_for_host(authority: str, domains: dict[str, str], default_locale: str) -> str:
    """The locale of a domain; an unknown host gets the default locale."""
    return domains.get(host_name(authority), default_locale)
