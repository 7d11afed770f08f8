"""What each client is sent: a seat's own view, or the public view for spectators.

A seat's message is built only from ``state.view(seat)`` (the rules core's ``SeatView``),
so it holds that seat's hand and nothing hidden from it. A spectator gets the public part of
a view, from which every card hidden from any seat is scrubbed.

>>> import random
>>> from tricktable.games import load_game
>>> state = load_game("euchre(preset=north_american)").new_state(first_dealer=0)
>>> state.deal_random(random.Random(3))
>>> public = spectator_view(state)
>>> public.hand, public.legal
((), ())
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktable.actions import is_card_action, parse_action
from tricktable.cards import Card, card_name, parse_card
from tricktable.core import SeatView, State
from tricktable.errors import ActionParseError, CardError
from tricktable.presentation import hand_groups

PUBLIC_DROP = ("own_discards", "own_hand_hidden", "hand_count", "forehead")
"""Keys of ``SeatView.public`` that describe one seat, not the table."""


def secret_cards(state: State) -> int:
    """Every card hidden from at least one seat (a spectator may see none of them)."""
    mask = 0
    for seat in range(state.game.players):
        mask |= state.hidden_from(seat)
    return mask


def spectator_view(state: State) -> SeatView:
    """The view of someone at no seat: no hand, no legal actions, no hidden card."""
    secret = secret_cards(state)
    base = state.view(0)
    public = {
        key: _scrub(value, secret) for key, value in base.public.items() if key not in PUBLIC_DROP
    }
    # Built field by field (not dataclasses.replace): the core may be a compiled build.
    return SeatView(
        game=base.game,
        seat=-1,
        players=base.players,
        dealer=base.dealer,
        to_act=base.to_act,
        phase=base.phase,
        hand=(),
        history=state.masked_history(-1),
        trick=base.trick,
        tricks=base.tricks,
        trick_winners=base.trick_winners,
        scores=base.scores,
        legal=(),
        public=public,
    )


def _scrub(value: Any, secret: int) -> Any:
    """``value`` with every text naming a secret card replaced by ``None``."""
    if isinstance(value, str):
        try:
            card = parse_card(value)
        except CardError:
            return value
        return None if secret >> card & 1 else value
    if isinstance(value, Mapping):
        return {key: _scrub(item, secret) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrub(item, secret) for item in value]
    return value


def names_card(action: str) -> bool:
    """Whether an action text names a card (a play or a discard).

    >>> names_card("play JS"), names_card("bid 3")
    (True, False)
    """
    try:
        return is_card_action(parse_action(action))
    except ActionParseError:
        return False


def shown_legal(view: SeatView) -> tuple[list[str], bool]:
    """The legal actions a seat may be shown, and whether its move is forced unseen.

    A seat that may not see its own hand (Romanian whist "on the forehead") must not learn
    its card from the action that plays it: such actions are left out, and when nothing else
    is legal the move is ``forced`` (the table plays it for the seat).
    """
    if not view.public.get("own_hand_hidden"):
        return list(view.legal), False
    shown = [action for action in view.legal if not names_card(action)]
    return shown, bool(view.legal) and not shown


def sorted_hand(state: State, view: SeatView) -> list[list[str]]:
    """The hand as groups of card names: trumps together first, then alternating colours."""
    return [[card_name(card) for card in group] for group in hand_groups(state.game, view)]


def _pairs(trick: Sequence[tuple[int, Card]]) -> list[list[Any]]:
    return [[seat, card_name(card)] for seat, card in trick]


def view_message(
    state: State,
    seat: int | None,
    seq: int,
    previous_trick: dict[str, Any] | None,
    rules: str | None = None,
    with_sheet: bool = True,
) -> dict[str, Any]:
    """The ``state`` message's ``view`` for ``seat`` (``None``: a spectator), ready for
    ``json.dumps`` (which writes int keys as strings and tuples as lists).

    ``previous_trick`` is the last trick of the deal before, shown until a trick of this
    deal is complete; ``rules`` the game's rule string, when the caller keeps it. Without
    ``with_sheet`` the finished deals' ``summaries`` are left out (the client keeps the ones
    it has; ``sheet_rows`` counts them).
    """
    view = spectator_view(state) if seat is None else state.view(seat)
    game = state.game
    last_trick: dict[str, Any] | None = previous_trick
    if view.tricks:
        last_trick = {"cards": _pairs(view.tricks[-1]), "winner": view.trick_winners[-1]}
    complete = [s for s in state.summaries() if s.complete]
    finished = state.is_terminal()
    winner = state.winner() if finished else None
    to_act = view.to_act if view.to_act >= 0 else None
    legal, forced = shown_legal(view)
    out = {
        "seq": seq,
        "game": game.name,
        "rules": rules if rules is not None else game.rule_string(),
        "players": game.players,
        "sides": game.sides,
        "seat": seat,
        "deal": len(state.deals),
        "dealer": view.dealer,
        "to_act": to_act,
        "phase": view.phase,
        "hand": sorted_hand(state, view) if seat is not None else [],
        "hand_counts": [hand.bit_count() for hand in state.hands] if state.deals else [],
        "legal": legal,
        "forced": forced,
        "history": [[who, text] for who, text in view.history],
        "trick": _pairs(view.trick),
        "last_trick": last_trick,
        "tricks_won": _tricks_by_seat(view, game.players),
        "scores": list(view.scores),
        "public": view.public,
        "sheet_rows": len(complete),
        "finished": finished,
        "winner": winner,
    }
    if with_sheet:
        out["summaries"] = [s.to_json() for s in complete]
    return out


def _tricks_by_seat(view: SeatView, players: int) -> list[int]:
    won = [0] * players
    for winner in view.trick_winners:
        won[winner] += 1
    return won
