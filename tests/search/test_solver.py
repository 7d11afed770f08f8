"""The double-dummy solver equals plain minimax, for every game."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tricktable.cards import make_card, mask_of, parse_cards
from tricktable.games import load_game
from tricktable.games.all_fours_family.valuation import UTILITY_SCALE, point_cards
from tricktable.games.romanian_whist.valuation import ExactBidScore, deal_score
from tricktable.search.minimax import each_for_itself_moves, minimax, minimax_moves
from tricktable.search.position import move_values, position_from, solve_position
from tricktable.search.resample import resample
from tricktable.search.solver import (
    FOLLOW,
    FOLLOW_ELSE_TRUMP,
    TRICKS,
    Position,
    Solver,
)
from tricktable.tricks import NO_TRUMP, euchre_rules, plain_rules

from .helpers import SPECS, play_views

LONG = os.environ.get("TRICKTABLE_LONG") == "1"
PER_GAME = 400 if LONG else 40


@pytest.mark.parametrize(("spec", "players"), SPECS)
def test_solver_equals_minimax_on_random_positions(spec: str, players: int | None) -> None:
    """Random small positions (a few tricks left, hands dealt by resampling a real
    view): the solver's value and its per-card values equal exhaustive minimax."""
    compared = 0
    limit = 3 if (players or 4) <= 4 else 2
    for index, (game, _, view) in enumerate(play_views(spec, players, 7, 20 * PER_GAME)):
        if len(view.hand) > limit or not view.hand:
            continue
        world = resample(game, view, random.Random(index))
        pos = position_from(game, view, world)
        expected = minimax(pos)
        assert Solver(pos).solve() == expected
        assert dict(Solver(pos).move_values()) == minimax_moves(pos)
        compared += 1
        if compared >= PER_GAME:
            break
    assert compared >= PER_GAME // 2


@pytest.mark.parametrize(("spec", "players"), [s for s in SPECS if s[0].startswith("all_fours")])
def test_all_fours_utilities_equal_minimax(spec: str, players: int | None) -> None:
    """All Fours valued by ``utilities`` (any value for each way Jack, captured Low and
    Game fall): the solver still equals exhaustive minimax."""
    compared = 0
    for index, (game, _, view) in enumerate(play_views(spec, players, 11, 20 * PER_GAME)):
        if len(view.hand) > 3 or not view.hand:
            continue
        rng = random.Random(index)
        pos = position_from(game, view, resample(game, view, rng))
        point_cards(pos.valuation).utilities = [rng.randrange(UTILITY_SCALE + 1) for _ in range(12)]
        assert Solver(pos).solve() == minimax(pos)
        assert dict(Solver(pos).move_values()) == minimax_moves(pos)
        compared += 1
        if compared >= PER_GAME:
            break
    assert compared >= PER_GAME // 2


def test_all_fours_lone_jack_is_low_and_jack() -> None:
    """A trump jack that is the only trump in play is Low and Jack at once: capturing it
    wins both points (``low_point=captured``), and its utilities index sets both bits."""
    game = load_game("all_fours", players=2)
    state = game.new_match(random.Random(1))
    for seed in range(500):
        state = game.new_match(random.Random(seed))
        state.deal_random(random.Random(seed))
        while state.phase.name not in ("PLAY", "OVER", "DEAL"):
            state.apply(state.legal_actions()[0])
        if state.phase.name == "PLAY":
            break
    view = state.view(state.current_player)
    pos = position_from(game, view, resample(game, view, random.Random(0)))
    trump = pos.trump
    side_suit = (trump + 1) % 4
    jack = make_card(trump, 11)
    # The seat to move: the trump jack and the two of a side suit; the other: the ten and
    # ace of that suit, no trump. Only the team's side can capture the jack.
    me = pos.to_move
    pos.hands = [0, 0]
    pos.hands[me] = mask_of([jack, make_card(side_suit, 2)])
    pos.hands[1 - me] = mask_of([make_card(side_suit, 10), make_card(side_suit, 14)])
    pos.trick_cards, pos.trick_seats = [], []
    points = point_cards(pos.valuation)
    points.jack = jack
    points.low = jack
    points.game_counts = [0, 0]
    assert Solver(pos).solve() == minimax(pos) == 2  # Jack and Low
    # Both cards to the team's side; Game to it (the other throws the ten under the
    # jack) or to the other side: the other side picks the worse of the two for the team.
    points.utilities = [0] * 12
    points.utilities[6 + 3 + 0] = 500
    points.utilities[6 + 3 + 1] = 300
    assert Solver(pos).solve() == minimax(pos) == 300


