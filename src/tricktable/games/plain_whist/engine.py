"""Plain whist (docs/rules/plain_whist.md): four players in two partnerships, the whole pack
dealt, the dealer's last card turned for trump, thirteen tricks, a point for each trick a
side takes over six, the match to ``target`` points.

The template game: each part below is one a game must write (docs/architecture.md, "Adding
a game"), and nothing more.

>>> import random
>>> game = PlainWhist.from_spec("plain_whist(target=7)")
>>> state = game.new_state(first_dealer=0)
>>> state.deal_random(random.Random(1))
>>> state.current_player, len(state.legal_actions()), state.dealer
(1, 13, 0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tricktable.actions import Action, CoreKind, argument_of, kind_of
from tricktable.cards import (
    SUIT_LETTERS,
    Card,
    CardMask,
    mask_of,
    shuffled,
    standard_deck,
    suit_of,
)
from tricktable.core import (
    CHANCE,
    TERMINAL,
    Deal,
    DealSummary,
    Game,
    SeatView,
    State,
    check_deal_cards,
    does_not_hold,
)
from tricktable.errors import RecordError, RuleError
from tricktable.events import Event, EventKind
from tricktable.games.plain_whist.events import PlainWhistEvent
from tricktable.games.plain_whist.facts import PlainWhistFacts
from tricktable.rules import build_rules, option
from tricktable.tricks import NO_TRUMP, TrickRules, plain_rules

SEATS = 4
DECK = tuple(standard_deck(range(2, 15)))
"""The 52 cards, twos to aces."""
NEXT_SEAT = (1, 2, 3, 0)
"""The seat that plays after each seat (clockwise)."""
TRICKS = 13
BOOK = 6
"""The tricks a side takes before it scores (its "book")."""


# -- 1. the options and their presets -------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PlainWhistRules:
    """Plain whist's one option."""

    preset: str = "short"
    target: int = option(5, "points a side needs to win the match", minimum=1)


PRESETS: dict[str, dict[str, Any]] = {"short": {}, "american": {"target": 7}}
"""Short whist plays to 5, American whist to 7 (neither counts honours)."""


class Phase(IntEnum):
    """Where a deal stands: every decision of plain whist is a card played."""

    DEAL = 0
    PLAY = 1
    OVER = 2


# -- 2. the game: its seats, sides and first dealer -----------------------------------------


class PlainWhist(Game[PlainWhistRules]):
    """Plain whist for four players: seats 0 and 2 against 1 and 3."""

    name = "plain_whist"
    presets = PRESETS
    facts_type = PlainWhistFacts

    def deal_points(self) -> tuple[int, int] | None:
        """The odd tricks: all thirteen tricks at most (7), and never a fall.

        >>> PlainWhist().deal_points()
        (0, 7)
        """
        return (0, TRICKS - BOOK)

    def __init__(self, rules: PlainWhistRules | None = None, players: int = SEATS) -> None:
        if players != SEATS:
            raise RuleError(f"plain_whist is played by {SEATS} players, not {players}")
        super().__init__(rules or PlainWhistRules(), players)

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> PlainWhist:
        """Rules from a record's ``rules`` object or a rule string."""
        rules = build_rules(PlainWhistRules, PRESETS, spec, cls.name)
        return cls(rules, SEATS if players is None else players)

    @property
    def sides(self) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def new_state(self, first_dealer: int) -> PlainWhistState:
        return PlainWhistState(self, self.checked_first_dealer(first_dealer))

    def choose_first_dealer(self, rng: random.Random) -> int:
        return rng.randrange(SEATS)


# -- 3. the state: dealing, the play, the score ---------------------------------------------


