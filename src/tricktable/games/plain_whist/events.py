"""Plain whist's own score sheet events (their sentences are in ``words.py``)."""

from __future__ import annotations

from enum import StrEnum


class PlainWhistEvent(StrEnum):
    """Event kinds only plain whist has. ``side`` is the side that scores ``points``."""

    ODD_TRICKS = "odd_tricks"
    """``side`` took ``tricks``, more than six: a point for each trick over six."""