def test_full_euchre_hand_from_the_first_lead() -> None:
    game = load_game("euchre")
    rng = random.Random(3)
    state = game.new_match(rng)
    state.deal_random(rng)
    state.apply_text("order")
    state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    world = resample(game, view, random.Random(0))
    value = solve_position(game, view, world)
    values = move_values(game, view, world)
    assert 0 <= value <= 5
    assert max(values.values()) == value
    assert sorted(values) == sorted(state.legal_actions())


def test_simple_euchre_position() -> None:
    table = euchre_rules(1, None)
    hands = [mask_of(parse_cards(t)) for t in ("JH AS", "AH KS", "JD 9S", "QH TS")]
    pos = Position.make(hands, table, FOLLOW, [1, 2, 3, 0], leader=0, team=0b0101)
    assert Solver(pos).solve() == 2
    pos.team = 0b1010
    assert Solver(pos).solve() == 0


def test_whist_exact_bid() -> None:
    """One seat against three, bid 1: the others hold no spade to follow its 7S, so it
    must take both tricks and misses by one."""
    table = plain_rules()
    hands = [mask_of(parse_cards(t)) for t in ("AS 7S", "KS 8H", "QS 9H", "JS TH")]
    pos = Position.make(hands, table, FOLLOW, [1, 2, 3, 0], leader=0, team=0b0001)
    pos.valuation = ExactBidScore([1, 0, 0, 0], 5, False)
    assert Solver(pos).solve() == minimax(pos) == deal_score(1, 2, 5, False) == -1


def _random_whist_position(rng: random.Random) -> Position:
    """A random whist deal of a few cards each: 3 or 4 players, trump or none, either
    follow rule, any bid, tricks taken before and scoring."""
    players = rng.choice([3, 4])
    cards = rng.choice([2, 3, 4]) if players == 3 else rng.choice([2, 3])
    ranks = list(range(14 - rng.choice([3, 4, 6, 8]), 15))
    if len(ranks) * 4 < players * cards:
        ranks = list(range(2, 15))
    deck = [make_card(suit, rank) for suit in range(4) for rank in ranks]
    rng.shuffle(deck)
    hands = [mask_of(deck[i * cards : (i + 1) * cards]) for i in range(players)]
    trump = rng.choice([NO_TRUMP, 0, 1, 2, 3])
    follow = rng.choice([FOLLOW, FOLLOW_ELSE_TRUMP])
    order = [(seat + 1) % players for seat in range(players)]
    leader = rng.randrange(players)
    team = 1 << rng.randrange(players)
    pos = Position.make(hands, plain_rules(trump), follow, order, leader=leader, team=team)
    bids = [0] * players
    bids[team.bit_length() - 1] = rng.randrange(cards + 2)
    pos.taken = rng.randrange(2)
    exact_bonus = rng.choice([5, 10])
    pos.valuation = ExactBidScore(bids, exact_bonus, rng.random() < 0.3)
    return pos


def _exact_bid(pos: Position) -> ExactBidScore:
    valuation = pos.valuation
    assert isinstance(valuation, ExactBidScore)
    return valuation


def test_whist_solver_equals_minimax_on_random_deals() -> None:
    """Random whist deals (trump or not, both follow rules, any bid): the solver's value
    and its per-card values equal exhaustive minimax."""
    rng = random.Random(11)
    for index in range(10 * PER_GAME):
        pos = _random_whist_position(rng)
        assert Solver(pos).solve() == minimax(pos)
        if index % 4 == 0:
            assert dict(Solver(pos).move_values()) == minimax_moves(pos)


def test_each_for_itself_equals_exhaustive_search_on_random_deals() -> None:
    """Every seat for its own score (random whist deals, every seat's bid and tricks taken
    so far): the solver's value and per-card values equal an exhaustive search's."""
    rng = random.Random(13)
    for _ in range(5 * PER_GAME):
        pos = _random_whist_position(rng)
        cards = pos.hands[0].bit_count()
        pos.each_for_itself = True
        score = _exact_bid(pos)
        score.bids = [rng.randrange(cards + 2) for _ in pos.hands]
        pos.takens = [rng.randrange(2) for _ in pos.hands]
        me = pos.team.bit_length() - 1
        pos.taken = pos.takens[me]
        expected = {
            card: deal_score(score.bids[me], ends[me], score.exact_bonus, score.miss_tricks)
            for card, ends in each_for_itself_moves(pos).items()
        }
        assert dict(Solver(pos).move_values()) == expected
        if pos.to_move == me:
            assert Solver(pos).solve() == max(expected.values())


