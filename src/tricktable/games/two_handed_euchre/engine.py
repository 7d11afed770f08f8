"""Two-handed Euchre exactly as RULES.md section 1.10 (1844 / Keller).

Two players, each for themself. The euchre deck (24 cards, or the 32-card 1844 deck)
is ranked as in four-handed Euchre (right and left bower on top of trump). Five cards
each, the up-card turned; the non-dealer then the dealer `order`s (the dealer's "take it
up") or `pass`es; after an order the dealer picks up the up-card and `discard`s one. In
round two (up-card turned down) the non-dealer then the dealer may `call X` or `pass`;
if both pass the deal is thrown in and the deal passes. No lone hands. The non-dealer
leads; suit must be followed (the left bower is a trump). Makers taking 3 or 4 tricks
score 1, all 5 (a march) 2; euchred makers give the defender 2. Game is 5.

>>> import random
>>> from tricktable.games.two_handed_euchre.engine import TwoHandedEuchre
>>> game = TwoHandedEuchre.from_spec("two_handed_euchre(preset=mathews_1844)")
>>> game.rules.deck, game.rules.target, game.sides
(32, 5, [[0], [1]])
>>> state = game.new_state(first_dealer=1)
>>> state.deal_random(random.Random(1))
>>> state.current_player, state.legal_texts()   # the non-dealer bids first
(0, ['order', 'pass'])
>>> from tricktable.errors import IllegalActionError
>>> try:
...     state.apply_text("order alone")
... except IllegalActionError as error:
...     print(error.reason)
two-handed euchre has no lone hands

Choices where RULES.md is silent are documented in ``docs/rules/two_handed_euchre.md``
and at the places in this module that implement them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tricktable.actions import Action, CoreKind, argument_of, kind_of
from tricktable.cards import ACE, SUIT_NAMES, Card, standard_deck
from tricktable.errors import RuleError
from tricktable.events import Event, EventKind
from tricktable.games.euchre_family.dealing import first_dealer_option, packets_option
from tricktable.games.euchre_family.state import FamilyGame, declare_phases, does_not_hold
from tricktable.games.euchre_family.upcard import MAY_NOT_DISCARD_UPCARD, UpCardState
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.games.two_handed_euchre.events import TwoHandedEvent
from tricktable.games.two_handed_euchre.facts import TwoHandedEuchreFacts
from tricktable.rules import option

SEATS = 2
HAND_SIZE = 5
TRICKS_TO_MAKE = 3
"""The makers need 3 of the 5 tricks."""

LOWEST_RANK = {24: 9, 28: 8, 32: 7}
"""The lowest rank of each deck size."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TwoHandedEuchreRules:
    """Every option of two-handed Euchre with the Keller (24-card) default."""

    preset: str = "keller"
    deck: int = option(
        24, "cards: 24 (A-9), 28 (+8s), 32 (+8s, 7s: the 1844 deck)", ("24", "28", "32")
    )
    first_dealer: str = first_dealer_option()
    packets: str = packets_option()
    stick_the_dealer: bool = option(False, "if both pass twice the dealer must call a suit")
    dealer_may_discard_upcard: bool = option(
        True, "the dealer may discard the card picked up", label="Dealer may discard the up-card"
    )
    minimum_trump: str = option(
        "off",
        "a maker must hold a trump, and not a single jack as its only trump",
        ("off", "all", "dealer"),
    )
    make_points: int = option(1, "makers take 3 or 4 tricks", minimum=0)
    march_points: int = option(2, "makers take all 5 tricks (a march)", minimum=0)
    euchre_points: int = option(2, "to the defender when the makers take fewer than 3", minimum=0)
    super_euchre_points: int = option(
        0,
        "to the defender when the makers take no trick, where it is more than a euchre's"
        " points (0: no super euchre)",
        minimum=0,
    )
    target: int | None = option(5, "points to win the game (none: a single hand)", minimum=1)

    def __post_init__(self) -> None:
        if self.deck not in LOWEST_RANK:
            raise RuleError(f"option 'deck' cannot be {self.deck}; allowed: 24, 28, 32")

    def deck_cards(self) -> list[Card]:
        """The cards of the deck in a fixed order (no Joker: RULES.md 1.10 uses no Benny)."""
        return standard_deck(range(LOWEST_RANK[self.deck], ACE + 1))


PRESETS: dict[str, dict[str, Any]] = {
    "keller": {},
    # RULES.md 1.9 gives the 1844 (Mathews) form a 32-card deck, game 5 and the first
    # dealer by the highest card drawn; the same here.
    "mathews_1844": {"deck": 32, "first_dealer": "draw_high"},
}


class Phase(IntEnum):
    """Where a two-handed deal stands; each phase has its own legal actions."""

    DEAL = 0
    BID1 = 1
    DEALER_DISCARD = 2
    BID2 = 3
    PLAY = 4
    OVER = 5


