"""Who sits at a table: seat tokens, the seats as the lobby and the page show them, who is
connected here or (in a room) on another process, and seats freed by the host.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from tricktable.presentation.labels import (
    bot_label,
)
from tricktable.web.remote_bots import remote_bot_status
from tricktable.web.table_clients import Rejected
from tricktable.web.table_config import TableConfig
from tricktable.web.table_storage import TableStorage


def hash_token(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh seat token: 32 random bytes (256 bits), URL-safe."""
    return secrets.token_urlsafe(32)


@dataclass
class TableSeats(TableStorage):
    """Seats, tokens and presence."""

    disconnected_since: dict[int, float] = field(default_factory=dict)
    announced: set[int] = field(default_factory=set)
    """Seats whose being played by a bot was broadcast."""
    host_hash: str | None = None
    """The SHA-256 of the creator's host token (frees seats, changes settings)."""
    creator: str = ""
    """The client address that created the table (for the per-address caps)."""
    elsewhere: set[int] = field(default_factory=set)
    """Seats (``-1``: spectators) with a connection on another process of the room."""
    on_presence: Callable[[Self, int], None] | None = None
    """Called when this process's first connection of a seat opens or its last closes."""

    def check_token(self, seat: int, token: str) -> bool:
        """Whether ``token`` controls ``seat``."""
        if seat not in range(self.game.players):
            return False
        stored = self.token_hashes[seat]
        return stored is not None and hmac.compare_digest(stored, hash_token(token))

    def seat_status(self) -> list[dict[str, Any]]:
        connected = {c.seat for c in self.clients if c.seat is not None and not c.closed}
        connected |= self.elsewhere
        out = []
        for seat, config in enumerate(self.config.seats):
            out.append(
                {
                    "name": self.names[seat],
                    "kind": config.kind,
                    "bot": config.bot if config.kind == "bot" else None,
                    "bot_label": bot_label(config.bot) if config.kind == "bot" else None,
                    "taken": config.kind == "bot" or self.token_hashes[seat] is not None,
                    "connected": config.kind == "bot" or seat in connected,
                    "autoplay": self.autoplayed(seat) or self.held_now(seat),
                    "held": self.held_now(seat),
                    "reserved": seat in self.config.reserved and self.token_hashes[seat] is None,
                    "yields": config.kind == "bot" and seat in self.config.yielding,
                    "engine_fault": self.engine_faults.get(seat),
                    **remote_bot_status(self.config, seat),
                }
            )
        return out

    def autoplayed(self, seat: int) -> bool:
        """Whether a bot plays this person's seat now (they left longer ago than allowed)."""
        if self.config.seats[seat].kind != "human" or self.token_hashes[seat] is None:
            return False
        since = self.disconnected_since.get(seat)
        after = self.config.autoplay_after
        return since is not None and after is not None and time.monotonic() - since >= after

    def connected(self, seat: int) -> bool:
        """Whether ``seat`` has a connection open here or on another process of the room."""
        return seat in self.elsewhere or any(c.seat == seat and not c.closed for c in self.clients)

    def note_elsewhere(self, elsewhere: set[int]) -> None:
        """Take where the seats are connected on other processes of the room now."""
        self.elsewhere = set(elsewhere)
        now = time.monotonic()
        for seat in range(self.game.players):
            if self.connected(seat):
                self.disconnected_since.pop(seat, None)
                self.announced.discard(seat)
            elif self.token_hashes[seat] is not None:
                self.disconnected_since.setdefault(seat, now)

    def take_seats_locked(
        self, row: dict[str, Any], seat_rows: Sequence[dict[str, Any]], elsewhere: set[int]
    ) -> None:
        """Take the seats and configuration as stored by any process (``row``: the table's
        row; ``seat_rows``: its seats) and where its seats are connected elsewhere."""
        self.config = TableConfig.from_json(json.loads(row["config"]))
        self.stored_config = str(row["config"])
        self.host_hash = row.get("host_hash")
        for seat_row in seat_rows:
            seat = int(seat_row["seat"])
            token_hash = seat_row["token_hash"]
            if token_hash != self.token_hashes[seat] and self.token_hashes[seat] is not None:
                self.release_seat(seat, str(seat_row["name"]))  # freed elsewhere by the host
            self.token_hashes[seat] = token_hash
            self.names[seat] = str(seat_row["name"])
        self.note_elsewhere(elsewhere)

    def release_seat(self, seat: int, name: str) -> None:
        """The host freed ``seat`` (or gave it to a bot): its holder's token stops working
        and its connections are closed with a message saying so."""
        self.token_hashes[seat] = None
        self.names[seat] = name
        self.disconnected_since.pop(seat, None)
        self.announced.discard(seat)
        for client in [c for c in self.clients if c.seat == seat]:
            client.send(Rejected("seat_freed", "the table's host freed this seat").to_json())
            client.close()
            self.clients.discard(client)

    def spectators(self) -> int:
        """Spectator connections open now."""
        return sum(1 for c in self.clients if c.seat is None and not c.closed)
