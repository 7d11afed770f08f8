"""A heuristic bot for partnership bid euchre (RULES.md 1.10, preset ``partnership``).

It sees only the seat's view and the public rules. A hand is valued as the individual
form's heuristic values it (``heuristic.estimate``: the tricks it should take under each
contract when it leads), plus what the partner should bring: about a trick from an unknown
hand, more after the partner has bid, less after both opponents have. The bot bids the
least it may while its best contract covers it with a margin (the high bid where the
makers score the bid), raises its partner only with much more, and bids shoot or alone
when its hand should take every trick: ``alone`` with a hand that needs no help, ``shoot``
with one that needs a single card. The stuck dealer bids as little as it may. The partner
of a shooter gives its best card for the contract; the maker discards the card whose loss
costs the fewest expected tricks. In play it draws trump as the makers, cashes sure winners,
lets a partner's sure card hold, wins as cheaply as holds and throws its least useful card.

>>> from tricktable.cards import mask_of, parse_cards
>>> hand = mask_of(parse_cards("JH JD AH KH QH AS"))
>>> round(hand_value(hand, "H"), 2), lone_choice(hand, ("S", "H", "D", "C", "high", "low"))
(6.45, ('H', 'alone'))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.bots.base import Decision
from tricktable.cards import Card, CardMask, Suit, cards_of, mask_of
from tricktable.core import SeatView
from tricktable.games.bid_euchre.engine import BidEuchre, BidEuchreRules, trick_table
from tricktable.games.bid_euchre.facts import ALONE, HIGH, LOW, SHOOT, PartnershipFacts
from tricktable.games.bid_euchre.heuristic import CONTRACTS, estimate
from tricktable.games.bid_euchre.verbs import BidEuchreKind
from tricktable.games.euchre_family.heuristic import (
    EUCHRE_DECK,
    FamilyHeuristic,
    Reading,
    by_power,
    cashable,
    follow_as_side,
    lead_or_follow,
    read_view,
    seats_out,
    short_suit_lead,
)
from tricktable.games.euchre_family.verbs import FamilyKind

TRICKS = 6
BID_SHOOT = make_action(BidEuchreKind.BID_SHOOT)
BID_ALONE = make_action(BidEuchreKind.BID_ALONE)
PASS = make_action(CoreKind.PASS)


@dataclass(frozen=True, slots=True, kw_only=True)
class Tuning:
    """The bot's judgement, in expected tricks."""

    partner_help: float = 1.0
    """What an unknown partner's hand adds to the maker's tricks."""
    partner_bid_help: float = 0.5
    """Added per trick of the partner's number bid above 2 (it has shown strength)."""
    opponents_bid_cost: float = 0.4
    """Taken off per opponent who bid a number (they hold the high cards)."""
    bid_margin: float = 0.3
    """Bid N only when the hand is worth N plus this much."""
    raise_partner: float = 1.5
    """Overbid the partner only when worth this much more than the partner's bid."""
    alone_at: float = 5.55
    """Bid alone when the hand alone is worth this many of the 6 tricks."""
    shoot_at: float = 5.55
    """Bid shoot when the hand less its worst card, with the partner's card, is worth this
    many."""
    shoot_card: float = 0.8
    """What the partner's best card is taken to add to a shooter."""


DEFAULT_TUNING = Tuning()


def hand_value(hand: CardMask, contract: str) -> float:
    """The tricks ``hand`` should take under ``contract`` when it leads (no partner)."""
    return estimate(hand, contract)


def best_contract(hand: CardMask, contracts: tuple[str, ...]) -> tuple[str, float]:
    """The contract of ``contracts`` this hand values most, and its value."""
    value, contract = max((hand_value(hand, c), -i) for i, c in enumerate(contracts))
    return contracts[-contract], value


def without_worst(hand: CardMask, contract: str) -> float:
    """The hand's value after discarding the card it misses least."""
    return max(hand_value(hand & ~(1 << card), contract) for card in cards_of(hand))


def lone_choice(
    hand: CardMask, contracts: tuple[str, ...], tuning: Tuning = DEFAULT_TUNING
) -> tuple[str, str | None]:
    """The best contract for a lone hand and the lone bid it is good for (``"alone"``,
    ``"shoot"`` or ``None``)."""
    contract, value = best_contract(hand, contracts)
    if value >= tuning.alone_at:
        return contract, ALONE
    shot = max(contracts, key=lambda c: without_worst(hand, c))
    if without_worst(hand, shot) + tuning.shoot_card >= tuning.shoot_at:
        return shot, SHOOT
    return contract, None


