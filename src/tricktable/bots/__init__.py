"""Bots by name: ``make_bot("heuristic", game)``.

Every bot takes a ``SeatView`` and a seeded ``random.Random`` and returns the
canonical text of one legal action (see ``tricktable.bots.base``).

>>> from tricktable.games import load_game
>>> make_bot("heuristic", load_game("euchre(preset=north_american)")).name
'heuristic'
>>> make_bot("oracle", load_game("euchre(preset=north_american)"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tricktable.errors.RuleError: unknown bot 'oracle'; bots: random, heuristic, pimc, ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tricktable.bots.base import Bot, NoDecisionError
from tricktable.bots.random_bot import RandomBot
from tricktable.core import Game
from tricktable.errors import RuleError
from tricktable.games import spec_of

BotFactory = Callable[[Game[Any], int | None], Bot]
"""Makes a bot for a game and (optionally) a seat."""


def heuristic_factory(game: Game[Any]) -> BotFactory:
    """The heuristic bot of ``game`` (its spec's ``heuristic`` part)."""
    factory: BotFactory = spec_of(game).part("heuristic")
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
        return heuristic_factory(game)(game, seat)
    if key in ("pimc", "ismcts", "easy", "medium", "hard", "expert"):
        from tricktable.bots.levels import make_level
        from tricktable.bots.search.pimc import PimcBot

        if key == "ismcts":
            from tricktable.bots.search.ismcts import IsmctsBot

            return IsmctsBot(game, seat)
        return PimcBot(game, seat) if key == "pimc" else make_level(key, game, seat)
    raise RuleError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")


__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotFactory",
    "NoDecisionError",
    "RandomBot",
    "heuristic_factory",
    "make_bot",
]
