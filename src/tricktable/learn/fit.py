"""Training an ``OutcomeModel`` from self-play examples (NumPy: the ``train`` extra).

Minibatch Adam on the outcomes' cross-entropy (with a little L2), from weights and batch
orders drawn from ``numpy.random.default_rng(seed)``: the same examples and seed give the
same weights. ``start`` trains on from a model already made (its weights, and its inputs'
standardisation kept), so that a few examples of another play can tune it. One match in
``1 / holdout`` (by its index in the plan: every table has its
share) is kept out of training and reported: its mean log-loss, and how often the aim was hit there
against how often the model said it would be (``FitReport``). Weights are rounded to
``DIGITS`` places, which also keeps the shipped file small.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from tricktable.learn.model import OutcomeModel
from tricktable.learn.part import Example

DIGITS = 6
"""Decimal places kept of each weight."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FitSettings:
    """How a model is trained."""

    hidden: int = 32
    """Hidden units."""
    epochs: int = 12
    batch: int = 512
    rate: float = 0.003
    """Adam's step size."""
    l2: float = 1e-5
    holdout: float = 0.1
    """Share of the matches kept out to judge the model (one in ``1 / holdout``)."""


@dataclass(frozen=True, slots=True)
class FitReport:
    """How well the model does on the held-out examples."""

    train_examples: int
    holdout_examples: int
    log_loss: float
    """Mean negative log-chance of the outcome that happened."""
    hit_rate: float
    """Share of held-out decisions whose outcome equalled the aim."""
    predicted_hit_rate: float
    """The model's mean chance of that."""
    start_log_loss: float | None = None
    """The held-out log-loss of the model training started from (``None``: from scratch)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "train_examples": self.train_examples,
            "holdout_examples": self.holdout_examples,
            "holdout_log_loss": round(self.log_loss, 4),
            "holdout_hit_rate": round(self.hit_rate, 4),
            "holdout_predicted_hit_rate": round(self.predicted_hit_rate, 4),
        } | (
            {} if self.start_log_loss is None else {"start_log_loss": round(self.start_log_loss, 4)}
        )


class Learner(Protocol):
    """What training needs of a learned part (``LearnedDecisions``)."""

    def inputs(self, features: Sequence[float], action: str) -> list[float]: ...

    def outcome(self, example: Example) -> int: ...


class _Arrays:
    """The examples as arrays: inputs, aims, outcome masks and outcomes."""

    def __init__(self, examples: Sequence[Example], learner: Learner, outcomes: int) -> None:
        rows = [learner.inputs(ex.features, ex.action) for ex in examples]
        self.x = np.array(rows, dtype=np.float64)
        self.aim = np.array([ex.aim for ex in examples], dtype=np.int64)
        self.y = np.array([learner.outcome(ex) for ex in examples], dtype=np.int64)
        most = np.array([ex.most for ex in examples], dtype=np.int64)
        k = np.arange(outcomes)
        self.allowed = k[None, :] <= most[:, None]
        self.hit = (k[None, :] == self.aim[:, None]).astype(np.float64)
        self.distance = np.abs(k[None, :] - self.aim[:, None]).astype(np.float64)

    def rows(self, index: Any) -> _Arrays:
        part = object.__new__(_Arrays)
        for name in ("x", "aim", "y", "allowed", "hit", "distance"):
            setattr(part, name, getattr(self, name)[index])
        return part


def _forward(params: dict[str, Any], data: _Arrays) -> tuple[Any, Any]:
    """The hidden layer and the outcomes' chances."""
    h = np.tanh(data.x @ params["hidden"].T + params["hidden_bias"])
    hit = h @ params["hit"] + params["hit_bias"]
    miss = h @ params["miss"] + params["miss_bias"]
    scores = h @ params["out"].T + params["out_bias"]
    scores = scores + hit[:, None] * data.hit + miss[:, None] * data.distance
    scores = np.where(data.allowed, scores, -np.inf)
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    return h, weights / weights.sum(axis=1, keepdims=True)


def _gradients(params: dict[str, Any], data: _Arrays, l2: float) -> dict[str, Any]:
    h, chances = _forward(params, data)
    n = len(data.y)
    d_scores = chances.copy()
    d_scores[np.arange(n), data.y] -= 1.0
    d_scores /= n
    d_hit = (d_scores * data.hit).sum(axis=1)
    d_miss = (d_scores * data.distance).sum(axis=1)
    d_h = d_scores @ params["out"] + np.outer(d_hit, params["hit"])
    d_h += np.outer(d_miss, params["miss"])
    d_pre = d_h * (1.0 - h * h)
    grads = {
        "out": d_scores.T @ h + l2 * params["out"],
        "out_bias": d_scores.sum(axis=0),
        "hit": h.T @ d_hit + l2 * params["hit"],
        "hit_bias": np.array(d_hit.sum()),
        "miss": h.T @ d_miss + l2 * params["miss"],
        "miss_bias": np.array(d_miss.sum()),
        "hidden": d_pre.T @ data.x + l2 * params["hidden"],
        "hidden_bias": d_pre.sum(axis=0),
    }
    return grads


