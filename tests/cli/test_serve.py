"""``tricktable serve``: its arguments (the server itself is tested in tests/web)."""

from __future__ import annotations

import pytest

from tricktable.cli.main import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "http"], "--port must be a port number"),
        (["--port", "70000"], "--port must be a port number"),
        (["--database", "mysql://db"], "--database must be sqlite:///FILE or postgresql://"),
    ],
)
def test_bad_arguments_are_refused(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *args]) == 2
    assert message in capsys.readouterr().err
