"""Euchre's own score sheet events (their sentences are in ``tricktable.presentation.events``)."""

from __future__ import annotations

from enum import StrEnum


class EuchreEvent(StrEnum):
    """Event kinds only euchre has. ``side`` is the side that scores ``points``."""

    BLIND_ALONE_MARCH = "blind_alone_march"
    """The blind loner took every trick."""
    BLIND_ALONE_EUCHRED = "blind_alone_euchred"
    """The blind loner took ``tricks`` (fewer than five): the defenders score."""
    MARCH = "march"
    """The makers took every trick."""
    LONE_MARCH = "lone_march"
    """The lone maker took every trick."""
    MAKERS_TAKE = "makers_take"
    """The makers took ``tricks``: enough, not all."""
    LONE_MAKER_TAKES = "lone_maker_takes"
    """The lone maker took ``tricks``: enough, not all."""
    POINT_ON_PARTNER = "point_on_partner"
    """The makers' extra point for a deal made with the dealer's partner's help."""
    MAKERS_EUCHRED = "makers_euchred"
    """The makers took only ``tricks``: the defenders score."""
    LONE_MAKER_EUCHRED = "lone_maker_euchred"
    """The lone maker took only ``tricks``: the defenders score."""
    LONE_DEFENDER_EUCHRE = "lone_defender_euchre"
    """A lone defender held the makers to ``tricks``."""
    SUPER_EUCHRE = "super_euchre"
    """The makers took no trick: the super euchre's points instead."""
    ROBSON_SET_BACK = "robson_set_back"
    """Robson: ``seat`` sets the opponents back by the march's points instead of scoring."""
    ROBSON_MARCH = "robson_march"
    """Robson: ``seat`` scores the march."""
    SET_BACK = "set_back"
    """``side``'s score went down by ``counts[0]`` (``points`` = -``counts[0]``)."""
    RENEGE_CALLED = "renege_called"
    """``seat`` called a renege: its side scores ``points``."""
    RENEGE_DEDUCTED = "renege_deducted"
    """``seat`` called a renege under ``renege_penalty=deduct``: the reneging side loses
    ``counts[0]`` points (followed by a ``SET_BACK`` of what it really lost)."""
    CONCEDED = "conceded"
    """The maker ``seat`` conceded the rest after ``tricks``: its side scores ``points``."""
    ACE_NO_FACE_REDEAL = "ace_no_face_redeal"
    """A hand of one ace and no face card: thrown in, the same dealer redeals."""
