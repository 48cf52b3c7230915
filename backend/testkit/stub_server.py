"""The HTTP server under the test stubs (Mollie, Google, reCAPTCHA).

A client that hangs up before its answer — our own client giving up on a slow stub, as the
timeout tests make it — is ordinary for a server, and this one lets it pass in silence. The
standard library prints a traceback for it from the handler's thread, and on CPython 3.11
formatting a traceback parses source (``ast.parse``, for the ``^^^`` markers) while the main
thread may be parsing too (Sanic compiles its router at every app start); the two share the
interpreter's AST recursion counter, and the main thread fails with "SystemError: AST
constructor recursion depth mismatch" (python/cpython#106905). CI failed once on exactly that.
"""

from __future__ import annotations

import sys
from http.server import ThreadingHTTPServer
from typing import Any


class StubServer(ThreadingHTTPServer):
    daemon_threads = True  # a handler still sleeping for a slow answer never holds up a stop

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the client hung up: nobody is left to answer
        super().handle_error(request, client_address)
