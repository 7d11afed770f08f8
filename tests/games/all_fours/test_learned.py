"""Learned standing, begging, giving and running for All Fours (``games.all_fours.learned``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tricktable.bots.search.inference import learned_part
from tricktable.cards import SUIT_LETTERS, parse_cards, suit_of
from tricktable.core import State
from tricktable.games import load_game, spec_of
from tricktable.games.all_fours.bidding import MATCH_SWING
from tricktable.games.all_fours.learned import (
    EACH_FEATURES,
    EACH_FOR_ITSELF,
    EACH_MATCHES,
    FEATURES,
    HALF_SPAN,
    LEARNED,
    MARGIN,
    MOST,
    NET_SPAN,
    each_features,
    each_outcome_worth,
    outcome_worth,
    stand_features,
)
from tricktable.learn.model import OutcomeModel
from tricktable.learn.part import Example
from tricktable.testing import dealt_match

DECIDING = ("STAND_BEG", "GIVE_RUN")


def deciding_views(rules: str, seeds: range, players: int = 2) -> list[tuple[State, int]]:
    """States of ``medium`` matches at a stand / beg or give / run decision, with its seat."""
    from tricktable.bots import make_bot

    game = load_game(rules, players=players)
    out = []
    for seed in seeds:
        state = game.new_match(random.Random(seed))
        bots = [make_bot("medium", game, seat) for seat in range(players)]
        rng = random.Random(seed)
        while not state.is_terminal() and len(out) < 4 * (seed - seeds.start + 1):
            if state.is_chance():
                state.deal_random(rng)
                continue
            seat = state.current_player
            if state.phase.name in DECIDING:
                out.append((state.clone(), seat))
            state.apply_text(bots[seat].choose(state.view(seat), rng))
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_the_spec_names_it_and_the_model_values_every_legal_choice_of_both_seats(
    players: int,
) -> None:
    assert spec_of("all_fours").learned is not None
    assert spec_of("all_fours").learned.load() is LEARNED  # type: ignore[union-attr]
    phases = set()
    for state, seat in deciding_views("all_fours", range(10), players):
        view = state.view(seat)
        values = LEARNED.values(state.game, view)
        if len(view.legal) < 2:  # the dealer must run: nothing to choose
            assert values is None and not LEARNED.applies(state.game, view)
            continue
        assert LEARNED.applies(state.game, view)
        assert values is not None and sorted(values) == sorted(view.legal)
        assert all(abs(value) < 20 for value in values.values())
        features = stand_features(state.game, view)
        assert len(features) == FEATURES
        assert LEARNED.model.inputs == len(LEARNED.inputs(features, view.legal[0]))
        phases.add(view.phase)
    assert phases == {"stand_beg", "give_run"}


@pytest.mark.parametrize(
    ("rules", "players"), [("all_fours", 3), ("all_fours(partnerships=false)", 4)]
)
def test_tables_without_two_sides_have_their_own_part(rules: str, players: int) -> None:
    """The two-sided part leaves them alone; ``learned_part`` (what ``pimc`` asks) gives the
    each-for-itself part, and a two-sided table keeps the spec's part."""
    game = load_game(rules, players=players)
    state = game.new_match(random.Random(2))
    state.deal_random(random.Random(2))
    view = state.view(state.current_player)
    assert view.phase == "stand_beg" and len(view.legal) == 2
    assert not LEARNED.applies(game, view)
    assert LEARNED.values(game, view) is None
    assert learned_part(game) is EACH_FOR_ITSELF and EACH_FOR_ITSELF.applies(game, view)
    assert learned_part(load_game("all_fours", players=4)) is LEARNED
    assert learned_part(load_game("all_fours")) is LEARNED
    with pytest.raises(ValueError, match="needs two sides"):
        outcome_worth(game, view)


def test_it_reads_the_view_alone() -> None:
    """Two deals that differ only in cards the seat cannot see (the other hand, the stock)
    give the same features and values."""
    state = dealt_match("all_fours", 5)
    seat = state.current_player
    other = state.clone()
    hidden, stocked = other.hands[1 - seat] & -other.hands[1 - seat], other.stock[0]
    card = hidden.bit_length() - 1
    other.hands[1 - seat] ^= 1 << card | 1 << stocked
    other.stock[0] = card
    assert state.hands != other.hands
    view, same = state.view(seat), other.view(seat)
    assert view == same
    assert stand_features(state.game, view) == stand_features(other.game, same)
    assert LEARNED.values(state.game, view) == LEARNED.values(other.game, same)


