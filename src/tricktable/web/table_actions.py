"""Changing a table under its lock: a decision checked, applied, stored and only then
broadcast (``act``); what another process of a room stored, followed (``follow``); a
person's ``continue``; open seats given to bots.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Self

from tricktable.actions import action_text, parse_action
from tricktable.core import State
from tricktable.errors import ActionParseError, TricktableError
from tricktable.presentation.names import BOT_PREFIX, place_name
from tricktable.record import record_of, replay_record
from tricktable.web.engines import check_seat_bot
from tricktable.web.store import ConfigChanged, Event, StaleSequence
from tricktable.web.table_broadcast import TableBroadcast
from tricktable.web.table_clients import Client, Rejected, changed_meanwhile
from tricktable.web.table_config import SeatConfig
from tricktable.web.table_core import Decision
from tricktable.web.views import names_card, shown_legal

log = logging.getLogger("tricktable.web")


@dataclass
class TableActions(TableBroadcast):
    """Decisions and seat changes applied under the table's lock."""

    refresh: Callable[[Self], Awaitable[None]] | None = None
    """In a room: takes the seats and configuration as stored now (called with the lock)."""
    on_continue: Callable[[Self, int, int], None] | None = None
    """In a room: tells the other processes that ``seat``'s person continued after ``deals``
    deals (``continue_deal``), so that the process driving the table starts their timer."""

    async def act(
        self, seat: int, seq: int, text: str, client: Client | None = None
    ) -> tuple[int, str, bool]:
        """Apply ``seat``'s action ``text`` numbered ``seq``; returns ``(seq, canonical,
        duplicate)``. Raises ``Rejected`` saying why (the state is then unchanged).

        The ``ack`` for ``client`` is queued before the new state is broadcast."""
        async with self.lock:
            return await self._act_locked(seat, seq, text, client)

    async def _act_locked(
        self, seat: int, seq: int, text: str, client: Client | None, tries: int = 3
    ) -> tuple[int, str, bool]:
        state = self.state
        if client is not None and self.held_now(seat):  # its cards are not the caller's
            raise Rejected(
                "seat_held",
                f"a bot plays seat {seat + 1} to the end of this deal; you play it from the"
                " next deal",
            )

        def legal() -> list[str]:
            """Only for refusals: the seat's legal actions now, as its view shows them (never
            one that names a card the seat may not see)."""
            now = self.state
            return shown_legal(now.view(seat))[0] if now.current_player == seat else []

        try:
            canonical = action_text(parse_action(text))
        except ActionParseError as error:
            raise Rejected("bad_action", f"{text!r} is not an action: {error}", legal()) from None
        hidden = (
            client is not None
            and state.current_player == seat
            and state.view(seat).public.own_hand_hidden
        )
        if hidden and names_card(canonical) and seq == self.seq:
            raise Rejected(
                "illegal",
                f"{canonical!r} is not yours to choose: you cannot see your cards, so the"
                " table plays them for you",
                legal(),
            )
        if seq < self.seq:
            earlier = self.decisions[seq]
            if earlier.seat == seat and earlier.text == canonical:
                if client is not None:
                    client.send(_ack(seq, canonical, True))
                return seq, canonical, True
            raise Rejected(
                "stale",
                # The earlier action is not named: it may be another seat's hidden discard.
                f"action {seq} was already taken by seat {earlier.seat + 1};"
                f" the next action is number {self.seq}",
                legal(),
            )
        if seq > self.seq:
            raise Rejected("bad_seq", f"the next action is number {self.seq}, not {seq}", legal())
        if state.is_terminal():
            raise Rejected("finished", "the match is over", [])
        if state.current_player != seat:
            raise Rejected(
                "not_your_turn",
                f"it is seat {state.current_player + 1}'s turn, not seat {seat + 1}'s",
                [],
            )
        try:
            state.apply_text(canonical)
        except TricktableError as error:
            reason = getattr(error, "reason", None) or str(error)
            # A seat that cannot see its hand must not learn it from the reason.
            because = "" if hidden else f": {reason}"
            raise Rejected("illegal", f"{canonical!r} is not legal now{because}", legal()) from None
        stored = [Event(self.id, self.events, "act", seat, canonical)]
        events_before, previous_before = self.events, self.previous_trick
        self.events += 1
        deal_event = self.next_deal_event()
        if deal_event is not None:
            stored.append(deal_event)
        try:
            if self.writer is not None:
                await self.writer.write(stored)
        except StaleSequence:
            # Another process of the room stored this table's next events first: take them,
            # then judge the action again (a duplicate now, or stale, or still to apply).
            self.state = _without_last(state, dealt=deal_event is not None)
            self.events, self.previous_trick = events_before, previous_before
            await self._follow_locked(None)
            if tries <= 1:
                raise Rejected("storage", "the table is busy; try again", legal()) from None
            return await self._act_locked(seat, seq, text, client, tries - 1)
        except Exception as error:
            self.state = _without_last(state, dealt=deal_event is not None)
            self.events, self.previous_trick = events_before, previous_before
            log.error("table %s: storing action %d failed: %s", self.id, seq, error)
            raise Rejected(
                "storage", "the action could not be stored; try again", legal()
            ) from None
        self.decisions.append(Decision(seat, canonical))
        self.turn_started = time.monotonic()
        if deal_event is not None:
            self.new_deal_began()
        if client is not None:
            self.last_active = self.turn_started
        if client is not None:
            client.send(_ack(seq, canonical, False))
            # Let the connection's writer send the ack before the views are built.
            await asyncio.sleep(0)
        if self.state.is_terminal():  # the record is stored before anyone sees the result
            try:
                await self._store_finished()
            except Exception:  # stored again when the server restarts
                log.exception("table %s: storing the finished record failed", self.id)
        self.broadcast_state()
        if deal_event is not None and self.config.held:
            self.broadcast_seats()  # the seats freed during the deal that ended are open now
        self.wake.set()
        return seq, canonical, False

    async def follow(self, stored: Sequence[Event] | None) -> None:
        """Apply what another process stored: ``stored`` (events as announced), or, when
        ``None`` or not the next ones here, every event from the database not yet applied.
        Each event is applied and broadcast once, in order."""
        async with self.lock:
            await self._follow_locked(stored)

    async def _follow_locked(self: Self, stored: Sequence[Event] | None) -> None:
        fresh = [e for e in stored or () if e.seq >= self.events]
        if stored is None or (fresh and fresh[0].seq != self.events):
            if self.store is None:
                return
            fresh = await asyncio.to_thread(self.store.events_from, self.id, self.events)
        if not fresh:
            return
        deals = len(self.state.deals)
        self.replay_events(fresh)
        self.turn_started = time.monotonic()
        if len(self.state.deals) != deals:
            self.new_deal_began()
        if self.state.is_terminal() and not self.finished_stored:
            self.finished_stored = True  # the process that took the last action stored it
            if self.on_finish is not None:
                self.on_finish(self)
        self.broadcast_state()
        if len(self.state.deals) != deals and self.config.held:
            self.broadcast_seats()
        self.wake.set()

    async def continue_deal(self: Self, client: Client, deals: int) -> None:
        """``client``'s person closed the end-of-deal panel after ``deals`` finished deals
        (the ``continue`` message): from now their turn timer runs in the deal after them.
        Their page gets its view again, with the timer as it runs now (under the lock, as
        every view: never a decision being stored)."""
        seat = client.seat
        async with self.lock:
            if seat is None or not self.note_continued(seat, deals):
                return  # a spectator, or the panel of an earlier deal
            if self.on_continue is not None:
                self.on_continue(self, seat, deals)
            client.send({"type": "state", "view": self.state_message(seat)})

    async def fill_with_bots(
        self: Self, by_seat: int | None, wanted: Sequence[int], bot: str
    ) -> None:
        """Give the open seats ``wanted`` to bots called ``bot``: only the table's creator may.

        An open seat is a person's seat nobody has taken; once a bot has it, the table plays
        on without waiting for anyone there."""
        if by_seat is None or by_seat != self.config.creator:
            raise Rejected("not_creator", "only the table's creator may give seats to bots")
        name = bot.strip().lower()
        try:
            check_seat_bot(name, self.game, None, self.engines)
        except TricktableError as error:
            raise Rejected("bad_request", str(error)) from None
        async with self.lock:
            if self.refresh is not None:  # a room: the seats as stored now
                await self.refresh(self)
            for seat in wanted:
                if seat not in range(self.game.players):
                    raise Rejected(
                        "bad_request", f"seat {seat} is not a seat 0-{self.game.players - 1}"
                    )
                if self.config.seats[seat].kind != "human" or self.token_hashes[seat] is not None:
                    raise Rejected("seat_taken", f"seat {seat + 1} is not open")
            before = copy.deepcopy(self.config)
            names = {seat: place_name(seat, self.game.players) for seat in wanted}
            for seat in wanted:
                self.config.seats[seat] = SeatConfig("bot", name)
                self.config.held.pop(seat, None)
                self.config.reserved.pop(seat, None)
                self.log_seat(seat, f"{BOT_PREFIX}{name}")
            if self.store is not None:
                config = json.dumps(self.config.to_json())
                try:
                    stored = await asyncio.to_thread(
                        self.store.seat_bots, self.id, config, names, self.cas()
                    )
                except ConfigChanged:
                    self.config = before
                    raise changed_meanwhile() from None
                if not stored:
                    self.config = before
                    raise Rejected("seat_taken", "a seat was taken meanwhile; nothing changed")
                self.stored_config = config
            for seat, seat_name in names.items():
                self.names[seat] = seat_name
                self.disconnected_since.pop(seat, None)
        self.broadcast_seats()
        self.wake.set()


def _without_last(state: State, dealt: bool) -> State:
    """The match before its last decision (and the deal that decision led to, if ``dealt``):
    what is stored when storing them failed. Rebuilt by replaying the record."""
    record = record_of(state)
    deals = record["deals"]
    if dealt:
        deals.pop()
    deals[-1]["actions"].pop()
    return replay_record(record)


def _ack(seq: int, action: str, duplicate: bool) -> dict[str, Any]:
    return {"type": "ack", "seq": seq, "action": action, "duplicate": duplicate}
