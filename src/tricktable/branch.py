"""What if: a match taken up again from a point of its record, and the branch's own record.

A *branch* keeps a record's rules, its deals as dealt up to the point and the decisions
before it; from there the match goes on with new decisions, and every later deal is new.
The point is the decision taken over, counted as people count: ``37`` is the match's 37th
decision (every seat's decisions counted, from 1) and ``3:4`` the 4th decision of deal 3;
the decisions before it are kept (docs/records.md, "branch").

>>> import random
>>> from tricktable import load_game
>>> from tricktable.record import record_of
>>> state = load_game("euchre(preset=north_american)").new_state(first_dealer=0)
>>> state.deal_random(random.Random(3))
>>> for text in ("pass", "pass"):
...     state.apply_text(text)
>>> branch = start_branch(record_of(state, names=["Ann", "Bob", "Cid", "Dee"]), "2")
>>> branch.point.text(), branch.state.current_player, len(branch.state.actions[-1])
('decision 2 (deal 1, decision 2)', 2, 1)
>>> branch.state.apply_text("order")
>>> branched = branch_record(branch, branch.state, names=["Ann", "bot:hard", "You", "bot:hard"])
>>> branched["deals"][0]["actions"], branched["branch"]
(['pass', 'order'], {'decisions': 1, 'names': ['Ann', 'Bob', 'Cid', 'Dee']})
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.core import State
from tricktable.errors import TricktableError
from tricktable.record import parse_record, record_of, replay_record, unseen_counts

AT_FORMS = "N (the match's Nth decision, counted from 1) or D:K (deal D's Kth decision)"
"""How a branch point is written, for help texts and errors."""


class BranchError(TricktableError):
    """A branch point that the record does not have, or a point no branch can start from;
    the message says which points there are."""


@dataclass(frozen=True, slots=True)
class BranchPoint:
    """The decision a branch takes over. ``decision``, ``deal`` and ``step`` count from 1,
    as people do; ``deal_index`` and ``step_index`` are the record's indexes (from 0)."""

    decision: int
    """The decision's place in the match, every seat's decisions counted."""
    deal: int
    """Its deal (one past the record's deals when the record stops at a deal's end)."""
    step: int
    """Its place in the deal."""

    @property
    def deal_index(self) -> int:
        return self.deal - 1

    @property
    def step_index(self) -> int:
        return self.step - 1

    @property
    def kept(self) -> int:
        """How many of the record's decisions the branch keeps."""
        return self.decision - 1

    def text(self) -> str:
        """The point for people: ``decision 37 (deal 3, decision 4)``."""
        return f"decision {self.decision} (deal {self.deal}, decision {self.step})"


def branch_points(data: Mapping[str, Any], final: State) -> list[BranchPoint]:
    """Every point of a checked record a branch may start from, in order: each recorded
    decision, then, when the match is undecided where the record stops, the next decision
    (the first of a new deal when the record stops at a deal's end)."""
    points: list[BranchPoint] = []
    deals = data["deals"]
    for index, entry in enumerate(deals):
        for step in range(len(entry["actions"])):
            points.append(BranchPoint(len(points) + 1, index + 1, step + 1))
    if not final.is_terminal():
        if final.is_chance():
            points.append(BranchPoint(len(points) + 1, len(deals) + 1, 1))
        else:
            points.append(BranchPoint(len(points) + 1, len(deals), len(deals[-1]["actions"]) + 1))
    return points


