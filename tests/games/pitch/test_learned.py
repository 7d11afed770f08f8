"""Pitch's learned bidding (``games.pitch.learned``)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from tricktable.cards import cards_of, parse_cards
from tricktable.cli.main import main
from tricktable.core import Deal, State
from tricktable.games import load_game, spec_of
from tricktable.games.pitch.bidding import MATCH_SWING
from tricktable.games.pitch.engine import Pitch, PitchState
from tricktable.games.pitch.learned import (
    FEATURES,
    LEARNED,
    MOST,
    NET_SPAN,
    PitchBidding,
    bid_features,
    outcome_worth,
)
from tricktable.learn.model import OutcomeModel
from tricktable.learn.part import Example
from tricktable.sim.selfplay import read_examples
from tricktable.testing import dealt_match

TABLES = [
    ("pitch", 2),
    ("pitch", 3),
    ("pitch", 4),
    ("pitch", 5),
    ("pitch", 6),
    ("pitch", 7),
    ("pitch(partnerships=true)", 4),
    ("pitch(smudge=true)", 4),
    ("pitch(smudge=true,smudge_wins=false)", 3),
    ("pitch(dealer_may_steal=true)", 4),
    ("pitch(all_pass=redeal)", 4),
    ("pitch(target=11,min_bid=1)", 2),
]


def first_deal(rules: str, seed: int, players: int) -> State:
    """A match of ``rules`` for ``players`` with its first deal dealt."""
    state = load_game(rules, players=players).new_match(random.Random(seed))
    state.deal_random(random.Random(seed))
    return state


def bids(rules: str, players: int, seeds: range) -> list[tuple[State, int]]:
    """States of ``medium`` matches at a bid with a choice, with its seat (first deals)."""
    from tricktable.bots import make_bot

    out = []
    for seed in seeds:
        state = first_deal(rules, seed, players)
        bots = [make_bot("medium", state.game, seat) for seat in range(players)]
        while not state.is_chance() and not state.is_terminal():
            seat = state.current_player
            view = state.view(seat)
            if view.phase != "bid":
                break
            if len(view.legal) > 1:
                out.append((state.clone(), seat))
            state.apply_text(bots[seat].choose(view, random.Random(seed)))
    return out


def test_pitch_has_its_own_learned_part() -> None:
    learned = spec_of("pitch").learned
    assert learned is not None and learned.load() is LEARNED
    assert isinstance(LEARNED, PitchBidding)


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_every_legal_bid_is_valued_on_every_table(rules: str, players: int) -> None:
    kinds: set[str] = set()
    for state, seat in bids(rules, players, range(6)):
        view = state.view(seat)
        assert LEARNED.applies(state.game, view), view.legal
        values = LEARNED.values(state.game, view)
        assert values is not None and sorted(values) == sorted(view.legal)
        bound = NET_SPAN / 2 + MATCH_SWING
        assert all(abs(value) <= bound for value in values.values())
        features = LEARNED.features(state.game, view)
        assert len(features) == FEATURES
        assert LEARNED.model.inputs == len(LEARNED.inputs(features, view.legal[0]))
        kinds.update(text.split()[-1] for text in view.legal)
    assert "pass" in kinds
    if "smudge=true" in rules:
        assert "smudge" in kinds


def test_the_first_lead_and_the_play_are_not_learned() -> None:
    """The pitcher's first lead, which makes trump, stays with the sampled worlds."""
    state = dealt_match("pitch", 4)
    while state.view(state.current_player).phase == "bid":
        view = state.view(state.current_player)
        assert LEARNED.applies(state.game, view) == (len(view.legal) > 1)
        state.apply_text(state.legal_texts()[0])
    view = state.view(state.current_player)
    assert view.phase == "play" and not LEARNED.applies(state.game, view)
    assert LEARNED.values(state.game, view) is None


def test_a_stuck_dealer_s_bids_are_valued() -> None:
    state = dealt_match("pitch", 4)
    while state.current_player != state.dealer:
        state.apply_text("pass")
    view = state.view(state.current_player)
    assert "pass" not in view.legal and len(view.legal) > 1
    values = LEARNED.values(state.game, view)
    assert values is not None and sorted(values) == sorted(view.legal)


def swap_a_hidden_card(state: State, seat: int) -> State:
    """A copy of ``state`` where a card of another seat and one of the undealt stock trade
    places: nothing ``seat`` can see changes."""
    other = state.clone()
    assert isinstance(other, PitchState)
    them = next(s for s in range(state.game.players) if s != seat and other.hands[s])
    hidden = cards_of(other.hands[them])[0]
    stocked = other.stock[0]
    other.hands[them] ^= 1 << hidden | 1 << stocked
    other.stock[0] = hidden
    assert state.hands != other.hands
    return other


@pytest.mark.parametrize(("rules", "players"), [("pitch", 4), ("pitch(smudge=true)", 3)])
def test_it_reads_the_view_alone(rules: str, players: int) -> None:
    """Two deals that differ only in the cards the seat cannot see give the same features
    and values."""
    checked = 0
    for state, seat in bids(rules, players, range(6)):
        other = swap_a_hidden_card(state, seat)
        view, same = state.view(seat), other.view(seat)
        assert view == same
        assert LEARNED.features(state.game, view) == LEARNED.features(other.game, same)
        assert LEARNED.values(state.game, view) == LEARNED.values(other.game, same)
        checked += 1
    assert checked >= 6


