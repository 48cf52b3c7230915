"""The shared ring: HTTP plumbing, the outbox, mail, collection queries and the edge cache. It
imports the core only; it never knows a domain (the import contracts in pyproject.toml say so)."""
