"""The record walker: the order and number of its hooks over a generated match of each game,
and a faulty record reported as ``replay_record`` reports it."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from tricktable.core import Deal, DealSummary, State
from tricktable.errors import RecordError
from tricktable.games import GAMES, load_game
from tricktable.record import RecordVisitor, Step, record_of, replay_json, walk_record

MAX_DECISIONS = 600
"""Random play stops here (a random bid euchre match may never end): the record then stops
inside the match, which the walk must handle too."""


def random_match(rules: str, seed: int) -> State:
    rng = random.Random(seed)
    state = load_game(rules).new_match(rng)
    decisions = 0
    while not state.is_terminal() and decisions < MAX_DECISIONS:
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply_text(rng.choice(state.legal_texts()))
            decisions += 1
    return state


class Log(RecordVisitor):
    """Every hook call, in order, with what the state showed at that moment."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.summaries: list[dict[str, Any]] = []

    def begin_match(self, state: State) -> None:
        self.calls.append(("begin_match", len(state.deals)))

    def begin_deal(self, index: int, deal: Deal, state: State) -> None:
        assert state.deals[-1] == deal and state.actions[-1] == []
        self.calls.append(("begin_deal", index))

    def before_action(self, step: Step, state: State) -> None:
        assert state.current_player == step.seat and step.action in state.legal_actions()
        assert len(state.actions[-1]) == step.index
        self.calls.append(("before", step.deal, step.index, step.seat, step.text))

    def after_action(self, step: Step, state: State) -> None:
        assert state.actions[-1][-1] == step.action and len(state.actions[-1]) == step.index + 1
        self.calls.append(("after", step.deal, step.index, step.seat, step.text))

    def end_deal(self, index: int, summary: DealSummary, state: State) -> None:
        self.calls.append(("end_deal", index))
        self.summaries.append(summary.to_json())

    def end_match(self, state: State) -> None:
        self.calls.append(("end_match", len(state.deals)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hooks_come_in_order_once_per_deal_and_twice_per_action(name: str) -> None:
    played = random_match(name, seed=len(name))
    log = Log()
    walked = walk_record(json.dumps(record_of(played)), log)

    texts = played.history_texts()
    expected: list[tuple[Any, ...]] = [("begin_match", 0)]
    for index, deal_texts in enumerate(texts):
        expected.append(("begin_deal", index))
        for step, (seat, text) in enumerate(zip(played.actors[index], deal_texts, strict=True)):
            expected.append(("before", index, step, seat, text))
            expected.append(("after", index, step, seat, text))
        expected.append(("end_deal", index))
    expected.append(("end_match", len(texts)))
    assert log.calls == expected
    assert log.summaries == [summary.to_json() for summary in played.summaries()]
    assert replay_json(walked) == replay_json(played)


def test_a_faulty_record_stops_the_walk_at_the_fault_with_the_replay_error() -> None:
    record = record_of(random_match("euchre", seed=1))
    faulty = copy.deepcopy(record)
    faulty["deals"][1]["actions"][2] = "call S alone"
    log = Log()
    with pytest.raises(RecordError, match=r"^deal 1, action 2 'call S alone': ") as raised:
        walk_record(faulty, log)
    first_deal = len(record["deals"][0]["actions"])
    assert log.calls[-1] == ("after", 1, 1, log.calls[-1][3], record["deals"][1]["actions"][1])
    assert len(log.calls) == 1 + (1 + 2 * first_deal + 1) + 1 + 2 * 2
    assert "legal actions: " in str(raised.value)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_walk_reads_one_sheet_line_per_deal_and_never_copies_the_sheet(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = random_match(name, seed=len(name))
    record = record_of(played)
    asked: list[int] = []
    copies = 0
    line_of_deal = State.deal_summary

    def deal_summary(state: State, index: int) -> DealSummary:
        asked.append(index)
        return line_of_deal(state, index)

    def summaries(state: State) -> list[DealSummary]:
        nonlocal copies
        copies += 1  # each call copies the whole sheet: a walk calling it is quadratic
        return []

    monkeypatch.setattr(State, "deal_summary", deal_summary)
    monkeypatch.setattr(State, "summaries", summaries)
    walk_record(record, RecordVisitor())
    assert copies == 0
    assert asked == list(range(len(record["deals"])))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_deal_summary_is_that_line_of_the_sheet(name: str) -> None:
    rng = random.Random(7)
    state = load_game(name).new_match(rng)
    with pytest.raises(IndexError, match="no deal 0"):
        state.deal_summary(0)
    decisions = 0
    while not state.is_terminal() and decisions < 120:
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply_text(rng.choice(state.legal_texts()))
            decisions += 1
        sheet = state.summaries()
        assert [state.deal_summary(i).to_json() for i in range(len(sheet))] == [
            line.to_json() for line in sheet
        ]
    with pytest.raises(IndexError):
        state.deal_summary(len(state.deals))
