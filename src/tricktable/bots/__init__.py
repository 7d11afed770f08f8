"""Bots by name: ``make_bot("heuristic", game)``.

Every bot takes a ``SeatView`` and a seeded ``random.Random`` and returns the
canonical text of one legal action (see ``tricktable.bots.base``).

>>> from tricktable.games import load_game
>>> make_bot("heuristic", load_game("euchre")).name
'heuristic'
>>> make_bot("oracle", load_game("euchre"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tricktable.errors.RuleError: unknown bot 'oracle'; bots: random, heuristic, pimc, ...
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from tricktable.bots.base import Bot, NoDecisionError
from tricktable.bots.random_bot import RandomBot
from tricktable.core import Game
from tricktable.errors import RuleError
from tricktable.games.all_fours.heuristic import AllFoursHeuristic
from tricktable.games.euchre.heuristic import EuchreHeuristic
from tricktable.games.romanian_whist.heuristic import WhistHeuristic

BotFactory = Callable[[Game[Any], int | None], Bot]
"""Makes a bot for a game and (optionally) a seat."""

HEURISTICS: dict[str, BotFactory] = {
    "euchre": EuchreHeuristic,
    "all_fours": AllFoursHeuristic,
    "romanian_whist": WhistHeuristic,
}
"""The heuristic bot of each game, by game name."""

LAZY_HEURISTICS: dict[str, str] = {
    "two_handed_euchre": "tricktable.games.two_handed_euchre.heuristic:TwoHandedEuchreHeuristic",
    "three_handed_euchre": (
        "tricktable.games.three_handed_euchre.heuristic:ThreeHandedEuchreHeuristic"
    ),
    "bid_euchre": "tricktable.games.bid_euchre.heuristic:BidEuchreHeuristic",
    "setback_euchre": "tricktable.games.setback_euchre.heuristic:SetbackEuchreHeuristic",
}
"""Heuristic bots imported only when first asked for, as ``module:Class``."""


def _heuristic_factory(game_name: str) -> BotFactory | None:
    factory = HEURISTICS.get(game_name)
    if factory is None and game_name in LAZY_HEURISTICS:
        module_name, class_name = LAZY_HEURISTICS[game_name].split(":")
        factory = getattr(importlib.import_module(module_name), class_name)
        HEURISTICS[game_name] = factory
    return factory


BOT_NAMES: tuple[str, ...] = (
    "random",
    "heuristic",
    "pimc",
    "ismcts",
    "easy",
    "medium",
    "hard",
    "expert",
)
"""Every bot name ``make_bot`` accepts."""


def make_bot(name: str, game: Game[Any], seat: int | None = None) -> Bot:
    """The bot called ``name`` for ``game`` (and ``seat``, if it is made for one)."""
    key = name.strip().lower()
    if key == "random":
        return RandomBot(game, seat)
    if key == "heuristic":
        factory = _heuristic_factory(game.name)
        if factory is None:
            raise RuleError(
                f"no heuristic bot for game {game.name!r}; games with one: "
                + ", ".join(sorted({*HEURISTICS, *LAZY_HEURISTICS}))
            )
        return factory(game, seat)
    if key in ("pimc", "ismcts", "easy", "medium", "hard", "expert"):
        # Every level needs the game's heuristic (for mistakes, or for the decisions
        # outside card play): check it exists first.
        make_bot("heuristic", game, seat)
        from tricktable.bots.levels import make_level
        from tricktable.bots.search.pimc import PimcBot

        if key == "ismcts":
            from tricktable.bots.search.ismcts import IsmctsBot

            return IsmctsBot(game, seat)
        return PimcBot(game, seat) if key == "pimc" else make_level(key, game, seat)
    raise RuleError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")


__all__ = [
    "BOT_NAMES",
    "HEURISTICS",
    "AllFoursHeuristic",
    "Bot",
    "EuchreHeuristic",
    "NoDecisionError",
    "RandomBot",
    "WhistHeuristic",
    "make_bot",
]
