"""Reviewing a record: each decision of one seat against the best the bots can find.

``analyse_record(source, seat)`` replays a game record and, at each decision of
``seat``, asks ``advise`` for the estimated value of every legal action; the entry gives
the action taken, the best one, and the estimated loss (best value minus the value of
the action taken). A loss of ``MISTAKE_LOSS`` or more is flagged as a costly mistake.
A decision taken while the seat held cards the record never saw (its ``unseen`` cards: a
lone partner's hand, a dealer's unrecorded discard) is listed unanalysed, with the reason:
the analysis works only from what is known.

>>> import json, random
>>> from tricktable.games import load_game
>>> from tricktable.bots import make_bot
>>> from tricktable.sim import play_match
>>> from tricktable.record import record_of
>>> game = load_game("euchre(target=2)")
>>> state = play_match(game, [make_bot("heuristic", game)] * 4, random.Random(2))
>>> entries = analyse_record(json.dumps(record_of(state)), seat=0, worlds=3)
>>> all(e.taken in e.values or not e.values for e in entries)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tricktable.bots.tools.advice import HINT_WORLDS, advise
from tricktable.core import Deal, State
from tricktable.record import (
    RecordVisitor,
    Step,
    parse_record,
    replay_record,
    unseen_counts,
    walk_record,
)

MISTAKE_LOSS = 0.5
"""An estimated loss of this much (tricks or points) or more is a costly mistake."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One analysed decision."""

    deal: int
    """Index of the deal in the record (from 0)."""
    step: int
    """Index of the action within the deal."""
    phase: str
    taken: str
    best: str
    values: dict[str, float]
    unit: str
    loss: float
    """Estimated value of ``best`` minus that of ``taken`` (0 without values)."""
    unanalysed: str = ""
    """Why the decision was not analysed (empty when it was)."""

    @property
    def mistake(self) -> bool:
        """Whether the loss is at least ``MISTAKE_LOSS``."""
        return self.loss >= MISTAKE_LOSS

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "step": self.step,
            "phase": self.phase,
            "taken": self.taken,
            "best": self.best,
            "values": {text: round(value, 3) for text, value in self.values.items()},
            "unit": self.unit,
            "loss": round(self.loss, 3),
            "mistake": self.mistake,
            **({"unanalysed": self.unanalysed} if self.unanalysed else {}),
        }


def analyse_record(
    source: str | bytes | Mapping[str, Any],
    seat: int = 0,
    worlds: int = HINT_WORLDS,
    seed: int = 0,
) -> list[Decision]:
    """Every decision ``seat`` took in the record, with its estimated loss."""
    data = parse_record(source)
    players = replay_record(data).game.players  # a faulty record fails before any search
    if seat not in range(players):
        raise ValueError(f"seat must be 0..{players - 1}, not {seat}")
    deals = data["deals"]
    unseen = [unseen_counts(index, entry) for index, entry in enumerate(deals)]
    texts = [list(entry["actions"]) for entry in deals]
    review = _Review(seat, worlds, random.Random(seed), unseen, texts)
    walk_record(data, review)
    return review.decisions


class _Review(RecordVisitor):
    """Asks ``advise`` about each decision of ``seat`` that had a choice."""

    def __init__(
        self,
        seat: int,
        worlds: int,
        rng: random.Random,
        unseen: list[list[int]],
        texts: list[list[str]],
    ) -> None:
        self.seat = seat
        self.worlds = worlds
        self.rng = rng
        self.unseen = unseen
        """Per deal, per seat: how many of its cards the record never saw."""
        self.texts = texts
        """Each deal's actions as the record writes them (a hidden discard names no card)."""
        self.hand_known = True
        self.decisions: list[Decision] = []

    def begin_deal(self, index: int, deal: Deal, state: State) -> None:
        counts = self.unseen[index]
        self.hand_known = not counts or counts[self.seat] == 0

    def before_action(self, step: Step, state: State) -> None:
        if step.seat != self.seat:
            return
        view = state.view(self.seat)
        if len(view.legal) <= 1:
            return
        if not self.hand_known:
            reason = "the seat's hand is not wholly known in this deal"
            taken = self.texts[step.deal][step.index]
            self.decisions.append(
                Decision(step.deal, step.index, view.phase, taken, "", {}, "", 0.0, reason)
            )
            return
        advice = advise(state.game, view, random.Random(self.rng.getrandbits(32)), self.worlds)
        taken = step.text
        loss = 0.0
        if advice.values:
            top = max(advice.values.values())
            loss = max(0.0, top - advice.values.get(taken, top))
        self.decisions.append(
            Decision(
                step.deal,
                step.index,
                view.phase,
                taken,
                advice.recommended,
                advice.values,
                advice.unit,
                loss,
            )
        )


def report_lines(decisions: list[Decision], seat: int) -> list[str]:
    """A readable report: one line per decision, costly mistakes marked."""
    lines = [f"Decisions of seat {seat}: {len(decisions)}"]
    mistakes = 0
    for decision in decisions:
        flag = ""
        if decision.unanalysed:
            flag = f"  (not analysed: {decision.unanalysed})"
        elif decision.mistake:
            mistakes += 1
            flag = f"  MISTAKE: {decision.best} was better by {decision.loss:.2f} {decision.unit}"
        elif decision.loss > 0:
            flag = f"  (best: {decision.best}, {decision.loss:.2f} {decision.unit} better)"
        lines.append(
            f"deal {decision.deal + 1:>3} step {decision.step + 1:>3} {decision.phase:<8}"
            f" {decision.taken:<16}{flag}"
        )
    lines.append(f"costly mistakes (loss >= {MISTAKE_LOSS}): {mistakes}")
    return lines
