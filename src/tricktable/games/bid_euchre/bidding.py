"""Partnership bid euchre's bids and naming of trump by sampled worlds (``pimc`` outside the
play, levels ``hard`` and ``expert``).

The choices of the bidding (``pass``, the lowest number bids, and ``bid shoot`` and ``bid
alone`` for a strong hand) and the hand's best contracts when naming trump (``candidates``;
the heuristic's own choice among them) are valued over worlds drawn from the seat's view,
those that agree with the others' bids first (``bid_reading``): in each world the deal is
rebuilt with the engine, the choice applied, every later decision before the play (the
others' bids, naming trump, the passed card and the discard) taken by the heuristic bot, and
the play solved double-dummy for the makers' tricks; the deal is scored by the table's rules
(``deal_points``) and the value is the seat's side's points minus the other side's (a
thrown-in deal is worth 0).

The individual form values its bids (``pass``, the heuristic's bid and those next to it, the
lowest number bid), its naming of trump (the hand's best contracts by the heuristic's
estimate) and its stay or drop the same way (``individual_candidates``), each world's play
solved once double-dummy for the seat's own tricks, every other seat against it (the form's
search model). Scores count down there: the value is the mean of the other seats' score
changes less the seat's own, the seat's change by its tricks and bid (a set adds
``set_points``), the others' taken to share the other tricks evenly (one solve does not say
how; their own sets are not counted). A dropped seat's change is 0.

>>> import random
>>> from tricktable.games import load_game
>>> state = load_game("bid_euchre(preset=partnership)").new_state(first_dealer=3)
>>> state.deal_random(random.Random(1))
>>> values = evaluate(state.game, state.view(0), random.Random(1), 2)
>>> sorted(values) == sorted(candidates(state.game, state.view(0)))
True
>>> individual = load_game("bid_euchre", players=3).new_state(first_dealer=2)
>>> individual.deal_random(random.Random(1))
>>> values = evaluate(individual.game, individual.view(0), random.Random(1), 2)
>>> sorted(values) == sorted(individual_candidates(individual.game, individual.view(0)))
True
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.search.playout_bidding import world_state
from tricktable.bots.search.sampled_worlds import bid_to_the_play, capped_evaluator, sampled_values
from tricktable.cards import mask_of
from tricktable.core import Game, SeatView, State
from tricktable.games.bid_euchre.facts import HIGH, LOW, BidEuchreFacts, PartnershipFacts
from tricktable.games.bid_euchre.heuristic import CONTRACTS, estimate, heuristic_bot
from tricktable.games.bid_euchre.partnership import (
    PartnershipBidEuchre,
    PartnershipState,
    deal_points,
    side_of,
)
from tricktable.games.bid_euchre.partnership_heuristic import best_contract, hand_value
from tricktable.search.position import position_from
from tricktable.search.resample import World
from tricktable.search.solver import Solver

PHASES = ("bid", "name")
"""The partnership form's decisions valued here (before any card is passed or played)."""


NUMBER_BIDS_VALUED = 3
"""The number bids valued: the lowest the seat may make and the next ones, this many."""
CONTRACTS_VALUED = 3
"""The contracts valued when naming trump: the hand's best this many by the heuristic's
estimate."""
LONE_VALUED_FROM = 4.0
"""Lone bids are valued only for a hand worth this many tricks alone (the heuristic's
estimate); weaker hands never take all six."""


def candidates(game: Game[Any], view: SeatView) -> list[str]:
    """The choices worth valuing at ``view``: ``pass``, the lowest number bids and, for a
    strong hand, the lone bids; or the hand's best contracts when naming trump. The
    heuristic's own choice is always among them.

    >>> import random
    >>> from tricktable.games import load_game
    >>> state = load_game("bid_euchre(preset=partnership)").new_state(first_dealer=3)
    >>> state.deal_random(random.Random(1))
    >>> candidates(state.game, state.view(0))
    ['pass', 'bid 3', 'bid 4', 'bid 5', 'bid alone', 'bid shoot']
    """
    hand = mask_of(view.hand)
    facts = view.facts(PartnershipFacts)
    contracts = CONTRACTS if facts.no_trump else CONTRACTS[:4]
    legal = list(view.legal)
    chosen: list[str] = []
    if view.phase == "name":
        ranked = sorted(contracts, key=lambda c: -hand_value(hand, c))[:CONTRACTS_VALUED]
        chosen = [c if c in (HIGH, LOW) else f"name {c}" for c in ranked]
    else:
        numbers = [text for text in legal if text.split()[-1].isdigit()]
        chosen = [text for text in legal if text == "pass"] + numbers[:NUMBER_BIDS_VALUED]
        if best_contract(hand, contracts)[1] >= LONE_VALUED_FROM:
            chosen += [text for text in legal if text in ("bid shoot", "bid alone")]
    preferred = heuristic_bot(game, view.seat).choose(view, random.Random(0))
    if preferred not in chosen:
        chosen.append(preferred)
    return [text for text in chosen if text in legal]


