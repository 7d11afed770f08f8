"""The random bot: a uniform choice among the legal actions."""

from __future__ import annotations

import random

from tricktable.bots.base import Bot, require_legal
from tricktable.core import SeatView


class RandomBot(Bot):
    """Picks uniformly among ``view.legal`` (any game)."""

    name = "random"

    def choose(self, view: SeatView, rng: random.Random) -> str:
        return rng.choice(require_legal(view))
