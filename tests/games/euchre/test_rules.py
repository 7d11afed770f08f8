"""Every Euchre rule and option of RULES.md 1.1-1.9, on fixed deals with scripted actions.

Seats are 0..3; most deals have seat 3 dealing, so seat 0 is eldest and seats 1 and 3
(the dealer's side) face seats 0 and 2. Where RULES.md needs interpretation the tests
follow the choice documented in ``docs/rules/euchre.md``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from math import comb
from typing import Any

import pytest

from tricktable.actions import action_text
from tricktable.cards import Card, card_name, cards_of, parse_card, parse_cards
from tricktable.core import CHANCE, TERMINAL, Deal, DealSummary
from tricktable.errors import IllegalActionError, RecordError, RuleError
from tricktable.events import Event, EventKind
from tricktable.games.euchre.engine import Euchre, EuchreState
from tricktable.games.euchre.events import EuchreEvent

# -- helpers -----------------------------------------------------------------------------------


def game(options: dict[str, Any] | str | None = None) -> Euchre:
    return Euchre.from_spec(options)


def make_deal(g: Euchre, hands: Sequence[str], up: str, stock: str | None = None) -> Deal:
    """A deal with these hands (by seat) and up-card; the stock is the rest of the deck in
    deck order unless given (top first)."""
    cards = [parse_cards(hand) for hand in hands]
    used = {card for hand in cards for card in hand} | {parse_card(up)}
    rest = [c for c in g.deck if c not in used] if stock is None else parse_cards(stock)
    return Deal(tuple(tuple(hand) for hand in cards), parse_card(up), tuple(rest))


def start(
    options: dict[str, Any] | str | None,
    hands: Sequence[str],
    up: str,
    stock: str | None = None,
    dealer: int = 3,
) -> EuchreState:
    g = game(options)
    state = g.new_state(dealer)
    state.deal(make_deal(g, hands, up, stock))
    return state


def act(state: EuchreState, *texts: str) -> EuchreState:
    for text in texts:
        state.apply_text(text)
    return state


def play(state: EuchreState, *tricks: str) -> EuchreState:
    """Play each trick's cards, in play order."""
    for trick in tricks:
        for card in trick.split():
            state.apply_text(f"play {card}")
    return state


def finish(state: EuchreState) -> EuchreState:
    """Play the deal out with the first legal card (and discard), for outcomes no play can
    change; stops at any other decision (Robson, renege) and at the end of the deal."""
    deals = len(state.deals)
    while (
        state.current_player >= 0
        and len(state.deals) == deals
        and state.view(0).phase in ("play", "dealer_discard")
    ):
        state.apply(state.legal_actions()[0])
    return state


def last(state: EuchreState) -> DealSummary:
    """The score-sheet line of the last deal."""
    return state.summaries()[-1]


def hand(state: EuchreState, seat: int) -> str:
    return " ".join(sorted(card_name(c) for c in cards_of(state.hands[seat])))


def names(text: str) -> str:
    return " ".join(sorted(text.split()))


def public(state: EuchreState) -> dict[str, Any]:
    return state.view(0).public.to_json()


def rotate(hands: Sequence[str], by: int) -> list[str]:
    """The same hands moved ``by`` seats to the left (seat s's hand goes to s + by)."""
    return [hands[(seat - by) % 4] for seat in range(4)]


# Deal S: hearts up; seats 0 and 2 hold the five top hearts between them.
S_HANDS = ["JH JD AH 9S 9C", "AS KS QS AD KD", "KH QH TS AC KC", "TH 9D TD QC JC"]
S_UP, S_STOCK = "9H", "JS QD TC"
# one play of deal S after the dealer discards 9D: seats 0/2 win tricks 1, 4 and 5
S_PLAY_3_2 = ("JH AD QH 9H", "9S AS TS TD", "KS AC QC 9C", "QS KH TH JD", "AH KD KC JC")
# the same start, then seat 0 ruffs trick 3: seats 0/2 win four tricks
S_PLAY_4_1 = ("JH AD QH 9H", "9S AS TS TD", "KS AC QC AH", "9C KD KC JC", "KH TH JD QS")

# Deal M: seat 0 holds the five top hearts and wins every trick whatever anyone plays.
M_HANDS = ["JH JD AH KH QH", "AS KS QS AD KD", "TS 9S AC KC QC", "TH 9D TD JC 9C"]
M_UP, M_STOCK = "9H", "JS QD TC"


# -- 1.1 cards and ranking ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "size", "lowest", "joker"),
    [(24, 24, 9, False), (25, 25, 9, True), (28, 28, 8, False), (32, 32, 7, False),
     (33, 33, 7, True)],
)  # fmt: skip
def test_decks(deck: int, size: int, lowest: int, joker: bool) -> None:
    g = game({"deck": deck})
    names_ = {card_name(c) for c in g.deck}
    assert len(g.deck) == size
    assert ("JO" in names_) == joker
    assert f"{'T' if lowest == 10 else lowest}S" in names_
    assert f"{lowest - 1}S" not in names_
    assert {"AS", "KS", "QS", "JS", "TS", "9S"} <= names_


def test_benny_2s_replaces_the_joker() -> None:
    g = game({"deck": 25, "benny": "2S"})
    names_ = {card_name(c) for c in g.deck}
    assert "2S" in names_ and "JO" not in names_ and len(g.deck) == 25
    with pytest.raises(RecordError, match="JO"):
        start({"deck": 25, "benny": "2S"}, ["JO JS AS KS QS", *S_HANDS[1:]], "9H")


def test_left_bower_and_benny_are_trumps_in_play() -> None:
    # clubs trump; seat 0 leads JS (left bower): a club lead, so seat 1 must follow with JO.
    hands = ["JS 9H TH QH KH", "JO AS KS QS 9D", "AC TC TS 9S TD", "JC KC QC AH JH"]
    state = start("euchre(preset=british)", hands, "9C", "AD KD QD JD")
    act(state, "order", "discard AH")
    assert public(state)["trump"] == "C"
    act(state, "play JS")
    assert state.legal_texts() == ["play JO"]  # the Benny is a club now
    act(state, "play JO")
    assert state.legal_texts() == ["play AC", "play TC"]
    play(state, "AC JC")
    assert state.completed[-1][1] == (1, parse_card("JO"))
    assert state.current_player == 1  # the Benny won


def test_left_bower_is_not_its_printed_suit() -> None:
    # hearts trump; diamonds led; seat 1's only "diamond" is JD, the left bower: void.
    hands = ["AD KH 9S 9C TC", "JD AS KS QS AC", "QD TD QH TS KC", "9D TH JC QC JH"]
    state = start({}, hands, "9H", "AH KD JS")
    act(state, "order", "discard 9D", "play AD")
    assert state.legal_texts() == ["play AC", "play AS", "play JD", "play KS", "play QS"]


# -- 1.2 deal ----------------------------------------------------------------------------------


class Arranged(random.Random):
    """A generator that "shuffles" ``deck`` into ``order``, whether the engine calls
    ``shuffle`` or draws a Fisher-Yates shuffle from ``random()`` (one draw per card,
    last position first, as ``tricktable.cards.shuffled`` does)."""

    def __init__(self, deck: Sequence[Card], order: Sequence[Card]) -> None:
        super().__init__(0)
        self.order = list(order)
        assert sorted(deck) == sorted(order)
        self.draws: list[float] = []
        work = list(deck)
        for i in range(len(work) - 1, 0, -1):
            j = work.index(self.order[i], 0, i + 1)
            work[i], work[j] = work[j], work[i]
            self.draws.append((j + 0.5) / (i + 1))

    def random(self) -> float:
        return self.draws.pop(0) if self.draws else super().random()

    def shuffle(self, x: Any, *args: Any, **kwargs: Any) -> None:
        x[:] = self.order


def no_shuffle(g: Euchre) -> Arranged:
    return Arranged(g.deck, g.deck)


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize(("packets", "first", "second"), [("3-2", 3, 2), ("2-3", 2, 3)])
def test_packets_from_eldest(dealer: int, packets: str, first: int, second: int) -> None:
    g = game({"packets": packets})
    deal = g.new_state(dealer).random_deal(no_shuffle(g))
    deck = list(g.deck)
    position = 0
    expected: dict[int, list[Card]] = {seat: [] for seat in range(4)}
    for packet in (first, second):
        for offset in range(1, 5):
            seat = (dealer + offset) % 4
            expected[seat].extend(deck[position : position + packet])
            position += packet
    assert [list(h) for h in deal.hands] == [expected[seat] for seat in range(4)]
    assert deal.turned == deck[20]
    assert list(deal.stock) == deck[21:]


def test_kitty_sizes() -> None:
    for deck, kitty in ((24, 4), (25, 5), (32, 12)):
        deal = game({"deck": deck}).new_state(0).random_deal(random.Random(3))
        assert all(len(h) == 5 for h in deal.hands)
        assert 1 + len(deal.stock) == kitty


