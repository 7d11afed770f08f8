"""Romanian Whist (RULES.md section 3, Oh Hell 3.9) rule by rule, on fixed deals.

Every expected number here is worked out from RULES.md, not read from the engine.
Seats are numbered clockwise; the dealer D deals, eldest D+1 bids and leads first.

Most multi-deal tests use four players and a *takes-all* deal (:func:`takes_all`):
one chosen seat W is dealt cards that win every trick whoever leads, so the tricks of
the deal are known in advance (W: the hand size, everyone else: 0) and the bids alone
decide who makes the contract:

- with a turned card (hand size 1..7 of 32 cards), W holds the top ``h`` spades, the
  turned card is the next spade (spades are trump) and nobody else holds a spade:
  W wins a led trick with a trump and a trick it leads with an unbeatable trump;
- in a deal of 8 (the whole deck, no trump), W holds J Q K A of spades and hearts, the
  eldest (or, if W is eldest, some other seat) 7 8 9 T of spades and hearts, and the two
  others all diamonds and all clubs: the first lead is a spade or heart that W beats,
  and W then leads every trick.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from tricktable.cards import card_name, mask_of, parse_card
from tricktable.core import CHANCE, TERMINAL, Deal
from tricktable.errors import IllegalActionError, RecordError, RuleError
from tricktable.games import load_game
from tricktable.games.romanian_whist.engine import RomanianWhist, WhistState
from tricktable.record import record_of, replay_json, replay_record
from tricktable.testing import random_playout

RANKS = "AKQJT98765432"
"""Every rank, high to low."""
SUITS = "SHDC"

Bids = Mapping[int, int]


def whist(players: int = 4, **options: Any) -> RomanianWhist:
    game = load_game("romanian_whist", options, players=players)
    assert isinstance(game, RomanianWhist)
    return game


def new(players: int = 4, first_dealer: int = 3, **options: Any) -> WhistState:
    return whist(players, **options).new_state(first_dealer)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(card) for card in text.split())


def make_deal(hands: Sequence[str], turned: str | None, stock: str = "") -> Deal:
    return Deal(
        tuple(cards(hand) for hand in hands),
        None if turned is None else parse_card(turned),
        cards(stock),
    )


def bid_all(state: WhistState, *numbers: int) -> None:
    for number in numbers:
        state.apply_text(f"bid {number}")


def play_all(state: WhistState, text: str) -> None:
    for card in text.split():
        state.apply_text(f"play {card}")


def play_first_legal(state: WhistState) -> None:
    """Finish the deal, each seat playing its first legal card (any choice is fine on a
    takes-all deal)."""
    while state.current_player >= 0:
        state.apply_text(state.legal_texts()[0])


def last(state: WhistState) -> dict[str, Any]:
    """The replay-JSON entry of the latest deal."""
    entry: dict[str, Any] = replay_json(state)["deals"][-1]
    return entry


def schedule_by_hand(kind: str, n: int) -> list[int]:
    """RULES.md 3.2, spelled out."""
    ones, eights = [1] * n, [8] * n
    up, down = [2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2]
    if kind == "1-8-1":
        return ones + up + eights + down + ones
    if kind == "parlett":
        return ones + up + [8] + down + ones
    assert kind == "8-1-8"
    return eights + down + ones + up + eights


def suit_cards(suit: str, lowest: str = "7") -> list[str]:
    """A suit's cards of the 4-player deck, high to low."""
    return [rank + suit for rank in RANKS[: RANKS.index(lowest) + 1]]


def takes_all(size: int, dealer: int, winner: int) -> Deal:
    """A 4-player deal of ``size`` cards in which ``winner`` takes every trick."""
    eldest = (dealer + 1) % 4
    hands: list[list[str]] = [[] for _ in range(4)]
    if size == 8:
        low = eldest if eldest != winner else (winner + 1) % 4
        hands[winner] = ["JS", "QS", "KS", "AS", "JH", "QH", "KH", "AH"]
        hands[low] = ["7S", "8S", "9S", "TS", "7H", "8H", "9H", "TH"]
        rest = [seat for seat in range(4) if seat not in (winner, low)]
        hands[rest[0]] = suit_cards("D")
        hands[rest[1]] = suit_cards("C")
        return make_deal([" ".join(h) for h in hands], None)
    spades = suit_cards("S")
    hands[winner] = spades[:size]
    pool = suit_cards("H") + suit_cards("D") + suit_cards("C")
    for seat in range(4):
        if seat != winner:
            hands[seat], pool = pool[:size], pool[size:]
    turned = spades[size]
    stock = " ".join(spades[size + 1 :] + pool)
    return make_deal([" ".join(h) for h in hands], turned, stock)


BidPolicy = Callable[[int, int, int], Bids]
"""(deal index, hand size, dealer) -> each active seat's bid."""
WinnerPolicy = Callable[[int, int], int]
"""(deal index, dealer) -> the seat that takes every trick."""


def eldest_wins(index: int, dealer: int) -> int:
    return (dealer + 1) % 4


def standard_bids(index: int, size: int, dealer: int) -> dict[int, int]:
    """Eldest (who takes all) bids the hand size, the middle seats 0, the dealer 1
    (0 would make the total equal the hand size: the hook)."""
    eldest = (dealer + 1) % 4
    return {eldest: size, (dealer + 2) % 4: 0, (dealer + 3) % 4: 0, dealer: 1}


def points_by_hand(bid: int, taken: int, exact_bonus: int = 5) -> int:
    """RULES.md 3.6: exact -> bonus + bid, otherwise minus the difference."""
    return exact_bonus + bid if bid == taken else -abs(bid - taken)


def play_takes_all(
    state: WhistState, index: int, size: int, dealer: int, winner: int, bids: Bids
) -> None:
    """Deal a takes-all deal, bid from eldest, play it out."""
    assert state.current_player == CHANCE
    state.deal(takes_all(size, dealer, winner))
    for offset in range(1, 5):
        seat = (dealer + offset) % 4
        assert state.current_player == seat, f"deal {index}: {seat} should bid now"
        state.apply_text(f"bid {bids[seat]}")
    play_first_legal(state)


