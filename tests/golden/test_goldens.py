"""Replay every game's hand-written golden records through the real CLI.

``GAME/NAME.json`` (written by ``build_GAME.py``) is a record; ``NAME.expect.json`` holds
the replay result derived by hand from RULES.md (every field given must equal the
``tricktable replay --json`` output; lists must have the same length, objects inside are
compared the same way); ``NAME.error.txt`` marks a record that must fail: exit status 2,
nothing on stdout and one stderr line containing every line of the file. One ``--jsonl``
run per game replays them all at once. The replay for people is checked in
``test_text_replay.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tricktable.cli.main import main
from tricktable.games import CHECKED_NAMES, spec_of

from .support import GOLDEN_GAMES, Goldens, expect, mismatches, needles, param

MINIMUMS = {name: spec_of(name).part("testdata").goldens for name in CHECKED_NAMES}
"""Per game: at least this many good and error goldens (its ``Conformance.goldens``)."""

XFAIL: dict[str, str] = {}
"""Goldens (``game/name``) whose hand-derived expectation the engine does not meet yet."""

GOLDENS = {game: Goldens.of(game) for game in GOLDEN_GAMES}


def _ids(kind: str) -> list[object]:
    return [
        param(path, XFAIL, game) for game, found in GOLDENS.items() for path in getattr(found, kind)
    ]


def test_every_game_has_goldens() -> None:
    assert set(GOLDEN_GAMES) == set(MINIMUMS)


@pytest.mark.parametrize("game", GOLDEN_GAMES)
def test_goldens_present(game: str) -> None:
    found = GOLDENS[game]
    good, bad = MINIMUMS[game]
    assert len(found.good) >= good
    assert len(found.bad) >= bad
    assert len(found.good) + len(found.bad) == len(found.records), (
        "every record needs an expect or error file"
    )


@pytest.mark.parametrize("path", _ids("good"))
def test_golden_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "--json", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert err == ""
    assert out.count("\n") == 1
    problems = mismatches(expect(path), json.loads(out))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", _ids("bad"))
def test_golden_error(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "--json", str(path)])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    for needle in needles(path):
        assert needle in err, f"{needle!r} not in {err!r}"


@pytest.mark.parametrize("game", GOLDEN_GAMES)
def test_cli_subprocess_single(game: str) -> None:
    """The installed module entry point, in a separate process, on a good and a bad golden."""
    found = GOLDENS[game]
    command = [sys.executable, "-m", "tricktable.cli.main", "replay", "--json"]
    good = subprocess.run([*command, str(found.good[0])], capture_output=True, text=True)
    assert good.returncode == 0, good.stderr
    assert not mismatches(expect(found.good[0]), json.loads(good.stdout))
    bad = subprocess.run([*command, str(found.bad[0])], capture_output=True, text=True)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.count("\n") == 1
    assert all(needle in bad.stderr for needle in needles(found.bad[0])), bad.stderr


@pytest.mark.parametrize("game", GOLDEN_GAMES)
def test_jsonl_all_goldens(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every golden on one line each, in one ``--jsonl`` run: one result per line, in order;
    a failing record gives ``{"error": ...}`` on its line and exit status 2."""
    found = GOLDENS[game]
    lines = [json.dumps(json.loads(path.read_text("utf-8"))) for path in found.records]
    source = tmp_path / "all.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status = main(["replay", "--jsonl", str(source)])
    out, _ = capsys.readouterr()
    assert status == 2  # the error goldens fail on their lines
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == len(found.records)
    problems = []
    for path, result in zip(found.records, results, strict=True):
        name = path.name.removesuffix(".json")
        if f"{game}/{name}" in XFAIL:
            continue
        if path in found.bad:
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


@pytest.mark.parametrize("game", GOLDEN_GAMES)
def test_jsonl_good_goldens_only(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only good records: exit status 0, one result per record."""
    good = GOLDENS[game].good
    lines = [json.dumps(json.loads(path.read_text("utf-8"))) for path in good]
    source = tmp_path / "good.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", "--jsonl", str(source)]) == 0
    out, _ = capsys.readouterr()
    assert len(out.splitlines()) == len(good)
