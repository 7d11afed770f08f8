"""What the position-by-position benches share: paired differences with their standard error."""

from __future__ import annotations

import statistics


def against(values: list[float], reference: list[float], name: str) -> str:
    """The mean difference of paired ``values`` from ``reference`` with its standard error.

    >>> against([1.0, 2.0, 3.0], [0.0, 2.0, 2.0], "medium")
    '+0.667 (se 0.333) against medium'
    """
    diffs = [value - ref for value, ref in zip(values, reference, strict=True)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5
    return f"{statistics.mean(diffs):+.3f} (se {se:.3f}) against {name}"
