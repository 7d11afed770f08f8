"""Heavy work in its own bounded worker processes: searching bots, the guide's advice at a
"Learn to play" table, replay frames and the start of a table played on from a record.

The event loop only reads, checks, stores and sends; a bot that searches and a replay that
builds thousands of frames run in ``HeavyWork``'s process pools, so cheap requests (the
lobby, joins, other tables' actions) stay fast whatever they cost. Each pool is fair: jobs
start in the order they came, and a table has at most one decision waiting at a time (it
waits for its bot before anything else happens there), so no table can push others back.
The replay queue is bounded: beyond ``ServerLimits.replay_queue`` waiting requests the answer
is ``busy``.

Pools start on first use, from a fresh interpreter (``forkserver``), never by forking the
server with its threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import multiprocessing
import os
import random
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from tricktable.bots import make_bot
from tricktable.bots.base import Bot
from tricktable.core import Game, SeatView
from tricktable.games import load_game
from tricktable.web.guide import worked_out
from tricktable.web.limits import ServerLimits
from tricktable.web.replays import branch_plan, replay_answer
from tricktable.web.tables import Rejected

T = TypeVar("T")


class HeavyWork:
    """The server's pools for bot search and replay frames (``processes=False``: threads,
    for tests that inspect the work in-process)."""

    def __init__(self, limits: ServerLimits, processes: bool = True) -> None:
        self.limits = limits
        self.processes = processes
        self._search: Executor | None = None
        self._replay: Executor | None = None
        self._replay_slots = asyncio.Semaphore(max(1, limits.replay_processes))
        self.replays_waiting = 0
        """Replay requests admitted and not yet done (at most ``replay_queue`` + workers)."""

    def _pool(self, workers: int) -> Executor:
        if not self.processes:
            return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tricktable-heavy")
        context = multiprocessing.get_context("forkserver")
        return ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_lower_priority
        )

    async def choose(self, game: Game[Any], bot: str, seat: int, view: SeatView, seed: str) -> str:
        """A searching bot's decision for ``view``, taken in a worker process."""
        job = functools.partial(
            _choose, game.name, game.rules_dict(), game.players, bot, seat, view, seed
        )
        return await self._search_job(job)

    async def guide(
        self, game: Game[Any], view: SeatView, legal: list[str], seed: str, worlds: int
    ) -> dict[str, Any] | None:
        """The guide's words at ``view``'s decision (``web.guide``), its advice worked out
        in the search pool like a searching bot's decision (``None``: the hint names a card
        the seat may not see)."""
        job = functools.partial(
            _guide_words, game.name, game.rules_dict(), game.players, view, legal, seed, worlds
        )
        return await self._search_job(job)

    async def _search_job(self, job: Callable[[], T]) -> T:
        """``job()`` in the search pool (made when first needed); a worker that died takes
        the pool with it, and the next job gets a fresh one."""
        if self._search is None:
            self._search = self._pool(max(1, self.limits.search_processes))
        pool = self._search
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, job)
        except BrokenExecutor:
            if self._search is pool:
                self._search = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def frames_json(self, record: str) -> bytes:
        """The replay frames of a record as the JSON answer (``{"frames", "names", "sides"}``).

        Raises ``Rejected("busy")`` when ``replay_queue`` requests wait already, and
        ``tricktable.errors.RecordError`` for a record that is not valid."""
        answer: bytes = await self._replay_job(_frames_json, record)
        return answer

    async def branch_plan(self, record: str, at: str) -> dict[str, Any]:
        """What a table played on from decision ``at`` of ``record`` starts with
        (``replays.branch_plan``), worked out in the replay pool under the same bound:
        ``Rejected("busy")``, ``RecordError``, ``branch.BranchError``."""
        plan: dict[str, Any] = await self._replay_job(branch_plan, record, at)
        return plan

    async def _replay_job(self, job: Callable[..., Any], *args: str) -> Any:
        """``job(*args)`` in the replay pool, at most ``replay_queue`` waiting."""
        limit = self.limits.replay_queue + max(1, self.limits.replay_processes)
        if self.replays_waiting >= limit:
            raise Rejected("busy", "the replay viewer is busy; try again in a few seconds")
        self.replays_waiting += 1
        try:
            async with self._replay_slots:
                if self._replay is None:
                    self._replay = self._pool(max(1, self.limits.replay_processes))
                loop = asyncio.get_running_loop()
                return await loop.run_in_executor(self._replay, job, *args)
        finally:
            self.replays_waiting -= 1

    def close(self) -> None:
        """Stop the pools now: work in progress is dropped (no one waits for it any more) and
        worker processes are ended, so none outlives the server."""
        for pool in (self._search, self._replay):
            if pool is None:
                continue
            workers = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in workers:
                process.terminate()


WORKER_NICENESS = 10
"""How much lower the workers' CPU priority is than the server's (``os.nice``): when the CPU
is short, the event loop (every table's actions, every cheap request) goes first."""


def _lower_priority() -> None:
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


_BOTS: dict[tuple[str, str, int, str, int], Bot] = {}
"""The bots of one worker process, made once each (at most ``_MAX_BOTS``)."""
_MAX_BOTS = 256


def _choose(
    game_name: str,
    rules: dict[str, Any],
    players: int,
    bot_name: str,
    seat: int,
    view: SeatView,
    seed: str,
) -> str:
    """In a worker: ``bot_name``'s choice for ``view``."""
    key = (game_name, json.dumps(rules, sort_keys=True), players, bot_name, seat)
    bot = _BOTS.get(key)
    if bot is None:
        if len(_BOTS) >= _MAX_BOTS:
            _BOTS.clear()
        bot = _BOTS[key] = make_bot(bot_name, load_game(game_name, rules, players=players), seat)
    return bot.choose(view, random.Random(seed))


def _guide_words(
    game_name: str,
    rules: dict[str, Any],
    players: int,
    view: SeatView,
    legal: list[str],
    seed: str,
    worlds: int,
) -> dict[str, Any] | None:
    """In a worker: the guide's words at ``view``'s decision (``guide.worked_out``)."""
    game = load_game(game_name, rules, players=players)
    return worked_out(game, view, legal, seed, worlds)


def _frames_json(record: str) -> bytes:
    """In a worker: the replay answer for a record's text."""
    return json.dumps(replay_answer(record), separators=(",", ":")).encode()
