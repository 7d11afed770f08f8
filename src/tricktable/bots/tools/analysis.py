"""Reviewing a record: each decision of one seat against the best the bots can find.

``analyse_record(source, seat)`` replays a game record and, at each decision of ``seat``
that had a choice, asks ``advise`` for the estimated value of every legal action. The best
action is the one of top value, and the loss is measured from it: the top value minus the
value of the action taken, never negative. Values come from sampled worlds, so a loss under
``min_loss`` (``NOISE_LOSS`` unless told) is within the noise and is not flagged; a loss of
``min_loss`` or more is an inaccuracy, and of ``MISTAKE_LOSS`` (and ``min_loss``) or more a
costly mistake. Each decision keeps what the seat saw: its hand, the deal's decisions so
far (the bidding), the trick in progress and the trump.

A decision taken while the seat held cards the record never saw (its ``unseen`` cards: a
lone partner's hand, a dealer's unrecorded discard) is listed unanalysed, with the reason:
the analysis works only from what is known.

Deals and decisions are counted from 1 for people (``number``, ``decision``): deal 2,
decision 3 is the record's ``deals[1].actions[2]`` (``deal``, ``step``: the indexes).

>>> import json, random
>>> from tricktable.games import load_game
>>> from tricktable.bots import make_bot
>>> from tricktable.sim import play_match
>>> from tricktable.record import record_of
>>> game = load_game("euchre(target=2)")
>>> state = play_match(game, [make_bot("heuristic", game)] * 4, random.Random(2))
>>> entries = analyse_record(json.dumps(record_of(state)), seat=0, worlds=3)
>>> all(e.values[e.best] == max(e.values.values()) for e in entries if e.values)
True
>>> all(e.loss == max(e.values.values()) - e.values[e.taken] for e in entries if e.values)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tricktable.bots.tools.advice import HINT_WORLDS, advise, top_action
from tricktable.cards import SUIT_LETTERS, Card, card_name
from tricktable.core import Deal, SeatView, State
from tricktable.presentation.events import Names
from tricktable.presentation.hands import cards_for_people, hand_groups, trump_words
from tricktable.public_facts import turned_of, upcard_of
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

NOISE_LOSS = 0.1
"""A loss under this much is taken as sampling noise and not flagged (``--min-loss``)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One analysed decision, with what the seat saw when it took it."""

    deal: int
    """Index of the deal in the record (from 0; ``number`` counts from 1)."""
    step: int
    """Index of the action within the deal (from 0; ``decision`` counts from 1)."""
    phase: str
    taken: str
    best: str
    """The action of top value (the heuristic's choice when there are no values)."""
    values: dict[str, float]
    unit: str
    loss: float
    """Top value minus the value of ``taken`` (0 without values)."""
    unanalysed: str = ""
    """Why the decision was not analysed (empty when it was)."""
    seat: int = 0
    hand: tuple[tuple[str, ...], ...] = ()
    """The seat's hand as shown to it: groups by the suit they play as, trumps first."""
    so_far: tuple[tuple[int, str], ...] = ()
    """The deal's public decisions before this one: ``(seat, action)``."""
    trick: tuple[tuple[int, str], ...] = ()
    """The trick in progress: ``(seat, card)``."""
    trump: str | None = None
    """The trump suit's letter, once made."""
    shown: str | None = None
    """The card turned face up (an up-card, a turn-up), while it is in view."""
    min_loss: float = NOISE_LOSS
    """The smallest loss flagged (smaller is noise)."""

    @property
    def number(self) -> int:
        """The deal's number, from 1."""
        return self.deal + 1

    @property
    def decision(self) -> int:
        """The decision's number within its deal, from 1."""
        return self.step + 1

    @property
    def verdict(self) -> str:
        """``mistake``, ``inaccuracy`` or ``""`` (within the noise, or not analysed)."""
        loss = round(self.loss, 2)  # as shown: "0.50" is never an inaccuracy
        if self.unanalysed or not self.values or loss < self.min_loss:
            return ""
        return "mistake" if loss >= MISTAKE_LOSS else "inaccuracy"

    @property
    def mistake(self) -> bool:
        """Whether the loss is at least ``MISTAKE_LOSS`` (and ``min_loss``)."""
        return self.verdict == "mistake"

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.number,
            "decision": self.decision,
            "deal_index": self.deal,
            "action_index": self.step,
            "seat": self.seat,
            "phase": self.phase,
            "taken": self.taken,
            "best": self.best,
            "values": {text: round(value, 3) for text, value in self.values.items()},
            "unit": self.unit,
            "loss": round(self.loss, 3),
            "verdict": self.verdict or None,
            "mistake": self.mistake,
            "hand": [list(group) for group in self.hand],
            "so_far": [[seat, text] for seat, text in self.so_far],
            "trick": [[seat, card] for seat, card in self.trick],
            "trump": self.trump,
            "shown": self.shown,
            **({"unanalysed": self.unanalysed} if self.unanalysed else {}),
        }


