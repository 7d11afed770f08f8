"""The leases of a room's tables (who drives each table) when several processes beat at once,
on one real PostgreSQL database (docs/architecture.md, "One room, many processes"): each
process here is a ``RoomStore`` of its own, in a thread of this test's process."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import text

from tests.web.test_store import table_row
from tricktable.web.room import LEASE, RoomStore
from tricktable.web.store import NOW, Store

NAMES = ["A", "B", "C", "D"]


@pytest.fixture
def stores(postgres_url: str) -> Iterator[Callable[..., Store]]:
    """Stores on one fresh database (``room``: of a room of ``shards`` shards), closed after
    the test."""
    made: list[Store] = []

    def make(room: bool, shards: int = 128) -> Store:
        made.append(Store(postgres_url, room=room, shards=shards))
        return made[-1]

    yield make
    for store in made:
        store.close()


def leases_of_playing(store: Store) -> dict[str, tuple[str, bool]]:
    """Each playing table's lease as ``(owner, whether it holds now)`` (``("", False)``:
    none)."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            text(
                f"SELECT t.id, coalesce(l.owner, ''), coalesce(l.until >= {NOW}, false)"
                " FROM tt_tables t LEFT JOIN tt_leases l ON l.table_id = t.id"
                " WHERE t.status = 'playing'"
            )
        )
        return {str(row[0]): (str(row[1]), bool(row[2])) for row in rows}


def test_two_processes_beating_and_taking_leases_at_once_never_deadlock(
    stores: Callable[..., Store],
) -> None:
    """Two processes beat at the same moment, round after round, while tables are created
    (their own, orphans of a dead process, tables of no lease at all) and ended: no beat
    fails on a deadlock (PostgreSQL's 40P01), and in the end each table is driven by exactly
    one of them, their shares even, the dead process's presence forgotten."""
    live = [RoomStore(stores(True), f"live-{index}") for index in range(2)]
    dead = RoomStore(stores(True), "dead")  # it never beats: its tables' leases lapse at once
    single = stores(False)  # a process of no room: its tables have no lease row
    rounds = 30
    barrier = threading.Barrier(len(live))
    failures: list[BaseException] = []
    held: list[set[str]] = [set(), set()]

    def beat(index: int) -> None:
        drives, _changed, excess = live[index].heartbeat()
        live[index].release(excess)
        held[index] = drives

    def process(index: int) -> None:
        room = live[index]
        try:
            for round_ in range(rounds):
                barrier.wait()
                beat(index)
                name = f"r{round_:02d}p{index}"
                for n in range(3):
                    room.store.create_table(table_row(f"{name}own{n}"), NAMES, LEASE)
                dead.store.create_table(table_row(f"{name}orphan"), NAMES, 0.0)
                dead.set_presence(f"{name}orphan", 0, True)  # gone with its process
                single.create_table(table_row(f"{name}bare"), NAMES)
                if round_ % 3 == 2:  # a table of the other process ends meanwhile
                    room.store.expire(f"r{round_ - 1:02d}p{1 - index}own0")
                barrier.wait()
                beat(index)
        except BaseException as error:
            failures.append(error)
            barrier.abort()

    threads = [threading.Thread(target=process, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not any(thread.is_alive() for thread in threads)
    deadlocks = [e for e in failures if "deadlock" in str(e).lower()]
    assert not deadlocks, f"{len(deadlocks)} beats failed on a deadlock: {deadlocks[0]}"
    assert not failures, failures
    for index in (0, 1, 0, 1):  # what one released as beyond its share the other takes
        beat(index)
    leases = leases_of_playing(single)
    assert len(leases) == rounds * 2 * 5 - (rounds // 3) * 2
    assert held[0].isdisjoint(held[1])
    assert held[0] | held[1] == set(leases)
    for table_id, (owner, holds) in leases.items():
        assert holds and owner == live[0 if table_id in held[0] else 1].process, table_id
    assert abs(len(held[0]) - len(held[1])) <= 1
    with single.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM tt_presence")).scalar_one() == 0


SHARDS = 8


def orphans(stores: Callable[..., Store], count: int) -> list[str]:
    """``count`` tables of a process that died at once (their leases lapsed)."""
    dead = RoomStore(stores(True, SHARDS), "dead")
    made = [f"t{n:03d}" for n in range(count)]
    for table_id in made:
        dead.store.create_table(table_row(table_id), NAMES, 0.0)
    return made


def shards_of(store: Store, table_ids: set[str]) -> set[str]:
    return {store.channel(table_id) for table_id in table_ids}


def test_a_dead_process_s_tables_are_taken_shard_by_shard(
    stores: Callable[..., Store],
) -> None:
    """Two processes share out a dead one's 64 tables over 8 shards: each takes its half
    in whole shards (so it listens to few), not a table of every shard."""
    a, b = (RoomStore(stores(True, SHARDS), name) for name in ("a", "b"))
    for live in (a, b):
        live.heartbeat()  # both alive: each is owed half the tables
    tables = orphans(stores, 64)
    held_a, _, _ = a.heartbeat()
    held_b, _, _ = b.heartbeat()
    assert len(held_a) == len(held_b) == 32 and held_a | held_b == set(tables)
    assert len(shards_of(a.store, held_a) | shards_of(a.store, held_b)) == SHARDS
    # At most one shard is split between them (where the first one's share ran out).
    assert len(shards_of(a.store, held_a)) + len(shards_of(a.store, held_b)) <= SHARDS + 1


def test_a_process_takes_the_tables_of_the_shards_it_listens_to_first(
    stores: Callable[..., Store],
) -> None:
    a, b = (RoomStore(stores(True, SHARDS), name) for name in ("a", "b"))
    for live in (a, b):
        live.heartbeat()
    tables = orphans(stores, 40)
    listened = {a.store.channel("t000"): 3, a.store.channel("t001"): 1}
    near = {t for t in tables if a.store.channel(t) in listened}
    assert 2 < len(near) < 20
    held, _, _ = a.heartbeat(listened)
    assert len(held) == 20 and near <= held


def test_a_process_that_comes_back_is_handed_whole_shards(
    stores: Callable[..., Store],
) -> None:
    """One process drives all 64 tables; another starts: the first hands over half of
    them, those of the shards it drives fewest of, and keeps whole shards."""
    a, b = (RoomStore(stores(True, SHARDS), name) for name in ("a", "b"))
    a.heartbeat()
    tables = orphans(stores, 64)
    held_a, _, _ = a.heartbeat()
    assert held_a == set(tables)
    assert b.heartbeat()[0] == set()  # b's share is driven by a: it waits for a to hand over
    held_a, _, excess = a.heartbeat()
    assert len(held_a) == len(excess) == 32
    a.release(excess)
    held_b, _, _ = b.heartbeat()
    assert held_b == excess
    assert len(shards_of(a.store, held_a)) + len(shards_of(a.store, held_b)) <= SHARDS + 1
