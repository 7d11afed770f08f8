"""Learned bidding for both forms of bid euchre (``games.bid_euchre.learned``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tricktable.actions import parse_action
from tricktable.cards import cards_of, parse_cards
from tricktable.core import State
from tricktable.games import load_game, spec_of
from tricktable.games.bid_euchre.engine import contract_of
from tricktable.games.bid_euchre.heuristic import CONTRACTS
from tricktable.games.bid_euchre.learned import (
    BLOCK,
    CONTEXT,
    FEATURES,
    LEARNED,
    MOST,
    NET_SPAN,
    PHASES,
    PLAYED,
    view_features,
)
from tricktable.learn.part import Example
from tricktable.testing import dealt_match

FORMS = [("bid_euchre(preset=partnership)", 4), ("bid_euchre", 3), ("bid_euchre", 4)]


def deciding_views(rules: str, seeds: range, players: int) -> list[tuple[State, int]]:
    """States of ``medium`` matches' first deals at a decision before the play, with its
    seat."""
    from tricktable.bots import make_bot

    game = load_game(rules, players=players)
    out = []
    for seed in seeds:
        state = game.new_match(random.Random(seed))
        state.deal_random(random.Random(seed))
        bots = [make_bot("medium", game, seat) for seat in range(players)]
        rng = random.Random(seed)
        while not state.is_chance() and not state.is_terminal():
            seat = state.current_player
            if state.view(seat).phase not in PHASES:
                break
            out.append((state.clone(), seat))
            state.apply_text(bots[seat].choose(state.view(seat), rng))
    return out


@pytest.mark.parametrize(("rules", "players"), FORMS)
def test_the_spec_names_it_and_the_model_values_every_legal_choice(
    rules: str, players: int
) -> None:
    learned = spec_of("bid_euchre").learned
    assert learned is not None and learned.load() is LEARNED
    phases = set()
    for state, seat in deciding_views(rules, range(10), players):
        view = state.view(seat)
        values = LEARNED.values(state.game, view)
        if len(view.legal) < 2:
            assert values is None and not LEARNED.applies(state.game, view)
            continue
        assert LEARNED.applies(state.game, view)
        assert values is not None and sorted(values) == sorted(view.legal)
        assert all(abs(value) <= NET_SPAN for value in values.values())
        features = view_features(state.game, view)
        assert len(features) == FEATURES
        assert LEARNED.model.inputs == len(LEARNED.inputs(features, view.legal[0]))
        assert LEARNED.model.outcomes == MOST + 1
        phases.add(view.phase)
    individual = "partnership" not in rules
    assert phases == ({"bid", "name", "stay"} if individual else {"bid", "name"})


def test_the_play_is_left_to_the_search() -> None:
    """The partnership form's passed card and discard, and the play, are not learned."""
    state = dealt_match("bid_euchre(preset=partnership)", 2)
    while state.view(state.current_player).phase in PHASES:
        state.apply_text(state.legal_texts()[0])
    view = state.view(state.current_player)
    assert view.phase not in PHASES and not LEARNED.applies(state.game, view)
    assert LEARNED.values(state.game, view) is None
    euchre = dealt_match("euchre", 2)
    assert not LEARNED.applies(euchre.game, euchre.view(euchre.current_player))


@pytest.mark.parametrize(("rules", "players"), FORMS)
def test_it_reads_the_view_alone(rules: str, players: int) -> None:
    """Two deals that differ only in cards the seat cannot see (a card of one other hand
    swapped for one of another) give the same features and values."""
    state = load_game(rules, players=players).new_match(random.Random(5))
    state.deal_random(random.Random(5))
    seat = state.current_player
    other = state.clone()
    first, second = [s for s in range(players) if s != seat][:2]
    mine, theirs = cards_of(other.hands[first])[0], cards_of(other.hands[second])[0]
    other.hands[first] ^= 1 << mine | 1 << theirs
    other.hands[second] ^= 1 << mine | 1 << theirs
    assert state.hands != other.hands
    view, same = state.view(seat), other.view(seat)
    assert view == same
    assert view_features(state.game, view) == view_features(other.game, same)
    assert LEARNED.values(state.game, view) == LEARNED.values(other.game, same)


