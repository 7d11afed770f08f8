"""Tables in play: one match each, its seats, its connections and its bots.

A ``TableRuntime`` owns the ``State`` of one match. Every change goes through ``act`` under
the table's lock: the action is checked, applied, committed to the database (with the next
deal's cards when a deal ends), and only then broadcast, each seat receiving its own view.
Bots, disconnected players' seats and expired turn timers are played by the table's driver
task after the configured delay. In a room of several processes (``room``) each process holds
a copy of the table that follows what the others store (``follow``); only the process holding
the table's lease runs its driver.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
import hashlib
import hmac
import itertools
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktable.actions import action_text, parse_action
from tricktable.bots import make_bot
from tricktable.bots.base import Bot
from tricktable.cards import card_name
from tricktable.core import Game, SeatView, State
from tricktable.engine.client import EngineError, SubprocessBot
from tricktable.errors import ActionParseError, TricktableError
from tricktable.games import load_game
from tricktable.presentation.events import Names
from tricktable.presentation.hands import card_label
from tricktable.presentation.labels import (
    bot_label,
    engine_fault_words,
    remote_bot_label,
    rules_description,
)
from tricktable.presentation.names import BOT_PREFIX, place_name, place_seen
from tricktable.presentation.seating import partner_draw_lines
from tricktable.record import record_of, replay_json, replay_record
from tricktable.seating import PartnerDraw
from tricktable.web.engines import STAND_IN, SeatEngines, check_seat_bot, is_engine
from tricktable.web.fairness import commitment, deal_from_json, deal_seed
from tricktable.web.limits import RateLimit, ServerLimits
from tricktable.web.profiles import apply_rating
from tricktable.web.ratings import RatingPlan, rating_plan
from tricktable.web.remote_bots import REMOTE_TURN_S, engine_question, remote_bot_status
from tricktable.web.store import ConfigChanged, Event, EventWriter, StaleSequence, Store
from tricktable.web.views import names_card, shown_legal, view_message

log = logging.getLogger("tricktable.web")

CHAT_PRESETS: tuple[str, ...] = (
    "Hello!",
    "Good luck!",
    "Well played!",
    "Nice trick!",
    "Oops!",
    "Thanks!",
    "One more?",
    "Good game!",
)
"""The only chat messages: chosen by index, so no free text reaches other players."""

FALLBACK_BOT = "heuristic"
"""The bot that plays a disconnected player's seat or a seat whose turn timer ran out."""

QUICK_BOTS = frozenset({"random", "heuristic", "easy", "medium"})
"""Bots that decide at once (the heuristic and the levels built on it); every other bot
searches (in a worker process)."""

DEAL_PANEL_GRACE = 60.0
"""Seconds after a deal (not the first) began by which a person's turn timer runs even if they
have not closed the end-of-deal panel of the deal before (``TableRuntime.timer_start``)."""

KNOWN_DEALS = {
    "branch": "taken from a record its creator chose (played on from a record)",
    "seeded": "dealt from a seed its creator gave (a practice table)",
}
"""Why a table's deals are known to someone before they are played, by the name the
table's summary and its record give the reason (``unrated``)."""

SearchFn = Callable[[Game[Any], str, int, SeatView, str], Awaitable[str]]
"""Runs a searching bot's decision elsewhere: ``(game, bot, seat, view, rng seed)``."""


def searches(bot: str) -> bool:
    """Whether the bot called ``bot`` searches (thinks long enough to need a worker).

    >>> searches("heuristic"), searches("expert"), searches("engine:alpha")
    (False, True, False)

    An operator's engine (``engine:NAME``) is a program of its own, not a search in the
    worker pool: each of its decisions waits in a thread.
    """
    return bot.strip().lower() not in QUICK_BOTS and not is_engine(bot)


def heavy_bot(bot: str) -> bool:
    """Whether the bot called ``bot`` counts toward the tables of heavy bots a server holds
    at once (``ServerLimits.search_tables``): a searching bot, or an operator's engine (a
    program of its own per seat).

    >>> heavy_bot("medium"), heavy_bot("expert"), heavy_bot("engine:alpha")
    (False, True, True)
    """
    return searches(bot) or is_engine(bot)


