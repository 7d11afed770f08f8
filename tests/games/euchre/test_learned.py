"""Learned bidding for four-handed euchre (``games.euchre.learned``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tricktable.actions import argument_of, parse_action
from tricktable.cards import SUIT_LETTERS, SUITS, cards_of, parse_cards, same_colour_suit
from tricktable.core import State
from tricktable.games import spec_of
from tricktable.games.euchre.learned import (
    BLOCK,
    CONTEXT,
    FEATURES,
    LEARNED,
    MOST,
    NET_SPAN,
    bid_features,
    block_suits,
)
from tricktable.learn.part import Example
from tricktable.testing import dealt_match


def making_views(rules: str, seeds: range) -> list[tuple[State, int]]:
    """States of ``medium`` matches at a decision of the making rounds, with its seat."""
    from tricktable.bots import make_bot

    out = []
    for seed in seeds:
        state = dealt_match(rules, seed)
        bots = [make_bot("medium", state.game, seat) for seat in range(4)]
        while not state.is_chance() and state.phase.name in ("BID1", "BID2"):
            out.append((state.clone(), state.current_player))
            seat = state.current_player
            state.apply_text(bots[seat].choose(state.view(seat), random.Random(seed)))
    return out


def test_the_spec_names_it_and_the_model_values_every_legal_choice_of_both_rounds() -> None:
    assert spec_of("euchre").learned is not None
    assert spec_of("euchre").learned.load() is LEARNED  # type: ignore[union-attr]
    rounds = set()
    for state, seat in making_views("euchre", range(8)):
        view = state.view(seat)
        assert LEARNED.applies(state.game, view)
        values = LEARNED.values(state.game, view)
        assert values is not None and sorted(values) == sorted(view.legal)
        features = bid_features(state.game, view)
        assert len(features) == FEATURES
        assert LEARNED.model.inputs == len(LEARNED.inputs(features, view.legal[0]))
        rounds.add(view.phase)
    assert rounds == {"bid1", "bid2"}


@pytest.mark.parametrize(
    "rules", ["euchre(preset=british)", "euchre(preset=openspiel)", "euchre(preset=mathews_1844)"]
)
def test_every_preset_of_the_tables_is_valued(rules: str) -> None:
    views = making_views(rules, range(4))
    assert views
    for state, seat in views:
        values = LEARNED.values(state.game, state.view(seat))
        assert values is not None and all(abs(value) < 10 for value in values.values())


def test_it_reads_the_view_alone() -> None:
    """Two deals that differ only in the cards the seat cannot see give the same features
    and values."""
    state = dealt_match("euchre", 5)
    seat = state.current_player
    other = state.clone()
    a, b = [s for s in range(4) if s != seat][:2]
    card_a, card_b = cards_of(other.hands[a])[0], cards_of(other.hands[b])[0]
    other.hands[a] ^= 1 << card_a | 1 << card_b
    other.hands[b] ^= 1 << card_a | 1 << card_b
    assert state.hands != other.hands
    view, same = state.view(seat), other.view(seat)
    assert view == same
    assert bid_features(state.game, view) == bid_features(other.game, same)
    assert LEARNED.values(state.game, view) == LEARNED.values(other.game, same)


def test_a_call_reads_the_block_of_the_suit_it_names() -> None:
    state, seat = next(
        (state, seat)
        for state, seat in making_views("euchre", range(20))
        if state.view(seat).phase == "bid2"
    )
    view = state.view(seat)
    features = bid_features(state.game, view)
    suits = [int(suit) for suit in features[-4:]]
    assert suits == block_suits(suits[0])
    for text in view.legal:
        if not text.startswith("call"):
            continue
        place = suits.index(argument_of(parse_action(text)))
        named = LEARNED.inputs(features, text)[FEATURES - 4 : FEATURES - 4 + BLOCK]
        assert named == features[CONTEXT + place * BLOCK : CONTEXT + (place + 1) * BLOCK]
        assert place > 0  # the up-card's suit is turned down in round two


def test_the_outcome_is_the_side_s_net_score_and_the_aims_are_a_make_or_a_march() -> None:
    example = Example("euchre", 4, 0, 0, 1, (0.0,), "pass", 4, MOST, 1, 0, 2)
    assert LEARNED.outcome(example) == NET_SPAN - 2
    assert LEARNED.outcome(replace(example, points=4, others=0)) == MOST
    assert LEARNED.outcome(replace(example, points=0, others=6)) == 0  # beyond the span
    assert [LEARNED.aim(text) for text in ("pass", "order", "call H", "order alone")] == [
        NET_SPAN,
        NET_SPAN + 1,
        NET_SPAN + 1,
        MOST,
    ]


def test_a_lay_down_hand_orders_and_a_poor_one_passes() -> None:
    """The model tells both bowers and the ace of trump from a hand of nines and tens."""
    checked = 0
    for seed in range(1, 30):
        state = dealt_match("euchre", seed)
        game, view = state.game, state.view(state.current_player)
        turned = view.public.upcard_suit
        suit, partner = SUIT_LETTERS[turned], SUIT_LETTERS[same_colour_suit(turned)]
        plain = next(SUIT_LETTERS[s] for s in SUITS if s not in (turned, same_colour_suit(turned)))
        strong = parse_cards(f"J{suit} J{partner} A{suit} Q{suit} A{plain}")
        weak = parse_cards(f"9{plain} T{plain} 9{partner} T{partner} Q{plain}")
        if state.upcard in strong or state.upcard in weak:
            continue
        for hand, best in ((strong, {"order", "order alone"}), (weak, {"pass"})):
            values = LEARNED.values(game, replace(view, hand=tuple(hand)))
            assert values is not None
            assert max(values, key=lambda text: values[text]) in best, values
        checked += 1
    assert checked >= 10
