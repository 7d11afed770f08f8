"""How people see seats and sides named: from a record's ``names`` and the game's sides.

One rule for the text replay, the web replay viewer, the web table, ``sim`` and
``analyse``: a seat is named by its player's name; a seat with no name known (a bot,
written ``bot:NAME`` in records, or no name at all) by its place at the table: ``South``,
``West``, ``North``, ``East`` in four-handed games (seat 0 sits South, play goes to the
left), else ``Seat 1``, ``Seat 2`` ... counted from 1. A side is named by its members.

>>> names = record_names(["Ann", "bot:pimc", "Cid", "bot:heuristic"], [[0, 2], [1, 3]])
>>> list(names.seats), list(names.sides)
(['Ann', 'West', 'Cid', 'East'], ['Ann & Cid', 'West & East'])
>>> from tricktable.events import Event, EventKind
>>> from tricktable.presentation.events import event_text
>>> event_text(Event(EventKind.SIDE_WINS_GAME, side=0), names)
'Ann & Cid win the game'
>>> list(record_names(None, [[0], [1], [2]]).seats)
['Seat 1', 'Seat 2', 'Seat 3']
>>> seat_roster(["Ann", "bot:pimc", "Cid", "bot:medium"])
['Ann', 'West (PIMC bot)', 'Cid', 'East (Medium bot)']
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.presentation.events import Names
from tricktable.presentation.labels import bot_label

COMPASS = ("South", "West", "North", "East")
"""The places of a four-handed table, by seat: seat 0 sits South; play goes to the left."""

BOT_PREFIX = "bot:"
"""How a record names a seat played by a bot (``bot:pimc``, RECORDS.md)."""

PLURAL_NAMES = frozenset({"You"})
"""Names that take a plural verb (``You take``)."""


def place_name(seat: int, players: int) -> str:
    """A seat's name when no player's name is known: its place at the table.

    >>> place_name(1, 4), place_name(1, 3)
    ('West', 'Seat 2')
    """
    return COMPASS[seat] if players == len(COMPASS) else f"Seat {seat + 1}"


def place_seen(name: str, seat: int, players: int, viewer: int | None) -> str:
    """``name``, the name of ``seat``, as the table of someone at seat ``viewer`` draws it:
    a place name (``place_name``) turned with the compass so that the viewer sits South (as
    the web table's ``placeShown``); any other name as it is. ``None``: a spectator, who
    sees the table from seat 0.

    >>> place_seen("South", 0, 4, 2), place_seen("West", 1, 4, 2), place_seen("Ann", 1, 4, 2)
    ('North', 'East', 'Ann')
    """
    if players != len(COMPASS) or name != COMPASS[seat]:
        return name
    return COMPASS[(seat - (viewer or 0)) % players]


def bot_of(recorded: object) -> str | None:
    """The bot a recorded name stands for (``bot:pimc`` -> ``pimc``), else ``None``.

    >>> bot_of("bot:pimc"), bot_of("Ann")
    ('pimc', None)
    """
    if isinstance(recorded, str) and recorded.startswith(BOT_PREFIX):
        return recorded[len(BOT_PREFIX) :]
    return None


def _person(recorded: object) -> str | None:
    """A recorded name that names a person (not a bot, not empty, not the old ``human``)."""
    if not isinstance(recorded, str) or bot_of(recorded) is not None:
        return None
    name = " ".join(recorded.split())
    return name if name and name != "human" else None


def seat_names(recorded: Sequence[object] | None, players: int) -> list[str]:
    """Each seat's name for people (see the module's rule). A name two seats share gets its
    place added, so that no two seats read alike.

    >>> seat_names(["Ann", "Ann", None], 3)
    ['Ann (Seat 1)', 'Ann (Seat 2)', 'Seat 3']
    """
    given = list(recorded or [])[:players]
    given += [None] * (players - len(given))
    people = [_person(name) for name in given]
    names = [name or place_name(seat, players) for seat, name in enumerate(people)]
    return [
        f"{name} ({place_name(seat, players)})" if names.count(name) > 1 else name
        for seat, name in enumerate(names)
    ]


def side_name(seats: Sequence[int], names: Sequence[str]) -> str:
    """A side named by its members: ``Ann & Cid``."""
    return " & ".join(names[seat] for seat in seats)


def record_names(recorded: Sequence[object] | None, sides: Sequence[Sequence[int]]) -> Names:
    """How the words of a match name its seats and sides, from the record's ``names``
    (``None`` or a list shorter than the seats: places stand in)."""
    players = sum(len(side) for side in sides)
    seats = seat_names(recorded, players)
    return Names(
        seats=tuple(seats),
        sides=tuple(side_name(side, seats) for side in sides),
        plural_seats=frozenset(s for s, name in enumerate(seats) if name in PLURAL_NAMES),
        plural_sides=frozenset(
            i
            for i, side in enumerate(sides)
            if len(side) > 1 or any(seats[s] in PLURAL_NAMES for s in side)
        ),
    )


def seat_roster(recorded: Sequence[object] | None, players: int | None = None) -> list[str]:
    """Each seat's name with the bot that played it (``presentation.labels.bot_label``), for a
    list of who sat where."""
    count = len(recorded or []) if players is None else players
    names = seat_names(recorded, count)
    given = list(recorded or []) + [None] * count
    return [
        f"{name} ({bot_label(bot)})" if (bot := bot_of(given[seat])) is not None else name
        for seat, name in enumerate(names)
    ]


def wins_text(names: Names, side: int) -> str:
    """``Ann & Cid win`` / ``Ann wins``: a side's name with the verb agreeing.

    >>> wins_text(record_names(["Ann", "Bob"], [[0], [1]]), 1)
    'Bob wins'
    """
    verb = "win" if side in names.plural_sides else "wins"
    return f"{names.side(side)} {verb}"
