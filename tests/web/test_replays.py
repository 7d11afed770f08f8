"""The replay viewer's frames: one per deal and per decision, built in a number of steps
linear in the record's length (counted as Python calls, never timed)."""

from __future__ import annotations

import random
import sys
from types import FrameType
from typing import Any

from tricktable.games import load_game
from tricktable.record import record_of
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
