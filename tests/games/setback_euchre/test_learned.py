"""Set-back euchre's learned decisions before the play (``games.setback_euchre.learned``)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from tricktable.cards import SUIT_LETTERS, SUITS, cards_of, parse_cards, same_colour_suit
from tricktable.cli.main import main
from tricktable.core import State
from tricktable.games import load_game, spec_of
from tricktable.games.setback_euchre.learned import (
    LEARNED,
    SETBACK_FEATURES,
    SetbackBidding,
)
from tricktable.learn.model import OutcomeModel
from tricktable.learn.part import Example
from tricktable.sim.selfplay import read_examples
from tricktable.testing import dealt_match

PLAYERS = (2, 3, 4)
MARCHES = "setback_euchre(declare_march=true)"


def first_deal(rules: str, seed: int, players: int) -> State:
    """A match of ``rules`` for ``players`` with its first deal dealt (as ``dealt_match``)."""
    state = load_game(rules, players=players).new_match(random.Random(seed))
    state.deal_random(random.Random(seed))
    return state


def decisions(rules: str, players: int, seeds: range) -> list[tuple[State, int]]:
    """States of ``medium`` matches at a decision before the play with a choice, with its
    seat (the first deal of each seed)."""
    from tricktable.bots import make_bot

    out = []
    for seed in seeds:
        state = first_deal(rules, seed, players)
        bots = [make_bot("medium", state.game, seat) for seat in range(players)]
        while not state.is_chance() and not state.is_terminal():
            seat = state.current_player
            view = state.view(seat)
            if view.phase == "play":
                break
            if len(view.legal) > 1 and view.phase not in ("dealer_discard", "declare"):
                out.append((state.clone(), seat))
            state.apply_text(bots[seat].choose(view, random.Random(seed)))
    return out


def test_set_back_has_its_own_learned_part() -> None:
    learned = spec_of("setback_euchre").learned
    assert learned is not None and learned.load() is LEARNED
    assert isinstance(LEARNED, SetbackBidding)


@pytest.mark.parametrize("players", PLAYERS)
def test_every_legal_choice_before_the_play_is_valued(players: int) -> None:
    phases = set()
    for state, seat in decisions(MARCHES, players, range(30)):
        view = state.view(seat)
        assert LEARNED.applies(state.game, view), view.legal
        values = LEARNED.values(state.game, view)
        assert values is not None and sorted(values) == sorted(view.legal)
        assert all(abs(value) <= LEARNED.net_span * LEARNED.net_unit for value in values.values())
        features = LEARNED.features(state.game, view)
        assert len(features) == SETBACK_FEATURES
        assert LEARNED.model.inputs == len(LEARNED.inputs(features, view.legal[0]))
        phases.add(view.phase)
    assert phases == {"bid1", "bid2", "throw_in"}


def test_the_dealer_s_discard_the_maker_s_declaration_and_the_play_are_not_learned() -> None:
    """A declared march is worth the game, which a deal's net score does not count: the
    maker's declaration stays with the heuristic."""
    state = dealt_match(MARCHES, 2)
    phases = []
    while not phases or phases[-1] != "play":
        view = state.view(state.current_player)
        phases.append(view.phase)
        if view.phase in ("dealer_discard", "declare", "play"):
            assert not LEARNED.applies(state.game, view)
        state.apply_text("order" if "order" in view.legal else view.legal[0])
    assert {"dealer_discard", "declare"} <= set(phases)


def swap_a_hidden_card(state: State, seat: int) -> State:
    """A copy of ``state`` where a card of another seat and one of the stock trade places
    (neither the up-card): nothing ``seat`` can see changes."""
    other = state.clone()
    them = next(
        s
        for s in range(state.game.players)
        if s != seat and any(card != other.upcard for card in cards_of(other.hands[s]))
    )
    hidden = next(card for card in cards_of(other.hands[them]) if card != other.upcard)
    place = next(i for i, card in enumerate(other.stock) if card != other.upcard)
    stocked = other.stock[place]
    other.hands[them] ^= 1 << hidden | 1 << stocked
    other.stock[place] = hidden
    assert state.hands != other.hands
    return other


@pytest.mark.parametrize("players", PLAYERS)
def test_it_reads_the_view_alone(players: int) -> None:
    """Two deals that differ only in the cards the seat cannot see give the same features
    and values, in the making rounds and after trump is made."""
    checked = set()
    for state, seat in decisions(MARCHES, players, range(8)):
        other = swap_a_hidden_card(state, seat)
        view, same = state.view(seat), other.view(seat)
        assert view == same
        assert LEARNED.features(state.game, view) == LEARNED.features(other.game, same)
        assert LEARNED.values(state.game, view) == LEARNED.values(other.game, same)
        checked.add(view.phase)
    assert {"bid1", "throw_in"} <= checked


def example(players: int, points: int, others: int, action: str = "pass") -> Example:
    return Example("setback_euchre", players, 0, 0, 0, (), action, 16, 32, 0, points, others)


