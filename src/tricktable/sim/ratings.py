"""Ratings from pairwise results: a Bradley-Terry model, on the Elo scale, with intervals.

Each match between entries ``i`` and ``j`` is a win for one of them or half a win each
(a tie). The model says ``i`` beats ``j`` with probability ``1 / (1 + 10 ** ((r_j - r_i) /
400))``; ``bradley_terry`` fits the ratings ``r`` by maximum likelihood (Newton's method),
centred on a mean of 0, and gives each a 95% interval from the curvature of the likelihood
(the observed Fisher information). One virtual tie per pair that met keeps the fit finite
when an entry won or lost every match (as BayesElo does), pulling ratings slightly to 0.
Pure Python: tournaments have a few dozen entries at most.

>>> ratings = bradley_terry(3, [(0, 1, 30.0, 40), (1, 2, 30.0, 40), (0, 2, 35.0, 40)])
>>> [round(r) for r in ratings.elo]
[173, 0, -173]
>>> ratings.elo[0] > ratings.ci95[1][1]
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tricktable.sim.arena import Z95

ELO = 400 / math.log(10)
"""Elo points per unit of the logistic model's strength."""
VIRTUAL_TIES = 1.0
"""Ties added to every pair that met (the prior that keeps all-win records finite)."""


@dataclass(frozen=True, slots=True)
class Ratings:
    """Fitted ratings on the Elo scale (mean 0) and their 95% intervals."""

    elo: list[float]
    ci95: list[tuple[float, float]]
    stderr: list[float]
    """Standard error of each rating (Elo points)."""


def bradley_terry(
    entries: int, results: Sequence[tuple[int, int, float, int]], iterations: int = 100
) -> Ratings:
    """Fit ratings from ``(i, j, points of i, matches)`` per pair (points: wins + ties / 2)."""
    played = [[0.0] * entries for _ in range(entries)]
    won = [[0.0] * entries for _ in range(entries)]
    for i, j, points, matches in results:
        if i == j or not 0 <= points <= matches:
            raise ValueError(f"bad result {(i, j, points, matches)}")
        played[i][j] += matches
        played[j][i] += matches
        won[i][j] += points
        won[j][i] += matches - points
    for i in range(entries):
        for j in range(entries):
            if i != j and played[i][j] > 0:
                played[i][j] += VIRTUAL_TIES
                won[i][j] += VIRTUAL_TIES / 2
    strength = [0.0] * entries
    covariance = [[0.0] * entries for _ in range(entries)]
    for _ in range(iterations):
        gradient = [0.0] * entries
        hessian = [[0.0] * entries for _ in range(entries)]
        for i in range(entries):
            for j in range(entries):
                if i == j or played[i][j] == 0:
                    continue
                p = 1 / (1 + math.exp(strength[j] - strength[i]))
                gradient[i] += won[i][j] - played[i][j] * p
                weight = played[i][j] * p * (1 - p)
                hessian[i][i] += weight
                hessian[i][j] -= weight
        covariance = _centred_inverse(hessian)
        step = [sum(covariance[i][k] * gradient[k] for k in range(entries)) for i in range(entries)]
        strength = [s + d for s, d in zip(strength, step, strict=True)]
        mean = sum(strength) / entries if entries else 0.0
        strength = [s - mean for s in strength]
        if max((abs(d) for d in step), default=0.0) < 1e-10:
            break
    elo = [round(ELO * s, 1) for s in strength]
    stderr = [round(ELO * math.sqrt(max(0.0, covariance[i][i])), 1) for i in range(entries)]
    ci95 = [
        (round(e - Z95 * se, 1), round(e + Z95 * se, 1)) for e, se in zip(elo, stderr, strict=True)
    ]
    return Ratings(elo=elo, ci95=ci95, stderr=stderr)


def _centred_inverse(laplacian: list[list[float]]) -> list[list[float]]:
    """The pseudo-inverse of a connected graph's Laplacian: ``(L + J/n)^-1 - J/n``.

    It inverts the curvature on ratings that sum to 0 (the only direction the data fix).
    """
    n = len(laplacian)
    shifted = [[laplacian[i][j] + 1 / n for j in range(n)] for i in range(n)]
    inverse = _invert(shifted)
    return [[inverse[i][j] - 1 / n for j in range(n)] for i in range(n)]


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inversion with partial pivoting (``ValueError`` if singular)."""
    n = len(matrix)
    rows = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda r: abs(rows[r][column]))
        if abs(rows[pivot][column]) < 1e-12:
            raise ValueError("the entries do not form one connected group of pairings")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        scale = rows[column][column]
        rows[column] = [value / scale for value in rows[column]]
        for r in range(n):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [row[n:] for row in rows]
