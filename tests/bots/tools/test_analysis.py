"""``bots.tools.analysis``: the best action, the loss, the noise threshold, the context and
the totals of a review, on values ``advise`` is made to give."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tricktable.bots import make_bot
from tricktable.bots.tools import analysis
from tricktable.bots.tools.advice import Advice
from tricktable.bots.tools.analysis import analyse_record, report_lines, totals
from tricktable.core import Game, SeatView
from tricktable.games import load_game
from tricktable.record import record_of
from tricktable.sim import play_match


def _record() -> dict[str, Any]:
    game = load_game("euchre(target=3)")
    state = play_match(game, [make_bot("heuristic", game)] * 4, random.Random(6))
    return record_of(state, names=["Ann", "bot:heuristic", "Cid", "bot:heuristic"])


def _recommending_the_worst(step: float) -> Any:
    """An ``advise`` whose values rise by ``step`` in text order and whose recommendation is
    the lowest-valued action (a recommender within its margin, as pimc's bidding is)."""

    def advise(game: Game[Any], view: SeatView, rng: random.Random, worlds: int) -> Advice:
        legal = sorted(view.legal)
        values = {text: step * index for index, text in enumerate(legal)}
        return Advice(values, legal[0], "points")

    return advise


def test_best_is_the_action_of_top_value_and_the_loss_is_measured_from_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(analysis, "advise", _recommending_the_worst(0.3))
    decisions = analyse_record(_record(), seat=0, worlds=1)
    assert decisions
    for decision in decisions:
        top = max(decision.values.values())
        assert decision.best == max(decision.values, key=lambda text: decision.values[text])
        assert decision.loss == pytest.approx(top - decision.values[decision.taken])
        assert decision.to_json()["best"] == decision.best


def test_losses_within_the_noise_are_not_flagged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "advise", _recommending_the_worst(0.004))
    decisions = analyse_record(_record(), seat=0, worlds=1)
    assert any(decision.loss > 0 for decision in decisions)
    report = "\n".join(report_lines(decisions, 0))
    assert "0.00" not in report.replace("0.004", "")
    assert "better" not in report
    assert not any(decision.verdict for decision in decisions)
    flagged = analyse_record(_record(), seat=0, worlds=1, min_loss=0.0)
    assert any(decision.verdict == "inaccuracy" for decision in flagged)


def test_a_flagged_decision_shows_the_hand_what_came_before_and_every_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(analysis, "advise", _recommending_the_worst(0.3))
    decisions = analyse_record(_record(), seat=0, worlds=1)
    flagged = [d for d in decisions if d.verdict]
    assert flagged
    lines = report_lines(decisions, 0)
    for decision in flagged:
        assert decision.hand and all(decision.hand)
        head = next(
            i
            for i, line in enumerate(lines)
            if f"decision {decision.decision:>3}" in line and f"deal {decision.number:>3}" in line
        )
        detail = "\n".join(lines[head + 1 : head + 5])
        assert "hand: " in detail and "values (points): " in detail
        assert ("trick so far" in detail) == (decision.phase == "play")
        for text in decision.values:
            assert text in detail


def test_totals_count_every_decision_once_by_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "advise", _recommending_the_worst(0.3))
    decisions = analyse_record(_record(), seat=0, worlds=1)
    sums = totals(decisions)
    assert sums.decisions == len(decisions) == sum(t.decisions for t in sums.by_phase.values())
    assert sums.mistakes == sum(d.mistake for d in decisions)
    assert sums.mean_loss == pytest.approx(sum(d.loss for d in decisions) / sums.analysed)
    lines = report_lines(decisions, 0)
    assert lines[-3].startswith("mean loss: ") and lines[-2].startswith("by phase: ")


def test_json_and_text_count_deals_and_decisions_from_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "advise", _recommending_the_worst(0.3))
    decisions = analyse_record(json.dumps(_record()), seat=0, worlds=1)
    first = decisions[0]
    entry = first.to_json()
    assert entry["deal"] == first.deal + 1 and entry["decision"] == first.step + 1
    assert entry["deal_index"] == first.deal and entry["action_index"] == first.step
    assert (
        f"deal {entry['deal']:>3} decision {entry['decision']:>3}" in report_lines(decisions, 0)[1]
    )
