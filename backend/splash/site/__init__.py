"""The site: the composition root. The app, the CLI, the seed, the web shell and publishing, the
migrations and ``wiring`` (the one list that plugs the domains into each other and the outbox)."""
