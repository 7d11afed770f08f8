"""``tricktable serve``: its arguments (the server itself is tested in tests/web)."""

from __future__ import annotations

import socket

import pytest

from tricktable.cli.main import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "http"], "--port must be a port number"),
        (["--port", "70000"], "--port must be a port number"),
        (["--database", "mysql://db"], "--database must be sqlite:///FILE or postgresql://"),
        (["--request-rate", "-1"], "--request-rate must be 0 or more"),
        (["--room-shards", "0"], "--room-shards must be 1 or more, not 0"),
    ],
)
def test_bad_arguments_are_refused(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *args]) == 2
    assert message in capsys.readouterr().err


def test_a_port_in_use_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--database", "unused.db"]) == 2
    assert "cannot listen on 127.0.0.1" in capsys.readouterr().err
