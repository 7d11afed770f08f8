"""Resampling: deal the cards one seat cannot see, consistently with all it knows.

``resample(game, view, rng)`` returns a ``World``: every seat's hand now and the pile of
cards in no hand (stock, face-down discards). The seat's own hand (and any card it can
see in another hand: a forehead card, a picked-up up-card, cards shown for an exchange)
stays where it is; every other unseen card is placed

* only where it fits the hand sizes the deal implies,
* never in a hand that has shown a void in its suit (failing to follow; in All Fours
  and must-trump whist, failing to trump too), and
* otherwise uniformly: every assignment of the unseen cards to hands and pile that
  meets these constraints is equally likely (exact counting, no rejection).

Two documented weights replace strict uniformity over deals, because the other seat's
choice (not chance) decides them: a dealer who picked up the up-card is taken to keep
it until it is played, and a seat that exchanged shown cards kept a uniformly chosen
subset of the shown cards it has not played. With ``renege=callable`` euchre, failing to
follow proves nothing, so no void is inferred.

>>> import random
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre(preset=north_american)", 2)
>>> game = state.game
>>> view = state.view(0)
>>> world = resample(game, view, random.Random(5))
>>> world.hands[0] == state.hands[0]
True
>>> sorted(h.bit_count() for h in world.hands), world.pile.bit_count()  # the up-card is seen
([5, 5, 5, 5], 3)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import factorial
from typing import Any

from tricktable.cards import cards_of, mask_of, parse_card, shuffled
from tricktable.core import Game, SeatView
from tricktable.search.adapter import SearchAdapter, search_adapter
from tricktable.search.play_facts import voids_shown


class InconsistentViewError(ValueError):
    """No placement of the unseen cards meets everything the view shows (a case the
    resampler's model does not cover, such as an up-card discarded and a void shown later)."""


@dataclass(frozen=True, slots=True)
class World:
    """One full placement of the cards: each seat's hand now and the rest."""

    hands: tuple[int, ...]
    """Each seat's cards now, as masks."""
    pile: int
    """Cards in no hand and unseen (stock, others' discards), as a mask."""


@dataclass(slots=True)
class Knowledge:
    """What one seat knows of where the cards are (the resampler's constraints)."""

    seat: int
    pool: int
    """Cards whose place the seat does not know."""
    fixed: list[int]
    """Per seat, cards known to be in that hand now."""
    sizes: list[int]
    """Per seat, how many cards that hand holds now."""
    forbid: list[int]
    """Per seat, cards that hand cannot hold (shown voids)."""
    choices: list[tuple[int, int, int]]
    """Shown cards of an exchanger: ``(seat, cards, how many of them it still holds)``."""


def known_cards_mask(view: SeatView) -> int:
    """Every card the view names (its hand, plays, shown and public cards) as a mask."""
    return mask_of(view.known_cards())


def _played(view: SeatView) -> list[tuple[int, int, int, int]]:
    """Every card played this deal as ``(trick index, position, seat, card)``."""
    out: list[tuple[int, int, int, int]] = []
    for index, trick in enumerate((*view.tricks, view.trick)):
        for position, (seat, card) in enumerate(trick):
            out.append((index, position, seat, card))
    return out


def knowledge(game: Game[Any], view: SeatView) -> Knowledge:
    """The constraints ``view`` puts on the unseen cards."""
    n = game.players
    me = view.seat
    adapter = search_adapter(game)
    deck: tuple[int, ...] = tuple(getattr(game, "deck"))  # noqa: B009
    known = known_cards_mask(view)
    own_hidden = view.public.own_hand_hidden
    pool = mask_of(deck) & ~known
    fixed = [0] * n
    if not own_hidden:
        fixed[me] = mask_of(view.hand)
    else:
        # A forehead deal, a blind bid, a Joker up-card named before looking: the seat's
        # own cards are unseen (named nowhere in the view, so in ``pool``), except those
        # its legal plays name (on the forehead the legal play names the one card).
        for text in view.legal:
            if text.startswith("play "):
                fixed[me] |= 1 << parse_card(text[5:])
        pool &= ~fixed[me]
    played_list = _played(view)
    played_by = [0] * n
    played_mask = 0
    for _, _, seat, card in played_list:
        played_by[seat] += 1
        played_mask |= 1 << card
    sizes = _sizes(adapter, game, view, played_by, own_hidden)
    # Cards seen in other hands.
    for seat, card in adapter.seen_in_hands(view):
        fixed[seat] |= 1 << card
    choices, upcard_choice = adapter.kept_cards(game, view, played_mask)
    forbid = [0] * n
    facts = adapter.play_facts(game, view)
    if facts is not None and facts.infer_voids:
        table = facts.table
        for trick in (*view.tricks, view.trick):
            if not trick:
                continue
            led = table.eff_suit[trick[0][1]]
            for seat, card in trick[1:]:
                forbid[seat] |= voids_shown(led, card, facts.follow, table)
    dealer, upcard = upcard_choice
    if dealer >= 0:
        # Taken to be kept, unless the dealer has no card left or showed a void in its suit
        # (then it was the discard).
        kept = sizes[dealer] > 0 and not forbid[dealer] >> upcard & 1
        choices.append((dealer, 1 << upcard, 1 if kept else 0))
    return Knowledge(me, pool, fixed, sizes, forbid, choices)


def _sizes(
    adapter: SearchAdapter,
    game: Game[Any],
    view: SeatView,
    played_by: list[int],
    own_hidden: bool,
) -> list[int]:
    """How many cards each seat holds now."""
    known = adapter.known_hand_sizes(view)
    if known is not None:
        return known
    dealt = adapter.dealt_size(game, view)
    return adapter.hand_sizes(game, view, dealt, played_by, own_hidden)


class Resampler:
    """Draws worlds for one view; the counting is done once, each draw is cheap.

    >>> import random
    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("pitch()", 1)
    >>> game = state.game
    >>> sampler = Resampler(game, state.view(0))
    >>> worlds = [sampler.sample(random.Random(seed)) for seed in range(3)]
    >>> all(w.hands[0] == state.hands[0] for w in worlds)
    True
    """

    def __init__(self, game: Game[Any], view: SeatView) -> None:
        self.game = game
        self.view = view
        self.know = knowledge(game, view)
        know = self.know
        n = game.players
        self.n = n
        self.free_need = [
            know.sizes[s]
            - know.fixed[s].bit_count()
            - sum(k for seat, _, k in know.choices if seat == s)
            for s in range(n)
        ]
        if any(need < 0 for need in self.free_need):
            raise InconsistentViewError(
                f"inconsistent view: hand sizes {know.sizes}, fixed {know.fixed}"
            )
        pile_need = know.pool.bit_count() - sum(self.free_need)
        if pile_need < 0:
            raise InconsistentViewError("inconsistent view: more unseen cards in hands than exist")
        self.capacity = (*self.free_need, pile_need)
        # Group the unseen cards by the bins (hands, then the pile) that may take them.
        groups: dict[int, list[int]] = {}
        pool = know.pool
        while pool:
            low = pool & -pool
            card = low.bit_length() - 1
            pool ^= low
            allowed = 1 << n  # the pile takes anything
            for seat in range(n):
                if self.free_need[seat] and not know.forbid[seat] >> card & 1:
                    allowed |= 1 << seat
            groups.setdefault(allowed, []).append(card)
        self.groups = sorted(groups.items())
        self.simple = len(self.groups) <= 1
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        if not self.simple and self._count(0, self.capacity) == 0:
            raise InconsistentViewError("inconsistent view: no placement meets the shown voids")

    # -- exact counting ---------------------------------------------------------------------
    def _splits(self, allowed: int, count: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every way to spread ``count`` cards over the allowed bins within ``caps``."""
        bins = [b for b in range(len(caps)) if allowed >> b & 1 and caps[b] > 0]
        out: list[tuple[int, ...]] = []
        split = [0] * len(caps)

        def place(index: int, left: int) -> None:
            if index == len(bins):
                if left == 0:
                    out.append(tuple(split))
                return
            b = bins[index]
            for k in range(min(left, caps[b]) + 1):
                split[b] = k
                place(index + 1, left - k)
            split[b] = 0

        place(0, count)
        return out

    def _count(self, index: int, caps: tuple[int, ...]) -> int:
        """Card-level placements of groups ``index..`` into bins with ``caps`` left."""
        if index == len(self.groups):
            return 1 if not any(caps) else 0
        key = (index, caps)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        allowed, cards = self.groups[index]
        total = 0
        for split in self._splits(allowed, len(cards), caps):
            rest = tuple(c - k for c, k in zip(caps, split, strict=True))
            ways = self._count(index + 1, rest)
            if ways:
                total += _multinomial(len(cards), split) * ways
        self._memo[key] = total
        return total

    # -- drawing ----------------------------------------------------------------------------
    def sample(self, rng: random.Random) -> World:
        """One world drawn uniformly from the consistent placements."""
        know = self.know
        n = self.n
        hands = list(know.fixed)
        pile = 0
        for seat, shown, holding in know.choices:
            allowed_cards = [c for c in cards_of(shown) if not know.forbid[seat] >> c & 1]
            kept = rng.sample(allowed_cards, min(holding, len(allowed_cards)))
            for card in cards_of(shown):
                if card in kept:
                    hands[seat] |= 1 << card
                else:
                    pile |= 1 << card
        bins = [0] * (n + 1)
        if self.simple:
            cards = shuffled([c for _, group in self.groups for c in group], rng)
            position = 0
            for b, cap in enumerate(self.capacity):
                for card in cards[position : position + cap]:
                    bins[b] |= 1 << card
                position += cap
        else:
            caps = self.capacity
            for index, (allowed, group) in enumerate(self.groups):
                splits = self._splits(allowed, len(group), caps)
                weights = []
                for split in splits:
                    rest = tuple(c - k for c, k in zip(caps, split, strict=True))
                    weights.append(_multinomial(len(group), split) * self._count(index + 1, rest))
                pick = rng.randrange(sum(weights))
                chosen = splits[-1]
                for split, weight in zip(splits, weights, strict=True):
                    if pick < weight:
                        chosen = split
                        break
                    pick -= weight
                cards = shuffled(group, rng)
                position = 0
                for b, k in enumerate(chosen):
                    for card in cards[position : position + k]:
                        bins[b] |= 1 << card
                    position += k
                caps = tuple(c - k for c, k in zip(caps, chosen, strict=True))
        for seat in range(n):
            hands[seat] |= bins[seat]
        return World(tuple(hands), pile | bins[n])


def resample(game: Game[Any], view: SeatView, rng: random.Random) -> World:
    """One world consistent with ``view`` (see the module docstring)."""
    return Resampler(game, view).sample(rng)


def _multinomial(count: int, split: tuple[int, ...]) -> int:
    out = factorial(count)
    for k in split:
        out //= factorial(k)
    return out
