"""``OutcomeModel``: the chance of each outcome of a decision, from the seat's view.

The outcome is a small count (``0 .. most``: the tricks a bidder takes, say) and the
action has an *aim* (the bid). The model is one hidden layer of ``tanh`` units over the
standardised inputs (the view's features and the aim's, ``LearnedDecisions.inputs``), a
score per outcome, and two more scores from the hidden layer that say how strongly play
steers toward the aim: one for the outcome equal to the aim, one per outcome by its
distance from it. A softmax over the outcomes that can happen (up to ``most``) gives the
chances. Inference is plain Python (playing needs no NumPy); the weights are JSON.

>>> model = OutcomeModel(
...     mean=(0.0,), scale=(1.0,), hidden=((1.0,),), hidden_bias=(0.0,),
...     out=((0.0,), (0.0,), (0.0,)), out_bias=(0.0, 0.0, 0.0),
...     hit=(0.0,), hit_bias=1.0, miss=(0.0,), miss_bias=0.0)
>>> [round(p, 3) for p in model.chances([0.5], aim=1, most=2)]
[0.212, 0.576, 0.212]
>>> model.chances([0.5], aim=1, most=1)[1] > 0.7
True
>>> OutcomeModel.from_json(model.to_json()) == model
True
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tricktable.errors import TricktableError

Vector = tuple[float, ...]
Matrix = tuple[Vector, ...]


class ModelError(TricktableError):
    """Weights that do not make a model, or inputs that do not fit it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class OutcomeModel:
    """A trained model: weights, the inputs' standardisation and how it was made."""

    mean: Vector
    """Each input's mean over the training examples (subtracted first)."""
    scale: Vector
    """Each input's spread (divided by next)."""
    hidden: Matrix
    """One row of input weights per hidden unit."""
    hidden_bias: Vector
    out: Matrix
    """One row of hidden weights per outcome ``0 .. outcomes - 1``."""
    out_bias: Vector
    hit: Vector
    """Hidden weights of the score added to the outcome equal to the aim."""
    hit_bias: float
    miss: Vector
    """Hidden weights of the score added per unit of distance from the aim."""
    miss_bias: float
    meta: dict[str, Any] = field(default_factory=dict, compare=False)
    """How the weights were made (seed, matches, examples, validation figures)."""

    @property
    def inputs(self) -> int:
        return len(self.mean)

    @property
    def outcomes(self) -> int:
        return len(self.out)

    def check(self) -> None:
        """Raise ``ModelError`` naming the first part whose size does not fit."""
        width, units = self.inputs, len(self.hidden)
        problems = [
            (len(self.scale) != width, f"scale has {len(self.scale)} inputs, mean {width}"),
            (any(len(row) != width for row in self.hidden), f"a hidden row is not {width} long"),
            (len(self.hidden_bias) != units, f"hidden_bias is not {units} long"),
            (any(len(row) != units for row in self.out), f"an out row is not {units} long"),
            (len(self.out_bias) != self.outcomes, f"out_bias is not {self.outcomes} long"),
            (len(self.hit) != units or len(self.miss) != units, f"hit or miss not {units} long"),
            (any(value <= 0 for value in self.scale), "a scale is not positive"),
        ]
        for bad, why in problems:
            if bad:
                raise ModelError(f"the model's weights do not fit: {why}")

    def chances(self, inputs: Sequence[float], aim: int, most: int) -> list[float]:
        """The chance of each outcome ``0 .. most`` given ``inputs`` and the action's ``aim``."""
        if len(inputs) != self.inputs:
            raise ModelError(f"the model takes {self.inputs} inputs, not {len(inputs)}")
        x = [(value - m) / s for value, m, s in zip(inputs, self.mean, self.scale, strict=True)]
        h = [
            math.tanh(bias + sum(w * v for w, v in zip(row, x, strict=True)))
            for row, bias in zip(self.hidden, self.hidden_bias, strict=True)
        ]
        return self._outcome_chances(h, aim, most)

    def _outcome_chances(self, h: Sequence[float], aim: int, most: int) -> list[float]:
        """The chances of the outcomes ``0 .. most`` from the hidden layer ``h``."""
        if not 0 <= most < self.outcomes:
            raise ModelError(f"the model knows outcomes 0..{self.outcomes - 1}, not up to {most}")
        hit = self.hit_bias + _dot(self.hit, h)
        miss = self.miss_bias + _dot(self.miss, h)
        scores = [
            self.out_bias[k] + _dot(self.out[k], h) + hit * (k == aim) + miss * abs(k - aim)
            for k in range(most + 1)
        ]
        top = max(scores)
        weights = [math.exp(score - top) for score in scores]
        total = sum(weights)
        return [weight / total for weight in weights]

    def chances_each(
        self, rows: Sequence[Sequence[float]], aims: Sequence[int], most: int
    ) -> list[list[float]]:
        """``chances`` of each row of inputs with its aim, the same figures for less work:
        the inputs every row shares (a view's features, beside each action's own) are
        weighed into the hidden layer once.

        >>> model = OutcomeModel(
        ...     mean=(0.0, 0.0), scale=(1.0, 1.0), hidden=((1.0, -1.0),), hidden_bias=(0.0,),
        ...     out=((0.0,), (1.0,)), out_bias=(0.0, 0.0),
        ...     hit=(0.5,), hit_bias=0.0, miss=(0.0,), miss_bias=0.0)
        >>> rows, aims = [[0.3, 1.0], [0.3, 0.0]], [1, 0]
        >>> each = model.chances_each(rows, aims, most=1)
        >>> all(
        ...     abs(a - b) < 1e-12
        ...     for row, aim, got in zip(rows, aims, each)
        ...     for a, b in zip(model.chances(row, aim, 1), got))
        True
        """
        if not rows:
            return []
        first = rows[0]
        shared = [
            index
            for index in range(len(first))
            if all(row[index] == first[index] for row in rows[1:])
        ]
        if len(shared) < len(first) // 2:
            return [self.chances(row, aim, most) for row, aim in zip(rows, aims, strict=True)]
        common = set(shared)
        own = [index for index in range(len(first)) if index not in common]
        shared_x = [(first[i] - self.mean[i]) / self.scale[i] for i in shared]
        base = [
            bias + _dot([row[i] for i in shared], shared_x)
            for row, bias in zip(self.hidden, self.hidden_bias, strict=True)
        ]
        own_rows = [[row[i] for i in own] for row in self.hidden]
        out = []
        for inputs, aim in zip(rows, aims, strict=True):
            if len(inputs) != self.inputs:
                raise ModelError(f"the model takes {self.inputs} inputs, not {len(inputs)}")
            x = [(inputs[i] - self.mean[i]) / self.scale[i] for i in own]
            h = [math.tanh(start + _dot(row, x)) for row, start in zip(own_rows, base, strict=True)]
            out.append(self._outcome_chances(h, aim, most))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "outcome_model",
            "meta": self.meta,
            "mean": list(self.mean),
            "scale": list(self.scale),
            "hidden": [list(row) for row in self.hidden],
            "hidden_bias": list(self.hidden_bias),
            "out": [list(row) for row in self.out],
            "out_bias": list(self.out_bias),
            "hit": list(self.hit),
            "hit_bias": self.hit_bias,
            "miss": list(self.miss),
            "miss_bias": self.miss_bias,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OutcomeModel:
        """The model of ``to_json``'s object (``ModelError`` naming a missing or bad field)."""
        if data.get("kind") != "outcome_model":
            raise ModelError(f"not an outcome model's weights (kind {data.get('kind')!r})")
        try:
            model = cls(
                mean=_vector(data["mean"]),
                scale=_vector(data["scale"]),
                hidden=tuple(_vector(row) for row in data["hidden"]),
                hidden_bias=_vector(data["hidden_bias"]),
                out=tuple(_vector(row) for row in data["out"]),
                out_bias=_vector(data["out_bias"]),
                hit=_vector(data["hit"]),
                hit_bias=float(data["hit_bias"]),
                miss=_vector(data["miss"]),
                miss_bias=float(data["miss_bias"]),
                meta=dict(data.get("meta", {})),
            )
        except KeyError as error:
            raise ModelError(f"the model's weights have no field {error.args[0]!r}") from None
        except (TypeError, ValueError) as error:
            raise ModelError(f"the model's weights are not numbers: {error}") from None
        model.check()
        return model

    def save(self, path: Path) -> None:
        """Write the weights as JSON (one line per top-level field, stable across runs)."""
        data = self.to_json()
        lines = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items()]
        path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> OutcomeModel:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise ModelError(f"cannot read the model {path}: {error}") from None
        return cls.from_json(data)


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    """The dot product of two vectors of one length."""
    total: float = sum(map(operator.mul, a, b))
    return total


def _vector(values: Any) -> Vector:
    return tuple(float(value) for value in values)
