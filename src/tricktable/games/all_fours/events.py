"""All Fours' own score sheet events (their sentences are in
``tricktable.presentation.events``); the points it shares with Pitch (High, Low, Jack,
Game, the match won) are ``all_fours_family.points.PointEvent``."""

from __future__ import annotations

from enum import StrEnum


class AllFoursEvent(StrEnum):
    """Event kinds only All Fours has. ``side`` is the side that scores ``points``."""

    KICK = "kick"
    """The turned card ``cards[0]`` is a jack: the dealer's side scores."""
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
