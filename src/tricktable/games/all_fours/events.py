"""All Fours' own score sheet events (their sentences are in
``tricktable.presentation.events``)."""

from __future__ import annotations

from enum import StrEnum


class AllFoursEvent(StrEnum):
    """Event kinds only All Fours has. ``side`` is the side that scores ``points``."""

    KICK = "kick"
    """The turned card ``cards[0]`` is a jack: the dealer's side scores."""
    MATCH_WON = "match_won"
    """``side`` reached the target ``counts[0]``."""
    ELDEST_STANDS = "eldest_stands"
    """Eldest (``seat``) stands: the turned card's suit is trump."""
    GIFT = "gift"
    """The dealer gave eldest's ``side`` a point."""
    PACK_RAN_OUT = "pack_ran_out"
    """Running the cards emptied the pack: thrown in, the same dealer redeals."""
    RUN_AGAIN = "run_again"
    """The turned card ``cards[0]`` has the refused suit: run again."""
    RUN = "run"
    """The turned card ``cards[0]`` gives a new trump."""
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
