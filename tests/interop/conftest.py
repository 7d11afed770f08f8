"""EGN's own tools for the interop tests: the euchre-game-notation package built once.

The package (its validator, its converter to and from the binary form, its EMN tools) is not
on npm: a pinned copy of its sources lies beside the repository, in
``../shared/third_party/euchre-game-notation`` (or where ``TRICKTABLE_EGN_SOURCE`` says). The
``egn_tools`` fixture copies it into ``build/egn-tools/`` (git-ignored), runs ``npm install``
and ``npm run build`` there once for each version of the sources, and runs
``tests/interop/egn_tools.js`` on the files a test gives. Without Node and npm, or without the
sources, the tests that need the tools are skipped and say why; with
``TRICKTABLE_REQUIRE_EGN_TOOLS=1`` (``.ci/run`` sets it when the sources are there) they fail.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parents[2]
DRIVER = Path(__file__).parent / "egn_tools.js"
BUILDS = ROOT / "build" / "egn-tools"


def _source() -> Path:
    named = os.environ.get("TRICKTABLE_EGN_SOURCE")
    if named:
        return Path(named)
    return ROOT.parent / "shared" / "third_party" / "euchre-game-notation"


def _fingerprint(source: Path) -> str:
    """A hash of the package's sources, so that a new copy is built again."""
    digest = hashlib.sha256()
    for path in sorted(source.rglob("*")):
        if path.is_file() and "node_modules" not in path.parts and "dist" not in path.parts:
            digest.update(str(path.relative_to(source)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class EgnTools:
    """EGN's validator and converter, run through ``egn_tools.js``."""

    def __init__(self, package: Path) -> None:
        self.package = package

    def check(self, paths: Sequence[Path]) -> list[dict[str, Any]]:
        """One result per file (see ``egn_tools.js``): ``valid``, ``errors``, and for a
        valid game its ``condensed`` and ``expanded`` binary round trips."""
        result = subprocess.run(
            ["node", str(DRIVER), str(self.package), *map(str, paths)],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        return [json.loads(line) for line in result.stdout.splitlines()]


def _unavailable(reason: str) -> None:
    if os.environ.get("TRICKTABLE_REQUIRE_EGN_TOOLS") == "1":
        pytest.fail(f"EGN's tools are required here (TRICKTABLE_REQUIRE_EGN_TOOLS=1): {reason}")
    pytest.skip(f"EGN's own tools are not available: {reason}")


def _build(source: Path, target: Path) -> str | None:
    """Build the package into ``target``; the reason it failed, or ``None``."""
    work = target.with_name(target.name + f".building-{os.getpid()}")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(source, work, ignore=shutil.ignore_patterns("node_modules", "dist"))
    for command in (["npm", "install", "--no-audit", "--no-fund"], ["npm", "run", "build"]):
        done = subprocess.run(
            command, cwd=work, capture_output=True, text=True, timeout=900, check=False
        )
        if done.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            return f"`{' '.join(command)}` failed: {(done.stderr or done.stdout)[-500:]}"
    try:
        work.rename(target)
    except OSError:  # another run built it meanwhile
        shutil.rmtree(work, ignore_errors=True)
    return None


@pytest.fixture(scope="session")
def egn_tools() -> EgnTools:
    """EGN's own tools, built once (skipped, saying why, where they cannot be)."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        _unavailable("Node.js and npm are not installed (apt-get install npm)")
    source = _source()
    if not (source / "package.json").is_file():
        _unavailable(
            f"the package's sources are not at {source} (set TRICKTABLE_EGN_SOURCE to a copy"
            " of NextSuit-Labs/euchre-game-notation 1.4.0)"
        )
    target = BUILDS / _fingerprint(source)
    if not (target / "dist" / "src" / "index.js").is_file():
        BUILDS.mkdir(parents=True, exist_ok=True)
        failure = _build(source, target)
        if failure is not None:
            _unavailable(failure)
    return EgnTools(target)
