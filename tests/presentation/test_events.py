"""The sentence of every deal event kind, as the records say it and as the terminal names it.

The kinds, their words and their examples are each package's (``events.py``, ``words.py``,
``testdata.SENTENCES``), found here by the packages that define kinds; the sentences of the
kinds several games share are ``presentation.events.WORDS``."""

from __future__ import annotations

import importlib
from enum import StrEnum
from pathlib import Path

import pytest

from tricktable.events import Event, EventKind
from tricktable.games.all_fours.events import AllFoursEvent
from tricktable.games.all_fours_family.events import PointEvent
from tricktable.games.euchre.events import EuchreEvent
from tricktable.games.euchre_family.events import FamilyEvent
from tricktable.games.setback_euchre.events import SetbackEvent
from tricktable.games.three_handed_euchre.events import ThreeHandedEvent
from tricktable.presentation.events import WORDS, Names, event_parts, event_text, words_for

GAMES = Path(importlib.import_module("tricktable.games").__file__ or "").parent

SHARED: list[tuple[Event, str]] = [
    (Event(EventKind.SIDE_WINS_GAME, side=1), "side 1 wins the game"),
    (Event(EventKind.SEAT_WINS_GAME, seat=0), "seat 0 wins the game"),
    (Event(EventKind.SEAT_WINS, seat=2), "seat 2 wins"),
    (Event(EventKind.WINS_WITH, seat=3, counts=(-4,)), "seat 3 wins with -4"),
]
"""One event of each kind several games share, and its sentence in the records."""

PACKAGES = sorted(path.parent.name for path in GAMES.glob("*/events.py"))
"""Every package of ``tricktable.games`` that defines event kinds (a game's or a family's)."""


def kinds_of(module_name: str) -> list[StrEnum]:
    """The event kinds a module defines (its ``StrEnum`` classes' members)."""
    module = importlib.import_module(module_name)
    kinds: list[StrEnum] = []
    for value in vars(module).values():
        is_kinds = isinstance(value, type) and issubclass(value, StrEnum)
        if is_kinds and value is not StrEnum and value.__module__ == module.__name__:
            kinds.extend(value)
    return kinds


def examples_of(package: str) -> list[tuple[Event, str]]:
    """The example sentences a package keeps beside its kinds (``testdata.SENTENCES``)."""
    module = importlib.import_module(f"tricktable.games.{package}.testdata")
    examples: list[tuple[Event, str]] = module.SENTENCES
    return examples


SENTENCES = SHARED + [example for package in PACKAGES for example in examples_of(package)]
"""One event of every kind and its sentence in the records (RECORDS.md's replay ``events``)."""


def every_kind() -> list[StrEnum]:
    """The kinds defined anywhere: ``tricktable.events`` and each game package's ``events``."""
    return kinds_of("tricktable.events") + [
        kind for package in PACKAGES for kind in kinds_of(f"tricktable.games.{package}.events")
    ]


@pytest.mark.parametrize(("event", "sentence"), SENTENCES, ids=lambda x: getattr(x, "kind", ""))
def test_the_records_sentence_of_each_kind(event: Event, sentence: str) -> None:
    assert event_text(event) == sentence


def test_kind_values_are_distinct() -> None:
    values = [str(kind) for kind in every_kind()]
    assert len(values) == len(set(values)), "two kinds share a value"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_words_and_gives_an_example_of_each_of_its_kinds(package: str) -> None:
    """Its ``words.WORDS`` holds the sentence of each of its kinds and of no other, and its
    ``testdata.SENTENCES`` an example of each."""
    kinds = kinds_of(f"tricktable.games.{package}.events")
    words = importlib.import_module(f"tricktable.games.{package}.words").WORDS
    assert set(words) == set(kinds)
    assert all(words_for(type(kind)).sentences[kind] == words[kind] for kind in kinds)
    examples = [event.kind for event, _ in examples_of(package)]
    assert sorted(examples) == sorted(kinds)


def test_the_shared_kinds_are_worded_here() -> None:
    assert set(WORDS) == set(EventKind)
    assert sorted(event.kind for event, _ in SHARED) == sorted(EventKind)


TERMINAL = Names(
    seats=("You", "West", "North", "East"),
    sides=("You & North", "West & East"),
    plural_seats=frozenset({0}),
    plural_sides=frozenset({0, 1}),
)
"""The terminal's names for a person at seat 0 of four."""


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (Event(FamilyEvent.TAKES_TRICKS, seat=0, tricks=2, points=-2), "You take 2 tricks: -2"),
        (Event(FamilyEvent.TAKES_TRICKS, seat=1, tricks=2, points=-2), "West takes 2 tricks: -2"),
        (Event(EventKind.SIDE_WINS_GAME, side=1), "West & East win the game"),
        (
            Event(PointEvent.MATCH_WON, side=0, counts=(7,)),
            "You & North reach 7: the match is won",
        ),
        (Event(AllFoursEvent.GIFT, side=1, points=1), "gift: 1 point to West & East"),
        (
            Event(PointEvent.GAME, side=0, points=1, counts=(21, 12)),
            "Game: You & North 21, West & East 12",
        ),
        (Event(EuchreEvent.ROBSON_SET_BACK, seat=0, side=0), "You set back the opponents"),
        (
            Event(EuchreEvent.SET_BACK, side=0, points=-2, counts=(2,)),
            "You & North set back 2 points",
        ),
        (
            Event(ThreeHandedEvent.MAKER_SEAT_TAKES, seat=0, points=1, tricks=3),
            "maker (You) takes 3 tricks: 1 point",
        ),
        (
            Event(
                ThreeHandedEvent.BEST_DEFENDER, seat=1, points=2, tricks=2, counts=(4,), seats=(0,)
            ),
            "maker (West) euchred with 2 tricks; You take the most defending tricks (4): 2 points",
        ),
        (Event(ThreeHandedEvent.TIE_BETWEEN, seats=(0, 2)), "a tie between You, North"),
        (
            Event(SetbackEvent.SHARE_THE_POOL, seats=(2, 3), counts=(0, 4)),
            "North and East tie at 0: they share the pool (4 stakes)",
        ),
    ],
)
def test_names_and_verbs_as_the_terminal_says_them(event: Event, sentence: str) -> None:
    assert event_text(event, TERMINAL) == sentence


def test_parts_name_every_seat_and_side_for_the_page() -> None:
    assert event_parts(Event(EventKind.SIDE_WINS_GAME, side=1)) == [
        {"side": 1, "verb": "wins", "plural": "win"},
        " the game",
    ]
    assert event_parts(Event(ThreeHandedEvent.TIE_BETWEEN, seats=(0, 2))) == [
        "a tie between ",
        {"seat": 0},
        ", ",
        {"seat": 2},
    ]
    assert event_parts(Event(PointEvent.GAME, side=0, points=1, counts=(21, 12))) == [
        "Game: ",
        {"side": 0},
        " 21, ",
        {"side": 1},
        " 12",
    ]
    assert event_parts(Event(FamilyEvent.ALL_PASSED)) == ["all passed: the deal is thrown in"]


def test_a_kind_without_words_is_refused_by_name() -> None:
    class Unworded(StrEnum):
        KIND = "no_such_kind"

    with pytest.raises(ValueError, match="no words for the event kind 'no_such_kind': add it"):
        event_text(Event(Unworded.KIND))
