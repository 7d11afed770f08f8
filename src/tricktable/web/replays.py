"""Frames for the replay viewer: a finished or uploaded record, step by step.

A record holds every card, so its frames show every hand face up. ``frames`` replays the
record (checking it) and returns one frame per deal and per decision.

>>> import random
>>> from tricktable import load_game
>>> from tricktable.record import record_of
>>> state = load_game("euchre").new_state(first_dealer=0)
>>> state.deal_random(random.Random(3))
>>> state.apply_text("pass")
>>> [frame["action"] for frame in frames(record_of(state))]
[None, 'pass']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tricktable.cards import card_name
from tricktable.core import State
from tricktable.errors import RecordError
from tricktable.record import parse_record, replay_record
from tricktable.web.views import PUBLIC_DROP, sorted_hand

MAX_FRAMES = 20000
"""The most frames one replay returns (a longer record is refused)."""


def frames(source: str | bytes | Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every position of the record's match; ``RecordError`` if the record is not valid."""
    data = parse_record(source)
    final = replay_record(data)  # checks every deal and action first
    steps = sum(len(actions) + 1 for actions in final.actions)
    if steps > MAX_FRAMES:
        raise RecordError(f"the record has {steps} steps; the viewer shows at most {MAX_FRAMES}")
    game = final.game
    state = game.new_state(final.first_dealer)
    out: list[dict[str, Any]] = []
    for index, deal in enumerate(final.deals):
        state.deal(deal)
        out.append(_frame(state, index, None, None))
        for action_index in range(len(final.actions[index])):
            seat = state.current_player
            state.push(final.actions[index][action_index])
            text = state.history_texts()[index][action_index]
            out.append(_frame(state, index, seat, text))
    return out


def _frame(state: State, deal: int, seat: int | None, action: str | None) -> dict[str, Any]:
    views = [state.view(s) for s in range(state.game.players)]
    first = views[0]
    last_trick = None
    if first.tricks:
        last_trick = {
            "cards": [[s, card_name(c)] for s, c in first.tricks[-1]],
            "winner": first.trick_winners[-1],
        }
    summaries = state.summaries()
    return {
        "deal": deal,
        "actor": seat,
        "action": action,
        "dealer": first.dealer,
        "to_act": state.current_player if state.current_player >= 0 else None,
        "phase": first.phase,
        "hands": [[c for group in sorted_hand(state, view) for c in group] for view in views],
        "trick": [[s, card_name(c)] for s, c in first.trick],
        "last_trick": last_trick,
        "history": state.history_texts()[deal] if state.actions else [],
        "scores": state.scores(),
        "public": {k: v for k, v in first.public.items() if k not in PUBLIC_DROP},
        "summary": summaries[deal].to_json() if deal < len(summaries) else None,
    }
