"""The score sheet's events that several euchre variants share (their sentences are in
``tricktable.presentation.events``)."""

from __future__ import annotations

from enum import StrEnum


class FamilyEvent(StrEnum):
    """Event kinds of more than one euchre variant."""

    ALL_PASSED = "all_passed"
    """Every seat passed in both making rounds: the deal is thrown in."""
    TAKES_TRICKS = "takes_tricks"
    """``seat`` took ``tricks``, one point off each (``points`` = -``tricks``)."""
