"""Test-wide settings.

Hypothesis draws fresh examples on every run on a developer's machine (to keep finding
bugs); under CI (``CI=true``) it derandomizes, so that a submission's result does not depend
on the luck of the draw. ``HYPOTHESIS_PROFILE`` picks a profile explicitly.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


def _engine_build() -> str:
    """``compiled (mypyc)`` or ``python``, and where the imported tricktable lives."""
    import tricktable.core

    compiled = not tricktable.core.__file__.endswith(".py")
    where = Path(tricktable.core.__file__).parent
    return f"{'compiled (mypyc)' if compiled else 'python'}, from {where}"


def pytest_configure(config: pytest.Config) -> None:
    """Fail at once when ``TRICKTABLE_EXPECT_COMPILED=1`` (``make unit-compiled`` and
    ``make wheel-test`` set it) and the mypyc modules are not the ones imported, so that a
    compiled run cannot pass by silently testing the Python sources. (Here, not in the report
    header, which ``-q`` skips.)"""
    import tricktable.core

    if os.environ.get("TRICKTABLE_EXPECT_COMPILED") == "1" and tricktable.core.__file__.endswith(
        ".py"
    ):
        raise pytest.UsageError(
            f"TRICKTABLE_EXPECT_COMPILED=1 but tricktable.core is {tricktable.core.__file__}"
        )


def pytest_report_header() -> str:
    """Say which build of the engine the run tests."""
    return f"tricktable engine: {_engine_build()}"
