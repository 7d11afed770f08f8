"""The bot levels every game offers: ``easy``, ``medium``, ``hard`` and ``expert``.

* ``easy``: the game's heuristic, but with probability ``MISTAKE_RATE`` a uniformly
  random legal action instead (the mistakes come from the seeded ``rng``);
* ``medium``: the game's heuristic;
* ``hard``: ``pimc`` with ``HARD_WORLDS`` worlds per card play;
* ``expert``: ``pimc`` with ``EXPERT_WORLDS`` worlds (more samples, the same solver;
  within 2 s per decision on one core in the euchre family).

>>> from tricktable.games import load_game
>>> [make_level(name, load_game("all_fours")).name for name in LEVELS]
['easy', 'medium', 'hard', 'expert']
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot, require_legal
from tricktable.bots.pimc import PimcBot
from tricktable.core import Game, SeatView

LEVELS = ("easy", "medium", "hard", "expert")
"""Level names, weakest first."""
MISTAKE_RATE = 0.25
"""How often ``easy`` plays a random legal action."""
HARD_WORLDS = 20
EXPERT_WORLDS = 50


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
    from tricktable.bots import make_bot

    if name == "easy":
        return MistakenBot(make_bot("heuristic", game, seat), MISTAKE_RATE)
    if name == "medium":
        return NamedBot(make_bot("heuristic", game, seat), "medium")
    if name == "hard":
        return NamedBot(PimcBot(game, seat, worlds=HARD_WORLDS), "hard")
    if name == "expert":
        return NamedBot(PimcBot(game, seat, worlds=EXPERT_WORLDS), "expert")
    raise ValueError(f"unknown level {name!r}; levels: {', '.join(LEVELS)}")