def test_the_packet_pattern_stays_fixed_for_the_match() -> None:
    g = game({"packets": "2-3"})
    state = g.new_state(1)
    for _ in range(3):
        before = state.dealer
        deal = state.random_deal(no_shuffle(g))
        assert deal.hands[(before + 1) % 4][:2] == tuple(g.deck[:2])
        assert deal.hands[(before + 1) % 4][2:] == tuple(g.deck[8:11])
        state.deal(deal)
        act(state, *["pass"] * 8)  # thrown in, the deal passes left
        assert state.dealer == (before + 1) % 4


def test_bad_deals_are_refused() -> None:
    g = game()
    state = g.new_state(0)
    good = make_deal(g, S_HANDS, S_UP, S_STOCK)
    with pytest.raises(RecordError, match="twice"):
        state.deal(Deal(good.hands, parse_card("JH"), good.stock))
    with pytest.raises(RecordError, match="expected 5"):
        state.deal(Deal((good.hands[0][:4], *good.hands[1:]), good.turned, good.stock))
    with pytest.raises(RecordError, match="not in this game's deck"):
        state.deal(Deal(good.hands, parse_card("8S"), good.stock))
    state.deal(good)
    with pytest.raises(RecordError, match="no deal is due"):
        state.deal(good)


def stacked(g: Euchre, pattern: str) -> Arranged:
    """A deck that gives seat i a card of the rank of ``pattern[i]`` whether the cards are
    drawn from the top or from the bottom: the pattern on top, and the same ranks in other
    suits, in reverse, at the bottom (a draw depends on ranks only)."""
    top = parse_cards(pattern)
    bottom: list[Card] = []
    for card in top:
        twin = next(
            c for c in g.deck
            if c & 15 == card & 15 and c not in top and c not in bottom
        )  # fmt: skip
        bottom.append(twin)
    middle = [c for c in g.deck if c not in top and c not in bottom]
    return Arranged(g.deck, top + middle + bottom[::-1])


@pytest.mark.parametrize(
    ("method", "pattern", "dealer"),
    [
        ("draw_high", "9S AS TH TD", 1),
        ("draw_high", "QS JS KS TH", 2),
        ("draw_high", "QS JS KS AH", 3),
        ("draw_low", "9S AS TH TD", 1),  # aces are low
        ("draw_low", "QS JS KS AH", 3),
        ("draw_low", "JS QS KS KH", 0),  # jacks between ten and queen
        ("draw_low", "JS TS QS KD", 1),
        ("draw_low", "QS JS KS TH", 3),
        ("first_jack", "9S TS JH QS", 2),
        ("first_jack", "JS TS JH QS", 0),
        ("first_jack", "9S TS QH KS AS JD", 1),
    ],
)
def test_first_dealer_draws(method: str, pattern: str, dealer: int) -> None:
    g = game({"first_dealer": method})
    assert g.choose_first_dealer(stacked(g, pattern)) == dealer
    assert g.new_match(stacked(g, pattern)).first_dealer == dealer


def test_first_dealer_draw_ties_draw_again_among_the_tied() -> None:
    low, high = game({"first_dealer": "draw_low"}), game({"first_dealer": "draw_high"})
    assert low.choose_first_dealer(stacked(low, "9S 9H KS KH")) in (0, 1)
    assert high.choose_first_dealer(stacked(high, "9S AH KS AD")) in (1, 3)


def _first_jack_distribution(deck_size: int, jacks: int = 4) -> list[float]:
    """Exact chance that each seat gets the first jack dealt face up from seat 0."""
    chances = [0.0] * 4
    for position in range(deck_size):
        # the first jack is at ``position``: choose the jack positions after it
        ways = comb(deck_size - position - 1, jacks - 1)
        chances[position % 4] += ways / comb(deck_size, jacks)
    return chances


@pytest.mark.parametrize("method", ["random", "draw_low", "draw_high", "first_jack"])
def test_first_dealer_distribution(method: str) -> None:
    g = game({"first_dealer": method})
    samples = 4000
    counts = Counter(g.choose_first_dealer(random.Random(seed)) for seed in range(samples))
    assert set(counts) == {0, 1, 2, 3}
    expected = _first_jack_distribution(24) if method == "first_jack" else [0.25] * 4
    for seat in range(4):
        assert abs(counts[seat] / samples - expected[seat]) < 0.035, (seat, counts)
    # the same seed, the same dealer
    assert [g.choose_first_dealer(random.Random(s)) for s in range(20)] == [
        g.choose_first_dealer(random.Random(s)) for s in range(20)
    ]


def test_first_jack_favours_the_first_seats() -> None:
    chances = _first_jack_distribution(24)
    assert chances[0] > chances[1] > chances[2] > chances[3]
    assert abs(sum(chances) - 1) < 1e-12


# -- 1.3 making trump --------------------------------------------------------------------------


def test_round_one_order_and_dealer_pickup() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK)
    assert state.current_player == 0
    assert state.legal_texts() == ["order", "order alone", "pass"]
    act(state, "pass", "pass")
    assert state.current_player == 2
    act(state, "order")
    facts = public(state)
    assert (facts["trump"], facts["maker"], facts["dealer_took_up"]) == ("H", 2, True)
    assert state.current_player == 3
    assert names(hand(state, 3)) == names("TH 9D TD QC JC 9H")
    assert state.legal_texts() == [f"discard {c}" for c in ["9D", "9H", "JC", "QC", "TD", "TH"]]
    act(state, "discard 9D")
    assert names(hand(state, 3)) == names("TH TD QC JC 9H")
    assert state.phase.name == "PLAY" and state.current_player == 0
    # only the dealer sees its discard
    assert state.view(3).history[-1] == (3, "discard 9D")
    assert state.view(0).history[-1] == (3, "discard")
    assert parse_card("9D") in cards_of(state.hidden_from(0))
    assert parse_card("9D") not in cards_of(state.hidden_from(3))


def test_dealer_takes_it_up_also_as_a_defender_and_as_maker() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "order")  # seat 0 makes; the dealer (a defender) picks up
    assert state.current_player == 3 and hand(state, 3).count("9H") == 1
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "pass", "pass", "pass", "order")  # the dealer takes it up itself
    assert public(state)["maker"] == 3 and state.current_player == 3


def test_round_two_after_all_pass() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "pass", "pass", "pass", "pass")
    assert public(state)["turned_down"]
    assert state.current_player == 0
    assert state.legal_texts() == [
        "call C", "call C alone", "call D", "call D alone", "call S", "call S alone", "pass",
    ]  # fmt: skip
    with pytest.raises(IllegalActionError, match="turned-down suit H cannot be called"):
        state.apply_text("call H")
    act(state, "pass", "call S")
    facts = public(state)
    assert (facts["trump"], facts["maker"], facts["dealer_took_up"]) == ("S", 1, False)
    # no pickup in round 2: the dealer keeps its hand, play starts with eldest
    assert names(hand(state, 3)) == names(S_HANDS[3])
    assert state.phase.name == "PLAY" and state.current_player == 0


def test_thrown_in_deal_and_dealer_rotation() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK, dealer=3)
    act(state, *["pass"] * 8)
    summary = last(state)
    assert summary.thrown_in and summary.points == [0, 0] and summary.trump is None
    assert state.current_player == CHANCE and state.scores() == [0, 0]
    assert state.dealer == 0
    state.deal(make_deal(game(), rotate(S_HANDS, 1), S_UP, S_STOCK))
    assert state.current_player == 1  # the new eldest


def test_stick_the_dealer() -> None:
    state = start({"stick_the_dealer": True}, S_HANDS, S_UP, S_STOCK)
    act(state, *["pass"] * 7)
    assert state.current_player == 3
    assert state.legal_texts() == [
        "call C", "call C alone", "call D", "call D alone", "call S", "call S alone",
    ]  # fmt: skip
    with pytest.raises(IllegalActionError, match="stick the dealer"):
        state.apply_text("pass")
    act(state, "call D")
    assert public(state)["maker"] == 3 and public(state)["trump"] == "D"


def test_alone_with_the_bid() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "pass", "pass", "pass", "pass", "call C alone")
    facts = public(state)
    assert facts["alone"] and facts["maker"] == 0 and facts["sitting_out"] == [2]
    assert state.phase.name == "PLAY" and state.current_player == 0
    # seat 2 sits out: after seat 1 comes seat 3
    act(state, "play 9S", "play AS")
    assert state.current_player == 3


