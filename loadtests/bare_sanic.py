"""A bare Sanic app answering every GET with the bytes of one file from memory:
what Sanic itself serves on this machine, measured by loadtests/ceiling.py beside Splash and
nginx (its "sanic" row), so a reader can tell Splash's own cost from the machine's Python.

  BARE_SANIC_FILE=answer.json .venv/bin/python loadtests/bare_sanic.py PORT WORKERS

The file comes by environment, which Sanic's worker processes inherit; they import this module
again, so the app is made at import.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from sanic import Request, Sanic
from sanic.response import HTTPResponse, raw

BODY = Path(os.environ["BARE_SANIC_FILE"]).read_bytes()
app = Sanic("bare")


@app.get("/<path:path>")  # /healthz too: the load runs' start waits for it
async def answer(request: Request, path: str) -> HTTPResponse:
    return raw(BODY, content_type="application/json")


if __name__ == "__main__":
    port, workers = int(sys.argv[1]), int(sys.argv[2])
    app.run(host="127.0.0.1", port=port, workers=workers, access_log=False, motd=False)
