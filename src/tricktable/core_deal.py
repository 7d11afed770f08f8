"""The cards of a deal (``Deal``) and the dealing every game shares: round-robin packets with
a turned card and a stock (``deal_in_rounds``), the hand sizes of a deal (``dealt_sizes``) and
the check of a record's cards (``check_deal_cards``). Part of the rules core; ``tricktable.core``
re-exports every name.

>>> deal = deal_in_rounds(list(range(6)), seats=2, order=(0, 1), packets=(2,))
>>> deal.hands, deal.turned, deal.stock
(((0, 1), (2, 3)), 4, (5,))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from tricktable.cards import Card, card_name, cards_text
from tricktable.errors import RecordError


class Deal(NamedTuple):
    """The cards of one deal exactly as dealt (the ``deals`` entry of a record).

    An immutable named tuple (cheap to make: a deal is made for every hand played).
    """

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards as dealt, before any pickup, discard or exchange."""
    turned: Card | None
    """The face-up card (up-card, turn-up, trump card) or ``None``."""
    stock: tuple[Card, ...]
    """The undealt cards below ``turned``, top first."""

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [[card_name(c) for c in hand] for hand in self.hands],
            "turned": None if self.turned is None else card_name(self.turned),
            "stock": [card_name(c) for c in self.stock],
        }

    def __str__(self) -> str:
        hands = " | ".join(cards_text(hand) for hand in self.hands)
        turned = "-" if self.turned is None else card_name(self.turned)
        return f"Deal({hands}; turned {turned}; stock {cards_text(self.stock)})"


def deal_in_rounds(
    deck: Sequence[Card],
    seats: int,
    order: Sequence[int],
    packets: Sequence[int],
    turn_up: bool = True,
) -> Deal:
    """Deal ``deck`` (already shuffled) round-robin: for each size in ``packets`` one packet
    of that many cards to each seat of ``order`` in turn (a seat not in ``order`` is not
    dealt in and holds no card). With ``turn_up`` the next card is the turned card and the
    rest the stock below it, top first; a deal that takes the whole deck turns no card.

    >>> deal = deal_in_rounds(list(range(9)), seats=3, order=(1, 2), packets=(2, 1))
    >>> deal.hands, deal.turned, deal.stock
    (((), (0, 1, 4), (2, 3, 5)), 6, (7, 8))
    >>> deal_in_rounds(list(range(4)), 2, (0, 1), (1,), turn_up=False).stock
    (2, 3)
    """
    hands: list[list[Card]] = [[] for _ in range(seats)]
    position = 0
    for packet in packets:
        for seat in order:
            hands[seat].extend(deck[position : position + packet])
            position += packet
    dealt = tuple(tuple(hand) for hand in hands)
    if not turn_up:
        return Deal(dealt, None, tuple(deck[position:]))
    if position >= len(deck):
        return Deal(dealt, None, ())
    return Deal(dealt, deck[position], tuple(deck[position + 1 :]))


def dealt_sizes(seats: int, dealt_in: Iterable[int], size: int) -> list[int]:
    """Each seat's hand size in a deal of ``size`` cards to the seats ``dealt_in``: 0 for a
    seat not dealt in (for ``check_deal_cards``).

    >>> dealt_sizes(4, [1, 2, 3], 5)
    [0, 5, 5, 5]
    """
    dealt = set(dealt_in)
    return [size if seat in dealt else 0 for seat in range(seats)]


def check_deal_cards(
    deal: Deal,
    deck: Sequence[Card],
    hand_sizes: Sequence[int],
    require_full: bool,
    turned_required: bool | None = True,
) -> None:
    """Raise ``RecordError`` for impossible cards: duplicates, cards outside the deck,
    wrong hand sizes, or (``require_full``) a deal that does not hold the whole deck."""
    deck_set = set(deck)
    if len(deal.hands) != len(hand_sizes):
        raise RecordError(f"deal has {len(deal.hands)} hands, expected {len(hand_sizes)}")
    seen: set[Card] = set()
    everything = [card for hand in deal.hands for card in hand]
    if deal.turned is not None:
        everything.append(deal.turned)
    everything.extend(deal.stock)
    for card in everything:
        if card not in deck_set:
            raise RecordError(f"card {card_name(card)} is not in this game's deck")
        if card in seen:
            raise RecordError(f"card {card_name(card)} appears twice in the deal")
        seen.add(card)
    for seat, (hand, size) in enumerate(zip(deal.hands, hand_sizes, strict=True)):
        if len(hand) != size:
            raise RecordError(f"seat {seat} holds {len(hand)} cards, expected {size}")
    if turned_required is True and deal.turned is None:
        raise RecordError("this deal needs a turned card")
    if turned_required is False and deal.turned is not None:
        raise RecordError("this deal turns no card, but 'turned' is given")
    if require_full and len(seen) != len(deck_set):
        raise RecordError(
            f"the deal holds {len(seen)} cards; it must hold the whole deck of {len(deck_set)}"
            " (the stock is dealt from)"
        )
