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