def test_alone_after_the_discard() -> None:
    state = start({"alone_timing": "after_discard"}, S_HANDS, S_UP, S_STOCK)
    assert state.legal_texts() == ["order", "pass"]
    act(state, "order")
    assert state.current_player == 3
    act(state, "discard 9D")
    assert state.phase.name == "ALONE" and state.current_player == 0
    assert state.legal_texts() == ["alone", "pass"]
    act(state, "alone")
    assert public(state)["alone"] and public(state)["sitting_out"] == [2]
    assert state.phase.name == "PLAY"
    # round 2: the caller decides after the call (no discard)
    state = start({"alone_timing": "after_discard"}, S_HANDS, S_UP, S_STOCK)
    act(state, *["pass"] * 5)
    assert "call S alone" not in state.legal_texts() and "call S" in state.legal_texts()
    act(state, "call S")
    assert state.phase.name == "ALONE" and state.current_player == 1
    act(state, "pass")
    assert not public(state)["alone"] and state.phase.name == "PLAY"


def test_dealer_may_not_discard_the_upcard() -> None:
    state = start({"dealer_may_discard_upcard": False}, S_HANDS, S_UP, S_STOCK)
    act(state, "order")
    assert "discard 9H" not in state.legal_texts()
    assert len(state.legal_texts()) == 5
    with pytest.raises(IllegalActionError, match="dealer_may_discard_upcard"):
        state.apply_text("discard 9H")
    allowed = start({}, S_HANDS, S_UP, S_STOCK)
    act(allowed, "order")
    assert "discard 9H" in allowed.legal_texts()


def test_dealer_picks_up_when_partner_alone() -> None:
    # seat 1, the dealer's partner, orders alone: the dealer picks up, discards, sits out
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "pass", "order alone")
    assert state.current_player == 3 and state.phase.name == "DEALER_DISCARD"
    act(state, "discard 9H")
    facts = public(state)
    assert facts["sitting_out"] == [3] and facts["dealer_took_up"]
    assert state.phase.name == "PLAY" and state.current_player == 0


def test_dealer_does_not_pick_up_when_partner_alone_if_option_off() -> None:
    state = start({"dealer_picks_up_when_partner_alone": False}, S_HANDS, S_UP, S_STOCK)
    act(state, "pass", "order alone")
    facts = public(state)
    assert facts["sitting_out"] == [3] and not facts["dealer_took_up"]
    assert state.phase.name == "PLAY" and state.current_player == 0
    assert names(hand(state, 3)) == names(S_HANDS[3])
    # the up-card stays in the kitty, seen by all
    assert parse_card("9H") not in cards_of(state.hidden_from(0))


def test_canadian_loner() -> None:
    state = start({"preset": "canadian"}, S_HANDS, S_UP, S_STOCK)
    assert state.legal_texts() == ["order", "order alone", "pass"]  # seat 0
    act(state, "pass")
    assert state.legal_texts() == ["order alone", "pass"]  # seat 1, the dealer's partner
    act(state, "pass")
    assert state.current_player == 2
    assert state.legal_texts() == ["order", "order alone", "pass"]
    act(state, "pass")
    assert state.legal_texts() == ["order", "order alone", "pass"]  # the dealer
    # dealer 0: seat 2 is the dealer's partner
    state = start({"preset": "canadian"}, rotate(S_HANDS, 1), S_UP, S_STOCK, dealer=0)
    act(state, "pass")
    assert state.current_player == 2
    assert state.legal_texts() == ["order alone", "pass"]
    with pytest.raises(IllegalActionError, match="Canadian loner"):
        state.apply_text("order")
    # round 2 is not restricted
    act(state, "pass", "pass", "pass", "pass")
    assert state.current_player == 2 and "call S" in state.legal_texts()


def test_canadian_loner_after_discard_forces_alone() -> None:
    options = {"preset": "canadian", "alone_timing": "after_discard"}
    state = start(options, S_HANDS, S_UP, S_STOCK)
    act(state, "pass", "order")  # seat 1, the dealer's partner
    if state.phase.name == "DEALER_DISCARD":
        act(state, "discard 9D")
    assert state.phase.name == "ALONE" and state.legal_texts() == ["alone"]
    act(state, "alone")
    assert public(state)["sitting_out"] == [3]


@pytest.mark.parametrize("mode", ["all", "dealer"])
def test_minimum_trump_left(mode: str) -> None:
    """``minimum_trump_jack=left``: only a lone left bower fails to count."""
    # hearts up. Seat 0's only "heart" is JD, the left bower; seat 1 holds no heart;
    # seat 2 holds hearts only (JH is the left bower of diamonds); the dealer no heart.
    hands = ["JD AS KS QS 9C", "AD KD QD TD 9D", "AH KH QH JH TH", "TS 9S AC KC QC"]
    options = {"minimum_trump": mode, "minimum_trump_jack": "left"}
    state = start(options, hands, "9H", "JS JC TC")
    everyone = mode == "all"
    full_r1 = ["order", "order alone", "pass"]
    assert state.legal_texts() == (["pass"] if everyone else full_r1)
    act(state, "pass")
    assert state.legal_texts() == (["pass"] if everyone else full_r1)
    act(state, "pass")
    assert state.legal_texts() == full_r1  # seat 2 holds hearts
    act(state, "pass")
    assert state.legal_texts() == full_r1  # the dealer counts the up-card it would take
    act(state, "pass")
    # round 2: only suits in which the seat holds a trump other than the left bower
    full_r2 = [*_calls("CDS"), "pass"]
    assert state.legal_texts() == full_r2  # seat 0: 9C, JD (right bower of D), spades
    act(state, "pass")
    assert state.legal_texts() == ([*_calls("D"), "pass"] if everyone else full_r2)
    act(state, "pass")
    assert state.legal_texts() == (["pass"] if everyone else full_r2)
    act(state, "pass")
    # the dealer is restricted in both modes: spades and clubs, no diamond
    assert state.legal_texts() == [*_calls("CS"), "pass"]


@pytest.mark.parametrize("mode", ["all", "dealer"])
def test_minimum_trump_a_lone_jack_never_counts(mode: str) -> None:
    """Seed 001 (the default ``minimum_trump_jack=any``): a single jack as the only trump
    does not count, the right bower as well as the left."""
    hands = ["JD AS KS QS 9C", "AD KD QD TD 9D", "AH KH QH JH TH", "TS 9S AC KC QC"]
    state = start({"minimum_trump": mode}, hands, "9H", "JS JC TC")
    everyone = mode == "all"
    act(state, "pass", "pass", "pass", "pass")
    # seat 0 holds JD alone in diamonds (the right bower): no call of diamonds
    assert state.legal_texts() == (
        [*_calls("CS"), "pass"] if everyone else [*_calls("CDS"), "pass"]
    )
    if everyone:
        with pytest.raises(IllegalActionError, match="not a single jack"):
            state.apply_text("call D")
    act(state, "pass")
    assert state.legal_texts() == ([*_calls("D"), "pass"] if everyone else [*_calls("CDS"), "pass"])


@pytest.mark.parametrize("jack", ["any", "left"])
def test_minimum_trump_jack_reading(jack: str) -> None:
    """A jack with another trump counts (the dealer's JH and the 9H it takes up); JS alone
    in spades is a lone right bower: refused unless ``minimum_trump_jack=left``."""
    hands = ["AH KH QH TH 9S", "AS KS QS TS 9D", "AC KC QC TC 9C", "JH JS AD KD QD"]
    options = {"minimum_trump": "dealer", "minimum_trump_jack": jack}
    state = start(options, hands, "9H", "JD JC TD")
    act(state, "pass", "pass", "pass")
    assert state.legal_texts() == ["order", "order alone", "pass"]
    act(state, "pass", "pass", "pass", "pass")
    # clubs: JS is the lone left bower (refused in both readings); diamonds: AD KD QD JH
    expected = _calls("D") if jack == "any" else _calls("DS")
    assert state.legal_texts() == [*expected, "pass"]


def _calls(suits: str) -> list[str]:
    return [text for suit in suits for text in (f"call {suit}", f"call {suit} alone")]


def test_minimum_trump_with_a_stuck_dealer_who_cannot_meet_it() -> None:
    hands = ["AS KS QS JS TS", "AD KD QD TD 9D", "AC KC QC JC TC", "AH KH QH TH JH"]
    options = {"minimum_trump": "all", "stick_the_dealer": True}
    state = start(options, hands, "9H", "9S 9C JD")
    act(state, *["pass"] * 7)
    # the dealer holds only hearts, turned down (JH is the left bower of diamonds): the
    # rule cannot be met, so the stuck dealer may call any suit
    assert state.current_player == 3
    assert state.legal_texts() == _calls("CDS")


# -- 1.4 lone-hand options (British) -----------------------------------------------------------

BRIT_HANDS = ["JH JD AH KH 9S", "AS KS QS AD KD", "QH TS AC KC QC", "TH 9D TD JC 9C"]
BRIT_UP, BRIT_STOCK = "9H", "JS QD TC JO"


