"""JAX stays inside ``tricktable.batched``: no other module imports it, and nothing outside
the package imports the package (docs/architecture.md), so that tricktable needs no JAX;
the one exception, the bot registry, imports the policy bot inside its maker when a
``policy(...)`` bot is asked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.test_architecture import imported_modules, within

SOURCES = Path(__file__).resolve().parents[2] / "src" / "tricktable"
BATCHED = SOURCES / "batched"
LAZY = {("bots/registry.py", "tricktable.batched.policy")}
"""The imports of the package allowed outside it, each inside a function."""


def test_only_the_batched_package_imports_jax_and_nothing_imports_it() -> None:
    found = []
    for path in SOURCES.rglob("*.py"):
        if BATCHED in path.parents:
            continue
        place = path.relative_to(SOURCES).as_posix()
        for module in imported_modules(path):
            lazy = [m for p, m in LAZY if p == place and within(module, (m,))]
            if lazy and not imported_modules(path, top_level=True) & set(lazy):
                continue
            root = module.split(".")[0]
            if root in ("jax", "jaxlib") or module.startswith("tricktable.batched"):
                found.append(f"{path.relative_to(SOURCES)} imports {module}")
    assert not found, "\n".join(found)


def test_the_batched_package_imports_jax() -> None:
    """The check above looks where it should: the package itself does import JAX."""
    assert "jax" in imported_modules(BATCHED / "euchre.py")


def test_no_bot_imports_jax_but_a_policy_bot_given_its_weights() -> None:
    code = (
        "import sys; from tricktable.bots import make_bot; from tricktable.games import load_game;"
        " make_bot('medium', load_game('euchre'))\n"
        "try:\n make_bot('policy', load_game('euchre'))\n"
        "except Exception as error:\n print(type(error).__name__)\n"
        "print('jax' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["RuleError", "False"], done.stderr


def test_a_policy_bot_plays_without_jax() -> None:
    """The policy bot needs NumPy only: making and asking it loads no JAX, so an engine
    program serving it starts and quits at once."""
    weights = Path(__file__).resolve().parents[2] / "examples" / "batched_ppo_euchre.npz"
    code = (
        "import random, sys; from tricktable.bots import make_bot;"
        " from tricktable.testing import dealt_match\n"
        "state = dealt_match('euchre(preset=openspiel)', 3)\n"
        f"bot = make_bot('policy(path={weights})', state.game, trusted=True)\n"
        "action = bot.choose(state.view(state.current_player), random.Random(0))\n"
        "print(action in state.legal_texts(), 'jax' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "False"], done.stderr
