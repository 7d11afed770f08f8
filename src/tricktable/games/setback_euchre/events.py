"""Set-back euchre's own score sheet events (their sentences are in
``tricktable.presentation.events``)."""

from __future__ import annotations

from enum import StrEnum


class SetbackEvent(StrEnum):
    """Event kinds only set-back euchre has. ``points`` is the change to ``seat``'s score."""

    FAILS_DECLARED_MARCH = "fails_declared_march"
    """The declarer ``seat`` (the maker or a defender) took only ``tricks`` of its declared
    march: its score ``counts[0]`` doubles to ``counts[1]`` and it pays a stake."""
    MAKER_SET_BACK = "maker_set_back"
    """The maker ``seat`` was euchred with ``tricks``: set back, it pays a stake."""
    MAKER_DECLARED_MARCH = "maker_declared_march"
    """The maker ``seat`` made its declared march."""
    DEFENDER_DECLARED_MARCH = "defender_declared_march"
    """The defender ``seat`` declared a march and took all ``tricks`` (``points``: -5)."""
    MAKER_MARCH = "maker_march"
    """The maker ``seat`` took every trick."""
    MAKER_MAKES = "maker_makes"
    """The maker ``seat`` took ``tricks``: enough, not all."""
    THREW_IN = "threw_in"
    """``seat`` threw in: its score does not change."""
    NO_TRICK = "no_trick"
    """``seat`` played and took no trick: set back."""
    EUCHRE_RELIEF = "euchre_relief"
    """``seat`` defended a euchred maker: the relief."""
    POOL = "pool"
    """The pool now holds ``counts[0]`` stakes."""
    DECLARED_MARCH_WON = "declared_march_won"
    """The declarer ``seat`` made its declared march: it wins the game and the pool."""
    WINS_THE_POOL = "wins_the_pool"
    """``seat`` wins the game and the pool of ``counts[0]`` stakes."""
    SHARE_THE_POOL = "share_the_pool"
    """``seats`` tie at the score ``counts[0]`` and share the pool of ``counts[1]`` stakes."""
