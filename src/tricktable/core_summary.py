"""What a deal scored, as a line of the match's score sheet (``DealSummary``), with the game's
own entries of that line (``SheetDetails``). Part of the rules core; ``tricktable.core``
re-exports every name."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from tricktable.events import Event
from tricktable.presentation.events import event_text


class SheetDetails(Protocol):
    """A game's own entries of a deal's score-sheet line (``DealSummary.details``): each game's
    frozen dataclass, typed, turned into the replay JSON's entries only by ``to_json``."""

    def to_json(self) -> dict[str, Any]:
        """The entries as the replay JSON writes them, after the dealer."""
        ...


@dataclass(slots=True)
class DealSummary:
    """What a deal scored: one entry of ``deals`` in the replay JSON (its ``events`` in
    the records' words).

    ``dealer`` is the seat that dealt, ``hand`` the label of the score sheet's hand column
    where a game's deals differ in size (kept out of the JSON: the game's ``details`` say it
    in their own words), ``details`` the game's own entries.

    >>> summary = DealSummary([1, 0], [1, 0], [3, 2], "H", 0, dealer=3)
    >>> summary.to_json()["dealer"], "hand" in summary.to_json()
    (3, False)
    """

    points: list[int]
    scores: list[int]
    tricks: list[int]
    trump: str | None
    makers: int | None
    events: list[Event] = field(default_factory=list)
    complete: bool = True
    thrown_in: bool = False
    bids: list[int | None] | None = None
    dealer: int | None = None
    hand: str | None = None
    details: SheetDetails | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "points": list(self.points),
            "scores": list(self.scores),
            "tricks": list(self.tricks),
            "trump": self.trump,
            "makers": self.makers,
            "events": [event_text(event) for event in self.events],
            "complete": self.complete,
        }
        if self.thrown_in:
            out["thrown_in"] = True
        if self.bids is not None:
            out["bids"] = list(self.bids)
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.details is not None:
            out.update(self.details.to_json())
        return out