def test_the_outcome_is_the_net_score_counted_the_form_s_way() -> None:
    """The partnership form's side points less the other side's; the individual form's
    scores count down: the others' mean change less the seat's own."""
    partnership = [1.0] * FEATURES
    example = Example("bid_euchre", 4, 0, 0, 1, tuple(partnership), "bid 4", 28, MOST, 5, 5, 1)
    assert LEARNED.outcome(example) == NET_SPAN + 4
    assert LEARNED.outcome(replace(example, points=-24, others=3)) == 0  # beyond the span
    assert LEARNED.outcome(replace(example, points=24, others=0)) == MOST
    individual = tuple([0.0] * FEATURES)
    # three players: the seat took 4 tricks (-4), the other two 3 and 1 (-4 together)
    three = replace(example, players=3, features=individual, points=-4, others=-4)
    assert LEARNED.outcome(three) == NET_SPAN + 2
    set_bidder = replace(three, points=5, others=-8)  # set: +5, the others took 8
    assert LEARNED.outcome(set_bidder) == NET_SPAN - 9
    four = replace(three, players=4, points=0, others=-4)  # dropped; others -4/3
    assert LEARNED.outcome(four) == NET_SPAN - 1
    aims = [LEARNED.aim(text) for text in ("pass", "bid 3", "bid shoot", "bid alone", "drop")]
    assert aims == [NET_SPAN, NET_SPAN + 3, NET_SPAN + 12, MOST, NET_SPAN]
    assert LEARNED.aim("name H") == LEARNED.aim("stay") == NET_SPAN + 1


def test_naming_reads_the_named_contract_s_block_and_stay_the_played_one() -> None:
    named = stays = 0
    for state, seat in deciding_views("bid_euchre", range(8), 3):
        view = state.view(seat)
        features = view_features(state.game, view)
        ranked = [int(index) for index in features[-len(CONTRACTS) :]]
        blocks = FEATURES - len(CONTRACTS)
        for text in view.legal:
            inputs = LEARNED.inputs(features, text)
            if view.phase == "name":
                place = ranked.index(CONTRACTS.index(contract_of(parse_action(text))))
                start = CONTEXT + place * BLOCK
                assert inputs[blocks : blocks + BLOCK] == features[start : start + BLOCK]
                named += 1
            elif view.phase == "stay":
                assert inputs[blocks : blocks + BLOCK] == features[PLAYED : PLAYED + BLOCK]
                assert any(features[PLAYED : PLAYED + BLOCK])
                stays += 1
    assert named and stays


def _tricks(text: str) -> int:
    """A bid's tricks (a lone bid: all six; a pass: none)."""
    word = text.split()[-1]
    return int(word) if word.isdigit() else 0 if text == "pass" else 6


@pytest.mark.parametrize(("rules", "players"), [FORMS[0], FORMS[2]])
def test_a_strong_hand_bids_high_and_a_poor_one_passes_or_bids_low(
    rules: str, players: int
) -> None:
    """Both bowers, the ace, king and queen of trump and a side ace bid four tricks or more
    (or alone); a hand of middle cards without an ace or a nine passes or bids three at most
    (the partnership form's least bid), wherever the bidding stands below four."""
    strong = parse_cards("JS JC AS KS QS AH")
    poor = parse_cards("TS QH KD TC QC JH")
    checked = 0
    for state, seat in deciding_views(rules, range(8), players):
        view = state.view(seat)
        if view.phase != "bid" or "pass" not in view.legal or "bid 4" not in view.legal:
            continue
        for hand, high in ((strong, True), (poor, False)):
            values = LEARNED.values(state.game, replace(view, hand=tuple(hand)))
            assert values is not None
            best = _tricks(max(values, key=lambda text: values[text]))
            assert best >= 4 if high else best <= 3, (view.legal, values)
        checked += 1
    assert checked >= 10


def test_each_form_weighs_the_sampled_worlds_by_its_own_share() -> None:
    """The individual form bids by the model alone (``pimc`` then takes the model's best
    choice); the partnership form keeps most of the sampled worlds' values."""
    from tricktable.bots.search.pimc import PimcBot
    from tricktable.games.bid_euchre.learned import INDIVIDUAL_SHARE, PARTNERSHIP_SHARE

    assert LEARNED.share_in(load_game("bid_euchre", players=4)) == INDIVIDUAL_SHARE == 0.0
    partnership = load_game("bid_euchre(preset=partnership)")
    assert LEARNED.share_in(partnership) == PARTNERSHIP_SHARE > 0.5
    for state, seat in deciding_views("bid_euchre", range(4), 4):
        view = state.view(seat)
        values = LEARNED.values(state.game, view)
        assert values is not None
        choice = PimcBot(state.game, worlds=4).choose(view, random.Random(seat))
        assert values[choice] == max(values.values())
