"""Reading typed values back from JSON, field by field, naming the field that is wrong; the
few writers of the text forms they read (``suit_text``, ``card_text``, ``card_names``); and
``Codec``s and ``WireField``s, which declare a typed object's JSON form once, field by field,
for both directions (``write_fields`` and ``read_fields``).

The wire carries a seat view as JSON (``SeatView.to_json``, each game's facts ``to_json``);
reading one back (``SeatView.from_json``, each facts class's ``from_json``) turns every field
into its typed value with the small readers here. A reader takes the value and where it was
found, and raises ``JsonFieldError`` naming that place and what it should hold.

>>> fields = JsonObject({"seat": 2, "upcard": "JH", "shown": {"1": ["AS"]}}, "public")
>>> fields.read("seat", integer), fields.read("upcard", optional(named_card)) == parse_card("JH")
(2, True)
>>> fields.read("shown", by_seat(tuple_of(named_card))) == ((1, (parse_card("AS"),)),)
True
>>> fields.read("upcard", integer)
Traceback (most recent call last):
...
tricktable.errors.JsonFieldError: public.upcard must be an integer, not 'JH'
>>> fields.read("trump", optional(suit_letter))
Traceback (most recent call last):
...
tricktable.errors.JsonFieldError: public has no field 'trump'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tricktable.cards import (
    RANK_LETTERS,
    SUIT_LETTERS,
    Card,
    Suit,
    card_name,
    parse_card,
    parse_suit,
)
from tricktable.errors import CardError, JsonFieldError

T = TypeVar("T")
U = TypeVar("U")

Reader = Callable[[object, str], T]
"""Reads a JSON value found at a place (``public.shown.2``) into its typed value."""


def suit_text(suit: Suit | None) -> str | None:
    """A suit as its letter (``None`` stays ``None``): how the wire writes suits
    (``suit_letter`` reads it back).

    >>> suit_text(0), suit_text(None)
    ('S', None)
    """
    return None if suit is None else SUIT_LETTERS[suit]


def card_text(card: Card | None) -> str | None:
    """A card as its name (``None`` stays ``None``; ``named_card`` reads it back)."""
    return None if card is None else card_name(card)


def card_names(cards: Iterable[Card]) -> list[str]:
    """Cards as a list of names (``tuple_of(named_card)`` reads it back)."""
    return [card_name(card) for card in cards]


def _refuse(where: str, wanted: str, value: object) -> JsonFieldError:
    return JsonFieldError(f"{where} must be {wanted}, not {_shorten(repr(value))}")


def _shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def integer(value: object, where: str) -> int:
    """An integer (not a boolean)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refuse(where, "an integer", value)
    return value


def flag(value: object, where: str) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise _refuse(where, "true or false", value)
    return value


def string(value: object, where: str) -> str:
    """A string."""
    if not isinstance(value, str):
        raise _refuse(where, "a string", value)
    return value


def named_card(value: object, where: str) -> Card:
    """A card by its name (``JS``, ``TH``, ``JO``)."""
    try:
        return parse_card(string(value, where))
    except CardError as error:
        raise JsonFieldError(f"{where}: {error}") from None


def suit_letter(value: object, where: str) -> Suit:
    """A suit by its letter (``S``, ``H``, ``D``, ``C``)."""
    try:
        return parse_suit(string(value, where))
    except CardError as error:
        raise JsonFieldError(f"{where}: {error}") from None


def optional(read: Reader[T]) -> Reader[T | None]:
    """``null`` as ``None``, else what ``read`` reads."""

    def read_optional(value: object, where: str) -> T | None:
        return None if value is None else read(value, where)

    return read_optional


def tuple_of(read: Reader[T]) -> Reader[tuple[T, ...]]:
    """A JSON list, each item read by ``read``, as a tuple."""

    def read_list(value: object, where: str) -> tuple[T, ...]:
        if not isinstance(value, list | tuple):
            raise _refuse(where, "a list", value)
        return tuple(read(item, f"{where}[{index}]") for index, item in enumerate(value))

    return read_list


def pair(first: Reader[T], second: Reader[U]) -> Reader[tuple[T, U]]:
    """A JSON list of two items, read by ``first`` and ``second``.

    >>> pair(integer, named_card)([1, "JS"], "trick[0]") == (1, parse_card("JS"))
    True
    >>> pair(integer, named_card)([1], "trick[0]")
    Traceback (most recent call last):
    ...
    tricktable.errors.JsonFieldError: trick[0] must be a list of two items, not [1]
    """

    def read_pair(value: object, where: str) -> tuple[T, U]:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise _refuse(where, "a list of two items", value)
        return first(value[0], f"{where}[0]"), second(value[1], f"{where}[1]")

    return read_pair


