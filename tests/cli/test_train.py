"""``tricktable train``: self-play examples and a bidding model, end to end on tiny runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tricktable.cli.main import main
from tricktable.learn.model import OutcomeModel
from tricktable.sim.selfplay import read_examples


def test_data_then_bidding_twice_gives_the_same_weights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "bids.jsonl.gz"
    command = ["train", "data", "romanian_whist", "--players", "3", "--matches", "2"]
    assert main([*command, "--seed", "4", "--workers", "2", "--out", str(data)]) == 0
    rows = read_examples(data)
    out = capsys.readouterr().out
    assert f"{len(rows)} examples from 2 matches written to {data}" in out
    assert {row.players for row in rows} == {3} and {row.match for row in rows} == {0, 1}

    weights = [tmp_path / "first.json", tmp_path / "second.json"]
    for path in weights:
        train = ["train", "bidding", "romanian_whist", "--data", str(data), "--epochs", "1"]
        assert main([*train, "--seed", "2", "--out", str(path)]) == 0
    assert weights[0].read_bytes() == weights[1].read_bytes()
    model = OutcomeModel.load(weights[0])
    assert model.meta["data"] == "bids.jsonl.gz" and model.meta["seed"] == 2
    assert "(not the shipped weights)" in capsys.readouterr().out
    assert json.loads(weights[0].read_text())["kind"] == "outcome_model"


def test_bidding_trains_on_from_the_shipped_weights_when_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tricktable.games.romanian_whist.learned import WEIGHTS

    data = tmp_path / "bids.jsonl.gz"
    command = ["train", "data", "romanian_whist", "--players", "4", "--matches", "2"]
    assert main([*command, "--seed", "4", "--out", str(data)]) == 0
    path = tmp_path / "tuned.json"
    train = ["train", "bidding", "romanian_whist", "--data", str(data), "--epochs", "1"]
    assert main([*train, "--start", str(WEIGHTS), "--rate", "0.0001", "--out", str(path)]) == 0
    assert "(from " in capsys.readouterr().out
    tuned, shipped = OutcomeModel.load(path), OutcomeModel.load(WEIGHTS)
    assert tuned.meta["start"] == WEIGHTS.name and tuned.meta["rate"] == 0.0001
    assert (tuned.mean, tuned.scale) == (shipped.mean, shipped.scale)
    assert tuned.outcomes == shipped.outcomes and tuned.hidden != shipped.hidden


def test_bidding_plays_its_own_tables_when_given_no_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "model.json"
    train = ["train", "bidding", "romanian_whist", "--matches", "14", "--epochs", "1"]
    assert main([*train, "--out", str(path)]) == 0
    meta = OutcomeModel.load(path).meta
    assert meta["matches"] == 14 and meta["bots"] == "medium" and meta["explore"] == 0.25
    assert "examples trained" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["data", "romanian_whist", "--explore", "2", "--out", "x"], "--explore must be a share"),
        (["data", "romanian_whist", "--matches", "0", "--out", "x"], "--matches must be"),
        (["data", "romanian_whist", "--bots", "medium,hard", "--out", "x"], "--bots: one name"),
        (["bidding", "romanian_whist", "--data", "nowhere.gz", "--out", "x"], "cannot read"),
        (["bidding", "romanian_whist", "--rate", "0", "--out", "x"], "--rate must be a step"),
        (["bidding", "romanian_whist", "--start", "no.json", "--out", "x"], "--start: cannot"),
    ],
)
def test_bad_arguments_are_named(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["train", *arguments]) == 2
    assert message in capsys.readouterr().err


def test_a_game_with_no_learned_part_is_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every game has a learned part now: one without is made by hiding Pitch's."""
    import tricktable.sim.selfplay as selfplay

    monkeypatch.setattr(selfplay, "learned_part_of", lambda game: None)
    assert main(["train", "data", "pitch", "--out", "x"]) == 2
    assert "pitch has no learned decisions" in capsys.readouterr().err


