"""Figures of duplicate matches: points per deal by entry, and paired differences.

A duplicate deal seed is played once in every seating, so on the same cards each entry
holds each side. ``paired_difference`` compares two entries deal by deal on those cards:
for each deal reached in every seating of a seed, the mean over seatings of (A's points
minus B's); its interval treats each seed as one independent unit (the deals of one seed
share their matches' scores and are not independent).

>>> result = paired_difference({1: [[2.0, 1.0], [0.0, 3.0]], 2: [[1.0], [1.0, -1.0]]})
>>> result.mean, result.deals, result.seeds
(1.3333, 3, 2)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.core import Game
from tricktable.sim.arena import Z95, MatchOutcome


@dataclass(frozen=True, slots=True)
class PairedDifference:
    """Mean points per deal of A minus B on the same deals, with a 95% interval."""

    mean: float
    ci95: tuple[float, float] | None
    """``None`` with fewer than two seeds (no spread to measure)."""
    deals: int
    """Paired deals: deals reached in every seating of their seed."""
    seeds: int

    def to_json(self) -> dict[str, Any]:
        return {
            "mean": self.mean,
            "ci95": None if self.ci95 is None else list(self.ci95),
            "deals": self.deals,
            "seeds": self.seeds,
        }


def paired_difference(by_seed: Mapping[int, Sequence[Sequence[float]]]) -> PairedDifference:
    """From each seed's margins (per seating, per deal: A's points minus B's)."""
    values: list[list[float]] = []
    for seatings in by_seed.values():
        paired = min((len(margins) for margins in seatings), default=0)
        if paired:
            values.append(
                [sum(margins[k] for margins in seatings) / len(seatings) for k in range(paired)]
            )
    deals = sum(len(v) for v in values)
    if not deals:
        return PairedDifference(0.0, None, 0, len(values))
    mean = sum(sum(v) for v in values) / deals
    ci: tuple[float, float] | None = None
    if len(values) >= 2:
        spread = sum(sum(d - mean for d in v) ** 2 for v in values)
        stderr = math.sqrt(spread * len(values) / (len(values) - 1)) / deals
        ci = (round(mean - Z95 * stderr, 4), round(mean + Z95 * stderr, 4))
    return PairedDifference(round(mean, 4), ci, deals, len(values))


def entry_deal_points(
    game: Game[Any], owner: Sequence[int], deal_points: Sequence[Sequence[int]], entry: int
) -> list[float]:
    """Per deal, the points of the sides ``entry`` held (their mean, where it held several).

    >>> from tricktable import load_game
    >>> game = load_game("euchre(preset=north_american)")
    >>> entry_deal_points(game, [1, 0, 1, 0], [[2, 0], [0, 1]], 1)
    [2.0, 0.0]
    """
    held = [
        side for side, seats in enumerate(game.sides) if any(owner[seat] == entry for seat in seats)
    ]
    if not held:
        return []
    return [sum(points[side] for side in held) / len(held) for points in deal_points]


def paired_margins(
    game: Game[Any], outcomes: Sequence[MatchOutcome]
) -> dict[int, list[list[float]]]:
    """Per deal seed, per seating, each deal's points of entry 0 minus entry 1.

    For ``paired_difference`` of a duplicate simulation of two bots.
    """
    by_seed: dict[int, list[list[float]]] = {}
    for outcome in outcomes:
        first = entry_deal_points(game, outcome.owner, outcome.deal_points, 0)
        second = entry_deal_points(game, outcome.owner, outcome.deal_points, 1)
        margins = [a - b for a, b in zip(first, second, strict=True)]
        by_seed.setdefault(outcome.seed, []).append(margins)
    return by_seed
