"""The table's driver: the task that plays bots' seats, absent players' seats and expired
turns after the configured delay, the operator's engines (each in a thread), and remote bots
that miss their deadline (they lose the seat to ``STAND_IN``).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Self

from tricktable.bots import make_bot
from tricktable.bots.base import Bot
from tricktable.core import SeatView
from tricktable.engine.client import EngineError, SubprocessBot
from tricktable.errors import TricktableError
from tricktable.presentation.labels import (
    bot_label,
    engine_fault_words,
    remote_bot_label,
)
from tricktable.presentation.names import BOT_PREFIX, place_name
from tricktable.web.engines import STAND_IN, SeatEngines, is_engine
from tricktable.web.store import ConfigChanged
from tricktable.web.table_actions import TableActions
from tricktable.web.table_clients import Rejected
from tricktable.web.table_config import SeatConfig
from tricktable.web.table_core import SearchFn
from tricktable.web.views import shown_legal

log = logging.getLogger("tricktable.web")


FALLBACK_BOT = "heuristic"
"""The bot that plays a disconnected player's seat or a seat whose turn timer ran out."""

QUICK_BOTS = frozenset({"random", "heuristic", "easy", "medium"})
"""Bots that decide at once (the heuristic and the levels built on it); every other bot
searches (in a worker process)."""


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


@dataclass
class TableDriver(TableActions):
    """Bots, absent players, timers and engines played by the driver task."""

    bots: dict[tuple[int, str], Bot] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    may_drive: Callable[[], bool] | None = None
    """Whether this process's lease on the table surely holds (a room); ``None``: always."""
    search: SearchFn | None = None
    """Where searching bots think (a worker pool); ``None``: in a thread."""

    def uses_search(self) -> bool:
        """Whether a seat of this table is played by a searching bot."""
        return any(heavy_bot(seat.bot) for seat in self.config.seats if seat.kind == "bot")

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

    def halt(self) -> None:
        """Stop driving the table (another process holds its lease now)."""
        if self.driver is not None:
            self.driver.cancel()
            self.driver = None

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
        self: Self, seat: int, player: str, reason: str, *, remote: bool = False
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
