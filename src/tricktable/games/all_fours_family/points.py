"""The play and the points of All Fours and Pitch (RULES.md 2.3, 2.4; 2.6 builds on them).

``PointsState`` is the part of a match both games play alike: six cards a hand, follow
the led suit or trump (``void_rule``), the highest trump or else the highest card of the
led suit wins, and the deal's points in their order, High, Low, Jack, Game
(``point_events``). How the points are scored (each at once to the target in All Fours,
the pitcher's side first in Pitch) is each game's own ``_count_points``.

>>> from tricktable.cards import card_name, cards_of, parse_cards, mask_of
>>> from tricktable.tricks import plain_rules
>>> hand = mask_of(parse_cards("AH 4S 2C"))
>>> table = plain_rules(1)  # hearts trump
>>> def names(mask): return " ".join(card_name(card) for card in cards_of(mask))
>>> names(playable(hand, 0, table.suit_masks[0], table, False))  # spades led
'4S AH'
>>> names(playable(hand, 3, table.suit_masks[3], table, False))  # clubs led: follow or trump
'AH 2C'
>>> names(playable(hand, 2, table.suit_masks[2], table, True))  # void, void_rule=must_trump
'AH'

"""

from __future__ import annotations

import random
from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from tricktable.actions import CoreKind, argument_of, kind_of
from tricktable.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUIT_LETTERS,
    TEN,
    Card,
    CardMask,
    Suit,
    cards_of,
    make_card,
    mask_of,
    rank_of,
    shuffled,
    standard_deck,
)
from tricktable.core import (
    CHANCE,
    TERMINAL,
    Deal,
    DealSummary,
    Game,
    PublicFacts,
    SeatView,
    SheetDetails,
    State,
    check_deal_cards,
    deal_in_rounds,
    does_not_hold,
)
from tricktable.errors import RecordError
from tricktable.events import Event
from tricktable.games.all_fours_family.events import PointEvent
from tricktable.rules import option
from tricktable.tricks import TrickRules, follow_or_trump_mask

