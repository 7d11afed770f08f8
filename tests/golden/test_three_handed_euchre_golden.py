"""Replay the hand-written three-handed Euchre golden records through the real CLI.

``three_handed_euchre/NAME.json`` is a record written by ``build_three_handed_euchre.py``
from RULES.md 1.10 by hand; ``NAME.expect.json`` holds the expected replay result (every
field given must equal the ``tricktable replay --json`` output; lists of objects must
have the same length, objects inside compared the same way); ``NAME.error.txt`` marks a
record that must fail: exit status 2, nothing on stdout, one stderr line containing every
line of the file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tricktable.cli.main import main

from .support import expect, mismatches, needles

HERE = Path(__file__).resolve().parent / "three_handed_euchre"
RECORDS = sorted(p for p in HERE.glob("*.json") if not p.name.endswith(".expect.json"))
GOOD = [p for p in RECORDS if p.with_suffix(".expect.json").exists()]
BAD = [p for p in RECORDS if p.with_suffix(".error.txt").exists()]


def test_goldens_present() -> None:
    assert len(GOOD) >= 12
    assert len(BAD) >= 8
    assert len(GOOD) + len(BAD) == len(RECORDS), "every record needs an expect or error file"


@pytest.mark.parametrize("path", GOOD, ids=[p.name.removesuffix(".json") for p in GOOD])
def test_golden_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "--json", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert err == ""
    assert out.count("\n") == 1
    problems = mismatches(expect(path), json.loads(out))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", BAD, ids=[p.name.removesuffix(".json") for p in BAD])
def test_golden_error(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "--json", str(path)])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    for needle in needles(path):
        assert needle in err, f"{needle!r} not in {err!r}"


def test_golden_text_replay(capsys: pytest.CaptureFixture[str]) -> None:
    """The human-readable replay of a whole deal names the tricks and the score sheet."""
    status = main(["replay", str(HERE / "make4.json")])
    out, _ = capsys.readouterr()
    assert status == 0
    assert "trick 7" in out and "Score sheet" in out


def test_jsonl_all_goldens(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every golden on one line each, in one ``--jsonl`` run: one result per line, in order."""
    lines = [json.dumps(json.loads(path.read_text("utf-8"))) for path in RECORDS]
    source = tmp_path / "all.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status = main(["replay", "--jsonl", str(source)])
    out, _ = capsys.readouterr()
    assert status == 2  # the error goldens fail on their lines
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == len(RECORDS)
    problems = []
    for path, result in zip(RECORDS, results, strict=True):
        name = path.name.removesuffix(".json")
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
