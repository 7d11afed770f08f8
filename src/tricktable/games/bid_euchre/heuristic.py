"""A heuristic bot for individual bid euchre (RULES.md 1.10).

It sees only the seat's view and the public rules. ``estimate`` counts the tricks a
hand should take under each contract (a suit with the bowers, ``high`` or ``low``):
in every suit, the k-th best card held is a winner when at most k better cards are
out, with discounts for side suits that may be ruffed. The bot bids only one more
than the current bid, and only when its best contract comfortably covers that; a
dealer forced to bid bids 1. It names the contract it values most, and stays in a
hand when the tricks it expects outweigh the risk of being set (``set_points``
times an estimated chance of taking nothing). In play it tracks unseen cards and
shown-out suits: it cashes sure winners (the bidder draws trump with a boss trump),
wins with the cheapest card that holds, and otherwise throws its least useful card.

>>> from tricktable.cards import mask_of, parse_cards
>>> round(estimate(mask_of(parse_cards("JH JD AH KH AS 9C")), "H"), 2)
5.15
>>> round(estimate(mask_of(parse_cards("9S TS 9H TH 9D JC")), "low"), 2)
5.0
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from tricktable.actions import CoreKind, argument_of, kind_of, parse_action
from tricktable.bots.base import Bot, Heuristic, require_legal
from tricktable.cards import SUITS, Card, CardMask, card_name, cards_of, count, mask_of
from tricktable.core import Game, SeatView
from tricktable.games.bid_euchre.engine import BidEuchre, BidEuchreRules, trick_table
from tricktable.games.bid_euchre.facts import HIGH, LOW, BidEuchreFacts
from tricktable.games.bid_euchre.partnership import PartnershipBidEuchre
from tricktable.games.euchre_family.heuristic import (
    EUCHRE_DECK,
    Reading,
    higher_in_suit,
    read_view,
    seats_out,
)
from tricktable.tricks import TrickRules, beats

CONTRACTS: tuple[str, ...] = ("S", "H", "D", "C", HIGH, LOW)
"""Every contract, in the order ``name`` actions are tried."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Tuning:
    """The bot's judgement, in expected tricks."""

    bid_margin: float = 0.5
    """Bid N only when the best contract is worth N plus this much."""
    risk_slope: float = 1.2
    """The chance of taking no trick is taken as ``exp(-risk_slope * expected)``."""
    no_lead_factor: float = 0.6
    """A staying player does not lead: its expected tricks are scaled by this."""


DEFAULT_TUNING = Tuning()


def _higher_unheld(card: Card, hand: CardMask, table: TrickRules) -> int:
    """Cards of the deck outside ``hand`` in ``card``'s effective suit that outrank it."""
    power = table.power[card]
    others = EUCHRE_DECK & ~hand & table.suit_masks[table.eff_suit[card]]
    return sum(1 for other in cards_of(others) if table.power[other] > power)


def estimate(hand: CardMask, contract: str) -> float:
    """Expected tricks of ``hand`` under ``contract`` when it leads.

    The k-th best card held in a suit (k from 0) wins when at most k better cards are
    elsewhere; in a trump contract side-suit winners are discounted for ruffs (the third
    and later cards of a side suit hardly ever win), and a void in a side suit is worth a
    little when trumps are held.
    """
    table = trick_table(contract)
    trump = table.trump
    trumps = count(hand & table.suit_masks[trump]) if trump >= 0 else 0
    total = 0.0
    for suit in SUITS:
        mine = sorted(
            cards_of(hand & table.suit_masks[suit]), key=lambda c: table.power[c], reverse=True
        )
        if trump >= 0 and suit != trump and not mine and trumps >= 2:
            total += 0.3
        for place, card in enumerate(mine):
            above = _higher_unheld(card, hand, table)
            if suit == trump:
                value = 1.0 if above <= place else max(0.0, 0.6 - 0.25 * (above - place - 1))
            elif trump < 0 and above <= place:
                value = 1.0
            elif above <= place:  # a side suit under trump: its long cards get ruffed
                value = (0.85, 0.5)[place] if place < 2 else 0.15
            elif above == place + 1:
                value = 0.3 if len(mine) >= 2 else 0.1
            else:
                value = 0.0
            total += value
    return total


def reading_of(view: SeatView) -> Reading:
    """The play-time knowledge of ``view``'s seat: the seats that dropped are out, and their
    cards stay unseen."""
    return read_view(view, trick_table(contract_of_view(view)), EUCHRE_DECK, out=seats_out(view))


def contract_of_view(view: SeatView) -> str:
    """The contract of ``view``'s deal (``ValueError`` before the bidding is won)."""
    contract = view.facts(BidEuchreFacts).contract
    if contract is None:
        raise ValueError("no contract in this bid_euchre view yet")
    return contract


def ruff_possible(reading: Reading, seat: int, suit: int) -> bool:
    """Whether ``seat`` might trump a lead of ``suit`` (void in it, trumps unseen)."""
    trump = reading.trump
    if trump < 0 or suit == trump or reading.voids[seat] >> trump & 1:
        return False
    if not reading.unseen_trumps():
        return False
    short = count(reading.unseen & reading.table.suit_masks[suit]) < len(reading.later)
    return bool(reading.voids[seat] >> suit & 1) or short


def threatened(reading: Reading, card: Card, led: int) -> bool:
    """Whether a seat still to play may beat ``card`` in a trick led in ``led``."""
    table = reading.table
    suit = table.eff_suit[card]
    higher = higher_in_suit(card, reading.unseen, table)
    for seat in reading.later:
        follows = not reading.voids[seat] >> led & 1
        if suit == led and follows and higher:
            return True
        if suit == table.trump and suit != led and higher and ruff_possible(reading, seat, led):
            return True
        if suit != table.trump and ruff_possible(reading, seat, led):
            return True
    return False


