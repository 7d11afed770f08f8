"""``tricktable replay`` for people (no ``--json``) on golden records of each game: the
score sheet, and what each game's text must name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tricktable.cli.main import main

from .support import GOLDEN_GAMES, HERE, Goldens


def replay_text(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The text replay of ``path``, which must succeed without a word on stderr."""
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert status == 0 and err == "", err
    return out


@pytest.mark.parametrize("game", GOLDEN_GAMES)
def test_every_game_shows_its_score_sheet(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    for path in Goldens.of(game).good[:3]:
        out = replay_text(path, capsys)
        assert "Score sheet" in out and game in out


def test_all_fours_thrown_in_deal_and_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert "(thrown in)" in replay_text(HERE / "all_fours/pack_runs_out_two_players.json", capsys)
    assert "Result:" in replay_text(HERE / "all_fours/match_to_seven_high_first.json", capsys)


def test_bid_euchre_names_the_contract_and_bids(capsys: pytest.CaptureFixture[str]) -> None:
    out = replay_text(HERE / "bid_euchre/three_players_high.json", capsys)
    assert "Seat 2: high" in out and "Seat 2: bid 4" in out


def test_three_handed_euchre_names_every_trick(capsys: pytest.CaptureFixture[str]) -> None:
    assert "trick 7" in replay_text(HERE / "three_handed_euchre/make4.json", capsys)


def test_whist_names_the_last_trick_of_every_deal(capsys: pytest.CaptureFixture[str]) -> None:
    out = replay_text(HERE / "romanian_whist/rw3_five_deals.json", capsys)
    assert "trick 3: Seat 2 QC, Seat 3 QS, Seat 1 QH — won by Seat 2" in out
    assert "trick in progress" not in out


def test_whist_negative_points(capsys: pytest.CaptureFixture[str]) -> None:
    out = replay_text(HERE / "romanian_whist/rw4_first_deal.json", capsys)
    assert "+-" not in out and "South -1" in out


def test_all_fours_tells_a_run_turn_up_before_the_discards_it_causes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = replay_text(HERE / "all_fours/af_run_once_low_dealt.json", capsys).splitlines()
    run = lines.index("  Seat 2: run")
    assert lines[run + 1] == "  * run: 6C turned, trump"
    assert lines[run + 2] == "  Seat 1: discard AC"
