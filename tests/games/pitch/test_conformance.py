"""The conformance suite over Pitch's option mixes and player counts (the single suite,
``tests/games/test_conformance.py``, plays the preset for 2 to 7 players), plus
hypothesis properties checked against RULES.md 2.6:

- cards are conserved, and every seat holds six cards at the first lead with the undealt
  cards in the stock;
- the bidding asks each seat once, eldest first, and the high bid is the pitcher's;
- a deal's points: the pitcher's side scores what it won (at least its bid) or loses its bid
  (4 for a smudge), every other side gains 0 to 4 points, and the four points go to at most
  four sides;
- replaying the record reproduces the scores and the score sheet.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.games.pitch.engine import Pitch, PitchRules, PitchState
from tricktable.games.pitch.facts import SMUDGE
from tricktable.record import record_of, replay_record
from tricktable.testing import check_card_conservation

from ..test_conformance import check_conformance, seed_of

OPTION_MIXES: list[tuple[dict[str, Any], int]] = [
    ({"smudge": True, "dealer_may_steal": True}, 4),
    ({"partnerships": True, "low_point": "captured"}, 4),
    ({"all_pass": "redeal", "min_bid": 1, "void_rule": "must_trump"}, 3),
    ({"smudge": True, "smudge_wins": False, "game_tie": "non_dealer", "target": 3}, 2),
    ({"min_bid": 4, "all_pass": "redeal", "target": 11}, 7),
    ({"partnerships": True, "smudge": True, "dealer_may_steal": True, "target": 21}, 4),
]


@pytest.mark.parametrize(("options", "players"), OPTION_MIXES)
def test_conformance_of_option_mixes(options: dict[str, Any], players: int) -> None:
    game = Pitch.from_spec(options, players)
    whole = check_conformance(game, seed_of(f"pitch {options} {players}"), whole_steps=600)
    assert whole.decisions > 0


def play_deal(state: PitchState, rng: random.Random) -> None:
    """One deal of random legal actions (the deal itself already made)."""
    deals = len(state.deals)
    while not state.is_terminal() and not state.is_chance() and len(state.deals) == deals:
        if state.phase.name == "PLAY" and not state.completed and not state.trick:
            # the first lead: every seat still holds its six cards, the stock the rest
            assert all(hand.bit_count() == 6 for hand in state.hands)
            assert len(state.stock) == 52 - 6 * state.game.players
            assert state.to_act == state.pitcher
        state.apply(rng.choice(state.legal_actions()))
        check_card_conservation(state)


OPTIONS = st.fixed_dictionaries(
    {
        "smudge": st.booleans(),
        "dealer_may_steal": st.booleans(),
        "all_pass": st.sampled_from(["stick", "redeal"]),
        "low_point": st.sampled_from(["dealt", "captured"]),
        "min_bid": st.integers(1, 4),
        "smudge_wins": st.booleans(),
        "target": st.integers(1, 15),
    }
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(2, 7), seed=st.integers(0, 2**32))
def test_a_deal_scores_as_the_rules_say(options: dict[str, Any], players: int, seed: int) -> None:
    rules = PitchRules(**options)
    game = Pitch(rules, players)
    rng = random.Random(seed)
    state = game.new_match(rng)
    for _ in range(6):
        if state.is_terminal():
            break
        before = state.scores()
        state.deal_random(rng)
        play_deal(state, rng)
        summary = state.summaries()[-1]
        assert summary.bids is not None and len(summary.bids) == players
        if summary.thrown_in:
            assert options["all_pass"] == "redeal"
            assert summary.points == [0] * players and summary.bids == [None] * players
            continue
        makers, bid = summary.makers, state.high_bid
        assert makers is not None and bid == max(b or 0 for b in summary.bids)
        assert bid in (*range(options["min_bid"], 5), *((SMUDGE,) if options["smudge"] else ()))
        points = summary.points
        won = points[makers]
        if won < 0:  # set back: the bid, 4 for a smudge
            assert won == -(4 if bid == SMUDGE else bid)
        else:
            assert (4 if bid == SMUDGE else bid) <= won <= 4
        assert all(0 <= p <= 4 for side, p in enumerate(points) if side != makers)
        assert sum(max(p, 0) for p in points) <= 4
        assert state.scores() == [b + p for b, p in zip(before, points, strict=True)]
    record = record_of(state)
    again = replay_record(record)
    assert again.scores() == state.scores()
    assert [s.to_json() for s in again.summaries()] == [s.to_json() for s in state.summaries()]


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 2**32))
def test_the_bidding_asks_each_seat_once_from_eldest(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = Pitch(PitchRules(smudge=True), players).new_match(rng)
    state.deal_random(rng)
    asked = []
    while state.phase.name == "BID":
        asked.append(state.current_player)
        state.apply(rng.choice(state.legal_actions()))
    eldest = (state.dealer + 1) % players
    assert asked == [(eldest + i) % players for i in range(players)]
    assert state.bids[state.pitcher] == state.high_bid
