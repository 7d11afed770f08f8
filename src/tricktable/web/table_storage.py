"""Storing a table's finished match: its record (RECORDS.md, with the reveal of its deal
seeds and who played each seat), how it rates its players, and the store's ``finish``.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Self

from tricktable.presentation.names import BOT_PREFIX
from tricktable.record import record_of, replay_json
from tricktable.web.fairness import deal_seed
from tricktable.web.profiles import apply_rating
from tricktable.web.ratings import RatingPlan, rating_plan
from tricktable.web.table_config import played_by
from tricktable.web.table_core import TableCore


@dataclass
class TableStorage(TableCore):
    """The finished match as stored: the record, its rating, and storing them once."""

    finished_stored: bool = False
    on_finish: Callable[[Self], None] | None = None

    def record(self) -> dict[str, Any]:
        """The match so far as a RECORDS.md record (all cards: only for finished matches)."""
        names = [
            f"{BOT_PREFIX}{c.bot}" if c.kind == "bot" else self.names[seat]
            for seat, c in enumerate(self.config.seats)
        ]
        record = record_of(self.state, names=names, seed=None)
        # The reveal (docs/protocol.md, "Fair deals"): RECORDS.md allows added fields. The
        # deals taken from the record a branch plays on from have no seed (null).
        taken = self.taken_deals()
        record["deal_seeds"] = [
            None if k < taken else deal_seed(self.seed, k) for k in range(len(self.state.deals))
        ]
        if self.config.branch is not None:  # docs/records.md, "branch"
            origin = {"decisions": self.config.branch["decisions"]}
            if self.config.branch.get("names") is not None:
                origin["names"] = self.config.branch["names"]
            record["branch"] = origin
        if self.config.partner_draw is not None:  # docs/records.md; drawn from the seed
            record["partner_draw"] = self.config.partner_draw
        if self.config.seat_log is not None:  # docs/records.md, "played_by": who played when
            deals = record["deals"]
            players = played_by(self.config.seat_log, self.game.players, len(deals))
            first = max(0, taken - 1)  # the deal played on from is partly this table's
            for index in range(first, len(deals)):
                deals[index]["played_by"] = players[index]
        known = self.known_deal()
        if known is not None:  # docs/records.md, "unrated": never counts for a rating
            record["unrated"] = known
        return record

    def rating_plan(self, record: dict[str, Any]) -> RatingPlan | str:
        """How the finished match rates its players (``ratings.rating_plan``), or why it
        counts for no rating (a key of ``ratings.UNRATED_REASONS``)."""
        log = self.config.seat_log
        return rating_plan(
            self.game.name,
            self.game.sides,
            self.state.winner(),
            [(seat.kind, seat.bot) for seat in self.config.seats],
            [deal.get("played_by", []) for deal in record["deals"]],
            self.known_deal(),
            None if log is None else [(c.deal, c.player, c.until_deal_end) for c in log],
        )

    async def _store_finished(self: Self) -> None:
        if self.finished_stored:
            return
        record = self.record()
        plan = self.rating_plan(record)
        if isinstance(plan, str):  # docs/records.md, "unrated": why it counts for no rating
            record.setdefault("unrated", plan)
        result = replay_json(self.state)
        summary = {
            "names": record["names"],
            "scores": result["scores"],
            "winner": result["winner"],
            "sides": result["sides"],
            "rules": self.rule_text,
            "unrated": record.get("unrated"),
        }
        if self.store is not None:
            rate = None if isinstance(plan, str) else functools.partial(self._rate, plan=plan)
            await asyncio.to_thread(
                self.store.finish, self.id, self.game.name, summary, json.dumps(record), rate
            )
        self.finished_stored = True
        if self.on_finish is not None:
            self.on_finish(self)

    def _rate(self, conn: Any, plan: RatingPlan) -> None:
        """Rate the match's profiles in the transaction that stores its record."""
        apply_rating(conn, self.id, plan)
