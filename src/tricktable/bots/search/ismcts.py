"""Information-set Monte Carlo tree search (``ismcts``) for card play.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): every iteration draws a
world consistent with the seat's view (``tricktable.search.resample``), walks one tree
of the play from the current position restricted to the cards that world allows,
choosing by UCB with availability counts (the seat's camp maximizes, the others
minimize), adds one node, values it and backs the value up: the same value the solver
uses (the camp's tricks, points or deal score; in two-sided All Fours the chance of
winning the game as points worth, as ``pimc`` values it), scaled to about 0..1. The card
most visited at the root is played; an action that ends the play without a card (euchre's
``concede``) is never chosen here: its side keeps the tricks it holds and can only add to
them by playing on, so it is never worth more than the best card (``pimc`` values it,
ties going to the heuristic). Decisions outside card play are taken by ``pimc``
(its sampled bidding in euchre, else the heuristic). The budget is a number of
iterations, so a seed always gives the same choice.

Where the game scores every seat by the tricks it ends with (Romanian whist and Oh Hell:
a valuation ``by_final_tricks``), ``objective="each"`` makes it a tree of every seat for
itself: each node keeps every seat's mean reward and the seat to move chooses by its own
(its deal score less ``spite`` times the others' mean, so a broken bid of another seat
counts for it);
``rollout="heuristic"`` plays the playouts by the heuristic's rule (win while short of the
bid, duck once it is made, ``bid_rollout_card``) instead of at random; and ``switch=N``
stops the tree where at most N cards are in play and solves the rest of the iteration's
world exactly with every seat playing for its own bid (the solver's max^n,
``Solver.each_for_itself_tricks``): information sets at the top, exact play at the end.

A new node is valued by random legal plays to the end of the deal (``leaf="random"``,
the default) or by solving the rest of the deal double-dummy in the iteration's world
(``leaf="solver"``, ``leaf_value``): the tree then holds the first cards as the seat
knows them and the solver finishes. ``worlds=N`` draws N worlds once, as ``pimc`` draws
them (those that agree with the bids first), and the iterations go round them. Neither
beats ``pimc`` in All Fours' card play (``docs/bots.md``): the tree's other seats choose
without their own cards in mind, which flatters the seat's risky lines.

>>> import random
>>> from tricktable.testing import first_trick
>>> state = first_trick("euchre(preset=north_american)", 8)
>>> game = state.game
>>> bot = IsmctsBot(game, iterations=200)
>>> bot.choose(state.view(state.current_player), random.Random(1)) in state.legal_texts()
True
"""

from __future__ import annotations

import math
import random
from typing import Any

from tricktable.bots.base import Bot, require_legal
from tricktable.bots.search.bid_reading import read_worlds
from tricktable.bots.search.pimc import PimcBot
from tricktable.cards import card_name, cards_of
from tricktable.core import Game, SeatView
from tricktable.search.adapter import PlayValue, search_adapter
from tricktable.search.minimax import final_value
from tricktable.search.play_facts import play_facts
from tricktable.search.position import position_from
from tricktable.search.resample import Resampler, World
from tricktable.search.solver import Position, Solver, legal_cards

DEFAULT_ITERATIONS = 1000
EXPLORATION = 0.7
LEAVES = ("random", "solver")
ROLLOUTS = ("random", "heuristic")
OBJECTIVES = ("camp", "each")
ROLLOUT_NOISE = 0.1
"""How often a heuristic playout plays a random legal card instead of the rule's."""


class _Node:
    """A tree node: the statistics of the card that led to it."""

    __slots__ = ("avail", "children", "seat", "total", "totals", "visits")

    def __init__(self, seat: int, seats: int = 0) -> None:
        self.seat = seat
        """The seat that played the card leading here (-1 at the root)."""
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.totals: list[float] = [0.0] * seats
        """``objective="each"``: every seat's summed reward."""


