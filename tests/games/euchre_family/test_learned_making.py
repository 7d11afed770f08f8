"""Learned making rounds of the up-card euchres (``games.euchre_family.learned_making``):
four-handed, two-handed and three-handed euchre's ``learned`` parts."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tricktable.actions import argument_of, parse_action
from tricktable.cards import SUIT_LETTERS, SUITS, cards_of, parse_cards, same_colour_suit
from tricktable.core import State
from tricktable.games import spec_of
from tricktable.games.euchre_family.learned_making import (
    BLOCK,
    CONTEXT,
    FEATURES,
    UpCardBidding,
    block_suits,
)
from tricktable.learn.part import Example
from tricktable.testing import dealt_match

GAMES = ["euchre", "two_handed_euchre", "three_handed_euchre"]


def part_of(game: str) -> UpCardBidding:
    learned = spec_of(game).learned
    assert learned is not None
    part = learned.load()
    assert isinstance(part, UpCardBidding)
    return part


def making_views(rules: str, seeds: range) -> list[tuple[State, int]]:
    """States of ``medium`` matches at a decision of the making rounds, with its seat."""
    from tricktable.bots import make_bot

    out = []
    for seed in seeds:
        state = dealt_match(rules, seed)
        bots = [make_bot("medium", state.game, seat) for seat in range(state.game.players)]
        while not state.is_chance() and state.phase.name in ("BID1", "BID2"):
            out.append((state.clone(), state.current_player))
            seat = state.current_player
            state.apply_text(bots[seat].choose(state.view(seat), random.Random(seed)))
    return out


def test_only_the_games_with_their_own_learned_module_have_one() -> None:
    """The family's module is not a ``learned`` part the family's other games inherit
    (set-back euchre and bid euchre have their own)."""
    assert all(spec_of(game).learned is not None for game in GAMES)
    for game in ("setback_euchre", "bid_euchre"):  # their own parts
        part = spec_of(game).learned
        assert part is not None and part.module.endswith(f"{game}.learned")


@pytest.mark.parametrize("game", GAMES)
def test_the_model_values_every_legal_choice_of_both_rounds(game: str) -> None:
    part = part_of(game)
    rounds = set()
    for state, seat in making_views(game, range(12)):
        view = state.view(seat)
        assert part.applies(state.game, view)
        values = part.values(state.game, view)
        assert values is not None and sorted(values) == sorted(view.legal)
        assert all(abs(value) < 10 for value in values.values())
        features = part.bid_features(state.game, view)
        assert len(features) == FEATURES
        assert part.model.inputs == len(part.inputs(features, view.legal[0]))
        assert part.model.outcomes == 2 * part.net_span + 1
        rounds.add(view.phase)
    assert rounds == {"bid1", "bid2"}


@pytest.mark.parametrize("game", GAMES)
def test_it_reads_the_view_alone(game: str) -> None:
    """Two deals that differ only in the cards the seat cannot see give the same features
    and values."""
    part = part_of(game)
    state = dealt_match(game, 5)
    seat = state.current_player
    other = state.clone()
    them = next(s for s in range(state.game.players) if s != seat)
    hidden, stocked = cards_of(other.hands[them])[0], other.stock[0]
    other.hands[them] ^= 1 << hidden | 1 << stocked  # a card of theirs for one of the stock
    other.stock[0] = hidden
    assert state.hands != other.hands
    view, same = state.view(seat), other.view(seat)
    assert view == same
    assert part.bid_features(state.game, view) == part.bid_features(other.game, same)
    assert part.values(state.game, view) == part.values(other.game, same)


@pytest.mark.parametrize("game", GAMES)
def test_a_call_reads_the_block_of_the_suit_it_names(game: str) -> None:
    part = part_of(game)
    state, seat = next(
        (state, seat)
        for state, seat in making_views(game, range(40))
        if state.view(seat).phase == "bid2"
    )
    view = state.view(seat)
    features = part.bid_features(state.game, view)
    suits = [int(suit) for suit in features[-4:]]
    assert suits == block_suits(suits[0])
    calls = [text for text in view.legal if text.startswith("call")]
    assert calls
    for text in calls:
        place = suits.index(argument_of(parse_action(text)))
        named = part.inputs(features, text)[FEATURES - 4 : FEATURES - 4 + BLOCK]
        assert named == features[CONTEXT + place * BLOCK : CONTEXT + (place + 1) * BLOCK]
        assert place > 0  # the up-card's suit is turned down in round two


def test_the_outcome_is_the_net_score_and_the_aims_are_a_make_or_a_march() -> None:
    four = part_of("euchre")
    span = four.net_span
    example = Example("euchre", 4, 0, 0, 1, (0.0,), "pass", 4, 2 * span, 1, 0, 2)
    assert four.outcome(example) == span - 2
    assert four.outcome(replace(example, points=4, others=0)) == 2 * span
    assert four.outcome(replace(example, points=0, others=6)) == 0  # beyond the span
    aims = [four.aim(text) for text in ("pass", "order", "call H", "order alone")]
    assert aims == [span, span + 1, span + 1, 2 * span]
    three = part_of("three_handed_euchre")  # the others' mean, in half points
    assert three.outcome(replace(example, points=0, others=2)) == three.net_span - 2
    state = dealt_match("three_handed_euchre", 1)
    worth = three.worth(state.game, state.view(state.current_player))
    assert worth[three.net_span - 2] == pytest.approx(-1.0)


def test_a_lay_down_hand_orders_and_a_poor_one_passes() -> None:
    """The model tells both bowers and the ace of trump from a hand of nines and tens."""
    part = part_of("euchre")
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
            values = part.values(game, replace(view, hand=tuple(hand)))
            assert values is not None
            assert max(values, key=lambda text: values[text]) in best, values
        checked += 1
    assert checked >= 10
