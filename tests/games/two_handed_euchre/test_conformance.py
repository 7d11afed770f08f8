"""The conformance suite (tricktable.testing) over two-handed Euchre, plus properties.

- ``two_handed_places`` is the card-places hook of the game (named by its spec): both
  hands, the trick in progress, completed tricks, the stock, the discards and the up-card
  while the dealer has not taken it up.
- ``run_conformance`` runs over the option sets (the single suite, ``test_conformance.py``,
  plays both presets; two players is the only seat count, others are refused). The default
  run takes a few seconds; ``TRICKTABLE_LONG=1`` plays 10,000 random deals per option set.
- Hypothesis properties over drawn option mixes: cards are conserved, both hands hold five
  cards at the first lead, a deal scores for one player only and at most the largest
  scoring option, scores never fall, the dealer alternates, and the record replays.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.euchre_family.checks import card_places as two_handed_places
from tricktable.games.two_handed_euchre.engine import (
    PRESETS,
    TwoHandedEuchre,
    TwoHandedEuchreRules,
    TwoHandedEuchreState,
)
from tricktable.record import record_of, replay_record
from tricktable.rules import option_infos
from tricktable.testing import (
    check_card_conservation,
    check_replay,
    check_state_invariants,
)

from ..test_conformance import check_conformance, check_random_deals, seed_of

# -- configurations ----------------------------------------------------------------------------
MIXES: dict[str, dict[str, Any]] = {
    "deck_28": {"deck": 28},
    "packets_2_3_draw_low": {"packets": "2-3", "first_dealer": "draw_low"},
    "first_jack": {"first_dealer": "first_jack"},
    "stick_the_dealer": {"stick_the_dealer": True},
    "no_upcard_discard": {"dealer_may_discard_upcard": False},
    "minimum_trump_all_stuck": {"minimum_trump": "all", "stick_the_dealer": True},
    "minimum_trump_dealer": {"minimum_trump": "dealer", "deck": 32},
    "points": {"make_points": 2, "march_points": 4, "euchre_points": 3, "target": 9},
    "super_euchre": {"super_euchre_points": 4, "target": 3},
    "single_hand": {"target": None},
}


def make_game(options: dict[str, Any]) -> TwoHandedEuchre:
    return TwoHandedEuchre.from_spec(dict(options))


@pytest.mark.parametrize("name", sorted(MIXES))
def test_conformance_option_mix(name: str) -> None:
    game = make_game(MIXES[name])
    whole = check_conformance(game, seed_of(name), matches=6, whole_steps=1_500, whole_rate=0.15)
    assert whole.finished == whole.matches, "a whole match should end within 1,500 decisions"


@pytest.mark.parametrize("players", [1, 3, 4])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(RuleError, match=f"played by 2 players, not {players}"):
        load_game("two_handed_euchre", players=players)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MIXES))
def test_long_random_deals(name: str) -> None:
    """10,000 random deals per option mix with TRICKTABLE_LONG=1 (a dozen by default)."""
    assert check_random_deals(make_game(MIXES[name]), seed=20_000) >= 12


# -- properties --------------------------------------------------------------------------------
_CHOICES = {info.name: info.choices for info in option_infos(TwoHandedEuchreRules) if info.choices}
_BOOLS = [info.name for info in option_infos(TwoHandedEuchreRules) if info.kind == "bool"]
_NUMBERS = ("make_points", "march_points", "euchre_points", "super_euchre_points")


@st.composite
def rule_options(draw: st.DrawFn) -> dict[str, Any]:
    options: dict[str, Any] = {"preset": draw(st.sampled_from(list(PRESETS)))}
    for name in draw(st.lists(st.sampled_from(sorted(_BOOLS)), max_size=2, unique=True)):
        options[name] = draw(st.booleans())
    for name in draw(st.lists(st.sampled_from(sorted(_CHOICES)), max_size=3, unique=True)):
        value = draw(st.sampled_from(_CHOICES[name]))
        options[name] = int(value) if name == "deck" else value
    for name in draw(st.lists(st.sampled_from(_NUMBERS), max_size=2, unique=True)):
        options[name] = draw(st.integers(0, 4))
    if draw(st.booleans()):
        options["target"] = draw(st.sampled_from([None, 1, 3, 5, 7]))
    return options


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=rule_options(), seed=st.integers(0, 2**32))
def test_properties(options: dict[str, Any], seed: int) -> None:
    game = make_game(options)
    rules = game.rules
    rng = random.Random(seed)
    state = cast(TwoHandedEuchreState, game.new_match(rng))
    previous = state.scores()
    dealers: list[int] = []
    deck_size = len(game.deck)
    while not state.is_terminal() and len(state.deals) <= 8:
        if state.is_chance():
            dealers.append(state.dealer)
            state.deal_random(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
        places = two_handed_places(state)
        assert sum(mask.bit_count() for _, mask in places) == deck_size
        check_card_conservation(state)
        view = state.view(0)
        if view.phase == "play" and not view.tricks and not view.trick:
            assert [len(state.view(seat).hand) for seat in (0, 1)] == [5, 5]
        scores = state.scores()
        assert all(a >= b for a, b in zip(scores, previous, strict=True))
        previous = scores
    assert all(a != b for a, b in itertools.pairwise(dealers))
    largest = max(
        rules.make_points, rules.march_points, rules.euchre_points, rules.super_euchre_points
    )
    for summary in state.summaries():
        assert summary.points.count(0) >= 1 and sum(summary.points) <= largest
        if summary.complete and not summary.thrown_in:
            assert sum(summary.tricks) == 5 and summary.makers in (0, 1)
    check_state_invariants(state)
    check_replay(state)
    again = replay_record(record_of(state))
    assert again.scores() == state.scores() and again.winner() == state.winner()
    assert [s.to_json() for s in again.summaries()] == [s.to_json() for s in state.summaries()]