class _Playout:
    """The play of one world, card by card (a light twin of the solver's position)."""

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.hands = list(pos.hands)
        self.trick: list[tuple[int, int]] = list(zip(pos.trick_seats, pos.trick_cards, strict=True))
        self.to_move = pos.to_move
        self.active = pos.active_count()
        self.won: list[tuple[int, list[int]]] = []
        self.takens = list(pos.takens) if pos.takens else [0] * len(pos.hands)
        """Tricks every seat has taken in the deal (before the root and since)."""
        self.left = sum(hand.bit_count() for hand in self.hands) + len(self.trick)
        """Cards in play: in hands and in the trick in progress."""

    def done(self) -> bool:
        return not self.trick and not any(self.hands)

    def winning(self, legal: int) -> int:
        """The cards of ``legal`` that would take the trick in progress as it stands."""
        if not self.trick:
            return legal
        pos = self.pos
        led = pos.eff[self.trick[0][1]]
        best = -1
        for _, played in self.trick:
            suit = pos.eff[played]
            if (suit == led or suit == pos.trump) and pos.power[played] > best:
                best = pos.power[played]
        out = 0
        mask = legal
        while mask:
            low = mask & -mask
            card = low.bit_length() - 1
            mask ^= low
            suit = pos.eff[card]
            if (suit == led or suit == pos.trump) and pos.power[card] > best:
                out |= low
        return out

    def legal(self) -> int:
        led = self.pos.eff[self.trick[0][1]] if self.trick else -1
        pos = self.pos
        return legal_cards(self.hands[self.to_move], led, pos.follow, pos.suit_masks, pos.trump)

    def play(self, card: int) -> None:
        seat = self.to_move
        self.hands[seat] &= ~(1 << card)
        self.trick.append((seat, card))
        if len(self.trick) < self.active:
            self.to_move = self.pos.next_seat[seat]
            return
        pos = self.pos
        led = pos.eff[self.trick[0][1]]
        winner, best = self.trick[0][0], pos.power[self.trick[0][1]]
        for other, played in self.trick[1:]:
            suit = pos.eff[played]
            if (suit == led or suit == pos.trump) and pos.power[played] > best:
                winner, best = other, pos.power[played]
        self.won.append((winner, [c for _, c in self.trick]))
        self.takens[winner] += 1
        self.left -= len(self.trick)
        self.trick = []
        self.to_move = winner


def _by_power(pos: Position, mask: int, highest: bool) -> int:
    """The card of a non-empty ``mask`` with the most (``highest``) or least power (of
    equal powers the lowest id)."""
    best_card, best_power = -1, 0
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        power = pos.power[card]
        if best_card < 0 or (power > best_power if highest else power < best_power):
            best_card, best_power = card, power
    return best_card


def bid_rollout_card(playout: _Playout, legal: int) -> int:
    """The heuristic's rule of play for a bid (a valuation ``by_final_tricks``), seeing the
    world's cards only through the trick in progress: a seat short of its bid leads its
    strongest card and follows with the cheapest card that takes the trick (else its
    weakest); a seat that has made its bid leads its weakest card and follows with the
    strongest card that loses the trick (else its strongest, to be rid of it).

    >>> from tricktable.search.solver import Position
    >>> from tricktable.tricks import plain_rules
    >>> pos = Position.make([0b0110, 0b1001], plain_rules(0), 0, [1, 0], 0, 1)
    >>> from tricktable.games.romanian_whist.valuation import ExactBidScore
    >>> pos.valuation, pos.takens = ExactBidScore([1, 0], 5, False), [0, 0]
    >>> bid_rollout_card(_Playout(pos), 0b0110)  # seat 0 wants a trick: its strongest
    2
    """
    pos = playout.pos
    seat = playout.to_move
    short = pos.valuation.short_of(seat, playout.takens[seat])
    if not playout.trick:
        return _by_power(pos, legal, short)
    winners = playout.winning(legal)
    if short:
        return _by_power(pos, winners, False) if winners else _by_power(pos, legal, False)
    losers = legal & ~winners
    return _by_power(pos, losers, True) if losers else _by_power(pos, legal, True)


def play_out(playout: _Playout, rng: random.Random, heuristic: bool) -> None:
    """Play ``playout`` to the end of the deal: with ``heuristic`` each card by
    ``bid_rollout_card`` but a random one ``ROLLOUT_NOISE`` of the time, else every card at
    random."""
    while not playout.done():
        legal = playout.legal()
        if heuristic and rng.random() >= ROLLOUT_NOISE:
            playout.play(bid_rollout_card(playout, legal))
        else:
            playout.play(rng.choice(cards_of(legal)))


