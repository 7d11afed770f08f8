"""The conformance suite (tricktable.testing) over every registered game.

Every game of ``CHECKED_NAMES`` (the templates too) is played under each of its presets and
for each player count it accepts (``tricktable.games.player_counts``), so a new game is
covered here just by being registered. A preset that a count refuses (one that needs an
option the preset does not set, as Oh Hell's ``hand_size``, or a form played by fewer
counts, as bid euchre's partnership) is no case; the game's own file covers it.

- ``test_conformance``: a few short seeded matches (three deals each) and one whole match
  through ``run_conformance``: a few seconds in all; ``TRICKTABLE_LONG=1`` plays ten times
  as many, and the ``slow`` test 10,000 random deals per case.
- The properties the games' files each wrote for themselves, once for every game: the
  card places hold every card once, and the single checks accept a good state and catch a
  lost card, a card in two places, a leaked card and a state that no longer replays; whole
  random matches end with a winner; the record replays; seeds repeat.

``check_conformance`` and ``check_random_deals`` are the recipes the games' files use for
their option mixes.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tricktable.cards import Card, card_name
from tricktable.core import CHANCE, TERMINAL, Game, PublicFacts, SeatView, State
from tricktable.errors import RuleError
from tricktable.games import CHECKED_NAMES, game_class, load_game, player_counts, spec_of
from tricktable.record import record_of, replay_record
from tricktable.testing import (
    ConformanceError,
    ConformanceReport,
    check_card_conservation,
    check_clone,
    check_illegal_actions,
    check_push_pop,
    check_replay,
    check_state_invariants,
    match_signature,
    random_playout,
    run_conformance,
    snapshot,
)

LONG = os.environ.get("TRICKTABLE_LONG") == "1"
SCALE = 10 if LONG else 1
"""How many times more matches ``TRICKTABLE_LONG=1`` plays."""

WHOLE_STEPS = 3_000
"""Decisions a whole random match may take (the longest seen take about 1,300)."""

RANDOM_PLAY_MAY_NOT_END: dict[tuple[str, int], str] = {
    (name, players): why
    for name in CHECKED_NAMES
    for players, why in spec_of(name).part("testdata").may_not_end.items()
}
"""Tables where a random whole match need not end (its contract is still checked): each
game's ``Conformance.may_not_end``."""


# -- the cases, from the registry --------------------------------------------------------------

PLAYERS: dict[str, tuple[int, ...]] = {name: player_counts(name) for name in CHECKED_NAMES}
"""The player counts each game accepts."""


def seed_of(text: str) -> int:
    return sum(map(ord, text))


def _cases() -> Iterator[Any]:
    for name in CHECKED_NAMES:
        for preset in game_class(name).presets:
            for players in PLAYERS[name]:
                try:
                    load_game(name, {"preset": preset}, players=players)
                except RuleError:
                    continue  # a preset that needs an option for this count (Oh Hell), or
                    # a form played by fewer counts (bid euchre's partnership form)
                yield pytest.param(name, preset, players, id=f"{name}-{preset}-{players}p")


CASES = list(_cases())
"""Every game x preset x accepted player count."""

TABLES = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name in CHECKED_NAMES
    for players in PLAYERS[name]
]
"""Every game (default rules) x accepted player count."""


def test_every_game_preset_and_player_count_is_a_case() -> None:
    ids = {case.id for case in CASES}
    for name in CHECKED_NAMES:
        assert PLAYERS[name], f"{name} accepts no player count"
        assert game_class(name).presets, f"{name} has no preset"
        for preset in game_class(name).presets:
            for players in PLAYERS[name]:
                case = f"{name}-{preset}-{players}p"
                try:
                    load_game(name, {"preset": preset}, players=players)
                except RuleError as error:
                    # a preset that needs an option for this count (Oh Hell's hand_size), or
                    # one of a form played by fewer counts (bid euchre's partnership: 4)
                    why = str(error)
                    assert "hand_size" in why or "played by" in why, f"{case} is refused: {why}"
                    continue
                assert case in ids


@pytest.mark.parametrize("name", CHECKED_NAMES)
def test_other_player_counts_are_refused(name: str) -> None:
    for players in (0, 1, 9):
        with pytest.raises(RuleError, match="played by"):
            load_game(name, players=players)


# -- the suite over every case -----------------------------------------------------------------


