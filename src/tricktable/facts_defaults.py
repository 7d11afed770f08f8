"""What ``core.PublicFacts`` answers where a game has no such thing, for the games' facts
classes to inherit.

Kept apart from ``core``, which is compiled: a compiled class's methods check that ``self``
is of that class, and the games' facts classes are plain Python subclasses.
"""

from __future__ import annotations

from tricktable.cards import Card


class FactsDefaults:
    """What ``PublicFacts`` answers where a game has no such thing: no lone hand, no
    up-card, no games of a match. A game's facts class inherits these and declares as
    fields (or properties) the facts it has.

    >>> FactsDefaults().alone, FactsDefaults().upcard, FactsDefaults().games_won
    (False, None, ())
    """

    __slots__ = ()

    @property
    def alone(self) -> bool:
        return False

    @property
    def upcard(self) -> Card | None:
        return None

    @property
    def upcard_suit(self) -> int | None:
        return None

    @property
    def games_won(self) -> tuple[int, ...]:
        return ()
