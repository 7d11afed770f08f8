"""The bot levels every game offers: ``easy``, ``medium``, ``hard`` and ``expert``.

* ``easy``: the game's heuristic, but with probability ``MISTAKE_RATE`` a uniformly
  random legal action instead (the mistakes come from the seeded ``rng``);
* ``medium``: the game's heuristic;
* ``hard``: ``pimc`` with ``HARD_WORLDS`` worlds per decision;
* ``expert``: ``pimc`` with ``EXPERT_WORLDS`` worlds (more samples, the same solver;
  within 2 s per decision on one core of the compiled build, ``bench/decision_times.py``;
  the Python sources are several times slower: about 2.4 s a Romanian-whist decision at
  7-card hands, 2.3 s at an All Fours first lead).

Four-handed euchre and All Fours, whose solves are quick and whose play gains from more
worlds, take more of them (``GAME_WORLDS``). In Romanian whist more worlds gain nothing
and cost up to twice the time limit, so ``expert`` plays as ``hard`` there.

>>> from tricktable.games import load_game
>>> [make_level(name, load_game("all_fours")).name for name in LEVELS]
['easy', 'medium', 'hard', 'expert']
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot, require_legal
from tricktable.bots.search.pimc import PimcBot
from tricktable.core import Game, SeatView

LEVELS = ("easy", "medium", "hard", "expert")
"""Level names, weakest first."""
MISTAKE_RATE = 0.25
"""How often ``easy`` plays a random legal action."""
HARD_WORLDS = 20
EXPERT_WORLDS = 50
GAME_WORLDS: dict[str, tuple[int, int]] = {
    "euchre": (50, 100),
    "all_fours": (50, 100),
    "romanian_whist": (20, 20),
}
"""``(hard, expert)`` worlds where they differ from ``HARD_WORLDS`` and ``EXPERT_WORLDS``:
four-handed euchre and All Fours, whose solves are quick and whose play gains from more
worlds. Points a deal above ``medium`` from the first lead (``medium`` at the other seats,
the same positions; docs/bots.md): euchre (1,000 positions) 20 worlds +0.042, 50 +0.062,
100 +0.079; All Fours (800) 20 worlds +0.100, 50 +0.123, 100 +0.149. Romanian whist's play
gains nothing from more than 20 worlds (+0.545 above the others with 50, +0.564 with 20)
and 50 took up to 4 s a decision (the second trick of 8-card deals, compiled build), so
``expert`` plays as ``hard`` there."""


def level_worlds(name: str, game: Game[Any]) -> int:
    """The worlds ``pimc`` samples per decision at level ``hard`` or ``expert`` in ``game``.

    >>> from tricktable.games import load_game
    >>> level_worlds("hard", load_game("euchre")), level_worlds("hard", load_game("bid_euchre"))
    (50, 20)
    """
    hard, expert = GAME_WORLDS.get(game.name, (HARD_WORLDS, EXPERT_WORLDS))
    if name == "hard":
        return hard
    if name == "expert":
        return expert
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
    from tricktable.bots import make_bot

    if name == "easy":
        return MistakenBot(make_bot("heuristic", game, seat), MISTAKE_RATE)
    if name == "medium":
        return NamedBot(make_bot("heuristic", game, seat), "medium")
    if name in ("hard", "expert"):
        return NamedBot(PimcBot(game, seat, worlds=level_worlds(name, game)), name)
    raise ValueError(f"unknown level {name!r}; levels: {', '.join(LEVELS)}")
