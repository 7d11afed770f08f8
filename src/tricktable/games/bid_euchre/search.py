"""Bid Euchre's search adapter: no up-card, a contract of a suit, high (no trump) or low.

In the individual form each seat plays for its own tricks against every other seat
(paranoid). In the partnership form a seat plays with its partner (unless one of them sits
out); a maker who bid shoot received one card from the partner and discarded one, so the
hands are counted from the deal's history, and the giver sees its card in the maker's hand.

>>> import random
>>> from tricktable.games import load_game
>>> from tricktable.search.resample import resample
>>> state = load_game("bid_euchre(preset=partnership)").new_state(first_dealer=3)
>>> state.deal_random(random.Random(1))
>>> for text in ("bid shoot", "pass", "pass", "pass", "name S"):
...     state.apply_text(text)
>>> state.apply_text(state.legal_texts()[0]); state.apply_text(state.legal_texts()[0])
>>> view = state.view(1)
>>> SEARCH.known_hand_sizes(view), view.history[-2:]   # seat 2 gave, seat 0 discarded
([6, 6, 5, 6], ((2, 'give'), (0, 'discard')))
>>> world = resample(state.game, view, random.Random(2))
>>> [hand.bit_count() for hand in world.hands], world.pile.bit_count()
([6, 6, 5, 6], 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.cards import Card, cards_of, mask_of
from tricktable.core import Deal, Game, SeatView
from tricktable.games.bid_euchre.engine import trick_table
from tricktable.games.bid_euchre.facts import SHOOT, BidEuchreFacts, PartnershipFacts
from tricktable.games.bid_euchre.partnership import PartnershipBidEuchre, deal_points
from tricktable.games.euchre_family.search import EuchreFamilySearch
from tricktable.search.adapter import PLAIN_VALUE, PlayValue, played_by_seat
from tricktable.tricks import TrickRules

if TYPE_CHECKING:
    from tricktable.search.resample import World

PARTNERSHIP_HAND = 6
"""Cards each seat is dealt in the partnership form."""
PARTNERSHIP_READ = frozenset({"BID"})
"""The partnership form's phases whose bids ``bid_reading`` reads."""


class DealPoints(PlayValue):
    """A partnership deal in play valued by its points: entry ``k`` is the seat's side's
    points minus the other side's when its camp takes ``k`` more tricks (making the bid is
    worth far more than one trick; ``play_points``)."""

    def __init__(self, points: list[float]) -> None:
        self.points = points

    def worth(self, value: int) -> float:
        return self.points[min(value, len(self.points) - 1)]


def play_points(game: Game[Any], view: SeatView) -> list[float] | None:
    """In the partnership form's play, the deal's worth to ``view.seat``'s side (its points
    minus the other side's) by the tricks its camp takes from here on: entry ``k`` for ``k``
    more tricks; ``None`` in the individual form or before the contract is named.

    >>> import random
    >>> from tricktable.games import load_game
    >>> state = load_game("bid_euchre(preset=partnership)").new_state(first_dealer=3)
    >>> state.deal_random(random.Random(1))
    >>> for text in ("bid 4", "pass", "pass", "pass", "name S"):
    ...     state.apply_text(text)
    >>> play_points(state.game, state.view(0))  # the 4th trick makes the bid: 9 points more
    [-10.0, -9.0, -8.0, -7.0, 2.0, 4.0, 6.0]
    """
    facts = view.public
    if not isinstance(facts, PartnershipFacts) or facts.contract is None:
        return None
    maker, high = facts.maker, facts.high_bid
    if maker is None or high is None:
        return None
    rank = high if isinstance(high, int) else 0
    mine = view.seat % 2
    won = facts.tricks_won
    so_far = sum(tricks for seat, tricks in enumerate(won) if seat % 2 == mine)
    left = PARTNERSHIP_HAND - sum(won)
    out: list[float] = []
    for more in range(left + 1):
        ours = so_far + more
        makers_tricks = ours if maker % 2 == mine else PARTNERSHIP_HAND - ours
        points = deal_points(game.rules, rank, facts.lone, makers_tricks)
        if maker % 2 != mine:
            points.reverse()
        out.append(float(points[0] - points[1]))
    return out


