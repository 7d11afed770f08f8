"""perft: the number of distinct legal action sequences from fixed Euchre deals.

Each count is taken twice: by walking the engine (``clone`` or ``push``/``pop``), and by
a slow reference written here from RULES.md with its own effective-suit, following and
trick-winning logic on card names, so the numbers are not merely self-referential.

The deals (seat 3 deals; seat 0 is eldest):

- ``PLAY``: four hands of one card per suit plus a second trump; seat 2 orders hearts,
  the dealer discards 9S; perft of the play phase (every first lead to the last card).
- ``LONE``: British rules (25 cards with the Benny); seat 0 orders alone and the dealer
  discards 9D; perft from the take-over decision: take over, defend alone, and play with
  three or two active seats (the lone defender leads against a lone maker).
- ``FULL``: North American rules with a 25-card deck; perft of the whole deal from the
  first bid: both bidding rounds, going alone, the dealer's six discards, every play, and
  the thrown-in deal. The bidding is short (two rounds of four seats, no other options);
  the play positions are transposed through a table, keyed by everything that decides the
  rest of the play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from tricktable.cards import card_name, cards_of, parse_card, parse_cards
from tricktable.core import Deal
from tricktable.games.euchre.engine import Euchre, EuchreState, Phase

# -- the deals ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A fixed deal (seat 3 deals) and the actions that lead to the counted position."""

    rules: str
    hands: tuple[str, str, str, str]
    up: str
    stock: str
    prefix: tuple[str, ...] = ()

    def state(self) -> EuchreState:
        game = Euchre.from_spec(self.rules)
        state = game.new_state(3)
        hands = tuple(tuple(parse_cards(hand)) for hand in self.hands)
        state.deal(Deal(hands, parse_card(self.up), tuple(parse_cards(self.stock))))
        for text in self.prefix:
            state.apply_text(text)
        return state


PLAY_DEAL = Position(
    rules="euchre",
    hands=("JH AH AS AD AC", "JD KH KS KD KC", "QH TH QS QD QC", "TS TD TC JC 9S"),
    up="9H",
    stock="JS 9D 9C",
    prefix=("pass", "pass", "order", "discard 9S"),
)
PLAY_PERFT = 1_760

LONE_DEAL = Position(
    rules="euchre(preset=british)",
    hands=("JO JS AS AH AD", "JC KS KH KD KC", "QS TS QH QD QC", "AC TH TD TC 9D"),
    up="9S",
    stock="JH 9H JD 9C",
    prefix=("order alone", "discard 9D"),
)
LONE_PERFT = 9_912

FULL_DEAL = Position(
    rules="euchre(deck=25)",
    hands=("JO JH AS AD AC", "JD AH KS KD KC", "KH QH QS QD QC", "TH JS TS TD JC"),
    up="9H",
    stock="9S 9D TC 9C",
)
FULL_PERFT = 445_009


# -- engine walkers ----------------------------------------------------------------------------


def deal_over(state: EuchreState) -> bool:
    return state.current_player < 0  # the next deal is due, or the match is over


def perft_clone(state: EuchreState) -> int:
    """Every sequence, one clone per branch (forced moves are pushed in place)."""
    state = state.clone()
    while not deal_over(state):
        legal = state.legal_actions()
        if len(legal) > 1:
            total = 0
            for action in legal:
                child = state.clone()
                child.push(action)
                total += perft_clone(child)
            return total
        state.push(legal[0])
    return 1


def perft_push_pop(state: EuchreState) -> int:
    """Every sequence by push and pop on one state, which must come back unchanged."""
    if deal_over(state):
        return 1
    total = 0
    for action in state.legal_actions():
        state.push(action)
        total += perft_push_pop(state)
        assert state.pop() == action
    return total


