"""The card play every game shares, the base of ``State``: the seats' hands, the seat to act
and the deal's phase, the trick in progress and the completed ones, and the mechanics of
laying a card, closing a trick and the cards a seat may play (``CardPlay``). Part of the
rules core; the games reach it through ``tricktable.core.State``.

>>> from tricktable.cards import cards_text, mask_of, parse_cards
>>> from tricktable.tricks import plain_rules
>>> table = CardPlay()
>>> table.hands = [mask_of(parse_cards("KS AH")), mask_of(parse_cards("AS 2H"))]
>>> table._reset_trick()
>>> table._play_to_trick(0, parse_cards("KS")[0], plain_rules(), 2, (1, 0))
-1
>>> table.to_act, cards_text(cards_of(table._playable(1)))
(1, 'AS')
>>> table._play_to_trick(1, parse_cards("AS")[0], plain_rules(), 2, (1, 0))
1
>>> table.to_act, table.trick, table.trick_winners
(1, [], [1])
"""

from __future__ import annotations

from typing import Any, ClassVar

from tricktable.actions import Action
from tricktable.cards import _CARDS_OF_CACHE, Card, CardMask, cards_of
from tricktable.tricks import TrickRules

try:  # when built with mypyc, interpreted game modules may subclass the core classes
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - the rules core needs no third-party package

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


@mypyc_attr(allow_interpreted_subclasses=True)
class CardPlay:
    """The table of one deal: hands, the seat to act, the phase and the tricks, with the
    trick mechanics (``State`` builds on it; a game resets its own fields)."""

    __slots__ = (
        "best_power",
        "best_seat",
        "completed",
        "hands",
        "led_mask",
        "led_suit",
        "phase",
        "to_act",
        "trick",
        "trick_seats",
        "trick_winners",
    )

    phase: Any
    """Where the current deal stands (each game's own ``Phase`` enum)."""
    to_act: int
    """The seat to act, ``CHANCE`` or ``TERMINAL`` (see ``current_player``)."""
    hands: list[CardMask]
    """Each seat's cards now, as masks."""
    trick: list[Card]
    """The cards of the trick in progress, in play order."""
    trick_seats: list[int]
    """The seat that played each card of ``trick``."""
    completed: list[tuple[tuple[int, Card], ...]]
    """The completed tricks of this deal as ``(seat, card)`` pairs."""
    trick_winners: list[int]
    """The seat that won each completed trick."""
    led_suit: int
    """The effective suit led to the trick in progress."""
    led_mask: CardMask
    """Every card of the led suit (for following)."""
    best_power: int
    """The power of the card winning the trick in progress."""
    best_seat: int
    """The seat of that card."""
    play_phase: ClassVar[Any]
    """The game's phase of card play (its ``Phase.PLAY``)."""

    def _reset_trick(self) -> None:
        """Clear this class's trick fields for a new deal: no trick in progress, none
        completed, no led suit and no card winning yet (a game resets its own fields)."""
        self.trick = []
        self.trick_seats = []
        self.completed = []
        self.trick_winners = []
        self.led_suit = -1
        self.led_mask = 0
        self.best_power = -1
        self.best_seat = -1

    def _play_to_trick(
        self,
        seat: int,
        card: Card,
        table: TrickRules,
        trick_size: int,
        next_seat: tuple[int, ...],
    ) -> int:
        """The play loop every game shares: ``seat`` lays ``card``; while the trick holds fewer
        than ``trick_size`` cards the turn passes to ``next_seat[seat]`` and -1 is returned;
        a full trick is closed and its winner, who leads next, is to act and returned (the
        game then counts the trick and ends the deal after the last)."""
        self._lay_card(seat, card, table)
        if len(self.trick) < trick_size:
            self.to_act = next_seat[seat]
            return -1
        winner = self._close_trick()
        self.to_act = winner
        return winner

    def _lay_card(self, seat: int, card: Card, table: TrickRules) -> None:
        """Move ``card`` from ``seat``'s hand to the trick, keeping track of the led suit
        and of the card winning so far (the trick mechanics every game shares)."""
        power = table.power[card]
        if self.trick:
            suit = table.eff_suit[card]
            if (suit == self.led_suit or suit == table.trump) and power > self.best_power:
                self.best_power, self.best_seat = power, seat
        else:
            self.led_suit = table.eff_suit[card]
            self.led_mask = table.suit_masks[self.led_suit]
            self.best_power, self.best_seat = power, seat
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.trick_seats.append(seat)

    def _close_trick(self) -> int:
        """Record the full trick as completed and return the seat that won it; the next
        trick starts in a new list (the closed trick's list is left as it was)."""
        winner = self.best_seat
        self.completed.append(tuple(zip(self.trick_seats, self.trick, strict=True)))
        self.trick_winners.append(winner)
        self.trick = []
        self.trick_seats = []
        return winner

    def _playable(self, seat: int) -> CardMask:
        """The cards ``seat`` may play to the trick now: any card to lead, else the led suit
        if it holds one, else any card. Games with a duty to trump override this."""
        hand = self.hands[seat]
        if not self.trick:
            return hand
        following = hand & self.led_mask
        return following if following else hand

    def _playable_actions(self) -> list[Action]:
        """The card plays open to the seat to act, as a fresh list of actions."""
        hand = self._playable(self.to_act)
        listed = _CARDS_OF_CACHE.get(hand)
        return listed[:] if listed is not None else cards_of(hand)

    def _legal_card_play(self, action: Action) -> bool:
        """A fast test that ``action`` is a legal card play now (False: check the long way),
        so that ``apply`` of a card need not build the legal list."""
        return (
            self.phase is self.play_phase
            and 0 <= action < 64
            and bool(self._playable(self.to_act) >> action & 1)
        )
