"""Perfect-information Monte Carlo (``pimc``): sample worlds, solve each, play the best mean.

For a card play, the bot draws ``worlds`` placements of the unseen cards from its view
(``tricktable.search.resample``; where the game's search adapter reads bids, the worlds that
agree with the others' bids come first, ``bid_reading``), solves every legal card
double-dummy in each (``tricktable.search.solver``), and plays the card with the best mean
value for its camp (ties go to the card the heuristic would play); an action that ends the
play without a card (euchre's ``concede``) is valued as the game's search adapter says
(``SearchAdapter.stop_values``), beside the cards. A world's value is what
the game's search adapter says it is worth (``SearchAdapter.play_value``: in four-handed
euchre the deal's points weighed by the match's score, in two-sided All Fours the side's
chance of winning the match). Decisions outside card play are valued over sampled worlds
where the spec names an evaluator of them (``GameSpec.decisions``: euchre's making rounds,
All Fours' stand / beg and give / run with two sides, Romanian whist's bids, the bidding of
two-handed, three-handed and set-back euchre, Pitch's and partnership bid euchre's bids), by
the game's learned model where its spec names one that values them (``GameSpec.learned``,
``learn.part``: Romanian whist's and Oh Hell's bids, the up-card euchres' making rounds, All
Fours' stand / beg and give / run, set-back euchre's making rounds, declarations and
throw-ins, both bid euchres' bids and naming of trump and the individual form's stay or
drop), and by both where both do, weighed by the learned part's ``sampled_share``
(Romanian whist: the model alone); the others, and the first
tricks of hands too large to solve for a decision (``GameSpec.solve_limit``), are taken by
the game's heuristic bot. Where every seat plays for its own bid (Romanian whist, Oh Hell),
``postpone`` chooses the seat's next cards once for the worlds it cannot tell apart before
each world is solved (extended PIMC, ``epimc``). Its only randomness is the ``rng`` passed
to ``choose``.

>>> import random
>>> from tricktable.testing import first_trick
>>> state = first_trick("euchre(preset=north_american)", 8)
>>> game = state.game
>>> bot = PimcBot(game, worlds=8)
>>> bot.choose(state.view(state.current_player), random.Random(1)) in state.legal_texts()
True
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from typing import Any

from tricktable.bots.base import Bot, require_legal
from tricktable.bots.search.bid_reading import read_worlds
from tricktable.bots.search.epimc import postponed_totals
from tricktable.bots.search.inference import learned_part
from tricktable.bots.search.sampled_worlds import BID_WORLDS, Evaluator
from tricktable.cards import card_name
from tricktable.core import Game, SeatView
from tricktable.games import spec_of
from tricktable.search.adapter import search_adapter
from tricktable.search.lookahead import lookahead_totals, summed_values
from tricktable.search.play_facts import play_facts
from tricktable.search.position import position_from
from tricktable.search.resample import InconsistentViewError, Resampler
from tricktable.search.solver import Solver

LOG = logging.getLogger(__name__)

DEFAULT_WORLDS = 20
"""Worlds sampled per card play unless told otherwise."""
BIDDING_MARGIN = 0.25
"""A valued decision outside card play (a euchre bid, an All Fours stand, beg, give or run,
...) overrides the heuristic's only when its sampled value is better by this many points (a
guard against the noise of a few dozen worlds)."""
LEARNED_MARGIN = 0.0
"""A learned model's values have no sampling noise: its best overrides the heuristic's choice
unless the two are tied."""


class PimcBot(Bot):
    """Card play by sampled double-dummy solves; other decisions by the heuristic."""

    name = "pimc"

    def __init__(
        self,
        game: Game[Any],
        seat: int | None = None,
        worlds: int = DEFAULT_WORLDS,
        fallback: Bot | None = None,
        bidding: bool = True,
        depth: int = 1,
        learned: bool = True,
        inference: bool = True,
        sampled_share: float | None = None,
        each_for_itself: int | None = None,
        postpone: int = 0,
    ) -> None:
        super().__init__(game, seat)
        if worlds < 1:
            raise ValueError(f"worlds must be >= 1, not {worlds}")
        if depth < 1:
            raise ValueError(f"depth must be >= 1, not {depth}")
        if sampled_share is not None and not 0.0 <= sampled_share <= 1.0:
            raise ValueError(f"sampled_share must be from 0 to 1, not {sampled_share}")
        if each_for_itself is not None and each_for_itself < 0:
            raise ValueError(f"each_for_itself must be >= 0, not {each_for_itself}")
        if postpone < 0:
            raise ValueError(f"postpone must be >= 0, not {postpone}")
        self.worlds = worlds
        """Worlds sampled per card play."""
        self.depth = depth
        """How many of the seat's own cards, this one first, are chosen once for the
        worlds it cannot tell apart (``search.lookahead``; 1 is plain ``pimc``; Romanian
        whist always plays at 1)."""
        self.bid_worlds = min(worlds, BID_WORLDS)
        """Worlds sampled per decision outside the card play that plays each choice out in
        every world (each game's evaluator may take fewer, or more for Romanian whist's
        bids)."""
        if fallback is None:
            from tricktable.bots import make_bot

            fallback = make_bot("heuristic", game, seat)
        self.fallback = fallback
        """The bot that takes every decision other than card play."""
        self.bidding = bidding
        """Whether the decisions outside card play are valued by sampled worlds too (where
        the game's spec names an evaluator of them)."""
        self.learned = learned
        """Whether the game's learned model (its spec's ``learned`` part) values the decisions
        it applies to, before any sampled valuation (with ``bidding``)."""
        self.inference = inference
        """Whether the worlds of a card play are drawn as likely as the others' choices make
        them, where the game's learned model reads them (``inference``)."""
        self.sampled_share = sampled_share
        """The share of the sampled worlds' values beside the learned model's in a decision
        both value (``None``: the learned part's own ``sampled_share``)."""
        self.each_for_itself = each_for_itself
        """The most cards in play for which a card play is valued with every seat playing
        for its own deal score (``None``: the game's search adapter's
        ``each_for_itself_cards``; 0: never)."""
        self.postpone = postpone
        """Where every seat plays for its own bid (valued ``by_final_tricks``): how many of
        the seat's own later cards are chosen once for the worlds it cannot tell apart before
        each world is solved (extended PIMC, ``epimc``; 0 is plain ``pimc``)."""
        self.fallbacks = 0
        """How many decisions the heuristic took because no world fitted the view."""

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        try:
            return self._search_choice(view, rng)
        except InconsistentViewError as error:
            # A view the resampler's model does not cover: the heuristic decides, and the
            # bot says so (in its log and its count of such decisions).
            self.fallbacks += 1
            LOG.info("%s, seat %d: %s; the heuristic decides", self.name, view.seat, error)
            return self.fallback.choose(view, rng)

    def _search_choice(self, view: SeatView, rng: random.Random) -> str:
        spec = spec_of(self.game)
        learned = learned_part(self.game) if self.bidding and self.learned else None
        modelled = None if learned is None else learned.values(self.game, view)
        share = 1.0
        if learned is not None and modelled is not None:
            share = (
                learned.share_in(self.game) if self.sampled_share is None else self.sampled_share
            )
        if self.bidding and spec.decisions is not None and share > 0:
            evaluate: Evaluator = spec.decisions.load()
            values = evaluate(self.game, view, rng, self.worlds)
            if values is not None and modelled is not None:
                values = {
                    text: (1 - share) * modelled[text] + share * value
                    for text, value in values.items()
                }
            if values is not None:
                return self.best_of(values, view, rng, margin=share * BIDDING_MARGIN)
        if modelled is not None:
            return self.best_of(modelled, view, rng, margin=LEARNED_MARGIN)
        facts = play_facts(self.game, view)
        if view.phase != "play" or facts is None or not self._small_enough(view):
            return self.fallback.choose(view, rng)
        return self.best_of(self.card_values(view, rng), view, rng)

    def best_of(
        self, values: dict[str, float], view: SeatView, rng: random.Random, margin: float = 0.0
    ) -> str:
        """The action of best value; the heuristic's choice when it is within ``margin``
        of the best (ties included), or when there are no values."""
        preferred = self.fallback.choose(view, random.Random(rng.getrandbits(32)))
        if not values:
            return preferred
        best = max(values.values())
        if values.get(preferred, best - margin - 1) >= best - margin:
            return preferred
        for text in view.legal:
            if values.get(text, best - 1) >= best:
                return text
        return max(values, key=lambda text: values[text])

    def _small_enough(self, view: SeatView) -> bool:
        limit = spec_of(self.game).solve_limit
        if limit is None:
            return True
        knowledge = Resampler(self.game, view).know
        facts = play_facts(self.game, view)
        assert facts is not None
        in_play = sum(
            size for seat, size in enumerate(knowledge.sizes) if facts.next_seat[seat] >= 0
        )
        return in_play <= limit

    def card_values(self, view: SeatView, rng: random.Random) -> dict[str, float]:
        """The mean double-dummy value of each legal card play over sampled worlds (in
        euchre the deal's points by the tricks taken, ``euchre_bidding.play_points``, over
        worlds that agree with the bids, ``bid_reading.read_worlds``; in two-sided All
        Fours the chance of winning the game in points worth, ``all_fours_odds``)."""
        adapter = search_adapter(self.game)
        value = adapter.play_value(self.game, view)
        each_limit = self.each_for_itself
        if each_limit is None:
            each_limit = adapter.each_for_itself_cards

        def solvers() -> Iterator[Solver]:
            for world in read_worlds(self.game, view, rng, self.worlds, inference=self.inference):
                pos = position_from(self.game, view, world)
                value.prepare(pos)
                pos.each_for_itself = pos.cards_in_play() <= each_limit
                yield Solver(pos)

        drawn = list(solvers()) if self.postpone > 0 else []
        if drawn and drawn[0].by_final:  # each seat plays for its own bid
            totals = postponed_totals(drawn, view.seat, self.postpone, value.worth)
        elif self.depth > 1 and adapter.lookahead:
            totals = lookahead_totals(drawn or list(solvers()), view.seat, self.depth, value.worth)
        else:  # one world's solver at a time (whist's tables are large)
            worlds = drawn or solvers()
            totals = summed_values(((solver, 0) for solver in worlds), value.worth)
        legal = set(view.legal)
        out: dict[str, float] = {}
        for card, total in totals.items():
            text = f"play {card_name(card)}"
            if text in legal:
                out[text] = total / self.worlds
        out.update(adapter.stop_values(self.game, view, value))
        return out