def test_the_outcome_counts_down_against_the_others_mean_in_half_points() -> None:
    span = LEARNED.net_span
    # 3 players: the seat took 3 tricks (-3), the others 2 (-2) and none (+1): mean -0.5
    assert LEARNED.net(example(3, -3, -1)) == 5
    assert LEARNED.outcome(example(3, -3, -1)) == span + 5
    # a euchred maker adds 2; the defenders took 3 and 0 (+1) tricks: 2 - (-1) = 3 points worse
    assert LEARNED.outcome(example(3, 2, -2)) == span - 6
    # 2 players: the other's change, whole
    assert LEARNED.net(example(2, -5, 1)) == 12
    # 4 players: the others' mean in thirds, rounded to half points (2/3 -> 0.5)
    assert LEARNED.net(example(4, 0, -2)) == -1
    assert LEARNED.net(example(4, -4, 1)) == 9  # 4 + 1/3 -> 4.5
    # a failed declaration doubles a score of 9: counted as the worst the model tells
    assert LEARNED.outcome(example(4, 9, -3)) == 0
    state = dealt_match("setback_euchre", 1)
    worth = LEARNED.worth(state.game, state.view(state.current_player))
    assert worth[span + 5] == pytest.approx(2.5) and worth[0] == pytest.approx(-span / 2)


def test_the_aims() -> None:
    span = LEARNED.net_span
    aims = [LEARNED.aim(text) for text in ("pass", "throw in", "order", "call H", "declare")]
    assert aims == [span, span, span + 5, span + 5, 2 * span]


@pytest.mark.parametrize("players", PLAYERS)
def test_a_lay_down_hand_orders_and_a_poor_one_passes(players: int) -> None:
    checked = 0
    for seed in range(1, 30):
        state = first_deal("setback_euchre", seed, players)
        game, view = state.game, state.view(state.current_player)
        assert view.phase == "bid1"
        turned = view.public.upcard_suit
        suit, partner = SUIT_LETTERS[turned], SUIT_LETTERS[same_colour_suit(turned)]
        plain = next(SUIT_LETTERS[s] for s in SUITS if s not in (turned, same_colour_suit(turned)))
        strong = parse_cards(f"J{suit} J{partner} A{suit} K{suit} A{plain}")
        weak = parse_cards(f"9{plain} T{plain} 9{partner} T{partner} Q{plain}")
        if state.upcard in strong or state.upcard in weak:
            continue
        for hand, best in ((strong, "order"), (weak, "pass")):
            values = LEARNED.values(game, replace(view, hand=tuple(hand)))
            assert values is not None
            assert max(values, key=lambda text: values[text]) == best, values
        checked += 1
    assert checked >= 10


def test_a_defender_with_the_right_bower_stays_and_staying_is_worth_more_with_more() -> None:
    """Staying in is worth more against throwing in with a better hand; with the right
    bower, the ace of trump and a side ace it is worth more than throwing in. (With nothing,
    the self-play data shows staying about as good: a defender who stays costs the maker
    tricks, and the net score counts the maker's.)"""
    checked = 0
    for state, seat in decisions("setback_euchre", 4, range(40)):
        view = state.view(seat)
        if view.phase != "throw_in" or "throw in" not in view.legal:
            continue
        trump = view.public.trump
        letter = SUIT_LETTERS[trump]
        plain = [SUIT_LETTERS[s] for s in SUITS if s not in (trump, same_colour_suit(trump))]
        poor = parse_cards(f"9{plain[0]} T{plain[0]} 9{plain[1]} T{plain[1]} J{plain[1]}")
        good = parse_cards(f"J{letter} A{letter} A{plain[0]} 9{plain[1]} T{plain[1]}")
        if state.upcard in poor or state.upcard in good:
            continue
        margins = []
        for hand in (poor, good):
            values = LEARNED.values(state.game, replace(view, hand=tuple(hand)))
            assert values is not None
            margins.append(values["pass"] - values["throw in"])
        assert margins[1] > max(margins[0], 0.5), margins
        checked += 1
    assert checked >= 5


def test_train_data_and_bidding_end_to_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Self-play examples keep each seat's score change (negative for tricks taken) and the
    others' together; a model trains on them."""
    data = tmp_path / "setback.jsonl.gz"
    command = ["train", "data", "setback_euchre", "--players", "3", "--matches", "8"]
    assert main([*command, "--seed", "3", "--out", str(data)]) == 0
    rows = read_examples(data)
    assert {row.action.split()[0] for row in rows} >= {"pass", "order"}
    assert any(row.points < 0 for row in rows) and any(row.points > 0 for row in rows)
    path = tmp_path / "model.json"
    train = ["train", "bidding", "setback_euchre", "--data", str(data), "--epochs", "1"]
    assert main([*train, "--out", str(path)]) == 0
    assert OutcomeModel.load(path).outcomes == 2 * LEARNED.net_span + 1
    assert "(not the shipped weights)" in capsys.readouterr().out


def test_the_score_to_go_counts_down_from_the_start() -> None:
    """Set-back has no target: its score to go is the seat's score and the lowest other
    score as shares of ``start_score``."""
    state = dealt_match("setback_euchre(start_score=10)", 3)
    view = state.view(state.current_player)
    scores = [10] * 4
    scores[view.seat] = 4
    scores[(view.seat + 1) % 4] = 2
    assert LEARNED.to_go(state.game, replace(view, scores=tuple(scores))) == [0.4, 0.2, 0.0]
