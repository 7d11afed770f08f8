"""Advice for people: each legal action's estimated value and the recommended one.

``advise(game, view, rng)`` is what ``tricktable play --hints`` shows and what
``tricktable analyse`` compares a record's decisions against. Values come from ``pimc``:
mean values over sampled worlds. Card play is solved double-dummy and valued as the game's
search adapter says (the seat's side's tricks in most euchre games, points in All Fours, the
deal score in Romanian whist; in four-handed euchre the deal's points weighed by the match's
score). Decisions outside card play are valued by the game's evaluator where its spec names
one (``GameSpec.decisions``); other decisions get the heuristic's recommendation without
values.

>>> import random
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre(preset=north_american)", 3)
>>> game = state.game
>>> advice = advise(game, state.view(state.current_player), random.Random(0), worlds=4)
>>> advice.recommended in state.legal_texts(), sorted(advice.values) == state.legal_texts()
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tricktable.bots.base import require_legal
from tricktable.bots.search.pimc import BIDDING_MARGIN, PimcBot
from tricktable.bots.search.sampled_worlds import Evaluator
from tricktable.core import Game, SeatView
from tricktable.games import spec_of
from tricktable.search.adapter import search_adapter
from tricktable.search.play_facts import play_facts

HINT_WORLDS = 30
"""Worlds sampled for a hint or an analysed decision unless told otherwise."""


@dataclass(frozen=True, slots=True)
class Advice:
    """Estimated values of the legal actions and the one recommended."""

    values: dict[str, float]
    """Each legal action's estimated value (empty when there is no estimate)."""
    recommended: str
    unit: str
    """What the values count: ``tricks``, ``points``, ``score`` or ``""``."""


def value_unit(game: Game[Any], view: SeatView) -> str:
    """What ``advise`` values count for this decision: the game spec's ``value_unit``, or the
    search adapter's for the game's form (``SearchAdapter.value_unit_of``); before the play,
    the adapter's ``decision_unit`` (the evaluators of ``GameSpec.decisions`` score each
    world's deal with the table's rules)."""
    adapter = search_adapter(game)
    if view.phase != "play":
        return adapter.decision_unit
    return adapter.value_unit_of(game) or spec_of(game).value_unit


def advise(
    game: Game[Any], view: SeatView, rng: random.Random, worlds: int = HINT_WORLDS
) -> Advice:
    """The advice for the seat of ``view`` (which must have a decision to take)."""
    legal = require_legal(view)
    bot = PimcBot(game, view.seat, worlds=worlds)
    values: dict[str, float] = {}
    margin = 0.0
    if len(legal) > 1:
        decisions = spec_of(game).decisions
        valued = None
        if decisions is not None and view.phase != "play":
            evaluate: Evaluator = decisions.load()
            valued = evaluate(game, view, random.Random(rng.getrandbits(32)), worlds)
        if valued is not None:
            values = valued
            margin = BIDDING_MARGIN
        elif view.phase == "play" and play_facts(game, view) is not None:
            values = bot.card_values(view, random.Random(rng.getrandbits(32)))
    if values:
        # The bot's own rule on these values: the best, or the heuristic's choice when
        # within the margin.
        recommended = bot.best_of(values, view, rng, margin)
    else:
        recommended = bot.choose(view, rng)
    return Advice(values, recommended, value_unit(game, view) if values else "")


def top_action(values: dict[str, float], prefer: str = "") -> str:
    """The action of top value (``""`` without values); among actions tied at the top,
    ``prefer`` if it is one of them, else the first in text order.

    >>> top_action({"order": 0.126, "pass": 0.052}, prefer="pass")
    'order'
    >>> top_action({"play AS": 1.0, "play KS": 1.0}, prefer="play KS")
    'play KS'
    """
    if not values:
        return ""
    top = max(values.values())
    tied = sorted(text for text, value in values.items() if value >= top)
    return prefer if prefer in tied else tied[0]


def advice_lines(advice: Advice) -> list[str]:
    """The advice as lines for the terminal, best value first."""
    if not advice.values:
        return [f"Recommended: {advice.recommended} (no estimate for this decision)"]
    ranked = sorted(advice.values.items(), key=lambda item: -item[1])
    lines = [f"Estimated {advice.unit} for your side, by action:"]
    for text, value in ranked:
        mark = "  <- recommended" if text == advice.recommended else ""
        lines.append(f"  {text:<16} {value:+.2f}{mark}")
    return lines
