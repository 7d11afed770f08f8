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