def leaf_value(pos: Position, playout: _Playout) -> int:
    """The double-dummy value of ``pos`` (the root of one world) once ``playout``'s cards
    are played: the rest of the deal solved from there, plus what the tricks already won
    in the playout bring (the same units as ``final_value``)."""
    rest = pos.copy()
    rest.hands = list(playout.hands)
    rest.trick_seats = [seat for seat, _ in playout.trick]
    rest.trick_cards = [card for _, card in playout.trick]
    rest.to_move = playout.to_move
    ours = [cards for winner, cards in playout.won if pos.team >> winner & 1]
    if pos.valuation.by_final_tricks:
        rest.taken = pos.taken + len(ours)
        return Solver(rest).solve()
    if pos.valuation.per_trick:
        return len(ours) + Solver(rest).solve()
    still_open = 0  # cards still in a hand or the trick in progress
    for hand in playout.hands:
        still_open |= hand
    for _, card in playout.trick:
        still_open |= 1 << card
    rest.valuation, gained = pos.valuation.settled(playout.won, still_open)
    return gained + Solver(rest).solve()


class IsmctsBot(Bot):
    """Card play by information-set MCTS; other decisions by ``pimc``."""

    name = "ismcts"

    def __init__(
        self,
        game: Game[Any],
        seat: int | None = None,
        iterations: int = DEFAULT_ITERATIONS,
        exploration: float = EXPLORATION,
        leaf: str = "random",
        worlds: int | None = None,
        rollout: str = "random",
        objective: str = "camp",
        spite: float = 0.0,
        switch: int = 0,
    ) -> None:
        super().__init__(game, seat)
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, not {leaf!r}")
        if worlds is not None and worlds < 1:
            raise ValueError(f"worlds must be >= 1, not {worlds}")
        if iterations < 1:
            raise ValueError(f"iterations must be >= 1, not {iterations}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
        if switch < 0:
            raise ValueError(f"switch must be >= 0, not {switch}")
        self.rollout = rollout
        """How a playout plays: ``random`` legal cards, or ``heuristic`` (valued
        ``by_final_tricks``: the heuristic's rule, ``bid_rollout_card``, with
        ``ROLLOUT_NOISE`` random cards; elsewhere at random)."""
        self.objective = objective
        """``camp``: the seat's camp maximizes, every other seat minimizes; ``each`` (valued
        ``by_final_tricks``; elsewhere as ``camp``): every seat maximizes its own reward."""
        self.spite = spite
        """``objective="each"``: a seat's reward is its deal score less this times the
        other playing seats' mean."""
        self.switch = switch
        """``objective="each"``: where at most this many cards are in play, the tree stops
        and the rest of the world is solved each for itself (0: never)."""
        self.iterations = iterations
        self.exploration = exploration
        self.leaf = leaf
        """How a new node is valued: ``random`` plays the deal out at random, ``solver``
        solves the rest of the deal double-dummy in the iteration's world."""
        self.worlds = worlds
        """``None``: a fresh world every iteration; else this many worlds drawn once (those
        that agree with the bids first, ``bid_reading.read_worlds``, as ``pimc`` draws
        them), the iterations going round them."""
        self.other = PimcBot(game, seat)

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if len(legal) == 1 or view.phase != "play" or play_facts(self.game, view) is None:
            return self.other.choose(view, rng)
        visits = self.search(view, rng)
        ranked = sorted(visits.items(), key=lambda item: (-item[1], item[0]))
        for text, _ in ranked:
            if text in legal:
                return text
        return self.other.choose(view, rng)

    def search(self, view: SeatView, rng: random.Random) -> dict[str, int]:
        """Root visit counts of each card play after the iterations."""
        sampler = Resampler(self.game, view)
        value = search_adapter(self.game).play_value(self.game, view)
        pool = []
        if self.worlds is not None:
            worlds = read_worlds(self.game, view, rng, self.worlds)
            pool = [self._root(view, world, value) for world in worlds]
        first = pool[0] if pool else self._root(view, sampler.sample(rng), value)
        each = self.objective == "each" and first.valuation.by_final_tricks
        seats = len(first.hands)
        root = _Node(-1, seats if each else 0)
        heuristic = self.rollout == "heuristic" and first.valuation.by_final_tricks
        for iteration in range(self.iterations):
            if pool:
                pos = pool[iteration % len(pool)]
            elif iteration == 0:
                pos = first
            else:
                pos = self._root(view, sampler.sample(rng), value)
            playout = _Playout(pos)
            node = root
            path = [root]
            while not playout.done():
                if each and node is not root and playout.left <= self.switch:
                    break  # the hybrid: the rest of this world is solved
                moves = cards_of(playout.legal())
                untried = [card for card in moves if card not in node.children]
                seat = playout.to_move
                if untried:
                    card = rng.choice(untried)
                    child = _Node(seat, seats if each else 0)
                    node.children[card] = child
                    for other in moves:
                        if other in node.children:
                            node.children[other].avail += 1
                    playout.play(card)
                    path.append(child)
                    break
                if each:
                    card = self._select_own(node, moves, seat)
                else:
                    card = self._select(node, moves, bool(pos.team >> seat & 1))
                playout.play(card)
                node = node.children[card]
                path.append(node)
            if each:
                rewards = self._rewards(pos, self._finish_each(pos, playout, rng, heuristic))
                for visited in path[1:]:
                    visited.visits += 1
                    totals = visited.totals
                    for other in range(seats):
                        totals[other] += rewards[other]
                continue
            if self.leaf == "solver":
                raw = leaf_value(pos, playout)
            else:
                play_out(playout, rng, heuristic)
                raw = final_value(pos, playout.won)
            share = value.share(raw, pos)
            for visited in path[1:]:
                visited.visits += 1
                visited.total += share
        return {f"play {card_name(card)}": child.visits for card, child in root.children.items()}

    def _finish_each(
        self, pos: Position, playout: _Playout, rng: random.Random, heuristic: bool
    ) -> list[int]:
        """Every seat's tricks at the end of the deal from ``playout``: solved each for
        itself where at most ``switch`` cards are in play, else played out."""
        if not playout.done() and playout.left <= self.switch:
            rest = pos.copy()
            rest.hands = list(playout.hands)
            rest.trick_seats = [seat for seat, _ in playout.trick]
            rest.trick_cards = [card for _, card in playout.trick]
            rest.to_move = playout.to_move
            rest.takens = list(playout.takens)
            rest.taken = playout.takens[pos.team.bit_length() - 1]
            rest.each_for_itself = True
            return Solver(rest).each_for_itself_tricks()
        play_out(playout, rng, heuristic)
        return playout.takens

    def _rewards(self, pos: Position, tricks: list[int]) -> list[float]:
        """Every seat's reward from its final ``tricks``: its deal score less ``spite``
        times the other playing seats' mean, scaled by the most a seat can score."""
        playing = [seat for seat in range(len(pos.hands)) if pos.next_seat[seat] >= 0]
        scores = [
            float(pos.valuation.seat_score(seat, tricks[seat])) for seat in range(len(pos.hands))
        ]
        total = sum(scores[seat] for seat in playing)
        others = max(1, len(playing) - 1)
        scale = float(pos.valuation.most_score(sum(tricks)) + 1)
        return [
            (scores[seat] - self.spite * (total - scores[seat]) / others) / scale
            for seat in range(len(pos.hands))
        ]

    def _root(self, view: SeatView, world: World, value: PlayValue) -> Position:
        """The solver position of ``world``, valued as ``pimc`` values it (in two-sided All
        Fours the chance of winning the game)."""
        pos = position_from(self.game, view, world)
        value.prepare(pos)
        return pos

    def _select(self, node: _Node, moves: list[int], maximizing: bool) -> int:
        best_card = moves[0]
        best_score = -math.inf
        for card in moves:
            child = node.children[card]
            child.avail += 1
        for card in moves:
            child = node.children[card]
            mean = child.total / child.visits
            if not maximizing:
                mean = 1.0 - mean
            score = mean + self.exploration * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_card, best_score = card, score
        return best_card

    def _select_own(self, node: _Node, moves: list[int], seat: int) -> int:
        """``objective="each"``: the card best for ``seat``'s own mean reward (UCB)."""
        best_card = moves[0]
        best_score = -math.inf
        for card in moves:
            node.children[card].avail += 1
        for card in moves:
            child = node.children[card]
            mean = child.totals[seat] / child.visits
            score = mean + self.exploration * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_card, best_score = card, score
        return best_card