def find_point(points: Sequence[BranchPoint], at: str) -> BranchPoint:
    """The point ``at`` names (``N`` or ``D:K``, from 1), or ``BranchError`` saying which
    points there are.

    >>> points = [BranchPoint(1, 1, 1), BranchPoint(2, 1, 2), BranchPoint(3, 2, 1)]
    >>> find_point(points, "3").text(), find_point(points, "1:2").text()
    ('decision 3 (deal 2, decision 1)', 'decision 2 (deal 1, decision 2)')
    >>> find_point(points, "4")
    Traceback (most recent call last):
    ...
    tricktable.branch.BranchError: no decision 4 here: decisions 1-3 (or deal:decision, e.g. 2:1)
    >>> find_point(points, "2:5")
    Traceback (most recent call last):
    ...
    tricktable.branch.BranchError: deal 2 has only decision 1 here
    """
    if not points:
        raise BranchError("the match is over before its first decision: nothing to play on")
    last = points[-1]
    whole = f"decisions 1-{last.decision} (or deal:decision, e.g. {last.deal}:{last.step})"
    text = at.strip()
    if ":" in text:
        deal_text, _, step_text = text.partition(":")
        deal, step = _number(deal_text), _number(step_text)
        if deal is None or step is None:
            raise BranchError(f"{at!r} is not a point: give {AT_FORMS}")
        in_deal = [point for point in points if point.deal == deal]
        if not in_deal:
            raise BranchError(f"no deal {deal} to play on here: deals 1-{last.deal}")
        for point in in_deal:
            if point.step == step:
                return point
        first, final = in_deal[0].step, in_deal[-1].step
        steps = f"only decision {first}" if first == final else f"decisions {first}-{final}"
        raise BranchError(f"deal {deal} has {steps} here")
    number = _number(text)
    if number is None:
        raise BranchError(f"{at!r} is not a point: give {AT_FORMS}")
    if not 1 <= number <= last.decision:
        raise BranchError(f"no decision {number} here: {whole}")
    return points[number - 1]


def _number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else None


@dataclass(frozen=True, slots=True)
class Branch:
    """A record taken up at ``point``: ``state`` is its match just before that decision
    (its deal dealt, unless the point is the first decision of a deal still to come)."""

    record: dict[str, Any]
    """The record branched from (checked)."""
    point: BranchPoint
    state: State


def start_branch(source: str | bytes | Mapping[str, Any], at: str | int | None) -> Branch:
    """The match of record ``source`` just before decision ``at`` (``N`` or ``D:K``, from 1;
    ``None``: where the record stops). The whole record is checked first (``RecordError``);
    a point it does not have, or a deal with cards never seen, is a ``BranchError``."""
    data = parse_record(source)
    final = replay_record(data)
    points = branch_points(data, final)
    if at is None:
        if final.is_terminal():
            raise BranchError(
                f"the record's match is over: choose the decision to take over ({_range(points)})"
            )
        point = points[-1]
    else:
        point = find_point(points, str(at))
    deals = data["deals"]
    kept = [copy.deepcopy(entry) for entry in deals[: point.deal]]
    if point.deal <= len(deals):
        if any(unseen_counts(point.deal_index, deals[point.deal_index])):
            raise BranchError(
                f"deal {point.deal} has cards never seen ('unseen'): it cannot be played on;"
                " choose a decision of a deal whose every card is known"
            )
        kept[-1]["actions"] = kept[-1]["actions"][: point.step_index]
    state = replay_record({**data, "deals": kept})
    return Branch(data, point, state)


def _range(points: Sequence[BranchPoint]) -> str:
    return f"decisions 1-{points[-1].decision}" if points else "none"


def branch_record(
    branch: Branch,
    state: State,
    names: Sequence[str] | None,
    seed: int | None = None,
) -> dict[str, Any]:
    """The branch's record: the source's rules, first dealer and starting scores, its deals
    before the branch's deal exactly as it wrote them, then ``state``'s deals (the branch's
    deal as dealt with its kept and new decisions, and the new deals); ``names`` name the
    branch's players, ``seed`` the generator of its new deals. ``branch`` says how many
    decisions came from the source and who took them there (docs/records.md)."""
    source = branch.record
    start = source.get("start_scores")
    record = record_of(
        state, names=names, seed=seed, start_scores=start if isinstance(start, list) else None
    )
    before = min(branch.point.deal_index, len(source["deals"]))
    record["deals"][:before] = copy.deepcopy(source["deals"][:before])
    if "partner_draw" in source:
        record["partner_draw"] = copy.deepcopy(source["partner_draw"])
    origin: dict[str, Any] = {"decisions": branch.point.kept}
    if isinstance(source.get("names"), list):
        origin["names"] = list(source["names"])
    record["branch"] = origin
    return record
