"""Progress of long runs on stderr: a bar with an ETA on a terminal, else a line now and then.

Off a terminal (a log file, CI, a pipe) a bar's carriage returns make a mess, so
``Progress`` writes one plain line every ``TRICKTABLE_PROGRESS_SECONDS`` seconds (default
5) instead, with the label, the count, the elapsed time and the ETA.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, TextIO

INTERVAL_SECONDS = 5.0
"""Seconds between progress lines off a terminal (``TRICKTABLE_PROGRESS_SECONDS`` sets it)."""


def _clock(seconds: float) -> str:
    """``1:02:03`` or ``2:03``.

    >>> _clock(3723.4), _clock(62)
    ('1:02:03', '1:02')
    """
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Progress:
    """Counts finished matches out of ``total``, ``initial`` of them done before this run."""

    def __init__(
        self,
        label: str,
        total: int,
        initial: int = 0,
        *,
        enabled: bool = True,
        stream: TextIO | None = None,
    ) -> None:
        self.label = label
        self.total = total
        self.done = initial
        self.initial = initial
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.started = time.monotonic()
        self.interval = float(os.environ.get("TRICKTABLE_PROGRESS_SECONDS", INTERVAL_SECONDS))
        self.last = self.started
        self._bar: Any = None
        if enabled and self.stream.isatty():
            from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

            self._bar = tqdm(
                total=total,
                initial=initial,
                desc=label,
                unit="match",
                file=self.stream,
                leave=False,
            )

    def update(self, count: int = 1) -> None:
        self.done += count
        if self._bar is not None:
            self._bar.update(count)
            return
        now = time.monotonic()
        if self.enabled and now - self.last >= self.interval:
            self.last = now
            self.stream.write(self.line(now) + "\n")
            self.stream.flush()

    def line(self, now: float) -> str:
        """``label: 12/40 matches (30%), 0:12 elapsed, ETA 0:28``."""
        elapsed = now - self.started
        text = f"{self.label}: {self.done}/{self.total} matches"
        if self.total:
            text += f" ({self.done / self.total:.0%})"
        text += f", {_clock(elapsed)} elapsed"
        played = self.done - self.initial
        if played > 0 and self.done < self.total:
            text += f", ETA {_clock(elapsed / played * (self.total - self.done))}"
        return text

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
