"""Two-handed euchre's own score sheet events (their sentences are in
``tricktable.presentation.events``)."""

from __future__ import annotations

from enum import StrEnum


class TwoHandedEvent(StrEnum):
    """Event kinds only two-handed euchre has. ``seat`` is the player who scores."""

    BOTH_PASSED_TWICE = "both_passed_twice"
    """Both players passed in both making rounds: the deal is thrown in."""
    MARCH_TO_THE_MAKER = "march_to_the_maker"
    """The maker took every trick."""
    MAKER_TAKES = "maker_takes"
    """The maker took ``tricks``: enough, not all."""
    MAKER_EUCHRED = "maker_euchred"
    """The maker took only ``tricks``: the defender scores."""
    SUPER_EUCHRE_OF_ONE = "super_euchre_of_one"
    """The maker took no trick: the defender scores the super euchre's points."""
