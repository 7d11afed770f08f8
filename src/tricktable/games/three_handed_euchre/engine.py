"""Three-handed Euchre (RULES.md 1.10, seed 001): three individuals, the maker alone
against both others.

A 24-card euchre deck; seven cards each (option ``hand_size`` 5: cutthroat), the top
card of what is left turned as the up-card. Bidding is that of RULES.md 1.3 without
partners and without lone hands: round 1 ``order`` / ``pass`` from eldest (the dealer's
own take-up is ``order``), the dealer picks the up-card up and ``discard`` s one;
round 2 ``call X`` / ``pass`` (never the turned-down suit). Eldest leads; bowers rank
as in euchre. The maker scores 1 for 4 or 5 tricks, 2 for 6, 4 for all 7; a euchred
maker gives 2 to the defender with more tricks, or 1 to each when they tie. Target 10.

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("three_handed_euchre")
>>> game.sides, game.rules.hand_size, game.rules.target
([[0], [1], [2]], 7, 10)
>>> state = game.new_state(first_dealer=2)
>>> state.deal_random(random.Random(4))
>>> state.current_player, [len(state.view(s).hand) for s in range(3)]
(0, [7, 7, 7])
>>> state.legal_texts()
['order', 'pass']
>>> load_game("three_handed_euchre(preset=cutthroat)").rules.hand_size
5

Choices where RULES.md is silent are listed in ``docs/rules/three_handed_euchre.md`` and
noted at the places below that implement them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUIT_LETTERS,
    Card,
    CardMask,
    cards_of,
    make_card,
    mask_of,
    standard_deck,
)
from tricktable.errors import RuleError
from tricktable.events import Event, EventKind
from tricktable.games.euchre_family.dealing import first_dealer_option
from tricktable.games.euchre_family.state import (
    FamilyGame,
    card_text,
    declare_phases,
    does_not_hold,
)
from tricktable.games.euchre_family.upcard import PASS, UpCardState
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.games.three_handed_euchre.events import ThreeHandedEvent
from tricktable.games.three_handed_euchre.facts import ThreeHandedEuchreFacts
from tricktable.rules import option

SEATS = 3
DECK: tuple[Card, ...] = tuple(standard_deck(range(9, ACE + 1)))
"""The 24-card euchre deck (A K Q J T 9 of each suit)."""
FACES: CardMask = mask_of(make_card(s, r) for s in range(4) for r in (JACK, QUEEN, KING))
"""Every face card (K, Q, J): a hand with none of these and an ace is 'ace no face'."""
ACES: CardMask = mask_of(make_card(s, ACE) for s in range(4))
PACKETS: dict[str, tuple[int, int]] = {"3-4": (3, 4), "4-3": (4, 3), "3-2": (3, 2), "2-3": (2, 3)}


@dataclass(frozen=True, slots=True, kw_only=True)
class ThreeHandedEuchreRules:
    """Every option of three-handed Euchre (RULES.md 1.10) with its seed-001 default."""

    preset: str = "three_handed"
    hand_size: int = option(7, "cards each: 7 (three-handed) or 5 (cutthroat)", ("5", "7"))
    packets: str = option(
        "auto",
        "dealing pattern from eldest, fixed for the match (auto: 3, then the rest)",
        ("auto", "3-4", "4-3", "3-2", "2-3"),
    )
    first_dealer: str = first_dealer_option()
    stick_the_dealer: bool = option(False, "if all pass twice the dealer must call a suit")
    ace_no_face: str = option(
        "off",
        "before bidding, a hand with an ace and no K, Q or J may be shown: redeal",
        ("off", "redeal"),
    )
    target: int | None = option(10, "points to win (none: a single hand)", minimum=1)

    def __post_init__(self) -> None:
        if self.hand_size not in (5, 7):
            raise RuleError(f"option 'hand_size' cannot be {self.hand_size}; allowed: 5, 7")
        if self.packets != "auto" and sum(PACKETS[self.packets]) != self.hand_size:
            fitting = [name for name, sizes in PACKETS.items() if sum(sizes) == self.hand_size]
            raise RuleError(
                f"option 'packets' {self.packets} deals {sum(PACKETS[self.packets])} cards, but"
                f" hand_size is {self.hand_size}; allowed: auto, {', '.join(fitting)}"
            )

    @property
    def packet_sizes(self) -> tuple[int, int]:
        """The two packets each seat receives, first round first."""
        if self.packets == "auto":
            return (3, self.hand_size - 3)
        return PACKETS[self.packets]

    @property
    def need(self) -> int:
        """Tricks the maker must take: 4 of 7, 3 of 5."""
        return self.hand_size // 2 + 1

    def maker_points(self, taken: int) -> int:
        """What the maker scores for ``taken`` tricks (0 when euchred).

        Seven cards (seed 001): 4 or 5 -> 1, 6 -> 2, all 7 -> 4. Five cards (a choice,
        as four-handed euchre scores a hand of five): 3 or 4 -> 1, all 5 -> 2.
        """
        if taken < self.need:
            return 0
        if self.hand_size == 7:
            return {7: 4, 6: 2}.get(taken, 1)
        return 2 if taken == 5 else 1


PRESETS: dict[str, dict[str, Any]] = {
    "three_handed": {},
    "cutthroat": {"hand_size": 5},
}


class Phase(IntEnum):
    """Where a deal stands; each phase has its own legal actions."""

    DEAL = 0
    ACE_NO_FACE = 1
    BID1 = 2
    DEALER_DISCARD = 3
    BID2 = 4
    PLAY = 5
    OVER = 6


ACE_NO_FACE = make_action(FamilyKind.ACE_NO_FACE)


def is_ace_no_face(hand: CardMask) -> bool:
    """A hand holding at least one ace and no face card (K, Q, J; the jacks count even
    though they may become bowers).

    >>> from tricktable.cards import parse_cards
    >>> is_ace_no_face(mask_of(parse_cards("AS 9S TH 9D TC AC 9C")))
    True
    >>> is_ace_no_face(mask_of(parse_cards("9S TS TH 9D TC 9H 9C")))
    False
    """
    return bool(hand & ACES) and not hand & FACES


class ThreeHandedEuchreState(UpCardState[ThreeHandedEuchreRules]):
    """A match of three-handed Euchre in progress."""

    ALL_PASSED = ThreeHandedEvent.ALL_PASSED_TWICE

    def _open_bidding(self) -> None:
        if self.rules.ace_no_face == "redeal":
            # Asked from eldest, before the bidding, of each hand that qualifies.
            self.queue = [s for s in self._from_eldest() if is_ace_no_face(self.hands[s])]
            if self.queue:
                self.phase, self.to_act = Phase.ACE_NO_FACE, self.queue[0]
                return
        self._enter_round_one()

    # -- legal actions and transitions, by phase (legal_table, step_table) ---------------------

    def _ace_no_face_actions(self) -> list[Action]:
        return [ACE_NO_FACE, PASS]

    def why_illegal(self, action: Action) -> str:
        seat, phase = self.to_act, self.phase
        kind, argument = kind_of(action), argument_of(action)
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        holds = 0 <= argument < 64 and bool(self.hands[seat] >> argument & 1)
        if kind in (
            FamilyKind.ORDER_ALONE,
            FamilyKind.CALL_ALONE,
            FamilyKind.ALONE,
            FamilyKind.DEFEND_ALONE,
            FamilyKind.TAKE_OVER,
        ):
            return "three-handed euchre has no lone hands: the maker always plays alone"
        if phase == Phase.PLAY and kind == CoreKind.PLAY:
            if not holds:
                return does_not_hold(seat, argument)
            return f"seat {seat} must follow the led suit {SUIT_LETTERS[self.led_suit]}"
        if phase == Phase.DEALER_DISCARD and kind == CoreKind.DISCARD and not holds:
            return f"the dealer (seat {seat}) does not hold {card_text(argument)}"
        refusal = self._making_refusal(action)
        if refusal is not None:
            return refusal
        if kind == FamilyKind.ACE_NO_FACE:
            if self.rules.ace_no_face == "off":
                return "ace no face is not played (ace_no_face=off)"
            return "only a hand with an ace and no K, Q or J may be shown, before the bidding"
        return f"not allowed in phase '{self._phase_name()}' for seat {seat}"

    def _ace_no_face(self, action: Action) -> None:
        seat = self.to_act
        if action == ACE_NO_FACE:
            self.shown[seat] = cards_of(self.hands[seat])
            self._throw_in(Event(ThreeHandedEvent.SHOWS_ACE_NO_FACE, seat=seat), same_dealer=True)
            return
        if not self._ask_next_in_queue():
            self._enter_round_one()

    # -- the score ---------------------------------------------------------------------------
    def _hand_played(self) -> None:
        maker = self.maker
        taken = self.tricks_won[maker]
        points = [0, 0, 0]
        value = self.rules.maker_points(taken)
        if value:
            points[maker] = value
            events = [
                Event(ThreeHandedEvent.MAKER_SEAT_TAKES, seat=maker, points=value, tricks=taken)
            ]
        else:
            first, second = [s for s in range(SEATS) if s != maker]
            a, b = self.tricks_won[first], self.tricks_won[second]
            if a == b:
                points[first] = points[second] = 1
                tie = Event(
                    ThreeHandedEvent.DEFENDERS_TIE, seat=maker, points=1, tricks=taken, counts=(a,)
                )
                events = [tie]
            else:
                best = first if a > b else second
                points[best] = 2
                events = [
                    Event(
                        ThreeHandedEvent.BEST_DEFENDER,
                        seat=maker,
                        points=2,
                        tricks=taken,
                        counts=(max(a, b),),
                        seats=(best,),
                    )
                ]
        for seat in range(SEATS):
            self.match_scores[seat] += points[seat]
        target = self.rules.target
        decided: int | list[int] | None = None
        if target is None:
            decided = _best(points)
        elif max(self.match_scores) >= target:
            # Two defenders may reach the target together (a tie of 1 point each): the
            # higher score wins; equal scores share the win.
            decided = _best(self.match_scores)
        summary = self._summary(points, events, complete=True)
        if decided is not None:
            if isinstance(decided, int):
                summary.events.append(Event(EventKind.SEAT_WINS, seat=decided))
            else:
                tie = Event(ThreeHandedEvent.TIE_BETWEEN, seats=tuple(decided))
                summary.events.append(tie)
        self.sheet.append(summary)
        self._next_deal(decided)

    # -- what people and bots see -----------------------------------------------------------
    def public_facts(self, seat: int) -> ThreeHandedEuchreFacts:
        """The facts ``seat`` may know: every seat's, and its own discards."""
        return self._upcard_facts(
            ThreeHandedEuchreFacts,
            seat,
            shown=self._shown_facts(),
            hand_size=self.rules.hand_size,
            target=self.rules.target,
        )