def drive(
    state: WhistState,
    sizes: Sequence[int],
    first_dealer: int,
    bids: BidPolicy = standard_bids,
    winners: WinnerPolicy = eldest_wins,
    start: int = 0,
) -> list[list[int]]:
    """Play deals ``start..len(sizes)-1`` as takes-all deals; return the points each deal
    should score by RULES.md 3.6 (no streaks)."""
    expected = []
    for index in range(start, len(sizes)):
        size, dealer = sizes[index], (first_dealer + index) % 4
        winner = winners(index, dealer)
        chosen = bids(index, size, dealer)
        play_takes_all(state, index, size, dealer, winner, chosen)
        taken = [size if seat == winner else 0 for seat in range(4)]
        entry = replay_json(state)["deals"][index]
        assert entry["tricks"] == taken and entry["hand_size"] == size, index
        assert entry["dealer"] == dealer and entry["bids"] == [chosen[s] for s in range(4)]
        expected.append([points_by_hand(chosen[seat], taken[seat]) for seat in range(4)])
    return expected


SCHEDULE_4 = schedule_by_hand("1-8-1", 4)


# -- 3.1 players and cards ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "size", "lowest"), [(3, 24, "9"), (4, 32, "7"), (5, 40, "5"), (6, 48, "3")]
)
def test_deck_is_the_top_8n_cards(players: int, size: int, lowest: str) -> None:
    game = whist(players)
    expected = {rank + suit for suit in SUITS for rank in RANKS[: RANKS.index(lowest) + 1]}
    assert len(game.deck) == size
    assert {card_name(card) for card in game.deck} == expected


def test_seven_players_dead_hand_deck_is_48() -> None:
    game = whist(7)
    assert game.rules.seven_players == "dead_hand"
    assert {card_name(card) for card in game.deck} == {
        rank + suit for suit in SUITS for rank in RANKS[: RANKS.index("3") + 1]
    }


def test_seven_players_jokers_deck_is_56_with_ones() -> None:
    game = whist(7, seven_players="jokers")
    names = {card_name(card) for card in game.deck}
    assert len(game.deck) == 56
    assert names == {rank + suit for suit in SUITS for rank in RANKS} | {"1S", "1H", "1D", "1C"}


@pytest.mark.parametrize("players", [2, 8])
def test_player_count_outside_3_to_7_is_refused(players: int) -> None:
    with pytest.raises(RuleError, match="3 to 7"):
        whist(players)


def test_dead_hand_dealer_sits_out_and_the_hook_is_on_the_dealers_right() -> None:
    # 7 players, dealer 0 is dealt nothing; eldest 1 bids first, seat 6 (the dealer's
    # right) last. Spades trump (4S turned).
    state = new(7, first_dealer=0)
    deal = make_deal(["", "KH", "AH", "5H", "3S", "9D", "QH"], "4S")
    with pytest.raises(RecordError, match="seat 0 holds 1 cards, expected 0"):
        state.deal(make_deal(["7C", "KH", "AH", "5H", "3S", "9D", "QH"], "4S"))
    state.deal(deal)
    assert state.view(0).hand == () and state.view(0).public.to_json()["active"] == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    assert state.current_player == 1
    bid_all(state, 0, 0, 0, 1, 0)
    # bids so far total 1 = the hand size: seat 6 may not bid 0
    assert state.current_player == 6
    assert state.legal_texts() == ["bid 1"]
    with pytest.raises(IllegalActionError, match="hook"):
        state.apply_text("bid 0")
    bid_all(state, 1)
    assert state.current_player == 1  # eldest leads; the dealer never plays
    # KH AH 5H, seat 4 void in hearts must trump with 3S, 9D, QH: seat 4 wins
    play_all(state, "KH AH 5H 3S 9D QH")
    entry = last(state)
    assert entry["bids"] == [None, 0, 0, 0, 1, 0, 1]
    assert entry["tricks"] == [0, 0, 0, 0, 1, 0, 0]
    assert entry["points"] == [0, 5, 5, 5, 6, 5, -1]
    assert entry["trump"] == "S" and entry["dealer"] == 0
    # next deal: dealer 1 sits out, seat 2 is eldest, seat 0 bids last
    assert state.is_chance()
    state.deal(make_deal(["KH", "", "AH", "5H", "3S", "9D", "QH"], "4S"))
    assert state.current_player == 2
    bid_all(state, 0, 0, 0, 0, 0)
    assert state.current_player == 0 and state.legal_texts() == ["bid 0"]


def test_dead_hand_eight_card_deal_uses_the_deck_and_has_no_trump() -> None:
    # 8-1-8 starts with deals of 8: six active seats x 8 = 48 cards, nothing to turn.
    state = new(7, first_dealer=6, schedule="8-1-8")
    deck = [r + s for s in SUITS for r in RANKS[: RANKS.index("3") + 1]]
    hands = [" ".join(deck[8 * seat : 8 * seat + 8]) for seat in range(6)] + [""]
    # the deck is used up: any turned card is a card some seat holds
    with pytest.raises(RecordError, match="appears twice"):
        state.deal(make_deal(hands, "AS"))
    state.deal(make_deal(hands, None))
    assert state.current_player == 0
    assert state.view(0).public.to_json()["trump"] is None
    assert state.legal_texts() == [f"bid {n}" for n in range(9)]


def test_jokers_ones_are_the_lowest_rank() -> None:
    # 7 players with 56 cards: everyone plays. 2D turned: diamonds trump.
    state = new(7, first_dealer=6, seven_players="jokers")
    state.deal(make_deal(["1S", "2S", "1D", "AS", "AH", "AC", "1C"], "2D"))
    bid_all(state, 0, 0, 1, 0, 0, 0)
    assert state.legal_texts() == ["bid 1"]  # the dealer, seat 6: hook bars 0
    bid_all(state, 1)
    # 1S led, 2S follows, 1D (the lowest trump) trumps, AS cannot beat it
    play_all(state, "1S 2S 1D AS AH AC 1C")
    entry = last(state)
    assert entry["tricks"] == [0, 0, 1, 0, 0, 0, 0]
    assert entry["points"] == [5, 5, 6, 5, 5, 5, -1]


def test_jokers_second_deal_two_of_spades_beats_the_one() -> None:
    state = new(7, first_dealer=5, seven_players="jokers")
    # dealer 5, eldest 6: order 6 0 1 2 3 4 5
    state.deal(make_deal(["2S", "AH", "KH", "AC", "KC", "QC", "1S"], "3D"))
    bid_all(state, 0, 0, 0, 0, 0, 0)
    assert state.legal_texts() == ["bid 0"]  # total 0: only 1 is barred
    bid_all(state, 0)
    play_all(state, "1S 2S AH KH AC KC QC")
    entry = last(state)
    assert entry["tricks"] == [1, 0, 0, 0, 0, 0, 0]
    assert entry["points"] == [-1, 5, 5, 5, 5, 5, 5]