def test_euchre_s_examples_keep_both_sides_points_and_train_its_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Euchre learns the deal's net score: each example keeps its side's points and the
    other side's, and a deal scores for one side only."""
    data = tmp_path / "euchre.jsonl.gz"
    command = ["train", "data", "euchre", "--matches", "12", "--seed", "3", "--out", str(data)]
    assert main(command) == 0
    rows = read_examples(data)
    assert rows and {row.action.split()[0] for row in rows} >= {"pass", "order"}
    assert all(row.points == 0 or row.others == 0 for row in rows)
    assert any(row.others > 0 for row in rows) and any(row.points > 0 for row in rows)
    path = tmp_path / "model.json"
    train = ["train", "bidding", "euchre", "--data", str(data), "--epochs", "1"]
    assert main([*train, "--out", str(path)]) == 0
    assert OutcomeModel.load(path).outcomes == 9
    assert "(not the shipped weights)" in capsys.readouterr().out


def test_the_default_matches_are_the_game_s_own(capsys: pytest.CaptureFixture[str]) -> None:
    from tricktable.games.euchre.learned import LEARNED as EUCHRE
    from tricktable.games.romanian_whist.learned import LEARNED as WHIST

    assert (EUCHRE.matches, WHIST.matches) == (20000, 4000)
    assert OutcomeModel.load(EUCHRE.weights).meta["matches"] == EUCHRE.matches
    assert OutcomeModel.load(WHIST.weights).meta["matches"] == WHIST.matches
    with pytest.raises(SystemExit):
        main(["train", "bidding", "--help"])
    assert "the number that made the game's shipped weights" in capsys.readouterr().out


def test_bid_euchre_s_examples_count_its_scores_and_train_its_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bid euchre's individual form counts down: a seat's examples keep its own score change
    and the others' together (a trick taken is -1), and its model learns the net score."""
    data = tmp_path / "bid_euchre.jsonl.gz"
    command = ["train", "data", "bid_euchre", "--players", "3", "--matches", "2", "--seed", "3"]
    assert main([*command, "--out", str(data)]) == 0
    rows = read_examples(data)
    assert rows and {row.action.split()[0] for row in rows} >= {"pass", "bid", "stay"}
    assert all(row.players == 3 and row.most == 48 for row in rows)
    assert all(row.points <= 5 and row.others <= 10 for row in rows)  # at most a set each
    assert any(row.points < 0 for row in rows)  # tricks taken count down
    path = tmp_path / "model.json"
    train = ["train", "bidding", "bid_euchre", "--data", str(data), "--epochs", "1"]
    assert main([*train, "--out", str(path)]) == 0
    assert OutcomeModel.load(path).outcomes == 49
    assert "(not the shipped weights)" in capsys.readouterr().out


def test_players_and_rules_pick_the_form_whose_model_is_trained(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """All Fours's forms learn apart: three players train the each-for-itself part on its
    own tables, two players the two-sided part on its tables."""
    from tricktable.games.all_fours.learned import EACH_FOR_ITSELF, LEARNED

    for players, part in (("3", EACH_FOR_ITSELF), ("2", LEARNED)):
        path = tmp_path / f"model{players}.json"
        train = ["train", "bidding", "all_fours", "--players", players, "--matches", "6"]
        assert main([*train, "--epochs", "1", "--out", str(path)]) == 0
        model = OutcomeModel.load(path)
        tables = [[table.rules, table.players, table.share] for table in part.tables]
        assert model.meta["tables"] == tables
        assert model.outcomes == part.model.outcomes
    assert "(not the shipped weights)" in capsys.readouterr().out
    assert main(["train", "bidding", "all_fours", "--players", "5", "--out", "x"]) == 2
    assert "all_fours is played by 2, 3 or 4 players, not 5" in capsys.readouterr().err
