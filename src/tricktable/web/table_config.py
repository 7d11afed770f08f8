"""A table's configuration beyond the rules: its seats, timers, and who held each seat when."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class SeatConfig:
    """One seat as the table was created: a person or a bot with its name (level)."""

    kind: str
    """``human`` or ``bot``."""
    bot: str
    """The bot's name for a bot seat; the fallback bot's name for a person's seat."""

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "bot": self.bot}


@dataclass(frozen=True, slots=True)
class SeatChange:
    """From deal ``deal`` (its index; ``-1``: from the start) ``player`` holds ``seat``:
    a person's name, ``bot:NAME`` for a bot, or ``None`` for nobody (an open seat).
    ``until_deal_end``: a bot plays a seat the host freed during the deal, to its end only.

    >>> SeatChange.from_json(SeatChange(2, 1, "bot:heuristic", True).to_json())
    SeatChange(deal=2, seat=1, player='bot:heuristic', until_deal_end=True)
    """

    deal: int
    seat: int
    player: str | None
    until_deal_end: bool = False

    def to_json(self) -> list[Any]:
        return [self.deal, self.seat, self.player, self.until_deal_end]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> SeatChange:
        deal, seat, player, until_deal_end = data
        held = None if player is None else str(player)
        return cls(int(deal), int(seat), held, bool(until_deal_end))


def played_by(changes: Sequence[SeatChange], players: int, deals: int) -> list[list[list[str]]]:
    """Per deal, per seat, who played it in that deal, in order: whoever held it when the
    deal began, then each one who took it over during the deal.

    >>> played_by([SeatChange(-1, 1, "bot:easy"), SeatChange(0, 0, "Ann"),
    ...     SeatChange(1, 0, "bot:heuristic", True), SeatChange(2, 0, "Bea")], 2, 3)
    [[['Ann'], ['bot:easy']], [['Ann', 'bot:heuristic'], ['bot:easy']], [['Bea'], ['bot:easy']]]
    """
    holders: list[str | None] = [None] * players  # who holds each seat as the next deal starts
    ordered = sorted(changes, key=lambda change: change.deal)  # stable: in order within a deal
    out: list[list[list[str]]] = []
    index = 0
    for deal in range(deals):
        while index < len(ordered) and ordered[index].deal < deal:
            change = ordered[index]
            holders[change.seat] = None if change.until_deal_end else change.player
            index += 1
        seats = [[holder] if holder is not None else [] for holder in holders]
        while index < len(ordered) and ordered[index].deal == deal:
            change = ordered[index]
            if change.player is not None and seats[change.seat][-1:] != [change.player]:
                seats[change.seat].append(change.player)
            holders[change.seat] = None if change.until_deal_end else change.player
            index += 1
        out.append(seats)
    return out


@dataclass(slots=True)
class TableConfig:
    """How a table is played, beyond the rules."""

    seats: list[SeatConfig]
    bot_delay: float = 0.8
    """Seconds a bot waits before acting (so people can follow)."""
    turn_timer: float | None = None
    """Seconds a person has for each decision before the fallback bot plays it."""
    autoplay_after: float | None = 20.0
    """Seconds after a player disconnects until a bot plays their seat (None: never)."""
    creator: int | None = None
    """The seat of the person who created the table (who may give open seats to bots)."""
    seeded: bool = False
    """A practice table dealt from its creator's seed (not secret; see ``fairness``)."""
    partner_draw: dict[str, Any] | None = None
    """The draw for partners that seated the table, as the record keeps it
    (``seating.PartnerDraw.to_json``), or ``None`` when the seats were taken as listed."""
    branch: dict[str, Any] | None = None
    """For a table played on from a record ("Play from here"): ``deals``, how many of its
    first deals came from that record (not from the table's seed), ``decisions``, how many
    decisions, and ``names``, the record's names (``None``: a table of its own)."""
    held: dict[int, int] = field(default_factory=dict)
    """Seats the host freed during a deal, by the index of that deal: the seat's fallback
    bot plays it to the deal's end, and nobody may sit there before the next deal (its
    cards are the freed holder's, and whoever the host seats must not see them)."""
    reserved: dict[int, str] = field(default_factory=dict)
    """Seats the host keeps for someone: the SHA-256 of each one's seat invite (one use)."""
    seat_log: list[SeatChange] | None = field(default_factory=list)
    """Who held each seat from when, in order (the record's ``played_by``); ``None`` at a
    table created before it was kept (its record then has no ``played_by``)."""
    yielding: list[int] = field(default_factory=list)
    """Bot seats that give way to people (a table quick play opened, ``web.quick``): a
    person who comes takes one at once, but its bot plays the seat to the end of the deal
    being played (``held``), and the person sits there from the next deal."""
    bot_wanted: dict[int, str] = field(default_factory=dict)
    """Open seats the host marked "bot wanted" for remote bots: the bot account invited, or
    ``""`` for any (web/remote_bots.py)."""
    remote_bots: dict[int, list[str]] = field(default_factory=dict)
    """Seats a remote bot holds: its account's ``[name, owner]``."""
    faults: dict[int, str] = field(default_factory=dict)
    """Seats whose program lost them to a level, with why (``TableRuntime.engine_faults``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": [seat.to_json() for seat in self.seats],
            "bot_delay": self.bot_delay,
            "turn_timer": self.turn_timer,
            "autoplay_after": self.autoplay_after,
            "creator": self.creator,
            "seeded": self.seeded,
            "partner_draw": self.partner_draw,
            "branch": self.branch,
            "held": {str(seat): deal for seat, deal in self.held.items()},
            "reserved": {str(seat): digest for seat, digest in self.reserved.items()},
            "seat_log": (
                None if self.seat_log is None else [change.to_json() for change in self.seat_log]
            ),
            "yielding": sorted(self.yielding),
            "bot_wanted": {str(seat): bot for seat, bot in self.bot_wanted.items()},
            "remote_bots": {str(seat): list(bot) for seat, bot in self.remote_bots.items()},
            "faults": {str(seat): why for seat, why in self.faults.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableConfig:
        return cls(
            seats=[SeatConfig(s["kind"], s["bot"]) for s in data["seats"]],
            bot_delay=float(data["bot_delay"]),
            turn_timer=None if data.get("turn_timer") is None else float(data["turn_timer"]),
            autoplay_after=(
                None if data.get("autoplay_after") is None else float(data["autoplay_after"])
            ),
            creator=data.get("creator"),
            seeded=bool(data.get("seeded", False)),
            partner_draw=data.get("partner_draw"),
            branch=data.get("branch"),
            held={int(seat): int(deal) for seat, deal in data.get("held", {}).items()},
            reserved={int(seat): str(digest) for seat, digest in data.get("reserved", {}).items()},
            seat_log=(
                None
                if data.get("seat_log") is None
                else [SeatChange.from_json(change) for change in data["seat_log"]]
            ),
            yielding=[int(seat) for seat in data.get("yielding", [])],
            bot_wanted={int(seat): str(bot) for seat, bot in data.get("bot_wanted", {}).items()},
            remote_bots={
                int(seat): [str(part) for part in bot]
                for seat, bot in data.get("remote_bots", {}).items()
            },
            faults={int(seat): str(why) for seat, why in data.get("faults", {}).items()},
        )