# -- 3.2 schedule and dealer -------------------------------------------------------------------


def test_schedule_four_players_full() -> None:
    # as written in RULES.md 3.2 (24 deals); parlett has one deal of 8 (21 deals)
    assert whist(4).schedule == (
        [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1]
    )
    assert len(whist(4, schedule="parlett").schedule) == 21


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize(
    ("preset", "kind"),
    [("romanian_whist", "1-8-1"), ("parlett", "parlett"), ("eight_one_eight", "8-1-8")],
)
def test_schedules(players: int, preset: str, kind: str) -> None:
    game = whist(players, preset=preset)
    expected = schedule_by_hand(kind, players)
    assert game.schedule == expected
    assert len(expected) == (2 * players + 13 if kind == "parlett" else 3 * players + 12)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_hand_sizes_and_dealer_rotation_over_a_random_match(players: int) -> None:
    game = whist(players)
    state = random_playout(game, random.Random(players))
    assert isinstance(state, WhistState)
    assert state.is_terminal()
    expected = schedule_by_hand("1-8-1", players)
    assert len(state.deals) == len(expected)
    first = state.first_dealer
    for index, (deal, size, entry) in enumerate(
        zip(state.deals, expected, replay_json(state)["deals"], strict=True)
    ):
        dealer = (first + index) % players
        assert entry["dealer"] == dealer and entry["hand_size"] == size
        dealt = [len(hand) for hand in deal.hands]
        if players == 7:
            assert dealt == [0 if seat == dealer else size for seat in range(7)]
        else:
            assert dealt == [size] * players
        assert state.actors[index][0] == (dealer + 1) % players  # eldest bids first
        assert sum(entry["tricks"]) == size
        assert (entry["trump"] is None) == (deal.turned is None)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {}),
        (4, {}),
        (5, {}),
        (6, {}),
        (7, {}),
        (7, {"seven_players": "jokers"}),
    ],
)
def test_eight_card_deals_have_no_trump(players: int, options: dict[str, Any]) -> None:
    # 8-1-8 begins with a deal of 8: 8 x active seats is the whole deck.
    game = whist(players, schedule="8-1-8", **options)
    state = game.new_state(players - 1)
    deal = state.random_deal(random.Random(1))
    assert deal.turned is None and deal.stock == ()
    dealt = sum(len(hand) for hand in deal.hands)
    assert dealt == len(game.deck)
    with pytest.raises(RecordError, match="appears twice"):
        state.deal(Deal(deal.hands, deal.hands[0][0], ()))
    state.deal(deal)
    assert state.view(0).public.to_json()["trump"] is None
    play_first_legal(state)
    entry = last(state)
    assert entry["trump"] is None and sum(entry["tricks"]) == 8


def test_trump_deal_needs_a_turned_card() -> None:
    state = new(4)
    with pytest.raises(RecordError, match="needs a turned card"):
        state.deal(make_deal(["AS", "KS", "QS", "JS"], None))
    with pytest.raises(RecordError, match="holds 2 cards, expected 1"):
        state.deal(make_deal(["AS KS", "QS", "JS", "TS"], "9S"))
    with pytest.raises(RecordError, match="not in this game's deck"):
        state.deal(make_deal(["AS", "KS", "QS", "6S"], "9S"))
    assert state.is_chance() and state.deals == []


def test_four_player_match_eight_card_deals_are_no_trump() -> None:
    state = new(4, first_dealer=3)
    drive(state, SCHEDULE_4[:11], first_dealer=3)
    entries = replay_json(state)["deals"]
    assert [e["trump"] for e in entries] == ["S"] * 10 + [None]
    assert state.deals[10].turned is None


# -- 3.4 bidding ----------------------------------------------------------------------------


def test_bidding_starts_with_eldest_and_goes_clockwise() -> None:
    state = new(4, first_dealer=1)
    state.deal(takes_all(1, dealer=1, winner=2))
    order = []
    for _ in range(4):
        order.append(state.current_player)
        state.apply_text("bid 1")
    assert order == [2, 3, 0, 1]
    assert state.current_player == 2  # eldest leads
    assert last(state)["bids"] == [1, 1, 1, 1]


def test_the_hook_bars_the_bid_that_makes_the_total() -> None:
    state = new(4, first_dealer=3)
    state.deal(takes_all(1, dealer=3, winner=0))
    assert state.legal_texts() == ["bid 0", "bid 1"]
    bid_all(state, 0, 0, 0)
    assert state.current_player == 3 and state.legal_texts() == ["bid 0"]
    with pytest.raises(IllegalActionError, match="the hook") as info:
        state.apply_text("bid 1")
    assert info.value.legal == ["bid 0"]
    assert state.current_player == 3 and last(state)["bids"] == [0, 0, 0, None]


def test_the_hook_when_the_others_bid_exactly_the_hand_size() -> None:
    state = new(4, first_dealer=3)
    state.deal(takes_all(1, dealer=3, winner=0))
    bid_all(state, 1, 0, 0)
    assert state.legal_texts() == ["bid 1"]  # 0 would make the total 1


def test_nothing_is_barred_once_the_others_exceed_the_hand_size() -> None:
    state = new(4, first_dealer=3)
    state.deal(takes_all(1, dealer=3, winner=0))
    bid_all(state, 1, 1, 0)
    assert state.legal_texts() == ["bid 0", "bid 1"]


def test_hook_in_an_eight_card_deal_and_bid_above_hand_size() -> None:
    state = new(4, first_dealer=3, schedule="8-1-8")
    state.deal(takes_all(8, dealer=3, winner=0))
    assert state.legal_texts() == sorted(f"bid {n}" for n in range(9))
    with pytest.raises(IllegalActionError, match=r"0\.\.8"):
        state.apply_text("bid 9")
    bid_all(state, 3, 2, 1)
    assert state.legal_texts() == sorted(f"bid {n}" for n in (0, 1, 3, 4, 5, 6, 7, 8))
    bid_all(state, 3)
    assert state.current_player == 0


def test_bid_above_the_hand_size_is_refused_and_changes_nothing() -> None:
    state = new(4, first_dealer=3)
    state.deal(takes_all(1, dealer=3, winner=0))
    before = replay_json(state)
    with pytest.raises(IllegalActionError, match=r"0\.\.1") as info:
        state.apply_text("bid 2")
    assert info.value.legal == ["bid 0", "bid 1"]
    assert replay_json(state) == before


def test_no_play_before_the_bidding_ends() -> None:
    state = new(4, first_dealer=3)
    state.deal(takes_all(1, dealer=3, winner=0))
    with pytest.raises(IllegalActionError):
        state.apply_text("play AS")