def perft_transposed(state: EuchreState) -> int:
    """Every sequence, by push and pop, sharing the count of a play position reached
    twice. In the play phase the rest of the deal depends only on trump, the seats that
    sit out, the seat to play, the hands and the trick in progress (no option here asks
    anything after the last trick)."""
    table: dict[tuple[object, ...], int] = {}

    def walk(context: tuple[object, ...] | None) -> int:
        if deal_over(state):
            return 1
        key = None
        if state.phase == Phase.PLAY:
            if context is None:
                facts = state.public_facts(0)
                context = (facts.trump, facts.sitting_out)
            key = (context, state.current_player, tuple(state.hands), tuple(state.trick))
            if key in table:
                return table[key]
        total = 0
        for action in state.legal_actions():
            state.push(action)
            total += walk(context)
            state.pop()
        if key is not None:
            table[key] = total
        return total

    return walk(None)


# -- the reference -----------------------------------------------------------------------------

SUITS = "SHDC"
MATE = {"S": "C", "C": "S", "H": "D", "D": "H"}
LOW_TO_HIGH = "789TJQKA"


def ref_suit(card: str, trump: str) -> str:
    """RULES.md 1.1: the Benny and the left bower belong to trump."""
    if card == "JO":
        return trump
    if card == "J" + MATE[trump]:
        return trump
    return card[1]


def ref_strength(card: str, trump: str, led: str) -> int:
    """Benny > right bower > left bower > A K Q T 9 of trump > led suit > the rest."""
    if card == "JO":
        return 300
    if card == "J" + trump:
        return 299
    if card == "J" + MATE[trump]:
        return 298
    if card[1] == trump:
        return 200 + LOW_TO_HIGH.index(card[0])
    if card[1] == led:
        return 100 + LOW_TO_HIGH.index(card[0])
    return 0


def ref_play_count(hands: Sequence[Sequence[str]], trump: str, leader: int,
                   out: Sequence[int] = ()) -> int:  # fmt: skip
    """Sequences of plays from the first lead to the end: follow the led suit if able,
    the highest trump or else the highest card of the led suit wins and leads."""
    active = [seat for seat in range(4) if seat not in out]

    def next_seat(seat: int) -> int:
        seat = (seat + 1) % 4
        while seat in out:
            seat = (seat + 1) % 4
        return seat

    @cache
    def count(held: tuple[frozenset[str], ...], trick: tuple[tuple[int, str], ...],
              seat: int) -> int:  # fmt: skip
        if not trick and not any(held[s] for s in active):
            return 1
        cards = held[seat]
        if trick:
            led = ref_suit(trick[0][1], trump)
            options = [c for c in cards if ref_suit(c, trump) == led] or list(cards)
        else:
            options = list(cards)
        total = 0
        for card in options:
            rest = tuple(h - {card} if s == seat else h for s, h in enumerate(held))
            played = (*trick, (seat, card))
            if len(played) < len(active):
                total += count(rest, played, next_seat(seat))
            else:
                led = ref_suit(played[0][1], trump)
                winner = max(played, key=lambda sc: ref_strength(sc[1], trump, led))[0]
                total += count(rest, (), winner)
        return total

    return count(tuple(frozenset(h) for h in hands), (), leader)


def partner(seat: int) -> int:
    return (seat + 2) % 4


def first_active(seat: int, out: Sequence[int]) -> int:
    while seat in out:
        seat = (seat + 1) % 4
    return seat


def ref_full_deal(hands: Sequence[str], up: str, dealer: int) -> int:
    """North American bidding (RULES.md 1.3): round 1 pass / order / order alone from
    eldest; on an order the dealer takes the up-card and discards any of six cards (also
    when its partner is alone, then it sits out); round 2 pass / call X / call X alone for
    the three other suits; all pass twice: thrown in. Eldest leads, skipping a seat
    that sits out."""
    cards = [h.split() for h in hands]
    order = [(dealer + k) % 4 for k in range(1, 5)]
    eldest = order[0]
    total = 0
    for maker in order:  # round 1: the seats before the maker passed
        for alone in (False, True):
            out = (partner(maker),) if alone else ()
            with_up = [*cards[dealer], up]
            for discard in with_up:
                held = [list(h) for h in cards]
                held[dealer] = [c for c in with_up if c != discard]
                total += ref_play_count(held, up[1], first_active(eldest, out), out)
    for maker in order:  # round 2
        for suit in SUITS:
            if suit == up[1]:
                continue
            for alone in (False, True):
                out = (partner(maker),) if alone else ()
                total += ref_play_count(cards, suit, first_active(eldest, out), out)
    return total + 1  # everybody passes twice