def check_conformance(
    game: Game[Any],
    seed: int,
    *,
    matches: int = 4,
    max_deals: int = 3,
    check_rate: float = 0.3,
    whole: int = 1,
    whole_steps: int = WHOLE_STEPS,
    whole_rate: float = 0.1,
) -> ConformanceReport:
    """``matches`` short seeded matches (``max_deals`` deals each) with the costlier checks
    at ``check_rate`` of decisions, then ``whole`` whole matches of at most ``whole_steps``
    decisions at ``whole_rate`` (``TRICKTABLE_LONG=1`` plays ten times as many of both).
    Asserts that the suite exercised every check; returns the whole matches' report."""
    short = run_conformance(
        game, matches=matches * SCALE, seed=seed, max_deals=max_deals, check_rate=check_rate
    )
    assert short.matches == matches * SCALE and short.conservation_checked
    assert short.decisions > 0 and short.illegal_tried > 0 and short.push_pops > 0
    report = run_conformance(
        game, matches=whole * SCALE, seed=seed + 1, max_steps=whole_steps, check_rate=whole_rate
    )
    assert report.matches == whole * SCALE
    return report


@pytest.mark.parametrize(("name", "preset", "players"), CASES)
def test_conformance(name: str, preset: str, players: int) -> None:
    game = load_game(name, {"preset": preset}, players=players)
    whole = check_conformance(game, seed_of(f"{name} {preset} {players}"), whole_rate=0.05)
    if (name, players) not in RANDOM_PLAY_MAY_NOT_END:
        assert whole.finished == whole.matches, f"a whole match ends in {WHOLE_STEPS} decisions"


def check_random_deals(game: Game[Any], seed: int) -> int:
    """10,000 random deals with TRICKTABLE_LONG=1 (a dozen by default) through the suite,
    in seeded matches of at most five deals. Returns the number of deals played."""
    wanted = 10_000 if LONG else 12
    played, batch = 0, 0
    while played < wanted:
        report = run_conformance(
            game,
            matches=100 if LONG else 2,
            seed=seed + batch,
            max_deals=5,
            check_rate=0.03 if LONG else 0.2,
        )
        played += report.deals
        batch += 1
    return played


@pytest.mark.slow
@pytest.mark.parametrize(("name", "preset", "players"), CASES)
def test_long_random_deals(name: str, preset: str, players: int) -> None:
    """10,000 random deals per case with TRICKTABLE_LONG=1 (a dozen by default)."""
    game = load_game(name, {"preset": preset}, players=players)
    assert check_random_deals(game, seed=10_000) >= 12


# -- whole matches, records and seeds ----------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_whole_random_matches_end_with_a_winner(name: str, players: int) -> None:
    game = load_game(name, players=players)
    for seed in range(5 * SCALE):
        state = random_playout(game, random.Random(seed), max_steps=WHOLE_STEPS)
        if not state.is_terminal():
            assert (name, players) in RANDOM_PLAY_MAY_NOT_END, f"seed {seed} did not end"
            continue
        assert state.legal_actions() == [] and state.winner() is not None
        check_state_invariants(state)
        check_replay(state)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_record_replays_the_score_sheet(name: str, players: int) -> None:
    game = load_game(name, players=players)
    for seed in range(3 * SCALE):
        state = random_playout(game, random.Random(seed), max_deals=4, max_steps=WHOLE_STEPS)
        again = replay_record(record_of(state))
        assert again.scores() == state.scores() and again.winner() == state.winner()
        assert [s.to_json() for s in again.summaries()] == [s.to_json() for s in state.summaries()]
        assert match_signature(again) == match_signature(state)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_random_playout_is_deterministic(name: str, players: int) -> None:
    game = load_game(name, players=players)
    first = random_playout(game, random.Random(5), max_steps=300)
    second = random_playout(game, random.Random(5), max_steps=300)
    third = random_playout(game, random.Random(6), max_steps=300)
    assert match_signature(first) == match_signature(second)
    assert match_signature(first) != match_signature(third)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_random_playout_stops_at_limits(name: str, players: int) -> None:
    game = load_game(name, players=players)
    state = random_playout(game, random.Random(1), max_steps=7)
    assert sum(len(actions) for actions in state.actions) == 7
    state = random_playout(game, random.Random(1), max_deals=2)
    assert state.current_player in (CHANCE, TERMINAL)
    assert len(state.deals) == 2 or (state.is_terminal() and len(state.deals) == 1)