def test_take_over() -> None:
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "order alone", "discard 9D")
    assert state.phase.name == "TAKE_OVER" and state.current_player == 2
    assert state.legal_texts() == ["pass", "take over"]
    act(state, "take over")
    facts = public(state)
    assert facts["maker"] == 2 and facts["alone"] and facts["sitting_out"] == [0]
    # defenders asked clockwise from the new lone maker: seat 3, then seat 1 (whose
    # partner is the dealer that took up the card: not eligible)
    assert state.phase.name == "DEFEND" and state.current_player == 3
    act(state, "pass")
    assert state.phase.name == "PLAY"
    assert state.current_player == 3  # left of the lone maker (left_of_loner)


def test_take_over_declined() -> None:
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "order alone", "discard 9D", "pass")
    assert public(state)["maker"] == 0 and public(state)["sitting_out"] == [2]
    assert state.phase.name == "DEFEND" and state.current_player == 3


def test_no_take_over_when_the_dealer_maker_has_exchanged() -> None:
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "pass", "pass", "pass", "order alone", "discard 9D")
    assert state.phase.name != "TAKE_OVER"
    # the dealer calling alone in round 2 has exchanged nothing: take over is offered
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, *["pass"] * 7, "call C alone")
    assert state.phase.name == "TAKE_OVER" and state.current_player == 1


def test_take_over_needs_an_announced_alone_and_the_option() -> None:
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "order", "discard 9D")
    assert state.phase.name == "PLAY"
    state = start({"deck": 25, "defend_alone": True}, BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "order alone", "discard 9D")
    assert state.phase.name == "DEFEND"


def test_defend_alone_order_and_eligibility() -> None:
    # seat 1, the dealer's partner, orders alone; the dealer picks up and sits out.
    # Defenders clockwise from seat 1: seat 2 then seat 0, both eligible.
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "pass", "order alone", "discard 9D")
    assert state.phase.name == "TAKE_OVER" and state.current_player == 3
    act(state, "pass")
    assert state.phase.name == "DEFEND" and state.current_player == 2
    assert state.legal_texts() == ["defend alone", "pass"]
    act(state, "pass")
    assert state.current_player == 0
    act(state, "defend alone")
    facts = public(state)
    assert facts["lone_defender"] == 0 and sorted(facts["sitting_out"]) == [2, 3]
    assert state.phase.name == "PLAY"


def test_defend_alone_first_acceptance_wins() -> None:
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "pass", "order alone", "discard 9D", "pass", "defend alone")
    facts = public(state)
    assert facts["lone_defender"] == 2 and sorted(facts["sitting_out"]) == [0, 3]
    assert state.phase.name == "PLAY"


def test_defender_whose_partner_is_the_exchanging_dealer_may_not_defend_alone() -> None:
    # seat 0 alone: seat 1's partner is the dealer who took up the card
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "order alone", "discard 9D", "pass")
    assert state.phase.name == "DEFEND" and state.current_player == 3
    act(state, "pass")
    assert state.phase.name == "PLAY"  # seat 1 is never asked
    # in round 2 nobody exchanged: both defenders are asked, clockwise from the maker
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, *["pass"] * 4, "call C alone", "pass")
    assert state.phase.name == "DEFEND" and state.current_player == 1
    act(state, "pass")
    assert state.current_player == 3


def test_defend_alone_only_against_a_lone_maker() -> None:
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "pass", "order", "discard 9D")
    assert state.phase.name == "PLAY" and public(state)["lone_defender"] is None


# -- 1.5 play ----------------------------------------------------------------------------------


def test_eldest_leads_and_winner_leads() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "order", "discard 9D")
    assert state.current_player == 0
    play(state, S_PLAY_3_2[0])
    assert state.current_player == 0  # JH won
    play(state, S_PLAY_3_2[1])
    assert state.current_player == 1  # AS won


def test_must_follow_suit_error_lists_the_legal_cards() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "order", "discard 9D", "play 9S")
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("play AD")
    message = str(info.value)
    assert "must follow suit" in message
    assert "play AS, play KS, play QS" in message
    with pytest.raises(IllegalActionError, match="does not hold"):
        state.apply_text("play JH")
    assert len(state.trick) == 1


@pytest.mark.parametrize(
    ("lone_lead", "options", "maker_actions", "leader"),
    [
        # eldest (seat 0) sits out when seat 2 goes alone: the next active seat leads
        ("eldest_skip", {}, ("pass", "pass", "order alone", "discard 9D"), 1),
        ("eldest_skip", {}, ("order alone", "discard 9D"), 0),
        ("left_of_loner", {}, ("order alone", "discard 9D"), 1),
        ("left_of_loner", {}, ("pass", "pass", "order alone", "discard 9D"), 3),
        ("left_of_loner", {}, ("pass", "pass", "pass", "order alone", "discard 9D"), 0),
        ("left_of_loner", {}, ("pass", "pass", "order", "discard 9D"), 0),  # nobody alone
        ("eldest_skip", {}, ("pass", "order alone", "discard 9D"), 0),
    ],
)
def test_first_lead(
    lone_lead: str, options: dict[str, Any], maker_actions: tuple[str, ...], leader: int
) -> None:
    state = start({"lone_lead": lone_lead, **options}, S_HANDS, S_UP, S_STOCK)
    act(state, *maker_actions)
    assert state.phase.name == "PLAY"
    assert state.current_player == leader


def test_lone_defender_leads_against_a_lone_maker() -> None:
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "pass", "order alone", "discard 9D", "pass", "pass", "defend alone")
    assert public(state)["lone_defender"] == 0
    assert state.current_player == 0  # the lone defender leads (RULES.md 1.5)
    state = start("euchre(preset=british)", BRIT_HANDS, BRIT_UP, BRIT_STOCK)
    act(state, "pass", "order alone", "discard 9D", "pass", "defend alone")
    assert state.current_player == 2


def test_callable_renege_called() -> None:
    state = start({"renege": "callable"}, S_HANDS, S_UP, S_STOCK)
    act(state, "order", "discard 9D", "play JH")
    # seat 1 holds no trump; seat 2 holds KH QH but may now play anything
    act(state, "play AD")
    assert len(state.legal_texts()) == 5
    play(state, "AC 9H")  # seat 2 reneges
    play(state, "JD KD KH TH", "AH KS QH TD", "9S AS TS QC", "QS KC JC 9C")
    assert state.phase.name == "RENEGE"
    assert state.current_player == 1  # opponents of seat 2, from eldest: seat 1, then 3
    assert state.legal_texts() == ["call renege", "pass"]
    act(state, "pass")
    assert state.current_player == 3
    act(state, "call renege")
    summary = last(state)
    assert summary.points == [0, 2] and state.scores() == [0, 2]
    assert summary.events == [Event(EuchreEvent.RENEGE_CALLED, seat=3, side=1, points=2)]


def test_callable_renege_passed_scores_normally() -> None:
    state = start({"renege": "callable"}, S_HANDS, S_UP, S_STOCK)
    act(state, "order", "discard 9D", "play JH", "play AD", "play AC", "play 9H")
    play(state, "JD KD KH TH", "AH KS QH TD", "9S AS TS QC", "QS KC JC 9C")
    act(state, "pass", "pass")
    summary = last(state)
    assert summary.tricks == [3, 2] and summary.points == [1, 0]


def test_renege_not_asked_without_a_renege() -> None:
    state = start({"renege": "callable"}, S_HANDS, S_UP, S_STOCK)
    act(state, "order", "discard 9D")
    play(state, *S_PLAY_3_2)
    assert state.current_player == CHANCE and last(state).points == [1, 0]


def test_renege_refused_in_forbidden_mode() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "order", "discard 9D", "play JH", "play AD")
    with pytest.raises(IllegalActionError, match="must follow suit"):
        state.apply_text("play AC")


# -- 1.6 scoring -------------------------------------------------------------------------------


def test_makers_take_three() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "order", "discard 9D")
    play(state, *S_PLAY_3_2)
    summary = last(state)
    assert summary.tricks == [3, 2] and summary.makers == 0 and summary.trump == "H"
    assert summary.points == [1, 0] and state.scores() == [1, 0]
    assert state.dealer == 0 and state.current_player == CHANCE


def test_makers_take_four() -> None:
    state = start({"make_points": 3}, S_HANDS, S_UP, S_STOCK)
    act(state, "order", "discard 9D")
    play(state, *S_PLAY_4_1)
    assert last(state).tricks == [4, 1] and last(state).points == [3, 0]


def test_makers_euchred() -> None:
    # the same cards, but seat 1 made trump: seats 1/3 take two tricks
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "pass", "order", "discard 9D")
    play(state, *S_PLAY_3_2)
    summary = last(state)
    assert summary.makers == 1 and summary.tricks == [3, 2]
    assert summary.points == [2, 0]


