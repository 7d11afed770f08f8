"""``presentation.names``: one rule for naming seats and sides everywhere."""

from __future__ import annotations

from tricktable.events import Event, EventKind
from tricktable.games.euchre_family.events import FamilyEvent
from tricktable.presentation.events import event_text
from tricktable.presentation.names import record_names, seat_names, seat_roster


def test_people_keep_their_names_and_bots_take_their_place() -> None:
    assert seat_names(["Ann", "bot:pimc", "human", ""], 4) == ["Ann", "West", "North", "East"]
    assert seat_names(None, 2) == ["Seat 1", "Seat 2"]


def test_sides_are_named_by_their_members_with_the_verb_agreeing() -> None:
    names = record_names(["Ann", "Bob", "Cid"], [[0], [1], [2]])
    assert event_text(Event(EventKind.SIDE_WINS_GAME, side=1), names) == "Bob wins the game"
    pairs = record_names(["You", "bot:x", "Cid", "bot:y"], [[0, 2], [1, 3]])
    assert event_text(Event(FamilyEvent.TAKES_TRICKS, seat=0, tricks=2, points=-2), pairs) == (
        "You take 2 tricks: -2"
    )
    assert pairs.sides == ("You & Cid", "West & East")


def test_the_roster_says_which_bot_sat_where() -> None:
    assert seat_roster(["bot:pimc", "Ann"]) == ["Seat 1 (PIMC bot)", "Ann"]
