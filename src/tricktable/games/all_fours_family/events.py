"""The score sheet's events of the points All Fours and Pitch both count (their sentences
are in ``tricktable.presentation.events``)."""

from __future__ import annotations

from enum import StrEnum


class PointEvent(StrEnum):
    """The score sheet's events of the points both games count (``side`` scores
    ``points``; their sentences are in ``tricktable.presentation.events``)."""

    MATCH_WON = "match_won"
    """``side`` reached the target ``counts[0]``."""
    HIGH = "high"
    """High: the highest trump ``cards[0]``, dealt to ``seat``."""
    LOW_HELD = "low_held"
    """Low: the lowest trump ``cards[0]``, dealt to ``seat``."""
    LOW_WON = "low_won"
    """Low: the lowest trump ``cards[0]``, won by ``seat``."""
    JACK = "jack"
    """Jack: the jack of trumps, won by ``seat``."""
    GAME = "game"
    """Game: ``counts`` are each side's Game count; ``side`` has the most."""
    GAME_TIED_TO_NON_DEALER = "game_tied_to_non_dealer"
    """Game is tied (``counts``): the non-dealer's ``side`` scores."""
    GAME_TIED = "game_tied"
    """Game is tied (``counts``): nobody scores."""