@pytest.mark.parametrize(
    ("options", "bid", "points"),
    [
        ({}, ("order",), [2, 0]),  # march
        ({"march_points": 3}, ("order",), [3, 0]),
        ({}, ("order alone",), [4, 0]),  # lone march
        ({"lone_march_points": 5}, ("order alone",), [5, 0]),
        ({}, ("pass", "order"), [2, 0]),  # makers take nothing: euchre
        ({"super_euchre_points": 4}, ("pass", "order"), [4, 0]),  # super euchre
        ({"super_euchre_points": 1}, ("pass", "order"), [2, 0]),  # only if more
        ({}, ("pass", "order alone"), [2, 0]),  # lone maker euchred (North American)
        ({"lone_euchre_points": 4}, ("pass", "order alone"), [4, 0]),  # 19th-century penalty
        ({"lone_euchre_points": 4, "super_euchre_points": 3}, ("pass", "order alone"), [4, 0]),
        ({"lone_euchre_points": 4, "super_euchre_points": 6}, ("pass", "order alone"), [6, 0]),
    ],
)
def test_forced_outcomes(options: dict[str, Any], bid: tuple[str, ...], points: list[int]) -> None:
    state = start(options, M_HANDS, M_UP, M_STOCK)
    act(state, *bid)
    finish(state)
    summary = last(state)
    assert summary.tricks == [5, 0]
    assert summary.points == points and state.scores() == points


def test_lone_maker_takes_three() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK)
    act(state, "order alone", "discard 9D")
    play(state, "JH AD 9H", "JD KD TH", "AH AS TD", "9S KS QC", "QS JC 9C")
    summary = last(state)
    assert summary.tricks == [3, 2] and summary.points == [1, 0]


def test_lone_maker_euchred_with_tricks() -> None:
    state = start({"lone_euchre_points": 4}, S_HANDS, S_UP, S_STOCK)
    act(state, "pass", "order alone", "discard 9D")  # seat 1 alone, the dealer sits out
    play(state, "JH AD QH", "9S AS TS", "KS AC 9C", "QS KH AH", "JD KD KC")
    summary = last(state)
    assert summary.makers == 1 and summary.tricks == [3, 2] and summary.points == [4, 0]


def _british_m_deal() -> EuchreState:
    return start("euchre(preset=british)", M_HANDS, M_UP, M_STOCK + " JO")


def test_lone_defender_euchres_the_lone_maker() -> None:
    state = _british_m_deal()
    act(state, "pass", "order alone", "discard 9D", "pass", "pass", "defend alone")
    assert state.current_player == 0
    finish(state)
    summary = last(state)
    assert summary.tricks == [5, 0] and summary.points == [4, 0]


def test_lone_defender_points_option() -> None:
    state = start({"preset": "british", "lone_defender_points": 3}, M_HANDS, M_UP, M_STOCK + " JO")
    act(state, "pass", "order alone", "discard 9D", "pass", "pass", "defend alone")
    finish(state)
    assert last(state).points == [3, 0]


def test_lone_maker_beats_a_lone_defender() -> None:
    hands = rotate(M_HANDS, 1)  # seat 1 holds the top hearts; dealer 3: seat 1 is its partner
    state = start("euchre(preset=british)", hands, M_UP, M_STOCK + " JO")
    act(state, "pass", "order alone", "discard 9S", "pass", "pass", "defend alone")
    finish(state)
    summary = last(state)
    assert summary.tricks == [0, 5] and summary.points == [0, 4]


# -- game, match, single hand ------------------------------------------------------------------


def test_target_ends_the_match() -> None:
    state = start({"target": 2}, M_HANDS, M_UP, M_STOCK)
    act(state, "order")
    finish(state)
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.winner() == 0 and state.scores() == [2, 0]
    assert state.legal_actions() == []
    assert Event(EventKind.SIDE_WINS_GAME, side=0) in last(state).events


def test_target_not_reached_continues() -> None:
    state = start({"target": 3}, M_HANDS, M_UP, M_STOCK)
    act(state, "order")
    finish(state)
    assert state.current_player == CHANCE and state.winner() is None


def test_best_of_three() -> None:
    g = game({"target": 2, "match": "best_of_3"})
    state = g.new_state(3)
    for dealer, makers in ((3, 0), (0, 1), (1, 0), (2, 0)):
        assert state.dealer == dealer
        # the seat left of the dealer holds the top hearts and orders
        state.deal(make_deal(g, rotate(M_HANDS, (dealer + 1) % 4), M_UP, M_STOCK))
        act(state, "order")
        finish(state)
        assert last(state).makers == makers
        if state.is_terminal():
            break
        assert state.scores() == [0, 0]  # a game was won: scores return to 0
    assert state.is_terminal() and state.winner() == 0
    assert [s.to_json()["games"] for s in state.summaries()] == [[1, 0], [1, 1], [2, 1]]


def test_single_hand_target_null() -> None:
    state = start({"target": None}, M_HANDS, M_UP, M_STOCK)
    act(state, "order")
    finish(state)
    assert state.is_terminal() and state.winner() == 0 and state.scores() == [2, 0]
    state = start("euchre(preset=openspiel)", M_HANDS, M_UP, M_STOCK)
    act(state, "pass", "order", "discard 9D", "pass")
    finish(state)
    assert state.is_terminal() and state.winner() == 0


def test_single_hand_thrown_in_is_a_tie() -> None:
    state = start({"target": None}, S_HANDS, S_UP, S_STOCK)
    act(state, *["pass"] * 8)
    assert state.is_terminal() and state.winner() == [0, 1]


# -- 1.7 North American house rules ------------------------------------------------------------

FARM_HANDS = ["JH JD AH AS KS", "9S TS 9D TD 9C", "KH QH QS AC KC", "TH AD KD QC JC"]


def test_farmers_hand() -> None:
    state = start({"farmers_hand": True}, FARM_HANDS, "9H", "JS QD TC")
    assert state.phase.name == "FARMERS" and state.current_player == 1
    assert state.legal_texts() == ["farmers hand", "pass"]
    act(state, "farmers hand")
    # the hand is shown to everyone
    assert state.view(0).public.to_json()["shown"] == {1: ["9S", "TS", "9D", "TD", "9C"]}
    assert state.current_player == 1 and len(state.legal_texts()) == 5
    act(state, "discard 9S", "discard TS", "discard 9D")
    # the top three face-down stock cards, top first
    assert names(hand(state, 1)) == names("TD 9C JS QD TC")
    assert state.stock == []
    assert state.phase.name == "BID1" and state.current_player == 0
    for seat in (0, 2, 3):
        assert parse_card("TD") not in cards_of(state.hidden_from(seat))  # shown
        assert parse_card("JS") in cards_of(state.hidden_from(seat))  # taken face down


def test_farmers_hand_declined_and_asked_from_eldest() -> None:
    hands = ["JH JD AH AS KS", "9S TS 9D TD 9C", "9H TH QH AC KC", "KH AD KD QC JC"]
    state = start({"farmers_hand": True, "deck": 32}, hands, "QS")
    # seat 2 holds QH: not a farmer's hand; only seat 1 is asked
    assert state.current_player == 1
    act(state, "pass")
    assert state.phase.name == "BID1" and state.current_player == 0
    hands = ["JH JD AH AS KS", "9S TS 9D TD 9C", "9H TH 8H 7H 8C", "KH AD KD QC JC"]
    state = start({"farmers_hand": True, "deck": 32}, hands, "QS")
    act(state, "pass")
    # with the 32-card deck 8s and 7s count with the 9s and 10s
    assert state.phase.name == "FARMERS" and state.current_player == 2


def test_no_farmers_hand_without_the_option_or_with_the_benny() -> None:
    state = start({}, FARM_HANDS, "9H", "JS QD TC")
    assert state.phase.name == "BID1"
    hands = ["2S 9H TH 9D TC", "AS KS QS JS TS", "9S AH KH QH JH", "AD KD QD JD TD"]
    state = start({"preset": "british", "benny": "2S", "farmers_hand": True}, hands, "AC",
                  "KC QC JC 9C")  # fmt: skip
    assert state.phase.name == "BID1"


ANF_HANDS = ["JH JD AH AS KS", "AC TS 9D TD 9C", "KH QH QS 9S KC", "TH AD KD QC JC"]


def test_ace_no_face_exchange() -> None:
    state = start({"ace_no_face": "exchange"}, ANF_HANDS, "9H", "JS QD TC")
    act(state, "order")
    assert state.phase.name == "DEALER_DISCARD"  # asked only after the dealer discards
    act(state, "discard 9H")
    assert state.phase.name == "ACE_NO_FACE" and state.current_player == 1
    assert state.legal_texts() == ["ace no face", "pass"]
    act(state, "ace no face", "discard AC", "discard 9C", "discard 9D")
    assert names(hand(state, 1)) == names("TS TD JS QD TC")
    assert state.phase.name == "PLAY" and state.current_player == 0


def test_ace_no_face_redeal_by_the_same_dealer() -> None:
    state = start({"ace_no_face": "redeal"}, ANF_HANDS, "9H", "JS QD TC")
    act(state, "order", "discard 9H", "ace no face")
    summary = last(state)
    assert summary.thrown_in and summary.points == [0, 0]
    assert state.current_player == CHANCE and state.dealer == 3
    state.deal(make_deal(game(), S_HANDS, S_UP, S_STOCK))
    assert state.current_player == 0 and len(state.deals) == 2


