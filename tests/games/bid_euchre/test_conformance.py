"""The conformance suite (tricktable.testing) over bid euchre's option sets and player
counts (3 and 4), plus hypothesis properties checked against RULES.md 1.10 with a slow,
obviously correct reference for following suit, trick winners and scoring.

The preset is played by the single suite (``test_conformance.py``). Random play rarely
finishes a four-player match from 21 (random players are set so often that scores drift
upwards), so the default run plays many short matches (a few deals each) and whole
matches only from small starting scores. ``TRICKTABLE_LONG=1`` turns the
``slow`` test into 10,000 random deals per option set and player count.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.actions import parse_action
from tricktable.cards import card_name
from tricktable.core import State
from tricktable.games import load_game
from tricktable.games.bid_euchre.engine import INDIANA, BidEuchre, BidEuchreState
from tricktable.record import replay_json
from tricktable.testing import (
    check_state_invariants,
    random_playout,
    run_conformance,
)

from ..test_conformance import check_conformance, seed_of

LONG = os.environ.get("TRICKTABLE_LONG") == "1"


# -- the card-places hook ---------------------------------------------------------------------


def bid_euchre(players: int, options: dict[str, Any]) -> BidEuchre:
    game = load_game("bid_euchre", dict(options), players=players)
    assert isinstance(game, BidEuchre)
    return game


OPTION_SETS: dict[str, dict[str, Any]] = {
    "preset_indiana": {"preset": INDIANA},  # the partnership form: test_partnership.py
    "set_points_0": {"set_points": 0},
    "set_points_2_start_10": {"set_points": 2, "start_score": 10},
    "start_score_3": {"start_score": 3},
    "start_score_1_set_points_9": {"start_score": 1, "set_points": 9},
}
CONFIGS = {
    f"{name}_{players}": (players, options)
    for name, options in OPTION_SETS.items()
    for players in (3, 4)
}


MIXES = {name: config for name, config in CONFIGS.items() if not name.startswith("preset_")}
"""The option sets other than the presets (the single suite plays every preset)."""


@pytest.mark.parametrize("name", sorted(MIXES))
def test_conformance_option_mix(name: str) -> None:
    players, options = MIXES[name]
    game = bid_euchre(players, options)
    # whole matches only from small starting scores (random play drifts away from 0)
    short_game = game.rules.start_score <= 3
    whole = check_conformance(
        game, seed_of(name), matches=6, whole=2 if short_game else 0, whole_rate=0.2
    )
    assert whole.finished == whole.matches


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_long_random_deals(name: str) -> None:
    """10,000 random deals per option set and player count with TRICKTABLE_LONG=1 (a few
    dozen by default): every deal checked against the reference, invariants sampled."""
    players, options = CONFIGS[name]
    game = bid_euchre(players, options)
    wanted = 10_000 if LONG else 30
    rate = 0.01 if LONG else 0.1
    played, index = 0, 0
    while played < wanted:
        check_rng = random.Random(f"long {name} {index}")

        def sample(state: State, rng: random.Random, check_rng: random.Random = check_rng) -> None:
            if check_rng.random() < rate:
                check_state_invariants(state)

        state = random_playout(game, random.Random(50_000 + index), max_deals=25, on_step=sample)
        assert isinstance(state, BidEuchreState)
        played += check_match_by_hand(state)
        index += 1
    assert played >= wanted


# -- a slow reference from RULES.md 1.10 ------------------------------------------------------

SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}


SUITS = ("S", "H", "D", "C")


def ref_suit(card: str, contract: str) -> str:
    """The suit a card follows as: the left bower is a trump in a suit contract."""
    if contract in SUITS and card == "J" + SAME_COLOUR[contract]:
        return contract
    return card[1]


def ref_rank(card: str, contract: str) -> int:
    """Order within the card's suit: low 9 T J Q K A (nine highest), high and plain suits
    A K Q J T 9, trump right bower, left bower, A K Q T 9."""
    if contract == "low":
        return 10 - "9TJQKA".index(card[0])
    if contract == "high" or ref_suit(card, contract) != contract:
        return "9TJQKA".index(card[0])
    if card == "J" + contract:
        return 100
    if card == "J" + SAME_COLOUR[contract]:
        return 99
    return "9TQKA".index(card[0])


def ref_winner(trick: list[tuple[int, str]], contract: str) -> int:
    """Highest trump, else the highest card of the led suit."""
    led = ref_suit(trick[0][1], contract)

    def key(card: str) -> tuple[int, int]:
        suit = ref_suit(card, contract)
        level = 2 if contract in SUITS and suit == contract else (1 if suit == led else 0)
        return (level, ref_rank(card, contract) if level else 0)

    return max(trick, key=lambda pair: key(pair[1]))[0]


def ref_tricks(
    actions: list[str],
    position: int,
    held: dict[int, set[str]],
    active: list[int],
    leader: int,
    contract: str,
    players: int,
) -> tuple[list[int], int]:
    """The play of a deal from ``actions[position]`` among the ``active`` seats holding
    ``held``, ``leader`` first, checked card by card (held, followed); each seat's tricks
    by the reference's trick winners, and the position after the play."""
    tricks = [0] * players
    for _ in range(len(held[leader])):
        trick: list[tuple[int, str]] = []
        seat = leader
        for _ in active:
            card = card_name(parse_action(actions[position]) & 127)
            position += 1
            assert card in held[seat]
            if trick:
                led = ref_suit(trick[0][1], contract)
                can = [c for c in held[seat] if ref_suit(c, contract) == led]
                assert not can or ref_suit(card, contract) == led, "failed to follow"
            held[seat].discard(card)
            trick.append((seat, card))
            seat = (seat + 1) % players
            while seat not in active:
                seat = (seat + 1) % players
        leader = ref_winner(trick, contract)
        tricks[leader] += 1
    return tricks, position


