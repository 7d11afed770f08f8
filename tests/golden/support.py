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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent

GOLDEN_GAMES = sorted(path.name for path in HERE.iterdir() if path.is_dir() and path.name[0] != "_")
"""Every game with a folder of goldens."""


@dataclass(frozen=True)
class Goldens:
    """One game's golden records: all of them, those that replay, those that must fail."""

    records: list[Path]
    good: list[Path]
    bad: list[Path]

    @classmethod
    def of(cls, game: str) -> Goldens:
        records = sorted(
            p for p in (HERE / game).glob("*.json") if not p.name.endswith(".expect.json")
        )
        good = [p for p in records if p.with_suffix(".expect.json").exists()]
        bad = [p for p in records if p.with_suffix(".error.txt").exists()]
        return cls(records, good, bad)


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


def param(path: Path, xfail: Mapping[str, str], game: str | None = None) -> Any:
    """A pytest parameter for a golden (``game/name`` when ``game`` is given), marked
    xfail(strict) when ``xfail`` names it."""
    name = path.name.removesuffix(".json")
    if game is not None:
        name = f"{game}/{name}"
    marks = [pytest.mark.xfail(strict=True, reason=xfail[name])] if name in xfail else []
    return pytest.param(path, id=name, marks=marks)
