"""The euchre family's shared Game and State parts: seat counts, sides, the match each game
makes, and the phases each variant declares once (``declare_phases``)."""

from __future__ import annotations

import pytest

from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.bid_euchre.engine import BidEuchreState
from tricktable.games.bid_euchre.engine import Phase as BidPhase
from tricktable.games.bid_euchre.partnership import PartnershipState
from tricktable.games.euchre.engine import Euchre, EuchreState
from tricktable.games.euchre.engine import Phase as EuchrePhase
from tricktable.games.euchre_family.state import FamilyState, count_text, phase_tables
from tricktable.games.euchre_family.upcard import UpCardState
from tricktable.games.setback_euchre.engine import Phase as SetbackPhase
from tricktable.games.setback_euchre.engine import SetbackEuchreState
from tricktable.games.three_handed_euchre.engine import ThreeHandedEuchreState
from tricktable.games.two_handed_euchre.engine import TwoHandedEuchreState

VARIANTS = (
    ("euchre", EuchreState, 4, [[0, 2], [1, 3]]),
    ("two_handed_euchre", TwoHandedEuchreState, 2, [[0], [1]]),
    ("three_handed_euchre", ThreeHandedEuchreState, 3, [[0], [1], [2]]),
    ("setback_euchre", SetbackEuchreState, 4, [[0], [1], [2], [3]]),
    ("bid_euchre", BidEuchreState, 4, [[0], [1], [2], [3]]),
    ("bid_euchre(preset=partnership)", PartnershipState, 4, [[0, 2], [1, 3]]),
)


@pytest.mark.parametrize(("spec", "state_class", "seats", "sides"), VARIANTS)
def test_each_variant_makes_its_own_match(
    spec: str, state_class: type[FamilyState[object]], seats: int, sides: list[list[int]]
) -> None:
    game = load_game(spec)
    state = game.new_state(first_dealer=1)
    assert type(state) is state_class
    assert (game.players, game.sides) == (seats, sides)
    assert state.hand_size == sum(state.packets) and len(state.deck) == len(game.deck)


def test_scores_open_as_each_variant_counts_them() -> None:
    """Set-back and individual bid euchre count down from their start score; the others
    count up from 0."""
    assert load_game("setback_euchre", players=3).new_state(0).scores() == [5, 5, 5]
    assert load_game("bid_euchre", players=3).new_state(0).scores() == [21, 21, 21]
    assert load_game("three_handed_euchre").new_state(0).scores() == [0, 0, 0]


@pytest.mark.parametrize(
    ("spec", "players", "refusal"),
    [
        ("two_handed_euchre", 3, "two_handed_euchre is played by 2 players, not 3"),
        ("euchre", 2, "euchre is played by 4 players, not 2"),
        ("setback_euchre", 5, "setback_euchre is played by 2, 3 or 4 players, not 5"),
        ("bid_euchre", 2, "bid_euchre is played by 3 or 4 players, not 2"),
    ],
)
def test_a_seat_count_not_played_is_refused_by_name(spec: str, players: int, refusal: str) -> None:
    with pytest.raises(RuleError) as error:
        load_game(spec, players=players)
    assert str(error.value) == refusal


def test_count_text_names_the_counts_as_a_sentence() -> None:
    assert [count_text(c) for c in ((4,), (2, 3), (2, 3, 4))] == ["4", "2 or 3", "2, 3 or 4"]


def test_a_direct_game_checks_its_seats_too() -> None:
    with pytest.raises(RuleError, match="played by 4 players, not 3"):
        Euchre(players=3)


@pytest.mark.parametrize(
    "state_class", [TwoHandedEuchreState, ThreeHandedEuchreState, SetbackEuchreState]
)
def test_up_card_variants_share_the_making_rounds_and_the_play(
    state_class: type[UpCardState[object]],
) -> None:
    phases = state_class.phases
    legal, steps = state_class.legal_table, state_class.step_table
    assert legal[phases.BID1] is state_class._round_one_actions
    assert legal[phases.BID2] is state_class._round_two_actions
    assert legal[phases.DEALER_DISCARD] is state_class._discard_actions
    assert legal[phases.PLAY] is state_class._playable_actions
    assert steps[phases.BID1] is state_class._bid_round_one
    assert steps[phases.DEALER_DISCARD] is state_class._dealer_discards
    assert steps[phases.PLAY] is state_class._play_step
    assert legal[phases.DEAL] is state_class._no_actions
    assert state_class.play_phase is phases.PLAY
    assert state_class.DISPLAY_PHASES[phases.BID2] == "bidding, round 2"


def test_a_variant_keeps_its_own_phases_and_names() -> None:
    assert SetbackEuchreState.legal_table[SetbackPhase.DECLARE] is (
        SetbackEuchreState._declare_actions
    )
    assert SetbackEuchreState.step_table[SetbackPhase.THROW_IN] is (
        SetbackEuchreState._throw_in_or_stay
    )
    assert SetbackEuchreState.DISPLAY_PHASES[SetbackPhase.THROW_IN] == "throw in?"
    assert BidEuchreState.legal_table[BidPhase.PLAY] is BidEuchreState._playable_actions
    assert BidEuchreState.DISPLAY_PHASES[BidPhase.STAY] == "stay or drop"


def test_an_override_of_a_shared_phase_is_the_one_taken() -> None:
    """Euchre's own round one (lone orders) and play stand in its tables, not the
    family's."""
    legal, steps = phase_tables(EuchreState, EuchrePhase, {}, {})
    assert legal[EuchrePhase.BID1] is EuchreState._round_one_actions
    assert legal[EuchrePhase.BID1] is not UpCardState._round_one_actions
    assert steps[EuchrePhase.PLAY] is EuchreState._play_step
    assert steps[EuchrePhase.PLAY] is not FamilyState._play_step
