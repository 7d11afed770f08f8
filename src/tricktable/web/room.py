"""One card room, many processes: the PostgreSQL side of a room (docs/architecture.md).

Any process answers any request and any websocket about any table: it builds its own copy of
a table when it first serves one, and from then on follows it. A table's changes (its new
events, its seats, where its seats are connected, each with the change itself when it fits;
that it ended) are announced on the ``NOTIFY`` channel of the table's shard
(``store.shard_channel``); a process listens to the shards of the tables it holds a copy of,
first, then reads the table (``Room.follow``: nothing committed in between is missed), and
stops listening to a shard when it drops its last copy there. Room-wide events (a new
table) go to ``store.CHANNEL``, which every process listens to.
Any process stores an action (under the table's row lock, ``Store.append_checked``); exactly
one process drives each table's bots and timers: the one holding the table's lease
(``tt_leases``), renewed by its heartbeat every ``RENEW`` seconds and taken over by another
process once ``LEASE`` seconds have passed without renewal. The heartbeat also keeps the
process alive in ``tt_processes``; connections of a dead process stop counting for their
seats' presence (``tt_presence``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import secrets
import socket
import time
import zlib
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Mapping
from typing import Any

from sqlalchemy import delete, select, text

from tricktable.web.store import (
    CHANNEL,
    NOW,
    Store,
    notice,
    presence,
    processes,
    seats,
    tables,
)

log = logging.getLogger("tricktable.web")

LEASE = 6.0
"""Seconds a lease (and a process's heartbeat) holds without renewal."""
RENEW = 2.0
"""Seconds between two heartbeats: a dead process's tables are taken over within
``LEASE + RENEW`` seconds."""
FOLLOW_WAIT = 30.0
"""Seconds a process waits for its listener to listen to a table's shard before it builds its
copy of the table (the database may be away meanwhile)."""


def new_process_id() -> str:
    """This process's name in the room: host, process id and a random part.

    >>> new_process_id().count(":")
    2
    """
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class RoomStore:
    """The room's own storage calls (synchronous; run in worker threads)."""

    def __init__(self, store: Store, process: str) -> None:
        self.store = store
        self.process = process
        store.process = process

    def heartbeat(
        self, listened: Mapping[str, int] | None = None
    ) -> tuple[set[str], set[str], set[str]]:
        """Renew this process's heartbeat and leases, take the leases nobody renewed up to a
        fair share of the room's tables, and forget dead processes' presence. Returns the
        tables this process drives now, those whose presence changed, and those it holds
        beyond its fair share (a process came back): to hand over (``release``).

        Leases go by shard, so that a process listens to few shards: it takes the tables of
        the shards it listens to (``listened``: how many tables it follows on each shard's
        channel) and drives first, and hands over those of the shards it listens to least
        (``by_shard``).

        Several processes beat at once: no statement here waits for a transaction that
        could be waiting for this one (a deadlock; each statement says why)."""
        me = {"me": self.process, "ttl": LEASE}
        with self.store.engine.begin() as conn:
            # Only this process writes its row (the clean-up below skips a locked row).
            conn.execute(
                text(
                    f"INSERT INTO tt_processes (id, until) VALUES (:me, {NOW} + :ttl)"
                    " ON CONFLICT (id) DO UPDATE SET until = excluded.until"
                ),
                me,
            )
            # Its live leases, locked in table order: another transaction locks one only
            # to take it once lapsed (skipping locked rows, then waiting for nothing) or to
            # end its table (that row alone).
            held = {
                row[0]
                for row in conn.execute(
                    text(
                        f"UPDATE tt_leases SET until = {NOW} + :ttl"
                        f" WHERE {_mine(f'owner = :me AND until >= {NOW}')} RETURNING table_id"
                    ),
                    me,
                )
            }
            # Tables never given a lease (stored by a process of no room) get one nobody
            # holds. Only those: an insert that meets a lease row another transaction is
            # changing waits for that transaction (ON CONFLICT checks the row as it will be),
            # and two beats, each having renewed its own leases, would wait for each other
            # (a deadlock). The rows missing here are inserted in one order (by id): a beat
            # waits for another's insert only at a row the other inserted first.
            conn.execute(
                text(
                    "INSERT INTO tt_leases (table_id, owner, until)"
                    " SELECT id, '', 0 FROM tt_tables t WHERE status = 'playing'"
                    " AND NOT EXISTS (SELECT 1 FROM tt_leases l WHERE l.table_id = t.id)"
                    " ORDER BY id ON CONFLICT (table_id) DO NOTHING"
                )
            )
            playing, orphans = conn.execute(
                text(
                    "SELECT count(*), count(*) FILTER (WHERE l.until < "
                    f"{NOW}) FROM tt_leases l JOIN tt_tables t ON t.id = l.table_id"
                    " WHERE t.status = 'playing'"
                )
            ).one()
            alive = conn.execute(
                text(f"SELECT count(*) FROM tt_processes WHERE until >= {NOW}")
            ).scalar_one()
            fair = math.ceil(playing / max(1, alive))
            share = min(orphans, fair - len(held))
            excess: set[str] = set()
            near: Counter[str] = Counter(listened or {})  # the shards it listens to and drives
            if len(held) > fair or share > 0:
                near.update(self.store.channel(table_id) for table_id in held)
                excess = set(self.by_shard(held, near)[fair:])
            if share > 0:
                lapsed = conn.execute(
                    text(
                        "SELECT l.table_id FROM tt_leases l JOIN tt_tables t ON t.id = l.table_id"
                        f" WHERE t.status = 'playing' AND l.until < {NOW}"
                    )
                )
                order = self.by_shard([row[0] for row in lapsed], near)
                # Skipping locked rows (another process is taking them): it waits for nobody.
                taken = conn.execute(
                    text(
                        f"UPDATE tt_leases SET owner = :me, until = {NOW} + :ttl"
                        " WHERE table_id IN (SELECT l.table_id FROM tt_leases l"
                        " JOIN unnest(CAST(:order AS text[])) WITH ORDINALITY AS w(id, nth)"
                        " ON w.id = l.table_id JOIN tt_tables t ON t.id = l.table_id"
                        f" WHERE t.status = 'playing' AND l.until < {NOW}"
                        " ORDER BY w.nth LIMIT :share FOR UPDATE OF l SKIP LOCKED)"
                        " RETURNING table_id"
                    ),
                    {**me, "share": share, "order": order},
                )
                held |= {row[0] for row in taken}
            # Dead processes' presence and, an hour on, their rows: several beats may clean
            # up at once, each skips the rows another locked (that one deletes them).
            gone = {
                row[0]
                for row in conn.execute(
                    text(
                        "DELETE FROM tt_presence WHERE (table_id, seat, process) IN"
                        " (SELECT table_id, seat, process FROM tt_presence p WHERE NOT EXISTS"
                        " (SELECT 1 FROM tt_processes q WHERE q.id = p.process AND q.until"
                        f" >= {NOW}) ORDER BY 1, 2, 3 FOR UPDATE SKIP LOCKED) RETURNING table_id"
                    )
                )
            }
            for table_id in gone:
                self.store._announce(conn, table_id, "seats", by_other=True)
            conn.execute(
                text(
                    "DELETE FROM tt_processes WHERE id IN (SELECT id FROM tt_processes"
                    f" WHERE until < {NOW} - 3600 ORDER BY id FOR UPDATE SKIP LOCKED)"
                )
            )
        return held - excess, gone, excess

    def by_shard(self, table_ids: Collection[str], near: Mapping[str, int]) -> list[str]:
        """``table_ids`` in the order this process wants to drive them: shard by shard, those
        of the shards with the most of its tables first (``near``: per shard's channel), then
        the shards in its own order (``shard_rank``), so that processes taking tables at once
        mostly take different shards.

        >>> from tricktable.web.store import Store
        >>> calls = RoomStore(Store("sqlite://", shards=4), "p1")
        >>> [calls.store.channel(t)[-1] for t in "abcde"]
        ['3', '1', '3', '0', '2']
        >>> calls.by_shard("abcde", {"tt_room_3": 1})
        ['a', 'c', 'd', 'b', 'e']
        """
        channel = self.store.channel

        def rank(table_id: str) -> tuple[int, int, str]:
            shard = channel(table_id)
            return (-near.get(shard, 0), shard_rank(self.process, shard), table_id)

        return sorted(table_ids, key=rank)

    def release(self, table_ids: set[str]) -> None:
        """Hand over these tables' leases (this process stopped driving them): the next
        heartbeat of a process below its fair share takes them."""
        mine = _mine("owner = :me AND table_id = ANY(:ids)")
        with self.store.engine.begin() as conn:
            conn.execute(
                text(f"UPDATE tt_leases SET until = 0 WHERE {mine}"),
                {"me": self.process, "ids": sorted(table_ids)},
            )

    def leave(self) -> None:
        """This process stops: its leases are free at once, its presence gone."""
        with self.store.engine.begin() as conn:
            conn.execute(
                text(f"UPDATE tt_leases SET until = 0 WHERE {_mine('owner = :me')}"),
                {"me": self.process},
            )
            tables = {
                row[0]
                for row in conn.execute(
                    delete(presence)
                    .where(presence.c.process == self.process)
                    .returning(presence.c.table_id)
                )
            }
            conn.execute(delete(processes).where(processes.c.id == self.process))
            for table_id in tables:
                self.store._announce(conn, table_id, "seats")

    def set_presence(self, table_id: str, seat: int, here: bool) -> None:
        """Note whether this process holds a connection of ``seat`` (``-1``: a spectator)."""
        key = {"table_id": table_id, "seat": seat, "process": self.process}
        with self.store.engine.begin() as conn:
            if here:
                conn.execute(
                    text(
                        "INSERT INTO tt_presence (table_id, seat, process)"
                        " VALUES (:table_id, :seat, :process) ON CONFLICT DO NOTHING"
                    ),
                    key,
                )
            else:
                conn.execute(
                    delete(presence).where(
                        presence.c.table_id == table_id,
                        presence.c.seat == seat,
                        presence.c.process == self.process,
                    )
                )
            change = {"s": seat, "h": int(here)}
            self.store._announce(conn, table_id, "presence", change=change)

    def announce_continued(self, table_id: str, seat: int, deals: int) -> None:
        """Tell the room's processes that ``seat``'s person continued after ``deals`` deals
        (the ``continue`` message reached this process; the driver starts the timer)."""
        with self.store.engine.begin() as conn:
            self.store._announce(conn, table_id, "continued", change={"s": seat, "d": deals})

    def table_state(
        self, table_id: str
    ) -> tuple[dict[str, Any] | None, list[dict[str, Any]], set[tuple[int, str]]]:
        """A table's row, its seats, and the seats (``-1``: spectators) connected to other
        live processes, each with the process (``(seat, process)``), read in one go."""
        with self.store.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
            seat_rows = conn.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            )
            return (
                None if row is None else dict(row._mapping),
                [dict(seat._mapping) for seat in seat_rows],
                self._present(conn, table_id),
            )

    def _present(self, conn: Any, table_id: str) -> set[tuple[int, str]]:
        rows = conn.execute(
            select(presence.c.seat, presence.c.process)
            .join(processes, processes.c.id == presence.c.process)
            .where(
                presence.c.table_id == table_id,
                presence.c.process != self.process,
                processes.c.until >= text(NOW),
            )
        )
        return {(int(row[0]), str(row[1])) for row in rows}

    def lobby(self, per_creator: int, size: int, held: Collection[str]) -> list[dict[str, Any]]:
        """The newest unfinished public tables, at most ``per_creator`` of each creator's and
        ``size`` in all: each table's row, with (unless ``held`` here) its ``seat_rows``,
        ``present`` (the seats connected to a live process), and how many ``deals`` and
        ``decisions`` it stored."""
        with self.store.engine.connect() as conn:
            rows = [
                dict(row._mapping)
                for row in conn.execute(
                    text(
                        "SELECT * FROM (SELECT t.*, row_number() OVER (PARTITION BY creator"
                        " ORDER BY created DESC) AS nth FROM tt_tables t"
                        " WHERE status = 'playing' AND NOT private) listed"
                        " WHERE nth <= :per ORDER BY created DESC LIMIT :size"
                    ),
                    {"per": per_creator, "size": size},
                )
            ]
            ids = [row["id"] for row in rows if row["id"] not in held]
            if not ids:
                return rows
            seat_rows: dict[str, list[dict[str, Any]]] = {}
            for seat in conn.execute(
                select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)
            ):
                seat_rows.setdefault(seat.table_id, []).append(dict(seat._mapping))
            present: dict[str, set[int]] = {}
            for here in conn.execute(
                select(presence.c.table_id, presence.c.seat)
                .join(processes, processes.c.id == presence.c.process)
                .where(presence.c.table_id.in_(ids), processes.c.until >= text(NOW))
            ):
                present.setdefault(here.table_id, set()).add(int(here.seat))
            counts = {
                count.table_id: (int(count.deals), int(count.decisions))
                for count in conn.execute(
                    text(
                        "SELECT table_id, count(*) FILTER (WHERE kind = 'deal') AS deals,"
                        " count(*) FILTER (WHERE kind = 'act') AS decisions FROM tt_events"
                        " WHERE table_id = ANY(:ids) GROUP BY table_id"
                    ),
                    {"ids": ids},
                )
            }
        for row in rows:
            if row["id"] in held:
                continue
            row["seat_rows"] = seat_rows.get(row["id"], [])
            row["present"] = present.get(row["id"], set())
            row["deals"], row["decisions"] = counts.get(row["id"], (0, 0))
        return rows


