"""The record walker: the order and number of its hooks over a generated match of each game,
and a faulty record reported as ``replay_record`` reports it."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from tricktable.cards import card_name as card_text
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


# -- start_scores and unseen cards ------------------------------------------------------------
def euchre_record(seed: int = 5, rules: str = "euchre(preset=north_american)") -> dict[str, Any]:
    return record_of(random_match(rules, seed))


def test_start_scores_are_where_the_running_scores_count_from() -> None:
    record = euchre_record()
    record["deals"] = record["deals"][:1]
    plain = replay_json(walk_record(record, RecordVisitor()))
    record["start_scores"] = [3, 4]
    later = replay_json(walk_record(record, RecordVisitor()))
    first = later["deals"][0]
    assert first["points"] == plain["deals"][0]["points"]
    assert first["scores"] == [3 + first["points"][0], 4 + first["points"][1]]
    assert later["scores"] == first["scores"] and not later["finished"]
    # Taken up at 9-9, the first deal decides the match.
    record["start_scores"] = [9, 9]
    decided = replay_json(walk_record(record, RecordVisitor()))
    assert decided["finished"] and decided["winner"] == (0 if first["points"][0] else 1)


def test_record_of_writes_start_scores_when_given() -> None:
    state = random_match("euchre(preset=north_american)", 5)
    assert "start_scores" not in record_of(state)
    assert record_of(state, start_scores=[2, 0])["start_scores"] == [2, 0]


@pytest.mark.parametrize("bad", [[1], [1, 2, 3], ["1", 2], [True, 0], 5])
def test_bad_start_scores_are_refused(bad: Any) -> None:
    record = euchre_record()
    record["start_scores"] = bad
    with pytest.raises(RecordError, match="'start_scores' must list 2 integers"):
        walk_record(record, RecordVisitor())


def _first_deal_with(record: dict[str, Any], word: str) -> int:
    return next(
        i for i, deal in enumerate(record["deals"]) if any(word in a for a in deal["actions"])
    )


def _lone_record() -> tuple[dict[str, Any], int, int]:
    """A record with a lone hand whose dealer discarded a card it did not play: the deal's
    index, and the seat of the loner's partner."""
    for seed in range(200):
        record = euchre_record(seed)
        for index, deal in enumerate(record["deals"]):
            actions = deal["actions"]
            alone = [a for a in actions if a.endswith("alone")]
            discards = [a for a in actions if a.startswith("discard ")]
            if alone and discards and deal["turned"] not in discards[0]:
                state = walk_record({**record, "deals": record["deals"][: index + 1]}, Log())
                maker = state.actors[-1][actions.index(alone[0])]
                return record, index, (maker + 2) % 4
    raise AssertionError("no lone hand with a discard in 200 matches")


def test_unseen_cards_replay_to_the_same_result() -> None:
    record, index, partner = _lone_record()
    before = replay_json(walk_record(record, RecordVisitor()))
    deal = record["deals"][index]
    unseen = [0, 0, 0, 0]
    discard = next(a for a in deal["actions"] if a.startswith("discard "))
    discarder = walk_record({**record, "deals": record["deals"][: index + 1]}, Log()).actors[-1][
        deal["actions"].index(discard)
    ]
    if discarder != partner:
        deal["hands"][discarder].remove(discard.split()[1])
        unseen[discarder] += 1
    deal["actions"][deal["actions"].index(discard)] = "discard"
    deal["hands"][partner] = []
    unseen[partner] = 5
    deal["unseen"] = unseen
    assert replay_json(walk_record(record, RecordVisitor())) == before


def test_a_seat_with_unseen_cards_may_not_play() -> None:
    record = euchre_record()
    deal = record["deals"][0]
    deal["hands"][1] = deal["hands"][1][:4]
    deal["unseen"] = [0, 1, 0, 0]
    assert any(a.startswith("play") for a in deal["actions"])
    with pytest.raises(RecordError, match="holds cards never seen"):
        walk_record(record, RecordVisitor())


def test_an_action_may_not_name_a_stand_in() -> None:
    record = euchre_record()
    deal = record["deals"][0]
    deal["hands"] = [deal["hands"][0], *deal["hands"][1:3], []]
    deal["unseen"] = [0, 0, 0, 5]
    named = {c for hand in deal["hands"] for c in hand} | {deal["turned"], *deal["stock"]}
    stand_in = next(c for c in load_game("euchre").deck if card_text(c) not in named)
    deal["actions"] = ["pass", "pass", "pass", "order", f"discard {card_text(stand_in)}"]
    with pytest.raises(RecordError, match="not in this deal's hands"):
        walk_record(record, RecordVisitor())


@pytest.mark.parametrize("bad", [[0, 0, 1], [0, -1, 0, 0], "1", [0, 0, 0, 1.5]])
def test_a_bad_unseen_field_is_refused(bad: Any) -> None:
    record = euchre_record()
    record["deals"][0]["unseen"] = bad
    with pytest.raises(RecordError, match="'unseen' must list"):
        walk_record(record, RecordVisitor())


def test_the_text_replay_shows_unseen_cards_and_the_start() -> None:
    from tricktable.record import replay_text

    record, index, partner = _lone_record()
    record["deals"][index]["hands"][partner] = []
    record["deals"][index]["unseen"] = [5 if seat == partner else 0 for seat in range(4)]
    record["deals"] = record["deals"][: index + 1]
    record["start_scores"] = [1, 0]
    state = walk_record(record, RecordVisitor())
    text = replay_text(state, record=record)
    assert "?? ?? ?? ?? ??" in text
    first = replay_json(state)["deals"][0]["scores"]
    sheet = text[text.index("Score sheet") :].splitlines()
    assert [int(cell) for cell in sheet[2].split()] == [1, *first]


def test_a_record_may_not_stop_at_a_choice_among_unseen_cards() -> None:
    record = next(r for r in map(euchre_record, range(100)) if "order" in r["deals"][0]["actions"])
    deal = record["deals"][0]
    stop = deal["actions"].index("order") + 1
    dealer = walk_record({**record, "deals": [{**deal, "actions": []}]}, Log()).dealer
    deal["actions"] = deal["actions"][:stop]
    deal["hands"][dealer] = deal["hands"][dealer][:4]
    deal["unseen"] = [1 if seat == dealer else 0 for seat in range(4)]
    record["deals"] = [deal]
    with pytest.raises(RecordError, match="must choose among cards never seen"):
        walk_record(record, RecordVisitor())
    deal["actions"].append("discard")
    assert replay_json(walk_record(record, RecordVisitor()))["to_act"] is not None


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
