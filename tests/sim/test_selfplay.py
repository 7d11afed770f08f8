"""Self-play examples (``tricktable.sim.selfplay``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tricktable.games import load_game
from tricktable.learn.part import Table
from tricktable.sim.selfplay import (
    learned_part,
    match_examples,
    plan,
    play_examples,
    read_examples,
    write_examples,
)

WHIST_3 = Table("romanian_whist", 3)
OH_HELL = Table("romanian_whist(preset=oh_hell,hand_size=5)", 4)


def test_a_match_gives_one_example_per_bid_with_what_followed() -> None:
    game = load_game("romanian_whist", players=3)
    rows = match_examples(game, ("medium",), 11, explore=0.0)
    bids_with_a_choice = 0
    for row in rows:
        assert row.action == f"bid {row.aim}"
        assert 0 <= row.tricks <= row.most and 0 <= row.aim <= row.most
        made = row.tricks == row.aim
        assert (row.points >= 5) == made  # Romanian scoring: 5 + the bid when exact
        bids_with_a_choice += 1
    assert bids_with_a_choice > 40
    by_deal: dict[int, list[int]] = {}
    for row in rows:
        by_deal.setdefault(row.deal, []).append(row.tricks)
    sizes = {row.deal: row.most for row in rows}
    whole = [deal for deal, tricks in by_deal.items() if len(tricks) == 3]
    assert len(whole) > 10  # deals where every bid had a choice: every trick counted once
    assert all(sum(by_deal[deal]) == sizes[deal] for deal in whole)


def test_the_same_seed_gives_the_same_examples_and_exploring_changes_bids() -> None:
    game = load_game("romanian_whist", players=3)
    first = match_examples(game, ("medium",), 5, explore=0.0)
    assert match_examples(game, ("medium",), 5, explore=0.0) == first
    explored = match_examples(game, ("medium",), 5, explore=1.0)
    assert [row.action for row in explored] != [row.action for row in first]


def test_workers_do_not_change_the_examples() -> None:
    tables = [WHIST_3, OH_HELL]
    alone = list(play_examples(tables, ["medium"], 4, 9, 0.25))
    shared = list(play_examples(tables, ["medium"], 4, 9, 0.25, workers=2))
    assert alone == shared
    assert {row.rules for row in alone} == {
        "romanian_whist(preset=romanian_whist)",
        "romanian_whist(preset=oh_hell,hand_size=5)",
    }


def test_a_plan_shares_matches_by_table() -> None:
    jobs = plan([WHIST_3, Table("romanian_whist", 4, 3)], 8, 0)
    assert [job[1] for job in jobs] == [3, 3, 4, 4, 4, 4, 4, 4]
    assert len({job[3] for job in jobs}) == 8
    with pytest.raises(ValueError, match="matches must be >= 1"):
        plan([WHIST_3], 0, 0)


def test_examples_written_and_read_back_are_the_same_bytes(tmp_path: Path) -> None:
    rows = list(play_examples([OH_HELL], ["medium"], 3, 2, 0.5))
    first, second = tmp_path / "a.jsonl.gz", tmp_path / "b.jsonl.gz"
    assert write_examples(rows, first) == len(rows)
    assert read_examples(first) == rows
    write_examples(read_examples(first), second)
    assert first.read_bytes() == second.read_bytes()


def test_bad_settings_and_games_without_a_learned_part_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tricktable.sim.selfplay as selfplay

    with pytest.raises(ValueError, match="explore is a share from 0 to 1"):
        list(play_examples([WHIST_3], ["medium"], 1, 0, 1.5))
    # every game has a learned part now: one without is made by hiding Pitch's
    monkeypatch.setattr(selfplay, "learned_part_of", lambda game: None)
    with pytest.raises(ValueError, match="pitch has no learned decisions; games with them: "):
        learned_part(load_game("pitch"))
    monkeypatch.undo()
    with pytest.raises(ValueError, match="needs 1 or 3 bot names"):
        match_examples(load_game("romanian_whist", players=3), ("medium", "hard"), 1, 0.0)
