"""Perfect-information Monte Carlo (``pimc``): sample worlds, solve each, play the best mean.

For a card play, the bot draws ``worlds`` placements of the unseen cards from its view
(``tricktable.search.resample``), solves every legal card double-dummy in each
(``tricktable.search.solver``), and plays the card with the best mean value for its camp
(ties go to the card the heuristic would play). Decisions outside card play (bidding,
ordering, calling, going alone, begging, discards) are taken by the game's heuristic bot.
Its only randomness is the ``rng`` passed to ``choose``.

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("euchre")
>>> state = game.new_match(random.Random(8))
>>> state.deal_random(random.Random(8))
>>> while state.phase.name != "PLAY":
...     state.apply(state.legal_actions()[0])
>>> bot = PimcBot(game, worlds=8)
>>> bot.choose(state.view(state.current_player), random.Random(1)) in state.legal_texts()
True
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot, require_legal
from tricktable.cards import card_name
from tricktable.core import Game, SeatView
from tricktable.search.play_facts import play_facts
from tricktable.search.position import position_from
from tricktable.search.resample import Resampler
from tricktable.search.solver import Solver

DEFAULT_WORLDS = 20
"""Worlds sampled per card play unless told otherwise."""


class PimcBot(Bot):
    """Card play by sampled double-dummy solves; other decisions by the heuristic."""

    name = "pimc"

    def __init__(
        self,
        game: Game[Any],
        seat: int | None = None,
        worlds: int = DEFAULT_WORLDS,
        fallback: Bot | None = None,
    ) -> None:
        super().__init__(game, seat)
        if worlds < 1:
            raise ValueError(f"worlds must be >= 1, not {worlds}")
        self.worlds = worlds
        """Worlds sampled per card play."""
        if fallback is None:
            from tricktable.bots import make_bot

            fallback = make_bot("heuristic", game, seat)
        self.fallback = fallback
        """The bot that takes every decision other than card play."""

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase != "play" or play_facts(self.game, view) is None:
            return self.fallback.choose(view, rng)
        values = self.card_values(view, rng)
        if not values:
            return self.fallback.choose(view, rng)
        best = max(values.values())
        preferred = self.fallback.choose(view, random.Random(rng.getrandbits(32)))
        for text in (preferred, *legal):
            if text.startswith("play ") and values.get(text, best - 1) >= best:
                return text
        return max(values, key=lambda text: values[text])

    def card_values(self, view: SeatView, rng: random.Random) -> dict[str, float]:
        """The mean double-dummy value of each legal card play over sampled worlds."""
        sampler = Resampler(self.game, view)
        totals: dict[int, float] = {}
        for _ in range(self.worlds):
            world = sampler.sample(rng)
            solver = Solver(position_from(self.game, view, world))
            for card, value in solver.move_values():
                totals[card] = totals.get(card, 0.0) + value
        legal = set(view.legal)
        out: dict[str, float] = {}
        for card, total in totals.items():
            text = f"play {card_name(card)}"
            if text in legal:
                out[text] = total / self.worlds
        return out
