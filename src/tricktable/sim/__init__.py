"""Simulations: bots against bots, with win rates and confidence intervals."""

from tricktable.sim.arena import (
    BotError,
    Chooser,
    MatchResult,
    SimResult,
    filled_seats,
    play_match,
    seats_for,
    simulate,
    wilson_interval,
)

__all__ = [
    "BotError",
    "Chooser",
    "MatchResult",
    "SimResult",
    "filled_seats",
    "play_match",
    "seats_for",
    "simulate",
    "wilson_interval",
]