def bidding_values(
    game: Game[Any], view: SeatView, rng: random.Random, worlds: int
) -> dict[str, float]:
    """The mean value of each choice of ``view`` worth valuing, over sampled worlds: in the
    partnership form the seat's side's points minus the other side's (``candidates``, over
    worlds that agree with the others' bids first), in the individual form
    ``individual_value`` (``individual_candidates``, over uniform worlds: its bids are not
    read)."""
    partnership = isinstance(view.public, PartnershipFacts)
    score = _rollout if partnership else _individual_rollout
    chosen = candidates(game, view) if partnership else individual_candidates(game, view)

    def rollout(state: State, bots: list[Bot], rng: random.Random) -> float:
        return score(game, state, view.seat, bots, rng)

    return sampled_values(
        game, view, rng, worlds, world_state, rollout, read_bids=partnership, actions=chosen
    )


def _rollout(
    game: Game[Any], state: State, seat: int, bots: list[Bot], rng: random.Random
) -> float:
    """Heuristic decisions up to the first lead, then the double-dummy play, scored."""
    deals = len(state.deals)
    bid_to_the_play(state, bots, rng)
    if len(state.deals) != deals or not isinstance(state, PartnershipState):
        return 0.0  # thrown in (all_pass redeal)
    if state.phase.name != "PLAY":
        return 0.0
    maker = state.bidder
    makers = side_of(maker)
    tricks = Solver(position_from(game, state.view(maker), World(tuple(state.hands), 0))).solve()
    points = deal_points(state.rules, state.high, state.lone, tricks)
    ours, theirs = (points[0], points[1]) if makers == side_of(seat) else (points[1], points[0])
    return float(ours - theirs)


def in_the_bidding(game: Game[Any], view: SeatView) -> bool:
    """Whether ``view`` is a partnership decision valued here (``PHASES``)."""
    return (
        isinstance(game, PartnershipBidEuchre)
        and isinstance(view.public, PartnershipFacts)
        and view.phase in PHASES
    )


INDIVIDUAL_PHASES = ("bid", "name", "stay")
"""The individual form's decisions valued here (all before the play)."""


def individual_candidates(game: Game[Any], view: SeatView) -> list[str]:
    """The individual form's choices worth valuing at ``view``: ``pass``, the heuristic's
    bid, the number bids next to it and the lowest; the hand's best contracts when naming
    trump; ``stay`` and ``drop``. The heuristic's own choice is always among them."""
    legal = list(view.legal)
    preferred = heuristic_bot(game, view.seat).choose(view, random.Random(0))
    chosen = [preferred]
    if view.phase == "bid":
        numbers = [text for text in legal if text.split()[-1].isdigit()]
        near = numbers.index(preferred) if preferred in numbers else 0
        chosen += ["pass", *numbers[max(0, near - 1) : near + 2], *numbers[:1]]
    elif view.phase == "name":
        hand = mask_of(view.hand)
        ranked = sorted(CONTRACTS, key=lambda c: -estimate(hand, c))[:CONTRACTS_VALUED]
        chosen += [c if c in (HIGH, LOW) else f"name {c}" for c in ranked]
    else:
        chosen += legal
    return [text for text in legal if text in chosen]


def _individual_rollout(
    game: Game[Any], state: State, seat: int, bots: list[Bot], rng: random.Random
) -> float:
    """Heuristic decisions up to the first lead, then one double-dummy solve for the seat's
    tricks, valued by ``individual_value``."""
    bid_to_the_play(state, bots, rng)
    if state.phase.name != "PLAY":
        return 0.0
    view = state.view(seat)
    facts = view.facts(BidEuchreFacts)
    if seat in facts.sitting_out:
        tricks = 0
    else:
        tricks = Solver(position_from(game, view, World(tuple(state.hands), 0))).solve()
    return individual_value(facts, seat, tricks, game.players)


def individual_value(facts: BidEuchreFacts, seat: int, tricks: int, players: int) -> float:
    """The mean of the other seats' score changes less ``seat``'s for a deal in which it
    takes ``tricks`` (scores count down: taking tricks is good, a set adds
    ``set_points``), the other tricks shared evenly by the others.

    >>> from dataclasses import replace
    >>> from tricktable.testing import dealt_match
    >>> facts = dealt_match("bid_euchre", 3).view(0).facts(BidEuchreFacts)   # 6 cards each
    >>> bid = replace(facts, bidder=0, high_bid=3, sitting_out=())
    >>> [round(individual_value(bid, 0, tricks, 4), 3) for tricks in (4, 2)]   # made; set
    [3.333, -6.333]
    """
    if seat in facts.sitting_out:
        mine = 0.0
    elif seat == facts.bidder:
        made = facts.high_bid is not None and tricks >= facts.high_bid
        mine = -float(tricks) if made else float(facts.set_points)
    else:
        mine = -float(tricks) if tricks else float(facts.set_points)
    others = -(facts.hand_size - tricks) / (players - 1)
    return others - mine


def individual(game: Game[Any], view: SeatView) -> bool:
    """Whether ``view`` is an individual-form decision valued here (``INDIVIDUAL_PHASES``)."""
    return isinstance(view.public, BidEuchreFacts) and view.phase in INDIVIDUAL_PHASES


evaluate = capped_evaluator(
    lambda game, view: in_the_bidding(game, view) or individual(game, view), bidding_values
)
"""The partnership form's bids and naming of trump, and the individual form's decisions of
``INDIVIDUAL_PHASES``, valued over sampled worlds (the spec's ``decisions``); ``None`` for
every other decision."""