def test_the_outcome_is_the_side_s_net_score_and_keeping_the_suit_aims_at_a_point() -> None:
    example = Example("all_fours", 2, 0, 0, 1, (0.0,), "beg", NET_SPAN, MOST, 0, 1, 3)
    assert LEARNED.outcome(example) == NET_SPAN - 2
    assert LEARNED.outcome(replace(example, points=6, others=0)) == MOST
    assert LEARNED.outcome(replace(example, points=0, others=8)) == 0  # beyond the span
    aims = [LEARNED.aim(text) for text in ("stand", "beg", "give", "run")]
    assert aims == [NET_SPAN + 1, NET_SPAN, NET_SPAN + 1, NET_SPAN]
    features = [float(index) for index in range(FEATURES)]
    assert LEARNED.inputs(features, "stand")[-1] == features[MARGIN]
    assert LEARNED.inputs(features, "beg")[-1] == 0.0


def test_a_deal_s_worth_counts_only_the_points_still_to_come() -> None:
    """A kick already scored is in the view's score: at 6-6 in a game to 7 a deal whose net
    is that kick alone has not won the match yet, one point more has."""
    game = load_game("all_fours")
    for seed in range(60):
        state = dealt_match("all_fours", seed)
        view = state.view(state.current_player)
        done = view.public.deal_points
        if any(done) and not state.is_terminal():
            break
    else:
        pytest.fail("no kick in 60 deals")
    worth = outcome_worth(game, view)
    mine, dealer_side = view.seat % 2, view.dealer % 2
    kicked = NET_SPAN + (1 if mine == dealer_side else -1)
    assert worth == sorted(worth)
    near = outcome_worth(game, replace(view, scores=(6, 6)))
    assert near[kicked + 1] == near[MOST] > near[kicked]  # one point more wins the match


def test_a_strong_hand_in_the_turned_suit_stands_and_a_poor_one_begs() -> None:
    """The model tells the ace, king, jack and deuce of trump from a hand without a court
    card or a trump above the five, for eldest (stand / beg) and for the dealer after a
    beg (give / run)."""
    checked = 0
    for seed in range(1, 40):
        state = dealt_match("all_fours", seed)
        if state.is_terminal() or state.phase.name != "STAND_BEG":
            continue
        game = state.game
        turned = state.view(state.current_player).public.turned_card()
        suit = SUIT_LETTERS[suit_of(turned)]
        a, b, c = [letter for letter in SUIT_LETTERS if letter != suit]
        strong = parse_cards(f"A{suit} K{suit} J{suit} 2{suit} T{a} A{b}")
        weak = parse_cards(f"5{suit} 3{a} 4{a} 6{b} 7{c} 8{c}")
        if turned in strong or turned in weak:
            continue
        eldest = state.view(state.current_player)
        begged = state.clone()
        begged.apply_text("beg")
        dealer = begged.view(begged.current_player)
        for view, keep, leave in ((eldest, "stand", "beg"), (dealer, "give", "run")):
            if len(view.legal) < 2:
                continue
            for hand, best in ((strong, keep), (weak, leave)):
                values = LEARNED.values(game, replace(view, hand=tuple(hand)))
                assert values is not None
                assert max(values, key=lambda text: values[text]) == best, (view.phase, values)
        checked += 1
    assert checked >= 10


EACH_TABLES = [("all_fours", 3), ("all_fours(partnerships=false)", 4)]


@pytest.mark.parametrize(("rules", "players"), EACH_TABLES)
def test_each_seat_for_itself_every_legal_choice_is_valued_in_both_phases(
    rules: str, players: int
) -> None:
    phases = set()
    for state, seat in deciding_views(rules, range(12), players):
        view = state.view(seat)
        values = EACH_FOR_ITSELF.values(state.game, view)
        if len(view.legal) < 2:
            assert values is None
            continue
        assert values is not None and sorted(values) == sorted(view.legal)
        assert all(abs(value) < 8 + MATCH_SWING for value in values.values())
        features = each_features(state.game, view)
        assert len(features) == EACH_FEATURES
        assert EACH_FOR_ITSELF.model.inputs == len(EACH_FOR_ITSELF.inputs(features, view.legal[0]))
        phases.add(view.phase)
    assert phases == {"stand_beg", "give_run"}