# -- 3.5 play ----------------------------------------------------------------------------------

# Deal 5 of the 4-player 1-8-1 schedule (3 cards), first dealer 3 -> dealer 0, eldest 1.
# Hearts trump (7H turned). Trick 1: 1 AS, 2 TH (void in spades, must trump), 3 9S (must
# follow though it holds trumps), 0 8H (may under-trump) -> seat 2.
# Trick 2: 2 8C, 3 KH (void: must trump), 0 QH (only trump), 1 QD (no club, no trump) -> 3.
# Trick 3: 3 AH, 0 8D, 1 KS, 2 7C -> 3.   Tricks: seat 0: 0, 1: 0, 2: 1, 3: 2.
PLAY_DEAL = make_deal(["8H QH 8D", "AS KS QD", "TH 8C 7C", "9S AH KH"], "7H")


def at_deal_5(**options: Any) -> WhistState:
    state = new(4, first_dealer=3, **options)
    drive(state, SCHEDULE_4[:5], first_dealer=3)
    assert len(state.deals) == 5 and state.is_chance()
    state.deal(PLAY_DEAL)
    return state


def test_follow_suit_must_trump_and_no_over_trumping() -> None:
    state = at_deal_5()
    assert state.current_player == 1
    bid_all(state, 1, 1, 2, 0)
    assert state.legal_texts() == ["play AS", "play KS", "play QD"]
    state.apply_text("play AS")
    assert state.legal_texts() == ["play TH"]  # void in spades: must trump
    with pytest.raises(IllegalActionError, match="must play a trump"):
        state.apply_text("play 8C")
    state.apply_text("play TH")
    assert state.legal_texts() == ["play 9S"]  # must follow even holding trumps
    with pytest.raises(IllegalActionError, match="must follow"):
        state.apply_text("play AH")
    state.apply_text("play 9S")
    assert state.legal_texts() == ["play 8H", "play QH"]  # under-trumping allowed
    state.apply_text("play 8H")
    assert state.current_player == 2  # TH wins
    assert state.legal_texts() == ["play 7C", "play 8C"]
    state.apply_text("play 8C")
    assert state.legal_texts() == ["play AH", "play KH"]
    state.apply_text("play KH")
    assert state.legal_texts() == ["play QH"]
    state.apply_text("play QH")
    assert state.legal_texts() == ["play KS", "play QD"]  # no club, no trump: any card
    state.apply_text("play QD")
    assert state.current_player == 3
    play_all(state, "AH 8D KS 7C")
    entry = last(state)
    assert entry["tricks"] == [0, 0, 1, 2]
    assert entry["trump"] == "H" and entry["bids"] == [0, 1, 1, 2]
    assert entry["points"] == [5, -1, 6, 7]
    assert entry["hand_size"] == 3 and entry["dealer"] == 0 and entry["row"] == "3"


def test_void_rule_any_lets_a_void_seat_keep_its_trumps() -> None:
    state = at_deal_5(void_rule="any")
    bid_all(state, 1, 1, 2, 0)
    state.apply_text("play AS")
    assert state.legal_texts() == ["play 7C", "play 8C", "play TH"]
    state.apply_text("play 8C")
    assert state.legal_texts() == ["play 9S"]  # following is still required
    state.apply_text("play 9S")
    state.apply_text("play 8H")  # the only trump wins
    assert state.current_player == 0


def test_highest_trump_else_highest_of_led_suit_wins() -> None:
    state = at_deal_5(void_rule="any")
    bid_all(state, 1, 1, 2, 0)
    play_all(state, "AS 8C 9S 8D")  # no trump played: the led ace wins
    assert state.current_player == 1
    play_all(state, "KS TH AH QH")  # three trumps: AH highest
    assert state.current_player == 3


# -- 3.6 scoring --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "options", "points"),
    [
        ((1, 1, 2, 0), {}, [5, -1, 6, 7]),
        # seat 1: 3 bid, 0 taken -> -3; seat 2: 0 bid, 1 taken -> -1 (over);
        # seat 3: 1 bid, 2 taken -> -1; seat 0: 0 bid, 0 taken -> 5
        ((3, 0, 1, 0), {}, [5, -3, -1, -1]),
        ((1, 1, 2, 0), {"exact_bonus": 2}, [2, -1, 3, 4]),
        ((1, 1, 2, 0), {"exact_bonus": 0}, [0, -1, 1, 2]),
    ],
)
def test_scoring_exact_and_missed(
    bids: tuple[int, ...], options: dict[str, Any], points: list[int]
) -> None:
    state = at_deal_5(**options)
    before = state.scores()
    bid_all(state, *bids)
    play_all(state, "AS TH 9S 8H 8C KH QH QD AH 8D KS 7C")
    entry = last(state)
    assert entry["points"] == points
    assert state.scores() == [b + p for b, p in zip(before, points, strict=True)]
    assert entry["scores"] == state.scores() and entry["complete"] is True


def test_first_four_deals_scores_by_hand() -> None:
    state = new(4, first_dealer=3)
    expected = drive(state, SCHEDULE_4[:4], first_dealer=3)
    # eldest takes the one trick and bid 1 (+6), middles bid 0 (+5), dealer bid 1 (-1)
    assert expected[0] == [6, 5, 5, -1]
    assert [e["points"] for e in replay_json(state)["deals"]] == expected
    assert state.scores() == [6 + 5 + 5 - 1] * 4


# -- the match end ------------------------------------------------------------------------------
# Standard bids with first dealer 3: seat r is eldest in deals r, r+4, ...; each seat
# is eldest 6 times (5 + size), a middle seat 12 times (+5), the dealer 6 times (-1):
# 84 + the sizes of its eldest deals: seats 0, 3: 1+2+6+8+5+1 = 1+5+8+6+2+1 = 23 -> 107;
# seats 1, 2: 1+3+7+8+4+1 = 1+4+8+7+3+1 = 24 -> 108.
TIED = [107, 108, 108, 107]


def tied_match(**options: Any) -> WhistState:
    state = new(4, first_dealer=3, **options)
    expected = drive(state, SCHEDULE_4, first_dealer=3)
    assert state.scores() == [sum(column) for column in zip(*expected, strict=True)] == TIED
    return state


def test_match_end_tie_is_shared() -> None:
    state = tied_match()
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.winner() == [1, 2]
    result = replay_json(state)
    assert result["finished"] is True and result["winner"] == [1, 2]
    assert "to_act" not in result
    assert state.legal_actions() == []
    with pytest.raises(RecordError):
        state.deal(takes_all(1, dealer=3, winner=0))