class Room:
    """This process in the room: its listener and its heartbeat.

    ``on_notice(payload)`` is called for each notification (in the order PostgreSQL
    delivers them), ``on_heartbeat(held, changed, excess, started)`` after each heartbeat with
    the tables this process drives, those whose presence changed, those it holds beyond its
    fair share (to stop driving, then ``RoomStore.release``) and when (``time.monotonic()``)
    the heartbeat started, and ``on_resync()`` after the listener
    reconnects (notifications may have been missed meanwhile)."""

    def __init__(
        self,
        store: Store,
        on_notice: Callable[[str], None],
        on_heartbeat: Callable[[set[str], set[str], set[str], float], Awaitable[None]],
        on_resync: Callable[[], Awaitable[None]],
    ) -> None:
        self.process = new_process_id()
        self.calls = RoomStore(store, self.process)
        self.own_events = _marker("events", self.process)
        """What a notification of this process's own events holds (``store.notice``)."""
        self.own_seats = _marker("seats", self.process)
        """What a notification of this process's own change of a table's seats holds."""
        self.url = store.engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False
        )
        self.on_notice = on_notice
        self.on_heartbeat = on_heartbeat
        self.on_resync = on_resync
        self.valid_until = 0.0
        """Until when (``time.monotonic()``) this process's leases surely hold."""
        self.listening = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []
        self.store = store
        self.followed: set[str] = set()
        """The tables this process holds a copy of (or is building one of): their shards are
        listened to."""
        self.wanted: Counter[str] = Counter()
        """Per shard's channel, how many of the ``followed`` tables are there."""
        self.listened: set[str] = set()
        """The shards' channels the listener's connection surely listens to now."""
        self._waiting: dict[str, list[asyncio.Future[None]]] = {}
        self._changed = asyncio.Event()
        """Set when ``wanted`` gained or lost a channel (the listener listens again)."""
        self._mismatch_told = False

    async def start(self) -> None:
        """Listen, then beat once (this process's share of the tables), then keep beating."""
        loop = asyncio.get_running_loop()
        self.tasks.append(loop.create_task(self._listen()))
        await self.listening.wait()
        await self.beat()
        self.tasks.append(loop.create_task(self._beat_loop()))

    def holds(self) -> bool:
        """Whether this process's leases surely still hold (its last heartbeat is recent)."""
        return time.monotonic() < self.valid_until

    async def beat(self) -> None:
        started = time.monotonic()
        listened = dict(self.wanted)  # the shards of the tables held here: kept together
        held, changed, excess = await asyncio.to_thread(self.calls.heartbeat, listened)
        self.valid_until = started + LEASE - 0.5
        await self.on_heartbeat(held, changed, excess, started)

    async def _beat_loop(self) -> None:
        while True:
            await asyncio.sleep(RENEW)
            try:
                await self.beat()
            except Exception:  # the database is away: leases lapse, others may take over
                log.exception("room heartbeat failed")

    async def follow(self, table_id: str) -> None:
        """Listen to the shard of ``table_id`` (this process holds a copy of it, or is about
        to build one): once this returns, every change of the table committed from now on
        reaches ``on_notice``, so the table is read from the database after it.
        ``TimeoutError`` when the listener could not listen within ``FOLLOW_WAIT``."""
        channel = self.store.channel(table_id)
        if table_id not in self.followed:
            self.followed.add(table_id)
            self.wanted[channel] += 1
        if channel in self.listened:
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(channel, []).append(waiter)
        self._changed.set()
        await asyncio.wait_for(waiter, FOLLOW_WAIT)

    def unfollow(self, table_id: str) -> None:
        """This process dropped its copy of ``table_id``: its shard is no longer listened to
        once no other copy held here is in it."""
        if table_id not in self.followed:
            return
        self.followed.discard(table_id)
        channel = self.store.channel(table_id)
        self.wanted[channel] -= 1
        if self.wanted[channel] <= 0:
            del self.wanted[channel]
            self._changed.set()

    async def _listen(self) -> None:
        import psycopg

        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    self.listened = set()
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await self._subscribe(conn)
                    self.listening.set()
                    if not first:
                        await self.on_resync()
                    first = False
                    while True:
                        await self._read_until_changed(conn)
                        await self._subscribe(conn)
            except asyncio.CancelledError:
                raise
            except Exception:
                self.listened = set()
                log.exception("room listener lost its connection; reconnecting")
                await asyncio.sleep(0.5)

    async def _read_until_changed(self, conn: Any) -> None:
        """Hand each notification to ``on_notice`` until the shards wanted change (those
        arriving meanwhile wait in the connection: the next read has them first)."""
        reader = asyncio.ensure_future(self._read(conn))
        changed = asyncio.ensure_future(self._changed.wait())
        try:
            await asyncio.wait((reader, changed), return_when=asyncio.FIRST_COMPLETED)
        finally:
            changed.cancel()
            reader.cancel()
            await asyncio.wait((reader, changed))
        if not reader.cancelled():
            error = reader.exception()
            if error is not None:
                raise error

    async def _read(self, conn: Any) -> None:
        async for note in conn.notifies():
            if note.channel == CHANNEL:
                self._check_shards(note.payload)
            try:
                self.on_notice(note.payload)
            except Exception:
                log.exception("room notification %r failed", note.payload[:200])

    async def _subscribe(self, conn: Any) -> None:
        """Make the listener's connection listen to exactly the wanted shards (one round
        trip), then wake the ``follow`` calls waiting for a shard now listened to."""
        self._changed.clear()
        wanted = set(self.wanted)
        dropped = self.listened - wanted
        added = wanted - self.listened
        self.listened -= dropped  # from now on a ``follow`` there waits for a LISTEN again
        if dropped or added:
            statements = [f"UNLISTEN {channel}" for channel in sorted(dropped)]
            statements += [f"LISTEN {channel}" for channel in sorted(added)]
            await conn.execute("; ".join(statements))
        self.listened |= added
        for channel in [c for c in self._waiting if c in self.listened]:
            for waiter in self._waiting.pop(channel):
                if not waiter.done():
                    waiter.set_result(None)

    def _check_shards(self, note: str) -> None:
        """Log once when another process of the room spreads tables over another number
        of shards (its notifications would go to channels this process does not listen to)."""
        change = payload_of(note).get("x") or {}
        shards = change.get("n", self.store.shards)
        if shards != self.store.shards and not self._mismatch_told:
            self._mismatch_told = True
            log.error(
                "room: a process spreads tables over %s shards, this one over %s: start"
                " every process of a room with the same --room-shards",
                shards,
                self.store.shards,
            )

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.calls.leave)


