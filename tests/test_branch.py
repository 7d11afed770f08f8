"""What if: the points of a record a branch may start from, the match at that point, and the
branch's own record (``tricktable.branch``)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from tricktable.bots import make_bot
from tricktable.branch import (
    BranchError,
    branch_points,
    branch_record,
    find_point,
    start_branch,
)
from tricktable.errors import RecordError
from tricktable.games import load_game
from tricktable.record import RecordVisitor, record_of, replay_json, replay_record, walk_record
from tricktable.sim import play_match

NAMES = ["Ann", "bot:pimc", "Cid", "bot:heuristic"]


def finished_record(seed: int = 3, rules: str = "euchre(target=5)") -> dict[str, Any]:
    """A whole match of heuristic bots, as a record with the players' names."""
    game = load_game(rules)
    state = play_match(
        game, [make_bot("heuristic", game, s) for s in range(4)], random.Random(seed)
    )
    return record_of(state, names=NAMES, seed=seed)


def decisions_of(record: dict[str, Any]) -> list[tuple[int, int, str]]:
    """Every decision of a record as ``(deal index, action index, text)``."""
    return [
        (deal, step, text)
        for deal, entry in enumerate(record["deals"])
        for step, text in enumerate(entry["actions"])
    ]


def play_on(state: Any, seed: int) -> None:
    """Finish the match with random bots, dealing from ``seed``."""
    game = state.game
    rng = random.Random(seed)
    bot = make_bot("random", game)
    while not state.is_terminal():
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply_text(bot.choose(state.view(state.current_player), rng))


def test_every_decision_is_a_point_counted_from_one_both_ways() -> None:
    record = finished_record()
    points = branch_points(record, replay_record(record))
    flat = decisions_of(record)
    assert len(points) == len(flat)  # a finished match: no point after its last decision
    for number, point in enumerate(points, 1):
        deal, step, _ = flat[number - 1]
        assert (point.decision, point.deal_index, point.step_index) == (number, deal, step)
        assert find_point(points, str(number)) == point
        assert find_point(points, f"{point.deal}:{point.step}") == point


@pytest.mark.parametrize("number", [1, 2, 7, 23, 40])
def test_the_state_is_the_record_just_before_the_decision(number: int) -> None:
    record = finished_record()
    branch = start_branch(json.dumps(record), number)
    deal, step, text = decisions_of(record)[number - 1]
    state = branch.state
    assert len(state.deals) == deal + 1 and len(state.actions[-1]) == step
    assert text in state.legal_texts() or text.lower() in state.legal_texts()
    kept = [a for entry in record_of(state)["deals"] for a in entry["actions"]]
    assert kept == [a for _, _, a in decisions_of(record)[: number - 1]]


def test_the_branch_record_keeps_the_past_and_replays_with_the_new_decisions() -> None:
    record = finished_record()
    deal, step, _ = decisions_of(record)[29]
    branch = start_branch(record, "30")
    play_on(branch.state, seed=11)
    names = ["You", "bot:hard", "bot:hard", "bot:hard"]
    branched = branch_record(branch, branch.state, names=names, seed=11)
    assert branched["rules"] == record["rules"]
    assert branched["first_dealer"] == record["first_dealer"]
    assert branched["names"] == names and branched["seed"] == 11
    assert branched["branch"] == {"decisions": 29, "names": NAMES}
    assert branched["deals"][:deal] == record["deals"][:deal]
    here = branched["deals"][deal]
    assert {k: v for k, v in here.items() if k != "actions"} == {
        k: v for k, v in record["deals"][deal].items() if k != "actions"
    }
    assert here["actions"][:step] == record["deals"][deal]["actions"][:step]
    again = replay_record(json.loads(json.dumps(branched)))  # through JSON, as a file
    assert replay_json(again)["finished"] is True
    assert replay_json(again) == replay_json(branch.state)


def test_a_record_that_stops_at_a_deal_end_plays_on_with_a_new_deal() -> None:
    record = finished_record()
    record["deals"] = record["deals"][:2]
    total = len(decisions_of(record))
    branch = start_branch(record, None)  # where the record stops
    assert branch.point.decision == total + 1 and branch.point.deal == 3
    assert branch.point.step == 1 and branch.state.is_chance()
    assert find_point(branch_points(record, replay_record(record)), str(total + 1)) == branch.point
    play_on(branch.state, seed=4)
    branched = branch_record(branch, branch.state, names=None)
    assert branched["deals"][:2] == record["deals"]
    assert replay_json(replay_record(branched))["finished"] is True


def test_a_record_that_stops_mid_deal_plays_on_from_its_next_decision() -> None:
    record = finished_record()
    record["deals"] = record["deals"][:1]
    record["deals"][0]["actions"] = record["deals"][0]["actions"][:3]
    branch = start_branch(record, None)
    assert branch.point.text() == "decision 4 (deal 1, decision 4)"
    assert not branch.state.is_chance() and len(branch.state.actions[0]) == 3