def test_each_for_itself_reads_the_view_alone() -> None:
    """Three seats: deals that differ only in another seat's cards and the stock give the
    same features and values."""
    game = load_game("all_fours", players=3)
    state = game.new_match(random.Random(4))
    state.deal_random(random.Random(4))
    seat = state.current_player
    other = state.clone()
    hidden_seat = (seat + 1) % 3
    hidden, stocked = other.hands[hidden_seat] & -other.hands[hidden_seat], other.stock[0]
    card = hidden.bit_length() - 1
    other.hands[hidden_seat] ^= 1 << card | 1 << stocked
    other.stock[0] = card
    assert state.hands != other.hands
    view, same = state.view(seat), other.view(seat)
    assert view == same
    assert each_features(game, view) == each_features(game, same)
    assert EACH_FOR_ITSELF.values(game, view) == EACH_FOR_ITSELF.values(game, same)


def test_each_for_itself_learns_the_net_score_in_half_points() -> None:
    """The seat's points less the others' mean: with three seats exact in half points, with
    four to the nearest half point."""
    three = Example("all_fours", 3, 0, 0, 1, (0.0,), "stand", HALF_SPAN, 2 * HALF_SPAN, 0, 2, 3)
    assert EACH_FOR_ITSELF.outcome(three) == HALF_SPAN + 1  # 2 - 3 / 2
    four = replace(three, players=4, points=1, others=4)  # 1 - 4 / 3
    assert EACH_FOR_ITSELF.outcome(four) == HALF_SPAN - 1
    assert EACH_FOR_ITSELF.outcome(replace(three, points=8, others=0)) == 2 * HALF_SPAN
    aims = [EACH_FOR_ITSELF.aim(text) for text in ("stand", "beg", "give", "run")]
    assert aims == [HALF_SPAN + 2, HALF_SPAN, HALF_SPAN + 2, HALF_SPAN]


def test_a_net_that_reaches_the_target_is_worth_the_match_swing() -> None:
    """Three seats, the seat at 6 of 7: any point up wins the match; the leading other at 6
    and the seat below the others' mean: the match is lost."""
    game = load_game("all_fours", players=3)
    state = game.new_match(random.Random(2))
    state.deal_random(random.Random(2))
    view = state.view(state.current_player)
    assert not any(view.public.deal_points)
    mine = view.seat
    scores = [0, 0, 0]
    scores[mine] = 6
    worth = each_outcome_worth(game, replace(view, scores=tuple(scores)))
    assert worth[HALF_SPAN] == 0.0
    assert worth[HALF_SPAN + 1] == 0.5 + MATCH_SWING
    assert worth[HALF_SPAN - 2] == -1.0
    scores = [6, 6, 6]
    scores[mine] = 2
    worth = each_outcome_worth(game, replace(view, scores=tuple(scores)))
    assert worth[HALF_SPAN - 1] == -0.5 - MATCH_SWING
    assert worth[HALF_SPAN + 2] == 1.0
    assert worth == sorted(worth)


def test_the_each_for_itself_weights_are_its_own() -> None:
    """Their own file, trained on their own tables; the two-sided weights keep theirs."""
    shipped = OutcomeModel.load(EACH_FOR_ITSELF.weights)
    assert EACH_FOR_ITSELF.weights != LEARNED.weights
    assert shipped.meta["matches"] == EACH_MATCHES
    tables = [[table.rules, table.players, table.share] for table in EACH_FOR_ITSELF.tables]
    assert shipped.meta["tables"] == tables
    assert shipped.outcomes == 2 * HALF_SPAN + 1
    two_sided = OutcomeModel.load(LEARNED.weights)
    assert [table[1] for table in two_sided.meta["tables"]] == [2, 4, 2, 2, 4, 2]
