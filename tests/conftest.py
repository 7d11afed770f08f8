"""Test-wide settings.

Hypothesis draws fresh examples on every run on a developer's machine (to keep finding
bugs); under CI (``CI=true``) it derandomizes, so that a submission's result does not depend
on the luck of the draw. ``HYPOTHESIS_PROFILE`` picks a profile explicitly.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


def pytest_report_header() -> str:
    """Say which build of the engine the run tests (``make unit-compiled`` sets
    ``TRICKTABLE_EXPECT_COMPILED=1`` and fails at once if the mypyc modules are not the ones
    imported, so that run cannot pass by silently testing the Python sources)."""
    import tricktable.core

    compiled = not tricktable.core.__file__.endswith(".py")
    if os.environ.get("TRICKTABLE_EXPECT_COMPILED") == "1" and not compiled:
        raise RuntimeError(
            f"TRICKTABLE_EXPECT_COMPILED=1 but tricktable.core is {tricktable.core.__file__}"
        )
    return f"tricktable engine: {'compiled (mypyc)' if compiled else 'python'}"