def analyse_record(
    source: str | bytes | Mapping[str, Any],
    seat: int = 0,
    worlds: int = HINT_WORLDS,
    seed: int = 0,
    min_loss: float = NOISE_LOSS,
) -> list[Decision]:
    """Every decision ``seat`` took in the record with a choice, with its estimated loss."""
    data = parse_record(source)
    players = replay_record(data).game.players  # a faulty record fails before any search
    if seat not in range(players):
        raise ValueError(f"seat must be 0..{players - 1}, not {seat}")
    if not min_loss >= 0:
        raise ValueError(f"the noise threshold must be >= 0, not {min_loss}")
    deals = data["deals"]
    unseen = [unseen_counts(index, entry) for index, entry in enumerate(deals)]
    texts = [list(entry["actions"]) for entry in deals]
    review = _Review(seat, worlds, random.Random(seed), unseen, texts, min_loss)
    walk_record(data, review)
    return review.decisions


@dataclass
class _Review(RecordVisitor):
    """Asks ``advise`` about each decision of ``seat`` that had a choice."""

    seat: int
    worlds: int
    rng: random.Random
    unseen: list[list[int]]
    """Per deal, per seat: how many of its cards the record never saw."""
    texts: list[list[str]]
    """Each deal's actions as the record writes them (a hidden discard names no card)."""
    min_loss: float
    hand_known: bool = True
    """Whether the seat's hand is wholly known in the deal being walked."""
    decisions: list[Decision] = field(default_factory=list)
    """The decisions reviewed so far."""

    def begin_deal(self, index: int, deal: Deal, state: State) -> None:
        counts = self.unseen[index]
        self.hand_known = not counts or counts[self.seat] == 0

    def before_action(self, step: Step, state: State) -> None:
        if step.seat != self.seat:
            return
        view = state.view(self.seat)
        if len(view.legal) <= 1:
            return
        trump = view.public.trump
        seen = Decision(
            step.deal,
            step.index,
            view.phase,
            self.texts[step.deal][step.index],
            "",
            {},
            "",
            0.0,
            seat=self.seat,
            hand=tuple(
                tuple(card_name(card) for card in group) for group in hand_groups(state.game, view)
            ),
            so_far=tuple(view.history),
            trick=tuple((seat, card_name(card)) for seat, card in view.trick),
            trump=None if trump is None else SUIT_LETTERS[trump],
            shown=_shown_card(view),
            min_loss=self.min_loss,
        )
        if not self.hand_known:
            reason = "the seat's hand is not wholly known in this deal"
            self.decisions.append(replace(seen, unanalysed=reason))
            return
        advice = advise(state.game, view, random.Random(self.rng.getrandbits(32)), self.worlds)
        taken = step.text
        best, loss = advice.recommended, 0.0
        if advice.values:
            best = top_action(advice.values, prefer=taken)
            loss = max(0.0, advice.values[best] - advice.values.get(taken, advice.values[best]))
        self.decisions.append(
            replace(seen, taken=taken, best=best, values=advice.values, unit=advice.unit, loss=loss)
        )


def _shown_card(view: SeatView) -> str | None:
    """The up-card or turn-up the seat sees, if any."""
    card = upcard_of(view.public)
    if card is None:
        card = turned_of(view.public)
    return None if card is None else card_name(card)


def count_text(number: int, word: str) -> str:
    """``1 mistake``, ``2 mistakes``, ``0 inaccuracies``."""
    if number == 1:
        return f"{number} {word}"
    plural = word[:-1] + "ies" if word.endswith("y") else word + "s"
    return f"{number} {plural}"


@dataclass(frozen=True, slots=True)
class PhaseTotals:
    """How one phase's decisions went."""

    decisions: int = 0
    analysed: int = 0
    loss: float = 0.0
    inaccuracies: int = 0
    mistakes: int = 0

    def counting(self, decision: Decision) -> PhaseTotals:
        """These totals with ``decision`` counted too."""
        return PhaseTotals(
            self.decisions + 1,
            self.analysed + (1 if decision.values else 0),
            self.loss + decision.loss,
            self.inaccuracies + (decision.verdict == "inaccuracy"),
            self.mistakes + decision.mistake,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "analysed": self.analysed,
            "total_loss": round(self.loss, 3),
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
        }


