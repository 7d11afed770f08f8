"""Romanian-whist bidding by sampled worlds (``tricktable.games.romanian_whist.bidding``)."""

from __future__ import annotations

import random

from tricktable.core import SeatView
from tricktable.games import load_game
from tricktable.games.romanian_whist.bidding import MemoBidder, bid_values, likely_bids
from tricktable.games.romanian_whist.heuristic import WhistHeuristic


def bid_views(count: int, seed: int = 1) -> list[SeatView]:
    """Views of the first bidder of 4-player deals of 3 to 8 cards (8-1-8 schedule)."""
    game = load_game("romanian_whist(schedule=8-1-8)", players=4)
    views: list[SeatView] = []
    rng = random.Random(seed)
    state = game.new_match(rng)
    while len(views) < count and not state.is_terminal():
        if state.is_chance():
            state.deal_random(rng)
            view = state.view(state.current_player)
            if int(view.public.to_json()["hand_size"]) >= 3:
                views.append(view)
            continue
        state.apply(state.legal_actions()[0])
    return views


def test_memo_bidder_bids_as_the_heuristic_and_remembers_each_hand() -> None:
    game = load_game("romanian_whist(schedule=8-1-8)", players=4)
    memo: dict[tuple[object, ...], list[float]] = {}
    for view in bid_views(6):
        plain = WhistHeuristic(game, view.seat).choose(view, random.Random(5))
        remembering = MemoBidder(game, view.seat, memo)
        assert remembering.choose(view, random.Random(5)) == plain
        # asked again with another generator, the remembered distribution decides
        assert remembering.choose(view, random.Random(99)) == plain
    assert len(memo) == 6


def test_likely_bids_hold_the_heuristics_bid_and_its_neighbours() -> None:
    game = load_game("romanian_whist(schedule=8-1-8)", players=4)
    for view in bid_views(8):
        likely = likely_bids(game, view, random.Random(3))
        own = int(WhistHeuristic(game, view.seat).choose(view, random.Random(3)).split()[1])
        assert set(likely) <= set(view.legal)
        for bid in (own - 1, own, own + 1):
            if f"bid {bid}" in view.legal:
                assert f"bid {bid}" in likely
        assert len(likely) < len(view.legal)  # far bids of big hands are not tried


def test_bid_values_value_only_the_bids_asked_for() -> None:
    game = load_game("romanian_whist(schedule=8-1-8)", players=4)
    view = bid_views(1)[0]
    asked = likely_bids(game, view, random.Random(3))
    values = bid_values(game, view, random.Random(2), 3, bids=asked)
    assert sorted(values) == sorted(asked)
    assert values == bid_values(game, view, random.Random(2), 3, bids=asked)
    # a bid's value is a deal score: the exact bonus plus the bid, or minus the misses
    assert all(-8 <= value <= 5 + 8 for value in values.values())
