"""The bot levels every game offers: ``easy``, ``medium``, ``hard`` and ``expert``.

* ``easy``: the game's heuristic, but with probability ``MISTAKE_RATE`` a uniformly
  random legal action instead (the mistakes come from the seeded ``rng``);
* ``medium``: the game's heuristic;
* ``hard``: ``pimc`` with the game's ``hard`` worlds per decision;
* ``expert``: ``pimc`` with the game's ``expert`` worlds (more samples, the same solver;
  within 2 s per decision on one core of the compiled build, ``bench/decision_times.py``).

Each game's spec sets its worlds (``GameSpec.levels``): games whose solves are quick and
whose play gains from more worlds take more of them, and where more worlds gain nothing
``expert`` plays as ``hard``. docs/bots.md gives the measurements behind each choice.

>>> from tricktable.games import load_game
>>> [make_level(name, load_game("all_fours(preset=seven_up)")).name for name in LEVELS]
['easy', 'medium', 'hard', 'expert']
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot, require_legal
from tricktable.bots.registry import BOTS, heuristic_factory
from tricktable.bots.search.pimc import PimcBot
from tricktable.core import Game, SeatView
from tricktable.games import spec_of

LEVELS = BOTS.levels()
"""Level names, weakest first (the registry's levels)."""
MISTAKE_RATE = 0.25
"""How often ``easy`` plays a random legal action."""


def level_worlds(name: str, game: Game[Any]) -> int:
    """The worlds ``pimc`` samples per decision at level ``hard`` or ``expert`` in ``game``.

    >>> from tricktable.games import load_game
    >>> euchre = load_game("euchre(preset=north_american)")
    >>> level_worlds("hard", euchre), level_worlds("hard", load_game("bid_euchre(preset=indiana)"))
    (50, 20)
    """
    levels = spec_of(game).levels
    if name == "hard":
        return levels.hard
    if name == "expert":
        return levels.expert
    raise ValueError(f"only hard and expert sample worlds, not {name!r}")


class MistakenBot(Bot):
    """A bot that plays ``inner``'s choice, or with probability ``rate`` a random action."""

    def __init__(self, inner: Bot, rate: float, name: str = "easy") -> None:
        super().__init__(inner.game, inner.seat)
        self.inner = inner
        self.rate = rate
        self.name = name

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if rng.random() < self.rate:
            return rng.choice(legal)
        return self.inner.choose(view, rng)


class NamedBot(Bot):
    """Another bot under a level name (so records and reports show the level)."""

    def __init__(self, inner: Bot, name: str) -> None:
        super().__init__(inner.game, inner.seat)
        self.inner = inner
        self.name = name

    def choose(self, view: SeatView, rng: random.Random) -> str:
        return self.inner.choose(view, rng)


def make_level(name: str, game: Game[Any], seat: int | None = None) -> Bot:
    """The bot of level ``name`` for ``game``."""
    if name == "easy":
        return MistakenBot(heuristic_factory(game)(game, seat), MISTAKE_RATE)
    if name == "medium":
        return NamedBot(heuristic_factory(game)(game, seat), "medium")
    if name in ("hard", "expert"):
        return NamedBot(PimcBot(game, seat, worlds=level_worlds(name, game)), name)
    raise ValueError(f"unknown level {name!r}; levels: {', '.join(LEVELS)}")
