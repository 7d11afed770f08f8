"""The engine protocol, both ways: tricktable driving programs, and our bots served as programs."""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = f"{sys.executable} {ROOT / 'examples' / 'engine.py'}"
"""The example engine's command line."""
FAULTY = f"{sys.executable} {Path(__file__).resolve().parent / 'faulty_engine.py'}"
"""An engine that misbehaves as its first argument says (see faulty_engine.py)."""
OURS = f"{sys.executable} -m tricktable engine"
"""Our own bots as engines (add ``--bot NAME``)."""


def running(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie (read from /proc)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def logged_pids(log: Path) -> list[int]:
    """The process numbers a faulty engine wrote to its log (``pid N`` lines)."""
    lines = log.read_text().splitlines() if log.exists() else []
    return [int(line.split()[1]) for line in lines if line.startswith("pid ")]


def left_running(pids: list[int], patience_s: float = 10.0) -> list[int]:
    """Those of ``pids`` still running after up to ``patience_s`` seconds (a killed process
    takes a moment to go)."""
    end = time.monotonic() + patience_s
    while (alive := [pid for pid in pids if running(pid)]) and time.monotonic() < end:
        time.sleep(0.05)
    return alive
