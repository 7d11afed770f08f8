"""What every part of a table reads (``TableCore``): its match, configuration, seats' names
and tokens, connections and lock, and the match built by dealing and by replaying stored
events. Each part above keeps its own fields; ``web.tables`` says how the parts stack up.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktable.cards import card_name
from tricktable.core import Game, SeatView, State
from tricktable.errors import TricktableError
from tricktable.presentation.labels import (
    rules_description,
)
from tricktable.web.engines import SeatEngines
from tricktable.web.fairness import commitment, deal_from_json, deal_seed
from tricktable.web.limits import RateLimit, ServerLimits
from tricktable.web.store import Event, EventWriter, Store
from tricktable.web.table_clients import Client
from tricktable.web.table_config import SeatChange, TableConfig

KNOWN_DEALS = {
    "branch": "taken from a record its creator chose (played on from a record)",
    "seeded": "dealt from a seed its creator gave (a practice table)",
}
"""Why a table's deals are known to someone before they are played, by the name the
table's summary and its record give the reason (``unrated``)."""

SearchFn = Callable[[Game[Any], str, int, SeatView, str], Awaitable[str]]
"""Runs a searching bot's decision elsewhere: ``(game, bot, seat, view, rng seed)``."""


@dataclass(slots=True)
class Decision:
    """One decision taken at the table (for idempotent resends)."""

    seat: int
    text: str


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


@dataclass
class TableCore:
    """One table in memory: the fields every part reads, and the match built from its deals
    and decisions."""

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
    rule_text: str = ""
    """The game's rule string (computed once)."""
    rules_words: str = ""
    """The rules described for people (``presentation.labels.rules_description``)."""
    limits: ServerLimits = field(default_factory=ServerLimits)
    last_active: float = field(default_factory=time.monotonic)
    """When a person last connected, left or acted (``time.monotonic()``; for expiry)."""
    chat_limit: RateLimit = field(default_factory=lambda: RateLimit(2.0, 6))
    shared: bool = False
    """Whether other processes of a room hold copies of this table (PostgreSQL)."""
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

    def cas(self) -> str | None:
        """The stored configuration a change must be stored over (a room), else ``None``."""
        return self.stored_config if self.shared else None