def test_match_end_highest_total_wins() -> None:
    # as the tie, but in the last deal (dealer 2, eldest 3) seat 1 bids 1 instead of 0
    # (-1, not +5) and the dealer 2 bids 0 (+5, not -1): seat 1 102, seat 2 114.
    def bids(index: int, size: int, dealer: int) -> dict[int, int]:
        if index == 23:
            return {3: 1, 0: 0, 1: 1, 2: 0}
        return standard_bids(index, size, dealer)

    state = new(4, first_dealer=3)
    drive(state, SCHEDULE_4, first_dealer=3, bids=bids)
    assert state.scores() == [107, 102, 114, 107]
    assert state.is_terminal() and state.winner() == 2
    assert replay_json(state)["winner"] == 2
    assert "seat 2 wins with 114" in last(state)["events"]


def test_match_not_over_before_the_last_deal() -> None:
    state = new(4, first_dealer=3)
    drive(state, SCHEDULE_4[:23], first_dealer=3)
    assert state.is_chance() and state.winner() is None
    result = replay_json(state)
    assert result["finished"] is False and result["winner"] is None
    assert result["to_act"] is None and result["legal"] == []


# -- 3.7 tie_break ------------------------------------------------------------------------------


def test_tie_break_zero_plays_n_deals_of_8_bid_at_0() -> None:
    state = tied_match(tie_break="zero")
    assert not state.is_terminal() and state.is_chance()
    # four extra deals of 8 (dealers 3, 0, 1, 2); every bid is 0; the seat that takes the
    # 8 tricks loses 8, the others make 0 (+5). Takers 1, 1, 0, 3:
    # seat 0: +5 +5 -8 +5 = 7; seat 1: -8 -8 +5 +5 = -6; seat 2: +20; seat 3: +5+5+5-8 = 7.
    takers = [1, 1, 0, 3]
    for extra in range(4):
        dealer = (3 + 24 + extra) % 4
        state.deal(takes_all(8, dealer, takers[extra]))
        view = state.view(0)
        assert view.public.to_json()["row"] == "0" and view.public.to_json()["hand_size"] == 8
        for _ in range(4):
            assert state.legal_texts() == ["bid 0"]
            with pytest.raises(IllegalActionError, match="every bid is 0"):
                state.apply_text("bid 1")
            state.apply_text("bid 0")
        play_first_legal(state)
        entry = last(state)
        assert entry["row"] == "0" and entry["hand_size"] == 8 and entry["trump"] is None
        assert entry["bids"] == [0, 0, 0, 0]
        assert entry["points"] == [-8 if s == takers[extra] else 5 for s in range(4)]
    assert state.scores() == [114, 102, 128, 114]
    assert state.is_terminal() and state.winner() == 2
    assert len(replay_json(state)["deals"]) == 28


def test_tie_break_zero_still_tied_is_shared() -> None:
    state = tied_match(tie_break="zero")
    for extra in range(4):
        dealer = (3 + 24 + extra) % 4
        state.deal(takes_all(8, dealer, (dealer + 1) % 4))
        bid_all(state, 0, 0, 0, 0)
        play_first_legal(state)
    assert state.scores() == [t + 7 for t in TIED]
    assert state.is_terminal() and state.winner() == [1, 2]


def test_tie_break_blind_one_deal_bid_before_seeing_cards() -> None:
    state = tied_match(tie_break="blind")
    assert state.is_chance()
    # deal 24: dealer 3, eldest 0 takes all 8
    state.deal(takes_all(8, dealer=3, winner=0))
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == (), f"seat {seat} sees its cards before the blind bid"
        assert view.public.to_json()["blind"] is True and view.public.to_json()["row"] == "NV"
    bid_all(state, 0, 0, 1)
    assert state.view(3).hand == ()
    # the hook still applies: 0 + 0 + 1 -> the dealer may not bid 7
    assert "bid 7" not in state.legal_texts()
    bid_all(state, 0)
    assert len(state.view(0).hand) == 8  # cards are seen for the play
    play_first_legal(state)
    entry = last(state)
    assert entry["row"] == "NV" and entry["bids"] == [0, 0, 1, 0]
    assert entry["points"] == [-8, 5, -1, 5]
    assert state.scores() == [99, 113, 107, 112]
    assert state.is_terminal() and state.winner() == 1


def test_tie_break_blind_own_hand_is_hidden_from_the_seat() -> None:
    state = tied_match(tie_break="blind")
    state.deal(takes_all(8, dealer=3, winner=0))
    for seat in range(4):
        own = mask_of(state.deals[-1].hands[seat])
        assert state.hidden_from(seat) & own == own


def test_no_tie_break_without_a_tie() -> None:
    def bids(index: int, size: int, dealer: int) -> dict[int, int]:
        if index == 23:
            return {3: 1, 0: 0, 1: 1, 2: 0}
        return standard_bids(index, size, dealer)

    state = new(4, first_dealer=3, tie_break="zero")
    drive(state, SCHEDULE_4, first_dealer=3, bids=bids)
    assert state.is_terminal() and state.winner() == 2


# -- 3.7 zero_finish ----------------------------------------------------------------------------
# Seat 0 ends on exactly 0 (first dealer 3: seat 0 is eldest in deals 0, 4, ..., dealer in
# deals 1, 5, ..., a middle seat in deals 2, 3, 6, 7, ...). Eldest takes every trick.
# 1-8-1: as eldest (sizes 1,2,6,8,5,1 = 23) seat 0 bids the size: 30 + 23 = 53; as dealer
# it bids 1 and takes 0: -6; as a middle seat it bids the size and takes 0 (sizes
# 1,1,4,5,8,8,7,6,3,2,1,1 = 47): -47. 53 - 6 - 47 = 0.
# 8-1-8: eldest sizes 8,7,3,1,4,8 = 31 -> 61; dealer -6; middle sizes 8,8,5,4,1,1,3,2,6,7,8,8
# = 61, but it bids 2 (not 8) in deal 2: -55. 61 - 6 - 55 = 0.
# The other seats bid 0 (the dealer 1 when 0 is hooked).


def zero_seat_bids(schedule: str) -> BidPolicy:
    lowered = {"1-8-1": (-1, 0), "8-1-8": (2, 2)}[schedule]

    def bids(index: int, size: int, dealer: int) -> dict[int, int]:
        eldest = (dealer + 1) % 4
        out = {eldest: size}
        for offset in (2, 3, 4):
            seat = (dealer + offset) % 4
            if seat != 0:
                out[seat] = 0
            elif index == lowered[0]:
                out[0] = lowered[1]
            else:
                out[0] = 1 if seat == dealer else size
        if sum(out.values()) == size:
            out[dealer] += 1
        return out

    return bids


