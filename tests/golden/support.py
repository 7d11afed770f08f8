"""What the golden-record tests of every game share.

A golden ``NAME.json`` is a record; ``NAME.expect.json`` holds the replay result derived
by hand from RULES.md (every field given must equal the ``tricktable replay --json``
output; lists of objects must have the same length and are compared item by item);
``NAME.error.txt`` marks a record that must fail, each of its lines a part of the one
stderr line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest


def expect(path: Path) -> dict[str, Any]:
    """The hand-derived expectation beside a golden record."""
    data: dict[str, Any] = json.loads(path.with_suffix(".expect.json").read_text("utf-8"))
    return data


def needles(path: Path) -> list[str]:
    """The parts the error line of a failing golden must contain."""
    text = path.with_suffix(".error.txt").read_text("utf-8")
    return [line for line in text.splitlines() if line.strip()]


def mismatches(expected: Any, actual: Any, where: str = "$") -> list[str]:
    """Where ``actual`` differs from ``expected`` (objects: only the keys expected)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{where}.{key}: missing (expected {value!r})")
            else:
                out.extend(mismatches(value, actual[key], f"{where}.{key}"))
        return out
    if isinstance(expected, list) and any(isinstance(item, dict) for item in expected):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {len(expected)} entries, got {actual!r}"]
        out = []
        for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
            out.extend(mismatches(want, got, f"{where}[{index}]"))
        return out
    if expected != actual or type(expected) is not type(actual):
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def param(path: Path, xfail: Mapping[str, str]) -> Any:
    """A pytest parameter for a golden, marked xfail(strict) when ``xfail`` names it."""
    name = path.name.removesuffix(".json")
    marks = [pytest.mark.xfail(strict=True, reason=xfail[name])] if name in xfail else []
    return pytest.param(path, id=name, marks=marks)
