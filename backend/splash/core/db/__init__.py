"""The database, one job per module; what the rest of Splash uses is named here (``db.connect``,
``db.read_once``, …):

- ``connection``: Tortoise's configuration, the process's connection, migrations, the health
  check; the domains' model modules are plugged in by ``splash.site.wiring``;
- ``sqlite_engine``: SQLite with reads beside the writer and a bounded wait for the write lock;
- ``locks``: lock waits counted per request, "busy" told apart from "broken", serialising locks;
- ``paging``: a find query's total and one page of it;
- ``joins``: joined reads in one statement, built with Tortoise's query builder;
- ``read_once``: a collection read once for a whole block of work (publishing).
"""

from splash.core.db.connection import (
    connect,
    connect_once,
    disconnect,
    migrate,
    pending_model_changes,
    ping,
    plug_in,
    replica,
    session,
    tortoise_config,
)
from splash.core.db.joins import columns, instance, rows, sql_query, table, text_length
from splash.core.db.locks import (
    LockWaitExpired,
    LockWaits,
    count_lock_waits,
    held_across_processes,
    is_busy,
    lock_waits,
    serialize_on,
)
from splash.core.db.paging import count_filtered, page_of
from splash.core.db.read_once import filter_once, once, read_once

__all__ = [
    "LockWaitExpired",
    "LockWaits",
    "columns",
    "connect",
    "connect_once",
    "count_filtered",
    "count_lock_waits",
    "disconnect",
    "filter_once",
    "held_across_processes",
    "instance",
    "is_busy",
    "lock_waits",
    "migrate",
    "once",
    "page_of",
    "pending_model_changes",
    "ping",
    "plug_in",
    "read_once",
    "replica",
    "rows",
    "serialize_on",
    "session",
    "sql_query",
    "table",
    "text_length",
    "tortoise_config",
]