def compact(message: dict[str, Any]) -> str:
    """A message as JSON text without spaces.

    >>> compact({"type": "pong"})
    '{"type":"pong"}'
    """
    return json.dumps(message, separators=(",", ":"))


def hash_token(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh seat token: 32 random bytes (256 bits), URL-safe."""
    return secrets.token_urlsafe(32)


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


class Rejected(Exception):
    """An action or request refused; ``code`` and ``message`` go back to the client."""

    def __init__(self, code: str, message: str, legal: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = list(legal)

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, "legal": self.legal}


_CONNECTIONS = itertools.count()


class Client:
    """One websocket connection: its seat (``None`` for a spectator) and its outbox.

    Messages are queued and written by the connection's own task, so a slow client never
    holds up a table; a client too far behind is dropped.
    """

    MAX_QUEUE = 256

    def __init__(self, seat: int | None, chat_limit: RateLimit | None = None) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.chat_limit = chat_limit or RateLimit(0.5, 3)
        """How often this connection may chat."""
        self.number = next(_CONNECTIONS)
        """Connections are numbered in the order they open (the oldest is replaced first)."""

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or one already written as JSON text)."""
        if self.closed:
            return
        if self.outbox.qsize() >= self.MAX_QUEUE:
            self.closed = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(message if isinstance(message, str) else compact(message))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)


@dataclass(slots=True)
class Decision:
    """One decision taken at the table (for idempotent resends)."""

    seat: int
    text: str