class BidEuchreSearch(EuchreFamilySearch):
    up_card = False

    def trick_table(self, game: Game[Any], view: SeatView) -> TrickRules | None:
        contract = contract_in(view)
        return None if contract is None else trick_table(contract)

    def dealt_size(self, game: Game[Any], view: SeatView) -> int:
        if isinstance(view.public, PartnershipFacts):
            return PARTNERSHIP_HAND
        return view.facts(BidEuchreFacts).hand_size

    def camp(self, game: Game[Any], view: SeatView) -> int:
        if not isinstance(view.public, PartnershipFacts):
            return 1 << view.seat
        out = view.public.sitting_out
        partner = (view.seat + 2) % 4
        return 1 << view.seat | (0 if partner in out else 1 << partner)

    def play_value(self, game: Game[Any], view: SeatView) -> PlayValue:
        """The partnership form plays for the deal's points (``play_points``); the
        individual form for its tricks."""
        points = play_points(game, view)
        return PLAIN_VALUE if points is None else DealPoints(points)

    def value_unit_of(self, game: Game[Any]) -> str | None:
        """The partnership form's values are points (``play_points``, the bids' rollouts)."""
        return "points" if isinstance(game, PartnershipBidEuchre) else None

    def read_phases_of(self, game: Game[Any]) -> frozenset[str]:
        """The partnership form's bids are read (``bid_reading``); the individual form's are
        not."""
        return PARTNERSHIP_READ if isinstance(game, PartnershipBidEuchre) else frozenset()

    def known_hand_sizes(self, view: SeatView) -> list[int] | None:
        """The partnership form: 6 each, less the cards played, the partner's passed card
        and the maker's discard, plus the card the maker received."""
        facts = view.public
        if not isinstance(facts, PartnershipFacts):
            return None
        sizes = [PARTNERSHIP_HAND] * view.players
        for seat, text in view.history:
            if text.startswith("give"):
                sizes[seat] -= 1
                if facts.bidder is not None:
                    sizes[facts.bidder] += 1
            elif text.startswith("discard"):
                sizes[seat] -= 1
        for seat, cards in enumerate(played_by_seat_view(view)):
            sizes[seat] -= cards
        return sizes

    def rebuild_deal(self, game: Game[Any], view: SeatView, world: World) -> Deal:
        """The deal as dealt. After ``bid shoot`` the partner's passed card goes back to it
        and the maker's discard to the maker: each as the view knows it (the maker knows
        both, the giver its card); a card the view does not know is taken to be the one in
        the world's pile, as if the maker had discarded the card it received (which card
        it was changes no bid)."""
        facts = view.public
        played = played_by_seat(game, view)
        hands = [world.hands[seat] | played[seat] for seat in range(game.players)]
        if isinstance(facts, PartnershipFacts) and facts.lone == SHOOT:
            maker = facts.bidder
            assert maker is not None
            pile = world.pile
            discard = mask_of(facts.own_discards) or pile
            passed = pile if facts.passed is None else 1 << facts.passed
            hands[maker] = (hands[maker] | discard) & ~passed
            hands[(maker + 2) % 4] |= passed
        return Deal(tuple(tuple(cards_of(hand)) for hand in hands), None, ())

    def seen_in_hands(self, view: SeatView) -> tuple[tuple[int, Card], ...]:
        """The giver sees its passed card in the maker's hand until the maker plays or
        discards it (a discard it cannot see: the card is taken to be kept)."""
        facts = view.public
        if not isinstance(facts, PartnershipFacts) or facts.passed is None:
            return ()
        maker = facts.maker
        if maker is None or maker == view.seat:
            return ()
        played = mask_of(card for trick in (*view.tricks, view.trick) for _, card in trick)
        if played >> facts.passed & 1:
            return ()
        return ((maker, facts.passed),)


def played_by_seat_view(view: SeatView) -> list[int]:
    """How many cards each seat has played this deal."""
    counts = [0] * view.players
    for trick in (*view.tricks, view.trick):
        for seat, _ in trick:
            counts[seat] += 1
    return counts


def contract_in(view: SeatView) -> str | None:
    """The contract of ``view``'s deal in either form (``None`` before it is named)."""
    facts = view.public
    if isinstance(facts, PartnershipFacts):
        return facts.contract
    return view.facts(BidEuchreFacts).contract


SEARCH = BidEuchreSearch()

__all__ = ["SEARCH", "BidEuchreSearch", "contract_in"]
