"""Replay the hand-written All Fours golden records through the real CLI.

``all_fours/NAME.json`` is a record written by ``build_all_fours.py``; ``NAME.expect.json``
holds the replay result derived by hand from RULES.md section 2 (every field given must equal
the ``tricktable replay --json`` output; lists of objects must have the same length, objects
inside are compared the same way); ``NAME.error.txt`` marks a record that must fail: exit
status 2, nothing on stdout and one stderr line containing every line of the file.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tricktable.cli.main import main

from .support import expect, mismatches, needles, param

HERE = Path(__file__).resolve().parent / "all_fours"
RECORDS = sorted(p for p in HERE.glob("*.json") if not p.name.endswith(".expect.json"))
GOOD = [p for p in RECORDS if p.with_suffix(".expect.json").exists()]
BAD = [p for p in RECORDS if p.with_suffix(".error.txt").exists()]

XFAIL: dict[str, str] = {}
"""Goldens whose hand-derived expectation the engine does not meet (name -> reason)."""


def test_goldens_present() -> None:
    assert len(GOOD) >= 25
    assert len(BAD) >= 10
    assert len(GOOD) + len(BAD) == len(RECORDS), "every record needs an expect or error file"


@pytest.mark.parametrize("path", [param(p, XFAIL) for p in GOOD])
def test_golden_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "--json", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert err == ""
    assert out.count("\n") == 1
    result = json.loads(out)
    problems = mismatches(expect(path), result)
    assert not problems, "\n".join(problems)
    # what RECORDS.md promises of every all fours result, beyond the hand-derived subset
    for entry in result["deals"]:
        assert entry["makers"] is None
        assert len(entry["points"]) == len(entry["scores"]) == len(result["sides"])
    if result["deals"]:
        assert result["deals"][-1]["scores"] == result["scores"]
    totals = [sum(column) for column in zip(*(d["points"] for d in result["deals"]), strict=True)]
    assert not result["deals"] or totals == result["scores"]
    if result["finished"]:
        assert "to_act" not in result and result["winner"] is not None


@pytest.mark.parametrize("path", [param(p, XFAIL) for p in BAD])
def test_golden_error(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "--json", str(path)])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    for needle in needles(path):
        assert needle in err, f"{needle!r} not in {err!r}"


def test_golden_text_replay(capsys: pytest.CaptureFixture[str]) -> None:
    """The text form of a record with a thrown-in deal and a finished match."""
    for name in ("pack_runs_out_two_players", "match_to_seven_high_first"):
        assert main(["replay", str(HERE / f"{name}.json")]) == 0
        out, err = capsys.readouterr()
        assert err == "" and "Score sheet" in out
        if name.startswith("pack"):
            assert "(thrown in)" in out
        else:
            assert "Result:" in out


def test_cli_subprocess_single() -> None:
    """The installed module entry point, in a separate process."""
    command = [sys.executable, "-m", "tricktable.cli.main", "replay", "--json"]
    good = subprocess.run(
        [*command, str(HERE / "repeated_runs.json")], capture_output=True, text=True, check=False
    )
    assert good.returncode == 0, good.stderr
    assert not mismatches(expect(HERE / "repeated_runs.json"), json.loads(good.stdout))
    bad = subprocess.run(
        [*command, str(HERE / "err_neither_follows_nor_trumps.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert "deal 0, action 4" in bad.stderr and bad.stderr.count("\n") == 1


def test_jsonl_all_goldens(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every golden on one line each, in one ``--jsonl`` run: one result per line, in order."""
    lines = [json.dumps(json.loads(path.read_text("utf-8"))) for path in RECORDS]
    source = tmp_path / "all.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status = main(["replay", "--jsonl", str(source)])
    out, _ = capsys.readouterr()
    assert status == 2
    results = [json.loads(line) for line in out.splitlines()]
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


def test_jsonl_good_goldens_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Only good records: exit status 0."""
    lines = [json.dumps(json.loads(path.read_text("utf-8"))) for path in GOOD]
    source = tmp_path / "good.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", "--jsonl", str(source)]) == 0
    out, _ = capsys.readouterr()
    assert len(out.splitlines()) == len(GOOD)
