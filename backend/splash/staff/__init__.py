"""The studio's people: staff accounts (not customers), their second factor, their server-side
sessions, their roles and what each may do, and the append-only activity log."""
