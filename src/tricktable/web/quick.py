"""Quick play: "Play now" with a game and its preset seats the caller at once.

In this order, among the room's public tables of exactly those rules, dealt fairly:

1. a table waiting for people (a person's seat nobody holds): the caller sits there;
2. a table whose bots give way to people (``TableConfig.yielding``): the caller takes one
   bot's seat, *queued*: its bot plays the seat to the end of the deal being played (the
   seat is ``held``, as when a host frees a seat), the caller watches the table meanwhile
   without that seat's cards, and sits there when the next deal starts, never mid-deal
   and never with a card dealt before they came;
3. else a new public table: the caller at seat 1, bots that give way at the others.

Everything quick play reads and changes is the tables' stored state (the seats and the
configuration, changed only over the configuration last read), so it holds in a room of
several processes: two people sent to the same seat at once get one each, or the second
the next seat. The lobby's ``waiting`` list says which tables wait for people, per game.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from tricktable.core import Game
from tricktable.presentation.names import BOT_PREFIX
from tricktable.web.catalog import DEFAULT_BOT
from tricktable.web.manager import TableManager, game_of, once_more_if_changed
from tricktable.web.profiles import Profile
from tricktable.web.tables import (
    Rejected,
    SeatChange,
    SeatConfig,
    TableRuntime,
    hash_token,
    new_token,
)

QUICK_BOT = DEFAULT_BOT
"""The level of the bots at a table quick play opens."""

MAX_AVOID = 100
"""Tables a "Play now" may ask to be kept from at most (``avoid``: where the page holds a
seat already, so that one person never takes two seats of a table)."""

PASSED_OVER = frozenset({"seat_taken", "seat_held", "seat_reserved", "conflict", "not_found"})
"""Refusals after which quick play tries the next table (someone was quicker)."""


def open_seats(table: TableRuntime) -> list[int]:
    """The seats of ``table`` a person may take now: a person's seat nobody holds, neither
    held to the end of the deal nor kept for someone."""
    return [
        seat
        for seat, config in enumerate(table.config.seats)
        if config.kind == "human"
        and table.token_hashes[seat] is None
        and not table.held_now(seat)
        and seat not in table.config.reserved
    ]


def yielding_seats(table: TableRuntime) -> list[int]:
    """The seats of ``table`` whose bots give way to the next person who comes."""
    return [
        seat for seat in sorted(table.config.yielding) if table.config.seats[seat].kind == "bot"
    ]


def people(table: TableRuntime) -> int:
    """People seated at ``table`` (queued ones too)."""
    return sum(1 for hashed in table.token_hashes if hashed is not None)


def _fits(table: TableRuntime, game: Game[Any]) -> bool:
    """Whether quick play may seat someone who asked for ``game`` at ``table``."""
    return (
        not table.state.is_terminal()
        and not table.private
        and table.known_deal() is None
        and table.game.name == game.name
        and table.game.players == game.players
        and table.rule_text == game.rule_string()
    )


def candidates(tables: Sequence[TableRuntime], game: Game[Any]) -> list[TableRuntime]:
    """The tables quick play tries for ``game``, best first: those waiting for people (the
    most people first, then the oldest), then those whose bots give way (likewise)."""
    fitting = [t for t in tables if _fits(t, game) and (open_seats(t) or yielding_seats(t))]
    return sorted(fitting, key=lambda t: (not open_seats(t), -people(t), t.created))


def waiting(tables: Sequence[TableRuntime]) -> list[dict[str, Any]]:
    """Who waits for what, per game and rules: the public tables of fair deals with seats
    for people, how many seats are open, how many bots give way and how many people sit
    there already; ``options``, the rules as ``POST /api/quick`` takes them. The lobby
    shows it beside "Play now".

    Ordered by game, then by the most seats for people."""
    groups: dict[tuple[str, str, int], dict[str, Any]] = {}
    for table in tables:
        if table.state.is_terminal() or table.private or table.known_deal() is not None:
            continue
        free, yielding = len(open_seats(table)), len(yielding_seats(table))
        if not free and not yielding:
            continue
        key = (table.game.name, table.rule_text, table.game.players)
        group = groups.setdefault(
            key,
            {
                "game": table.game.name,
                "rules": table.rule_text,
                "rules_text": table.rules_words,
                "preset": table.game.rules_dict().get("preset"),
                "options": table.game.rules_dict(),
                "players": table.game.players,
                "tables": 0,
                "open_seats": 0,
                "yielding_seats": 0,
                "people": 0,
            },
        )
        group["tables"] += 1
        group["open_seats"] += free
        group["yielding_seats"] += yielding
        group["people"] += people(table)
    return sorted(
        groups.values(),
        key=lambda g: (g["game"], -(g["open_seats"] + g["yielding_seats"]), g["rules"]),
    )


async def quick_play(
    manager: TableManager,
    data: Mapping[str, Any],
    address: str = "",
    profile: Profile | None = None,
) -> dict[str, Any]:
    """Seat the caller (under its ``profile``'s name when it has one, else a name no profile
    holds) by ``data`` (``game``, ``rules`` such as ``{"preset": "..."}``,
    ``players``, ``name``, and ``avoid``: ids of tables where the caller's page holds a seat
    already, never chosen; or ``table``, the id of the one public table to sit at, from its
    page); returns the table's ``id``, the caller's ``seat`` and its
    ``token``, ``queued`` (a bot plays the seat to the end of this deal) and ``opened``
    (a new table was opened for the caller)."""
    only = data.get("table")
    if only is not None and not isinstance(only, str):
        raise Rejected("bad_request", "'table' must be a table id")
    game = game_of(data) if only is None else (await manager.get(only, None)).game
    name = await manager.player_name(data.get("name"), "Player", profile)
    avoid = data.get("avoid", [])
    if (
        not isinstance(avoid, list)
        or len(avoid) > MAX_AVOID
        or not all(isinstance(table_id, str) for table_id in avoid)
    ):
        raise Rejected("bad_request", f"'avoid' must list at most {MAX_AVOID} table ids (texts)")
    listing = await manager.lobby_listing()  # in a room: every process's tables as stored
    kept_from = set(avoid)
    tables = [t for t, _ in listing if t.id not in kept_from and only in (None, t.id)]
    if only is not None and not tables and only not in kept_from:  # not listed (or not yet)
        tables = [await manager.get(only, None)]
    for listed in candidates(tables, game):
        try:
            # the table itself (in a room, built here if it was only described) as stored now
            table = await manager.current(await manager.get(listed.id, None))
            if open_seats(table):
                joined = await manager.join(
                    table.id, open_seats(table)[0], name, None, profile=profile
                )
                return {"id": table.id, **joined, "queued": False, "opened": False}
            if yielding_seats(table):
                seat, token = await take_yielding_seat(manager, table, name, profile)
                return {
                    "id": table.id,
                    "seat": seat,
                    "token": token,
                    "queued": True,
                    "opened": False,
                }
        except Rejected as error:
            if error.code not in PASSED_OVER:
                raise
    if only is not None:
        raise Rejected("seat_taken", "this table has no seat for a person now (or yours is there)")
    limits = manager.limits
    created = await manager.create(
        {
            "game": game.name,
            "players": game.players,
            "rules": game.rules_dict(),
            "seats": [{"kind": "human"}]
            + [{"kind": "bot", "bot": QUICK_BOT} for _ in range(game.players - 1)],
            "sit": 0,
            "name": name,
            "private": False,
            "bot_delay": limits.quick_bot_delay,
            "turn_timer": limits.quick_turn_timer,
            "autoplay_after": limits.quick_autoplay_after,
        },
        address,
        yielding=True,
        profile=profile,
    )
    return {
        "id": created["id"],
        "seat": created["seat"],
        "token": created["token"],
        "queued": False,
        "opened": True,
    }


async def take_yielding_seat(
    manager: TableManager, table: TableRuntime, name: str, profile: Profile | None = None
) -> tuple[int, str]:
    """Give ``name`` (and its ``profile``: one seat a table) the first seat of ``table``
    whose bot gives way; returns the seat and its token. The bot plays it to the end of the
    deal being played (``held``)."""
    token = new_token()
    digest = hash_token(token)

    async def queue(again: bool) -> int:
        async with table.lock:
            return await _queue_locked(manager, table, name, digest, profile)

    seat = await once_more_if_changed(queue, name)
    table.broadcast_seats()
    table.wake.set()
    return seat, token


async def _queue_locked(
    manager: TableManager, table: TableRuntime, name: str, digest: str, profile: Profile | None
) -> int:
    if table.refresh is not None:  # a room: the seats as stored now
        await table.refresh(table)
    if table.state.is_terminal():
        raise Rejected("not_found", "the match is over")
    seats = yielding_seats(table)
    if not seats:
        raise Rejected("seat_taken", "no bot gives way at this table any more")
    seat = seats[0]
    deal = table.current_deal()
    config = copy.deepcopy(table.config)
    config.seats[seat] = SeatConfig("human", config.seats[seat].bot)  # its bot: the fallback
    config.yielding.remove(seat)
    config.held[seat] = deal  # the bot plays the cards it holds to the end of the deal
    if config.seat_log is not None:  # the bot to the end of this deal, the person from the next
        bot = f"{BOT_PREFIX}{config.seats[seat].bot}"
        config.seat_log.append(SeatChange(deal, seat, bot, until_deal_end=True))
        config.seat_log.append(SeatChange(deal + 1, seat, name))
    profile_id = None if profile is None else profile.id
    await manager.store_claim(table, seat, name, digest, config, profile_id)
    table.announced.discard(seat)
    return seat