@pytest.mark.parametrize("schedule", ["1-8-1", "8-1-8"])
@pytest.mark.parametrize("zero_finish", [False, True])
def test_zero_finish(schedule: str, zero_finish: bool) -> None:
    state = new(4, first_dealer=3, schedule=schedule, zero_finish=zero_finish)
    sizes = schedule_by_hand(schedule, 4)
    expected = drive(state, sizes, first_dealer=3, bids=zero_seat_bids(schedule))
    totals = [sum(column) for column in zip(*expected, strict=True)]
    assert totals[0] == 0 and max(totals) > 0
    assert state.scores() == totals
    assert state.is_terminal()
    best = max(totals)
    leaders = [seat for seat in range(4) if totals[seat] == best]
    plain = leaders[0] if len(leaders) == 1 else leaders
    if zero_finish and schedule == "1-8-1":
        assert state.winner() == 0
    else:  # off, or not with 8-1-8
        assert state.winner() == plain


# -- 3.7 streaks --------------------------------------------------------------------------------
# 4 players, first dealer 3, seat 0 takes every trick. 1-8-1: in the one-card deals 0..3
# and 20..23 seat 0 bids 0 and takes 1 (fails), everyone else bids 0 (makes). In deals
# 4..19 seat 0 bids the size (makes), seat 1 bids 1 and takes 0 (fails), seats 2 and 3
# bid 0 (make; total size + 1, never hooked).


def streak_bids(index: int, size: int, dealer: int) -> dict[int, int]:
    if size == 1 and (index < 4 or index >= 20):
        return {0: 0, 1: 0, 2: 0, 3: 0}
    return {0: size, 1: 1, 2: 0, 3: 0}


def seat_0_wins(index: int, dealer: int) -> int:
    return 0


def streak_match(sizes: Sequence[int], **options: Any) -> tuple[WhistState, list[list[int]]]:
    options.setdefault("streak_length", 4)
    options.setdefault("streak_bonus", True)
    state = new(4, first_dealer=3, **options)
    base = drive(state, sizes, first_dealer=3, bids=streak_bids, winners=seat_0_wins)
    return state, base


def bonus_of(state: WhistState, base: list[list[int]]) -> list[list[int]]:
    points = [entry["points"] for entry in replay_json(state)["deals"]]
    return [
        [p - b for p, b in zip(got, want, strict=True)]
        for got, want in zip(points, base, strict=True)
    ]


def test_streak_bonus_and_penalty_1_8_1() -> None:
    state, base = streak_match(SCHEDULE_4)
    bonus = bonus_of(state, base)
    award = {7, 11, 15, 19}  # 4 in a row from deal 4; the count restarts after each
    for index, row in enumerate(bonus):
        assert row == ([10, -10, 10, 10] if index in award else [0, 0, 0, 0]), index
    # the failed one-card deals of seat 0 (0..3) neither count nor cost 10
    assert bonus[3] == [0, 0, 0, 0]
    events = replay_json(state)["deals"][7]["events"]
    assert "seat 0 made 4 in a row: +10" in events
    assert "seat 1 failed 4 in a row: -10" in events
    # seat 0: -4 (one-card) + 16 * 5 + sizes 86 + 40 - 4 = 198
    assert state.scores() == [198, -16, 160, 160]
    assert state.winner() == 0


def test_zero_bid_voids_bonus() -> None:
    state, base = streak_match(SCHEDULE_4, zero_bid_voids_bonus=True)
    bonus = bonus_of(state, base)
    for index in (7, 11, 15, 19):
        # seats 2 and 3 made every contract with a bid of 0: no bonus; a failing streak
        # is still punished; seat 0 never bid 0 in a streak
        assert bonus[index] == [10, -10, 0, 0]
    assert state.scores() == [198, -16, 120, 120]


def test_streak_length_option() -> None:
    state, base = streak_match(SCHEDULE_4[:10], streak_length=3)
    bonus = bonus_of(state, base)
    # deals 4..9 make two streaks of 3: awards at 6 and 9
    assert bonus == [[10, -10, 10, 10] if index in (6, 9) else [0, 0, 0, 0] for index in range(10)]


def test_streak_points_option() -> None:
    state, base = streak_match(SCHEDULE_4[:8], streak_points=7)
    bonus = bonus_of(state, base)
    # the made streaks of seats 0, 2, 3 (deals 4..7) earn streak_points
    assert [bonus[7][seat] for seat in (0, 2, 3)] == [7, 7, 7]
    assert all(row == [0, 0, 0, 0] for row in bonus[:7])


def test_doizece_streak_is_5_regardless_of_players() -> None:
    state = new(4, first_dealer=3, preset="doizece")
    assert state.game.streak_length == 5
    base = drive(state, SCHEDULE_4, first_dealer=3, bids=streak_bids, winners=seat_0_wins)
    bonus = bonus_of(state, base)
    awards = {8, 13, 18}  # deals 4-8, 9-13, 14-18; 19 starts a new count
    for index, row in enumerate(bonus):
        assert row == ([10, -10, 10, 10] if index in awards else [0, 0, 0, 0]), index


def test_streak_length_defaults_to_the_players_plus_one() -> None:
    # seed 003: "the number of players plus 1 game"
    for players in (3, 4, 5, 6, 7):
        assert whist(players, streak_bonus=True).streak_length == players + 1
    state, base = streak_match(SCHEDULE_4, streak_length=None)
    bonus = bonus_of(state, base)
    awards = {8, 13, 18}  # 5 in a row from deal 4: deals 4-8, 9-13, 14-18
    for index, row in enumerate(bonus):
        assert row == ([10, -10, 10, 10] if index in awards else [0, 0, 0, 0]), index


def test_long_streak_counts_on_its_own() -> None:
    # 4 in a row (streak_length 4) from deal 4: awards at 7, 11, 15, 19; the long count
    # reaches 10 at deal 13 (and would again at 23, a one-card deal that does not count)
    state, base = streak_match(SCHEDULE_4, long_streak=True)
    bonus = bonus_of(state, base)
    short = {7, 11, 15, 19}
    for index, row in enumerate(bonus):
        want = [10, -10, 10, 10] if index in short else [0, 0, 0, 0]
        if index == 13:
            want = [30, -30, 30, 30]
        assert row == want, index
    events = replay_json(state)["deals"][13]["events"]
    assert "seat 0 made 10 in a row: +30" in events
    assert "seat 1 failed 10 in a row: -30" in events


