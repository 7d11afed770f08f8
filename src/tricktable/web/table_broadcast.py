"""What a table's connections are told: the welcome, each seat's view (``state``), the
seats, chat, and connections coming and going.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Self

from tricktable.presentation.events import Names
from tricktable.presentation.hands import card_label
from tricktable.presentation.names import place_seen
from tricktable.presentation.seating import partner_draw_lines
from tricktable.seating import PartnerDraw
from tricktable.web.remote_bots import engine_question
from tricktable.web.table_clients import CHAT_PRESETS, Client, Rejected, compact
from tricktable.web.table_timers import TurnTimers
from tricktable.web.views import view_message


@dataclass
class TableBroadcast(TurnTimers):
    """Views and seats sent to the table's connections."""

    sheet_rows: int = 0
    """Finished deals in the last score sheet broadcast."""

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {
            "id": self.id,
            "game": self.game.name,
            "rules": self.rule_text,
            "rules_text": self.rules_words,
            "players": self.game.players,
            "seats": self.seat_status(),
            "deal": len(self.state.deals),
            "decisions": self.seq,
            "finished": self.state.is_terminal(),
            "private": self.private,
            "created": self.created,
            "bot_delay": self.config.bot_delay,
            "turn_timer": self.config.turn_timer,
            "creator": self.config.creator,
            "autoplay_after": self.config.autoplay_after,
            "seeded": self.config.seeded,
            "unrated": self.known_deal(),
            "partner_draw": self.partner_draw_lines(),
            "branch": (
                None
                if self.config.branch is None
                else {"decisions": self.config.branch["decisions"]}
            ),
        }

    def partner_draw_lines(self, viewer: int | None = None) -> list[str] | None:
        """The draw for partners in words, seats named as they are now and as the table of
        the person at ``viewer`` draws them (a bot's place turned with the compass:
        ``presentation.names.place_seen``); ``None``: no draw."""
        if self.config.partner_draw is None:
            return None
        draw = PartnerDraw.from_json(self.config.partner_draw, self.game.players)
        seen = [
            place_seen(name, seat, self.game.players, viewer)
            if self.config.seats[seat].kind == "bot"
            else name
            for seat, name in enumerate(self.names)
        ]
        names = Names(seats=seen, card=_card_for_people)
        return partner_draw_lines(draw, self.game.sides, names)

    def welcome(self, client: Client) -> dict[str, Any]:
        table = self.summary()
        table["partner_draw"] = self.partner_draw_lines(client.seat)  # as this seat sees them
        return {
            "type": "welcome",
            "table": table,
            "seat": client.seat,
            "chat_presets": list(CHAT_PRESETS),
            "state": self.state_message(client.seat),
        }

    def state_message(self, seat: int | None, with_sheet: bool = True) -> dict[str, Any]:
        """The ``state`` message's view for ``seat``. A seat held to the end of the deal
        (``held_now``) is shown as a spectator sees the table, ``queued``: whoever holds it
        now sits there from the next deal and never sees the cards dealt before."""
        queued = seat is not None and self.held_now(seat)
        shown = None if queued else seat
        view = view_message(
            self.state, shown, self.seq, self.previous_trick, self.rule_text, with_sheet
        )
        view["queued"] = queued
        view["timer"] = self.timer_left()
        view["deal_commitment"] = self.deal_commitment()
        if seat is not None and seat in self.config.remote_bots:  # its engine's question
            view["engine"] = engine_question(
                self.state, seat, self.seed, self.seq, self.turn_limit(seat)
            )
        return view

    def broadcast_state(self) -> None:
        """Send every connection its view; the score sheet only when it has a new row."""
        rows = sum(1 for summary in self.state.summaries() if summary.complete)
        with_sheet = rows != self.sheet_rows
        self.sheet_rows = rows
        cache: dict[int | None, str] = {}
        for client in list(self.clients):
            if client.seat not in cache:
                view = self.state_message(client.seat, with_sheet)
                cache[client.seat] = compact({"type": "state", "view": view})
            client.send(cache[client.seat])

    def broadcast_seats(self) -> None:
        message = compact({"type": "seats", "seats": self.seat_status()})
        for client in list(self.clients):
            client.send(message)

    async def attach(self: Self, client: Client) -> None:
        """Welcome a new connection; it then receives every broadcast.

        Under the lock: while an action is being stored, the state already holds it but its
        number is not yet taken, and nobody may see it before it is committed."""
        async with self.lock:
            key = -1 if client.seat is None else client.seat
            first_here = not any(
                (-1 if c.seat is None else c.seat) == key for c in self.clients if not c.closed
            )
            self.clients.add(client)
            self.last_active = time.monotonic()
            if first_here and self.on_presence is not None:
                self.on_presence(self, key)
            if client.seat is not None:
                self.disconnected_since.pop(client.seat, None)
                self.announced.discard(client.seat)
                same = sorted(
                    (c for c in self.clients if c.seat == client.seat and c is not client),
                    key=lambda c: c.number,
                )
                for old in same[: max(0, len(same) + 1 - self.limits.seat_connections)]:
                    old.send(Rejected("replaced", "this seat connected elsewhere").to_json())
                    old.close()  # a newer connection of the seat always gets in
                    self.clients.discard(old)
            client.send(self.welcome(client))
        self.broadcast_seats()
        self.wake.set()

    def detach(self: Self, client: Client) -> None:
        self.last_active = time.monotonic()
        self.clients.discard(client)
        client.close()
        seat = client.seat
        if not any(c.seat == seat for c in self.clients) and self.on_presence is not None:
            self.on_presence(self, -1 if seat is None else seat)
        if seat is not None and not self.connected(seat):
            self.disconnected_since[seat] = time.monotonic()
        self.broadcast_seats()
        self.wake.set()

    def chat(self, client: Client, index: int) -> None:
        """Say chat preset ``index`` to everyone, within the connection's and table's rates."""
        limits = self.limits
        if not client.chat_limit.allow():
            raise Rejected(
                "flood",
                f"chat is limited to {limits.chat_rate:g} message(s) a second per connection",
            )
        if not self.chat_limit.allow():
            raise Rejected(
                "flood",
                f"this table's chat is limited to {limits.table_chat_rate:g} message(s) a"
                " second; try again in a moment",
            )
        message = compact({"type": "chat", "seat": client.seat, "text": CHAT_PRESETS[index]})
        for other in list(self.clients):
            other.send(message)


def _card_for_people(card: int) -> str:
    """A card as the table's words write it (``10♥``)."""
    return card_label(card, symbols=True)