declare_phases(
    ThreeHandedEuchreState,
    Phase,
    names={Phase.ACE_NO_FACE: "ace no face?"},
    legal={Phase.ACE_NO_FACE: ThreeHandedEuchreState._ace_no_face_actions},
    steps={Phase.ACE_NO_FACE: ThreeHandedEuchreState._ace_no_face},
)


class ThreeHandedEuchre(FamilyGame[ThreeHandedEuchreRules]):
    """Three-handed (cutthroat) Euchre: every player for themselves."""

    name = "three_handed_euchre"
    presets = PRESETS
    rules_class = ThreeHandedEuchreRules
    seats = SEATS
    facts_type = ThreeHandedEuchreFacts

    def deal_points(self) -> tuple[int, int] | None:
        """The maker's march at most (seven cards: 4, five: 2), and never a fall.

        >>> from tricktable.games import load_game
        >>> load_game("three_handed_euchre").deal_points()
        (0, 4)
        """
        return (0, self.rules.maker_points(self.rules.hand_size))

    state_class = ThreeHandedEuchreState

    def deck_cards(self) -> tuple[Card, ...]:
        return DECK

    def packet_sizes(self) -> tuple[int, ...]:
        return self.rules.packet_sizes


def _best(values: list[int]) -> int | list[int]:
    top = max(values)
    seats = [seat for seat, value in enumerate(values) if value == top]
    return seats[0] if len(seats) == 1 else seats


__all__ = [
    "DECK",
    "PRESETS",
    "Phase",
    "ThreeHandedEuchre",
    "ThreeHandedEuchreRules",
    "ThreeHandedEuchreState",
    "is_ace_no_face",
]


GAME_CLASS = ThreeHandedEuchre
"""This game's ``Game`` class (the spec finds it by this name)."""