def by_seat(read: Reader[T]) -> Reader[tuple[tuple[int, T], ...]]:
    """A JSON object keyed by seat, as ``(seat, value)`` pairs in its order. A seat key is
    an int, or its digits once the object has been through JSON (whose keys are strings).

    >>> by_seat(integer)({"2": 5, 0: 1}, "bids")
    ((2, 5), (0, 1))
    >>> by_seat(integer)({"north": 5}, "bids")
    Traceback (most recent call last):
    ...
    tricktable.errors.JsonFieldError: bids must be keyed by seat numbers, not 'north'
    """

    def read_seats(value: object, where: str) -> tuple[tuple[int, T], ...]:
        if not isinstance(value, Mapping):
            raise _refuse(where, "an object keyed by seat", value)
        return tuple(
            (_seat_key(key, where), read(item, f"{where}.{key}")) for key, item in value.items()
        )

    return read_seats


def _seat_key(key: object, where: str) -> int:
    if isinstance(key, int) and not isinstance(key, bool) and key >= 0:
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit():
        return int(key)
    raise JsonFieldError(f"{where} must be keyed by seat numbers, not {_shorten(repr(key))}")


class JsonObject:
    """A JSON object whose fields are read one at a time, each by its reader; ``where``
    names the object in errors (``view``, ``public``)."""

    __slots__ = ("data", "where")

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, Mapping):
            raise _refuse(where, "a JSON object", data)
        self.data: Mapping[object, object] = data
        self.where = where

    def read(self, name: str, read: Reader[T]) -> T:
        """The field ``name`` read by ``read``; ``JsonFieldError`` when it is missing."""
        if name not in self.data:
            raise JsonFieldError(f"{self.where} has no field {name!r}")
        return read(self.data[name], f"{self.where}.{name}")

    def read_repeated(self, name: str, copy: str, read: Reader[T]) -> T:
        """The field ``name``, which the field ``copy`` repeats under another name for
        readers that know it so; ``JsonFieldError`` when the two differ.

        >>> JsonObject({"threw_in": [1], "sitting_out": [2]}, "public").read_repeated(
        ...     "threw_in", "sitting_out", tuple_of(integer))
        Traceback (most recent call last):
        ...
        tricktable.errors.JsonFieldError: public.sitting_out must repeat public.threw_in \
(1,), not (2,)
        """
        value = self.read(name, read)
        repeated = self.read(copy, read)
        if repeated != value:
            where = f"{self.where}.{copy}"
            raise JsonFieldError(
                f"{where} must repeat {self.where}.{name} {value!r}, not {repeated!r}"
            )
        return value


def _as_is(value: T) -> T:
    return value


@dataclass(frozen=True, slots=True)
class Codec(Generic[T]):
    """How one kind of value goes on the wire: ``read`` (a ``Reader``) reads it back from
    what ``write`` turns it into (the value as it is, unless given), and ``schema`` is its
    JSON Schema (``None``: not declared). Larger kinds are made from smaller ones.

    >>> SUIT.optional().write(None), CARD.listed().write([parse_card("JS")])
    (None, ['JS'])
    >>> INTEGERS.listed().read([[0, 2], [1, 3]], "sides")
    ((0, 2), (1, 3))
    >>> CARD.by_seat().write(((2, parse_card("AS")),))
    {2: 'AS'}
    >>> SUIT.optional().schema
    {'anyOf': [{'enum': ['S', 'H', 'D', 'C']}, {'type': 'null'}]}
    """

    read: Reader[T]
    write: Callable[[T], Any] = _as_is
    schema: Mapping[str, Any] | None = None

    def optional(self) -> Codec[T | None]:
        """``None`` as ``null``, else this codec's form."""
        write = self.write

        def write_optional(value: T | None) -> Any:
            return None if value is None else write(value)

        return Codec(optional(self.read), write_optional, self._wrapped(_optional_schema))

    def listed(self) -> Codec[tuple[T, ...]]:
        """A tuple as a JSON list, each item in this codec's form."""
        write = self.write

        def write_list(values: tuple[T, ...]) -> list[Any]:
            return [write(value) for value in values]

        return Codec(tuple_of(self.read), write_list, self._wrapped(_list_schema))

    def by_seat(self) -> Codec[tuple[tuple[int, T], ...]]:
        """``(seat, value)`` pairs as a JSON object keyed by seat (``by_seat``)."""
        write = self.write

        def write_seats(pairs: tuple[tuple[int, T], ...]) -> dict[int, Any]:
            return {seat: write(value) for seat, value in pairs}

        return Codec(by_seat(self.read), write_seats, self._wrapped(_by_seat_schema))

    def _wrapped(
        self, wrap: Callable[[Mapping[str, Any]], Mapping[str, Any]]
    ) -> Mapping[str, Any] | None:
        return None if self.schema is None else wrap(self.schema)