@pytest.mark.parametrize(("spec", "players"), [s for s in SPECS if "whist" in s[0]])
def test_each_for_itself_equals_exhaustive_search_in_play(spec: str, players: int | None) -> None:
    """Positions met in play (tricks in progress, seats sitting out, forehead deals): the
    solver each seat for itself equals the exhaustive search."""
    compared = 0
    for index, (game, _, view) in enumerate(play_views(spec, players, 17, 20 * PER_GAME)):
        if len(view.hand) > 3 or not view.hand:
            continue
        pos = position_from(game, view, resample(game, view, random.Random(index)))
        pos.each_for_itself = True
        me = view.seat
        score = _exact_bid(pos)
        expected = {
            card: deal_score(score.bids[me], ends[me], score.exact_bonus, score.miss_tricks)
            for card, ends in each_for_itself_moves(pos).items()
        }
        assert dict(Solver(pos).move_values()) == expected
        compared += 1
        if compared >= PER_GAME:
            break
    assert compared >= PER_GAME // 2


def test_each_for_itself_is_never_below_paranoid() -> None:
    """What the seat can force against every other seat (paranoid) is a floor under what
    each card is worth when the others play for their own scores; on some deals it is
    worth more."""
    rng = random.Random(14)
    higher = 0
    for _ in range(5 * PER_GAME):
        pos = _random_whist_position(rng)
        paranoid = dict(Solver(pos).move_values())
        pos.each_for_itself = True
        score = _exact_bid(pos)
        me = pos.team.bit_length() - 1
        bid = score.bids[me]
        score.bids = [rng.randrange(3) for _ in pos.hands]
        pos.takens = [0 for _ in pos.hands]
        score.bids[me], pos.takens[me] = bid, pos.taken
        each = dict(Solver(pos).move_values())
        assert all(each[card] >= value for card, value in paranoid.items())
        higher += any(each[card] > value for card, value in paranoid.items())
    assert higher > 0


def test_whist_quick_bounds_hold() -> None:
    """The bounds the whist search starts from without search contain the fewest and the
    most tricks the seat can force (found by minimax: scoring -tricks, and tricks)."""
    rng = random.Random(12)
    for _ in range(5 * PER_GAME):
        pos = _random_whist_position(rng)
        tricks_left = pos.hands[pos.to_move].bit_count()
        most = pos.copy()
        most.valuation = TRICKS
        fewest = pos.copy()
        fewest.valuation = ExactBidScore([0] * len(pos.hands), 0, False)
        fewest.taken = 0
        high = minimax(most)
        low = -minimax(fewest)
        packed = Solver(pos)._count_quick(tricks_left)
        assert packed >> 18 <= low <= (packed >> 12) & 63
        assert (packed >> 6) & 63 <= high <= packed & 63


def test_whist_quick_bound_seat_ducks_the_lead() -> None:
    """Not on lead, the seat can lose this trick whatever is led: under JH with its 8H
    (the leader holds no lower heart) and discarding on a diamond. So it can force one
    trick fewer than the tricks left (the count of covered cards gives nothing here: it
    lets an opponent with one card of the suit throw it away first)."""
    hands = [mask_of(parse_cards(t)) for t in ("8H AS", "JH QD", "7H KD", "9D TD")]
    pos = Position.make(hands, plain_rules(), FOLLOW, [1, 2, 3, 0], leader=1, team=0b0001)
    pos.valuation = ExactBidScore([0, 0, 0, 0], 0, False)
    packed = Solver(pos)._count_quick(2)
    assert (packed >> 12) & 63 == 1
    fewest = pos.copy()
    assert -minimax(fewest) <= 1


def test_every_module_of_the_solver_is_compiled() -> None:
    """The solver's parts (``search/solver*.py``, each class the base of the next) are all
    in setup.py's ``COMPILED_MODULES``: a part left out would run interpreted, or stop the
    compiled build (mypyc's native classes take only a native base)."""
    root = Path(__file__).resolve().parents[2]
    listed = (root / "setup.py").read_text(encoding="utf-8")
    parts = sorted((root / "src" / "tricktable" / "search").glob("solver*.py"))
    assert len(parts) > 1
    missing = [path.name for path in parts if f'"src/tricktable/search/{path.name}"' not in listed]
    assert not missing, f"solver modules not compiled (setup.py COMPILED_MODULES): {missing}"
