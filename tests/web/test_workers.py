"""Heavy work in its own bounded workers (issue 23, item 5): a searching bot decides in a
worker process, and the replay queue refuses politely when full."""

from __future__ import annotations

import asyncio
import os
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from tricktable.games import load_game
from tricktable.web.limits import ServerLimits
from tricktable.web.tables import Rejected
from tricktable.web.workers import HeavyWork


def test_a_searching_bot_decides_in_a_worker_process() -> None:
    async def run() -> tuple[str, tuple[str, ...], int]:
        work = HeavyWork(ServerLimits(search_processes=1))
        try:
            game = load_game("euchre")
            state = game.new_state(0)
            state.deal_random(random.Random(3))
            seat = state.current_player
            view = state.view(seat)
            text = await work.choose(game, "pimc", seat, view, "seed:bot:0")
            assert isinstance(work._search, ProcessPoolExecutor)
            pid = await asyncio.get_running_loop().run_in_executor(work._search, os.getpid)
            return text, view.legal, pid
        finally:
            work.close()

    text, legal, pid = asyncio.run(run())
    assert text in legal
    assert pid != os.getpid()


def test_a_full_replay_queue_answers_busy() -> None:
    async def run() -> None:
        limits = ServerLimits(replay_queue=2, replay_processes=1)
        work = HeavyWork(limits, processes=False)
        try:
            work.replays_waiting = 3  # two waiting and one at work
            with pytest.raises(Rejected) as refused:
                await work.frames_json("{}")
            assert refused.value.code == "busy"
        finally:
            work.close()

    asyncio.run(run())


def test_a_table_of_searching_bots_plays_through_the_worker_processes(sqlite_url: str) -> None:
    import time

    from tests.web.conftest import Server

    server = Server(sqlite_url, worker_processes=True).start()
    try:
        table = server.create(
            game="euchre", seats=[{"kind": "bot", "bot": "pimc"}] * 4, bot_delay=0
        )
        runtime = server.manager.tables[table["id"]]
        deadline = time.monotonic() + 120
        while runtime.seq < 3:
            assert time.monotonic() < deadline, "the searching bots took no decision"
            time.sleep(0.1)
        assert isinstance(server.app.state.heavy._search, ProcessPoolExecutor)
    finally:
        server.stop()


def test_a_dead_search_worker_is_replaced() -> None:
    import signal
    from concurrent.futures import BrokenExecutor

    async def run() -> tuple[str, tuple[str, ...]]:
        work = HeavyWork(ServerLimits(search_processes=1))
        try:
            game = load_game("euchre")
            state = game.new_state(0)
            state.deal_random(random.Random(4))
            seat = state.current_player
            view = state.view(seat)
            loop = asyncio.get_running_loop()
            await work.choose(game, "random", seat, view, "s")
            assert work._search is not None
            pid = await loop.run_in_executor(work._search, os.getpid)
            os.kill(pid, signal.SIGKILL)
            with pytest.raises(BrokenExecutor):
                for _ in range(20):  # the pool notices the death on a later call
                    await work.choose(game, "random", seat, view, "s")
                    await asyncio.sleep(0.1)
            return await work.choose(game, "random", seat, view, "s"), view.legal
        finally:
            work.close()

    text, legal = asyncio.run(run())
    assert text in legal


def test_the_guide_s_advice_is_worked_out_in_a_worker_process(sqlite_url: str) -> None:
    """At a "Learn to play" table the guide's advice (a sampled search) runs in the worker
    pool, not in a thread of the server (issue 37): the table's medium bots never start the
    pool, so the guide is what started it, and its answer is the guide's."""
    import time

    from tests.web.conftest import Server

    server = Server(sqlite_url, worker_processes=True).start()
    try:
        status, created = server.request("POST", "/api/learn/euchre", {"name": "Ann", "seed": 4})
        assert status == 201, created
        runtime = server.manager.tables[created["id"]]
        deadline = time.monotonic() + 60
        while runtime.state.current_player != 0:
            assert time.monotonic() < deadline, "seat 1 never came to act"
            time.sleep(0.05)
        assert server.app.state.heavy._search is None  # nothing searched yet
        body = {"seat": 0, "token": created["token"]}
        status, answer = server.request("POST", f"/api/tables/{created['id']}/guide", body)
        assert status == 200, answer
        assert answer["guide"]["hint"]["action"] in runtime.state.legal_texts()
        pool = server.app.state.heavy._search
        assert isinstance(pool, ProcessPoolExecutor)
        pids = {p.pid for p in (pool._processes or {}).values()}
        assert pids and os.getpid() not in pids
    finally:
        server.stop()