def fit(
    examples: Sequence[Example],
    learner: Learner,
    seed: int,
    settings: FitSettings = FitSettings(),
    meta: dict[str, Any] | None = None,
    start: OutcomeModel | None = None,
) -> tuple[OutcomeModel, FitReport]:
    """The model trained on ``examples`` (its outcomes ``0 .. max most``, as ``learner``
    reads them) and its report; from ``start``'s weights and standardisation if given (its
    hidden units, not ``settings.hidden``)."""
    if len(examples) < 10:
        raise ValueError(f"too few examples to train on: {len(examples)} (at least 10)")
    outcomes = 1 + max(example.most for example in examples)
    if start is not None:
        if outcomes > start.outcomes:
            raise ValueError(
                f"the starting model knows outcomes up to {start.outcomes - 1}, "
                f"the examples reach {outcomes - 1}"
            )
        outcomes = start.outcomes
    stride = max(2, round(1 / settings.holdout))
    kept = [index for index, example in enumerate(examples) if example.match % stride == 0]
    trained = [index for index, example in enumerate(examples) if example.match % stride]
    if not kept or not trained:
        raise ValueError(f"one match in {stride} is held out: play more matches")
    data = _Arrays(examples, learner, outcomes)
    train, held = data.rows(np.array(trained)), data.rows(np.array(kept))
    cut = len(trained)
    if start is None:
        mean = train.x.mean(axis=0)
        scale = train.x.std(axis=0)
        scale = np.where(scale > 1e-9, scale, 1.0)
        mean, scale = np.round(mean, DIGITS), np.round(scale, DIGITS)
    else:
        if start.inputs != train.x.shape[1]:
            raise ValueError(
                f"the starting model takes {start.inputs} inputs, the examples give "
                f"{train.x.shape[1]}"
            )
        mean, scale = np.array(start.mean), np.array(start.scale)
    train.x = (train.x - mean) / scale
    held.x = (held.x - mean) / scale

    rng = np.random.default_rng(seed)
    width, units = train.x.shape[1], settings.hidden
    params: dict[str, Any] = {
        "hidden": rng.normal(0.0, 1.0 / np.sqrt(width), (units, width)),
        "hidden_bias": np.zeros(units),
        "out": rng.normal(0.0, 1.0 / np.sqrt(units), (outcomes, units)),
        "out_bias": np.zeros(outcomes),
        "hit": np.zeros(units),
        "hit_bias": np.array(0.0),
        "miss": np.zeros(units),
        "miss_bias": np.array(0.0),
    }
    start_log_loss = None
    if start is not None:
        params = _params_of(start)
        start_log_loss = _log_loss(_forward(params, held)[1], held.y)
    first = {name: np.zeros_like(value) for name, value in params.items()}
    second = {name: np.zeros_like(value) for name, value in params.items()}
    step = 0
    for _ in range(settings.epochs):
        order = rng.permutation(cut)
        for offset in range(0, cut, settings.batch):
            batch = train.rows(order[offset : offset + settings.batch])
            grads = _gradients(params, batch, settings.l2)
            step += 1
            for name, grad in grads.items():
                first[name] = 0.9 * first[name] + 0.1 * grad
                second[name] = 0.999 * second[name] + 0.001 * grad * grad
                unbiased = first[name] / (1 - 0.9**step)
                spread = np.sqrt(second[name] / (1 - 0.999**step)) + 1e-8
                params[name] = params[name] - settings.rate * unbiased / spread

    rounded = {name: np.round(value, DIGITS) for name, value in params.items()}
    _, chances = _forward(rounded, held)
    n = len(held.y)
    log_loss = _log_loss(chances, held.y)
    hit_rate = float((held.y == held.aim).mean())
    predicted = float((chances * held.hit).sum(axis=1).mean())
    report = FitReport(cut, n, log_loss, hit_rate, predicted, start_log_loss)
    model = OutcomeModel(
        mean=tuple(float(v) for v in mean),
        scale=tuple(float(v) for v in scale),
        hidden=tuple(tuple(float(v) for v in row) for row in rounded["hidden"]),
        hidden_bias=tuple(float(v) for v in rounded["hidden_bias"]),
        out=tuple(tuple(float(v) for v in row) for row in rounded["out"]),
        out_bias=tuple(float(v) for v in rounded["out_bias"]),
        hit=tuple(float(v) for v in rounded["hit"]),
        hit_bias=float(rounded["hit_bias"]),
        miss=tuple(float(v) for v in rounded["miss"]),
        miss_bias=float(rounded["miss_bias"]),
        meta={
            **(meta or {}),
            "seed": seed,
            **settings_json(settings),
            **({} if start is None else {"hidden": len(start.hidden)}),
            **report.to_json(),
        },
    )
    return model, report


def _log_loss(chances: Any, outcomes: Any) -> float:
    """The mean log-loss of ``outcomes`` (one per row) under ``chances`` (a row of each
    outcome's chance per example)."""
    return float(-np.log(chances[np.arange(len(outcomes)), outcomes] + 1e-12).mean())


def _params_of(model: OutcomeModel) -> dict[str, Any]:
    """``model``'s weights as the arrays training changes."""
    return {
        "hidden": np.array(model.hidden, dtype=np.float64),
        "hidden_bias": np.array(model.hidden_bias, dtype=np.float64),
        "out": np.array(model.out, dtype=np.float64),
        "out_bias": np.array(model.out_bias, dtype=np.float64),
        "hit": np.array(model.hit, dtype=np.float64),
        "hit_bias": np.array(model.hit_bias, dtype=np.float64),
        "miss": np.array(model.miss, dtype=np.float64),
        "miss_bias": np.array(model.miss_bias, dtype=np.float64),
    }


def settings_json(settings: FitSettings) -> dict[str, Any]:
    return {
        "hidden": settings.hidden,
        "epochs": settings.epochs,
        "batch": settings.batch,
        "rate": settings.rate,
        "l2": settings.l2,
        "holdout": settings.holdout,
    }
