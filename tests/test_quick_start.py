"""The README's quick start: two commands, `make run` installing only what serving needs and
`make test` everything the tests need, and the README saying what each needs."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def planned(target: str, tmp_path: Path) -> str:
    """What ``make -n TARGET`` would run on a fresh checkout (no ``.venv`` yet)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    done = subprocess.run(
        ["make", "-n", target], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    return done.stdout


def installs(commands: str) -> list[str]:
    """The extras each ``pip install -e`` of ``commands`` asks for."""
    return re.findall(r"pip install --quiet -e '\.\[([a-z,]+)\]'", commands)


def test_make_run_installs_only_what_serving_needs(tmp_path: Path) -> None:
    commands = planned("run", tmp_path)
    assert installs(commands) == ["web"], commands
    assert "python3 -m venv .venv" in commands and "tricktable serve" in commands


def test_make_test_installs_what_the_tests_need(tmp_path: Path) -> None:
    assert installs(planned("lint", tmp_path)) == ["dev,web"]


def test_readme_quick_start() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme[readme.index("## Quick start") : readme.index("## Web table")]
    block = start[start.index("```sh") : start.index("```", start.index("```sh") + 3)]
    assert [line.split()[:2] for line in block.splitlines()[1:]] == [
        ["make", "run"],
        ["make", "test"],
    ]
    assert "C compiler" in start and "Python headers" in start
    assert ".venv/bin/tricktable play euchre" in start
    assert "only Python 3.11" not in start and "need only Python" not in start
