"""Solver positions from a seat's view and a world (all hands open).

``position_from(game, view, world)`` builds the double-dummy ``Position`` of the deal in
play, valued for the camp of ``view.seat``:

* euchre, two- and three-handed euchre, set-back euchre: the tricks that camp takes from
  here on (the seat's partnership; a lone maker; or the defenders together against the
  maker);
* bid euchre: the seat's own tricks, every other seat against it (paranoid);
* romanian whist: the seat's deal score given its bid (paranoid: all others against it;
  streak bonuses are not counted);
* all fours: the points the seat's side still wins among Jack, Low (when it scores to its
  capturer) and Game; High (and Low held) are already fixed by the deal.

>>> import random
>>> from tricktable.games import load_game
>>> from tricktable.search.resample import resample
>>> game = load_game("euchre")
>>> state = game.new_match(random.Random(4))
>>> state.deal_random(random.Random(4))
>>> while state.phase.name != "PLAY":
...     state.apply(state.legal_actions()[0])
>>> view = state.view(state.current_player)
>>> 0 <= solve_position(game, view, resample(game, view, random.Random(1))) <= 5
True
"""

from __future__ import annotations

from typing import Any

from tricktable.cards import JACK, SUIT_LETTERS, make_card, rank_of
from tricktable.core import Game, SeatView
from tricktable.search.play_facts import EUCHRE_FAMILY, play_facts
from tricktable.search.resample import World
from tricktable.search.solver import (
    MODE_ALL_FOURS,
    MODE_TRICKS,
    MODE_WHIST,
    Position,
    Solver,
)

ALL_FOURS_POINTS = {10: 10, 14: 4, 13: 3, 12: 2, 11: 1}
"""Game-count points by rank (All Fours)."""


def position_from(game: Game[Any], view: SeatView, world: World) -> Position:
    """The solver position of ``view``'s deal in ``world``, valued for ``view.seat``."""
    facts = play_facts(game, view)
    if facts is None:
        raise ValueError("no play position before trump is known")
    me = view.seat
    n = game.players
    hands = [world.hands[s] if facts.next_seat[s] >= 0 else 0 for s in range(n)]
    trick = [(seat, card) for seat, card in view.trick]
    leader = view.to_act if not trick else trick[0][0]
    pos = Position.make(hands, facts.table, facts.follow, list(facts.next_seat), leader, 0, trick)
    public = view.public
    name = game.name
    if name in EUCHRE_FAMILY:
        pos.mode = MODE_TRICKS
        maker = public.get("maker")
        if name == "euchre":
            pos.team = (1 << me) | (1 << ((me + 2) % 4))
        elif name in ("bid_euchre", "two_handed_euchre") or maker is None or me == int(maker):
            pos.team = 1 << me
        else:
            pos.team = ((1 << n) - 1) & ~(1 << int(maker))
        return pos
    if name == "romanian_whist":
        rules: Any = game.rules
        pos.mode = MODE_WHIST
        pos.team = 1 << me
        bids = public.get("bids", [])
        bid = bids[me] if me < len(bids) else None
        pos.bid = int(bid) if bid is not None else 0
        pos.taken = int(public.get("tricks_won", [0] * n)[me])
        pos.exact_bonus = int(rules.exact_bonus)
        pos.miss_tricks = rules.miss_scoring == "tricks"
        return pos
    if name == "all_fours":
        return _all_fours(game, view, world, pos)
    raise ValueError(f"no solver position for game {name!r}")


def _all_fours(game: Game[Any], view: SeatView, world: World, pos: Position) -> Position:
    rules: Any = game.rules
    side_of = list(getattr(game, "side_of"))  # noqa: B009
    me = view.seat
    pos.mode = MODE_ALL_FOURS
    pos.side_of = side_of
    pos.team_side = side_of[me]
    pos.team = sum(1 << s for s in range(game.players) if side_of[s] == side_of[me])
    pos.game_counts = [int(c) for c in view.public.get("game_points", [])]
    if not pos.game_counts:
        pos.game_counts = [0] * (max(side_of) + 1)
    pos.card_points = [ALL_FOURS_POINTS.get(rank_of(card), 0) for card in range(64)]
    pos.dealer_side = side_of[view.dealer]
    pos.tie_to_non_dealer = rules.game_tie == "non_dealer"
    trump = SUIT_LETTERS.index(str(view.public["trump"]))
    completed = 0
    for trick in view.tricks:
        for _, card in trick:
            completed |= 1 << card
    open_cards = 0
    for hand in pos.hands:
        open_cards |= hand
    for card in pos.trick_cards:
        open_cards |= 1 << card
    in_play = open_cards | completed
    jack = make_card(trump, JACK)
    pos.jack = jack if open_cards >> jack & 1 else -1
    trumps = in_play & pos.suit_masks[trump]
    if rules.low_point == "captured" and trumps:
        low = (trumps & -trumps).bit_length() - 1
        pos.low = low if open_cards >> low & 1 else -1
    return pos


def solve_position(game: Game[Any], view: SeatView, world: World) -> int:
    """The double-dummy value of the deal in ``world`` for ``view.seat``'s camp."""
    return Solver(position_from(game, view, world)).solve()


def move_values(game: Game[Any], view: SeatView, world: World) -> dict[int, int]:
    """Each legal card of the seat to move, with its double-dummy value in ``world``."""
    return dict(Solver(position_from(game, view, world)).move_values())
