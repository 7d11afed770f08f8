"""What a game's public facts may answer beyond what every game's do (``core.PublicFacts``),
asked as optional capabilities, and the base of the games' facts classes.

Every game's facts answer ``trump``, ``own_hand_hidden``, ``cards()``, ``trump_to_show()``
and ``to_json()``. The rest is what some games have: a seat that made the contract
(``HasMaker``), a lone hand (``HasLoneHand``), seats sitting the deal out (``HasSittingOut``),
an up-card proposing trump (``HasUpCard``), a card turned for trump (``HasTurnedCard``),
games won in a match of several (``HasGamesWon``). A game's facts class has a capability by
declaring its names (as fields or properties); code that reads one asks for it with the
readers here (``maker_of``, ``upcard_of`` ...), which answer ``None`` or empty where a game
has no such thing, so a new game declares only what it has.

Kept apart from ``core``, which is compiled: a compiled class's methods check that ``self``
is of that class, and the games' facts classes are plain Python subclasses.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Turned(FactsBase):
...     turned: Card | None
>>> facts = Turned(turned=None)
>>> isinstance(facts, HasTurnedCard), isinstance(facts, HasUpCard), upcard_of(facts)
(True, False, None)
>>> maker_of(facts), sitting_out_of(facts), alone_of(facts), games_won_of(facts)
(None, (), False, ())
"""

from __future__ import annotations

import inspect
from dataclasses import field
from typing import Any, ClassVar, Protocol, Self, cast, runtime_checkable

from tricktable.cards import Card
from tricktable.core import PublicFacts
from tricktable.json_fields import Wire, read_fields, write_fields


@runtime_checkable
class HasMaker(Protocol):
    """Facts of a game where a seat makes trump or wins the bidding."""

    @property
    def maker(self) -> int | None:
        """The seat that made trump or won the bidding (``None``: not yet)."""
        ...


@runtime_checkable
class HasLoneHand(Protocol):
    """Facts of a game where the maker may play alone."""

    @property
    def alone(self) -> bool:
        """Whether the maker plays alone."""
        ...


@runtime_checkable
class HasSittingOut(Protocol):
    """Facts of a game where seats may sit a deal out."""

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The seats that sit this deal out."""
        ...


@runtime_checkable
class HasUpCard(Protocol):
    """Facts of a game where an up-card proposes trump (the euchre games)."""

    @property
    def upcard(self) -> Card | None:
        """The up-card (``None`` between deals, or where a seat may not see it)."""
        ...

    @property
    def upcard_suit(self) -> int | None:
        """The suit the up-card proposes."""
        ...


@runtime_checkable
class HasTurnedCard(Protocol):
    """Facts of a game where a card is turned for trump (All Fours, whist)."""

    @property
    def turned(self) -> Card | None:
        """The card turned for trump (``None``: none is, or not yet)."""
        ...


@runtime_checkable
class HasGamesWon(Protocol):
    """Facts of a match of several games."""

    @property
    def games_won(self) -> tuple[int, ...]:
        """Games each side has won."""
        ...


CAPABILITIES: tuple[type, ...] = (
    HasMaker,
    HasLoneHand,
    HasSittingOut,
    HasUpCard,
    HasTurnedCard,
    HasGamesWon,
)
"""Every optional capability of a game's facts."""

_answers: dict[tuple[type, type], bool] = {}


def has(facts: object, capability: type) -> bool:
    """Whether ``facts`` answer ``capability`` (one of ``CAPABILITIES``); asked once per facts
    class (the protocols' own check reads every name each time).

    >>> has(FactsBase(), HasTurnedCard)
    False
    """
    key = (type(facts), capability)
    answer = _answers.get(key)
    if answer is None:
        answer = _answers[key] = isinstance(facts, capability)
    return answer


def maker_of(facts: PublicFacts) -> int | None:
    """The seat that made trump or won the bidding (``None``: none, or not yet)."""
    return cast(HasMaker, facts).maker if has(facts, HasMaker) else None


def alone_of(facts: PublicFacts) -> bool:
    """Whether the maker plays alone (``False`` in a game without lone hands)."""
    return cast(HasLoneHand, facts).alone if has(facts, HasLoneHand) else False


def sitting_out_of(facts: PublicFacts) -> tuple[int, ...]:
    """The seats that sit this deal out (none in a game where every seat plays)."""
    return cast(HasSittingOut, facts).sitting_out if has(facts, HasSittingOut) else ()


def upcard_of(facts: PublicFacts) -> Card | None:
    """The up-card proposing trump (``None`` in a game without one)."""
    return cast(HasUpCard, facts).upcard if has(facts, HasUpCard) else None


def upcard_suit_of(facts: PublicFacts) -> int | None:
    """The suit the up-card proposes (``None`` in a game without one)."""
    return cast(HasUpCard, facts).upcard_suit if has(facts, HasUpCard) else None


def turned_of(facts: PublicFacts) -> Card | None:
    """The card turned for trump (``None`` in a game without one)."""
    return cast(HasTurnedCard, facts).turned if has(facts, HasTurnedCard) else None


def games_won_of(facts: PublicFacts) -> tuple[int, ...]:
    """Games each side has won (empty in a game that is not a match of games)."""
    return cast(HasGamesWon, facts).games_won if has(facts, HasGamesWon) else ()


class FactsBase:
    """The base of the games' facts classes: their JSON form from ``wire``, the fields of
    their JSON form, in order: ``to_json`` writes them and ``from_json`` reads them back.
    A field named like a property of a class above is required like any other (see
    ``__init_subclass__``).

    >>> FactsBase().to_json()
    {}
    """

    __slots__ = ()

    wire: ClassVar[Wire] = ()
    """The fields of the facts' JSON form, in the order the wire carries them."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A field the subclass declares without a default (``alone: bool``) is required,
        even where a class above answers that name by a property: ``dataclasses`` takes
        the class attribute of a field's name, inherited too, as its default, and would
        fill a field left out with the property."""
        super().__init_subclass__(**kwargs)
        for name in inspect.get_annotations(cls):
            if name not in vars(cls) and isinstance(getattr(cls, name, None), property):
                setattr(cls, name, field())

    def to_json(self) -> dict[str, Any]:
        """The facts by the names of ``wire``, as the wire carries them."""
        return write_fields(self, self.wire)

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote (``JsonFieldError`` naming a field that is wrong)."""
        return cls(**cls.wire_values(data, where))

    @classmethod
    def wire_values(cls, data: object, where: str) -> dict[str, Any]:
        """The values of ``wire`` read from ``data``, by attribute (for a ``from_json``
        that builds what the wire does not carry from them)."""
        return read_fields(data, where, cls.wire)
