"""``UpCardState``: the up-card variants' making of trump, written once (RULES.md 1.3).

The top card of what is left after the deal is turned up. In round 1 each seat from
eldest ``order``\\ s its suit as trump or ``pass``\\ es; after an order the dealer picks the
up-card up and ``discard``\\ s a card. If all pass, the up-card is turned down and in
round 2 each seat may ``call`` another suit or ``pass``; if all pass again the deal is thrown
in (with ``stick_the_dealer`` the dealer must call). Options a variant lacks
(``minimum_trump``, ``dealer_may_discard_upcard``, ``stick_the_dealer``) play as their
defaults.

>>> import random
>>> from tricktable.games import load_game
>>> state = load_game("two_handed_euchre").new_state(first_dealer=1)
>>> state.deal_random(random.Random(1))
>>> state.apply_text("pass"); state.apply_text("pass")
>>> state.view(0).public.turned_down, state.legal_texts()
(True, ['call C', 'call H', 'call S', 'pass'])
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import (
    JACK,
    SUIT_LETTERS,
    Card,
    CardMask,
    Suit,
    cards_of,
    make_card,
    mask_of,
    same_colour_suit,
    suit_of,
)
from tricktable.core import Deal
from tricktable.events import Event
from tricktable.games.euchre_family.facts import UpCardFacts
from tricktable.games.euchre_family.state import FamilyGame, FamilyState, RulesT, mypyc_attr
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.tricks import TrickRules, euchre_rules

FactsT = TypeVar("FactsT", bound=UpCardFacts)

PASS = make_action(CoreKind.PASS)
ORDER = make_action(FamilyKind.ORDER)
DISCARD_BASE = make_action(CoreKind.DISCARD)
ORDER_KINDS = (FamilyKind.ORDER, FamilyKind.ORDER_ALONE)
CALL_KINDS = (FamilyKind.CALL, FamilyKind.CALL_ALONE)
MINIMUM_TRUMP_REFUSAL = "minimum_trump: a maker must hold a trump other than the left bower"
"""The refusal of a bid that ``minimum_trump`` forbids with ``minimum_trump_jack=left``."""
MINIMUM_TRUMP_JACK_REFUSAL = (
    "minimum_trump: a maker must hold a trump, and not a single jack as its only trump"
)
"""The refusal of a bid that ``minimum_trump`` forbids (seed 001's reading, the default)."""
MAY_NOT_DISCARD_UPCARD = (
    "the dealer may not discard the card just picked up (dealer_may_discard_upcard)"
)


def round_two_calls(
    turned_down: Suit,
    stuck: bool,
    may_make: Callable[[Suit], bool] | None = None,
    with_alone: bool = False,
) -> list[Action]:
    """The second making round's choices, shared by the euchre family: a call of each suit but
    the turned-down one that ``may_make`` admits (every one when it admits none and the dealer
    is stuck), each also alone ``with_alone``; and a pass unless the dealer is stuck.

    >>> from tricktable.actions import action_text
    >>> [action_text(a) for a in round_two_calls(0, stuck=False)]
    ['call H', 'call D', 'call C', 'pass']
    """
    suits = [suit for suit in range(4) if suit != turned_down]
    allowed = suits if may_make is None else [suit for suit in suits if may_make(suit)]
    if stuck and not allowed:
        allowed = suits  # minimum_trump cannot be met: the stuck dealer may call any suit
    out: list[Action] = []
    for suit in allowed:
        out.append(make_action(FamilyKind.CALL, suit))
        if with_alone:
            out.append(make_action(FamilyKind.CALL_ALONE, suit))
    if not stuck:
        out.append(PASS)
    return out


@mypyc_attr(allow_interpreted_subclasses=True)
class UpCardState(FamilyState[RulesT]):
    """A euchre variant that turns an up-card and makes trump in two rounds."""

    __slots__ = (
        "dealer_opens",
        "dealer_took_up",
        "discards",
        "maker",
        "minimum_trump",
        "minimum_trump_jack",
        "shown",
        "stock",
        "trump",
        "turned_down",
        "upcard",
        "upsuit",
    )

    upcard: Card
    """The card turned up (-1 before the deal)."""
    upsuit: Suit
    """Its suit, the suit round 1 may order (-1 while unknown)."""
    stock: list[Card]
    """The undealt cards below the up-card, top first."""
    turned_down: bool
    dealer_took_up: bool
    trump: Suit
    maker: int
    """The seat that made trump (-1 before)."""
    discards: list[list[Card]]
    """Each seat's discards this deal (face down: only the seat itself sees its own)."""
    shown: dict[int, list[Card]]
    """Cards a seat has shown to everyone this deal."""
    minimum_trump: str
    """The ``minimum_trump`` option (read at every bid; ``off`` where a variant lacks it)."""
    minimum_trump_jack: str
    """Which lone jack fails ``minimum_trump``: ``any`` (seed 001, and where a variant lacks
    the option) or ``left``."""
    dealer_opens: bool
    """The ``dealer_opens`` option: the dealer speaks first in both rounds (``False`` where a
    variant lacks it)."""
    ALL_PASSED: ClassVar[StrEnum]
    """The kind of the score sheet's event when round 2 passes out."""

    def _open_match(self, game: FamilyGame[RulesT], first_dealer: int) -> None:
        self.minimum_trump = str(getattr(game.rules, "minimum_trump", "off"))
        self.minimum_trump_jack = str(getattr(game.rules, "minimum_trump_jack", "any"))
        self.dealer_opens = bool(getattr(game.rules, "dealer_opens", False))
        super()._open_match(game, first_dealer)

    SHARED_PHASES: ClassVar[dict[str, tuple[str, str]]] = {
        **FamilyState.SHARED_PHASES,
        "BID1": ("_round_one_actions", "_bid_round_one"),
        "DEALER_DISCARD": ("_discard_actions", "_dealer_discards"),
        "BID2": ("_round_two_actions", "_bid_round_two"),
    }
    """The play, the two making rounds and the dealer's discard."""

    def _reset_deal(self) -> None:
        super()._reset_deal()
        self.upcard = -1
        self.upsuit = -1
        self.stock = []
        self.turned_down = False
        self.dealer_took_up = False
        self.trump = -1
        self.maker = -1
        self.discards = [[] for _ in range(self.seats)]
        self.shown = {}

    def _lay_out(self, deal: Deal) -> None:
        assert deal.turned is not None
        self.upcard = deal.turned
        self.upsuit = suit_of(deal.turned)
        self.stock = list(deal.stock)

    def _open_bidding(self) -> None:
        self._enter_round_one()

    def _enter_round_one(self) -> None:
        self.phase, self.to_act = self.phases.BID1, self._first_bidder()

    def _first_bidder(self) -> int:
        """The seat that speaks first in each making round: eldest, or the dealer with
        ``dealer_opens`` (RULES.md 1.3, the British variation of seed 001)."""
        return self.dealer if self.dealer_opens else self.eldest

    def _last_bidder(self) -> int:
        """The seat that speaks last in each making round: the dealer, or the seat on the
        dealer's right with ``dealer_opens``."""
        return (self.dealer - 1) % self.seats if self.dealer_opens else self.dealer

    # -- legal actions ---------------------------------------------------------------------
    def _round_one_actions(self) -> list[Action]:
        return [ORDER, PASS] if self._may_make(self.to_act, self.upsuit) else [PASS]

    def _round_two_actions(self) -> list[Action]:
        seat = self.to_act
        stuck = bool(getattr(self.rules, "stick_the_dealer", False)) and seat == self.dealer
        return round_two_calls(
            self.upsuit, stuck, lambda suit: self._may_make(seat, suit), self._calls_alone()
        )

    def _calls_alone(self) -> bool:
        """Whether a call may go alone (no lone hands here)."""
        return False

    def _discard_actions(self) -> list[Action]:
        return [DISCARD_BASE + card for card in cards_of(self._discardable())]

    def _discardable(self) -> CardMask:
        """The cards the seat to act may discard: any, but the dealer keeps the card just
        picked up when ``dealer_may_discard_upcard`` is off (and it holds another)."""
        hand = self.hands[self.to_act]
        without_upcard = hand & ~(1 << self.upcard)
        if (
            self.phase is self.phases.DEALER_DISCARD
            and not getattr(self.rules, "dealer_may_discard_upcard", True)
            and without_upcard
        ):
            return without_upcard
        return hand

    def _may_make(self, seat: int, suit: Suit) -> bool:
        """The ``minimum_trump`` rule: the maker must hold a trump, and not a single jack as
        its only trump (seed 001); with ``minimum_trump_jack=left`` only a lone left bower
        fails. The dealer ordering in round 1 counts the up-card it picks up."""
        mode = self.minimum_trump
        if mode == "off" or (mode == "dealer" and seat != self.dealer):
            return True
        hand = self.hands[seat]
        if not self.turned_down and seat == self.dealer:
            hand |= 1 << self.upcard
        trumps = hand & self._trick_rules(suit).suit_masks[suit]
        left = 1 << make_card(same_colour_suit(suit), JACK)
        if self.minimum_trump_jack == "left":
            return bool(trumps & ~left)
        right = 1 << make_card(suit, JACK)
        return bool(trumps) and trumps not in (left, right)

    def _minimum_trump_refusal(self) -> str:
        """Why ``minimum_trump`` refuses a bid, as the ``minimum_trump_jack`` reading says."""
        if self.minimum_trump_jack == "left":
            return MINIMUM_TRUMP_REFUSAL
        return MINIMUM_TRUMP_JACK_REFUSAL

    def _trick_rules(self, suit: Suit) -> TrickRules:
        """How cards rank with ``suit`` trump: euchre ranking with the bowers."""
        return euchre_rules(suit, None)

    # -- transitions -------------------------------------------------------------------------
    def _bid_round_one(self, action: Action) -> None:
        if action == PASS:
            self._next_bidder()
        else:
            self._order_up(self.to_act, action)

    def _bid_round_two(self, action: Action) -> None:
        if action == PASS:
            self._next_bidder()
        else:
            self._call_trump(self.to_act, action)

    def _order_up(self, seat: int, action: Action) -> None:
        """Round 1's order: the up-card's suit is trump; the dealer picks the up-card up
        and discards, whoever ordered."""
        self._make_trump(seat, self.upsuit)
        self._pick_up()

    def _call_trump(self, seat: int, action: Action) -> None:
        """Round 2's call of a suit."""
        self._make_trump(seat, argument_of(action))
        self._trump_made()

    def _make_trump(self, seat: int, suit: Suit) -> None:
        self.trump = suit
        self.table = self._trick_rules(suit)
        self.maker = seat

    def _pick_up(self) -> None:
        self.hands[self.dealer] |= 1 << self.upcard
        self.dealer_took_up = True
        self.phase, self.to_act = self.phases.DEALER_DISCARD, self.dealer

    def _dealer_discards(self, action: Action) -> None:
        card = argument_of(action)
        self.hands[self.to_act] &= ~(1 << card)
        self.discards[self.to_act].append(card)
        self._trump_made()

    def _trump_made(self) -> None:
        """What follows once trump is made and the dealer has discarded (the play here)."""
        self._start_play()

    def _next_bidder(self) -> None:
        """After a pass: the next seat; after the dealer's, round 2 or the throw-in."""
        seat = self.to_act
        if seat != self._last_bidder():
            self.to_act = (seat + 1) % self.seats
        elif not self.turned_down:
            self.turned_down = True
            self.phase, self.to_act = self.phases.BID2, self._first_bidder()
        else:
            self._throw_in(Event(self.ALL_PASSED), same_dealer=False)

    # -- refusals --------------------------------------------------------------------------
    def _making_refusal(self, action: Action) -> str | None:
        """Why a bid is not open in the making rounds, where the rounds say why."""
        phase, kind, argument = self.phase, kind_of(action), argument_of(action)
        round_two = phase is self.phases.BID2
        if round_two and kind in CALL_KINDS and argument == self.upsuit:
            return f"the turned-down suit {SUIT_LETTERS[argument]} cannot be called"
        if round_two and action == PASS:
            return "stick the dealer: the dealer must call a suit"
        alone = self._alone_refusal(action)
        if alone is not None:
            return alone
        if phase is self.phases.BID1 and kind in CALL_KINDS:
            return "round 1 orders the up-card's suit; suits are called in round 2"
        if round_two and kind in ORDER_KINDS:
            return "the up-card is turned down; round 2 calls a suit"
        return None

    def _alone_refusal(self, action: Action) -> str | None:
        """Why going alone is not open in the making rounds (the variants without lone
        hands refuse them before)."""
        return None

    # -- what people and bots see ----------------------------------------------------------
    def _upcard_facts(self, facts: type[FactsT], seat: int, **own: Any) -> FactsT:
        """``seat``'s public facts of class ``facts``: the up-card and the making of trump,
        tricks won, the seat's own discards, and the variant's ``own`` facts."""
        return facts(
            upcard=self.upcard if self.upcard >= 0 else None,
            upcard_suit=self.upsuit if self.upsuit >= 0 else None,
            turned_down=self.turned_down,
            dealer_took_up=self.dealer_took_up,
            trump=self.trump if self.trump >= 0 else None,
            maker=self.maker if self.maker >= 0 else None,
            tricks_won=tuple(self.tricks_won),
            own_discards=tuple(self.discards[seat]),
            **own,
        )

    def _shown_facts(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The cards each seat has shown, for the public facts."""
        return tuple((seat, tuple(cards)) for seat, cards in self.shown.items())

    def _hand_hidden(self, seat: int) -> bool:
        """Whether ``seat`` may not look at its own hand now (it may here)."""
        return False

    def hidden_from(self, seat: int) -> CardMask:
        """Others' hands and discards and the stock, but the up-card and shown cards."""
        hidden = mask_of(self.stock)
        for other in range(self.seats):
            if other != seat:
                hidden |= self.hands[other] | mask_of(self.discards[other])
        for cards in self.shown.values():
            hidden &= ~mask_of(cards)
        if self.upcard >= 0:  # the up-card was shown to everyone
            hidden &= ~(1 << self.upcard)
        if self._hand_hidden(seat):
            hidden |= self.hands[seat]
        return hidden

    def _trump_text(self) -> str | None:
        return SUIT_LETTERS[self.trump] if self.trump >= 0 else None

    def _makers(self) -> int | None:
        if self.maker >= 0:
            for index, side in enumerate(self.game.sides):
                if self.maker in side:
                    return index
        return None
