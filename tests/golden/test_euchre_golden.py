"""Replay the hand-written Euchre golden records through the real CLI.

``euchre/NAME.json`` is a record; ``NAME.expect.json`` holds the replay result derived
by hand from RULES.md (every field given must equal the ``tricktable replay --json``
output; lists must have the same length, objects inside are compared the same way);
``NAME.error.txt`` marks a record that must fail: exit status 2, nothing on stdout and
one stderr line containing every line of the file.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tricktable.cli.main import main

from .support import expect, mismatches, needles, param

HERE = Path(__file__).resolve().parent / "euchre"
RECORDS = sorted(p for p in HERE.glob("*.json") if not p.name.endswith(".expect.json"))
GOOD = [p for p in RECORDS if p.with_suffix(".expect.json").exists()]
BAD = [p for p in RECORDS if p.with_suffix(".error.txt").exists()]

# Goldens where the engine disagrees with RULES.md as read by hand: name -> reason.
XFAIL: dict[str, str] = {}
"""Goldens whose hand-derived expectation the engine does not meet yet (none now)."""


def test_goldens_present() -> None:
    assert len(GOOD) >= 34
    assert len(BAD) >= 10
    assert len(GOOD) + len(BAD) == len(RECORDS), "every record needs an expect or error file"


@pytest.mark.parametrize("path", [param(p, XFAIL) for p in GOOD])
def test_golden_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "--json", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert err == ""
    assert out.count("\n") == 1
    problems = mismatches(expect(path), json.loads(out))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", [param(p, XFAIL) for p in BAD])
def test_golden_error(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "--json", str(path)])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    for needle in needles(path):
        assert needle in err, f"{needle!r} not in {err!r}"


def test_cli_subprocess_single() -> None:
    """The installed module entry point, in a separate process."""
    command = [sys.executable, "-m", "tricktable.cli.main", "replay", "--json"]
    good = subprocess.run(
        [*command, str(HERE / "na_make3.json")], capture_output=True, text=True, check=False
    )
    assert good.returncode == 0, good.stderr
    assert not mismatches(expect(HERE / "na_make3.json"), json.loads(good.stdout))
    bad = subprocess.run(
        [*command, str(HERE / "err_not_following_suit.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert "deal 0, action 8" in bad.stderr and bad.stderr.count("\n") == 1


def test_jsonl_all_goldens(tmp_path: Path) -> None:
    """Every golden on one line each, in one ``--jsonl`` run: one result per line, in order."""
    lines = [json.dumps(json.loads(path.read_text("utf-8"))) for path in RECORDS]
    source = tmp_path / "all.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "tricktable.cli.main", "replay", "--jsonl", str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2, run.stderr
    results = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(results) == len(RECORDS)
    problems = []
    for path, result in zip(RECORDS, results, strict=True):
        name = path.name.removesuffix(".json")
        if name in XFAIL:
            continue
        if path in BAD:
            if set(result) != {"error"}:
                problems.append(f"{name}: expected only an error, got {result!r}")
                continue
            problems.extend(
                f"{name}: {needle!r} not in {result['error']!r}"
                for needle in needles(path)
                if needle not in result["error"]
            )
        else:
            problems.extend(f"{name}: {p}" for p in mismatches(expect(path), result))
    assert not problems, "\n".join(problems)
