"""The academy's API (contracts/academy-api.md): a parent's view of a course and their progress,
and what the player needs — access, the short-lived key token and the key itself."""

from __future__ import annotations

from sanic import Blueprint

bp = Blueprint("academy")

# --- courses and progress ------------------------------------------------------------------------


# --- video ---------------------------------------------------------------------------------------
