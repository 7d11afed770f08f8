"""Connection limits (issue 23, item 3): silent and slow connections time out, and one
address cannot hold every descriptor."""

from __future__ import annotations

import select
import socket
import time
from collections.abc import Iterator

import pytest

from tests.web.conftest import Server
from tricktable.web.connections import ConnectionLimits


@pytest.fixture
def strict(sqlite_url: str) -> Iterator[Server]:
    running = Server(sqlite_url, connections=ConnectionLimits(header_timeout=0.5)).start()
    yield running
    running.stop()


def closed_by_server(sock: socket.socket, drip: bytes = b"", within: float = 20.0) -> bool:
    """Whether the server closes ``sock`` (sending ``drip`` every 0.2 s meanwhile)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        readable, _, _ = select.select([sock], [], [], 0.2)
        if readable:
            try:
                if sock.recv(65536) == b"":
                    return True
            except ConnectionResetError:
                return True
            continue  # the rest of an earlier answer
        if drip:
            try:
                sock.sendall(drip)
            except OSError:
                return True
    return False


def test_a_silent_connection_is_closed(strict: Server) -> None:
    with socket.create_connection(("127.0.0.1", strict.port)) as silent:
        assert closed_by_server(silent)


def test_a_request_whose_headers_drip_is_closed(strict: Server) -> None:
    with socket.create_connection(("127.0.0.1", strict.port)) as slow:
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert closed_by_server(slow, drip=b"X-Slow: 1\r\n")


def test_a_kept_alive_connection_dripping_a_second_request_is_closed(strict: Server) -> None:
    with socket.create_connection(("127.0.0.1", strict.port)) as conn:
        conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert b"200 OK" in conn.recv(65536)
        conn.sendall(b"GET /api/games HTTP/1.1\r\n")
        assert closed_by_server(conn, drip=b"X-Slow: 1\r\n")


def test_one_address_holds_a_bounded_number_of_connections(sqlite_url: str) -> None:
    limits = ConnectionLimits(per_address=3, header_timeout=60)
    server = Server(sqlite_url, connections=limits).start()
    try:
        held = [
            socket.create_connection(("127.0.0.1", server.port), source_address=("127.0.0.3", 0))
            for _ in range(3)
        ]
        with socket.create_connection(
            ("127.0.0.1", server.port), source_address=("127.0.0.3", 0)
        ) as extra:
            assert closed_by_server(extra)
        assert server.get("/api/games")["games"]  # another address is served
        for sock in held:
            sock.close()
        deadline = time.monotonic() + 20
        while True:  # the address's connections closed: it may connect again
            with socket.create_connection(
                ("127.0.0.1", server.port), source_address=("127.0.0.3", 0)
            ) as again:
                again.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                if b"200 OK" in again.recv(65536):
                    break
            assert time.monotonic() < deadline
            time.sleep(0.1)
    finally:
        server.stop()


def test_a_body_that_drips_is_refused(strict: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktable.web import app

    monkeypatch.setattr(app, "BODY_TIMEOUT", 0.5)
    with socket.create_connection(("127.0.0.1", strict.port)) as slow:
        slow.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        slow.settimeout(20)
        answer = slow.recv(65536)
    assert answer.startswith(b"HTTP/1.1 408") and b"within 0.5 seconds" in answer
