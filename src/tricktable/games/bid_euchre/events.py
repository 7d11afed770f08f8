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


class PartnershipEvent(StrEnum):
    """Event kinds only partnership bid euchre has. ``side`` is the makers' or the
    defenders' side, ``points`` what it scores (a loss is negative)."""

    MAKERS_MAKE_BID = "makers_make_bid"
    """The makers took ``tricks``, at least their bid of ``counts[0]``."""
    MAKERS_SET = "makers_set"
    """The makers took only ``tricks`` of their bid of ``counts[0]``: they lose the bid."""
    SHOOT_MADE = "shoot_made"
    """The maker ``seat`` bid shoot and took every trick."""
    SHOOT_FAILED = "shoot_failed"
    """The maker ``seat`` bid shoot and took only ``tricks``."""
    ALONE_MADE = "alone_made"
    """The maker ``seat`` bid alone and took every trick."""
    ALONE_FAILED = "alone_failed"
    """The maker ``seat`` bid alone and took only ``tricks``."""
    DEFENDERS_TAKE = "defenders_take"
    """The defenders took ``tricks``, a point each."""
    BOTH_REACH_TARGET = "both_reach_target"
    """Both sides reached the target ``counts[0]`` in one deal: the makers ``side`` win."""