@dataclass(frozen=True, slots=True)
class Totals:
    """A seat's review in numbers: every decision with a choice counts once in
    ``decisions``; ``analysed`` those with values; ``mean_loss`` is per analysed decision."""

    decisions: int
    analysed: int
    loss: float
    inaccuracies: int
    mistakes: int
    by_phase: dict[str, PhaseTotals]

    @property
    def mean_loss(self) -> float:
        return self.loss / self.analysed if self.analysed else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "analysed": self.analysed,
            "total_loss": round(self.loss, 3),
            "mean_loss": round(self.mean_loss, 3),
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "by_phase": {phase: t.to_json() for phase, t in self.by_phase.items()},
        }


def totals(decisions: Sequence[Decision]) -> Totals:
    """The totals of a seat's decisions, overall and by phase."""
    phases: dict[str, PhaseTotals] = {}
    for d in decisions:
        phases[d.phase] = phases.get(d.phase, PhaseTotals()).counting(d)
    every = list(phases.values())
    return Totals(
        decisions=sum(t.decisions for t in every),
        analysed=sum(t.analysed for t in every),
        loss=sum(t.loss for t in every),
        inaccuracies=sum(t.inaccuracies for t in every),
        mistakes=sum(t.mistakes for t in every),
        by_phase=phases,
    )


def values_text(decision: Decision, card: Callable[[Card], str] = card_name) -> str:
    """Every option's value, best first: ``order +0.13, pass +0.05`` (cards written by
    ``card``)."""
    ranked = sorted(decision.values.items(), key=lambda item: (-item[1], item[0]))
    return ", ".join(f"{cards_for_people(text, card)} {value:+.2f}" for text, value in ranked)


def report_lines(decisions: list[Decision], seat: int, names: Names | None = None) -> list[str]:
    """A readable report: one line per decision; each flagged one with what the seat saw and
    every option's value; then the totals. Deals and decisions count from 1. Cards are
    written by ``names.card`` (the records' ``TH``, or a person's ``10♥``)."""
    names = names or Names()

    def say(text: str) -> str:
        return cards_for_people(text, names.card)

    who = names.seat(seat) if names.seats else f"seat {seat + 1}"
    sums = totals(decisions)
    min_loss = decisions[0].min_loss if decisions else NOISE_LOSS
    unit = next((d.unit for d in decisions if d.unit), "points")
    lines = [
        f"Decisions of {who}: {sums.decisions} with a choice, {sums.analysed} analysed"
        f" (losses under {min_loss:.2f} {unit} are noise and not flagged)"
    ]
    phase_width = max([8, *(len(d.phase) for d in decisions)])
    for d in decisions:
        head = (
            f"deal {d.number:>3} decision {d.decision:>3} {d.phase:<{phase_width}}"
            f" {say(d.taken):<16}"
        )
        if d.unanalysed:
            lines.append(f"{head}  (not analysed: {d.unanalysed})")
            continue
        if not d.values:
            lines.append(f"{head}  (no estimate for this decision)")
            continue
        if not d.verdict:
            lines.append(head.rstrip() + ("  (best)" if d.taken == d.best else "  (within noise)"))
            continue
        label = "MISTAKE" if d.mistake else "inaccuracy"
        lines.append(f"{head}  {label}: {say(d.best)} was better by {d.loss:.2f} {d.unit}")
        hand = " | ".join(" ".join(say(card) for card in group) for group in d.hand)
        lines.append(f"      hand: {hand or '-'}")
        if d.trump is not None:
            lines.append(f"      trump: {trump_words(d.trump)}")
        elif d.shown is not None:
            lines.append(f"      turned up: {say(d.shown)}")
        if d.phase == "play":
            trick = ", ".join(f"{names.seat(s)} {say(card)}" for s, card in d.trick)
            lines.append(f"      trick so far: {trick or '(leading)'}")
        else:
            so_far = ", ".join(f"{names.seat(s)} {say(text)}" for s, text in d.so_far)
            lines.append(f"      so far: {so_far or '(first to speak)'}")
        lines.append(f"      values ({d.unit}): {values_text(d, names.card)}")
    by_phase = "; ".join(
        f"{phase}: {count_text(t.mistakes, 'mistake')}, {count_text(t.inaccuracies, 'inaccuracy')}"
        f" in {count_text(t.decisions, 'decision')}"
        for phase, t in sums.by_phase.items()
    )
    lines.append(
        f"mean loss: {sums.mean_loss:.3f} {unit} per analysed decision"
        f" (total {sums.loss:.2f} over {sums.analysed})"
    )
    lines.append(f"by phase: {by_phase or '-'}")
    lines.append(f"costly mistakes (loss >= {MISTAKE_LOSS}): {sums.mistakes}")
    return lines
