"""Storage of tables, seats, events and finished records (SQLAlchemy Core).

One schema for SQLite (the embedded default) and PostgreSQL, created and upgraded by the
Alembic migrations in ``tricktable/web/migrations``. A table's match is kept as an append-only
list of events (each deal's cards, then each decision), so a table is rebuilt after a restart by
replaying its events as a record. ``EventWriter`` commits the events of many tables together in
one transaction (group commit) from one thread; each caller waits for its own commit.

On PostgreSQL several server processes share the database as one card room (``room``):
each batch of a table's events is stored under a lock of the table's row, only when its
first sequence number is the next one stored (``StaleSequence`` otherwise), and announced
with ``NOTIFY`` in the same transaction on the channel of the table's shard
(``shard_channel``), which only the processes holding a copy of one of its tables listen to.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.dml import Update

from tricktable.web.limits import ROOM_SHARDS

metadata = MetaData()


class _SeatTaken(Exception):
    """A seat to give to a bot was taken by a person meanwhile."""


class StaleSequence(Exception):
    """A table's events were not stored: another process stored events of that table with
    those sequence numbers first (the table must catch up, then try again)."""


class ProfileSeated(Exception):
    """A profile already holds another seat of the table (one profile, one seat)."""


class ConfigChanged(Exception):
    """A table's configuration changed in the database since it was read (another process
    changed it): nothing was stored."""


CHANNEL = "tt_room"
"""The PostgreSQL ``NOTIFY`` channel of the room's own events (a new table), which every
process of the room listens to; each table's changes go to its shard's (``shard_channel``)."""
NOTIFY_MAX = 7000
"""Bytes of a notification's payload at most (PostgreSQL's limit is 8000): a longer one
carries no events, and its listeners read them from the database."""


tables = Table(
    "tt_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("rules", Text, nullable=False),
    Column("players", Integer, nullable=False),
    Column("private", Boolean, nullable=False),
    Column("invite", String(64), nullable=True, unique=True),
    Column("config", Text, nullable=False),
    Column("seed", String(40), nullable=False),
    Column("first_dealer", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created", Float, nullable=False),
    Column("finished", Float, nullable=True),
    Column("creator", String(64), nullable=True),
    Column("host_hash", String(64), nullable=True),
)
"""One row per table: its rules, seat configuration (JSON), status (``playing``,
``finished`` or ``expired``), the creator's address and the hash of the host token."""

seats = Table(
    "tt_seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(40), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("profile_id", String(32), nullable=True),
)
"""Who holds each human seat: a name, the SHA-256 of the seat token (never the token) and the
profile sitting there, if any (``profiles``; unique per table: one profile, one seat)."""

events = Table(
    "tt_events",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("payload", Text, nullable=False),
)
"""The match of each table in order: ``deal`` events (the cards as a record's deal object) and
``act`` events (one canonical action text)."""

records = Table(
    "tt_records",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("finished", Float, nullable=False),
    Column("summary", Text, nullable=False),
    Column("record", Text, nullable=False),
)
"""Finished matches as RECORDS.md records, with a short summary for the list."""

leases = Table(
    "tt_leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(80), nullable=False),
    Column("until", Float, nullable=False),
)
"""Which process drives each table's bots and timers (``owner``), until when (the database's
clock, seconds since the epoch) unless it renews the lease (PostgreSQL rooms only)."""

processes = Table(
    "tt_processes",
    metadata,
    Column("id", String(80), primary_key=True),
    Column("until", Float, nullable=False),
)
"""The processes of a room and until when each counts as alive (renewed by its heartbeat)."""

presence = Table(
    "tt_presence",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("process", String(80), primary_key=True),
)
"""Which processes hold a connection of each seat (``-1``: a spectator's) of each table."""


