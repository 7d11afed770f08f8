"""Bid euchre's own score sheet events (their sentences are in
``tricktable.presentation.events``)."""

from __future__ import annotations

from enum import StrEnum


class BidEuchreEvent(StrEnum):
    """Event kinds only bid euchre has. ``points`` is the change to ``seat``'s score."""

    EVERYONE_ELSE_DROPS = "everyone_else_drops"
    """Everyone but the bidder ``seat`` dropped: it takes all ``tricks`` unplayed."""
    DROPPED = "dropped"
    """``seat`` dropped: its score does not change."""
    MAKES_BID = "makes_bid"
    """The bidder ``seat`` made its bid of ``counts[0]`` with ``tricks``."""
    FAILS_BID = "fails_bid"
    """The bidder ``seat`` took only ``tricks`` of its bid of ``counts[0]``: set."""
    SET_AFTER_STAYING = "set_after_staying"
    """``seat`` stayed in and took no trick: set."""
    SHARED_WIN = "shared_win"
    """The match ends with ``seats`` sharing the win."""
    WINS_WITH_FEWEST_SETS = "wins_with_fewest_sets"
    """``seat`` wins with the score ``counts[0]``, tied, by having been set the fewest times."""
