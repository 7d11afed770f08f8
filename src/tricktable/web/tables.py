"""Tables in play: one match each, its seats, its connections and its bots.

A ``TableRuntime`` owns the ``State`` of one match. Every change goes through ``act`` under
the table's lock: the action is checked, applied, committed to the database (with the next
deal's cards when a deal ends), and only then broadcast, each seat receiving its own view.
Bots, disconnected players' seats and expired turn timers are played by the table's driver
task after the configured delay. In a room of several processes (``room``) each process holds
a copy of the table that follows what the others store (``follow``); only the process holding
the table's lease runs its driver.

``TableRuntime`` is put together from parts, one job each, every part built on those before
it and keeping its own fields, so that a change to one job lands in one module:

- ``table_core.TableCore``: what every part reads; the match built from deals and events;
- ``table_storage.TableStorage``: the finished match's record, its rating, storing them;
- ``table_seats.TableSeats``: seat tokens, the seats as shown, presence here and elsewhere;
- ``table_timers.TurnTimers``: when a turn's timer starts and how much of it is left;
- ``table_broadcast.TableBroadcast``: the views and seats sent to connections, chat;
- ``table_actions.TableActions``: decisions and seat changes under the lock, following a room;
- ``table_driver.TableDriver``: bots, absent players, expired turns, engines, remote bots.

The connections and refusals are ``table_clients``; the configuration ``table_config``. This
module names them all, as the rest of ``web`` imports them.
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.games import load_game
from tricktable.web.store import EventWriter, Store
from tricktable.web.table_clients import CHAT_PRESETS, Client, Rejected, changed_meanwhile, compact
from tricktable.web.table_config import SeatChange, SeatConfig, TableConfig, played_by
from tricktable.web.table_core import KNOWN_DEALS, Decision, SearchFn
from tricktable.web.table_driver import FALLBACK_BOT, QUICK_BOTS, TableDriver, heavy_bot, searches
from tricktable.web.table_seats import hash_token, new_token
from tricktable.web.table_timers import DEAL_PANEL_GRACE

__all__ = [
    "CHAT_PRESETS",
    "DEAL_PANEL_GRACE",
    "FALLBACK_BOT",
    "KNOWN_DEALS",
    "QUICK_BOTS",
    "Client",
    "Decision",
    "Rejected",
    "SearchFn",
    "SeatChange",
    "SeatConfig",
    "TableConfig",
    "TableRuntime",
    "changed_meanwhile",
    "compact",
    "hash_token",
    "heavy_bot",
    "new_runtime",
    "new_token",
    "played_by",
    "searches",
]


class TableRuntime(TableDriver):
    """One table in memory: the parts above put together."""


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