def test_the_features_read_the_bids_and_the_score() -> None:
    state = dealt_match("pitch", 4)
    view = state.view(state.current_player)
    first = bid_features(state.game, view)
    state.apply_text("bid 3")
    later = state.view(state.current_player)
    moved = bid_features(state.game, replace(later, hand=view.hand, seat=view.seat))
    assert moved != first
    ahead = list(view.scores)
    ahead[view.seat] = 6
    assert bid_features(state.game, replace(view, scores=tuple(ahead))) != first


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_strong_hand_bids_high_and_a_weak_one_passes(players: int) -> None:
    """First to speak, a hand with High, Low, the Jack and the count for Game bids 3 or 4
    (3 keeps every point made), and one with no trump above a nine passes."""
    game = Pitch.from_spec("pitch", players)
    strong = parse_cards("AH KH JH TH 2H 3H")
    weak = parse_cards("3S 7C 9D 8C 5D 6S")
    checked = 0
    for seed in range(12):
        state = game.new_state(game.choose_first_dealer(random.Random(seed)))
        state.deal_random(random.Random(seed))
        view = state.view(state.current_player)
        choices = {}
        for name, hand in (("strong", strong), ("weak", weak)):
            values = LEARNED.values(game, replace(view, hand=tuple(hand)))
            assert values is not None
            choices[name] = max(values, key=lambda text: values[text])
        assert choices["strong"] in ("bid 3", "bid 4"), choices
        assert choices["weak"] == "pass", choices
        checked += 1
    assert checked == 12


def example(points: int, others: int, sides: int, action: str = "pass") -> Example:
    features = (float(sides),) + (0.0,) * (FEATURES - 1)
    return Example("pitch", sides, 0, 0, 0, features, action, NET_SPAN, MOST, 0, points, others)


def test_the_outcome_is_the_net_against_the_others_mean_in_half_points() -> None:
    # 4 sides: 3 points made, the others 1 between them: 3 - 1/3 = 2.67 -> 2.5
    assert LEARNED.net(example(3, 1, 4)) == 5
    assert LEARNED.outcome(example(3, 1, 4)) == NET_SPAN + 5
    # set back by 4 while the one other side takes all four: the worst the model tells
    assert LEARNED.outcome(example(-4, 4, 2)) == 0
    # partnerships (two sides): the other side's points whole
    assert LEARNED.net(example(1, 3, 2)) == -4
    # 7 sides: the others' mean in sixths, to the nearest half point (2 - 4/6 -> 1.5)
    assert LEARNED.net(example(2, 4, 7)) == 3


def test_the_aims() -> None:
    aims = [LEARNED.aim(text) for text in ("pass", "bid 1", "bid 2", "bid 4", "bid smudge")]
    assert aims == [NET_SPAN, NET_SPAN + 2, NET_SPAN + 4, NET_SPAN + 8, NET_SPAN + 8]


def test_an_outcome_is_worth_its_net_and_the_match_swing_where_it_ends_the_match() -> None:
    state = dealt_match("pitch", 3)
    view = state.view(state.current_player)
    worth = outcome_worth(state.game, view)
    assert len(worth) == MOST + 1
    assert [worth[NET_SPAN + k] for k in (-3, 0, 2, 7)] == [-1.5, 0.0, 1.0, 3.5]
    scores = [0] * 4
    scores[view.seat] = 5  # two points to go
    scores[(view.seat + 1) % 4] = 4  # the nearest other needs three
    near = outcome_worth(state.game, replace(view, scores=tuple(scores)))
    assert near[NET_SPAN + 4] == 2.0 + MATCH_SWING  # a net of 2 wins
    assert near[NET_SPAN + 3] == 1.5
    assert near[NET_SPAN - 6] == -3.0 - MATCH_SWING  # the others' lead of 3 loses
    assert near[NET_SPAN - 5] == -2.5
    assert near == sorted(near)


def test_a_bid_that_wins_the_match_is_worth_more_near_the_target() -> None:
    game = Pitch.from_spec("pitch", 2)
    state = game.new_state(1)
    hands = (tuple(parse_cards("AH KH JH 2H 9S 4C")), tuple(parse_cards("5S 7C 9D 8C 5D 6S")))
    state.deal(Deal(hands, None, ()))
    view = state.view(0)
    early = LEARNED.values(game, view)
    late = LEARNED.values(game, replace(view, scores=(5, 0)))
    assert early is not None and late is not None
    assert late["bid 2"] - late["pass"] > early["bid 2"] - early["pass"]


def test_other_games_are_refused_by_name() -> None:
    euchre = load_game("euchre")
    state = dealt_match("euchre", 2)
    view = state.view(state.current_player)
    assert not LEARNED.applies(euchre, view)
    with pytest.raises(TypeError, match="learned Pitch bidding plays pitch, not 'euchre'"):
        bid_features(euchre, view)


def test_train_data_and_bidding_end_to_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Self-play examples keep the seat's side's points (a set back negative) and the
    others' together; a model trains on them."""
    data = tmp_path / "pitch.jsonl.gz"
    command = ["train", "data", "pitch", "--players", "3", "--matches", "12"]
    assert main([*command, "--seed", "3", "--out", str(data)]) == 0
    rows = read_examples(data)
    assert {row.action.split()[0] for row in rows} >= {"pass", "bid"}
    assert any(row.points < 0 for row in rows) and any(row.points > 0 for row in rows)
    assert all(row.features[0] == 3.0 and row.most == MOST for row in rows)
    path = tmp_path / "model.json"
    train = ["train", "bidding", "pitch", "--data", str(data), "--epochs", "1"]
    assert main([*train, "--out", str(path)]) == 0
    assert OutcomeModel.load(path).outcomes == MOST + 1
    assert "(not the shipped weights)" in capsys.readouterr().out
