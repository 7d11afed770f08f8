"""Turn timers: how long a seat has for a decision, when its timer starts (after the
end-of-deal panel, docs/protocol.md "Turn timers"), and how much of it is left.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from tricktable.web.remote_bots import REMOTE_TURN_S
from tricktable.web.table_seats import TableSeats

DEAL_PANEL_GRACE = 60.0
"""Seconds after a deal (not the first) began by which a person's turn timer runs even if they
have not closed the end-of-deal panel of the deal before (``TableRuntime.timer_start``)."""


@dataclass
class TurnTimers(TableSeats):
    """When each seat's turn timer starts and runs out."""

    turn_started: float = field(default_factory=time.monotonic)
    deal_began: float = field(default_factory=time.monotonic)
    """When the deal being played was dealt (``time.monotonic()``, as this process saw it)."""
    continued: dict[int, float] = field(default_factory=dict)
    """Seats whose person closed the end-of-deal panel of the deal before this one, and when
    (the ``continue`` message; ``timer_start``)."""

    def turn_limit(self, seat: int) -> float | None:
        """Seconds ``seat`` has for a decision: the turn timer, and for a remote bot at most
        ``REMOTE_TURN_S`` (past it, the bot loses the seat)."""
        if seat in self.config.remote_bots:
            return min(self.config.turn_timer or REMOTE_TURN_S, REMOTE_TURN_S)
        return self.config.turn_timer

    def remote_overdue(self, seat: int) -> bool:
        """Whether the remote bot at ``seat`` let its turn pass (or left for longer than
        ``autoplay_after``)."""
        limit = self.turn_limit(seat)
        late = limit is not None and time.monotonic() - self.timer_start(seat) >= limit
        return late or self.autoplayed(seat)

    def timer_left(self) -> float | None:
        """Seconds left on the turn timer of the person to act (``None``: no timer runs);
        the whole timer while it has not started (``timer_start``)."""
        if self.config.turn_timer is None or self.state.current_player < 0:
            return None
        seat = self.state.current_player
        if self.config.seats[seat].kind != "human" or self.held_now(seat):
            return None
        limit = self.turn_limit(seat)
        assert limit is not None  # a turn timer runs
        left = limit - max(0.0, time.monotonic() - self.timer_start(seat))
        return max(0.0, round(left, 1))

    def timer_start(self, seat: int) -> float:
        """When the turn timer of ``seat``'s decision now starts (``time.monotonic()``).

        The rule (docs/protocol.md, "Turn timers"): a turn's timer starts when the turn
        does, except that in every deal after the first it starts no earlier than when the
        seat's person closed the end-of-deal panel of the deal before (their page says so:
        ``continue``), and at the latest ``DEAL_PANEL_GRACE`` seconds after the deal began.
        So the next deal's timer never runs down while its player still reads how the last
        deal went, and nobody holds the table up for long by leaving the panel open. A person
        with no page open reads no panel (``reads_a_panel``)."""
        start = self.turn_started
        if self.reads_a_panel(seat):
            ready = self.continued.get(seat, self.deal_began + DEAL_PANEL_GRACE)
            start = max(start, ready)
        return start

    def reads_a_panel(self, seat: int) -> bool:
        """Whether ``seat``'s turn timer may wait behind an end-of-deal panel: a person's
        (not a remote bot's) in a deal after the first, while a page of theirs is open (a
        person with no connection reads no panel: their timer starts with the turn)."""
        if len(self.state.deals) < 2 or seat in self.config.remote_bots:
            return False
        return self.connected(seat)

    def new_deal_began(self) -> None:
        """A new deal was dealt: its players' end-of-deal panels are open again."""
        self.deal_began = time.monotonic()
        self.continued.clear()

    def note_continued(self, seat: int, deals: int) -> bool:
        """``seat``'s person continued after ``deals`` finished deals, on this process or
        (in a room) another; whether that is the deal now played."""
        if deals < len(self.state.deals) - 1:
            return False
        if seat not in self.continued:
            self.continued[seat] = time.monotonic()
            self.wake.set()
        return True
