"""The euchre family's search adapter: what the search layer must know of Euchre and its
variants, once. Each variant's ``search`` module subclasses it with what is its own (the
Benny, bid euchre's high and low contracts, who plays together).

>>> from tricktable.testing import dealt_match
>>> from tricktable.search.play_facts import play_facts
>>> state = dealt_match("three_handed_euchre", 3)
>>> game = state.game
>>> play_facts(game, state.view(0)) is None   # trump not made yet
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.cards import Card, cards_of, mask_of
from tricktable.core import Deal, Game, SeatView
from tricktable.games.euchre_family.facts import FamilyFacts, UpCardFacts
from tricktable.search.adapter import SearchAdapter, played_by_seat
from tricktable.search.play_facts import FOLLOW, PlayFacts, cyclic
from tricktable.search.solver import Position
from tricktable.tricks import TrickRules, euchre_rules

if TYPE_CHECKING:
    from tricktable.search.resample import World

EXCHANGES = ("farmers hand", "ace no face")
"""Actions by which a seat shows three cards and takes others for them."""


def discard_counts(view: SeatView, n: int) -> list[int]:
    """How many cards each seat discarded this deal (its own discards name the card)."""
    counts = [0] * n
    for seat, text in view.history:
        if text == "discard" or text.startswith("discard "):
            counts[seat] += 1
    return counts


class EuchreFamilySearch(SearchAdapter):
    """Follow suit, bowers ranking as trumps, one camp against another, an up-card the
    dealer may take up."""

    up_card: bool = True
    """Whether the dealer may take up an up-card (and seats show cards to exchange)."""

    def trick_table(self, game: Game[Any], view: SeatView) -> TrickRules | None:
        """The trick table of ``view``'s deal, or ``None`` before trump is made."""
        trump = view.facts(FamilyFacts).trump
        return None if trump is None else euchre_rules(trump, None)

    def infer_voids(self, game: Game[Any]) -> bool:
        """Whether failing to follow proves a void (not where reneges are allowed)."""
        return True

    def camp(self, game: Game[Any], view: SeatView) -> int:
        """The seats playing together with ``view.seat`` (a mask): a lone maker, or the
        defenders together against the maker."""
        me = view.seat
        maker = view.facts(FamilyFacts).maker
        if maker is None or me == maker:
            return 1 << me
        return ((1 << game.players) - 1) & ~(1 << maker)

    def play_facts(self, game: Game[Any], view: SeatView) -> PlayFacts | None:
        table = self.trick_table(game, view)
        if table is None:
            return None
        out = view.facts(FamilyFacts).sitting_out
        order = [s for s in range(game.players) if s not in out]
        return PlayFacts(table, FOLLOW, cyclic(order, game.players), self.infer_voids(game))

    def value_position(self, game: Game[Any], view: SeatView, world: World, pos: Position) -> None:
        pos.team = self.camp(game, view)

    def dealt_size(self, game: Game[Any], view: SeatView) -> int:
        return 5

    def turned_card(self, view: SeatView) -> Card | None:
        return view.facts(UpCardFacts).upcard if self.up_card else None

    def dealer_took_up(self, view: SeatView) -> bool:
        return self.up_card and view.facts(UpCardFacts).dealer_took_up

    def sizes_before_play(self, game: Game[Any], view: SeatView, dealt: int) -> list[int]:
        n = game.players
        sizes = [dealt] * n
        if not self.up_card:
            return sizes
        discards = discard_counts(view, n)
        exchangers = {seat for seat, text in view.history if text in EXCHANGES}
        if self.dealer_took_up(view):
            sizes[view.dealer] += 1
        for seat in range(n):
            sizes[seat] -= discards[seat]
            if seat in exchangers and discards[seat] >= 3:
                sizes[seat] += 3
        return sizes

    def kept_cards(
        self, game: Game[Any], view: SeatView, played: int
    ) -> tuple[list[tuple[int, int, int]], tuple[int, int]]:
        choices: list[tuple[int, int, int]] = []
        upcard_choice = (-1, -1)
        if not self.up_card:
            return choices, upcard_choice
        me = view.seat
        facts = view.facts(UpCardFacts)
        dealer = view.dealer
        upcard = facts.upcard
        took_up = facts.dealer_took_up and dealer != me
        if took_up and upcard is not None and not played >> upcard & 1:
            upcard_choice = (dealer, upcard)
        if facts.shown:
            discards = discard_counts(view, game.players)
            for seat, shown in facts.shown:
                if seat == me:
                    continue
                cards = mask_of(shown)
                played_shown = (cards & played).bit_count()
                unplayed = cards & ~played
                holding = cards.bit_count() - discards[seat] - played_shown
                choices.append((seat, unplayed, max(0, holding)))
        return choices, upcard_choice

    def rebuild_deal(self, game: Game[Any], view: SeatView, world: World) -> Deal:
        """The deal as made: an unseen discard of the dealer is taken to be the lowest card
        of the world's pile (which card it was changes no other seat's bid)."""
        played = played_by_seat(game, view)
        hands = [world.hands[seat] | played[seat] for seat in range(game.players)]
        pile = world.pile
        facts = view.facts(UpCardFacts)
        if facts.upcard is None:
            raise ValueError(f"no up-card in this {view.game} view to rebuild the deal with")
        upcard = facts.upcard
        dealer = view.dealer
        if facts.dealer_took_up and hands[dealer] >> upcard & 1:
            # The up-card was kept (else it was the discard and the hand is as dealt).
            hands[dealer] &= ~(1 << upcard)
            if dealer == view.seat:
                discards = mask_of(facts.own_discards)
            else:
                rest = pile & ~(1 << upcard)
                discards = rest & -rest
            hands[dealer] |= discards
            pile &= ~discards
        stock = cards_of(pile & ~(1 << upcard))
        return Deal(tuple(tuple(cards_of(hand)) for hand in hands), upcard, tuple(stock))
