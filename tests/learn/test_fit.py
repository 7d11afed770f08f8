"""Training an outcome model (``tricktable.learn.fit``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tricktable.games.romanian_whist.learned import LEARNED
from tricktable.learn.fit import FitSettings, fit
from tricktable.learn.part import Example, Table
from tricktable.sim.selfplay import play_examples

TINY = FitSettings(hidden=6, epochs=2, batch=64)


def examples() -> list[Example]:
    tables = [Table("romanian_whist", 3), Table("romanian_whist(preset=oh_hell,hand_size=5)", 4)]
    return list(play_examples(tables, ["medium"], 6, 4, 0.25))


def test_a_tiny_run_gives_the_same_weights_twice() -> None:
    rows = examples()
    first, report = fit(rows, LEARNED, 3, TINY, {"note": "tiny"})
    second, _ = fit(rows, LEARNED, 3, TINY, {"note": "tiny"})
    assert first.to_json() == second.to_json()
    other, _ = fit(rows, LEARNED, 4, TINY)
    assert other.to_json() != first.to_json()
    assert first.meta["note"] == "tiny" and first.meta["seed"] == 3
    assert report.train_examples + report.holdout_examples == len(rows)
    assert first.outcomes == 1 + max(row.most for row in rows)


def test_training_lowers_the_held_out_loss() -> None:
    rows = examples()
    _, untrained = fit(rows, LEARNED, 3, FitSettings(hidden=6, epochs=1, rate=1e-9))
    _, trained = fit(rows, LEARNED, 3, FitSettings(hidden=6, epochs=20, batch=64))
    assert trained.log_loss < untrained.log_loss


def test_one_match_in_ten_is_held_out_whole() -> None:
    rows = examples()
    _, report = fit(rows, LEARNED, 3, TINY)
    assert report.holdout_examples == sum(1 for row in rows if row.match % 10 == 0)


def test_too_few_examples_are_refused() -> None:
    with pytest.raises(ValueError, match="too few examples to train on: 3"):
        fit(examples()[:3], LEARNED, 1, TINY)
    first_match = [row for row in examples() if row.match == 0]
    with pytest.raises(ValueError, match="one match in 10 is held out: play more matches"):
        fit(first_match, LEARNED, 1, TINY)


def test_training_on_from_a_model_keeps_its_scaling_and_starts_from_its_loss() -> None:
    rows = examples()
    base, _ = fit(rows, LEARNED, 3, TINY)
    still, report = fit(rows, LEARNED, 5, FitSettings(epochs=1, rate=1e-12), start=base)
    assert (still.mean, still.scale) == (base.mean, base.scale)
    assert len(still.hidden) == len(base.hidden) == still.meta["hidden"] == 6
    assert still.hidden == base.hidden and still.out == base.out
    assert report.start_log_loss is not None
    assert abs(report.log_loss - report.start_log_loss) < 1e-9
    assert still.meta["start_log_loss"] == round(report.start_log_loss, 4)
    tuned, tuned_report = fit(rows, LEARNED, 5, FitSettings(epochs=20, batch=64), start=base)
    assert tuned.hidden != base.hidden
    assert tuned_report.log_loss < tuned_report.start_log_loss
    _, scratch = fit(rows, LEARNED, 3, TINY)
    assert scratch.start_log_loss is None and "start_log_loss" not in base.meta


def test_a_starting_model_that_does_not_fit_the_examples_is_refused() -> None:
    rows = examples()
    small = [row for row in rows if row.most <= 3]
    narrow, _ = fit(small, LEARNED, 3, TINY)
    with pytest.raises(ValueError, match="starting model knows outcomes up to 3"):
        fit(rows, LEARNED, 3, TINY, start=narrow)
    other = replace(narrow, mean=narrow.mean[:-1], scale=narrow.scale[:-1])
    with pytest.raises(ValueError, match="starting model takes"):
        fit(small, LEARNED, 3, TINY, start=other)
