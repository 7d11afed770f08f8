"""End-to-end tests of the ``tricktable`` command, run as a subprocess."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence


def tricktable(
    args: Sequence[str], stdin: str = "", timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m tricktable ARGS`` with ``stdin``; capture text output."""
    return subprocess.run(
        [sys.executable, "-m", "tricktable", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def one_line(text: str) -> str:
    """The single line of ``text`` (fails if there is not exactly one)."""
    lines = text.splitlines()
    assert len(lines) == 1, f"expected one line, got {lines!r}"
    return lines[0]


def assert_in_order(text: str, lines: Sequence[str]) -> None:
    """Every one of ``lines`` is in ``text``, in that order (those missing are named)."""
    places = [text.find(line) for line in lines]
    assert all(place >= 0 for place in places), [
        line for line, place in zip(lines, places, strict=True) if place < 0
    ]
    assert places == sorted(places), text
