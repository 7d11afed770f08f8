"""Pitch's own score sheet events (their sentences are in
``tricktable.presentation.events``); High, Low, Jack, Game and the match won are the
family's ``all_fours_family.events.PointEvent``."""

from __future__ import annotations

from enum import StrEnum


class PitchEvent(StrEnum):
    """Event kinds only Pitch has."""

    ALL_PASSED = "pitch_all_passed"
    """Every seat passed (``all_pass=redeal``): thrown in, the deal passes left."""
    PITCHER_MAKES = "pitcher_makes"
    """The pitcher ``seat``'s ``side`` made its bid ``counts[0]`` with ``counts[1]``
    points and scores them (``points``)."""
    PITCHER_SET_BACK = "pitcher_set_back"
    """The pitcher ``seat``'s ``side`` won ``counts[1]`` points, short of its bid
    ``counts[0]``: set back by the bid (``points``, negative)."""
    SMUDGE_MADE = "smudge_made"
    """The pitcher ``seat``'s ``side`` made a smudge (all four points, ``points``) and
    wins the match (``smudge_wins``)."""
    SMUDGE_SCORES = "smudge_scores"
    """The pitcher ``seat``'s ``side`` made a smudge and scores its four ``points``
    (``smudge_wins=false``)."""
    SMUDGE_FAILED = "smudge_failed"
    """The pitcher ``seat``'s ``side`` won ``counts[1]`` points of the four a smudge
    needs: set back by 4 (``points``)."""