def test_start_scores_and_the_draw_for_partners_go_with_the_branch() -> None:
    record = finished_record()
    record["deals"] = record["deals"][:1]
    record["start_scores"] = [3, 4]
    record["partner_draw"] = {"rule": "high", "cards": [["AS"], ["9H"], ["KD"], ["TC"]]}
    record["deal_seeds"] = ["x:deal:0"]  # a web table's reveal: not the branch's
    branch = start_branch(record, 2)
    branched = branch_record(branch, branch.state, names=None)
    assert branched["start_scores"] == [3, 4]
    assert branched["partner_draw"] == record["partner_draw"]
    assert "deal_seeds" not in branched
    assert replay_json(replay_record(branched))["scores"] == replay_json(branch.state)["scores"]


def _with_unseen_deal() -> tuple[dict[str, Any], int]:
    """A finished record with one lone hand's sitting-out partner unseen, and that deal's
    index."""

    class Actors(RecordVisitor):
        def __init__(self) -> None:
            self.seats: list[list[int]] = []

        def begin_deal(self, index: int, deal: Any, state: Any) -> None:
            self.seats.append([])

        def before_action(self, step: Any, state: Any) -> None:
            self.seats[-1].append(step.seat)

    for seed in range(60):
        record = finished_record(seed)
        actors = Actors()
        walk_record(record, actors)
        for index, deal in enumerate(record["deals"][:-1]):
            alone = [i for i, a in enumerate(deal["actions"]) if a.endswith("alone")]
            if alone:
                partner = (actors.seats[index][alone[0]] + 2) % 4
                cards = [
                    seat
                    for seat, text in zip(actors.seats[index], deal["actions"], strict=True)
                    if text.startswith(("play", "discard"))
                ]
                if partner not in cards:
                    changed = copy.deepcopy(record)
                    changed["deals"][index]["hands"][partner] = []
                    changed["deals"][index]["unseen"] = [5 if s == partner else 0 for s in range(4)]
                    return changed, index
    raise AssertionError("no lone hand in 60 matches")


def test_deals_with_unseen_cards_are_kept_as_written_and_never_played_on() -> None:
    record, index = _with_unseen_deal()
    later = sum(len(entry["actions"]) for entry in record["deals"][: index + 1]) + 1
    branch = start_branch(record, later)
    branched = branch_record(branch, branch.state, names=None)
    assert branched["deals"][index] == record["deals"][index]  # unseen, not stand-ins
    assert replay_json(replay_record(branched))
    with pytest.raises(BranchError, match=f"deal {index + 1} has cards never seen"):
        start_branch(record, f"{index + 1}:1")


@pytest.mark.parametrize(
    ("at", "message"),
    [
        ("0", "no decision 0 here: decisions 1-"),
        ("99999", "no decision 99999 here: decisions 1-"),
        ("x", "'x' is not a point: give N (the match's Nth decision"),
        ("-3", "'-3' is not a point"),
        ("1:0", "deal 1 has decisions 1-"),
        ("1:99", "deal 1 has decisions 1-"),
        ("99:1", "no deal 99 to play on here: deals 1-"),
        ("2:", "'2:' is not a point"),
    ],
)
def test_a_point_the_record_does_not_have_says_which_there_are(at: str, message: str) -> None:
    with pytest.raises(BranchError, match=message.replace("(", r"\(")):
        start_branch(finished_record(), at)


def test_a_finished_record_needs_a_point() -> None:
    with pytest.raises(BranchError, match="the record's match is over: choose the decision"):
        start_branch(finished_record(), None)


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("{", "not valid JSON"),
        ("[1]", "a record must be a JSON object"),
        ('{"game": "euchre"}', "record lacks field"),
    ],
)
def test_a_bad_record_is_a_record_error(source: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        start_branch(source, 1)


def test_a_fault_after_the_point_still_refuses_the_record() -> None:
    record = finished_record()
    record["deals"][-1]["actions"][-1] = "play 2C"
    with pytest.raises(RecordError, match="action"):
        start_branch(record, 1)


def test_the_text_replay_numbers_the_decisions_and_names_the_branch_s_origin() -> None:
    from tricktable.record import replay_text

    record = finished_record()
    counts = [len(entry["actions"]) for entry in record["deals"]]
    text = replay_text(replay_record(record), record=record)
    assert f" — decisions 1-{counts[0]}\n" in text
    second = f" — decisions {counts[0] + 1}-{counts[0] + counts[1]}\n"
    assert "Deal 2 — dealer " in text and second in text
    branch = start_branch(record, 30)
    play_on(branch.state, seed=2)
    branched = branch_record(branch, branch.state, names=["You", "bot:hard", "Cid", "bot:hard"])
    told = replay_text(replay_record(branched), record=branched)
    assert (
        "Played on from another record: decisions 1-29 are that record's (its seats: Ann,"
        " West (PIMC bot), Cid, East (Medium bot)); the rest are new."
    ) in told
    assert "Played on from" not in text
