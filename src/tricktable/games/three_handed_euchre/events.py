"""Three-handed euchre's own score sheet events (their sentences are in
``tricktable.presentation.events``)."""

from __future__ import annotations

from enum import StrEnum


class ThreeHandedEvent(StrEnum):
    """Event kinds only three-handed euchre has. ``seat`` is the maker."""

    ALL_PASSED_TWICE = "all_passed_twice"
    """Every seat passed in both making rounds: the deal is thrown in."""
    SHOWS_ACE_NO_FACE = "shows_ace_no_face"
    """``seat`` shows one ace and no face card: the same dealer deals again."""
    MAKER_SEAT_TAKES = "maker_seat_takes"
    """The maker took ``tricks``, enough: it scores ``points``."""
    DEFENDERS_TIE = "defenders_tie"
    """The maker took only ``tricks``; the defenders took ``counts[0]`` each and score
    ``points`` each."""
    BEST_DEFENDER = "best_defender"
    """The maker took only ``tricks``; the defender ``seats[0]`` took the most
    (``counts[0]``) and scores ``points``."""
    TIE_BETWEEN = "tie_between"
    """The match ends in a tie of ``seats``."""
