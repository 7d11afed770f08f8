"""Three-handed euchre's making of trump by sampled worlds (``three_handed_euchre.bidding``)."""

from __future__ import annotations

import random

from tricktable.bots import make_bot
from tricktable.bots.search.pimc import PimcBot
from tricktable.core import Deal
from tricktable.games import load_game, spec_of
from tricktable.games.three_handed_euchre.bidding import evaluate

GAME = load_game("three_handed_euchre")


def test_both_making_rounds_are_valued() -> None:
    state = GAME.new_match(random.Random(4))
    state.deal_random(random.Random(4))
    rounds: set[str] = set()
    while state.phase.name in ("BID1", "BID2"):
        view = state.view(state.current_player)
        values = evaluate(GAME, view, random.Random(1), 4)
        assert values is not None and set(values) == set(view.legal)
        rounds.add(view.phase)
        state.apply_text("pass")
        if state.is_chance():
            break
    assert rounds == {"bid1", "bid2"}


def test_the_values_read_only_the_seats_view() -> None:
    """The other two hands swapped: the seat sees the same, and values its choices alike."""
    first = GAME.new_match(random.Random(6))
    first.deal_random(random.Random(6))
    dealt = first.deals[-1]
    seat = first.current_player
    others = [s for s in range(3) if s != seat]
    hands = list(dealt.hands)
    hands[others[0]], hands[others[1]] = hands[others[1]], hands[others[0]]
    second = GAME.new_state(first.dealer)
    second.deal(Deal(tuple(hands), dealt.turned, dealt.stock))
    assert first.view(seat) == second.view(seat)
    assert evaluate(GAME, first.view(seat), random.Random(2), 6) == evaluate(
        GAME, second.view(seat), random.Random(2), 6
    )


def test_hard_takes_its_bids_from_the_valuation() -> None:
    assert spec_of(GAME).decisions is not None
    bot = make_bot("hard", GAME, 0)
    state = GAME.new_match(random.Random(8))
    state.deal_random(random.Random(8))
    view = state.view(state.current_player)
    choice = make_bot("hard", GAME, view.seat).choose(view, random.Random(3))
    assert choice in view.legal
    inner = getattr(bot, "inner")  # noqa: B009
    assert isinstance(inner, PimcBot) and inner.bidding
