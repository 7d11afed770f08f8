"""The replay viewer's frames: one per deal and per decision, built in a number of steps
linear in the record's length (counted as Python calls, never timed)."""

from __future__ import annotations

import json
import random
import sys
from types import FrameType
from typing import Any

import pytest

from tests.web.conftest import Server
from tricktable.games import load_game
from tricktable.record import record_of
from tricktable.web import replays
from tricktable.web.limits import ServerLimits
from tricktable.web.replays import frames


def long_record() -> dict[str, Any]:
    """A whole match of random play to 50 points (several hundred decisions)."""
    rng = random.Random(5)
    state = load_game("euchre(target=50)").new_match(rng)
    while not state.is_terminal():
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply_text(rng.choice(state.legal_texts()))
    return record_of(state)


def first_actions(record: dict[str, Any], count: int) -> dict[str, Any]:
    """The record cut after its first ``count`` decisions (a record may stop anywhere)."""
    deals = []
    for deal in record["deals"]:
        if count <= 0:
            break
        deals.append({**deal, "actions": deal["actions"][:count]})
        count -= len(deal["actions"])
    return {**record, "deals": deals}


def calls_for_frames(record: dict[str, Any]) -> tuple[int, int]:
    """How many Python calls ``frames(record)`` makes, and how many frames it returns."""
    calls = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(count)
    try:
        shown = frames(record)
    finally:
        sys.setprofile(None)
    return calls, len(shown)


def test_one_frame_per_deal_and_per_decision() -> None:
    record = long_record()
    shown = frames(record)
    assert len(shown) == sum(1 + len(deal["actions"]) for deal in record["deals"])
    assert [frame["action"] for frame in shown if frame["deal"] == 1] == [
        None,
        *record["deals"][1]["actions"],
    ]
    last = shown[-1]
    assert last["history"] == record["deals"][-1]["actions"]


def test_twice_the_record_takes_about_twice_the_calls() -> None:
    record = long_record()
    assert sum(len(deal["actions"]) for deal in record["deals"]) >= 600
    short_calls, short_frames = calls_for_frames(first_actions(record, 300))
    long_calls, long_frames = calls_for_frames(first_actions(record, 600))
    frames_ratio = long_frames / short_frames
    assert 1.9 < frames_ratio < 2.1
    # Rebuilding every deal's history at each frame made this ratio above 3.
    assert long_calls / short_calls < 1.15 * frames_ratio


def stored_record(server: Server, table_id: str, record: dict[str, Any]) -> None:
    """Store ``record`` as the finished match of ``table_id``."""
    summary = {"names": None, "scores": [], "winner": None, "sides": [], "rules": ""}
    server.manager.store.finish(table_id, record["game"], summary, json.dumps(record))


def test_frames_over_http_are_linear_cached_and_rate_limited(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each frame is built once, from the record walked once (counted, never timed); a stored
    record's frames are built once and then served from the cache; an address asking for
    more than its rate is refused."""
    built = 0
    real = replays._frame

    def counting(*args: Any) -> Any:
        nonlocal built
        built += 1
        return real(*args)

    monkeypatch.setattr(replays, "_frame", counting)
    server = Server(sqlite_url, limits=ServerLimits(replay_rate=0.001, replay_burst=3)).start()
    try:
        record = long_record()
        steps = sum(1 + len(deal["actions"]) for deal in record["deals"])
        stored_record(server, "long", record)
        status, answer = server.request("GET", "/api/records/long/frames")
        assert status == 200 and len(answer["frames"]) == steps
        assert built == steps
        for _ in range(5):  # the cache answers: no work, not counted against the rate
            assert server.request("GET", "/api/records/long/frames")[1] == answer
        assert built == steps
        cut = first_actions(record, 100)
        status, _ = server.request("POST", "/api/replay", cut)
        assert status == 200 and built == steps + sum(1 + len(d["actions"]) for d in cut["deals"])
        assert server.request("POST", "/api/replay", first_actions(record, 10))[0] == 200
        status, refused = server.request("POST", "/api/replay", first_actions(record, 10))
        assert status == 429 and refused["error"] == "rate_limited"
    finally:
        server.stop()


def test_a_record_beyond_the_frame_limit_is_refused_with_a_reason(server: Server) -> None:
    rng = random.Random(8)
    state = load_game("euchre(target=1000)").new_match(rng)
    steps = 0
    while steps <= replays.MAX_FRAMES:
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply_text(rng.choice(state.legal_texts()))
        steps += 1
    status, answer = server.request("POST", "/api/replay", record_of(state))
    assert status == 400 and answer["error"] == "bad_record"
    assert f"at most {replays.MAX_FRAMES}" in answer["message"]


def test_the_viewer_names_seats_by_name_and_sides_by_their_members() -> None:
    record = long_record()
    record["names"] = ["Ann", "bot:heuristic", "Cid", "bot:heuristic"]
    answer = replays.replay_answer(record)
    assert answer["names"] == ["Ann", "West", "Cid", "East"]
    assert answer["sides"] == ["Ann & Cid", "West & East"]
    said = [sentence for frame in answer["frames"] for sentence in frame.get("said", [])]
    assert any(sentence.endswith("win the game") for sentence in said)
    assert not any("side 0" in sentence or "side 1" in sentence for sentence in said)