def notice(
    table_id: str,
    kind: str,
    stored: Sequence[Event] = (),
    process: str = "",
    change: dict[str, Any] | None = None,
) -> str:
    """The payload of a room's notification: what changed at ``table_id`` (``events``,
    ``seats``, ``presence``, ``new``, ``end``), by which ``process``, with the events or the
    ``change`` itself when they fit (else its listeners read the table from the database).

    >>> notice("t1", "seats", process="p1")
    '{"t":"t1","k":"seats","p":"p1"}'
    >>> notice("t1", "events", [Event("t1", 4, "act", 2, "pass")])
    '{"t":"t1","k":"events","p":"","e":[[4,"act",2,"pass"]]}'
    >>> notice("t1", "presence", process="p1", change={"s": 2, "h": 1})
    '{"t":"t1","k":"presence","p":"p1","x":{"s":2,"h":1}}'
    """
    data: dict[str, Any] = {"t": table_id, "k": kind, "p": process}
    if stored:
        data["e"] = [[e.seq, e.kind, e.seat, e.payload] for e in stored]
    if change is not None:
        data["x"] = change
    payload = json.dumps(data, separators=(",", ":"))
    if len(payload.encode()) > NOTIFY_MAX:
        data.pop("e", None)
        data.pop("x", None)
        payload = json.dumps(data, separators=(",", ":"))
    return payload


def shard_channel(table_id: str, shards: int) -> str:
    """The ``NOTIFY`` channel of the shard of ``table_id`` in a room of ``shards`` shards
    (the same in every process: a hash of the id, not Python's salted ``hash``).

    >>> shard_channel("t1", 128) == shard_channel("t1", 128)
    True
    >>> shard_channel("t1", 1)
    'tt_room_0'
    """
    return f"{CHANNEL}_{zlib.crc32(table_id.encode()) % shards}"


def noticed_table(payload: str) -> str:
    """The table a notification is about, read without parsing it (``notice`` writes the
    table's id first): a process skips at once the notifications of tables it does not hold.

    >>> noticed_table(notice("t1", "seats", process="p1"))
    't1'
    """
    start = len('{"t":"')
    return payload[start : payload.index('"', start)]


def seats_change(
    config: str | None, changed: Sequence[tuple[int, str, str | None]]
) -> dict[str, Any]:
    """A ``seats`` notification's change: the table's new ``config`` (JSON, when it
    changed) and each changed seat as ``(seat, name, token hash)``."""
    change: dict[str, Any] = {"s": [list(seat) for seat in changed]}
    if config is not None:
        change["c"] = config
    return change


def _free_seat(table_id: str, seat: int) -> Update:
    """An update of seat ``seat`` of table ``table_id`` that changes it only while no person
    holds it (its ``rowcount`` says whether it did)."""
    return update(seats).where(
        seats.c.table_id == table_id, seats.c.seat == seat, seats.c.token_hash.is_(None)
    )


def engine_url(url: str) -> str:
    """The SQLAlchemy URL for a ``--database`` value (``postgresql://`` uses psycopg 3).

    >>> engine_url("postgresql://u@localhost/db")
    'postgresql+psycopg://u@localhost/db'
    >>> engine_url("sqlite:///tricktable.db")
    'sqlite:///tricktable.db'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


SYNCHRONOUS = ("full", "normal")
"""SQLite's ``synchronous`` settings the server accepts (``--sqlite-synchronous``)."""