def shard_rank(process: str, channel: str) -> int:
    """Where a shard (its ``channel``) comes in ``process``'s order of the shards it follows no
    table of (rendezvous hashing): each process has its own order, the same at every beat.

    >>> shard_rank("p1", "tt_room_3") == shard_rank("p1", "tt_room_3")
    True
    >>> sorted(range(8), key=lambda n: shard_rank("p1", f"tt_room_{n}")) != sorted(
    ...     range(8), key=lambda n: shard_rank("p2", f"tt_room_{n}"))
    True
    """
    return zlib.crc32(f"{process}/{channel}".encode())


def _mine(where: str) -> str:
    """The condition of an update of the lease rows matching ``where`` that locks them in one
    order (by table) first: two transactions locking some of the same rows wait for each other
    at most one way (no deadlock). A row another process took meanwhile (it no longer matches
    ``where``) is left out once that process commits.

    >>> _mine("owner = :me").endswith("WHERE owner = :me ORDER BY table_id FOR UPDATE)")
    True
    """
    return (
        f"table_id IN (SELECT table_id FROM tt_leases WHERE {where} ORDER BY table_id FOR UPDATE)"
    )


def _marker(kind: str, process: str) -> str:
    """What every notification of ``kind`` by ``process`` holds (``store.notice`` writes the
    table, the kind and the process first, and escapes every quote inside a value).

    >>> _marker("events", "p1") in notice("t1", "events", process="p1")
    True
    >>> _marker("events", "p1") in notice("t1", "events", process="p12")
    False
    """
    return notice("", kind, process=process)[len('{"t":""') : -1]


def payload_of(note: str) -> dict[str, Any]:
    """A notification's payload read back (``store.notice``).

    >>> payload_of('{"t":"t1","k":"seats","p":""}')["k"]
    'seats'
    """
    import json

    data: dict[str, Any] = json.loads(note)
    return data
