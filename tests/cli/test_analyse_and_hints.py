"""``tricktable analyse`` and ``tricktable play --hints``."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tricktable import load_game
from tricktable.bots import make_bot
from tricktable.bots.tools.analysis import analyse_record, report_lines
from tricktable.record import record_of
from tricktable.sim import play_match

from . import one_line, tricktable


def _record(tmp_path: Path) -> Path:
    game = load_game("euchre(target=3)")
    bots = [make_bot("heuristic", game), make_bot("random", game)] * 2
    state = play_match(game, bots, random.Random(6))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_of(state)), encoding="utf-8")
    return path


def test_analyse_flags_the_random_seat_more_than_the_heuristic(tmp_path: Path) -> None:
    text = _record(tmp_path).read_text(encoding="utf-8")
    heuristic = analyse_record(text, seat=0, worlds=8)
    random_seat = analyse_record(text, seat=1, worlds=8)
    assert heuristic and random_seat
    for decision in heuristic + random_seat:
        assert decision.loss >= 0
        if decision.values:
            assert decision.taken in decision.values
            top = max(decision.values.values())
            assert decision.values[decision.best] == top
            assert decision.loss == top - decision.values[decision.taken]
    lost = sum(d.loss for d in random_seat) / len(random_seat)
    assert lost > sum(d.loss for d in heuristic) / len(heuristic)
    assert report_lines(random_seat, 1)[-1].startswith("costly mistakes")


def test_analyse_command(tmp_path: Path) -> None:
    path = _record(tmp_path)
    result = tricktable(["analyse", str(path), "--seat", "2", "--worlds", "4", "--json"])
    assert result.returncode == 0, result.stderr
    data = json.loads(one_line(result.stdout))
    assert data["seat"] == 1 and data["decisions"]  # --seat counts from 1, the JSON from 0
    assert data["name"] == "West"
    by_name = tricktable(["analyse", str(path), "--seat", "west", "--worlds", "4", "--json"])
    assert json.loads(one_line(by_name.stdout))["seat"] == 1
    assert data["mistakes"] == sum(d["mistake"] for d in data["decisions"])
    text = tricktable(["analyse", str(path), "--worlds", "4"])
    assert "Decisions of South" in text.stdout
    assert tricktable(["analyse", str(tmp_path / "missing.json")]).returncode == 2
    wrong = tricktable(["analyse", str(path), "--seat", "0"])
    assert wrong.returncode == 2 and "seats are 1-4 (counted from 1)" in wrong.stderr


def test_play_hints() -> None:
    result = tricktable(["play", "euchre", "--seed", "3", "--hints"], stdin="hint\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "recommended" in result.stdout
    off = tricktable(["play", "euchre", "--seed", "3"], stdin="hint\nquit\n")
    assert "Hints are off" in off.stdout


def test_analyse_html_page_and_noise_option(tmp_path: Path) -> None:
    path = _record(tmp_path)
    page = tmp_path / "review.html"
    result = tricktable(
        ["analyse", str(path), "--seat", "2", "--worlds", "4", "--html", str(page), "--json"]
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(one_line(result.stdout))
    assert data["min_loss"] == 0.1 and data["totals"]["decisions"] == len(data["decisions"])
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "<script" not in html
    assert html.count("<rect ") == len(data["decisions"])
    assert html.count('class="tag"') == sum(bool(d["verdict"]) for d in data["decisions"])
    bad = tricktable(["analyse", str(path), "--min-loss", "-1"])
    assert bad.returncode == 2 and "--min-loss" in bad.stderr