def _optional_schema(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    return {"anyOf": [dict(schema), {"type": "null"}]}


def _list_schema(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    return {"type": "array", "items": dict(schema)}


def _by_seat_schema(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    return {
        "type": "object",
        "propertyNames": {"pattern": SEAT_KEY_PATTERN},
        "additionalProperties": dict(schema),
    }


SEAT_KEY_PATTERN = "^[0-9]+$"
"""A seat number as a JSON object's key."""
CARD_PATTERN = f"^(?:[{''.join(RANK_LETTERS.values())}][{SUIT_LETTERS}]|JO)$"
"""Every card's name (rank letter then suit letter; ``JO`` the Joker) as a regular
expression."""


def _letter(suit: Suit) -> str:
    return SUIT_LETTERS[suit]


INTEGER: Codec[int] = Codec(integer, schema={"type": "integer"})
INTEGERS: Codec[tuple[int, ...]] = INTEGER.listed()
"""A list of integers: seats, or a count by seat or side."""
FLAG: Codec[bool] = Codec(flag, schema={"type": "boolean"})
STRING: Codec[str] = Codec(string, schema={"type": "string"})
CARD: Codec[Card] = Codec(named_card, card_name, {"type": "string", "pattern": CARD_PATTERN})
"""A card by its name."""
SUIT: Codec[Suit] = Codec(suit_letter, _letter, {"enum": list(SUIT_LETTERS)})
"""A suit by its letter."""


@dataclass(frozen=True, slots=True)
class WireField:
    """One field of an object's JSON form: its ``name`` there, its ``codec``, and the
    ``attribute`` that holds it (the name when not given). ``copy`` names a second field
    that repeats the value for readers that know it by that name (read back and checked).
    """

    name: str
    codec: Codec[Any]
    attribute: str = ""
    copy: str = ""

    @property
    def holder(self) -> str:
        """The attribute that holds the field's value."""
        return self.attribute or self.name


Wire = tuple[WireField, ...]
"""The fields of an object's JSON form, in the order it carries them."""


def write_fields(source: object, fields: Iterable[WireField]) -> dict[str, Any]:
    """``source``'s JSON form, ``fields`` in order.

    >>> from types import SimpleNamespace
    >>> turned = SimpleNamespace(turned=parse_card("JH"), out=(1,))
    >>> write_fields(turned, (WireField("turned", CARD.optional()),
    ...     WireField("threw_in", INTEGERS, attribute="out", copy="sitting_out")))
    {'turned': 'JH', 'threw_in': [1], 'sitting_out': [1]}
    """
    out: dict[str, Any] = {}
    for field in fields:
        value = getattr(source, field.holder)
        out[field.name] = field.codec.write(value)
        if field.copy:
            out[field.copy] = field.codec.write(value)
    return out


def read_fields(data: object, where: str, fields: Iterable[WireField]) -> dict[str, Any]:
    """The values ``write_fields`` wrote, by attribute (``JsonFieldError`` naming a field
    that is missing or wrong).

    >>> read_fields({"out": [2]}, "public", (WireField("out", INTEGERS),))
    {'out': (2,)}
    >>> read_fields({"out": [2, "x"]}, "public", (WireField("out", INTEGERS),))
    Traceback (most recent call last):
    ...
    tricktable.errors.JsonFieldError: public.out[1] must be an integer, not 'x'
    """
    json_object = JsonObject(data, where)
    values: dict[str, Any] = {}
    for field in fields:
        if field.copy:
            value = json_object.read_repeated(field.name, field.copy, field.codec.read)
        else:
            value = json_object.read(field.name, field.codec.read)
        values[field.holder] = value
    return values