def make_engine(url: str, synchronous: str = "full") -> Engine:
    """An engine for ``url``; SQLite gets WAL journaling and a busy timeout.

    ``synchronous="full"`` (the default) makes SQLite sync the write-ahead log at every
    commit: an acknowledged action survives an operating-system crash or a power cut.
    ``"normal"`` survives a crash of the server process only (measured in
    ``bench/server.py --compare-durability``).
    """
    if synchronous not in SYNCHRONOUS:
        raise ValueError(
            f"synchronous must be one of {', '.join(SYNCHRONOUS)}, not {synchronous!r}"
        )
    full = engine_url(url)
    if full.startswith("sqlite"):
        engine = create_engine(full, connect_args={"check_same_thread": False, "timeout": 30})
        pragma = f"PRAGMA synchronous={synchronous.upper()}"

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(pragma)
            cursor.close()

        return engine
    return create_engine(full, pool_size=5, max_overflow=5, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration (Alembic ``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@dataclass(frozen=True, slots=True)
class Event:
    """One stored event of a table's match."""

    table_id: str
    seq: int
    kind: str
    seat: int | None
    payload: str


class Store:
    """Synchronous storage calls (the server runs them in worker threads)."""

    def __init__(
        self, url: str, synchronous: str = "full", room: bool = False, shards: int = ROOM_SHARDS
    ) -> None:
        if shards < 1:
            raise ValueError(f"a room needs 1 shard or more, not {shards}")
        self.url = url
        self.engine = make_engine(url, synchronous)
        if room and self.engine.dialect.name != "postgresql":
            raise ValueError("a room of several processes needs PostgreSQL, not " + url[:20])
        self.room = room
        """Whether several processes share this database as one room (PostgreSQL only):
        events are then stored under the table's row lock and changes announced with
        ``NOTIFY``."""
        self.shards = shards
        """How many shards (``NOTIFY`` channels) the room's tables are spread over: the
        same in every process of a room (``shard_channel``)."""
        self.process = ""
        """This process's id in the room (``room.Room`` sets it)."""
        self._seats_written: dict[str, int] = {}
        self._written_lock = threading.Lock()
        migrate(self.engine)

    def seats_written(self, table_id: str, count: int = 0) -> int:
        """How many changes of the table's seats this process stored and has not yet heard
        announced back (``count`` is added first: ``1`` when one is stored, ``-1`` when one
        is heard). Another process's change heard meanwhile was stored before this one's,
        which read it, so it is already applied here."""
        with self._written_lock:
            pending = self._seats_written.get(table_id, 0) + count
            if pending:
                self._seats_written[table_id] = pending
            else:
                self._seats_written.pop(table_id, None)
            return pending

    def forget_seats_written(self) -> None:
        """Forget the changes not heard back (the listener reconnected: they may be lost)."""
        with self._written_lock:
            self._seats_written.clear()

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """Raise when the database does not answer."""
        with self.engine.connect() as conn:
            conn.execute(select(1))

    # -- tables -------------------------------------------------------------------------------
    def _announce(
        self,
        conn: Any,
        table_id: str,
        kind: str,
        stored: Sequence[Event] = (),
        by_other: bool = False,
        change: dict[str, Any] | None = None,
    ) -> None:
        """Tell the room's processes, when the transaction commits, what changed (by this
        process, or ``by_other``: by a dead one, which this process noticed)."""
        if self.room:
            author = "" if by_other else self.process
            payload = notice(table_id, kind, stored, author, change)
            self._notify(conn, [(self.channel(table_id, kind), payload)])

    def channel(self, table_id: str, kind: str = "events") -> str:
        """The channel a change of ``kind`` at ``table_id`` is announced on: a new table on
        the room's (``CHANNEL``), any other change on the table's shard's."""
        return CHANNEL if kind == "new" else shard_channel(table_id, self.shards)

    def _wrote_seats(self, table_id: str) -> None:
        if self.room:
            self.seats_written(table_id, 1)

    @staticmethod
    def _notify(conn: Any, notes: Sequence[tuple[str, str]]) -> None:
        """Send each ``(channel, payload)`` when the transaction commits (one round trip for
        them all)."""
        if notes:
            conn.execute(
                text(
                    "SELECT pg_notify(c, p) FROM unnest(CAST(:channels AS text[]),"
                    " CAST(:payloads AS text[])) AS n(c, p)"
                ),
                {"channels": [c for c, _ in notes], "payloads": [p for _, p in notes]},
            )

    def create_table(
        self, row: dict[str, Any], names: Sequence[str], lease_seconds: float = 0.0
    ) -> None:
        """Store a new table; in a room this process drives it (a lease of
        ``lease_seconds``) and the others learn of it."""
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(**row))
            if self.room:
                until = conn.execute(text(f"SELECT {NOW} + :s"), {"s": lease_seconds}).scalar()
                conn.execute(
                    insert(leases).values(table_id=row["id"], owner=self.process, until=until)
                )
                self._announce(conn, row["id"], "new", change={"n": self.shards})
            conn.execute(
                insert(seats),
                [
                    {"table_id": row["id"], "seat": seat, "name": name, "token_hash": None}
                    for seat, name in enumerate(names)
                ],
            )

    @staticmethod
    def _set_config(conn: Any, table_id: str, config: str, previous: str | None) -> None:
        """Store a table's ``config``; ``ConfigChanged`` (the caller's transaction then rolls
        back) when ``previous`` is given and is no longer the stored one."""
        where = [tables.c.id == table_id]
        if previous is not None:
            where.append(tables.c.config == previous)
        result = conn.execute(update(tables).where(*where).values(config=config))
        if result.rowcount != 1:
            raise ConfigChanged(table_id)

    def claim_seat(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        config: str | None = None,
        previous: str | None = None,
        profile_id: str | None = None,
    ) -> bool:
        """Give a free seat to a person (with their ``profile_id`` when they have one:
        ``ProfileSeated`` when it holds another seat of the table), and store the table's
        new ``config`` (JSON) with it when given (only over ``previous`` when given:
        ``ConfigChanged`` otherwise); False (nothing changed) when the seat was already
        taken."""
        try:
            return self._claim_seat(table_id, seat, name, token_hash, config, previous, profile_id)
        except IntegrityError:
            raise ProfileSeated(table_id) from None

    def _claim_seat(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        config: str | None,
        previous: str | None,
        profile_id: str | None,
    ) -> bool:
        with self.engine.begin() as conn:
            result = conn.execute(
                _free_seat(table_id, seat).values(
                    name=name, token_hash=token_hash, profile_id=profile_id
                )
            )
            if result.rowcount != 1:
                return False
            if config is not None:
                self._set_config(conn, table_id, config, previous)
            change = seats_change(config, [(seat, name, token_hash)])
            self._announce(conn, table_id, "seats", change=change)
        self._wrote_seats(table_id)
        return True

    def seat_bots(
        self, table_id: str, config: str, names: dict[int, str], previous: str | None = None
    ) -> bool:
        """Give free seats to bots: the table's new ``config`` (JSON) and the seats' names.
        False (nothing changed) when one of the seats was taken meanwhile."""
        try:
            with self.engine.begin() as conn:
                for seat, name in names.items():
                    result = conn.execute(_free_seat(table_id, seat).values(name=name))
                    if result.rowcount != 1:
                        raise _SeatTaken  # leaving the block rolls the transaction back
                self._set_config(conn, table_id, config, previous)
                change = seats_change(config, [(seat, name, None) for seat, name in names.items()])
                self._announce(conn, table_id, "seats", change=change)
        except _SeatTaken:
            return False
        self._wrote_seats(table_id)
        return True

    def active_tables(self) -> list[dict[str, Any]]:
        """Every unfinished table's row."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables).where(tables.c.status == "playing"))
            return [dict(row._mapping) for row in rows]

    def expire(self, table_id: str) -> None:
        """Mark an unfinished table expired (it is not restored after a restart)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.status == "playing")
                .values(status="expired", finished=time.time())
            )
            conn.execute(delete(leases).where(leases.c.table_id == table_id))
            self._announce(conn, table_id, "end")

    def free_seat(
        self, table_id: str, seat: int, name: str, config: str, previous: str | None = None
    ) -> None:
        """Take a seat from whoever holds it (the host's decision): its token no longer works;
        the table's new ``config`` is stored with it (over ``previous``, as ``set_config``)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(name=name, token_hash=None, profile_id=None)
            )
            self._set_config(conn, table_id, config, previous)
            self._announce(
                conn, table_id, "seats", change=seats_change(config, [(seat, name, None)])
            )
        self._wrote_seats(table_id)

    def set_config(self, table_id: str, config: str, previous: str | None = None) -> None:
        """Store a table's changed configuration (JSON); with ``previous``, only over that
        one (``ConfigChanged`` when another process changed it meanwhile)."""
        with self.engine.begin() as conn:
            self._set_config(conn, table_id, config, previous)
            self._announce(conn, table_id, "seats", change=seats_change(config, []))
        self._wrote_seats(table_id)

    def table_row(self, table_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
            return None if row is None else dict(row._mapping)

    def seat_rows(self, table_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            )
            return [dict(row._mapping) for row in rows]

    def events_of(self, table_id: str) -> list[Event]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(events).where(events.c.table_id == table_id).order_by(events.c.seq)
            )
            return [Event(row.table_id, row.seq, row.kind, row.seat, row.payload) for row in rows]

    def events_from(self, table_id: str, seq: int) -> list[Event]:
        """A table's events from number ``seq`` on, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(events)
                .where(events.c.table_id == table_id, events.c.seq >= seq)
                .order_by(events.c.seq)
            )
            return [Event(row.table_id, row.seq, row.kind, row.seat, row.payload) for row in rows]

    def playing_ids(self) -> list[str]:
        """The ids of the unfinished tables."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.c.id).where(tables.c.status == "playing"))
            return [str(row.id) for row in rows]

    def playing_configs(self) -> list[str]:
        """The configurations (JSON) of the unfinished tables."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.c.config).where(tables.c.status == "playing"))
            return [str(row.config) for row in rows]

    def open_counts(self, creator: str) -> tuple[int, int]:
        """Unfinished tables ``creator`` (a client address) created, and in all."""
        with self.engine.connect() as conn:
            playing = tables.c.status == "playing"
            mine = conn.execute(
                select(func.count()).select_from(tables).where(playing, tables.c.creator == creator)
            ).scalar_one()
            total = conn.execute(
                select(func.count()).select_from(tables).where(playing)
            ).scalar_one()
            return int(mine), int(total)

    def table_by_invite(self, invite: str) -> str | None:
        """The id of the unfinished table whose invite code is ``invite``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(tables.c.id).where(tables.c.invite == invite, tables.c.status == "playing")
            ).first()
            return None if row is None else str(row.id)

    def append_checked(self, batches: Sequence[Sequence[Event]]) -> list[bool]:
        """Store batches of events (each of one table) in one transaction, each only when
        its first event's number is the next its table stores; returns, per batch, whether
        it was stored. The tables' rows are locked (in one order: no deadlock) and each
        stored batch is announced to the room, all when the transaction commits."""
        ids = sorted({batch[0].table_id for batch in batches if batch})
        stored: list[bool] = []
        # Two statements on the driver's own connection (the hottest path of a room: each
        # statement is a round trip, and the Python around it): lock the rows and read each
        # table's last event number; store the events and announce them.
        conn = self.engine.raw_connection()
        try:
            cursor = conn.cursor()
            cursor.execute(
                "SELECT t.id, (SELECT max(e.seq) FROM tt_events e WHERE e.table_id = t.id)"
                " FROM tt_tables t WHERE t.id = ANY(%(ids)s) ORDER BY t.id FOR UPDATE OF t",
                {"ids": ids},
            )
            rows = cursor.fetchall()
            following = {row[0]: 0 if row[1] is None else int(row[1]) + 1 for row in rows}
            accepted: list[Event] = []
            payloads: list[str] = []
            channels: list[str] = []
            for batch in batches:
                if not batch:
                    stored.append(True)
                    continue
                table_id = batch[0].table_id
                fits = following.get(table_id, 0) == batch[0].seq
                stored.append(fits)
                if fits:
                    following[table_id] = batch[-1].seq + 1
                    accepted.extend(batch)
                    payloads.append(notice(table_id, "events", batch, self.process))
                    channels.append(shard_channel(table_id, self.shards))
            if accepted:
                cursor.execute(
                    "WITH stored AS (INSERT INTO tt_events (table_id, seq, kind, seat, payload)"
                    " SELECT * FROM unnest(%(t)s::text[], %(q)s::int[], %(k)s::text[],"
                    " %(s)s::int[], %(p)s::text[]))"
                    " SELECT pg_notify(c, n) FROM unnest(%(channels)s::text[],"
                    " %(payloads)s::text[]) AS x(c, n)",
                    {
                        "t": [e.table_id for e in accepted],
                        "q": [e.seq for e in accepted],
                        "k": [e.kind for e in accepted],
                        "s": [e.seat for e in accepted],
                        "p": [e.payload for e in accepted],
                        "channels": channels,
                        "payloads": payloads,
                    },
                )
            conn.commit()
        except BaseException:
            with contextlib.suppress(Exception):  # the connection may be gone
                conn.rollback()
            raise
        finally:
            conn.close()
        return stored

    def append(self, batch: Sequence[Event]) -> None:
        """Insert events in one transaction (all or none)."""
        if not batch:
            return
        with self.engine.begin() as conn:
            conn.execute(insert(events), [_event_row(e) for e in batch])

    def finish(
        self,
        table_id: str,
        game: str,
        summary: dict[str, Any],
        record: str,
        on_stored: Callable[[Connection], None] | None = None,
    ) -> None:
        """Mark a table finished and store its record (idempotent). ``on_stored`` runs in
        the same transaction when the record is stored now (not when it was before): the
        ratings of its players change exactly once (the table's row is locked first, so two
        processes finishing one table take turns)."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(status="finished", finished=now)
            )
            conn.execute(delete(leases).where(leases.c.table_id == table_id))
            exists = conn.execute(
                select(records.c.table_id).where(records.c.table_id == table_id)
            ).first()
            if exists is None:
                conn.execute(
                    insert(records).values(
                        table_id=table_id,
                        game=game,
                        finished=now,
                        summary=json.dumps(summary),
                        record=record,
                    )
                )
                if on_stored is not None:
                    on_stored(conn)

    # -- records ------------------------------------------------------------------------------
    def list_records(self, limit: int = 100) -> list[dict[str, Any]]:
        """The newest finished matches of public tables, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(records.c.table_id, records.c.game, records.c.finished, records.c.summary)
                .select_from(records.join(tables, tables.c.id == records.c.table_id))
                .where(tables.c.private.is_(False))
                .order_by(records.c.finished.desc())
                .limit(limit)
            )
            return [
                {
                    "table": row.table_id,
                    "game": row.game,
                    "finished": row.finished,
                    **json.loads(row.summary),
                }
                for row in rows
            ]

    def record_text(self, table_id: str) -> str | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(records.c.record).where(records.c.table_id == table_id)
            ).first()
            return None if row is None else str(row.record)


def _event_row(e: Event) -> dict[str, Any]:
    return {
        "table_id": e.table_id,
        "seq": e.seq,
        "kind": e.kind,
        "seat": e.seat,
        "payload": e.payload,
    }


NOW = "extract(epoch from clock_timestamp())"
"""The database's clock in seconds (PostgreSQL): every process of a room reads one clock."""