HAND_SIZE = 6
"""Cards each seat holds at the first lead."""
PACKET = 3
"""Cards dealt to a seat at a time."""
GAME_VALUES = {TEN: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
"""Card points for the Game count."""
DECK: tuple[Card, ...] = tuple(standard_deck(range(2, ACE + 1)))
"""The 52 cards both games are played with."""


@dataclass(frozen=True, slots=True)
class PointsSheet:
    """The family's entries of a deal's score-sheet line: the game's own (``own``), then each
    side's count for Game.

    >>> PointsSheet([12, 7]).to_json()
    {'game_points': [12, 7]}
    """

    game_points: list[int]
    own: SheetDetails | None = None

    def to_json(self) -> dict[str, Any]:
        out = {} if self.own is None else self.own.to_json()
        out["game_points"] = list(self.game_points)
        return out


class PointRules(Protocol):
    """The options of the play and the points both games have."""

    @property
    def void_rule(self) -> str: ...
    @property
    def low_point(self) -> str: ...
    @property
    def game_tie(self) -> str: ...
    @property
    def target(self) -> int: ...


def void_rule_option() -> Any:
    """The ``void_rule`` option both games have (RULES.md 2.3)."""
    return option(
        "any", "a player void in the led suit plays any card, or must trump", ("any", "must_trump")
    )


_LOW_SCORES_TO = {"captured": "to whoever wins it", "dealt": "to whoever held it"}


def low_point_option(default: str) -> Any:
    """The ``low_point`` option both games have (RULES.md 2.4), ``default`` its first choice:
    Low scores to whoever wins it (``captured``) or to whoever held it (``dealt``)."""
    other = "dealt" if default == "captured" else "captured"
    return option(
        default,
        f"Low scores {_LOW_SCORES_TO[default]}, or {_LOW_SCORES_TO[other]}",
        (default, other),
    )


def game_tie_option() -> Any:
    """The ``game_tie`` option both games have (RULES.md 2.4)."""
    return option(
        "nobody",
        "a tie for Game scores for nobody, or for the non-dealer",
        ("nobody", "non_dealer"),
    )


def target_option() -> Any:
    """The ``target`` option both games have: 7 points by default."""
    return option(7, "points to win", minimum=1)


def game_value(card: Card) -> int:
    """The card's Game count: T 10, A 4, K 3, Q 2, J 1."""
    return GAME_VALUES.get(rank_of(card), 0)


def playable(
    hand: CardMask, led_suit: Suit, led_mask: CardMask, table: TrickRules, must_trump: bool
) -> CardMask:
    """The cards of ``hand`` that may follow a lead of ``led_suit`` (``led_mask`` its cards):
    the led suit or a trump, any card when void (only a trump with ``must_trump``, if it
    holds one)."""
    legal = follow_or_trump_mask(hand, led_suit, table)
    if legal == hand and not hand & led_mask and must_trump:
        trumps = hand & table.trump_mask()
        return trumps if trumps else hand
    return legal


def play_refusal(hand: CardMask, led_mask: CardMask, must_trump: bool) -> str:
    """Why a card that is held may not be played to the trick."""
    if must_trump and not hand & led_mask:
        return "void in the led suit: a trump must be played (void_rule=must_trump)"
    return "follow the led suit or play a trump"


RulesT = TypeVar("RulesT")


class PointsGame(Game[RulesT], Generic[RulesT]):
    """What both games' ``Game`` classes know of their seats: each seat's side and the seat
    that plays after it (``_seat_sides`` sets them up), the 52 cards, and the class of
    their matches (``state_class``)."""

    state_class: ClassVar[type[PointsState]]
    """The game's ``PointsState``, made by ``new_state(first_dealer)``."""

    side_of: tuple[int, ...]
    """The side of each seat."""
    next_seat: tuple[int, ...]
    """The seat that deals, bids and plays after each seat."""
    partnered: bool
    """Whether opposite seats are partners (four players)."""
    deck: tuple[Card, ...]
    """The 52 cards."""

    def __init__(self, rules: RulesT, players: int) -> None:
        super().__init__(rules, players)
        self.deck = DECK

    def new_state(self, first_dealer: int) -> PointsState:
        return self.state_class(self, self.checked_first_dealer(first_dealer))

    def _seat_sides(self, partnered: bool, step: int = 1) -> None:
        players = self.players
        self.partnered = partnered
        self.side_of = tuple(seat % 2 if partnered else seat for seat in range(players))
        self.next_seat = tuple((seat + step) % players for seat in range(players))

    @property
    def sides(self) -> list[list[int]]:
        if self.partnered:
            return [[0, 2], [1, 3]]
        return [[seat] for seat in range(self.players)]

    def choose_first_dealer(self, rng: random.Random) -> int:
        """RULES.md names no method for All Fours or Pitch: a seat chosen uniformly at random."""
        return rng.randrange(self.players)


class PointsState(State):
    """A match of All Fours or Pitch: the deal from eldest, the trick play, the count of the
    points and the match's score sheet.

    A game's state names its ``deal_phase`` and ``over_phase``, sets ``table`` and ``trump``
    once trump is known, calls ``_begin_play`` when the first lead is due and implements
    ``_count_points`` (the deal's end: how the points of ``point_events`` are scored),
    ``_summary`` (its line of the score sheet) and ``public_facts``.
    """

    __slots__ = (
        "deal_events",
        "deal_points",
        "eldest",
        "held_at_lead",
        "in_play",
        "match_winner",
        "rules",
        "stock",
        "table",
        "trump",
        "won_cards",
    )

    game: PointsGame[Any]
    rules: Any
    """The game's options (a ``PointRules``)."""
    deal_phase: ClassVar[Any]
    """The game's phase while a deal is due (its ``Phase.DEAL``)."""
    over_phase: ClassVar[Any]
    """The game's phase once the match is decided (its ``Phase.OVER``)."""
    same_dealer_after_throw_in: ClassVar[bool] = False
    """Whether a thrown-in deal is dealt again by the same dealer (else the deal passes)."""
    turns_up: ClassVar[bool] = False
    """Whether the card after the hands is turned up (All Fours' trump): a deal then holds
    the whole pack, the turned card and the stock below it."""

    def __init__(self, game: PointsGame[Any], first_dealer: int) -> None:
        self.game = game
        self.rules = game.rules
        self._start_points_match(first_dealer)

    def _start_points_match(self, first_dealer: int) -> None:
        """A match at its opening score, the first deal due."""
        self._start_match(first_dealer)
        self.match_scores = [0] * len(self.game.sides)
        self.match_winner: int | list[int] | None = None
        self._reset_deal()
        self.phase, self.to_act = self.deal_phase, CHANCE

    def _reset_deal(self) -> None:
        """The deal-level state before a deal (a game resets its own parts too)."""
        self.hands = [0] * self.game.players
        self.eldest = self.game.next_seat[self.dealer]
        self.stock: list[Card] = []
        self._reset_play()
        self.deal_points = [0] * len(self.game.sides)
        self.deal_events: list[Event] = []

    def winner(self) -> int | list[int] | None:
        return self.match_winner

    def _order_from_eldest(self) -> list[int]:
        seats, seat = [], self.game.next_seat[self.dealer]
        for _ in range(self.game.players):
            seats.append(seat)
            seat = self.game.next_seat[seat]
        return seats

    def random_deal(self, rng: random.Random) -> Deal:
        """A shuffled pack dealt in two rounds of ``PACKET`` cards from eldest, the next card
        turned where the game turns one, the rest the stock."""
        deck = shuffled(self.game.deck, rng)
        packets = [PACKET] * (HAND_SIZE // PACKET)
        order = self._order_from_eldest()
        return deal_in_rounds(deck, self.game.players, order, packets, self.turns_up)

    def deal(self, deal: Deal) -> None:
        if self.phase != self.deal_phase:
            raise RecordError("no deal is due now")
        sizes = [HAND_SIZE] * self.game.players
        turns_up = self.turns_up
        check_deal_cards(
            deal, self.game.deck, sizes, require_full=turns_up, turned_required=turns_up
        )
        self._begin_deal(deal)

    def _start_deal(self, deal: Deal) -> None:
        self._reset_deal()
        self.hands = [mask_of(hand) for hand in deal.hands]
        self.stock = list(deal.stock)
        self._open_deal(deal)

    @abstractmethod
    def _open_deal(self, deal: Deal) -> None:
        """Set the first decision of ``deal``, just dealt (and what its turned card does)."""

    def deal_random(self, rng: random.Random) -> None:
        if not self.is_chance():
            raise RecordError("no deal is due now")
        self._begin_deal(self.random_deal(rng))

    def _save_mark(self) -> tuple[tuple[int, ...], int, int]:
        return (tuple(self.match_scores), self.dealer, len(self.sheet))

    def _restore_mark(self, mark: tuple[tuple[int, ...], int, int]) -> None:
        scores, self.dealer, sheet_length = mark
        self.match_scores = list(scores)
        del self.sheet[sheet_length:]
        self.match_winner = None

    def _add(self, event: Event) -> None:
        """Add the event's points to its side (no target check)."""
        self.match_scores[event.side] += event.points
        self.deal_points[event.side] += event.points
        self.deal_events.append(event)

    def _score(self, event: Event) -> bool:
        """Add the event's points to its side at once; True (and the match is over) when the
        side reaches the target."""
        self._add(event)
        side = event.side
        if self.match_scores[side] >= self.rules.target:
            target = self.rules.target
            self.deal_events.append(Event(PointEvent.MATCH_WON, side=side, counts=(target,)))
            self._end_deal(winner=side)
            return True
        return False

    def _end_deal(self, winner: int | None, thrown_in: bool = False) -> None:
        self.sheet.append(self._summary(complete=True, thrown_in=thrown_in))
        if winner is not None:
            self.match_winner = winner
            self.phase, self.to_act = self.over_phase, TERMINAL
            return
        if not (thrown_in and self.same_dealer_after_throw_in):
            self.dealer = self.game.next_seat[self.dealer]
        self.phase, self.to_act = self.deal_phase, CHANCE

    def _summary(self, complete: bool, thrown_in: bool = False) -> DealSummary:
        """The deal's line of the score sheet (a game adds its makers, bids and facts)."""
        return DealSummary(
            points=list(self.deal_points),
            scores=list(self.match_scores),
            tricks=self._tricks_by_side(),
            trump=SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            makers=self._makers(),
            events=list(self.deal_events),
            complete=complete,
            thrown_in=thrown_in,
            bids=self._sheet_bids(),
            dealer=self.dealer,
            details=PointsSheet(self.game_counts(), self._sheet_details()),
        )

    def _makers(self) -> int | None:
        """The side that made a contract this deal (``None``: no contract)."""
        return None

    def _sheet_bids(self) -> list[int | None] | None:
        """Each seat's bid for the score sheet (``None``: the game has no bidding)."""
        return None

    def _sheet_details(self) -> SheetDetails | None:
        """The game's own entries of the score sheet, between the dealer and the Game counts."""
        return None

    def _summary_so_far(self) -> DealSummary:
        return self._summary(complete=False)

    @abstractmethod
    def public_facts(self, seat: int) -> PublicFacts:
        """The facts ``seat`` may know (each game's own facts class)."""

    def view(self, seat: int) -> SeatView:
        return self._seat_view(seat, self.public_facts(seat))

    def hidden_from(self, seat: int) -> CardMask:
        hidden = mask_of(self.stock)
        for other in range(self.game.players):
            if other != seat:
                hidden |= self.hands[other]
        return hidden

    def _reset_play(self) -> None:
        n = self.game.players
        self.trump = -1
        self.table: TrickRules | None = None
        self._reset_trick()
        self.won_cards = [0] * n
        self.in_play: CardMask = 0
        self.held_at_lead: list[CardMask] = [0] * n

    def _begin_play(self, leader: int) -> None:
        """The hands as they are now are in play; ``leader`` leads."""
        self.held_at_lead = list(self.hands)
        for hand in self.hands:
            self.in_play |= hand
        self.phase, self.to_act = self.play_phase, leader

    def _playable(self, seat: int) -> CardMask:
        hand = self.hands[seat]
        if not self.trick:
            return hand
        assert self.table is not None
        must_trump = self.rules.void_rule == "must_trump"
        return playable(hand, self.led_suit, self.led_mask, self.table, must_trump)

    def _play_refusal(self, action: int) -> str | None:
        """Why a card play is not legal now (``None`` when it is no card play)."""
        seat = self.to_act
        if kind_of(action) != CoreKind.PLAY or self.phase != self.play_phase:
            return None
        if not self.hands[seat] >> argument_of(action) & 1:
            return does_not_hold(seat, argument_of(action))
        return play_refusal(self.hands[seat], self.led_mask, self.rules.void_rule == "must_trump")

    def _play(self, seat: int, card: Card) -> None:
        table = self.table
        assert table is not None
        trick = self.trick  # kept as it is when the trick closes (a new trick is a new list)
        winner = self._play_to_trick(seat, card, table, self.game.players, self.game.next_seat)
        if winner < 0:
            return
        self.won_cards[winner] |= mask_of(trick)
        if len(self.completed) == HAND_SIZE:
            self._count_points()

    @abstractmethod
    def _count_points(self) -> None:
        """Score the deal's points (the last trick is over): each game counts them in its
        own order (All Fours: 2.4; Pitch: the pitcher's side first, 2.6)."""

    def point_events(self) -> list[Event]:
        """The deal's points in their order, each ``points`` 1 to the side it falls to:
        High, Low, Jack (when the jack was in play), then Game (or a tie, 0 points unless
        it goes to the non-dealer)."""
        side_of = self.game.side_of
        events: list[Event] = []
        trumps = self.in_play & self.table.trump_mask() if self.table else 0
        cards = cards_of(trumps)
        if cards:
            high, low = cards[-1], cards[0]
            events.append(self._card_point(PointEvent.HIGH, self._holder(high), high))
            if self.rules.low_point == "dealt":
                events.append(self._card_point(PointEvent.LOW_HELD, self._holder(low), low))
            else:
                events.append(self._card_point(PointEvent.LOW_WON, self._capturer(low), low))
            jack = make_card(self.trump, JACK)
            if trumps >> jack & 1:
                events.append(self._card_point(PointEvent.JACK, self._capturer(jack), jack))
        totals = self.game_counts()
        best = max(totals)
        leaders = [side for side, total in enumerate(totals) if total == best]
        counts = tuple(totals)
        if len(leaders) == 1:
            events.append(Event(PointEvent.GAME, side=leaders[0], points=1, counts=counts))
            return events
        others = [side for side in leaders if side != side_of[self.dealer]]
        if self.rules.game_tie == "non_dealer" and len(others) == 1:
            tied = PointEvent.GAME_TIED_TO_NON_DEALER
            events.append(Event(tied, side=others[0], points=1, counts=counts))
        else:
            events.append(Event(PointEvent.GAME_TIED, counts=counts))
        return events

    def _card_point(self, kind: PointEvent, seat: int, card: Card) -> Event:
        return Event(kind, seat=seat, side=self.game.side_of[seat], points=1, cards=(card,))

    def game_counts(self) -> list[int]:
        """Each side's Game count from the cards it has won so far."""
        totals = [0] * len(self.game.sides)
        for seat, won in enumerate(self.won_cards):
            totals[self.game.side_of[seat]] += sum(game_value(card) for card in cards_of(won))
        return totals

    def _holder(self, card: Card) -> int:
        return next(s for s, hand in enumerate(self.held_at_lead) if hand >> card & 1)

    def _capturer(self, card: Card) -> int:
        return next(s for s, won in enumerate(self.won_cards) if won >> card & 1)

    def _tricks_by_side(self) -> list[int]:
        tricks = [0] * len(self.game.sides)
        for winner in self.trick_winners:
            tricks[self.game.side_of[winner]] += 1
        return tricks
