"""Frames for the replay viewer: a finished or uploaded record, step by step.

A record holds every card, so its frames show every hand face up. ``frames`` walks the
record once (checking it) and returns one frame per deal and per decision.

>>> import random
>>> from tricktable import load_game
>>> from tricktable.record import record_of
>>> state = load_game("euchre(preset=north_american)").new_state(first_dealer=0)
>>> state.deal_random(random.Random(3))
>>> state.apply_text("pass")
>>> [frame["action"] for frame in frames(record_of(state))]
[None, 'pass']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tricktable.cards import card_name
from tricktable.core import Deal, State
from tricktable.errors import RecordError
from tricktable.record import RecordVisitor, Step, parse_record, replay_record, walk_record
from tricktable.web.views import PUBLIC_DROP, sorted_hand

MAX_FRAMES = 20000
"""The most frames one replay returns (a longer record is refused)."""


def frames(source: str | bytes | Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every position of the record's match; ``RecordError`` if the record is not valid."""
    data = parse_record(source)
    steps = sum(1 + _action_count(entry) for entry in data["deals"])
    if steps > MAX_FRAMES:
        replay_record(data)  # a fault in the record is reported first
        raise RecordError(f"the record has {steps} steps; the viewer shows at most {MAX_FRAMES}")
    viewer = _Frames()
    walk_record(data, viewer)
    return viewer.frames


def _action_count(entry: object) -> int:
    """How many actions a deal of the record lists (0 for a malformed deal)."""
    actions = entry.get("actions") if isinstance(entry, Mapping) else None
    return len(actions) if isinstance(actions, list) else 0


class _Frames(RecordVisitor):
    """One frame per deal and per decision, each deal's history kept as it grows."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.history: list[str] = []
        """The decisions of the deal so far, in canonical text."""

    def begin_deal(self, index: int, deal: Deal, state: State) -> None:
        self.history = []
        self.frames.append(_frame(state, index, None, None, self.history))

    def after_action(self, step: Step, state: State) -> None:
        text = step.text
        self.history.append(text)
        self.frames.append(_frame(state, step.deal, step.seat, text, self.history))


def _frame(
    state: State, deal: int, seat: int | None, action: str | None, history: list[str]
) -> dict[str, Any]:
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
        "history": list(history),
        "scores": state.scores(),
        "public": {k: v for k, v in first.public.to_json().items() if k not in PUBLIC_DROP},
        "summary": summaries[deal].to_json() if deal < len(summaries) else None,
    }
