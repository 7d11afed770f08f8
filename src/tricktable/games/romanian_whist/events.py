"""Romanian whist's own score sheet events (their sentences are in
``tricktable.presentation.events``)."""

from __future__ import annotations

from enum import StrEnum


class WhistEvent(StrEnum):
    """Event kinds only Romanian whist has."""

    STREAK_MADE = "streak_made"
    """``seat`` made its bid ``counts[0]`` deals in a row: a bonus of ``points``."""
    STREAK_FAILED = "streak_failed"
    """``seat`` missed its bid ``counts[0]`` deals in a row: a penalty of ``points``."""
    TIE_FOR_FIRST = "tie_for_first"
    """The match ends in a tie for first of ``seats``."""
