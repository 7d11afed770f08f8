"""Optional compiled build of the engine's hot modules with mypyc.

The package is pure Python and complete without this step. Set ``TRICKTABLE_COMPILE=1``
when building or installing to compile the modules in ``COMPILED_MODULES`` with mypyc
(needs ``mypy`` and a C compiler); the compiled modules behave exactly as the Python
ones and the test suite runs against both (``make test``)::

    TRICKTABLE_COMPILE=1 pip install --no-build-isolation .

Everything else (configuration, metadata) lives in ``pyproject.toml``.
"""

from __future__ import annotations

import os

from setuptools import setup

# The engine's inner loop: cards, trick tables, actions, the shared State and the core modules
# it is made of (its bases, the deal, the views, the score sheet's line), the euchre family's
# shared layer (the compiled euchre engine builds on it) and the two games measured against
# OpenSpiel, and the search bots' inner loop. Each must stay plain, fully annotated Python.
COMPILED_MODULES = [
    "src/tricktable/cards.py",
    "src/tricktable/actions.py",
    "src/tricktable/tricks.py",
    "src/tricktable/core.py",
    "src/tricktable/core_deal.py",
    "src/tricktable/core_summary.py",
    "src/tricktable/core_views.py",
    "src/tricktable/core_play.py",
    "src/tricktable/core_undo.py",
    "src/tricktable/games/euchre_family/dealing.py",
    "src/tricktable/games/euchre_family/state.py",
    "src/tricktable/games/euchre_family/upcard.py",
    "src/tricktable/games/euchre/engine.py",
    "src/tricktable/games/romanian_whist/engine.py",
    # the observation tensors of the research interfaces (docs/rl.md)
    "src/tricktable/games/encoding.py",
    # the search bots' double-dummy solver and resampler, and the games' valuations of a
    # deal that the solver calls (search/valuation.py)
    "src/tricktable/search/play_facts.py",
    "src/tricktable/search/valuation.py",
    "src/tricktable/search/solver_position.py",
    "src/tricktable/search/solver_state.py",
    "src/tricktable/search/solver_ordering.py",
    "src/tricktable/search/solver_bounds.py",
    "src/tricktable/search/solver_alphabeta.py",
    "src/tricktable/search/solver_each.py",
    "src/tricktable/search/solver.py",
    "src/tricktable/games/romanian_whist/valuation.py",
    "src/tricktable/games/all_fours_family/valuation.py",
    "src/tricktable/search/resample.py",
]


def _extensions() -> list[object]:
    if os.environ.get("TRICKTABLE_COMPILE", "") not in {"1", "yes", "true"}:
        return []
    from mypyc.build import mypycify

    return list(mypycify(COMPILED_MODULES, opt_level="3", strict_dunder_typing=False))


setup(ext_modules=_extensions())
