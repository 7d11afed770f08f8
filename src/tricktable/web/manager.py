"""All tables of one server: creating them, seating people, loading them after a restart.

On PostgreSQL the server is one process of a room (``room.Room``): it holds a copy of the
tables it serves (a request, a websocket) or drives (their lease), follows what the other
processes store about those, and drives the tables whose lease it holds."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import functools
import hmac
import json
import logging
import random
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar

from tricktable.core import Game
from tricktable.errors import TricktableError
from tricktable.games import GAMES, load_game
from tricktable.presentation.names import BOT_PREFIX, COMPASS, place_name
from tricktable.seating import DRAW_RULES, SeatingError, draw_for_partners, partners_seed
from tricktable.web.catalog import DEFAULT_BOT
from tricktable.web.engines import SeatEngines, check_seat_bot, is_engine
from tricktable.web.fairness import new_table_seed
from tricktable.web.limits import ServerLimits
from tricktable.web.profiles import Profile, Profiles
from tricktable.web.remote_bots import BotAccount, account_named, valid_account_name, wants
from tricktable.web.room import LEASE, Room, payload_of
from tricktable.web.store import (
    ConfigChanged,
    Event,
    EventWriter,
    ProfileSeated,
    StaleSequence,
    Store,
    noticed_table,
)
from tricktable.web.tables import (
    KNOWN_DEALS,
    Rejected,
    SearchFn,
    SeatChange,
    SeatConfig,
    TableConfig,
    TableRuntime,
    changed_meanwhile,
    hash_token,
    heavy_bot,
    new_runtime,
    new_token,
)

log = logging.getLogger("tricktable.web")

MAX_NAME = 24
FINISHED_KEEP = 600.0
"""Seconds a finished table stays in memory (its players see the result; then the stored
record remains)."""
COPY_KEEP = 60.0
"""In a room: seconds a process keeps (and follows) its copy of a table it does not drive
after the last request or connection for it here."""

T = TypeVar("T")


def clean_name(value: Any, default: str) -> str:
    """A player name: printable, trimmed, at most ``MAX_NAME`` characters, and not one that
    passes for a bot's (``looks_like_a_bot``)."""
    if value is None or value == "":
        return default
    if not isinstance(value, str):
        raise Rejected("bad_request", "'name' must be a text")
    name = "".join(ch for ch in value if ch.isprintable()).strip()[:MAX_NAME]
    if looks_like_a_bot(name):
        raise Rejected(
            "bad_request",
            f"'name' {name!r} passes for a bot's: records name bots 'bot:NAME' and the table"
            f" shows them by their places ({', '.join(COMPASS)}); choose another name",
        )
    return name or default


def looks_like_a_bot(name: str) -> bool:
    """Whether a person's name would pass for a bot's: its first word is ``bot`` (how
    records name bots, ``bot:expert``) or it is a bot's place at the table (``North``).

    >>> looks_like_a_bot("BOT : expert"), looks_like_a_bot("ｂｏｔ:easy"), looks_like_a_bot("north")
    (True, True, True)
    >>> looks_like_a_bot("Botond"), looks_like_a_bot("Northcote")
    (False, False)
    """
    folded = unicodedata.normalize("NFKC", name).casefold()  # ｂｏｔ is bot
    words = "".join(ch if ch.isalnum() else " " for ch in folded).split()
    places = {place.casefold() for place in COMPASS}
    return bool(words) and (words[0] == "bot" or " ".join(words) in places)


def game_of(data: Mapping[str, Any]) -> Game[Any]:
    """The game a lobby's form asks for (``game``, ``rules``, ``players``)."""
    game_name = data.get("game")
    if not isinstance(game_name, str) or game_name not in GAMES:
        raise Rejected("bad_request", f"'game' must be one of {', '.join(GAMES)}")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise Rejected("bad_request", "'rules' must be an object of option names")
    players = data.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise Rejected("bad_request", "'players' must be a number of seats")
    try:
        return load_game(game_name, rules, players=players)
    except TricktableError as error:
        raise Rejected("bad_rules", str(error)) from None


def _number(
    data: Mapping[str, Any], key: str, default: float | None, low: float, high: float
) -> float | None:
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise Rejected("bad_request", f"'{key}' must be a number of seconds from {low} to {high}")
    return float(value)


