"""Remote bots: bot accounts that play the room's tables over the table websocket.

The operator creates an account (``tricktable bot-account create NAME --owner WHO``: its
token is shown once, its SHA-256 stored). A table's host marks an open seat "bot wanted"
(for any bot, or for one account: an invitation); the bot asks ``GET /api/bots/wanted``
which seats want it, takes one with ``POST /api/bots/join`` (a seat token, as a person's)
and plays over the table's websocket. Each state message of its seat carries the engine
protocol's ``decide`` (``engine``) when it is to act, so a program speaking the engine
protocol is carried as is (``tricktable connect``). The seat shows the bot's name and
owner. An illegal or malformed action, a turn let pass (``REMOTE_TURN_S`` at most) or a
flood of messages costs the bot its seat (a Medium bot plays on), never the table.

An account that asked for seats within ``PRESENT_S`` is connected (``mark_present``,
``present_accounts``: the database's clock, so every process of a room agrees); the room's
bot ladder enters every connected account (web/ladder.py).

>>> valid_account_name("alpha-bot"), valid_account_name("medium"), valid_account_name("A b")
(True, False, False)
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Column, Float, String, Table, insert, select, text

from tricktable.bots import BOTS
from tricktable.engine.protocol import decide_message
from tricktable.web.store import NOW, Store, metadata
from tricktable.web.views import shown_legal

if TYPE_CHECKING:
    from tricktable.core import State
    from tricktable.web.tables import TableConfig

REMOTE_TURN_S = 30.0
"""The most seconds a remote bot has for a decision (less when the table's turn timer is
shorter); past it the bot loses the seat."""

MISBEHAVIOUR = ("bad_action", "illegal", "malformed", "too_large")
"""The refusals of a remote bot's message that cost it the seat (a stale or early action
may be a race, and is only refused)."""

NAME_PATTERN = re.compile(r"[a-z][a-z0-9_-]{1,31}")
"""A bot account's name: lower-case letters, digits, ``-``, ``_``; 2 to 32 long."""

PRESENT_S = 15.0
"""Seconds an account counts as connected after it last asked for seats (``tricktable
connect`` asks every 2 seconds, also while it plays)."""

RESERVED = frozenset({*(kind.name for kind in BOTS), "engine", "remote", "bot"})
"""Names an account may not take (every kind of bot's, the levels' among them)."""

bot_accounts = Table(
    "tt_bot_accounts",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created", Float, nullable=False),
)
"""The room's bot accounts: name, owner (the person answerable for it), the SHA-256 of
its token (never the token)."""


bot_presence = Table(
    "tt_bot_presence",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("seen", Float, nullable=False),
)
"""When each bot account last asked for seats (the database's clock, seconds since the
epoch)."""


@dataclass(frozen=True, slots=True)
class BotAccount:
    """A bot account: its name and its owner."""

    name: str
    owner: str


def valid_account_name(name: str) -> bool:
    """Whether ``name`` may name a bot account."""
    return bool(NAME_PATTERN.fullmatch(name)) and name not in RESERVED


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_account(store: Store, name: str, owner: str) -> str:
    """Create the account ``name`` of ``owner``; returns its token (shown once).
    ``ValueError`` says what is wrong with the name or owner, or that the name is taken."""
    if not valid_account_name(name):
        raise ValueError(
            f"{name!r} cannot name a bot account: 2-32 lower-case letters, digits, - and _,"
            " starting with a letter, and not a bot's own name (medium, random, ...)"
        )
    owner = owner.strip()
    if not owner or len(owner) > 64:
        raise ValueError("the owner must be a name of 1-64 characters")
    token = secrets.token_urlsafe(32)
    with store.engine.begin() as conn:
        if conn.execute(select(bot_accounts.c.name).where(bot_accounts.c.name == name)).first():
            raise ValueError(f"the bot account {name!r} exists already")
        conn.execute(
            insert(bot_accounts).values(
                name=name, owner=owner, token_hash=_digest(token), created=time.time()
            )
        )
    return token


def account_of(store: Store, token: str) -> BotAccount | None:
    """The account whose token is ``token`` (``None``: none)."""
    digest = _digest(token)
    with store.engine.connect() as conn:
        row = conn.execute(select(bot_accounts).where(bot_accounts.c.token_hash == digest)).first()
    if row is None or not hmac.compare_digest(row.token_hash, digest):
        return None
    return BotAccount(row.name, row.owner)


def account_named(store: Store, name: str) -> BotAccount | None:
    """The account called ``name`` (``None``: none)."""
    with store.engine.connect() as conn:
        row = conn.execute(select(bot_accounts).where(bot_accounts.c.name == name)).first()
    return None if row is None else BotAccount(row.name, row.owner)


def _clock(store: Store) -> str:
    """The database's clock in seconds since the epoch, as SQL."""
    if store.engine.dialect.name == "postgresql":
        return NOW
    return "((julianday('now') - 2440587.5) * 86400.0)"


def mark_present(store: Store, account: BotAccount) -> None:
    """The account asked for seats now (it is connected for ``PRESENT_S``)."""
    with store.engine.begin() as conn:
        conn.execute(
            text(
                f"INSERT INTO tt_bot_presence (name, seen) VALUES (:name, {_clock(store)})"
                " ON CONFLICT (name) DO UPDATE SET seen = excluded.seen"
            ),
            {"name": account.name},
        )


def present_accounts(store: Store, within: float = PRESENT_S) -> list[BotAccount]:
    """The accounts that asked for seats within the last ``within`` seconds, by name."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT a.name, a.owner FROM tt_bot_accounts a JOIN tt_bot_presence p"
                f" ON p.name = a.name WHERE p.seen >= {_clock(store)} - :within ORDER BY a.name"
            ),
            {"within": within},
        ).all()
    return [BotAccount(name, owner) for name, owner in rows]


def bearer_token(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header.

    >>> bearer_token("Bearer abc"), bearer_token("Basic abc"), bearer_token(None)
    ('abc', None, None)
    """
    if header is None:
        return None
    kind, _, token = header.partition(" ")
    return token.strip() or None if kind.lower() == "bearer" else None


def wants(config: TableConfig, seat: int, account: BotAccount) -> bool:
    """Whether ``seat`` of a table so configured wants this bot (any bot, or it by name)."""
    wanted = config.bot_wanted.get(seat)
    return wanted is not None and wanted in ("", account.name)


def remote_bot_status(config: TableConfig, seat: int) -> dict[str, Any]:
    """What a seat's status adds about remote bots: who holds it, whether one is wanted."""
    held = config.remote_bots.get(seat)
    out: dict[str, Any] = {"bot_wanted": config.bot_wanted.get(seat)}
    if held is not None:
        from tricktable.presentation.labels import remote_bot_label

        out["remote_bot"] = {"name": held[0], "owner": held[1]}
        out["bot_label"] = remote_bot_label(held[0], held[1])
    return out


def engine_question(state: State, seat: int, seed: str, seq: int, limit_s: float | None) -> Any:
    """The engine protocol's ``decide`` for ``seat`` when it is to act (else ``None``,
    also when the table plays a card the seat may not see for it): the view, a seed drawn
    from the table's, and the time it has."""
    if state.is_terminal() or state.current_player != seat:
        return None
    view = state.view(seat)
    if shown_legal(view)[1]:  # a card it may not see: the table plays it for the seat
        return None
    move_ms = None if limit_s is None else int(limit_s * 1000)
    draw = random.Random(f"{seed}:remote:{seq}").getrandbits(63)
    return decide_message(view, draw, move_ms, None)