def test_long_streak_alone_and_zero_bids() -> None:
    state, base = streak_match(
        SCHEDULE_4, streak_bonus=False, long_streak=True, zero_bid_voids_bonus=True
    )
    bonus = bonus_of(state, base)
    for index, row in enumerate(bonus):
        # seats 2 and 3 bid 0 throughout: their long streak earns nothing
        assert row == ([30, -30, 0, 0] if index == 13 else [0, 0, 0, 0]), index


def test_one_card_deals_end_a_streak_in_8_1_8() -> None:
    # 8-1-8: 8 8 8 8 7 6 5 4 3 2 | 1 1 1 1 | 2 3 4 5 6 7 8 8 8 8. Seat 0 takes all tricks
    # and bids the size every deal (makes all), seat 1 bids 1 (fails all; in the one-card
    # deals it bids 1 too and takes 0), seats 2 and 3 bid 0.
    # awards: deals 3, 7; deals 8, 9 count 2, then the one-card deals end the streak;
    # 14..17 -> 17 (not 15), 18..21 -> 21; 22, 23 count 2.
    sizes = schedule_by_hand("8-1-8", 4)

    def bids(index: int, size: int, dealer: int) -> dict[int, int]:
        return {0: size, 1: 1, 2: 0, 3: 0}

    state = new(4, first_dealer=3, schedule="8-1-8", streak_bonus=True, streak_length=4)
    base = drive(state, sizes, first_dealer=3, bids=bids, winners=seat_0_wins)
    bonus = bonus_of(state, base)
    awards = {3, 7, 17, 21}
    for index, row in enumerate(bonus):
        assert row == ([10, -10, 10, 10] if index in awards else [0, 0, 0, 0]), index


def test_one_card_deals_neither_count_nor_break_in_parlett() -> None:
    # parlett 4 players: 1 1 1 1 2 3 4 5 6 7 8 7 6 5 4 3 2 1 1 1 1 (21 deals);
    # seat 0 makes from deal 4: awards at 7, 11, 15, then 16 (2) and 17..20 are one-card
    # deals where it fails: no penalty, no break.
    sizes = schedule_by_hand("parlett", 4)

    def bids(index: int, size: int, dealer: int) -> dict[int, int]:
        if size == 1:
            return {0: 0, 1: 0, 2: 0, 3: 0}
        return {0: size, 1: 1, 2: 0, 3: 0}

    state = new(4, first_dealer=3, schedule="parlett", streak_bonus=True, streak_length=4)
    base = drive(state, sizes, first_dealer=3, bids=bids, winners=seat_0_wins)
    bonus = bonus_of(state, base)
    assert {i for i, row in enumerate(bonus) if row != [0, 0, 0, 0]} == {7, 11, 15}


# -- 3.7 forehead -------------------------------------------------------------------------------


def check_forehead_bidding(state: WhistState, deal: Deal) -> None:
    """Every seat: its own card hidden (not in the view, hidden_from), the others' shown."""
    for seat in range(4):
        view = state.view(seat)
        own = deal.hands[seat][0]
        assert view.hand == (), f"seat {seat} sees its own card"
        assert view.public.to_json()["own_hand_hidden"] is True
        assert own not in view.known_cards()
        assert state.hidden_from(seat) >> own & 1
        others = {other: card_name(deal.hands[other][0]) for other in range(4) if other != seat}
        assert view.public.to_json()["forehead"] == others
        for other in others:
            assert deal.hands[other][0] in view.known_cards()
            assert not state.hidden_from(seat) >> deal.hands[other][0] & 1


def check_normal(state: WhistState, deal: Deal) -> None:
    for seat in range(4):
        view = state.view(seat)
        assert set(view.hand) == set(deal.hands[seat])
        assert view.public.to_json()["forehead"] == {}
        for other in range(4):
            if other != seat:
                assert set(deal.hands[other]).isdisjoint(view.known_cards())


def test_forehead_first_and_last() -> None:
    state = new(4, first_dealer=3, forehead="first_and_last")
    deal = takes_all(1, dealer=3, winner=0)
    state.deal(deal)
    check_forehead_bidding(state, deal)
    bid_all(state, 1, 0, 0)
    check_forehead_bidding(state, deal)
    bid_all(state, 1)
    play_first_legal(state)
    drive(state, SCHEDULE_4[:4], first_dealer=3, start=1)
    fifth = takes_all(2, dealer=(3 + 4) % 4, winner=0)
    state.deal(fifth)
    check_normal(state, fifth)


def test_forehead_last_only_the_last_n_one_card_deals() -> None:
    state = new(4, first_dealer=3, forehead="last")
    deal = takes_all(1, dealer=3, winner=0)
    state.deal(deal)
    check_normal(state, deal)
    bid_all(state, 1, 0, 0, 1)
    play_first_legal(state)
    drive(state, SCHEDULE_4[:20], first_dealer=3, start=1)
    for index in range(20, 24):
        dealer = (3 + index) % 4
        deal = takes_all(1, dealer=dealer, winner=(dealer + 1) % 4)
        state.deal(deal)
        check_forehead_bidding(state, deal)
        bid_all(state, 1, 0, 0, 1)
        play_first_legal(state)
    assert state.is_terminal()


def test_forehead_deals_in_8_1_8_are_the_middle_ones() -> None:
    game = whist(4, schedule="8-1-8", forehead="last")
    assert game.forehead_deals() == {10, 11, 12, 13}
    assert whist(4, forehead="first_and_last").forehead_deals() == {0, 1, 2, 3, 20, 21, 22, 23}
    assert whist(7, forehead="last").forehead_deals() == set(range(26, 33))
    assert whist(4).forehead_deals() == set()


# -- 3.9 oh_hell -------------------------------------------------------------------------------


def oh_hell(players: int = 3, hand_size: int = 2, **options: Any) -> RomanianWhist:
    return whist(players, preset="oh_hell", hand_size=hand_size, **options)


def test_oh_hell_uses_52_cards_and_everyone_plays() -> None:
    game = oh_hell(7, 7)
    assert {card_name(card) for card in game.deck} == {r + s for s in SUITS for r in RANKS}
    assert game.schedule == [7]
    assert game.rules.void_rule == "any" and game.rules.exact_bonus == 10
    state = game.new_state(0)
    deal = state.random_deal(random.Random(2))
    assert [len(hand) for hand in deal.hands] == [7] * 7 and deal.turned is not None


