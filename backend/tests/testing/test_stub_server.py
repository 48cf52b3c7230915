"""The test stubs' HTTP server: a client that hangs up is silent, a stub's own bug is not."""

import socket
import struct
import threading
from http.server import BaseHTTPRequestHandler

from testkit.stub_server import StubServer


class Recording(StubServer):
    """The real server; ``handled`` is set once it has dealt with a request's failure, ``left``
    by a client that has hung up."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        super().__init__(("127.0.0.1", 0), handler)
        self.handled, self.left = threading.Event(), threading.Event()

    def handle_error(self, request, client_address):
        try:
            super().handle_error(request, client_address)
        finally:
            self.handled.set()


class AnswersAfterTheClientLeft(BaseHTTPRequestHandler):
    server: Recording

    def do_GET(self):
        self.server.left.wait(5)
        self.send_response(200)
        self.end_headers()
        for _ in range(200):  # the first writes may still reach the kernel; a later one breaks
            self.wfile.write(b"x" * 65536)
            self.wfile.flush()
        raise AssertionError("the client's hang-up was never noticed")

    def log_message(self, *args):
        pass


class Broken(BaseHTTPRequestHandler):
    def do_GET(self):
        raise ValueError("a bug in the stub")


def serve(server: Recording) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02})
    thread.start()
    return thread


def request(server: Recording, *, hang_up: bool) -> None:
    client = socket.create_connection(server.server_address)
    client.sendall(b"GET / HTTP/1.1\r\nHost: stub\r\n\r\n")
    if hang_up:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # RST
        client.close()
        server.left.set()
    else:
        client.recv(1024)
        client.close()


def stderr_of_a_failed_request(capfd, handler, *, hang_up: bool) -> str:
    server = Recording(handler)
    thread = serve(server)
    try:
        request(server, hang_up=hang_up)
        assert server.handled.wait(5)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
    return capfd.readouterr().err


def test_a_client_that_hung_up_prints_nothing(capfd):
    assert stderr_of_a_failed_request(capfd, AnswersAfterTheClientLeft, hang_up=True) == ""


def test_a_stubs_own_error_prints_its_traceback(capfd):
    error = stderr_of_a_failed_request(capfd, Broken, hang_up=False)

    assert "Traceback" in error
    assert "ValueError: a bug in the stub" in error