def ref_lone_options(hands: Sequence[str], trump: str, maker: int, dealer: int,
                     dealer_took_up: bool) -> int:  # fmt: skip
    """British lone options (RULES.md 1.4, 1.5) after the dealer's discard: the maker's
    partner may take over (unless the maker is the dealer who exchanged); then each
    eligible defender clockwise from the lone maker may defend alone (not one whose
    partner is the dealer who exchanged); the lone defender leads, else the seat left of
    the lone maker."""
    cards = [h.split() for h in hands]
    loners = [maker]
    if not (maker == dealer and dealer_took_up):
        loners.append(partner(maker))
    total = 0
    for loner in loners:
        out = [partner(loner)]
        defenders = [(loner + 1) % 4, (loner + 3) % 4]
        eligible = [d for d in defenders if not (partner(d) == dealer and dealer_took_up)]
        for defender in eligible:
            total += ref_play_count(cards, trump, defender, [*out, partner(defender)])
        total += ref_play_count(cards, trump, first_active((loner + 1) % 4, out), out)
    return total


def held_after_prefix(state: EuchreState) -> list[str]:
    return [" ".join(card_name(c) for c in cards_of(state.hands[seat])) for seat in range(4)]


# -- the counts --------------------------------------------------------------------------------


def test_play_perft_engine() -> None:
    state = PLAY_DEAL.state()
    assert state.phase == Phase.PLAY and state.current_player == 0
    assert perft_clone(state) == PLAY_PERFT
    before = state.legal_actions(), tuple(state.actions[-1])
    assert perft_push_pop(state) == PLAY_PERFT
    assert (state.legal_actions(), tuple(state.actions[-1])) == before


def test_play_perft_reference() -> None:
    state = PLAY_DEAL.state()
    held = [h.split() for h in held_after_prefix(state)]
    assert sorted(held[3]) == sorted(["TS", "9H", "TD", "TC", "JC"])  # the dealer took up 9H
    assert ref_play_count(held, "H", leader=0) == PLAY_PERFT


def test_lone_perft_engine() -> None:
    state = LONE_DEAL.state()
    assert state.phase == Phase.TAKE_OVER and state.current_player == 2
    assert perft_clone(state) == LONE_PERFT


def test_lone_perft_reference() -> None:
    state = LONE_DEAL.state()
    held = held_after_prefix(state)
    count = ref_lone_options(held, "S", maker=0, dealer=3, dealer_took_up=True)
    assert count == LONE_PERFT


def test_full_deal_perft_engine() -> None:
    state = FULL_DEAL.state()
    assert state.phase == Phase.BID1 and state.current_player == 0
    assert perft_transposed(state) == FULL_PERFT
    assert len(state.actions[-1]) == 0 and state.phase == Phase.BID1


def test_full_deal_perft_reference() -> None:
    assert ref_full_deal(FULL_DEAL.hands, FULL_DEAL.up, dealer=3) == FULL_PERFT


def test_transposition_walk_agrees_with_the_plain_walks() -> None:
    for spec, expected in ((PLAY_DEAL, PLAY_PERFT), (LONE_DEAL, LONE_PERFT)):
        assert perft_transposed(spec.state()) == expected


def test_perft_of_each_trick_in_the_play_deal() -> None:
    """Smaller perfts after each forced-line trick agree with the reference too."""
    state = PLAY_DEAL.state()
    for trick in ("AS KS QS TS", "AH KH TH 9H", "JH JD QH TD"):
        for card in trick.split():
            state.apply_text(f"play {card}")
        held = [h.split() for h in held_after_prefix(state)]
        leader = state.current_player
        assert perft_clone(state) == ref_play_count(held, "H", leader)
