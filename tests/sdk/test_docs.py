"""The "write a bot in ten minutes" pages work as written: their bots pass ``engine-check``
(playing the games they name and declining the others), and their test snippets run."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from . import JS_SDK, NO_NODE, NODE, PYTHON_SDK, ROOT


def blocks(page: str, language: str) -> list[str]:
    """The fenced code blocks of ``language`` on docs/``page``."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.DOTALL)


def the_block(page: str, language: str, holding: str) -> str:
    [block] = [b for b in blocks(page, language) if holding in b]
    return block


def engine_check(command: str, cwd: Path) -> dict[str, bool | None]:
    """``engine-check`` of ``command`` over euchre, pitch and all_fours: each game's plays."""
    env = {**os.environ}
    env["PYTHONPATH"] = os.pathsep.join([p for p in (env.get("PYTHONPATH"), str(PYTHON_SDK)) if p])
    games = ["--game", "euchre", "--game", "pitch", "--game", "all_fours"]
    check = [sys.executable, "-m", "tricktable", "engine-check", f"cmd:{command}", *games]
    result = subprocess.run(
        [*check, "--positions", "10", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=cwd,
        env=env,
    )
    report = json.loads(result.stdout)
    assert result.returncode == 0 and report["passed"] is True, result.stdout
    return {c["game"]: c["passed"] for c in report["checks"] if c["check"] == "plays"}


PLAYS = {
    "euchre(preset=north_american)": True,
    "pitch(preset=auction)": True,
    "all_fours(preset=seven_up)": None,  # declined
}


def test_the_python_pages_bots_work(tmp_path: Path) -> None:
    (tmp_path / "mybot.py").write_text(the_block("sdk-python.md", "python", "partner_aware"))
    assert engine_check(f"{sys.executable} mybot.py", tmp_path) == PLAYS
    (tmp_path / "first.py").write_text(the_block("sdk-python.md", "python", "first_legal"))
    assert set(engine_check(f"{sys.executable} first.py", tmp_path).values()) == {True}


def test_the_python_pages_test_snippet_runs() -> None:
    exec(the_block("sdk-python.md", "python", "io.StringIO()"), {})


@pytest.mark.skipif(NODE is None, reason=NO_NODE)
def test_the_js_pages_bots_work(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "tricktable-bot").symlink_to(JS_SDK)  # as npm install links
    (tmp_path / "mybot.js").write_text(the_block("sdk-js.md", "js", "partnerAware"))
    assert engine_check(f"{NODE} mybot.js", tmp_path) == PLAYS
    (tmp_path / "first.js").write_text(the_block("sdk-js.md", "js", "first-legal"))
    assert set(engine_check(f"{NODE} first.js", tmp_path).values()) == {True}