def test_ace_no_face_pass_and_only_active_seats() -> None:
    state = start({"ace_no_face": "exchange"}, ANF_HANDS, "9H", "JS QD TC")
    act(state, "order", "discard 9H", "pass")
    assert state.phase.name == "PLAY"
    # seat 1's partner... seat 3 orders alone: seat 1 sits out and is not asked
    state = start({"ace_no_face": "exchange"}, ANF_HANDS, "9H", "JS QD TC")
    act(state, "pass", "pass", "pass", "order alone", "discard 9H")
    assert state.phase.name == "PLAY"


def test_ace_no_face_needs_one_ace_and_nothing_above_ten() -> None:
    hands = ["JH JD AH AS KS", "AC AD 9D TD 9C", "KH QH QS 9S KC", "TH TS KD QC JC"]
    state = start({"ace_no_face": "exchange"}, hands, "9H", "JS QD TC")
    act(state, "order", "discard 9H")
    assert state.phase.name == "PLAY"  # two aces


@pytest.mark.parametrize(
    ("bid", "points"),
    [
        (("pass", "order"), [0, 3]),  # the dealer's partner orders the dealer up: the assist
        (("pass", "order alone"), [0, 4]),  # alone is no assist
        (("pass", "pass", "pass", "order"), [0, 2]),  # the dealer takes it up itself
    ],
)
def test_point_on_partner(bid: tuple[str, ...], points: list[int]) -> None:
    # seat 1, the partner of dealer 3, holds the five top hearts: seats 1/3 take every trick
    state = start({"point_on_partner": True}, rotate(M_HANDS, 1), M_UP, M_STOCK)
    act(state, *bid)
    finish(state)
    assert last(state).tricks == [0, 5] and last(state).points == points


def test_point_on_partner_only_when_making() -> None:
    state = start({"point_on_partner": True}, M_HANDS, M_UP, M_STOCK)
    act(state, "pass", "order")  # seat 1 assists, but seats 1/3 take nothing
    finish(state)
    assert last(state).points == [2, 0]
    assert EuchreEvent.POINT_ON_PARTNER not in [event.kind for event in last(state).events]


def test_point_on_partner_not_in_round_two() -> None:
    state = start({"point_on_partner": True}, M_HANDS, M_UP, M_STOCK)
    act(state, *["pass"] * 6, "call D")
    finish(state)
    assert EuchreEvent.POINT_ON_PARTNER not in [event.kind for event in last(state).events]


def test_robson_march_score() -> None:
    state = start({"robson": True}, M_HANDS, M_UP, M_STOCK)
    act(state, "order")
    finish(state)
    assert state.phase.name == "ROBSON" and state.current_player == 0
    assert state.legal_texts() == ["score", "set back"]
    act(state, "score")
    assert state.scores() == [2, 0]


def test_robson_set_back_not_below_zero() -> None:
    g = game({"robson": True})
    state = g.new_state(3)
    state.deal(make_deal(g, M_HANDS, M_UP, M_STOCK))
    act(state, "order")
    finish(state)
    act(state, "score")
    assert state.scores() == [2, 0]
    # next deal: seat 1 (eldest) holds the top hearts and marches; it sets seats 0/2 back
    state.deal(make_deal(g, rotate(M_HANDS, 1), M_UP, M_STOCK))
    act(state, "order alone")
    finish(state)
    assert state.current_player == 1
    act(state, "set back")
    assert state.scores() == [0, 0]  # 2 - 4, not below 0
    summary = last(state)
    assert summary.points == [0, 0]
    assert summary.events[-1] == Event(EuchreEvent.SET_BACK, side=0, points=-2, counts=(2,))


def test_robson_march_by_the_defenders() -> None:
    state = start({"robson": True}, M_HANDS, M_UP, M_STOCK)
    act(state, "pass", "order")  # seat 1 makes; seats 0/2 take all five
    finish(state)
    # the chooser is the first defender clockwise from the dealer (seat 3): seat 0
    assert state.phase.name == "ROBSON" and state.current_player == 0
    act(state, "score")
    assert state.scores() == [2, 0]


def test_robson_not_asked_without_a_march() -> None:
    state = start({"robson": True}, S_HANDS, S_UP, S_STOCK)
    act(state, "order", "discard 9D")
    play(state, *S_PLAY_3_2)
    assert state.current_player == CHANCE and state.scores() == [1, 0]


BLIND_HANDS = ["9H TH AH 9D TD", "KH QH AD KD QD", "AC KC QC TC 9C", "JC AS KS QS JH"]


def test_robson_blind_alone_march() -> None:
    state = start({"robson": True}, BLIND_HANDS, "JS", "TS 9S JD")
    assert state.phase.name == "BLIND_ALONE" and state.current_player == 3
    assert state.legal_texts() == ["blind alone", "pass"]
    act(state, "blind alone")
    facts = public(state)
    assert facts["trump"] == "S" and facts["maker"] == 3 and facts["alone"]
    assert facts["sitting_out"] == [1]
    assert state.current_player == 3  # the dealer picks up and discards as usual
    act(state, "discard JH")
    finish(state)
    assert state.phase.name == "ROBSON"
    act(state, "score")
    assert last(state).points == [0, 5] and last(state).tricks == [0, 5]


def test_robson_blind_alone_three_tricks() -> None:
    hands = ["9H TH AH 9D TD", "KH QH AD KD QD", "AC KC QC TC TS", "JC AS KS 9S 9C"]
    state = start({"robson": True}, hands, "JS", "QS JH JD")
    act(state, "blind alone", "discard KS")
    # dealer: JS JC AS 9S 9C. It throws 9C on the heart ace and is overtrumped by TS
    play(state, "AH AC 9C", "TH TS 9S", "KC JS 9D", "JC 9H QC", "AS TD TC")
    summary = last(state)
    assert summary.tricks == [2, 3]
    assert summary.points == [1, 0]


def test_no_blind_alone_without_a_jack_up() -> None:
    state = start({"robson": True}, S_HANDS, S_UP, S_STOCK)
    assert state.phase.name == "BID1"
    state = start({}, BLIND_HANDS, "JS", "TS 9S JD")
    assert state.phase.name == "BID1"


# -- 1.8 British: the Joker turned up ----------------------------------------------------------

JOKER_HANDS = ["JH JD AH KH QH", "AS KS QS AD KD", "TS 9S AC KC QC", "TH 9D TD JC 9C"]


def test_joker_upcard_name_suit() -> None:
    state = start("euchre(preset=british)", JOKER_HANDS, "JO", "9H JS QD TC")
    assert state.phase.name == "NAME_SUIT" and state.current_player == 3
    assert state.legal_texts() == ["name C", "name D", "name H", "name S"]
    assert state.view(3).hand == ()  # named before looking at the hand
    act(state, "name S")
    assert public(state)["upcard_suit"] == "S" and public(state)["trump"] is None
    assert state.phase.name == "BID1" and state.current_player == 0
    act(state, "pass", "order")
    assert public(state)["trump"] == "S" and public(state)["maker"] == 1
    assert parse_card("JO") in cards_of(state.hands[3])  # the dealer takes the Joker
    act(state, "discard 9C")


def test_joker_upcard_named_suit_is_turned_down() -> None:
    state = start("euchre(preset=british)", JOKER_HANDS, "JO", "9H JS QD TC")
    act(state, "name D", *["pass"] * 4)
    assert "call D" not in state.legal_texts() and "call H" in state.legal_texts()


def test_joker_upcard_blind_call() -> None:
    state = start("euchre(preset=cornish)", JOKER_HANDS, "JO", "9H JS QD TC")
    assert state.phase.name == "NAME_SUIT" and state.current_player == 3
    act(state, "name C")
    facts = public(state)
    assert facts["trump"] == "C" and facts["maker"] == 3 and facts["dealer_took_up"]
    assert state.phase.name == "DEALER_DISCARD" and state.current_player == 3
    act(state, "discard 9D")
    assert state.phase.name == "ALONE" and state.legal_texts() == ["alone", "pass"]
    act(state, "alone")
    # lone options still apply: the defenders are asked (left of the dealer first)
    assert state.phase.name == "DEFEND" and state.current_player == 0
    act(state, "pass", "pass")
    assert state.phase.name == "PLAY" and state.current_player == 0


def test_joker_upcard_blind_call_not_alone() -> None:
    state = start("euchre(preset=cornish)", JOKER_HANDS, "JO", "9H JS QD TC")
    act(state, "name C", "discard 9D", "pass")
    # cornish has defend_alone_any: the defenders are asked even against two makers
    assert state.phase.name == "DEFEND" and state.current_player == 0
    act(state, "pass", "pass")
    assert state.phase.name == "PLAY" and not public(state)["alone"]
    assert public(state)["maker"] == 3