class EventWriter:
    """Commits events from one thread, many tables per transaction (group commit).

    ``await writer.write(events)`` returns once they are committed, or raises the error
    that kept them out of the database.
    """

    MAX_BATCH = 512

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.Queue[
            tuple[list[Event], asyncio.Future[None], asyncio.AbstractEventLoop] | None
        ] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="tricktable-writer", daemon=True)
        self._thread.start()

    async def write(self, batch: list[Event]) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put((batch, future, loop))
        await future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            pending = [item]
            stop = False
            while len(pending) < self.MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                pending.append(more)
            self._commit(pending)
            if stop:
                return

    def _commit(
        self, pending: list[tuple[list[Event], asyncio.Future[None], asyncio.AbstractEventLoop]]
    ) -> None:
        if self.store.room:
            self._commit_checked(pending)
            return
        try:
            self.store.append([e for batch, _, _ in pending for e in batch])
        except Exception:
            # One bad batch must not fail the others: commit each on its own.
            for batch, future, loop in pending:
                try:
                    self.store.append(batch)
                except Exception as error:  # reported to the one caller it belongs to
                    _settle(loop, future, error)
                else:
                    _settle(loop, future, None)
            return
        for _, future, loop in pending:
            _settle(loop, future, None)

    def _commit_checked(
        self, pending: list[tuple[list[Event], asyncio.Future[None], asyncio.AbstractEventLoop]]
    ) -> None:
        """In a room: each batch stored only over its table's stored events."""
        try:
            stored = self.store.append_checked([batch for batch, _, _ in pending])
        except Exception:
            # One bad batch must not fail the others: commit each on its own.
            for batch, future, loop in pending:
                try:
                    fits = self.store.append_checked([batch])[0]
                except Exception as error:  # reported to the one caller it belongs to
                    _settle(loop, future, error)
                else:
                    _settle(loop, future, None if fits else StaleSequence(batch[0].table_id))
            return
        for (batch, future, loop), fits in zip(pending, stored, strict=True):
            _settle(loop, future, None if fits else StaleSequence(batch[0].table_id))


def _settle(
    loop: asyncio.AbstractEventLoop, future: asyncio.Future[None], error: Exception | None
) -> None:
    def done() -> None:
        if future.done():
            return
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)

    loop.call_soon_threadsafe(done)