def table_seat(table: TableRuntime, seat: Any) -> int:
    """``seat`` when it is one of ``table``'s seats (a number from 0), else ``Rejected``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(table.game.players):
        raise Rejected("bad_request", f"'seat' must be a seat 0-{table.game.players - 1}")
    return seat


def persons_seat(table: TableRuntime, seat: Any) -> int:
    """``seat`` when it is one of ``table``'s seats for a person, else why not (``Rejected``).

    A seat a bot plays is no person's seat; whether someone holds it is the caller's check."""
    number = table_seat(table, seat)
    if table.config.seats[number].kind != "human":
        raise Rejected("seat_taken", f"seat {number + 1} is played by a bot")
    return number


def profile_seated(player: str) -> Rejected:
    """The refusal of a second seat at one table to one profile."""
    return Rejected(
        "profile_seated",
        f"{player} holds another seat of this table already (one profile, one seat)",
    )


async def once_more_if_changed(attempt: Callable[[bool], Awaitable[T]], player: str = "") -> T:
    """``attempt(again)``, where ``again`` says whether one more try is left: in a room, it
    is tried once more if another process changed the table's seats meanwhile
    (``ConfigChanged``), then refused (``changed_meanwhile``); a profile that holds another
    seat of the table already is refused as ``player``'s (``profile_seated``), where a
    ``player`` is named."""
    for tries_left in (1, 0):
        try:
            return await attempt(tries_left > 0)
        except ConfigChanged:
            if not tries_left:
                raise changed_meanwhile() from None
        except ProfileSeated:
            if not player:
                raise
            raise profile_seated(player) from None
    raise AssertionError("unreachable: the last try returns or raises")


def runtime_of_row(
    row: Mapping[str, Any],
    seat_rows: Sequence[Mapping[str, Any]],
    writer: EventWriter | None,
    store: Store | None,
) -> TableRuntime:
    """A table as stored (its row of ``tt_tables`` and its seats' rows), to play with the
    ``writer`` and ``store`` given, or only to describe with neither."""
    return new_runtime(
        table_id=row["id"],
        game_name=row["game"],
        rules=json.loads(row["rules"]),
        players=row["players"],
        config=TableConfig.from_json(json.loads(row["config"])),
        private=bool(row["private"]),
        invite=row["invite"],
        seed=row["seed"],
        first_dealer=row["first_dealer"],
        names=[s["name"] for s in seat_rows],
        token_hashes=[s["token_hash"] for s in seat_rows],
        writer=writer,
        store=store,
    )


class TableManager:
    """The server's tables by id, with the store they are kept in."""

    def __init__(
        self,
        store: Store,
        limits: ServerLimits | None = None,
        search: SearchFn | None = None,
        engines: SeatEngines | None = None,
    ) -> None:
        self.store = store
        self.engines = engines or SeatEngines()
        """The operator's engines seats may be given (``tricktable serve --engine``)."""
        self.limits = limits or ServerLimits()
        self.search = search
        self.loop = asyncio.get_running_loop()
        self.writer = EventWriter(store)
        self.profiles = Profiles(store.engine)
        """Profiles and ratings, in the same database (``profiles``)."""
        self.tables: dict[str, TableRuntime] = {}
        self.invites: dict[str, str] = {}
        self.sweeper: asyncio.Task[None] | None = None
        self.room: Room | None = None
        """This process in a room of processes (PostgreSQL), else ``None``."""
        self.driving: set[str] = set()
        """In a room: the tables whose lease this process holds (it drives them)."""
        self.driving_since: dict[str, float] = {}
        """When (``time.monotonic()``) this process began to drive each of them."""
        self._loading: dict[str, asyncio.Future[TableRuntime | None]] = {}
        self._seats_due: set[str] = set()
        """Tables whose seats are to be read again (a read is on its way)."""
        self.asked: dict[str, float] = {}
        """In a room: when (``time.monotonic()``) each table held here was last asked for."""
        self.present: dict[str, set[tuple[int, str]]] = {}
        """In a room: per table, the seats (``-1``: spectators) connected to other processes,
        each with the process, as last read or announced."""
        self.broken: set[str] = set()
        """Tables whose stored events cannot be rebuilt (logged once, then left alone)."""
        self._presence: asyncio.Queue[tuple[TableRuntime, int]] = asyncio.Queue()
        self._background: set[asyncio.Task[Any]] = set()

    # -- start and stop -----------------------------------------------------------------------
    async def load(self) -> int:
        """Rebuild every unfinished table from its stored events; returns how many. In a
        room, only the tables whose lease this process takes are rebuilt now (the others
        when first asked for)."""
        rows = [] if self.store.room else await asyncio.to_thread(self.store.active_tables)
        for row in rows:
            try:
                table = await asyncio.to_thread(self._rebuild, row)
            except (TricktableError, ValueError, KeyError, TypeError) as error:
                log.error("table %s cannot be rebuilt: %s", row["id"], error)
                self.broken.add(row["id"])
                continue
            due = table.next_deal_event()  # stopped between a deal's end and the next deal
            if due is not None:
                await self.writer.write([due])
            self._register(table)
            if table.state.is_terminal():
                await table._store_finished()
        if self.store.room:
            self.room = Room(self.store, self._notice, self._heartbeat, self._resync)
            self._spawn(self._presence_loop())
            await self.room.start()
        self.sweeper = self.loop.create_task(self._sweep_loop())
        return len(self.tables)

    # -- a room of processes ------------------------------------------------------------------
    def _spawn(self, work: Any) -> None:
        task = self.loop.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _notice(self, note: str) -> None:
        """A change announced by a process of the room (this one too), in commit order.

        Only the tables this process holds are followed: a table it does not hold is read
        from the database when it is first asked for (``lookup``), so its notifications are
        skipped before any work."""
        room = self.room
        assert room is not None
        table_id = noticed_table(note)
        if room.own_seats in note:  # this process's own change, applied here already
            self.store.seats_written(table_id, -1)
            return
        table = self.tables.get(table_id)
        if table is None or room.own_events in note:
            return  # not held here, or this process's own events (applied here already)
        data = payload_of(note)
        kind, change = str(data["k"]), data.get("x")
        if data.get("p") == room.process:
            return  # this process's own change: applied here already
        if kind == "seats" and change is not None:
            if self.store.seats_written(table.id) > 0:
                return  # stored before this process's own change, which read it
            self._spawn(self._apply_seats(table, change))
            return
        if kind == "events":
            stored = None
            if "e" in data:
                stored = [Event(table.id, int(q), str(k), s, str(p)) for q, k, s, p in data["e"]]
            self._spawn(table.follow(stored))
        elif kind == "presence" and change is not None:
            self._spawn(self._apply_presence(table, str(data["p"]), change))
        elif kind == "continued" and change is not None:
            table.note_continued(int(change["s"]), int(change["d"]))
        elif kind in ("seats", "presence"):
            if table.id not in self._seats_due:
                self._seats_due.add(table.id)  # one read takes every change announced so far
                self._spawn(self._take_seats(table))
        elif kind == "end" and not table.state.is_terminal():
            self._evict(table.id)  # expired by the process that drove it

    def _continued(self, table: TableRuntime, seat: int, deals: int) -> None:
        """Tell the room that ``seat``'s person continued after ``deals`` deals (its timer
        is started by whichever process drives the table)."""
        room = self.room
        if room is not None:
            self._spawn(asyncio.to_thread(room.calls.announce_continued, table.id, seat, deals))

    async def _apply_seats(self, table: TableRuntime, change: dict[str, Any]) -> None:
        """Take a change of the table's seats and configuration as announced (``seats_change``)
        without reading the table again."""
        async with table.lock:
            config = change.get("c", table.stored_config)
            if config is None:  # never read here: read it all
                await self._refresh_locked(table)
            else:
                seat_rows = [
                    {"seat": seat, "name": name, "token_hash": token_hash}
                    for seat, name, token_hash in change["s"]
                ]
                row = {"config": config, "host_hash": table.host_hash}
                table.take_seats_locked(row, seat_rows, table.elsewhere)
        table.broadcast_seats()
        table.wake.set()

    async def _apply_presence(
        self, table: TableRuntime, process: str, change: dict[str, Any]
    ) -> None:
        """Take a change of where the table's seats are connected as announced: ``process``
        holds a connection of seat ``change["s"]`` now (``change["h"]``) or no longer."""
        async with table.lock:
            present = self.present.setdefault(table.id, set())
            key = (int(change["s"]), process)
            if change["h"]:
                present.add(key)
            else:
                present.discard(key)
            table.note_elsewhere({seat for seat, _ in present})
        table.broadcast_seats()
        table.wake.set()

    async def _take_seats(self, table: TableRuntime) -> None:
        """Read the table's seats as stored (under its lock: read and taken in order)."""
        async with table.lock:
            self._seats_due.discard(table.id)  # a change announced from now is read again
            await self._refresh_locked(table)
        table.broadcast_seats()
        table.wake.set()

    async def _refresh_locked(self, table: TableRuntime) -> None:
        """Take the table's seats and configuration as stored now (its lock held)."""
        room = self.room
        assert room is not None
        row, seat_rows, present = await asyncio.to_thread(room.calls.table_state, table.id)
        if row is not None:
            self.present[table.id] = present
            table.take_seats_locked(row, seat_rows, {seat for seat, _ in present})

    async def _heartbeat(
        self, held: set[str], _changed: set[str], excess: set[str], started: float
    ) -> None:
        """Drive the tables whose lease this process holds now, and only those (a table
        created here since the heartbeat ``started`` is driven already). Those of ``excess``
        (beyond this process's fair share) driven since before are handed over."""
        stopped: set[str] = set()
        for table_id in sorted(self.driving - held):
            if self.driving_since.get(table_id, 0.0) >= started:
                continue
            if table_id in excess:
                stopped.add(table_id)
            else:
                log.warning("table %s: lease lost; another process drives it", table_id)
            self.driving.discard(table_id)  # from now on no bot move or timer starts here
            self.driving_since.pop(table_id, None)
        if stopped:
            self._spawn(self._hand_over(stopped))
        for table_id in sorted(held - self.driving):
            table = await self.lookup(table_id)
            if table is None:
                continue
            await table.follow(None)  # everything stored before this process took over
            if not await self._deal_due(table):
                continue
            if table.state.is_terminal():  # its driver died before storing its record
                table.finished_stored = False
                await table._store_finished()
                continue
            # A turn's timer goes on from when this process saw the turn start (when it
            # followed the table already), else from now.
            await self._take_seats(table)
            self._drive(table_id)
            table.start()

    async def _hand_over(self, table_ids: set[str]) -> None:
        """Hand over the leases of tables this process no longer drives, once the bot move
        under way at each (under the table's lock) has ended; a process below its fair
        share takes them at its next heartbeat."""
        assert self.room is not None
        for table_id in sorted(table_ids):
            table = self.tables.get(table_id)
            if table is not None and table_id not in self.driving:
                async with table.lock:
                    table.halt()
        await asyncio.to_thread(self.room.calls.release, table_ids - self.driving)

    async def _deal_due(self, table: TableRuntime) -> bool:
        """Store the next deal of a table taken over between two deals (its driver died
        before dealing it). False: another process stored events first (the copy here is
        dropped, and read again when next asked for)."""
        async with table.lock:
            due = table.next_deal_event()
            if due is None:
                return True
            try:
                await self.writer.write([due])
            except StaleSequence:
                self._evict(table.id)
                return False
        table.broadcast_state()
        return True

    async def _resync(self) -> None:
        """After the listener reconnected: catch up with whatever was missed (the tables held
        here; the others are read when asked for)."""
        self.store.forget_seats_written()
        for table in list(self.tables.values()):
            await table.follow(None)
            await self._take_seats(table)

    async def _presence_loop(self) -> None:
        """Store where this process's connections are (one at a time, the latest count)."""
        assert self.room is not None
        while True:
            table, seat = await self._presence.get()
            here = any(
                (-1 if c.seat is None else c.seat) == seat and not c.closed for c in table.clients
            )
            try:
                await asyncio.to_thread(self.room.calls.set_presence, table.id, seat, here)
            except Exception:
                log.exception("table %s: storing presence failed", table.id)

    def _presence_changed(self, table: TableRuntime, seat: int) -> None:
        self._presence.put_nowait((table, seat))

    async def current(self, table: TableRuntime) -> TableRuntime:
        """``table`` as stored now: in a room, with what other processes stored and
        announced but this one may not have applied yet (a request answered by any process
        sees every change acknowledged before it)."""
        if self.room is not None:
            async with table.lock:
                await self._refresh_locked(table)
                await table._follow_locked(None)
        return table

    async def lookup(self, table_id: str) -> TableRuntime | None:
        """The table in memory; in a room, one stored by another process is loaded first."""
        table = self.tables.get(table_id)
        if self.room is None:
            return table
        if table is not None:
            self.asked[table_id] = time.monotonic()
            return table
        loading = self._loading.get(table_id)
        if loading is not None:
            return await loading
        future: asyncio.Future[TableRuntime | None] = self.loop.create_future()
        self._loading[table_id] = future
        try:
            await self.room.follow(table_id)  # first: no change stored from now on is missed
            row = await asyncio.to_thread(self.store.table_row, table_id)
            table = None
            if row is not None and row["status"] == "playing" and table_id not in self.broken:
                try:
                    table = await asyncio.to_thread(self._rebuild, row)
                except (TricktableError, ValueError, KeyError, TypeError) as error:
                    log.error("table %s cannot be rebuilt: %s", table_id, error)
                    self.broken.add(table_id)
                    future.set_result(None)
                    return None
                held = self.tables.get(table_id)
                if held is not None:
                    table = held
                else:
                    self.asked[table_id] = time.monotonic()
                    self._register(table)
                    await self.current(table)  # what was stored while it was rebuilt
            future.set_result(table)
            return table
        except Exception as error:
            future.set_exception(error)
            raise
        finally:
            self._loading.pop(table_id, None)
            if table_id not in self.tables:
                self.room.unfollow(table_id)

    # -- expiry -------------------------------------------------------------------------------
    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_every)
            try:
                await self.sweep()
            except Exception:  # a storage hiccup: try again at the next sweep
                log.exception("expiring tables failed")

    async def sweep(self, now: float | None = None) -> list[str]:
        """Expire the unfinished tables nobody is connected to and no person has acted at for
        ``table_expiry`` seconds; returns their ids."""
        now = time.monotonic() if now is None else now
        expired = [
            table
            for table in self.tables.values()
            if not table.state.is_terminal()
            and not table.clients
            and not table.elsewhere
            and (self.room is None or table.id in self.driving)  # its driver expires it
            and now - table.last_active >= self.limits.table_expiry
        ]
        for table in expired:
            await asyncio.to_thread(self.store.expire, table.id)
            self._evict(table.id)
            log.info("table %s expired (nobody played or watched)", table.id)
        if self.room is not None:  # copies nobody asks for here are no longer followed
            for table in [
                t
                for t in self.tables.values()
                if t.id not in self.driving
                and not t.clients
                and now - self.asked.get(t.id, 0.0) >= COPY_KEEP
            ]:
                self._evict(table.id)
        return [table.id for table in expired]

    def _rebuild(self, row: dict[str, Any]) -> TableRuntime:
        table = runtime_of_row(row, self.store.seat_rows(row["id"]), self.writer, self.store)
        self._equip(table, row.get("creator") or "", row.get("host_hash"))
        table.stored_config = str(row["config"])
        table.created = row["created"]
        table.replay_events(self.store.events_of(row["id"]))
        # Seats of people count as away until they reconnect.
        now = time.monotonic()
        for seat, config in enumerate(table.config.seats):
            if config.kind == "human" and table.token_hashes[seat] is not None:
                table.disconnected_since[seat] = now
        return table

    def _equip(self, table: TableRuntime, creator: str, host_hash: str | None) -> None:
        table.creator = creator
        table.host_hash = host_hash
        table.limits = self.limits
        table.chat_limit.rate = self.limits.table_chat_rate
        table.chat_limit.burst = self.limits.table_chat_burst
        table.search = self.search
        table.engines = self.engines
        table.shared = self.store.room

    def _register(self, table: TableRuntime) -> None:
        self.tables[table.id] = table
        if table.invite is not None:
            self.invites[table.invite] = table.id
        table.on_finish = self._finished
        if self.store.room:  # driven by the process holding its lease (``_heartbeat``)
            table.on_presence = self._presence_changed
            table.refresh = self._refresh_locked
            table.on_continue = self._continued
            table.may_drive = functools.partial(self._drives, table.id)
            if self.room is None:
                return  # loaded at start, before this process entered the room
            if table.id not in self.driving:
                return
        table.start()

    def _drives(self, table_id: str) -> bool:
        """Whether this process drives the table now (its lease surely holds)."""
        return self.room is not None and self.room.holds() and table_id in self.driving

    def _finished(self, table: TableRuntime) -> None:
        self.loop.call_later(FINISHED_KEEP, self._evict, table.id)

    def _drive(self, table_id: str) -> None:
        self.driving.add(table_id)
        self.driving_since[table_id] = time.monotonic()

    def _evict(self, table_id: str) -> None:
        if self.room is not None:
            self.room.unfollow(table_id)  # its shard is no longer listened to for it
        self.driving.discard(table_id)
        self.driving_since.pop(table_id, None)
        self.present.pop(table_id, None)
        self.asked.pop(table_id, None)
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        if table.invite is not None:
            self.invites.pop(table.invite, None)
        self.loop.create_task(table.stop())

    async def close(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
        for task in list(self._background):
            task.cancel()
        for table in list(self.tables.values()):
            await table.stop()
        if self.room is not None:
            await self.room.close()
        await asyncio.to_thread(self.writer.close)
        await asyncio.to_thread(self.store.close)

    # -- creating and joining -----------------------------------------------------------------
    def _open(self) -> list[TableRuntime]:
        return [t for t in self.tables.values() if not t.state.is_terminal()]

    async def check_room(self, creator: str) -> None:
        """``Rejected`` when ``creator`` (a client address) may not open another table now:
        it has the most one address may have, or the server has the most it holds. In a
        room both are counted in the database (every process's tables)."""
        limits = self.limits
        if self.room is not None:
            mine, total = await asyncio.to_thread(self.store.open_counts, creator[:64])
        else:
            open_tables = self._open()
            mine = sum(1 for t in open_tables if t.creator == creator)
            total = len(open_tables)
        if limits.tables_per_address and mine >= limits.tables_per_address:
            raise Rejected(
                "too_many",
                f"you have {limits.tables_per_address} tables open already (the most one"
                " address may have); finish or leave one, or wait until one expires",
            )
        if total >= limits.max_tables:
            raise Rejected("busy", "this server has too many tables open; try again later")

    async def create(
        self,
        data: Mapping[str, Any],
        creator: str = "",
        branch: Mapping[str, Any] | None = None,
        profile: Profile | None = None,
        yielding: bool = False,
        bot_wanted: Mapping[int, str] | None = None,
    ) -> dict[str, Any]:
        """A new table from the lobby's form; returns its id, invite, the creator's seat and
        the host token. ``yielding``: its bots give way to people who come, and nobody hosts
        it (a table quick play opens, ``web.quick``). ``creator`` is the client's address
        (for the per-address caps). ``bot_wanted``: seats for people marked "bot wanted"
        for these bot accounts from the start (the bot ladder's tables, ``web.ladder``: no
        person sits there, so they may be dealt from a ``seed``).
        ``branch``: the table plays on from a point of a record (``replays.branch_plan``,
        the replay viewer's "Play from here"): its game, rules, first dealer, deals up to
        the point and decisions before it come from there. ``profile``: who creates it
        (sits as that profile)."""
        await self.check_room(creator)
        if branch is not None:
            given = [
                key
                for key in ("game", "rules", "players", "draw_partners")
                if data.get(key) is not None
            ]
            if given:
                raise Rejected(
                    "bad_request",
                    "a table that plays on from a record has the record's game, rules and"
                    f" seats: leave out {', '.join(repr(key) for key in given)}",
                )
            game = load_game(branch["game"], branch["rules"], players=branch["players"])
        else:
            game = game_of(data)
        seat_specs = data.get("seats")
        if not isinstance(seat_specs, list) or len(seat_specs) != game.players:
            raise Rejected("bad_request", f"'seats' must list {game.players} seats")
        seats: list[SeatConfig] = []
        for index, spec in enumerate(seat_specs):
            if not isinstance(spec, dict) or spec.get("kind") not in ("human", "bot"):
                raise Rejected("bad_request", f"seat {index + 1}: 'kind' must be human or bot")
            bot = spec.get("bot") or DEFAULT_BOT
            if not isinstance(bot, str):
                raise Rejected("bad_request", f"seat {index + 1}: 'bot' must be a bot name")
            if spec["kind"] == "human" and is_engine(bot):
                raise Rejected(
                    "bad_request", f"seat {index + 1}: an engine plays a bot's seat, not a person's"
                )
            try:
                check_seat_bot(bot, game, index, self.engines)
            except TricktableError as error:
                raise Rejected("bad_request", f"seat {index + 1}: {error}") from None
            seats.append(SeatConfig(spec["kind"], bot.strip().lower()))
        if any(s.kind == "bot" and heavy_bot(s.bot) for s in seats):
            await self._check_search_room()
        sit = data.get("sit")
        if sit is not None and (
            isinstance(sit, bool)
            or not isinstance(sit, int)
            or sit not in range(game.players)
            or seats[sit].kind != "human"
        ):
            raise Rejected("bad_request", "'sit' must be the number of a seat for a person")
        await self.player_name(data.get("name"), "", profile)  # refused before opening
        seed = data.get("seed")
        wanted = dict(bot_wanted or {})
        if any(seat not in range(game.players) or seats[seat].kind != "human" for seat in wanted):
            raise Rejected("bad_request", "a seat wanted for a bot must be a seat for a person")
        people = sum(
            1 for index, s in enumerate(seats) if s.kind == "human" and index not in wanted
        )
        if branch is not None and (people > 1 or (people == 1 and sit is None)):
            raise Rejected(
                "bad_request",
                "a table played on from a record deals the record's cards, which its creator"
                " has seen: it seats only its creator ('sit' at the one person's seat) and"
                " bots at the others",
            )
        if seed is not None and people == 1 and sit is None:
            raise Rejected(
                "bad_request",
                "a practice table's deals come from its creator's 'seed': it seats only its"
                " creator ('sit' at the one person's seat)",
            )
        if seed is not None and people > 1:
            raise Rejected(
                "bad_request",
                "'seed' is only for practice tables (bots only, or one person): at a table of"
                " people the server deals from a secret seed it reveals when the match ends",
            )
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, (int, str)) or len(str(seed)) > 40
        ):
            raise Rejected("bad_request", "'seed' must be a number or a short text")
        config = TableConfig(
            seats=seats,
            seeded=seed is not None,
            bot_delay=_number(data, "bot_delay", 0.8, 0.0, 10.0) or 0.0,
            turn_timer=_number(data, "turn_timer", None, 1.0, 3600.0),
            autoplay_after=_number(data, "autoplay_after", 20.0, 0.0, 3600.0),
            creator=sit,
            bot_wanted=wanted,
        )
        private = data.get("private", False)
        if not isinstance(private, bool):
            raise Rejected("bad_request", "'private' must be true or false")
        rule = data.get("draw_partners")
        if rule is not None and rule not in DRAW_RULES:
            raise Rejected("bad_request", "'draw_partners' must be high, low or absent")
        if seed is None:
            seed = new_table_seed()
        if branch is not None:
            config.partner_draw = branch["partner_draw"]
            config.branch = {
                "deals": len(branch["deals"]),
                "decisions": branch["point"]["kept"],
                "names": branch["names"],
            }
        if rule is not None:
            # The seats as listed draw in that order; the draw decides where each sits. At a
            # table of people the seed is the server's secret, revealed with the record.
            try:
                draw = draw_for_partners(game, rule, random.Random(partners_seed(str(seed))))
            except SeatingError as error:
                raise Rejected("bad_request", f"'draw_partners': {error}") from None
            seats = draw.seated(seats)
            sit = None if sit is None else draw.seat_of(sit)
            config.seats = seats
            config.creator = sit
            config.partner_draw = draw.to_json()
        config.seat_log = [  # the bots hold their seats from the start (the record's played_by)
            SeatChange(-1, seat, f"{BOT_PREFIX}{spec.bot}")
            for seat, spec in enumerate(config.seats)
            if spec.kind == "bot"
        ]
        if yielding:
            config.yielding = [seat for seat, s in enumerate(config.seats) if s.kind == "bot"]
            config.creator = None  # nobody gives its seats away
        table_id = secrets.token_urlsafe(12)
        invite = secrets.token_urlsafe(16) if private else None
        names = [
            place_name(i, game.players) if s.kind == "bot" else f"Seat {i + 1}"
            for i, s in enumerate(seats)
        ]
        table = new_runtime(
            table_id=table_id,
            game_name=game.name,
            rules=game.rules_dict(),
            players=game.players,
            config=config,
            private=private,
            invite=invite,
            seed=str(seed),
            first_dealer=None if branch is None else branch["first_dealer"],
            names=names,
            token_hashes=[None] * game.players,
            writer=self.writer,
            store=self.store,
        )
        host_token: str | None = None if yielding else new_token()
        self._equip(table, creator, None if host_token is None else hash_token(host_token))
        row = {
            "id": table_id,
            "game": game.name,
            "rules": json.dumps(game.rules_dict()),
            "players": game.players,
            "private": private,
            "invite": invite,
            "config": json.dumps(config.to_json()),
            "seed": str(seed),
            "first_dealer": table.state.first_dealer,
            "status": "playing",
            "created": table.created,
            "creator": creator[:64],
            "host_hash": table.host_hash,
        }
        table.stored_config = str(row["config"])
        if self.room is not None:  # listen first: another process may change it at once
            await self.room.follow(table_id)
        try:
            await asyncio.to_thread(self.store.create_table, row, names, LEASE)
        except BaseException:
            if self.room is not None:
                self.room.unfollow(table_id)
            raise
        if self.room is not None:
            self._drive(table_id)  # the creating process holds its lease
        events = [] if branch is None else table.take_up(branch["deals"])
        first = table.next_deal_event()
        if first is not None:
            events.append(first)
        if events:
            await self.writer.write(events)
        self._register(table)
        out: dict[str, Any] = {
            "id": table_id,
            "invite": invite,
            "seat": None,
            "token": None,
            "host_token": host_token,
        }
        if branch is not None:
            out["branch"] = branch["point"]
        if sit is not None:
            joined = await self.join(
                table_id, sit, data.get("name"), invite, by_creator=True, profile=profile
            )
            out.update(joined)
        return out

    async def get(self, table_id: str, invite: str | None) -> TableRuntime:
        """The table, if it exists and (when private) ``invite`` is its code."""
        table = await self.lookup(table_id)
        if table is None:
            raise Rejected("not_found", "no such table (it may have finished)")
        if table.private and (
            invite is None
            or not secrets.compare_digest(invite.encode(), (table.invite or "").encode())
        ):
            raise Rejected("not_found", "no such table (it may have finished)")
        return table

    async def join(
        self,
        table_id: str,
        seat: Any,
        name: Any,
        invite: str | None,
        by_creator: bool = False,
        seat_invite: str | None = None,
        profile: Profile | None = None,
    ) -> dict[str, Any]:
        """Give a free person's seat to the caller; returns the seat and its new token.

        With a ``profile`` the seat takes its name (one seat a table); without one, a
        name no profile holds (``player_name``).

        Nobody but its creator (``by_creator``, when the table is created) sits at a table
        whose deals its creator chose or has seen (``TableRuntime.known_deal``); nobody sits
        at a seat the host freed during this deal before the next deal (its cards are the
        freed holder's); a seat the host keeps for someone takes its ``seat_invite``."""
        table = await self.get(table_id, invite)
        seat = persons_seat(table, seat)
        if table.token_hashes[seat] is not None:
            raise Rejected("seat_taken", f"seat {seat + 1} is taken")
        known = table.known_deal()
        if known is not None and not by_creator:
            raise Rejected(
                "known_deal",
                f"this table's deals were {KNOWN_DEALS[known]}: only its creator may sit"
                " there, and its match counts for no rating",
            )
        player = await self.player_name(name, f"Seat {seat + 1}", profile)
        token = new_token()
        digest = hash_token(token)
        profile_id = None if profile is None else profile.id
        await once_more_if_changed(
            lambda again: self._join_locked(
                table, seat, player, digest, seat_invite, profile_id, again
            ),
            player,
        )
        table.broadcast_seats()
        table.wake.set()
        return {"seat": seat, "token": token}

    async def player_name(self, name: Any, default: str, profile: Profile | None) -> str:
        """The name a person sits under: their profile's, or ``name`` (``clean_name``) when
        no profile holds it (a reserved name is refused to anyone else)."""
        if profile is not None:
            return profile.name
        player = clean_name(name, default)
        owner = await asyncio.to_thread(self.profiles.name_owner, player) if player else None
        if player != default and owner is not None:
            raise Rejected(
                "name_reserved",
                f"the name {player!r} belongs to a player's profile: choose another name, or"
                " open that profile on this device (its carry code)",
            )
        return player

    async def _join_locked(
        self,
        table: TableRuntime,
        seat: int,
        player: str,
        digest: str,
        seat_invite: str | None,
        profile_id: str | None = None,
        first: bool = False,
        remote: BotAccount | None = None,
    ) -> None:
        """Claim the seat. In a room the ``first`` try takes the seats as this process
        follows them (the claim is stored only over the stored configuration, and only if
        the seat is free: ``ConfigChanged`` otherwise), and a refusal is only given after
        reading the seats as stored (``ConfigChanged`` asks for that next try)."""
        async with table.lock:
            if table.refresh is None or not first:
                if table.refresh is not None:  # a room: the seats as stored now
                    await table.refresh(table)
                await self._claim_locked(
                    table, seat, player, digest, seat_invite, profile_id, remote
                )
                return
            try:
                await self._claim_locked(
                    table, seat, player, digest, seat_invite, profile_id, remote
                )
            except Rejected:
                raise ConfigChanged(table.id) from None  # judged again on the seats as stored

    async def _claim_locked(
        self,
        table: TableRuntime,
        seat: int,
        player: str,
        digest: str,
        seat_invite: str | None,
        profile_id: str | None,
        remote: BotAccount | None = None,
    ) -> None:
        if table.token_hashes[seat] is not None:
            raise Rejected("seat_taken", f"seat {seat + 1} is taken")
        if remote is not None and not wants(table.config, seat, remote):
            raise Rejected("not_wanted", f"seat {seat + 1} wants no bot {remote.name!r}")
        if table.held_now(seat):
            raise Rejected(
                "seat_held",
                f"seat {seat + 1} was freed during this deal: a bot plays its cards to the"
                " end of the deal, and the seat opens when the next deal starts",
            )
        kept = table.config.reserved.get(seat)
        if kept is not None and not (
            isinstance(seat_invite, str) and hmac.compare_digest(kept, hash_token(seat_invite))
        ):
            raise Rejected(
                "seat_reserved",
                f"seat {seat + 1} is kept by the host for someone: it takes the seat"
                " invite the host gave them ('seat_invite')",
            )
        config = copy.deepcopy(table.config)
        if remote is not None:
            config.bot_wanted.pop(seat, None)
            config.remote_bots[seat] = [remote.name, remote.owner]
        config.reserved.pop(seat, None)  # a seat invite is used once
        config.held.pop(seat, None)
        if config.seat_log is not None:  # None: a table from before it was kept
            config.seat_log.append(SeatChange(table.current_deal(), seat, player))
        await self.store_claim(table, seat, player, digest, config, profile_id)

    async def store_claim(
        self,
        table: TableRuntime,
        seat: int,
        player: str,
        digest: str,
        config: TableConfig,
        profile_id: str | None,
    ) -> None:
        """Store ``player``'s claim of ``seat`` (its token's ``digest``) with the table's new
        ``config``, then hold it here; ``Rejected("seat_taken")`` when the stored seat is
        taken (or, in a room, the stored configuration changed: ``ConfigChanged``)."""
        stored_config = json.dumps(config.to_json())
        claimed = await asyncio.to_thread(
            self.store.claim_seat,
            table.id,
            seat,
            player,
            digest,
            stored_config,
            table.cas(),
            profile_id,
        )
        if not claimed:
            raise Rejected("seat_taken", f"seat {seat + 1} is taken")
        table.config = config
        table.stored_config = stored_config
        table.token_hashes[seat] = digest
        table.names[seat] = player
        if not table.connected(seat):
            table.disconnected_since[seat] = time.monotonic()

    async def join_bot(self, table_id: str, seat: Any, account: BotAccount) -> dict[str, Any]:
        """Give a seat marked "bot wanted" (for any bot, or for this one) to a remote bot;
        returns the seat and its token, as ``join`` (web/remote_bots.py)."""
        table = await self.lookup(table_id)
        if table is None or table.state.is_terminal():
            raise Rejected("not_found", "no such table (it may have finished)")
        seat = persons_seat(table, seat)
        token = new_token()
        player = f"{BOT_PREFIX}{account.name}"
        await once_more_if_changed(
            lambda again: self._join_locked(
                table, seat, player, hash_token(token), None, None, again, account
            )
        )
        table.broadcast_seats()
        table.wake.set()
        return {"table": table.id, "seat": seat, "token": token, "rules": table.rule_text}

    async def wanted_seats(self, account: BotAccount) -> list[dict[str, Any]]:
        """The open seats of unfinished tables that want this bot (any bot, or it by name),
        as stored (every process's tables)."""
        rows = await asyncio.to_thread(self.store.active_tables)
        out = []
        for row in rows:
            try:
                config = TableConfig.from_json(json.loads(row["config"]))
            except (ValueError, KeyError, TypeError):
                continue
            for seat in sorted(config.bot_wanted):
                if wants(config, seat, account):
                    out.append({"table": row["id"], "seat": seat, "game": row["game"]})
        return out

    async def _check_search_room(self) -> None:
        if self.room is not None:  # every process's tables, as stored
            configs = await asyncio.to_thread(self.store.playing_configs)
            held = sum(
                1
                for config in configs
                if any(
                    heavy_bot(seat.bot)
                    for seat in TableConfig.from_json(json.loads(config)).seats
                    if seat.kind == "bot"
                )
            )
        else:
            held = sum(1 for t in self._open() if t.uses_search())
        if held >= self.limits.search_tables:
            raise Rejected(
                "busy",
                f"this server plays at most {self.limits.search_tables} tables with searching"
                " bots at once, and all are in use; choose heuristic or random bots, or try"
                " again later",
            )

    async def lobby(self) -> list[dict[str, Any]]:
        """``open_tables``; in a room, those of every process as stored now (a table this
        process holds no copy of is described from its stored rows, not built)."""
        return [summary for _, summary in await self.lobby_listing()]

    async def lobby_listing(self) -> list[tuple[TableRuntime, dict[str, Any]]]:
        """The lobby's tables (``lobby``), each with its summary. In a room a table this
        process holds no copy of is a runtime made from its stored rows to describe it, not
        to play (``lookup`` builds the table itself)."""
        if self.room is None:
            return [(table, table.summary()) for table in self._listed_here()]
        limits = self.limits
        held = set(self.tables)
        rows = await asyncio.to_thread(
            self.room.calls.lobby, limits.lobby_per_address, limits.lobby_size, held
        )
        shown = []
        for row in rows:
            table = self.tables.get(row["id"])
            if table is not None:
                if not table.state.is_terminal():
                    shown.append((table, table.summary()))
            elif row["id"] not in held and row["id"] not in self.broken:
                shown.append(self._listed(row))
        return shown

    def _listed(self, row: dict[str, Any]) -> tuple[TableRuntime, dict[str, Any]]:
        """A table this process holds no copy of, described from its stored row
        (``RoomStore.lobby``), and the lobby's summary of it: a bot plays a person's seat
        there when the host freed it during this deal (how long a person has been away only
        the table's driver knows)."""
        table = runtime_of_row(row, row["seat_rows"], None, None)
        table.created = row["created"]
        table.elsewhere = set(row["present"])
        summary = table.summary()
        deal = row["deals"] - 1
        summary.update(deal=row["deals"], decisions=row["decisions"])
        for seat, status in enumerate(summary["seats"]):
            held = table.config.held.get(seat) == deal
            status.update(held=held, autoplay=held)
        return table, summary

    def open_tables(self) -> list[dict[str, Any]]:
        """Public tables still being played, newest first: at most ``lobby_per_address`` of
        each creator's, ``lobby_size`` in all (no one can flood the lobby)."""
        return [t.summary() for t in self._listed_here()]

    def _listed_here(self) -> list[TableRuntime]:
        """This process's tables that ``open_tables`` lists."""
        tables = [t for t in self._open() if not t.private]
        tables.sort(key=lambda t: -t.created)
        shown: list[TableRuntime] = []
        per_creator: dict[str, int] = {}
        for table in tables:
            count = per_creator.get(table.creator, 0)
            if count >= self.limits.lobby_per_address:
                continue
            per_creator[table.creator] = count + 1
            shown.append(table)
            if len(shown) >= self.limits.lobby_size:
                break
        return shown

    # -- the host -----------------------------------------------------------------------------
    async def host(self, table_id: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """What the table's creator may do with its host token (``data["host_token"]``):

        - ``{"op": "free_seat", "seat": 2, "reserve": false}``: take a person's seat from
          whoever holds it (its token stops working). Its fallback bot plays it to the end of
          the deal; then the seat is open again, with ``"reserve": true`` only to whoever
          brings the one-use ``seat_invite`` the answer then holds;
        - ``{"op": "bot_seat", "seat": 2, "bot": "heuristic"}``: a bot plays the seat from now;
        - ``{"op": "settings", "bot_delay": 1, "turn_timer": 30, "autoplay_after": 10}``;
        - ``{"op": "bot_wanted", "seat": 2, "bot": "alpha"}``: an open seat waits for a
          remote bot (``"bot": ""``: any; ``null``: no longer), web/remote_bots.py.

        Returns the table's summary."""
        table = await self.lookup(table_id)
        token = data.get("host_token")
        if table is None or table.host_hash is None or not isinstance(token, str):
            raise Rejected("not_found", "no such table, or no host token given")
        if not hmac.compare_digest(table.host_hash, hash_token(token)):
            raise Rejected("bad_token", "this is not the table's host token")
        if table.state.is_terminal():
            raise Rejected("finished", "the match is over")
        op = data.get("op")
        answer: dict[str, Any] = {}
        async with table.lock:
            if table.refresh is not None:  # a room: the seats as stored now
                await table.refresh(table)
            before = copy.deepcopy(table.config)
            try:
                answer = await self._host_locked(table, op, data)
            except ConfigChanged:
                table.config = before
                raise changed_meanwhile() from None
            except Rejected:
                table.config = before
                raise
        table.broadcast_seats()
        table.wake.set()
        return {**table.summary(), **answer}

    async def _host_locked(
        self, table: TableRuntime, op: Any, data: Mapping[str, Any]
    ) -> dict[str, Any]:
        answer: dict[str, Any] = {}
        if op in ("free_seat", "bot_seat"):
            seat = table_seat(table, data.get("seat"))
            if table.config.seats[seat].kind != "human":
                raise Rejected("bad_request", f"seat {seat + 1} is a bot's already")
            table.config.remote_bots.pop(seat, None)  # a remote bot's seat is freed as anyone's
            table.config.bot_wanted.pop(seat, None)
            if op == "bot_seat":
                bot = data.get("bot") or "heuristic"
                if not isinstance(bot, str):
                    raise Rejected("bad_request", "'bot' must be a bot name")
                try:
                    check_seat_bot(bot, table.game, seat, self.engines)
                except TricktableError as error:
                    raise Rejected("bad_request", str(error)) from None
                bot = bot.strip().lower()
                if heavy_bot(bot) and not table.uses_search():
                    await self._check_search_room()
                table.config.seats[seat] = SeatConfig("bot", bot)
                table.config.held.pop(seat, None)
                table.config.reserved.pop(seat, None)
                table.log_seat(seat, f"{BOT_PREFIX}{bot}")
            else:
                answer = self._free(table, seat, data.get("reserve", False))
            name = place_name(seat, table.game.players) if op == "bot_seat" else f"Seat {seat + 1}"
            config = json.dumps(table.config.to_json())
            await asyncio.to_thread(self.store.free_seat, table.id, seat, name, config, table.cas())
            table.stored_config = config
            table.release_seat(seat, name)
        elif op == "settings":
            changed = dataclasses.replace(  # what the host may change; the rest is kept
                table.config,
                bot_delay=_number(data, "bot_delay", table.config.bot_delay, 0.0, 10.0) or 0.0,
                turn_timer=_number(data, "turn_timer", table.config.turn_timer, 1.0, 3600.0),
                autoplay_after=_number(
                    data, "autoplay_after", table.config.autoplay_after, 0.0, 3600.0
                ),
            )
            config = json.dumps(changed.to_json())
            await asyncio.to_thread(self.store.set_config, table.id, config, table.cas())
            table.config = changed
            table.stored_config = config
        elif op == "bot_wanted":
            seat = table_seat(table, data.get("seat"))
            bot = data.get("bot")
            if bot is not None and not (
                isinstance(bot, str) and (bot == "" or valid_account_name(bot))
            ):
                raise Rejected(
                    "bad_request", "'bot' must be a bot account's name, \"\" for any, or null"
                )
            if table.config.seats[seat].kind != "human" or table.token_hashes[seat] is not None:
                raise Rejected("seat_taken", f"seat {seat + 1} is not open")
            if bot and await asyncio.to_thread(account_named, self.store, bot) is None:
                raise Rejected(
                    "unknown_bot",
                    f"this room has no bot account {bot!r}: invite an account by its exact"
                    " name (its owner knows it), or let any remote bot take the seat",
                )
            if bot is None:
                table.config.bot_wanted.pop(seat, None)
            else:
                table.config.bot_wanted[seat] = bot
            config = json.dumps(table.config.to_json())
            await asyncio.to_thread(self.store.set_config, table.id, config, table.cas())
            table.stored_config = config
        else:
            raise Rejected(
                "bad_request", "'op' must be free_seat, bot_seat, settings or bot_wanted"
            )
        return answer

    async def invite_table(self, code: str) -> str | None:
        """The id of the table whose invite code is ``code`` (any process's, in a room)."""
        table_id = self.invites.get(code)
        if table_id is None and self.room is not None:
            table_id = await asyncio.to_thread(self.store.table_by_invite, code)
        return table_id

    @staticmethod
    def _free(table: TableRuntime, seat: int, reserve: Any) -> dict[str, Any]:
        """Free ``seat`` in ``table.config`` (stored by the caller): held by its fallback bot
        to the end of the deal when someone may have seen its cards, and kept for whoever
        brings the new seat invite when ``reserve``; returns ``{"seat_invite": ...}`` then."""
        if not isinstance(reserve, bool):
            raise Rejected("bad_request", "'reserve' must be true or false")
        known = table.known_deal()
        if reserve and known is not None:
            raise Rejected(
                "known_deal",
                f"this table's deals were {KNOWN_DEALS[known]}: only its creator may sit"
                " there, so no seat can be kept for someone else",
            )
        config = table.config
        if table.token_hashes[seat] is not None or table.held_now(seat):
            config.held[seat] = table.current_deal()  # its holder may have seen these cards
            table.log_seat(seat, f"{BOT_PREFIX}{config.seats[seat].bot}", until_deal_end=True)
        else:
            table.log_seat(seat, None)
        config.reserved.pop(seat, None)
        if not reserve:
            return {}
        seat_invite = new_token()
        config.reserved[seat] = hash_token(seat_invite)
        return {"seat_invite": seat_invite}