class BidEuchreHeuristic(Heuristic[BidEuchreRules, Tuning]):
    """Cautious bidding, sound stay-or-drop judgement, cheap wins and careful discards."""

    game_class = BidEuchre
    default_tuning = DEFAULT_TUNING

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "bid":
            choice = self._bid(view, legal)
        elif view.phase == "name":
            choice = self._name(view)
        elif view.phase == "stay":
            choice = self._stay(view)
        elif view.phase == "play":
            choice = self._play(view)
        else:
            choice = rng.choice(legal)
        return choice if choice in legal else rng.choice(legal)

    # -- bidding and naming ------------------------------------------------------------------
    def best_contract(self, view: SeatView) -> tuple[str, float]:
        """The contract this hand values most, and its expected tricks."""
        hand = mask_of(view.hand)
        scored = [(estimate(hand, contract), -index) for index, contract in enumerate(CONTRACTS)]
        value, negative_index = max(scored)
        return CONTRACTS[-negative_index], value

    def _bid(self, view: SeatView, legal: tuple[str, ...]) -> str:
        bids = sorted(
            argument_of(a) for a in map(parse_action, legal) if kind_of(a) == CoreKind.BID
        )
        if "pass" not in legal:
            return f"bid {bids[0]}"  # the stuck dealer bids as little as it may
        if not bids:
            return "pass"
        _, value = self.best_contract(view)
        if value - self.tuning.bid_margin >= bids[0]:
            return f"bid {bids[0]}"
        return "pass"

    def _name(self, view: SeatView) -> str:
        contract, _ = self.best_contract(view)
        return contract if contract in (HIGH, LOW) else f"name {contract}"

    def _stay(self, view: SeatView) -> str:
        expected = estimate(mask_of(view.hand), contract_of_view(view))
        expected *= self.tuning.no_lead_factor
        risk = math.exp(-self.tuning.risk_slope * expected)
        return "stay" if expected > self.rules.set_points * risk else "drop"

    # -- play --------------------------------------------------------------------------------
    def _play(self, view: SeatView) -> str:
        reading = reading_of(view)
        playable = [argument_of(parse_action(text)) for text in view.legal]
        card = self._lead(reading, playable) if not view.trick else self._follow(reading, playable)
        return f"play {card_name(card)}"

    def _lead(self, r: Reading, playable: list[Card]) -> Card:
        table = r.table
        trump = table.trump
        power = table.power
        if trump >= 0:
            trumps = [c for c in playable if table.eff_suit[c] == trump]
            unseen_trumps = r.unseen & table.suit_masks[trump]
            bosses = [c for c in trumps if r.is_boss(c)]
            if bosses and unseen_trumps:
                return max(bosses, key=lambda c: power[c])
        side_bosses = [
            c for c in playable if table.eff_suit[c] != trump and not threatened(r, c, _suit(r, c))
        ]
        if side_bosses:
            return max(side_bosses, key=lambda c: (count(r.unseen & _mask(r, c)), power[c]))
        if trump >= 0:
            trumps = [c for c in playable if table.eff_suit[c] == trump]
            if trumps and not r.unseen & table.suit_masks[trump]:
                return min(trumps, key=lambda c: power[c])
        # No sure winner: lead low, from the shortest side suit in a trump hand (to make a
        # void), from the longest suit without trump (to set up its long cards).
        sides = [c for c in playable if table.eff_suit[c] != trump] or playable

        def length(c: Card) -> int:
            return count(r.hand & _mask(r, c))

        if trump >= 0:
            return min(sides, key=lambda c: (length(c), power[c]))
        return min(sides, key=lambda c: (-length(c), power[c]))

    def _follow(self, r: Reading, playable: list[Card]) -> Card:
        table = r.table
        trick = r.view.trick
        led = table.eff_suit[trick[0][1]]
        best = trick[0][1]
        for _, card in trick[1:]:
            if beats(card, best, led, table):
                best = card
        winners = [c for c in playable if beats(c, best, led, table)]
        if winners:
            safe = [c for c in winners if not threatened(r, c, led)]
            if safe:
                return min(safe, key=lambda c: table.power[c])
            return max(winners, key=lambda c: table.power[c])
        return min(playable, key=lambda c: _keep_value(c, r))


def _suit(r: Reading, card: Card) -> int:
    return r.table.eff_suit[card]


def _mask(r: Reading, card: Card) -> CardMask:
    return r.table.suit_masks[r.table.eff_suit[card]]


def _keep_value(card: Card, r: Reading) -> tuple[int, int, int]:
    """How much the hand wants to keep ``card``: trumps, then sure winners, then power."""
    table = r.table
    return (int(table.eff_suit[card] == table.trump), int(r.is_boss(card)), table.power[card])


__all__ = ["CONTRACTS", "BidEuchreHeuristic", "Tuning", "estimate", "heuristic_bot"]


def heuristic_bot(game: Game[Any], seat: int | None = None) -> Bot:
    """The heuristic bot of ``game``'s form: the partnership form's
    (``partnership_heuristic``) or the individual form's.

    >>> from tricktable.games import load_game
    >>> type(heuristic_bot(load_game("bid_euchre(preset=partnership)"))).__name__
    'PartnershipHeuristic'
    """
    if isinstance(game, PartnershipBidEuchre):
        # Imported here: the partnership heuristic builds on this module's ``estimate``.
        from tricktable.games.bid_euchre.partnership_heuristic import PartnershipHeuristic

        return PartnershipHeuristic(game, seat)
    return BidEuchreHeuristic(game, seat)


HEURISTIC_BOT = heuristic_bot
"""This game's heuristic bot (the spec finds it by this name)."""
