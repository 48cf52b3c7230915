"""The TLS context every outgoing HTTPS client of a process shares."""

from __future__ import annotations

import functools
import ssl

import httpx


@functools.cache
def context() -> ssl.SSLContext:
    """The CA bundle, read once per process: reading it costs tens of milliseconds, and every
    client a process makes (one app per worker, one per test, a webhook call per job) shares
    it."""
    return httpx.create_ssl_context()