# -- the single checks accept a good state and catch broken ones -------------------------------


def midway(name: str, players: int, seed: int = 3) -> State:
    """A seeded match at a decision in the middle of card play: a trick completed and
    another begun."""
    game = load_game(name, players=players)
    rng = random.Random(seed)
    state = game.new_match(rng)
    for _ in range(10_000):
        if state.is_chance():
            state.deal_random(rng)
            continue
        assert not state.is_terminal(), "the match ended before a trick was begun"
        view = state.view(state.current_player)
        if view.tricks and view.trick:
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no trick was begun in 10,000 decisions")


def holding_seat(state: State, other_than: int = -1) -> int:
    """A seat that holds a card (not ``other_than``)."""
    return next(s for s in range(state.game.players) if state.hands[s] and s != other_than)


def deal_size(state: State) -> int:
    deal = state.deals[-1]
    return sum(map(len, deal.hands)) + (deal.turned is not None) + len(deal.stock)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_card_places_hold_every_card_of_the_deal_once(name: str, players: int) -> None:
    places = spec_of(name).part("card_places")
    state = midway(name, players)
    assert check_card_conservation(state)
    assert sum(mask.bit_count() for _, mask in places(state)) == deal_size(state)
    fresh = load_game(name, players=players).new_match(random.Random(0))
    fresh.deal_random(random.Random(0))
    assert check_card_conservation(fresh)
    assert sum(mask.bit_count() for _, mask in places(fresh)) == deal_size(fresh)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_single_checks_pass_on_a_good_state(name: str, players: int) -> None:
    state = midway(name, players)
    rng = random.Random(0)
    before = snapshot(state)
    check_state_invariants(state)
    assert check_illegal_actions(state, rng, tries=10) >= 10
    check_clone(state, rng)
    assert check_push_pop(state, rng, depth=4) >= 1
    check_replay(state)
    assert check_card_conservation(state)
    assert snapshot(state) == before


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_conservation_catches_a_lost_card(name: str, players: int) -> None:
    state = midway(name, players)
    seat = holding_seat(state)
    state.hands[seat] &= state.hands[seat] - 1  # a card vanishes
    with pytest.raises(ConformanceError, match="missing"):
        check_card_conservation(state)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_conservation_catches_a_card_in_two_places(name: str, players: int) -> None:
    state = midway(name, players)
    seat = holding_seat(state)
    other = holding_seat(state, other_than=seat)
    state.hands[other] |= state.hands[seat] & -state.hands[seat]  # one card in two hands
    with pytest.raises(ConformanceError, match="two places"):
        check_card_conservation(state)


class LeakyFacts:
    """A game's facts with one more card named: another seat's, in a broken engine."""

    def __init__(self, facts: PublicFacts, leaked: Card) -> None:
        self.facts, self.leaked = facts, leaked

    def __getattr__(self, name: str) -> Any:
        return getattr(self.facts, name)

    def cards(self) -> list[Card]:
        return [*self.facts.cards(), self.leaked]

    def to_json(self) -> dict[str, Any]:
        return {**self.facts.to_json(), "oops": [card_name(self.leaked)]}


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_leak_check_catches_a_visible_hidden_card(name: str, players: int) -> None:
    state = midway(name, players)
    seat = holding_seat(state, other_than=state.current_player)
    leaked = (state.hands[seat] & -state.hands[seat]).bit_length() - 1
    # an engine that wrote another seat's card into the public facts would leak it
    # (the view is patched, not the facts: a compiled class calls its own methods directly)
    original = type(state).view

    def leaky(self: Any, seat: int) -> SeatView:
        view: SeatView = original(self, seat)
        return dataclasses.replace(view, public=LeakyFacts(view.public, leaked))

    type(state).view = leaky  # type: ignore[method-assign]
    try:
        with pytest.raises(ConformanceError, match="shows hidden cards"):
            check_state_invariants(state)
    finally:
        type(state).view = original  # type: ignore[method-assign]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_replay_check_catches_a_diverging_state(name: str, players: int) -> None:
    state = midway(name, players)
    seat = holding_seat(state)
    state.hands[seat] &= state.hands[seat] - 1  # a card vanishes outside the rules
    with pytest.raises(ConformanceError, match="replaying"):
        check_replay(state)
