"""Perfect-information Monte Carlo (``pimc``): sample worlds, solve each, play the best mean.

For a card play, the bot draws ``worlds`` placements of the unseen cards from its view
(``tricktable.search.resample``), solves every legal card double-dummy in each
(``tricktable.search.solver``), and plays the card with the best mean value for its camp
(ties go to the card the heuristic would play; in four-handed euchre a world's value is
the deal's points weighed by the game's score, ``euchre_bidding.play_points`` and
``game_odds``; in All Fours with two sides it is the side's chance of winning the game,
the points counted in order, ``all_fours_odds``; and in euchre and All Fours the worlds
that agree with the others' bids come first, ``bid_reading``). In four-handed euchre the bidding
rounds (order, call, alone, pass) are valued the same way over sampled worlds
(``tricktable.games.euchre.bidding``), and so are All Fours' stand / beg and give /
run with two players (``tricktable.games.all_fours.bidding``), and the bidding of two-handed
and set-back euchre (``tricktable.bots.search.playout_bidding``). Other decisions outside card
play (three-handed and bid euchre's bidding, discards, ...) are taken by the game's
heuristic bot, and so are the first tricks of the games in ``SOLVE_LIMIT`` (large
Romanian-whist and four-handed All Fours hands, too slow to solve within a decision's time).
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
from collections.abc import Iterator
from typing import Any

from tricktable.bots.base import Bot, require_legal
from tricktable.bots.search import playout_bidding
from tricktable.bots.search.bid_reading import read_worlds
from tricktable.cards import card_name
from tricktable.core import Game, SeatView
from tricktable.games.all_fours import bidding as all_fours_bidding
from tricktable.games.all_fours import odds as all_fours_odds
from tricktable.games.euchre.bidding import BIDDING_PHASES, bidding_values, play_points
from tricktable.games.romanian_whist import bidding as whist_bidding
from tricktable.search.lookahead import lookahead_totals, summed_values
from tricktable.search.play_facts import play_facts
from tricktable.search.position import position_from
from tricktable.search.resample import Resampler
from tricktable.search.solver import UTILITY_SCALE, Solver

DEFAULT_WORLDS = 20
"""Worlds sampled per card play unless told otherwise."""
BIDDING_MARGIN = 0.25
"""A euchre bid (or All Fours stand, beg, give, run) overrides the heuristic's only when
its sampled value is better by this many points (a guard against the noise of a few dozen
worlds)."""
BID_WORLDS = 50
"""At most this many worlds for a euchre bid or an All Fours stand, beg, give or run (each
world plays out every legal choice: 50 take about 0.13 s for a euchre bid on the compiled
build, 0.6 s on the Python sources)."""
WHIST_BID_WORLDS = 60
"""At most this many worlds for a Romanian-whist bid, three per card-play world (each
plays out the whole deal for every likely bid, ``whist_bidding.likely_bids``)."""
WHIST_BID_CARDS = 1152
"""At most this many cards in the hands of a Romanian-whist bid's playouts, worlds times
likely bids times hand size: 60 worlds for three likely bids up to 6-card hands, 48 for
three bids of an 8-card hand, 36 for four (60 took up to 2.6 s there on one core of the
compiled build)."""
SOLVE_LIMIT: dict[str, int] = {"romanian_whist": 28, "all_fours": 12}
"""Games whose full-hand solves are too slow for a decision: the solver is used only once
at most this many cards are left in the hands at play (the heuristic plays before). In
Romanian whist 28 cards (four hands of 7) cost ``hard`` about 0.16 s a decision (median)
on the compiled build and 2.4 s on the Python sources; four hands of 8 would cost about
1.6 s compiled for little more strength."""


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
    ) -> None:
        super().__init__(game, seat)
        if worlds < 1:
            raise ValueError(f"worlds must be >= 1, not {worlds}")
        if depth < 1:
            raise ValueError(f"depth must be >= 1, not {depth}")
        self.worlds = worlds
        """Worlds sampled per card play."""
        self.depth = depth
        """How many of the seat's own cards, this one first, are chosen once for the
        worlds it cannot tell apart (``search.lookahead``; 1 is plain ``pimc``; Romanian
        whist always plays at 1)."""
        self.bid_worlds = min(worlds, BID_WORLDS)
        """Worlds sampled per decision outside the card play (``WHIST_BID_WORLDS`` for whist
        bids)."""
        if fallback is None:
            from tricktable.bots import make_bot

            fallback = make_bot("heuristic", game, seat)
        self.fallback = fallback
        """The bot that takes every decision other than card play."""
        self.bidding = bidding
        """Whether the bidding is decided by sampled worlds too (where a module does it)."""

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        try:
            return self._search_choice(view, rng)
        except ValueError:
            # A view the resampler finds inconsistent (a case its model does not cover,
            # such as an up-card discarded and a void shown later): the heuristic decides.
            return self.fallback.choose(view, rng)

    def _search_choice(self, view: SeatView, rng: random.Random) -> str:
        if self.bidding and self.game.name == "euchre" and view.phase in BIDDING_PHASES:
            values = bidding_values(self.game, view, rng, self.bid_worlds)
            return self.best_of(values, view, rng, margin=BIDDING_MARGIN)
        if self.bidding and whist_bidding.applies(self.game, view):
            bids = whist_bidding.likely_bids(self.game, view, rng)
            size = int(view.public["hand_size"])
            affordable = WHIST_BID_CARDS // max(1, len(bids) * size)
            worlds = max(1, min(3 * self.worlds, WHIST_BID_WORLDS, affordable))
            values = whist_bidding.bid_values(self.game, view, rng, worlds, bids=bids)
            return self.best_of(values, view, rng, margin=BIDDING_MARGIN)
        if self.bidding and all_fours_bidding.applies(self.game, view):
            values = all_fours_bidding.stand_beg_values(self.game, view, rng, self.bid_worlds)
            return self.best_of(values, view, rng, margin=BIDDING_MARGIN)
        if self.bidding and playout_bidding.applies(self.game, view):
            values = playout_bidding.playout_values(self.game, view, rng, self.bid_worlds)
            return self.best_of(values, view, rng, margin=BIDDING_MARGIN)
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
        limit = SOLVE_LIMIT.get(self.game.name)
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
        points = play_points(self.game, view)
        scale = all_fours_odds.play_scale(self.game, view)

        def worth(value: int) -> float:
            if scale is not None:
                return scale.points(value / UTILITY_SCALE)
            if points is not None:
                return points[min(value, len(points) - 1)]
            return float(value)

        def solvers() -> Iterator[Solver]:
            for world in read_worlds(self.game, view, rng, self.worlds):
                pos = position_from(self.game, view, world)
                if scale is not None:
                    pos.utilities = all_fours_odds.play_utilities(self.game, view, pos)
                yield Solver(pos)

        if self.depth > 1 and self.game.name != "romanian_whist":
            totals = lookahead_totals(list(solvers()), view.seat, self.depth, worth)
        else:  # one world's solver at a time (whist's tables are large)
            totals = summed_values(((solver, 0) for solver in solvers()), worth)
        legal = set(view.legal)
        out: dict[str, float] = {}
        for card, total in totals.items():
            text = f"play {card_name(card)}"
            if text in legal:
                out[text] = total / self.worlds
        return out