def check_match_by_hand(state: BidEuchreState) -> int:
    """Every completed deal of ``state``: bidding, following, trick winners and points as
    RULES.md 1.10 says. Returns the number of deals checked."""
    game = state.game
    n, size = game.players, game.hand_size
    start, set_points = game.rules.start_score, game.rules.set_points
    scores = [start] * n
    sets = [0] * n
    entries = replay_json(state)["deals"]
    checked = 0
    for index, (deal, actions) in enumerate(zip(state.deals, state.history_texts(), strict=True)):
        entry = entries[index]
        if not entry["complete"]:
            break
        dealer = (state.first_dealer + index) % n
        hands = [[card_name(card) for card in hand] for hand in deal.hands]
        assert sorted(c for hand in hands for c in hand) == sorted(card_name(c) for c in game.deck)
        # bidding: one round from eldest, each bid higher, the dealer bids if all passed
        position = 0
        high, bidder = 0, -1
        bids: list[int | None] = [None] * n
        for offset in range(1, n + 1):
            seat = (dealer + offset) % n
            text = actions[position]
            position += 1
            if text == "pass":
                assert not (seat == dealer and bidder < 0), "the stuck dealer passed"
            else:
                value = int(text.split()[1])
                assert high < value <= size
                high, bidder, bids[seat] = value, seat, value
        assert entry["bids"] == bids and entry["makers"] == bidder
        contract_text = actions[position]
        position += 1
        contract = contract_text if contract_text in ("high", "low") else contract_text[-1]
        assert entry["trump"] == contract
        dropped = set()
        for offset in range(1, n):
            seat = (bidder + offset) % n
            assert actions[position] in ("stay", "drop")
            if actions[position] == "drop":
                dropped.add(seat)
            position += 1
        tricks = [0] * n
        active = [s for s in range(n) if s not in dropped]
        if len(active) == 1:
            tricks[bidder] = size
            assert position == len(actions)
        else:
            held = {seat: set(hands[seat]) for seat in active}
            tricks, position = ref_tricks(actions, position, held, active, bidder, contract, n)
        assert entry["tricks"] == tricks
        points = [0] * n
        for seat in active:
            if seat == bidder:
                made = tricks[seat] >= high
                points[seat] = -tricks[seat] if made else set_points
                sets[seat] += 0 if made else 1
            elif tricks[seat] == 0:
                points[seat] = set_points
                sets[seat] += 1
            else:
                points[seat] = -tricks[seat]
        scores = [score + point for score, point in zip(scores, points, strict=True)]
        assert entry["points"] == points and entry["scores"] == scores
        assert entry["sets"] == sets and entry["dealer"] == dealer
        checked += 1
        if min(scores) <= 0:
            best = min(scores)
            leaders = [s for s in range(n) if scores[s] == best]
            fewest = min(sets[s] for s in leaders)
            leaders = [s for s in leaders if sets[s] == fewest]
            assert state.winner() == (leaders[0] if len(leaders) == 1 else leaders)
            assert index == len(state.deals) - 1 and state.is_terminal()
    return checked


# -- hypothesis properties --------------------------------------------------------------------


@st.composite
def configurations(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    players = draw(st.sampled_from([3, 4]))
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["start_score"] = draw(st.integers(1, 30))
    if draw(st.booleans()):
        options["set_points"] = draw(st.integers(0, 9))
    return players, options


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configurations(), seed=st.integers(0, 2**32))
def test_random_matches_follow_the_reference(config: tuple[int, dict[str, Any]], seed: int) -> None:
    players, options = config
    game = bid_euchre(players, options)
    state = random_playout(game, random.Random(seed), max_deals=6)
    assert isinstance(state, BidEuchreState)
    check_match_by_hand(state)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configurations(), seed=st.integers(0, 2**32))
def test_conformance_random_options(config: tuple[int, dict[str, Any]], seed: int) -> None:
    players, options = config
    report = run_conformance(
        bid_euchre(players, options), matches=1, seed=seed, max_deals=2, check_rate=0.3
    )
    assert report.matches == 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4]))
def test_random_deals_hold_the_whole_deck(seed: int, players: int) -> None:
    game = bid_euchre(players, {})
    state = game.new_state(seed % players)
    deal = state.random_deal(random.Random(seed))
    assert deal.turned is None and deal.stock == ()
    assert sorted(c for hand in deal.hands for c in hand) == sorted(game.deck)
    assert {len(hand) for hand in deal.hands} == {24 // players}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_legal_bids_are_exactly_the_higher_ones(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.choice([3, 4])
    game = bid_euchre(players, {})
    state = game.new_match(rng)
    assert isinstance(state, BidEuchreState)
    state.deal_random(rng)
    high, anyone = 0, False
    while state.view(0).phase == "bid":
        seat = state.current_player
        expected = [f"bid {n}" for n in range(high + 1, game.hand_size + 1)]
        if seat == state.dealer and not anyone:
            expected = ["bid 1"]  # RULES.md 1.10: if all pass the dealer must bid 1
        else:
            expected.append("pass")
        assert state.legal_texts() == sorted(expected)
        text = rng.choice(state.legal_texts())
        if text != "pass":
            high, anyone = int(text.split()[1]), True
        state.apply_text(text)
    assert state.view(0).public.to_json()["high_bid"] == high