class PlainWhistState(State):
    """A match of plain whist in progress."""

    play_phase = Phase.PLAY

    __slots__ = ("match_winner", "rules", "table", "tricks_won", "trump", "turned")

    def __init__(self, game: PlainWhist | None = None, first_dealer: int = 0) -> None:
        if game is None:
            return  # a blank state for clone() to fill
        self.game = game
        self.rules = game.rules
        self._start_match(first_dealer)
        self.match_scores = [0, 0]
        self.match_winner: int | None = None
        self._reset_deal()
        self.phase, self.to_act = Phase.DEAL, CHANCE

    def _reset_deal(self) -> None:
        """Every field of one deal: the base ``State``'s trick fields (``_reset_trick``) and
        this game's own."""
        self.hands: list[CardMask] = [0] * SEATS
        self._reset_trick()
        self.turned: Card = -1
        self.trump = NO_TRUMP
        self.table: TrickRules = plain_rules()
        self.tricks_won = [0, 0]

    # the deal: the dealer's thirteenth card is the turned one, recorded as ``turned``
    def random_deal(self, rng: random.Random) -> Deal:
        deck = shuffled(DECK, rng)
        hands = [deck[seat * TRICKS : (seat + 1) * TRICKS] for seat in range(SEATS)]
        turned = hands[self.dealer].pop()
        return Deal(tuple(tuple(hand) for hand in hands), turned, ())

    def deal(self, deal: Deal) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now")
        sizes = [TRICKS - (seat == self.dealer) for seat in range(SEATS)]
        check_deal_cards(deal, DECK, sizes, require_full=True)
        self._begin_deal(deal)

    def _start_deal(self, deal: Deal) -> None:
        self._reset_deal()
        assert deal.turned is not None
        self.hands = [mask_of(hand) for hand in deal.hands]
        self.hands[self.dealer] |= 1 << deal.turned
        self.turned, self.trump = deal.turned, suit_of(deal.turned)
        self.table = plain_rules(self.trump)
        self.phase, self.to_act = Phase.PLAY, (self.dealer + 1) % SEATS

    # undo: what a deal changes of the match, restored before the deal is played again
    def _save_mark(self) -> Any:
        return (tuple(self.match_scores), self.dealer, len(self.sheet))

    def _restore_mark(self, mark: Any) -> None:
        scores, self.dealer, length = mark
        self.match_scores = list(scores)
        del self.sheet[length:]
        self.match_winner = None

    # the play: follow suit if able, else any card
    def legal_actions(self) -> list[Action]:
        return self._playable_actions() if self.phase == Phase.PLAY else []

    def why_illegal(self, action: Action) -> str:
        if self.phase != Phase.PLAY:
            return super().why_illegal(action)
        seat, card = self.to_act, argument_of(action)
        if kind_of(action) != CoreKind.PLAY:
            return "every decision of plain whist is a card played"
        if not self.hands[seat] >> card & 1:
            return does_not_hold(seat, card)
        return "must follow the led suit"

    def _step(self, action: Action) -> None:
        # the shared play loop: lay the card, pass the turn, close a full trick (its winner leads)
        winner = self._play_to_trick(self.to_act, argument_of(action), self.table, SEATS, NEXT_SEAT)
        if winner < 0:
            return
        self.tricks_won[winner % 2] += 1
        if len(self.completed) == TRICKS:
            self._score_deal()

    def _score_deal(self) -> None:
        side = 0 if self.tricks_won[0] > BOOK else 1
        points = [0, 0]
        points[side] = self.tricks_won[side] - BOOK
        self.match_scores[side] += points[side]
        events = [
            Event(
                PlainWhistEvent.ODD_TRICKS,
                side=side,
                points=points[side],
                tricks=self.tricks_won[side],
            )
        ]
        if self.match_scores[side] >= self.rules.target:
            self.match_winner = side
            events.append(Event(EventKind.SIDE_WINS_GAME, side=side))
        self.sheet.append(self._summary(points, events, complete=True))
        self.dealer = (self.dealer + 1) % SEATS
        if self.match_winner is not None:
            self.phase, self.to_act = Phase.OVER, TERMINAL
        else:
            self.phase, self.to_act = Phase.DEAL, CHANCE

    # -- 4. what a seat may know, the score sheet, the result -------------------------------

    def _summary(self, points: list[int], events: list[Event], complete: bool) -> DealSummary:
        return DealSummary(
            points=points,
            scores=self.scores(),
            tricks=list(self.tricks_won),
            trump=SUIT_LETTERS[self.trump] if self.trump != NO_TRUMP else None,
            makers=None,
            events=events,
            complete=complete,
        )

    def _summary_so_far(self) -> DealSummary:
        return self._summary([0, 0], [], complete=False)

    def public_facts(self, seat: int) -> PlainWhistFacts:
        return PlainWhistFacts(
            turned=self.turned if self.turned >= 0 else None,
            trump=self.trump if self.trump != NO_TRUMP else None,
            tricks_won=tuple(self.tricks_won),
            target=self.rules.target,
        )

    def view(self, seat: int) -> SeatView:
        return self._seat_view(seat, self.public_facts(seat))

    def hidden_from(self, seat: int) -> CardMask:
        """The other hands, less the turned card, which every seat saw."""
        hidden = 0
        for other in range(SEATS):
            if other != seat:
                hidden |= self.hands[other]
        return hidden & ~(1 << self.turned) if self.turned >= 0 else hidden

    def winner(self) -> int | None:
        return self.match_winner


GAME_CLASS = PlainWhist
"""This game's ``Game`` class (the spec finds it by this name)."""