_ALONE_KINDS = (
    FamilyKind.ORDER_ALONE,
    FamilyKind.CALL_ALONE,
    FamilyKind.ALONE,
    FamilyKind.TAKE_OVER,
    FamilyKind.DEFEND_ALONE,
)


class TwoHandedEuchreState(UpCardState[TwoHandedEuchreRules]):
    """A match of two-handed Euchre in progress."""

    ALL_PASSED = TwoHandedEvent.BOTH_PASSED_TWICE

    # -- legal actions and transitions, by phase (legal_table, step_table) ---------------------

    def why_illegal(self, action: Action) -> str:
        phase, seat = self.phase, self.to_act
        kind, argument = kind_of(action), argument_of(action)
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        if kind in _ALONE_KINDS:
            return "two-handed euchre has no lone hands"
        if phase == Phase.PLAY and kind == CoreKind.PLAY:
            if not 0 <= argument < 64 or not self.hands[seat] >> argument & 1:
                return does_not_hold(seat, argument)
            return (
                f"seat {seat} must follow suit: {SUIT_NAMES[self.led_suit]} were led"
                " (the left bower counts as a trump)"
            )
        if kind == CoreKind.PLAY:
            return f"no card is played now: {self._phase_name()}"
        if kind == CoreKind.DISCARD:
            if phase != Phase.DEALER_DISCARD:
                return (
                    f"only the dealer discards, after taking up the up-card: {self._phase_name()}"
                )
            if not self.hands[seat] >> argument & 1:
                return does_not_hold(seat, argument)
            return MAY_NOT_DISCARD_UPCARD
        refusal = self._making_refusal(action)
        if refusal is not None:
            return refusal
        if phase in (Phase.BID1, Phase.BID2) and kind in (FamilyKind.ORDER, FamilyKind.CALL):
            return self._minimum_trump_refusal()
        return f"not allowed in phase '{self._phase_name()}' for seat {seat}"

    # -- the play and the score --------------------------------------------------------------
    def _hand_played(self) -> None:
        r = self.rules
        maker = self.maker
        taken = self.tricks_won[maker]
        points = [0, 0]
        if taken == HAND_SIZE:
            kind, scorer, value = TwoHandedEvent.MARCH_TO_THE_MAKER, maker, r.march_points
        elif taken >= TRICKS_TO_MAKE:
            kind, scorer, value = TwoHandedEvent.MAKER_TAKES, maker, r.make_points
        else:
            kind, scorer, value = TwoHandedEvent.MAKER_EUCHRED, 1 - maker, r.euchre_points
            # Super euchre (RULES.md 1.6): instead of the euchre points, if more.
            if taken == 0 and r.super_euchre_points > value:
                kind, value = TwoHandedEvent.SUPER_EUCHRE_OF_ONE, r.super_euchre_points
        points[scorer] = value
        self._finish_deal(points, [Event(kind, seat=scorer, points=value, tricks=taken)])

    def _finish_deal(self, points: list[int], events: list[Event]) -> None:
        for side in (0, 1):
            self.match_scores[side] += points[side]
        target = self.rules.target
        decided: int | list[int] | None = None
        if target is None:
            # A single hand: whoever scored wins it (a tie if nobody scored).
            if points[0] == points[1]:
                decided = [0, 1]
            else:
                decided = 0 if points[0] > points[1] else 1
        else:
            # Only one player scores in a deal, so at most one reaches the target.
            for side in (0, 1):
                if self.match_scores[side] >= target:
                    decided = side
                    events = [*events, Event(EventKind.SEAT_WINS_GAME, seat=side)]
        self.sheet.append(self._summary(points, events, complete=True))
        self._next_deal(decided)

    # -- what people and bots see -----------------------------------------------------------
    def public_facts(self, seat: int) -> TwoHandedEuchreFacts:
        """The facts ``seat`` may know: both players', and its own discards."""
        return self._upcard_facts(
            TwoHandedEuchreFacts, seat, stock_size=len(self.stock), target=self.rules.target
        )


declare_phases(TwoHandedEuchreState, Phase)


class TwoHandedEuchre(FamilyGame[TwoHandedEuchreRules]):
    """Two-handed Euchre: two players, each for themself."""

    name = "two_handed_euchre"
    presets = PRESETS
    rules_class = TwoHandedEuchreRules
    seats = SEATS
    facts_type = TwoHandedEuchreFacts
    state_class = TwoHandedEuchreState

    def deal_points(self) -> tuple[int, int] | None:
        """The greatest award of the rules (a march, a euchre, a super euchre), and never a
        fall.

        >>> from tricktable.games import load_game
        >>> load_game("two_handed_euchre").deal_points()
        (0, 2)
        """
        r = self.rules
        return (0, max(r.make_points, r.march_points, r.euchre_points, r.super_euchre_points))


__all__ = [
    "PRESETS",
    "Phase",
    "TwoHandedEuchre",
    "TwoHandedEuchreRules",
    "TwoHandedEuchreState",
]


GAME_CLASS = TwoHandedEuchre
"""This game's ``Game`` class (the spec finds it by this name)."""