def test_oh_hell_needs_hand_size() -> None:
    with pytest.raises(RuleError, match="hand_size"):
        whist(4, preset="oh_hell")
    with pytest.raises(RuleError, match="hand_size"):
        oh_hell(4, 0)


@pytest.mark.parametrize(("players", "most"), [(3, 17), (4, 12), (5, 10), (6, 8), (7, 7)])
def test_oh_hell_hand_size_bounded_by_51_over_n(players: int, most: int) -> None:
    assert oh_hell(players, most).schedule == [most]
    with pytest.raises(RuleError, match="hand_size"):
        oh_hell(players, most + 1)


def test_oh_hell_largest_hand_turns_the_last_card() -> None:
    game = oh_hell(3, 17)
    state = game.new_state(2)
    deal = state.random_deal(random.Random(5))
    assert deal.turned is not None and deal.stock == ()
    with pytest.raises(RecordError, match="needs a turned card"):
        state.deal(Deal(deal.hands, None, ()))
    state.deal(deal)
    assert state.current_player == 0


# 3 players, hand 2, dealer 2 (eldest 0), 9D turned: diamonds trump.
# Trick 1: 0 AS, 1 KS, 2 5C (void in spades; holds 4D but need not trump) -> 0.
# Trick 2: 0 2H, 1 3D (void, trumps), 2 4D (over-trumps) -> 2.   Tricks [1, 0, 1].
OH_DEAL = make_deal(["AS 2H", "KS 3D", "5C 4D"], "9D", "2C")


def oh_hell_deal(bids: Sequence[int], **options: Any) -> WhistState:
    state = oh_hell(3, 2, **options).new_state(2)
    state.deal(OH_DEAL)
    assert state.current_player == 0
    bid_all(state, *bids[:2])
    assert state.current_player == 2
    if bids[0] + bids[1] <= 2:
        assert f"bid {2 - bids[0] - bids[1]}" not in state.legal_texts()
    bid_all(state, bids[2])
    state.apply_text("play AS")
    state.apply_text("play KS")
    assert state.legal_texts() == (
        ["play 4D", "play 5C"] if state.game.rules.void_rule == "any" else ["play 4D"]
    )
    if state.game.rules.void_rule == "any":
        play_all(state, "5C 2H 3D 4D")
    return state


@pytest.mark.parametrize(
    ("bids", "points", "winner"),
    [
        # seat 0 exact 1 -> 11; seat 1 bid 1 took 0 -> 0; seat 2 bid 2 took 1 -> 1
        ((1, 1, 2), [11, 0, 1], 0),
        # seat 0 bid 0 took 1 -> 1; seat 1 exact 0 -> 10; seat 2 bid 0 took 1 -> 1
        ((0, 0, 0), [1, 10, 1], 1),
        # seats 0 and 2 exact 1 -> 11 each: the win is shared
        ((1, 1, 1), [11, 0, 11], [0, 2]),
    ],
)
def test_oh_hell_scoring_and_result(
    bids: tuple[int, int, int], points: list[int], winner: int | list[int]
) -> None:
    state = oh_hell_deal(bids)
    entry = last(state)
    assert entry["tricks"] == [1, 0, 1] and entry["trump"] == "D"
    assert entry["bids"] == list(bids) and entry["points"] == points
    result = replay_json(state)
    assert result["finished"] is True and result["winner"] == winner
    assert result["scores"] == points
    assert state.is_terminal()


def test_oh_hell_hook_on_the_dealer() -> None:
    state = oh_hell(3, 2).new_state(2)
    state.deal(OH_DEAL)
    bid_all(state, 1, 1)
    assert state.legal_texts() == ["bid 1", "bid 2"]
    bid_all(state, 1)
    assert state.current_player == 0


def test_oh_hell_with_difference_scoring_and_must_trump() -> None:
    state = oh_hell_deal((1, 1, 2), miss_scoring="difference", void_rule="must_trump")
    # trick 1 -> seat 2 (4D trumps); trick 2: 2 leads 5C, 0 2H (any), 1 3D must trump -> 1
    play_all(state, "4D 5C 2H 3D")
    entry = last(state)
    assert entry["tricks"] == [0, 1, 1]
    assert entry["points"] == [-1, 11, -1]


# -- records -----------------------------------------------------------------------------------


def test_bids_in_replay_json_and_record_round_trip() -> None:
    state = at_deal_5()
    bid_all(state, 1, 1)
    result = replay_json(state)
    open_entry = result["deals"][-1]
    assert open_entry["complete"] is False and open_entry["bids"] == [None, 1, 1, None]
    assert result["to_act"] == 3 and result["legal"] == ["bid 0", "bid 1", "bid 2", "bid 3"]
    record = record_of(state)
    assert record["rules"] == {"preset": "romanian_whist"}
    again = replay_record(record)
    assert replay_json(again) == result
    assert [e["bids"] for e in result["deals"][:4]] == [
        [1, 0, 0, 1],
        [1, 1, 0, 0],
        [0, 1, 1, 0],
        [0, 0, 1, 1],
    ]


def test_dead_hand_record_writes_an_empty_hand() -> None:
    state = new(7, first_dealer=0)
    state.deal(make_deal(["", "KH", "AH", "5H", "3S", "9D", "QH"], "4S"))
    record = record_of(state)
    assert record["deals"][0]["hands"][0] == []
    assert replay_json(replay_record(record))["to_act"] == 1


def test_oh_hell_seven_players_tie_break_is_playable_or_refused() -> None:
    try:
        game = oh_hell(7, 1, tie_break="zero")
    except RuleError:
        return
    state = game.new_state(6)
    # a 7-way one-card deal where everyone bids 0 but one takes the trick: 6 tie on 10
    state.deal(make_deal(["AS", "2S", "3S", "4S", "5S", "6S", "7S"], "2H"))
    bid_all(state, 0, 0, 0, 0, 0, 0)
    bid_all(state, 0)
    play_first_legal(state)
    assert state.is_chance()
    state.deal_random(random.Random(0))


def test_full_deck_with_seven_players_is_refused_or_playable() -> None:
    try:
        game = whist(7, deck="full")
    except RuleError:
        return
    random_playout(game, random.Random(0))


def test_unknown_option_is_refused() -> None:
    with pytest.raises(RuleError, match="unknown option 'trumps'"):
        whist(4, trumps=True)
    with pytest.raises(RuleError, match="void_rule"):
        whist(4, void_rule="sometimes")
