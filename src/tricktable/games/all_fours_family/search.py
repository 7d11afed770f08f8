"""What the search layer must know of the play of All Fours and Pitch: follow or trump,
and the points the seat's side still wins among Jack, Low (when it scores to its
capturer) and Game (High, and Low held, are fixed by the deal). Each game's adapter
subclasses ``PointsSearch`` with what is its own (All Fours' turned card and game odds,
Pitch's bid)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tricktable.cards import JACK, Suit, make_card
from tricktable.core import Game, SeatView
from tricktable.games.all_fours_family.facts import PointsFacts
from tricktable.games.all_fours_family.points import HAND_SIZE, game_value
from tricktable.games.all_fours_family.valuation import PointCards
from tricktable.search.adapter import SearchAdapter
from tricktable.search.play_facts import FOLLOW_OR_TRUMP, FOLLOW_OR_TRUMP_MUST, PlayFacts
from tricktable.search.solver import Position
from tricktable.tricks import plain_rules

if TYPE_CHECKING:
    from tricktable.search.resample import World

CARD_POINTS = [game_value(card) for card in range(64)]
"""Game-count points of each card id."""


class PointsSearch(SearchAdapter):
    """The search adapter of the play both games share."""

    def play_facts(self, game: Game[Any], view: SeatView) -> PlayFacts | None:
        trump = view.facts(PointsFacts).trump
        if trump is None:
            return None
        rules: Any = game.rules
        table = plain_rules(trump)
        follow = FOLLOW_OR_TRUMP_MUST if rules.void_rule == "must_trump" else FOLLOW_OR_TRUMP
        next_seat: tuple[int, ...] = tuple(getattr(game, "next_seat"))  # noqa: B009
        return PlayFacts(table, follow, next_seat, infer_voids=True)

    def dealt_size(self, game: Game[Any], view: SeatView) -> int:
        return HAND_SIZE

    def known_hand_sizes(self, view: SeatView) -> list[int] | None:
        return list(view.facts(PointsFacts).hand_sizes)

    def value_position(self, game: Game[Any], view: SeatView, world: World, pos: Position) -> None:
        rules: Any = game.rules
        side_of = list(getattr(game, "side_of"))  # noqa: B009
        me = view.seat
        pos.team = sum(1 << s for s in range(game.players) if side_of[s] == side_of[me])
        facts = view.facts(PointsFacts)
        game_counts = list(facts.game_points)
        if not game_counts:
            game_counts = [0] * (max(side_of) + 1)
        valuation = PointCards(
            side_of,
            side_of[me],
            game_counts,
            CARD_POINTS,
            dealer_side=side_of[view.dealer],
            tie_to_non_dealer=rules.game_tie == "non_dealer",
        )
        pos.valuation = valuation
        if facts.trump is None:
            raise ValueError(f"no trump in this {view.game} view to value a position with")
        trump = facts.trump
        completed = 0
        for trick in view.tricks:
            for _, card in trick:
                completed |= 1 << card
        open_cards = 0
        for hand in pos.hands:
            open_cards |= hand
        for card in pos.trick_cards:
            open_cards |= 1 << card
        in_play = open_cards | completed
        jack = make_card(trump, JACK)
        valuation.jack = jack if open_cards >> jack & 1 else -1
        trumps = in_play & pos.suit_masks[trump]
        if rules.low_point == "captured" and trumps:
            low = (trumps & -trumps).bit_length() - 1
            valuation.low = low if open_cards >> low & 1 else -1


@dataclass(frozen=True, slots=True)
class TrumpsInPlay:
    """Where a position's trumps are, for valuing it (both games' ``utilities``): the cards
    played so far, who won the finished tricks, and the highest, lowest and jack of trump.

    ``Low`` and ``High`` are ``-1`` when no trump is in play."""

    hands: tuple[int, ...]
    """Each seat's open hand in the position."""
    played: dict[int, int]
    """The seat that played each card played so far (the trick in progress too)."""
    taker: dict[int, int]
    """The seat that won the trick of each card of a finished trick."""
    trumps: list[int]
    """The trumps in play: those played, then those in the hands."""
    high: int
    low: int
    jack: int

    def holder(self, card: int) -> int:
        """The seat that played ``card``, or holds it."""
        if card in self.played:
            return self.played[card]
        return next(seat for seat, hand in enumerate(self.hands) if hand >> card & 1)


def trumps_in_play(view: SeatView, pos: Position, trump: Suit) -> TrumpsInPlay:
    """``TrumpsInPlay`` of ``pos``, a position of ``view``'s deal with every hand open."""
    played: dict[int, int] = {}
    taker: dict[int, int] = {}
    for trick, winner in zip(view.tricks, view.trick_winners, strict=True):
        for seat, card in trick:
            played[card] = seat
            taker[card] = winner
    for seat, card in zip(pos.trick_seats, pos.trick_cards, strict=True):
        played[card] = seat
    trumps = [card for card in played if pos.suit_masks[trump] >> card & 1]
    for hand in pos.hands:
        in_hand = hand & pos.suit_masks[trump]
        trumps.extend(card for card in range(64) if in_hand >> card & 1)
    high = max(trumps, key=lambda card: pos.power[card]) if trumps else -1
    low = min(trumps, key=lambda card: pos.power[card]) if trumps else -1
    return TrumpsInPlay(tuple(pos.hands), played, taker, trumps, high, low, make_card(trump, JACK))
