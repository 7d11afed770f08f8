"""Storage of tables, seats, events and finished records (SQLAlchemy Core).

One schema for SQLite (the embedded default) and PostgreSQL, created and upgraded by the
Alembic migrations in ``tricktable/web/migrations``. A table's match is kept as an append-only
list of events (each deal's cards, then each decision), so a table is rebuilt after a restart by
replaying its events as a record. ``EventWriter`` commits the events of many tables together in
one transaction (group commit) from one thread; each caller waits for its own commit.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from collections.abc import Sequence
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
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.sql.dml import Update

metadata = MetaData()


class _SeatTaken(Exception):
    """A seat to give to a bot was taken by a person meanwhile."""


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
)
"""Who holds each human seat: a name and the SHA-256 of the seat token (never the token)."""

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

    def __init__(self, url: str, synchronous: str = "full") -> None:
        self.url = url
        self.engine = make_engine(url, synchronous)
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- tables -------------------------------------------------------------------------------
    def create_table(self, row: dict[str, Any], names: Sequence[str]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(**row))
            conn.execute(
                insert(seats),
                [
                    {"table_id": row["id"], "seat": seat, "name": name, "token_hash": None}
                    for seat, name in enumerate(names)
                ],
            )

    def claim_seat(
        self, table_id: str, seat: int, name: str, token_hash: str, config: str | None = None
    ) -> bool:
        """Give a free seat to a person, and store the table's new ``config`` (JSON) with it
        when given; False (nothing changed) when the seat was already taken."""
        with self.engine.begin() as conn:
            result = conn.execute(
                _free_seat(table_id, seat).values(name=name, token_hash=token_hash)
            )
            if result.rowcount != 1:
                return False
            if config is not None:
                conn.execute(update(tables).where(tables.c.id == table_id).values(config=config))
            return True

    def seat_bots(self, table_id: str, config: str, names: dict[int, str]) -> bool:
        """Give free seats to bots: the table's new ``config`` (JSON) and the seats' names.
        False (nothing changed) when one of the seats was taken meanwhile."""
        try:
            with self.engine.begin() as conn:
                for seat, name in names.items():
                    result = conn.execute(_free_seat(table_id, seat).values(name=name))
                    if result.rowcount != 1:
                        raise _SeatTaken  # leaving the block rolls the transaction back
                conn.execute(update(tables).where(tables.c.id == table_id).values(config=config))
        except _SeatTaken:
            return False
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

    def free_seat(self, table_id: str, seat: int, name: str) -> None:
        """Take a seat from whoever holds it (the host's decision): its token no longer works."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(name=name, token_hash=None)
            )

    def set_config(self, table_id: str, config: str) -> None:
        """Store a table's changed configuration (JSON)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(config=config))

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

    def append(self, batch: Sequence[Event]) -> None:
        """Insert events in one transaction (all or none)."""
        if not batch:
            return
        with self.engine.begin() as conn:
            conn.execute(
                insert(events),
                [
                    {
                        "table_id": e.table_id,
                        "seq": e.seq,
                        "kind": e.kind,
                        "seat": e.seat,
                        "payload": e.payload,
                    }
                    for e in batch
                ],
            )

    def finish(self, table_id: str, game: str, summary: dict[str, Any], record: str) -> None:
        """Mark a table finished and store its record (idempotent)."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(status="finished", finished=now)
            )
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