@dataclass
class TableRuntime:
    """One table in memory."""

    id: str
    game: Game[Any]
    state: State
    config: TableConfig
    private: bool
    invite: str | None
    seed: str
    names: list[str]
    token_hashes: list[str | None]
    writer: EventWriter | None
    store: Store | None
    created: float = field(default_factory=time.time)
    decisions: list[Decision] = field(default_factory=list)
    events: int = 0
    """Events stored so far (deals and decisions): the next event's number."""
    clients: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    previous_trick: dict[str, Any] | None = None
    disconnected_since: dict[int, float] = field(default_factory=dict)
    turn_started: float = field(default_factory=time.monotonic)
    deal_began: float = field(default_factory=time.monotonic)
    """When the deal being played was dealt (``time.monotonic()``, as this process saw it)."""
    continued: dict[int, float] = field(default_factory=dict)
    """Seats whose person closed the end-of-deal panel of the deal before this one, and when
    (the ``continue`` message; ``timer_start``)."""
    bots: dict[tuple[int, str], Bot] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    finished_stored: bool = False
    on_finish: Callable[[TableRuntime], None] | None = None
    rule_text: str = ""
    """The game's rule string (computed once)."""
    rules_words: str = ""
    """The rules described for people (``presentation.labels.rules_description``)."""
    sheet_rows: int = 0
    """Finished deals in the last score sheet broadcast."""
    announced: set[int] = field(default_factory=set)
    """Seats whose being played by a bot was broadcast."""
    host_hash: str | None = None
    """The SHA-256 of the creator's host token (frees seats, changes settings)."""
    creator: str = ""
    """The client address that created the table (for the per-address caps)."""
    limits: ServerLimits = field(default_factory=ServerLimits)
    last_active: float = field(default_factory=time.monotonic)
    """When a person last connected, left or acted (``time.monotonic()``; for expiry)."""
    search: SearchFn | None = None
    """Where searching bots think (a worker pool); ``None``: in a thread."""
    chat_limit: RateLimit = field(default_factory=lambda: RateLimit(2.0, 6))
    shared: bool = False
    """Whether other processes of a room hold copies of this table (PostgreSQL)."""
    elsewhere: set[int] = field(default_factory=set)
    """Seats (``-1``: spectators) with a connection on another process of the room."""
    on_presence: Callable[[TableRuntime, int], None] | None = None
    """Called when this process's first connection of a seat opens or its last closes."""
    may_drive: Callable[[], bool] | None = None
    """Whether this process's lease on the table surely holds (a room); ``None``: always."""
    refresh: Callable[[TableRuntime], Awaitable[None]] | None = None
    """In a room: takes the seats and configuration as stored now (called with the lock)."""
    on_continue: Callable[[TableRuntime, int, int], None] | None = None
    """In a room: tells the other processes that ``seat``'s person continued after ``deals``
    deals (``continue_deal``), so that the process driving the table starts their timer."""
    stored_config: str | None = None
    """The configuration as this process last read or stored it (JSON): in a room, a change
    is stored only over it (``store.ConfigChanged`` when another process changed it)."""
    engines: SeatEngines | None = None
    """The operator's engines seats may be given (``engine:NAME``; web/engines.py)."""

    @property
    def engine_faults(self) -> dict[int, str]:
        """Seats whose program (an operator's engine, a remote bot) lost them, with what the
        seat shows about why (kept in the configuration: stored, and the room's)."""
        return self.config.faults

    def __post_init__(self) -> None:
        self.rule_text = self.game.rule_string()
        self.rules_words = _rules_words(self.game, self.rule_text)
        self.chat_limit = RateLimit(self.limits.table_chat_rate, self.limits.table_chat_burst)

    # -- building -----------------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The number of decisions taken: the ``seq`` the next action must carry."""
        return len(self.decisions)

    def deal_rng(self, index: int) -> random.Random:
        """The generator of deal ``index``'s cards (seeded, so a restart deals the same)."""
        return random.Random(deal_seed(self.seed, index))

    def deal_commitment(self) -> str | None:
        """The commitment to the current deal's seed (``None`` before the first deal, and
        for a deal taken from the record the table plays on from: no seed dealt it)."""
        index = len(self.state.deals) - 1
        if index < self.taken_deals():
            return None
        return commitment(deal_seed(self.seed, index))

    def taken_deals(self) -> int:
        """How many of the match's first deals came from the record it plays on from."""
        branch = self.config.branch
        return int(branch["deals"]) if branch is not None else 0

    def take_up(self, deals: Sequence[dict[str, Any]]) -> list[Event]:
        """Deal and play the part of a record the table plays on from (each deal as dealt,
        with its canonical ``actions``); returns the events to store."""
        stored: list[Event] = []
        for entry in deals:
            self._remember_last_trick()
            deal = deal_from_json(entry)
            self.state.deal(deal)
            stored.append(Event(self.id, self.events, "deal", None, json.dumps(deal.to_json())))
            self.events += 1
            for text in entry["actions"]:
                seat = self.state.current_player
                self.state.apply_text(text)
                self.decisions.append(Decision(seat, text))
                stored.append(Event(self.id, self.events, "act", seat, text))
                self.events += 1
        return stored

    def known_deal(self) -> str | None:
        """Why its creator chose or has seen this table's cards (a key of ``KNOWN_DEALS``),
        or ``None`` at a table of fair deals. Only its creator sits at such a table, and
        its match never counts for a rating (``unrated`` in its summary and record)."""
        if self.config.branch is not None:
            return "branch"
        return "seeded" if self.config.seeded else None

    def current_deal(self) -> int:
        """The index of the deal being played (``-1`` before the first)."""
        return len(self.state.deals) - 1

    def held_now(self, seat: int) -> bool:
        """Whether ``seat`` was freed by the host during this deal: its fallback bot plays it
        to the deal's end, and nobody may sit there before the next deal."""
        return self.config.held.get(seat) == self.current_deal() and not self.state.is_terminal()

    def log_seat(self, seat: int, player: str | None, until_deal_end: bool = False) -> None:
        """Note that ``player`` holds ``seat`` from now (``config.seat_log``; not stored)."""
        if self.config.seat_log is not None:  # None: a table from before it was kept
            change = SeatChange(self.current_deal(), seat, player, until_deal_end)
            self.config.seat_log.append(change)

    def uses_search(self) -> bool:
        """Whether a seat of this table is played by a searching bot."""
        return any(heavy_bot(seat.bot) for seat in self.config.seats if seat.kind == "bot")

    def next_deal_event(self) -> Event | None:
        """Deal the next deal if one is due and return its event (not yet stored)."""
        if not self.state.is_chance():
            return None
        self._remember_last_trick()
        deal = self.state.random_deal(self.deal_rng(len(self.state.deals)))
        self.state.deal(deal)
        payload = json.dumps(deal.to_json())
        event = Event(self.id, self.events, "deal", None, payload)
        self.events += 1
        return event

    def _remember_last_trick(self) -> None:
        """Keep the last trick of the deal that just ended (shown until the next trick)."""
        if self.state.completed:
            self.previous_trick = {
                "cards": [[s, card_name(c)] for s, c in self.state.completed[-1]],
                "winner": self.state.trick_winners[-1],
            }

    def replay_events(self, stored: Sequence[Event]) -> None:
        """Rebuild the match from stored events (after a restart)."""
        for item in stored:
            if item.seq != self.events:
                raise TricktableError(f"table {self.id}: event {item.seq} out of order")
            if item.kind == "deal":
                data = json.loads(item.payload)
                self._remember_last_trick()
                self.state.deal(deal_from_json(data))
            elif item.kind == "act":
                seat = self.state.current_player
                self.state.apply_text(item.payload)
                self.decisions.append(Decision(seat, item.payload))
            else:
                raise TricktableError(f"table {self.id}: unknown event kind {item.kind!r}")
            self.events += 1

    # -- a room: following the other processes ----------------------------------------------
    async def follow(self, stored: Sequence[Event] | None) -> None:
        """Apply what another process stored: ``stored`` (events as announced), or, when
        ``None`` or not the next ones here, every event from the database not yet applied.
        Each event is applied and broadcast once, in order."""
        async with self.lock:
            await self._follow_locked(stored)

    async def _follow_locked(self, stored: Sequence[Event] | None) -> None:
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

    def connected(self, seat: int) -> bool:
        """Whether ``seat`` has a connection open here or on another process of the room."""
        return seat in self.elsewhere or any(c.seat == seat and not c.closed for c in self.clients)

    def cas(self) -> str | None:
        """The stored configuration a change must be stored over (a room), else ``None``."""
        return self.stored_config if self.shared else None

    def halt(self) -> None:
        """Stop driving the table (another process holds its lease now)."""
        if self.driver is not None:
            self.driver.cancel()
            self.driver = None

    # -- seats --------------------------------------------------------------------------------
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

    # -- connections --------------------------------------------------------------------------
    async def attach(self, client: Client) -> None:
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

    def detach(self, client: Client) -> None:
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

    def turn_limit(self, seat: int) -> float | None:
        """Seconds ``seat`` has for a decision: the turn timer, and for a remote bot at most
        ``REMOTE_TURN_S`` (past it, the bot loses the seat)."""
        if seat in self.config.remote_bots:
            return min(self.config.turn_timer or REMOTE_TURN_S, REMOTE_TURN_S)
        return self.config.turn_timer

    def remote_overdue(self, seat: int) -> bool:
        """Whether the remote bot at ``seat`` let its turn pass (or left for longer than
        ``autoplay_after``)."""
        limit = self.turn_limit(seat)
        late = limit is not None and time.monotonic() - self.timer_start(seat) >= limit
        return late or self.autoplayed(seat)

    def timer_left(self) -> float | None:
        """Seconds left on the turn timer of the person to act (``None``: no timer runs);
        the whole timer while it has not started (``timer_start``)."""
        if self.config.turn_timer is None or self.state.current_player < 0:
            return None
        seat = self.state.current_player
        if self.config.seats[seat].kind != "human" or self.held_now(seat):
            return None
        limit = self.turn_limit(seat)
        assert limit is not None  # a turn timer runs
        left = limit - max(0.0, time.monotonic() - self.timer_start(seat))
        return max(0.0, round(left, 1))

    def timer_start(self, seat: int) -> float:
        """When the turn timer of ``seat``'s decision now starts (``time.monotonic()``).

        The rule (docs/protocol.md, "Turn timers"): a turn's timer starts when the turn
        does, except that in every deal after the first it starts no earlier than when the
        seat's person closed the end-of-deal panel of the deal before (their page says so:
        ``continue``), and at the latest ``DEAL_PANEL_GRACE`` seconds after the deal began.
        So the next deal's timer never runs down while its player still reads how the last
        deal went, and nobody holds the table up for long by leaving the panel open. A person
        with no page open reads no panel (``reads_a_panel``)."""
        start = self.turn_started
        if self.reads_a_panel(seat):
            ready = self.continued.get(seat, self.deal_began + DEAL_PANEL_GRACE)
            start = max(start, ready)
        return start

    def reads_a_panel(self, seat: int) -> bool:
        """Whether ``seat``'s turn timer may wait behind an end-of-deal panel: a person's
        (not a remote bot's) in a deal after the first, while a page of theirs is open (a
        person with no connection reads no panel: their timer starts with the turn)."""
        if len(self.state.deals) < 2 or seat in self.config.remote_bots:
            return False
        return self.connected(seat)

    def new_deal_began(self) -> None:
        """A new deal was dealt: its players' end-of-deal panels are open again."""
        self.deal_began = time.monotonic()
        self.continued.clear()

    async def continue_deal(self, client: Client, deals: int) -> None:
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

    def note_continued(self, seat: int, deals: int) -> bool:
        """``seat``'s person continued after ``deals`` finished deals, on this process or
        (in a room) another; whether that is the deal now played."""
        if deals < len(self.state.deals) - 1:
            return False
        if seat not in self.continued:
            self.continued[seat] = time.monotonic()
            self.wake.set()
        return True

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

    async def fill_with_bots(self, by_seat: int | None, wanted: Sequence[int], bot: str) -> None:
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

    # -- acting -------------------------------------------------------------------------------
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

    async def _store_finished(self) -> None:
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

    # -- the driver: bots, absent players, timers ---------------------------------------------
    def automatic_turn(self) -> tuple[int, str, float] | None:
        """``(seat, bot name, seconds to wait)`` when a bot is to act next, else ``None``."""
        seat = self.state.current_player
        if seat < 0:
            return None
        config = self.config.seats[seat]
        if config.kind == "bot" or self.held_now(seat):
            return seat, config.bot, self.config.bot_delay
        if shown_legal(self.state.view(seat))[1]:  # a card the seat may not see: played for it
            return seat, config.bot, self.config.bot_delay
        if self.autoplayed(seat):
            if seat not in self.announced:  # tell everyone a bot now plays this seat
                self.announced.add(seat)
                self.broadcast_seats()
            return seat, config.bot, self.config.bot_delay
        waits: list[float] = []
        limit = self.turn_limit(seat)
        if limit is not None and self.token_hashes[seat] is not None:
            waits.append(limit - (time.monotonic() - self.timer_start(seat)))
        since = self.disconnected_since.get(seat)
        if since is not None and self.config.autoplay_after is not None:
            waits.append(self.config.autoplay_after - (time.monotonic() - since))
        if waits:
            wait = max(0.0, min(waits))
            return (seat, config.bot, wait) if wait <= 0 else (-1, "", wait)
        return None

    def start(self) -> None:
        if self.driver is None:
            self.driver = asyncio.get_running_loop().create_task(self._drive())

    async def stop(self) -> None:
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.driver
            self.driver = None
        for client in list(self.clients):
            client.close()
        await self.close_engines()

    async def close_engines(self) -> None:
        """End the programs of the operator's engines playing here (each in a thread: one
        may take its ``quit_ms`` to leave)."""
        programs = [bot for bot in self.bots.values() if isinstance(bot, SubprocessBot)]
        for key in [key for key in self.bots if is_engine(key[1])]:
            del self.bots[key]
        engines = self.engines or SeatEngines()
        await asyncio.gather(*(engines.call(bot.close) for bot in programs))

    async def _drive(self) -> None:
        try:
            await self._drive_to_the_end()
        finally:
            await self.close_engines()

    async def _drive_to_the_end(self) -> None:
        while not self.state.is_terminal():
            if self.may_drive is not None and not self.may_drive():
                await asyncio.sleep(0.5)  # the heartbeat renews the lease, or another takes it
                continue
            self.wake.clear()
            turn = self.automatic_turn()
            if turn is None:
                await self.wake.wait()
                continue
            seat, bot_name, wait = turn
            seq = self.seq
            if wait > 0:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), timeout=wait)
                if self.seq != seq or self.wake.is_set():
                    continue
                if seat < 0:
                    continue
            if self.seq != seq or self.state.current_player != seat:
                continue
            if seat in self.config.remote_bots and self.remote_overdue(seat):
                async with self.lock:
                    if self.seq == seq and seat in self.config.remote_bots:
                        limit = self.turn_limit(seat)
                        await self.bot_lost(seat, f"did not act within its turn ({limit:g} s)")
                continue
            try:
                await self._bot_move(seat, bot_name, seq)
            except Rejected as error:
                if error.code in ("stale", "bad_seq", "not_your_turn", "finished"):
                    continue  # another process of the room took this turn meanwhile
                log.warning("table %s: bot at seat %d refused: %s", self.id, seat, error.message)
                await asyncio.sleep(1.0)
            except Exception:  # a bot or storage failure must not kill the table
                log.exception("table %s: bot at seat %d failed", self.id, seat)
                await asyncio.sleep(1.0)

    def _turn_holds(self, seat: int, seq: int) -> bool:
        """Whether decision ``seq`` is still ``seat``'s to take, by this process."""
        if self.seq != seq or self.state.current_player != seat:
            return False
        return self.may_drive is None or self.may_drive()  # else the lease's new holder plays

    async def _bot_move(self, seat: int, bot_name: str, seq: int) -> None:
        if is_engine(bot_name):
            await self._engine_move(seat, bot_name, seq)
            return
        async with self.lock:  # decide on the state as it stands, not one being stored
            if not self._turn_holds(seat, seq):
                return
            view = self.state.view(seat)
            rng_seed = f"{self.seed}:bot:{self.seq}"
            if searches(bot_name) and self.search is not None:
                # In a worker process of a fair pool: the event loop and other tables go on.
                text = await self.search(self.game, bot_name, seat, view, rng_seed)
            else:
                key = (seat, bot_name)
                bot = self.bots.get(key)
                if bot is None:
                    bot = self.bots[key] = make_bot(bot_name, self.game, seat)
                if searches(bot_name):  # no worker pool (tests): a thread
                    text = await asyncio.to_thread(bot.choose, view, random.Random(rng_seed))
                else:
                    text = bot.choose(view, random.Random(rng_seed))  # quick bots decide at once
            await self._act_locked(seat, seq, text, None)

    async def _engine_move(self, seat: int, bot_name: str, seq: int) -> None:
        """The operator's engine at ``seat`` takes decision ``seq``. Its program thinks
        without the table's lock (people still join, watch and chat meanwhile); its answer
        is applied only if the decision is still its own."""
        async with self.lock:
            if not self._turn_holds(seat, seq):
                return
            view = self.state.view(seat)
            rng_seed = f"{self.seed}:bot:{self.seq}"
        text, why = await self._engine_decides(seat, bot_name, view, rng_seed)
        async with self.lock:
            if not self._turn_holds(seat, seq) or self.config.seats[seat].bot != bot_name:
                return
            if text is None:
                await self._engine_lost(seat, bot_label(bot_name), why)
            else:
                await self._act_locked(seat, seq, text, None)

    async def _engine_decides(
        self, seat: int, bot_name: str, view: SeatView, rng_seed: str
    ) -> tuple[str | None, str]:
        """The action of the operator's engine at ``seat`` (its program thinks in a thread),
        or ``None`` and why when it failed (its program is then ended)."""
        key = (seat, bot_name)
        held = self.bots.get(key)
        bot = held if isinstance(held, SubprocessBot) else None
        engines = self.engines or SeatEngines()
        try:
            if bot is None:
                bot = self.bots[key] = engines.make(bot_name, self.game, seat)
            return await engines.call(bot.choose, view, random.Random(rng_seed)), ""
        except (EngineError, TricktableError) as error:
            self.bots.pop(key, None)
            if bot is not None:
                await engines.call(bot.close)
            reason = error.reason if isinstance(error, EngineError) else str(error)
            log.warning("table %s: %s", self.id, reason)
            return None, reason

    async def bot_lost(self, seat: int, reason: str) -> None:
        """The remote bot at ``seat`` misbehaved: it loses the seat (its token stops working,
        its connections close with the reason) to ``STAND_IN``. Called with the lock."""
        remote = self.config.remote_bots.get(seat)
        if remote is None:
            return
        label = remote_bot_label(remote[0], remote[1])
        log.warning("table %s: %s at seat %d %s", self.id, label, seat, reason)
        await self._engine_lost(seat, label, reason, remote=True)

    async def _engine_lost(
        self, seat: int, player: str, reason: str, *, remote: bool = False
    ) -> None:
        """Give the seat of an engine (``remote``: a remote bot; ``player`` as people read
        it) that failed to ``STAND_IN`` (stored, logged in the record's seat changes), and
        tell the table why. Called with the lock."""
        before = copy.deepcopy(self.config)
        self.config.seats[seat] = SeatConfig("bot", STAND_IN)
        self.config.remote_bots.pop(seat, None)
        self.log_seat(seat, f"{BOT_PREFIX}{STAND_IN}")
        self.config.faults[seat] = engine_fault_words(player, reason, STAND_IN)
        name = place_name(seat, self.game.players)
        if self.store is not None:
            config = json.dumps(self.config.to_json())
            try:
                if remote:
                    await asyncio.to_thread(
                        self.store.free_seat, self.id, seat, name, config, self.cas()
                    )
                else:
                    await asyncio.to_thread(self.store.set_config, self.id, config, self.cas())
            except ConfigChanged:  # another process of the room changed the seats meanwhile
                self.config = before
                if self.refresh is not None:
                    await self.refresh(self)
                return
            self.stored_config = config
        if remote:
            for client in [c for c in self.clients if c.seat == seat]:
                client.send(Rejected("seat_lost", self.engine_faults[seat]).to_json())
            self.release_seat(seat, name)
        self.broadcast_seats()
        self.wake.set()