def test_benny_2s_upcard() -> None:
    hands = ["JH JD AH KH QH", "AS KS QS AD KD", "TS 9S AC KC QC", "TH 9D TD JC 9C"]
    state = start({"preset": "british", "benny": "2S"}, hands, "2S", "9H JS QD TC")
    assert state.phase.name == "NAME_SUIT"
    act(state, "name H", "order", "discard 2S")
    assert public(state)["trump"] == "H"


def test_benny_2s_is_the_top_trump() -> None:
    hands = ["2S JD AH KH QH", "AS KS QS AD KD", "TS 9S AC KC QC", "TH 9D TD JC 9C"]
    state = start({"preset": "british", "benny": "2S"}, hands, "JH", "9H JS QD TC")
    act(state, "order", "discard 9D", "play 2S", "play AD", "play TS")
    # seat 3 holds the right bower and TH: it must follow the Benny's trump lead
    assert state.legal_texts() == ["play JH", "play TH"]
    act(state, "play JH")
    assert state.current_player == 0  # the Benny beat the right bower


# -- views: what a seat may see (RULES.md section 4) ---------------------------------------------


def test_views_show_own_hand_and_public_facts_only() -> None:
    state = start({}, S_HANDS, S_UP, S_STOCK)
    view = state.view(1)
    assert names(" ".join(card_name(c) for c in view.hand)) == names(S_HANDS[1])
    assert view.public.to_json()["upcard"] == "9H"
    assert view.legal == () and state.view(0).legal == ("order", "order alone", "pass")
    hidden = {card_name(c) for c in cards_of(state.hidden_from(1))}
    assert hidden == set(" ".join(S_HANDS[0:1] + S_HANDS[2:]).split()) | {"JS", "QD", "TC"}


# -- the scoring table, checked on random deals ------------------------------------------------


def _expected_points(
    rules: Any, facts: dict[str, Any], tricks: list[int], assist: bool
) -> list[int]:
    """RULES.md 1.6 (and point on partner, 1.7) from the final facts of a deal."""
    makers = facts["maker"] % 2
    taken = tricks[makers]
    points = [0, 0]
    if taken >= 3:
        if taken == 5:
            value = rules.lone_march_points if facts["alone"] else rules.march_points
        else:
            value = rules.make_points
        if assist and rules.point_on_partner and value:
            value += 1
        points[makers] = value
    else:
        if facts["lone_defender"] is not None:
            value = rules.lone_defender_points
        elif facts["alone"]:
            value = rules.lone_euchre_points
        else:
            value = rules.euchre_points
        if taken == 0 and rules.super_euchre_points > value:
            value = rules.super_euchre_points
        points[1 - makers] = value
    return points


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"preset": "british"},
        {"preset": "cornish", "super_euchre_points": 5},
        {"preset": "canadian", "point_on_partner": True, "make_points": 2, "march_points": 3},
        {"lone_euchre_points": 4, "super_euchre_points": 3, "lone_march_points": 6},
        {"preset": "openspiel", "target": 10, "super_euchre_points": 3},
        {"deck": 33, "point_on_partner": True, "defend_alone": True, "lone_defender_points": 5},
    ],
)
def test_scoring_table_on_random_deals(options: dict[str, Any]) -> None:
    g = game(options)
    rng = random.Random(str(options))
    checked = 0
    for _ in range(150):
        state = g.new_state(rng.randrange(4))
        state.deal_random(rng)
        dealer = state.dealer
        facts: dict[str, Any] = {}
        while state.current_player >= 0:
            if state.phase.name == "PLAY":
                facts = state.public_facts(0).to_json()
            state.apply(rng.choice(state.legal_actions()))
        summary = last(state)
        if summary.thrown_in:
            assert summary.points == [0, 0] and not facts
            continue
        history = [(seat, action_text(action)) for seat, action in state.actor_history()]
        # the assist: the dealer's partner ordered in round 1 and plays with the dealer
        maker = facts["maker"]
        assist = maker == (dealer + 2) % 4 and (maker, "order") in history and not facts["alone"]
        assert summary.points == _expected_points(g.rules, facts, summary.tricks, assist), (
            history,
            facts,
            summary,
        )
        assert sum(summary.tricks) == 5
        assert state.dealer == (dealer + 1) % 4 or state.is_terminal()
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("preset", ["north_american", "canadian"])
def test_no_point_on_partner_for_an_order_then_alone(preset: str) -> None:
    options = {"preset": preset, "alone_timing": "after_discard", "point_on_partner": True}
    state = start(options, rotate(M_HANDS, 1), M_UP, M_STOCK)
    act(state, "pass", "order", "discard 9S", "alone")
    finish(state)
    assert last(state).tricks == [0, 5]
    assert last(state).points == [0, 4]  # a lone march, no assist


@pytest.mark.parametrize(
    ("options", "before", "action", "reason"),
    [
        ({}, (), "call S", "round 1 orders the up-card's suit"),
        ({}, ("pass",) * 4, "order", "round 2 calls a suit"),
        ({}, ("pass",) * 4, "call H", "turned-down suit H cannot be called"),
        ({"alone_timing": "after_discard"}, (), "order alone", "decided after the discard"),
        ({"stick_the_dealer": True}, ("pass",) * 7, "pass", "stick the dealer"),
        ({"preset": "canadian"}, ("pass",), "order", "Canadian loner"),
        ({"minimum_trump": "all"}, (), "order", "minimum_trump"),
        ({}, ("order",), "discard AS", "does not hold AS"),
        ({}, ("order", "discard 9D", "play 9S"), "play KD", "must follow suit"),
        ({}, ("order", "discard 9D"), "pass", "not allowed in phase 'play'"),
        ({}, ("order", "discard 9D"), "take over", "not allowed"),
    ],
)
def test_illegal_actions_say_why(
    options: dict[str, Any], before: tuple[str, ...], action: str, reason: str
) -> None:
    # with minimum_trump, seat 0 gets a hand without hearts
    hands = S_HANDS if options.get("minimum_trump") is None else rotate(S_HANDS, 3)
    state = start(options, hands, S_UP, S_STOCK)
    act(state, *before)
    legal = state.legal_texts()
    history = state.history_texts()
    with pytest.raises(IllegalActionError) as info:
        state.apply_text(action)
    message = str(info.value)
    assert reason in message
    assert f"legal actions: {', '.join(legal)}" in message
    assert info.value.legal == legal
    assert state.legal_texts() == legal and state.history_texts() == history


# -- the source texts' rules of issue 26 (RULES.md 1.1-1.5) ---------------------------------

# BASE (as the golden records): hearts up; seat 0 orders, the dealer discards TS.
BASE_HANDS = ["JH AH AS QC 9C", "JD KS QS AC TD", "KH QH AD 9D TC", "TH KD QD KC TS"]
BASE_UP, BASE_STOCK = "9H", "9S JS JC"
# Seat 0 wins tricks 1, 3 (partner's KH) and 4; seat 1 wins trick 2: the makers hold 3,
# the defenders 1, and seat 0 leads the last trick.
BASE_THREE_ONE = ("JH JD QH 9H", "QC AC TC KC", "KS KH TH AS", "AD KD AH TD")


def test_dealer_opens_both_rounds() -> None:
    state = start({"dealer_opens": True}, BASE_HANDS, BASE_UP, BASE_STOCK)
    order = []
    for _ in range(8):
        order.append(state.current_player)
        act(state, "pass")
    assert order == [3, 0, 1, 2, 3, 0, 1, 2]
    assert last(state).thrown_in and state.dealer == 0


def test_dealer_opens_refuses_stick_the_dealer() -> None:
    with pytest.raises(RuleError, match=r"dealer_opens.*stick_the_dealer"):
        game({"dealer_opens": True, "stick_the_dealer": True})
    with pytest.raises(RuleError, match="dealer_opens"):
        game({"preset": "tournament", "dealer_opens": True})


def test_dealer_opens_makes_a_benny_upcard_a_blind_call() -> None:
    hands = ["QH 9S TS KS QS", "JD TH AD KD QD", "9H 9C TC KC QC", "JH AH KH AS AC"]
    state = start({"preset": "british", "dealer_opens": True}, hands, "JO", "JS TD 9D JC")
    assert state.phase.name == "NAME_SUIT" and state.view(3).hand == ()
    act(state, "name H")
    # no bidding: the dealer makes hearts, takes the Joker and discards
    assert public(state)["maker"] == 3 and state.phase.name == "DEALER_DISCARD"
    act(state, "discard AC")
    assert state.phase.name == "ALONE" and state.legal_texts() == ["alone", "pass"]


