"""What the benches that take decisions of chosen phases from matches share: a search that
gives up, naming the phases it met, when no decision of those phases comes."""

from __future__ import annotations

from collections.abc import Sequence

NO_POSITION_MATCHES = 20
"""Matches played without finding one decision of the phases asked for before giving up."""


class PhaseSearch:
    """The view phases a bench wants (every phase when none are given), and the phases and
    matches it has met while looking for them.

    >>> search = PhaseSearch(["discard"])
    >>> search.wants("bid1"), search.wants("discard")
    (False, True)
    >>> for _ in range(NO_POSITION_MATCHES):
    ...     search.next_match(found=0)
    >>> search.next_match(found=0)
    Traceback (most recent call last):
    ...
    ValueError: no decision in the phases discard in 20 matches; the phases met: bid1, discard
    """

    def __init__(self, phases: Sequence[str] = ()) -> None:
        self.phases = tuple(phases)
        self.met: set[str] = set()
        self.matches = 0

    def wants(self, phase: str) -> bool:
        """Whether a decision in ``phase`` is one the bench looks for (and note the phase)."""
        self.met.add(phase)
        return not self.phases or phase in self.phases

    def next_match(self, found: int) -> None:
        """Count a new match; a ``ValueError`` when ``NO_POSITION_MATCHES`` have been played
        and ``found`` is still 0."""
        self.matches += 1
        if self.matches > NO_POSITION_MATCHES and not found:
            raise ValueError(
                f"no decision in the phases {', '.join(self.phases)} in {NO_POSITION_MATCHES} "
                f"matches; the phases met: {', '.join(sorted(self.met))}"
            )
