"""The engine protocol, both ways: tricktable driving programs, and our bots served as programs."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = f"{sys.executable} {ROOT / 'examples' / 'engine.py'}"
"""The example engine's command line."""
FAULTY = f"{sys.executable} {Path(__file__).resolve().parent / 'faulty_engine.py'}"
"""An engine that misbehaves as its first argument says (see faulty_engine.py)."""
OURS = f"{sys.executable} -m tricktable engine"
"""Our own bots as engines (add ``--bot NAME``)."""
