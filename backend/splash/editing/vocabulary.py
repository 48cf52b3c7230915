"""Editing's words: the outbox job kinds it enqueues."""

from __future__ import annotations

# Republish what a publish changed: ``{"changes": ["page:12"]}`` (``*``: everything). Handled
# by the site (``splash.site.web.republish``), which owns publishing.
REPUBLISH_JOB = "site.publish"
# Publish a draft at its chosen time: ``{"collection", "key", "locale", "revision", "at",
# "staff"}``; a save or publish since then cancels it (the revision or time no longer match).
SCHEDULED_JOB = "editing.publish_at"