_RULES_WORDS: dict[tuple[str, int, str], str] = {}
"""``rules_description`` by game, seats and rule string (each rules described once)."""


def _rules_words(game: Game[Any], rule_text: str) -> str:
    """``rules_description(game)``, worked out once per rules (``rule_text``)."""
    key = (game.name, game.players, rule_text)
    words = _RULES_WORDS.get(key)
    if words is None:
        if len(_RULES_WORDS) >= 4096:  # rules chosen by people: the cache stays small
            _RULES_WORDS.clear()
        words = _RULES_WORDS[key] = rules_description(game)
    return words


def changed_meanwhile() -> Rejected:
    """The refusal of a change to a table that another process of the room changed first."""
    return Rejected(
        "conflict", "the table's seats changed meanwhile; nothing was changed: try again"
    )


def _card_for_people(card: int) -> str:
    """A card as the table's words write it (``10♥``)."""
    return card_label(card, symbols=True)


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


def new_runtime(
    table_id: str,
    game_name: str,
    rules: dict[str, Any],
    players: int,
    config: TableConfig,
    private: bool,
    invite: str | None,
    seed: str,
    first_dealer: int | None,
    names: list[str],
    token_hashes: list[str | None],
    writer: EventWriter | None,
    store: Store | None,
) -> TableRuntime:
    """A runtime for a table (new, or loaded from storage before its events are replayed)."""
    game = load_game(game_name, rules, players=players)
    if first_dealer is None:
        first_dealer = game.choose_first_dealer(random.Random(f"{seed}:first"))
    state = game.new_state(first_dealer)
    return TableRuntime(
        id=table_id,
        game=game,
        state=state,
        config=config,
        private=private,
        invite=invite,
        seed=seed,
        names=names,
        token_hashes=token_hashes,
        writer=writer,
        store=store,
    )