class PartnershipHeuristic(FamilyHeuristic[BidEuchreRules, Tuning]):
    """Bids by hand strength and seat, shoots or goes alone with sure hands, plays as a side."""

    game_class = BidEuchre
    default_tuning = DEFAULT_TUNING

    @cached_property
    def contracts(self) -> tuple[str, ...]:
        """The contracts the rules offer: the four suits, and high and low with ``no_trump``."""
        return CONTRACTS if self.rules.no_trump else CONTRACTS[:4]

    def decisions(self) -> list[tuple[int, Decision]]:
        return [
            (CoreKind.PLAY, self._play),
            (CoreKind.BID, self._bid),
            (BidEuchreKind.BID_SHOOT, self._bid),
            (BidEuchreKind.BID_ALONE, self._bid),
            (FamilyKind.NAME, self._name),
            (BidEuchreKind.GIVE_CARD, self._give),
            (CoreKind.DISCARD, self._discard),
        ]

    # -- bidding -------------------------------------------------------------------------------
    def support(self, view: SeatView) -> float:
        """What the partner should add, read from the bids so far."""
        facts = view.facts(PartnershipFacts)
        partner = (view.seat + 2) % 4
        help_ = self.tuning.partner_help
        partner_bid = facts.bids[partner]
        if isinstance(partner_bid, int):
            help_ += self.tuning.partner_bid_help * max(0, partner_bid - 2)
        for seat in (partner + 1) % 4, (partner + 3) % 4:
            if isinstance(facts.bids[seat], int):
                help_ -= self.tuning.opponents_bid_cost
        return max(0.0, help_)

    def _bid(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        facts = view.facts(PartnershipFacts)
        hand = mask_of(view.hand)
        numbers = sorted(argument_of(a) for a in actions if kind_of(a) == CoreKind.BID)
        _, lone = lone_choice(hand, self.contracts, self.tuning)
        if lone == ALONE and BID_ALONE in actions:
            return BID_ALONE
        if lone is not None and BID_SHOOT in actions:
            return BID_SHOOT
        _, value = best_contract(hand, self.contracts)
        worth = value + self.support(view) - self.tuning.bid_margin
        stuck = PASS not in actions
        if not numbers:
            return PASS if not stuck else actions[0]
        partner_holds = facts.bidder is not None and facts.bidder == (view.seat + 2) % 4
        if partner_holds and not stuck:
            partner_bid = facts.high_bid if isinstance(facts.high_bid, int) else TRICKS
            if worth < partner_bid + self.tuning.raise_partner:
                return PASS
        if stuck:
            return make_action(CoreKind.BID, numbers[0])
        if worth < numbers[0]:
            return PASS
        if self.rules.makers_score == "bid":
            return make_action(CoreKind.BID, max(n for n in numbers if n <= worth))
        return make_action(CoreKind.BID, numbers[0])

    def _name(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        facts = view.facts(PartnershipFacts)
        hand = mask_of(view.hand)
        if facts.lone == SHOOT:
            contract = max(self.contracts, key=lambda c: without_worst(hand, c))
        else:
            contract, _ = best_contract(hand, self.contracts)
        if contract == HIGH:
            return make_action(BidEuchreKind.HIGH)
        if contract == LOW:
            return make_action(BidEuchreKind.LOW)
        return make_action(FamilyKind.NAME, "SHDC".index(contract))

    def _give(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """The card that helps a lone maker most: the best trump, else the best card."""
        table = trick_table(contract_of_view(view))
        cards = [argument_of(a) for a in actions]
        trumps = [c for c in cards if table.eff_suit[c] == table.trump]
        return make_action(BidEuchreKind.GIVE_CARD, by_power(trumps or cards, table, True)[0])

    def _discard(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        hand = mask_of(view.hand)
        contract = contract_of_view(view)
        cards = [argument_of(a) for a in actions]
        card = max(cards, key=lambda c: (hand_value(hand & ~(1 << c), contract), -c))
        return make_action(CoreKind.DISCARD, card)

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Lead or follow as a side (``follow_as_side``; in high and low a seat without the
        led suit throws its shortest suit to make a void)."""
        reading = reading_of(view)

        def follow(reading: Reading, cards: list[Card], led: Suit) -> Card:
            return follow_as_side(reading, cards, led, void_without_trump=reading.trump < 0)

        return lead_or_follow(view, actions, reading, self._lead, follow)

    def _lead(self, reading: Reading, cards: list[Card]) -> Card:
        """The makers draw trump; anyone cashes sure winners; else lead short (trump
        contracts) or low from the longest suit (no trump)."""
        table = reading.table
        trumps = by_power((c for c in cards if reading.is_trump(c)), table, True)
        side = [c for c in cards if not reading.is_trump(c)]
        we_make = reading.maker % 2 == reading.seat % 2
        opponents_have_trump = reading.opponents_may_trump() if reading.trump >= 0 else False
        bosses = cashable(reading, side)
        if trumps and opponents_have_trump and we_make:
            if reading.is_boss(trumps[0]) or reading.seat == reading.maker:
                return trumps[0]
            if not bosses:
                return trumps[-1]  # trump to the maker
        if bosses:
            return bosses[0]
        if not side:
            return trumps[0] if reading.is_boss(trumps[0]) else trumps[-1]
        if reading.trump >= 0:
            return short_suit_lead(reading, side)

        def length(card: Card) -> int:
            return (reading.hand & table.suit_masks[table.eff_suit[card]]).bit_count()

        return min(side, key=lambda c: (-length(c), table.power[c], c))


def contract_of_view(view: SeatView) -> str:
    """The contract of ``view``'s deal (``ValueError`` before it is named)."""
    contract = view.facts(PartnershipFacts).contract
    if contract is None:
        raise ValueError("no contract in this bid_euchre view yet")
    return contract


def reading_of(view: SeatView) -> Reading:
    """The play-time knowledge of ``view``'s seat: its partner on its side (unless it sits
    out), the maker's discard out of play for the maker (its own discards)."""
    out = seats_out(view)
    partner = (view.seat + 2) % 4
    side = frozenset((view.seat,) if partner in out else (view.seat, partner))
    return read_view(view, trick_table(contract_of_view(view)), EUCHRE_DECK, out=out, side=side)


__all__ = ["DEFAULT_TUNING", "PartnershipHeuristic", "Tuning", "hand_value", "lone_choice"]
