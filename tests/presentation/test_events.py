"""The sentence of every deal event kind, as the records say it and as the terminal names it."""

from __future__ import annotations

import importlib
from enum import StrEnum
from pathlib import Path

import pytest

from tricktable.cards import parse_card
from tricktable.events import Event, EventKind
from tricktable.games.all_fours.events import AllFoursEvent
from tricktable.games.all_fours_family.events import PointEvent
from tricktable.games.bid_euchre.events import BidEuchreEvent, PartnershipEvent
from tricktable.games.euchre.events import EuchreEvent
from tricktable.games.euchre_family.events import FamilyEvent
from tricktable.games.pitch.events import PitchEvent
from tricktable.games.romanian_whist.events import WhistEvent
from tricktable.games.setback_euchre.events import SetbackEvent
from tricktable.games.three_handed_euchre.events import ThreeHandedEvent
from tricktable.games.two_handed_euchre.events import TwoHandedEvent
from tricktable.presentation.events import WORDS, Names, event_parts, event_text

GAMES = Path(importlib.import_module("tricktable.games").__file__ or "").parent

AS, JH, FIVE_H, TWO_C = (parse_card(text) for text in ("AS", "JH", "5H", "2C"))

SENTENCES: list[tuple[Event, str]] = [
    (Event(EventKind.SIDE_WINS_GAME, side=1), "side 1 wins the game"),
    (Event(EventKind.SEAT_WINS_GAME, seat=0), "seat 0 wins the game"),
    (Event(EventKind.SEAT_WINS, seat=2), "seat 2 wins"),
    (Event(EventKind.WINS_WITH, seat=3, counts=(-4,)), "seat 3 wins with -4"),
    (Event(FamilyEvent.ALL_PASSED), "all passed: the deal is thrown in"),
    (Event(FamilyEvent.TAKES_TRICKS, seat=1, points=-1, tricks=1), "seat 1 takes 1 trick: -1"),
    (
        Event(EuchreEvent.BLIND_ALONE_MARCH, side=0, points=5, tricks=5),
        "blind alone march: 5 points",
    ),
    (
        Event(EuchreEvent.BLIND_ALONE_EUCHRED, side=1, points=1, tricks=4),
        "blind alone takes 4 tricks: 1 point to the defenders",
    ),
    (Event(EuchreEvent.MARCH, side=0, points=2, tricks=5), "march: 2 points"),
    (Event(EuchreEvent.LONE_MARCH, side=0, points=4, tricks=5), "lone march: 4 points"),
    (Event(EuchreEvent.MAKERS_TAKE, side=1, points=1, tricks=3), "makers take 3 tricks: 1 point"),
    (
        Event(EuchreEvent.LONE_MAKER_TAKES, side=1, points=2, tricks=4),
        "lone maker takes 4 tricks: 2 points",
    ),
    (Event(EuchreEvent.POINT_ON_PARTNER, side=0, points=1), "point on partner: 1 extra point"),
    (
        Event(EuchreEvent.MAKERS_EUCHRED, side=1, points=2, tricks=1),
        "makers euchred (1 trick): 2 points to the defenders",
    ),
    (
        Event(EuchreEvent.LONE_MAKER_EUCHRED, side=1, points=2, tricks=2),
        "lone maker euchred (2 tricks): 2 points to the defenders",
    ),
    (
        Event(EuchreEvent.LONE_DEFENDER_EUCHRE, side=0, points=4, tricks=2),
        "lone defender euchres the makers (2 tricks): 4 points to the defenders",
    ),
    (
        Event(EuchreEvent.SUPER_EUCHRE, side=0, points=4, tricks=0),
        "super euchre (0 tricks): 4 points to the defenders",
    ),
    (Event(EuchreEvent.ROBSON_SET_BACK, seat=2, side=0), "seat 2 sets back the opponents"),
    (Event(EuchreEvent.ROBSON_MARCH, seat=3, side=1), "seat 3 scores the march"),
    (Event(EuchreEvent.SET_BACK, side=1, points=-3, counts=(3,)), "side 1 set back 3 points"),
    (
        Event(EuchreEvent.RENEGE_CALLED, seat=1, side=1, points=2),
        "seat 1 calls a renege: 2 points",
    ),
    (
        Event(EuchreEvent.RENEGE_DEDUCTED, seat=0, side=0, counts=(1,)),
        "seat 0 calls a renege: 1 point deducted",
    ),
    (
        Event(EuchreEvent.CONCEDED, seat=2, side=0, points=1, tricks=3),
        "seat 2 concedes the rest after 3 tricks: 1 point",
    ),
    (Event(EuchreEvent.ACE_NO_FACE_REDEAL), "ace no face: the deal is thrown in and redealt"),
    (Event(TwoHandedEvent.BOTH_PASSED_TWICE), "both passed twice: the deal is thrown in"),
    (
        Event(TwoHandedEvent.MARCH_TO_THE_MAKER, seat=0, points=1, tricks=5),
        "march: 1 point to the maker",
    ),
    (
        Event(TwoHandedEvent.MAKER_TAKES, seat=1, points=1, tricks=4),
        "maker takes 4 tricks: 1 point",
    ),
    (
        Event(TwoHandedEvent.MAKER_EUCHRED, seat=1, points=2, tricks=1),
        "maker euchred (1 trick): 2 points to the defender",
    ),
    (
        Event(TwoHandedEvent.SUPER_EUCHRE_OF_ONE, seat=1, points=4, tricks=0),
        "super euchre (0 tricks): 4 points to the defender",
    ),
    (Event(ThreeHandedEvent.ALL_PASSED_TWICE), "all passed twice: the deal is thrown in"),
    (
        Event(ThreeHandedEvent.SHOWS_ACE_NO_FACE, seat=2),
        "seat 2 shows ace no face: misdeal, the same dealer deals again",
    ),
    (
        Event(ThreeHandedEvent.MAKER_SEAT_TAKES, seat=0, points=1, tricks=3),
        "maker (seat 0) takes 3 tricks: 1 point",
    ),
    (
        Event(ThreeHandedEvent.DEFENDERS_TIE, seat=1, points=1, tricks=1, counts=(3,)),
        "maker (seat 1) euchred with 1 trick; defenders tie with 3 tricks each: 1 point each",
    ),
    (
        Event(ThreeHandedEvent.BEST_DEFENDER, seat=1, points=2, tricks=2, counts=(4,), seats=(0,)),
        "maker (seat 1) euchred with 2 tricks; seat 0 takes the most defending tricks (4):"
        " 2 points",
    ),
    (Event(ThreeHandedEvent.TIE_BETWEEN, seats=(0, 2)), "a tie between seats 0, 2"),
    (
        Event(BidEuchreEvent.EVERYONE_ELSE_DROPS, seat=2, tricks=8),
        "everyone else drops: seat 2 takes all 8 tricks unplayed",
    ),
    (Event(BidEuchreEvent.DROPPED, seat=0), "seat 0 dropped: no change"),
    (
        Event(BidEuchreEvent.MAKES_BID, seat=1, points=-4, tricks=4, counts=(3,)),
        "seat 1 makes the bid of 3 with 4 tricks: -4",
    ),
    (
        Event(BidEuchreEvent.FAILS_BID, seat=1, points=5, tricks=1, counts=(3,)),
        "seat 1 fails the bid of 3 with 1 trick, set: +5",
    ),
    (
        Event(BidEuchreEvent.SET_AFTER_STAYING, seat=3, points=5),
        "seat 3 takes no trick after staying, set: +5",
    ),
    (Event(BidEuchreEvent.SHARED_WIN, seats=(1, 3)), "shared win: seats 1, 3"),
    (
        Event(BidEuchreEvent.WINS_WITH_FEWEST_SETS, seat=2, counts=(0,)),
        "seat 2 wins with 0 (fewest hands set)",
    ),
    (
        Event(PartnershipEvent.MAKERS_MAKE_BID, side=0, points=6, tricks=6, counts=(4,)),
        "makers make the bid of 4 with 6 tricks: 6 points",
    ),
    (
        Event(PartnershipEvent.MAKERS_SET, side=0, points=-6, tricks=5, counts=(6,)),
        "makers set with 5 tricks of the bid of 6: -6 points",
    ),
    (
        Event(PartnershipEvent.SHOOT_MADE, seat=0, side=0, points=12, tricks=6),
        "seat 0 takes all 6 tricks after bidding shoot: 12 points",
    ),
    (
        Event(PartnershipEvent.SHOOT_FAILED, seat=2, side=0, points=-12, tricks=5),
        "seat 2 takes 5 tricks after bidding shoot: -12 points",
    ),
    (
        Event(PartnershipEvent.ALONE_MADE, seat=1, side=1, points=24, tricks=6),
        "seat 1 takes all 6 tricks alone: 24 points",
    ),
    (
        Event(PartnershipEvent.ALONE_FAILED, seat=3, side=1, points=-24, tricks=4),
        "seat 3 takes 4 tricks alone: -24 points",
    ),
    (
        Event(PartnershipEvent.DEFENDERS_TAKE, side=1, points=1, tricks=1),
        "defenders take 1 trick: 1 point",
    ),
    (
        Event(PartnershipEvent.BOTH_REACH_TARGET, side=1, counts=(32,)),
        "both sides reach 32: side 1 wins the game as the makers",
    ),
    (
        Event(SetbackEvent.FAILS_DECLARED_MARCH, seat=0, points=3, tricks=4, counts=(3, 6)),
        "seat 0 fails the declared march (4 tricks): score doubled 3 -> 6, pays a stake",
    ),
    (
        Event(SetbackEvent.MAKER_SET_BACK, seat=3, points=2, tricks=2),
        "seat 3 (maker) euchred with 2 tricks: set back 2, pays a stake",
    ),
    (
        Event(SetbackEvent.MAKER_DECLARED_MARCH, seat=1, points=-5, tricks=5),
        "seat 1 (maker) declared march, 5 tricks: -5",
    ),
    (
        Event(SetbackEvent.DEFENDER_DECLARED_MARCH, seat=2, points=-5, tricks=5),
        "seat 2 (defender) declared march, 5 tricks: -5",
    ),
    (
        Event(SetbackEvent.MAKER_MARCH, seat=1, points=-5, tricks=5),
        "seat 1 (maker) march, 5 tricks: -5",
    ),
    (
        Event(SetbackEvent.MAKER_MAKES, seat=2, points=-3, tricks=3),
        "seat 2 (maker) makes, 3 tricks: -3",
    ),
    (Event(SetbackEvent.THREW_IN, seat=0), "seat 0 threw in: no change"),
    (Event(SetbackEvent.NO_TRICK, seat=2, points=1), "seat 2 takes no trick: set back 1"),
    (Event(SetbackEvent.EUCHRE_RELIEF, seat=1, points=-2), "seat 1 euchre relief: -2"),
    (Event(SetbackEvent.POOL, counts=(6,)), "pool now 6 stakes"),
    (
        Event(SetbackEvent.DECLARED_MARCH_WON, seat=3),
        "seat 3 made the declared march: wins the game and the pool",
    ),
    (
        Event(SetbackEvent.WINS_THE_POOL, seat=1, counts=(5,)),
        "seat 1 wins the game and the pool (5 stakes)",
    ),
    (
        Event(SetbackEvent.SHARE_THE_POOL, seats=(0, 1), counts=(0, 4)),
        "seats 0 and 1 tie at 0: they share the pool (4 stakes)",
    ),
    (
        Event(AllFoursEvent.KICK, side=1, points=1, cards=(JH,)),
        "kick: JH turned, 1 point to the dealer",
    ),
    (
        Event(PointEvent.MATCH_WON, side=0, counts=(7,)),
        "side 0 reaches 7: the match is won",
    ),
    (Event(AllFoursEvent.ELDEST_STANDS, seat=1), "eldest stands"),
    (Event(AllFoursEvent.GIFT, side=1, points=1), "gift: 1 point to side 1"),
    (
        Event(AllFoursEvent.PACK_RAN_OUT),
        "the pack ran out: thrown in, the same dealer redeals",
    ),
    (Event(AllFoursEvent.RUN_AGAIN, cards=(FIVE_H,)), "5H turned: same suit, run again"),
    (Event(AllFoursEvent.RUN, cards=(FIVE_H,)), "run: 5H turned, trump"),
    (
        Event(PointEvent.HIGH, seat=2, side=0, points=1, cards=(AS,)),
        "High: AS, held by seat 2",
    ),
    (
        Event(PointEvent.LOW_HELD, seat=1, side=1, points=1, cards=(TWO_C,)),
        "Low: 2C, held by seat 1",
    ),
    (
        Event(PointEvent.LOW_WON, seat=3, side=1, points=1, cards=(TWO_C,)),
        "Low: 2C, won by seat 3",
    ),
    (Event(PointEvent.JACK, seat=0, side=0, points=1, cards=(JH,)), "Jack: won by seat 0"),
    (
        Event(PointEvent.GAME, side=0, points=1, counts=(21, 12)),
        "Game: side 0 21, side 1 12",
    ),
    (
        Event(PointEvent.GAME_TIED_TO_NON_DEALER, side=1, points=1, counts=(9, 9, 4)),
        "Game tied (side 0 9, side 1 9, side 2 4): to the non-dealer",
    ),
    (
        Event(PointEvent.GAME_TIED, counts=(10, 10)),
        "Game tied (side 0 10, side 1 10): nobody scores",
    ),
    (Event(PitchEvent.ALL_PASSED), "all passed: the deal is thrown in and passes left"),
    (
        Event(PitchEvent.PITCHER_MAKES, seat=2, side=0, points=3, counts=(2, 3)),
        "seat 2 (pitcher) makes the bid of 2 with 3: +3",
    ),
    (
        Event(PitchEvent.PITCHER_SET_BACK, seat=1, side=1, points=-3, counts=(3, 2)),
        "seat 1 (pitcher) set back: 2 points won of a bid of 3: -3",
    ),
    (
        Event(PitchEvent.SMUDGE_MADE, seat=0, side=0, points=4),
        "seat 0 (pitcher) makes the smudge: 4 points, the match is won",
    ),
    (
        Event(PitchEvent.SMUDGE_SCORES, seat=0, side=0, points=4),
        "seat 0 (pitcher) makes the smudge: +4",
    ),
    (
        Event(PitchEvent.SMUDGE_FAILED, seat=3, side=3, points=-4, counts=(5, 3)),
        "seat 3 (pitcher) fails the smudge with 3 points: -4",
    ),
    (
        Event(WhistEvent.STREAK_MADE, seat=0, points=10, counts=(5,)),
        "seat 0 made 5 in a row: +10",
    ),
    (
        Event(WhistEvent.STREAK_FAILED, seat=4, points=-10, counts=(5,)),
        "seat 4 failed 5 in a row: -10",
    ),
    (Event(WhistEvent.TIE_FOR_FIRST, seats=(1, 2, 4)), "tie for first: seats 1, 2, 4"),
]
"""One event of every kind and its sentence in the records (RECORDS.md's replay ``events``)."""


def every_kind() -> list[StrEnum]:
    """The kinds defined anywhere: ``tricktable.events`` and each game package's ``events``."""
    modules = [importlib.import_module("tricktable.events")] + [
        importlib.import_module(f"tricktable.games.{path.parent.name}.events")
        for path in sorted(GAMES.glob("*/events.py"))
    ]
    kinds: list[StrEnum] = []
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, StrEnum) and value is not StrEnum:
                kinds.extend(value)
    return kinds


@pytest.mark.parametrize(("event", "sentence"), SENTENCES, ids=lambda x: getattr(x, "kind", ""))
def test_the_records_sentence_of_each_kind(event: Event, sentence: str) -> None:
    assert event_text(event) == sentence


def test_every_kind_has_words_and_an_example_here() -> None:
    kinds = every_kind()
    values = [str(kind) for kind in kinds]
    assert len(values) == len(set(values)), "two kinds share a value"
    assert set(values) == set(WORDS), "every kind has words, and only kinds have"
    assert sorted(str(event.kind) for event, _ in SENTENCES) == sorted(values)


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

    with pytest.raises(ValueError, match="no words for the event kind 'no_such_kind'"):
        event_text(Event(Unworded.KIND))