def test_deck_36_holds_the_twos_below_the_sevens() -> None:
    g = game({"deck": 36})
    assert len(g.deck) == 36
    assert {card_name(c) for c in g.deck} >= {"2S", "2H", "2D", "2C", "7S"}
    table = g.new_state(0)._trick_rules(1)  # hearts trump
    assert table.power[parse_card("2H")] < table.power[parse_card("7H")]
    assert table.power[parse_card("2S")] < table.power[parse_card("7S")]
    assert table.eff_suit[parse_card("2H")] == 1


def test_deck_36_refuses_benny_2s() -> None:
    with pytest.raises(RuleError, match=r"benny.*36"):
        game({"deck": 36, "benny": "2S"})


def test_deck_36_farmers_hand_counts_the_twos_as_low() -> None:
    hands = ["2S 7S 9D 2C TD", "AH KH QH JH TH", "AS KS QS JS TS", "AD KD QD JD AC"]
    state = start({"deck": 36, "farmers_hand": True}, hands, "9H", "KC QC JC TC 9C 8C")
    assert state.phase.name == "FARMERS" and state.current_player == 0


CONCEDE = {"maker_may_concede": True}


def test_concede_is_offered_to_the_maker_with_three_tricks() -> None:
    state = start(CONCEDE, BASE_HANDS, BASE_UP, BASE_STOCK)
    act(state, "order", "discard TS")
    play(state, *BASE_THREE_ONE[:3])
    assert state.current_player == 2 and "concede" not in state.legal_texts()  # the partner
    with pytest.raises(IllegalActionError, match="only the maker"):
        state.apply_text("concede")
    play(state, "AD KD AH TD")
    assert state.current_player == 0
    assert state.legal_texts() == ["concede", "play 9C"]


def test_concede_refused_before_three_tricks_and_without_the_option() -> None:
    state = start(CONCEDE, BASE_HANDS, BASE_UP, BASE_STOCK)
    act(state, "order", "discard TS")
    play(state, "JH JD QH 9H")
    with pytest.raises(IllegalActionError, match="3 tricks"):
        state.apply_text("concede")
    state = start(None, BASE_HANDS, BASE_UP, BASE_STOCK)
    act(state, "order", "discard TS")
    play(state, *BASE_THREE_ONE)
    with pytest.raises(IllegalActionError, match="maker_may_concede"):
        state.apply_text("concede")


def test_concede_scores_make_points_and_point_on_partner() -> None:
    state = start({**CONCEDE, "make_points": 2}, BASE_HANDS, BASE_UP, BASE_STOCK)
    act(state, "order", "discard TS")
    play(state, *BASE_THREE_ONE)
    act(state, "concede")
    summary = last(state)
    assert summary.points == [2, 0] and summary.tricks == [3, 1]
    assert summary.to_json()["events"] == ["seat 0 concedes the rest after 3 tricks: 2 points"]
    assert state.dealer == 0 and state.current_player == CHANCE
    # the assist: seat 0, the partner of dealer 2, orders; the makers concede with 3 tricks
    options = {**CONCEDE, "point_on_partner": True}
    state = start(options, BASE_HANDS, BASE_UP, BASE_STOCK, dealer=2)
    act(state, "pass", "order", "discard 9D")
    play(state, "TS AS QS TC", "JH JD 9H TH", "AH TD QH KD")
    act(state, "concede")
    assert last(state).points == [2, 0]
    assert last(state).to_json()["events"][-1] == "point on partner: 1 extra point"


def test_concede_still_lets_a_renege_be_called() -> None:
    """A concession ends the play; a renege made before it may still be called."""
    options = {**CONCEDE, "renege": "callable"}
    state = start(options, BASE_HANDS, BASE_UP, BASE_STOCK)
    act(state, "order", "discard TS")
    # trick 2: seat 3 throws KD holding KC (a renege); the makers take tricks 1, 3 and 4
    play(state, "JH JD QH 9H", "QC AC TC KD", "KS 9D QD AS", "AH TD KH TH")
    act(state, "concede")
    assert state.phase.name == "RENEGE" and state.current_player == 0
    act(state, "call renege")
    assert last(state).points == [2, 0]


def test_no_concede_in_a_robson_blind_alone() -> None:
    hands = ["9S TS 9D TD 9C", "QS KS QD KD QC", "AS QH KH TC KC", "AH TH AD AC JS"]
    state = start({**CONCEDE, "robson": True}, hands, "JH", "JD JC 9H")
    act(state, "blind alone", "discard JS")
    play(state, "9S AS JH", "AH 9D KH", "AC 9C TC")
    assert state.current_player == 3 and "concede" not in state.legal_texts()
    with pytest.raises(IllegalActionError, match="blind alone"):
        state.apply_text("concede")


ANY = {"defend_alone": True, "defend_alone_any": True}


def test_defend_alone_any_asks_the_defenders_against_two_makers() -> None:
    # round 2: seat 0 calls spades; the dealer took nothing up, so both defenders are asked
    state = start(ANY, BASE_HANDS, BASE_UP, BASE_STOCK)
    act(state, "pass", "pass", "pass", "pass", "call S")
    assert state.phase.name == "DEFEND" and state.current_player == 1
    act(state, "pass")
    assert state.current_player == 3
    act(state, "defend alone")
    facts = public(state)
    assert facts["lone_defender"] == 3 and facts["sitting_out"] == [1]
    assert not facts["alone"] and state.current_player == 0  # eldest_skip: eldest leads


def test_defend_alone_any_lone_defender_leads_left_of_loner() -> None:
    options = {**ANY, "lone_lead": "left_of_loner"}
    state = start(options, BASE_HANDS, BASE_UP, BASE_STOCK)
    act(state, "pass", "pass", "pass", "pass", "call S", "defend alone")
    assert public(state)["lone_defender"] == 1 and state.current_player == 1


def test_defend_alone_any_euchre_scores_lone_defender_points() -> None:
    hands = ["KH QH KS QS KC", "AD KD QD TD 9D", "TH 9S TS 9C TC", "JH JD AH AS AC"]
    options = {**ANY, "lone_lead": "left_of_loner", "lone_defender_points": 5}
    state = start(options, hands, "9H", "JS QC JC")
    act(state, "order", "discard AC", "defend alone")
    play(state, "JH KH TH", "JD QH 9S", "AH KS TS", "AS QS 9C", "9H KC TC")
    assert last(state).points == [0, 5]


def test_defend_alone_any_needs_defend_alone() -> None:
    with pytest.raises(RuleError, match="defend_alone_any"):
        game({"defend_alone_any": True})
    with pytest.raises(RuleError, match="defend_alone_any"):
        game({"preset": "cornish", "defend_alone": False})
    assert game("euchre(preset=cornish)").rules.defend_alone_any


def _reneged(options: dict[str, Any], dealer: int = 3, first: tuple[str, ...] = ()) -> EuchreState:
    """BASE's deal where seat 3 (side 1) reneges in trick 2 and seat 0 is asked first."""
    state = start({"renege": "callable", **options}, BASE_HANDS, BASE_UP, BASE_STOCK, dealer)
    act(state, "order", "discard TS")
    play(state, "JH JD QH 9H", "QC AC TC KD", "KS 9D QD AS", "AH TD KH TH", "9C QS AD KC")
    return state


def test_renege_deduct_takes_points_from_the_reneging_side() -> None:
    state = _reneged({"renege_penalty": "deduct", "renege_points": 3})
    state.match_scores = [0, 5]  # a match part way (as a record's start_scores)
    assert state.phase.name == "RENEGE" and state.current_player == 0
    act(state, "call renege")
    summary = last(state)
    assert summary.points == [0, 0] and state.scores() == [0, 2]
    assert summary.to_json()["events"][0] == "seat 0 calls a renege: 3 points deducted"


def test_renege_deduct_not_below_zero() -> None:
    state = _reneged({"renege_penalty": "deduct"})
    state.match_scores = [0, 1]
    act(state, "call renege")
    assert state.scores() == [0, 0]
    assert "side 1 set back 1 points" in last(state).to_json()["events"]


def test_renege_deduct_single_hand_goes_to_the_callers() -> None:
    state = _reneged({"renege_penalty": "deduct", "target": None})
    act(state, "call renege")
    assert state.is_terminal() and state.winner() == 0


def test_renege_award_is_the_default() -> None:
    state = _reneged({})
    act(state, "call renege")
    assert last(state).points == [2, 0]


@pytest.mark.parametrize(("method", "dealer"), [("draw_high", 0), ("draw_low", 1)])
def test_deck_36_draws_a_two_below_the_sevens(method: str, dealer: int) -> None:
    """Seat 0 draws 7S, seat 1 draws 2S: with 36 cards the 2 is a low plain card, not the
    2S standing in for the Benny."""
    from tricktable.games.euchre_family.dealing import draw_first_dealer

    def fixed(cards: Sequence[Card], rng: random.Random) -> list[Card]:
        return parse_cards("2S 7S")  # drawn from the end: seat 0 takes 7S

    deck = game({"deck": 36}).deck
    assert draw_first_dealer(method, deck, 2, random.Random(0), fixed, low_twos=True) == dealer
