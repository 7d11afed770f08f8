"""Headers, hosts and origins (issue 23, items 10 and 11): security headers on every
response, a host allow-list, Origin checks on state-changing requests and the websocket, and
clear 4xx answers to bodies nested too deeply or badly encoded."""

from __future__ import annotations

import http.client
import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.web.conftest import Server, hello
from tricktable.web.guard import SECURITY_HEADERS

TABLE = {"game": "euchre", "seats": [{"kind": "bot", "bot": "random"}] * 4, "bot_delay": 10}


def raw(
    server: Server, method: str, path: str, body: bytes | None = None, **headers: str
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request(method, path, body, {"Content-Type": "application/json", **headers})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", "/api/games"),
        ("GET", "/static/table.js"),
        ("GET", "/api/tables/nothing"),
        ("GET", "/no/such/page"),
        ("POST", "/api/tables"),
    ],
)
def test_every_response_carries_the_security_headers(
    server: Server, method: str, path: str
) -> None:
    _, headers, _ = raw(server, method, path, b"{}" if method == "POST" else None)
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name.lower()) == value, (path, name)
    assert "frame-ancestors 'none'" in headers["content-security-policy"]


def test_an_unknown_host_name_is_refused(server: Server) -> None:
    status, _, body = raw(server, "GET", "/api/tables/", Host="evil.example")
    assert status == 400 and b"evil.example" not in body
    assert raw(server, "GET", "/api/games", Host=f"localhost:{server.port}")[0] == 200


def test_a_cross_site_post_is_refused(server: Server) -> None:
    status, _, body = raw(
        server,
        "POST",
        "/api/tables",
        json.dumps(TABLE).encode(),
        **{"Content-Type": "text/plain", "Origin": "http://evil.example"},
    )
    assert status == 403 and json.loads(body)["error"] == "bad_origin"
    status, _, _ = raw(
        server,
        "POST",
        "/api/tables",
        json.dumps(TABLE).encode(),
        **{"Sec-Fetch-Site": "cross-site"},
    )
    assert status == 403
    assert server.manager.tables == {}
    own = f"http://127.0.0.1:{server.port}"
    assert raw(server, "POST", "/api/tables", json.dumps(TABLE).encode(), Origin=own)[0] == 201


def test_the_websocket_checks_its_origin(sqlite_url: str) -> None:
    server = Server(sqlite_url, allowed_origins=["https://friend.example"]).start()
    try:
        table = server.create(**TABLE)
        url = f"ws://127.0.0.1:{server.port}/ws/{table['id']}"
        with pytest.raises(InvalidStatus) as refused:
            connect(url, origin="http://evil.example", open_timeout=10)  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        for origin in (f"http://127.0.0.1:{server.port}", "https://friend.example"):
            with connect(url, origin=origin, open_timeout=10) as ws:  # type: ignore[arg-type]
                assert hello(ws)["seat"] is None
    finally:
        server.stop()


@pytest.mark.parametrize("path", ["/api/tables", "/api/replay"])
def test_deeply_nested_or_badly_encoded_bodies_get_a_clear_400(server: Server, path: str) -> None:
    for body, words in (
        (b"[" * 100_000 + b"]" * 100_000, b"nested too deeply"),
        (b'{"game":' * 5_000 + b"1" + b"}" * 5_000, b"nested too deeply"),
        (b"\xff\xfe\x00", b"UTF-8"),
    ):
        status, _, answer = raw(server, "POST", path, body)
        assert status == 400, answer
        assert words in answer


def test_a_deeply_nested_hello_gets_a_protocol_error(server: Server) -> None:
    table = server.create(**TABLE)
    with server.socket(table["id"]) as ws:
        ws.send('{"type": "hello", "x": ' + "[" * 1500 + "]" * 1500 + "}")
        error: dict[str, Any] = json.loads(ws.recv(timeout=10))
        assert error["code"] == "malformed" and "nested too deeply" in error["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
