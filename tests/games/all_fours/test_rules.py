"""All Fours / Seven Up rules (RULES.md section 2) with fixed deals.

Every deal is the whole 52-card pack: six cards per hand, the turn-up, and the stock top
first (it is dealt from when the cards are run). ``make_deal`` puts the given ``top`` cards on
top of the stock and the rest below in pack order (S H D C, 2 up to A), so only the cards a
test needs are chosen. Every expected number below was worked out by hand from RULES.md; the
trick-by-trick reasoning is in the comments (``0:AH`` = seat 0 plays AH).

Unless said otherwise: two players, seat 1 deals first, so seat 0 is eldest and leads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tricktable.actions import action_text
from tricktable.cards import card_name, parse_card, parse_cards
from tricktable.core import CHANCE, TERMINAL, Deal
from tricktable.errors import IllegalActionError, RecordError, RuleError
from tricktable.games import load_game
from tricktable.games.all_fours.engine import AllFours, AllFoursState
from tricktable.testing import snapshot

PACK = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]


def make_deal(hands: Sequence[str], turned: str, top: str = "") -> Deal:
    """A full deal: ``hands`` (one text per seat), the turn-up, the stock with ``top`` first
    and every other card below it in pack order."""
    hand_cards = [parse_cards(hand) for hand in hands]
    top_cards = parse_cards(top)
    used = [card for hand in hand_cards for card in hand] + [parse_card(turned), *top_cards]
    assert len(set(used)) == len(used), "a card is given twice"
    rest = [parse_card(card) for card in PACK if parse_card(card) not in set(used)]
    return Deal(
        tuple(tuple(hand) for hand in hand_cards), parse_card(turned), tuple(top_cards + rest)
    )


def runs_top(players: int, turnups: Sequence[str], avoid: str, packets: str = "") -> str:
    """A stock top for running the cards: before each turn-up, three cards per seat
    (``packets`` first, then unused pack cards in pack order)."""
    avoid_cards = set(avoid.split()) | set(turnups) | set(packets.split())
    filler = [c for c in PACK if c not in avoid_cards]
    given = packets.split()
    out: list[str] = []
    for turnup in turnups:
        for _ in range(3 * players):
            out.append(given.pop(0) if given else filler.pop(0))
        out.append(turnup)
    return " ".join(out)


def words(text: str) -> set[str]:
    """The cards of a text as a set of names."""
    return set(text.split())


def plays(*tricks: str) -> list[str]:
    """``"AH 7H"`` per trick, in the order the seats play."""
    return [f"play {card}" for trick in tricks for card in trick.split()]


def new_state(players: int = 2, first_dealer: int | None = None, **options: Any) -> AllFoursState:
    game = AllFours.from_spec(options, players)
    dealer = players - 1 if first_dealer is None else first_dealer
    return game.new_state(dealer)


def act(state: AllFoursState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def hand(state: AllFoursState, seat: int) -> set[str]:
    return {card_name(card) for card in state.view(seat).hand}


def last(state: AllFoursState) -> dict[str, Any]:
    return state.summaries()[-1].to_json()


def trump(state: AllFoursState) -> str | None:
    value: str | None = state.view(0).public.to_json()["trump"]
    return value


# -- the deals (two players, dealer 1, eldest 0, turn-up 9H unless said otherwise) -------

# A: stand, hearts trump.  T1 0:AH 1:7H (trump led, trump followed) ->0 (4)
# T2 0:TS 1:JH (trumps although holding spades) ->1 (11)  T3 1:TC 0:5C ->1 (10)
# T4 1:QS 0:KS ->0 (5)  T5 0:4D 1:6D ->1 (0)  T6 1:2S 0:3H (void: trump) ->0 (0)
# High AH 0, Low 3H held by 0 and won by 0, Jack JH won by 1, Game 9 v 21 -> 1.
HANDS_A = ["AH 3H TS KS 4D 5C", "JH 7H TC QS 2S 6D"]
PLAY_A = plays("AH 7H", "TS JH", "TC 5C", "QS KS", "4D 6D", "2S 3H")

# B: Low held by 0 but won by 1.  T1 0:TS 1:7H ->1 (10)  T2 1:JH 0:2H ->1 (1)
# T3 1:TC 0:5C ->1 (10)  T4 1:QS 0:KS ->0 (5)  T5 0:AH 1:3S (void, no trump) ->0 (4)
# T6 0:4D 1:6D ->1.  High AH 0; Low 2H: captured -> 1, dealt -> 0; Jack 1; Game 9 v 21 -> 1.
HANDS_B = ["AH 2H TS KS 4D 5C", "JH 7H TC QS 3S 6D"]
PLAY_B = plays("TS 7H", "JH 2H", "TC 5C", "QS KS", "AH 3S", "4D 6D")

# C: Game tied 14 v 14, Jack not in play (JH in the stock).  T1 0:AH 1:2H ->0 (4)
# T2 0:TS 1:5S ->0 (10)  T3 0:4S 1:7H (void in spades) ->1  T4 1:TC 0:5C ->1 (10)
# T5 1:AD 0:4D ->1 (4)  T6 1:8C 0:3H ->0.  High AH 0; Low 2H held by 1, won by 0.
HANDS_C = ["AH 3H TS 4S 4D 5C", "7H 2H TC 5S AD 8C"]
PLAY_C = plays("AH 2H", "TS 5S", "4S 7H", "TC 5C", "AD 4D", "8C 3H")

# D: a lone trump, the jack: High, Low and Jack to seat 0, and Game 1 v 0.
# T1 0:JH 1:2C ->0  T2 0:2S 1:8S ->1  T3 1:9S 0:3S  T4 1:8D 0:4D  T5 1:9D 0:5D  T6 1:7C 0:6C
HANDS_D = ["JH 2S 3S 4D 5D 6C", "8S 9S 8D 9D 2C 7C"]
PLAY_D = plays("JH 2C", "2S 8S", "9S 3S", "8D 4D", "9D 5D", "7C 6C")

# E: a lone trump 5H (High and Low to seat 1), no card counts for Game: tied 0 v 0.
# T1 0:2S 1:8S ->1  T2 1:9S 0:3S  T3 1:8D 0:4D  T4 1:9D 0:5D  T5 1:2C 0:6C ->0
# T6 0:7C 1:5H (void: trump) ->1
HANDS_E = ["2S 3S 4D 5D 6C 7C", "8S 9S 8D 9D 2C 5H"]
PLAY_E = plays("2S 8S", "9S 3S", "8D 4D", "9D 5D", "2C 6C", "7C 5H")

# R: eldest begs, the dealer runs: 0 gets AC 2C 3D, 1 gets KC 4C 8D, 6C turns: clubs.
# 0 discards AC 2S 3S, 1 discards 6S 8S 9D.  In play: 2C (0), KC 4C (1).
# T1 0:AH 1:7H ->0 (4)  T2 0:KH 1:QH ->0 (5)  T3 0:4D 1:8D ->1  T4 1:KC 0:2C ->1 (3)
# T5 1:TD 0:3D ->1 (10)  T6 1:4C 0:5D (void in trumps) ->1.
# High KC 1 (AC was discarded), Low 2C held by 0, won by 1, no Jack, Game 9 v 13 -> 1.
HANDS_R = ["AH KH 2S 3S 4D 5D", "QH 7H 6S 8S 9D TD"]
TOP_R = "AC 2C 3D KC 4C 8D 6C"
DISCARDS_R = ["discard AC", "discard 2S", "discard 3S", "discard 6S", "discard 8S", "discard 9D"]
PLAY_R = plays("AH 7H", "KH QH", "4D 8D", "KC 2C", "TD 3D", "4C 5D")


def played(
    hands: Sequence[str],
    actions: Sequence[str],
    turned: str = "9H",
    top: str = "",
    players: int = 2,
    first_dealer: int | None = None,
    **options: Any,
) -> AllFoursState:
    state = new_state(players, first_dealer, **options)
    state.deal(make_deal(hands, turned, top))
    act(state, *actions)
    return state


# -- the deal ------------------------------------------------------------------------------


def test_a_deal_must_hold_the_whole_pack() -> None:
    state = new_state()
    full = make_deal(HANDS_A, "9H")
    with pytest.raises(RecordError, match="whole deck"):
        state.deal(Deal(full.hands, full.turned, full.stock[:-1]))
    with pytest.raises(RecordError, match="twice"):
        state.deal(Deal(full.hands, full.turned, (full.hands[0][0], *full.stock[1:])))
    short = (full.hands[0][:5], full.hands[1])
    with pytest.raises(RecordError, match="holds 5 cards"):
        state.deal(Deal(short, full.turned, (full.hands[0][5], *full.stock)))
    assert state.is_chance() and not state.deals


def test_random_deal_gives_six_each_and_the_rest_to_the_stock() -> None:
    import random

    for players in (2, 3, 4):
        state = new_state(players)
        deal = state.random_deal(random.Random(players))
        assert [len(h) for h in deal.hands] == [6] * players
        assert deal.turned is not None
        assert len(deal.stock) == 52 - 6 * players - 1


def test_players_two_to_four() -> None:
    for players in (1, 5):
        with pytest.raises(RuleError, match="2, 3 or 4"):
            AllFours.from_spec({}, players)


# -- kick, stand, beg, give ------------------------------------------------------------------


def test_kick_on_the_first_turn_up() -> None:
    state = new_state()
    state.deal(make_deal([HANDS_A[0], "9H 7H TC QS 2S 6D"], "JH"))
    assert state.scores() == [0, 1]
    assert last(state)["points"] == [0, 1] and last(state)["complete"] is False
    assert state.current_player == 0 and state.legal_texts() == ["beg", "stand"]


def test_no_kick_for_another_rank() -> None:
    state = played(HANDS_A, [])
    assert state.scores() == [0, 0]
    assert state.current_player == 0 and state.legal_texts() == ["beg", "stand"]


def test_kick_goes_to_the_dealers_side() -> None:
    hands = ["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H", "AD 2D 3D 4D 5D 6D", "AC 2C 3C 4C 5C 6C"]
    state = played(hands, [], turned="JD", players=4)  # dealer 3, side 1
    assert state.game.sides == [[0, 2], [1, 3]] and state.scores() == [0, 1]
    state = played(hands, [], turned="JD", players=4, first_dealer=2)  # dealer 2, side 0
    assert state.scores() == [1, 0] and state.current_player == 3
    state = played(hands, [], turned="JD", players=4, partnerships=False)
    assert state.scores() == [0, 0, 0, 1]


def test_stand_makes_the_turn_up_suit_trump() -> None:
    state = played(HANDS_A, ["stand"])
    assert trump(state) == "H"
    assert state.view(0).phase == "play" and state.current_player == 0
    assert [len(state.view(s).hand) for s in (0, 1)] == [6, 6]
    assert state.scores() == [0, 0]
    assert state.legal_texts() == sorted(f"play {c}" for c in HANDS_A[0].split())


def test_beg_passes_the_choice_to_the_dealer() -> None:
    state = played(HANDS_A, ["beg"])
    assert state.current_player == 1 and state.legal_texts() == ["give", "run"]
    assert trump(state) is None


def test_give_scores_the_gift_point_to_eldest() -> None:
    state = played(HANDS_A, ["beg", "give"])
    assert state.scores() == [1, 0] and last(state)["points"] == [1, 0]
    assert trump(state) == "H" and state.current_player == 0
    assert state.view(0).phase == "play"
    act(state, *PLAY_A)
    # gift 1, then High and Low to 0, Jack and Game to 1
    assert last(state)["points"] == [3, 2] and state.scores() == [3, 2]


def test_gift_refused_when_it_would_win() -> None:
    state = played(HANDS_A, ["beg"], target=1)
    assert state.legal_texts() == ["run"]
    with pytest.raises(IllegalActionError, match="gift_may_win") as error:
        state.apply_text("give")
    assert error.value.legal == ["run"]
    assert state.current_player == 1 and state.scores() == [0, 0]


def test_gift_refused_at_target_minus_one_after_a_deal() -> None:
    """Target 3: deal 1 ends 2-2; deal 2 (dealer 0) eldest 1 is on 2, so no gift."""
    swapped = [HANDS_A[1], HANDS_A[0]]
    for may_win in (False, True):
        state = played(HANDS_A, ["stand", *PLAY_A], target=3, gift_may_win=may_win)
        assert state.scores() == [2, 2] and state.is_chance()
        state.deal(make_deal(swapped, "9H"))
        assert state.current_player == 1
        act(state, "beg")
        assert state.current_player == 0
        if not may_win:
            assert state.legal_texts() == ["run"]
            continue
        assert state.legal_texts() == ["give", "run"]
        act(state, "give")
        assert state.is_terminal() and state.winner() == 1 and state.scores() == [2, 3]
        assert last(state)["points"] == [0, 1] and last(state)["complete"] is True


def test_gift_allowed_when_it_would_not_win() -> None:
    state = played(HANDS_A, ["beg"], target=2)
    assert state.legal_texts() == ["give", "run"]


def test_gift_may_win_ends_the_match_at_once() -> None:
    state = played(HANDS_A, ["beg", "give"], target=1, gift_may_win=True)
    assert state.is_terminal() and state.winner() == 0 and state.scores() == [1, 0]
    assert state.legal_texts() == []


HANDS_3 = ["AS 2S KH 3H 4D 5D", "JS 7S QH 6H TD 6C", "3S TH 8D 9C 8H 7D"]


def test_three_player_gift_eldest_and_both() -> None:
    state = played(HANDS_3, ["beg", "give"], turned="9S", players=3)
    assert state.scores() == [1, 0, 0]
    state = played(HANDS_3, ["beg", "give"], turned="9S", players=3, three_player_gift="both")
    assert state.scores() == [1, 1, 0]
    assert state.current_player == 0 and trump(state) == "S"


def test_three_player_gift_both_refused_and_first_to_target_wins() -> None:
    state = played(HANDS_3, ["beg"], turned="9S", players=3, three_player_gift="both", target=1)
    assert state.legal_texts() == ["run"]
    state = played(
        HANDS_3,
        ["beg", "give"],
        turned="9S",
        players=3,
        three_player_gift="both",
        target=1,
        gift_may_win=True,
    )
    # eldest (seat 0) scores first and wins at that moment (docs/rules/all_fours.md)
    assert state.is_terminal() and state.winner() == 0 and state.scores() == [1, 0, 0]


# -- running the cards -----------------------------------------------------------------------


def test_running_the_cards_once() -> None:
    state = played(HANDS_R, ["beg", "run"], top=TOP_R)
    public = state.view(0).public.to_json()
    assert public["set_aside"] == ["9H"] and public["turned"] == "6C" and public["trump"] == "C"
    assert hand(state, 0) == words("AH KH 2S 3S 4D 5D AC 2C 3D")
    assert hand(state, 1) == words("QH 7H 6S 8S 9D TD KC 4C 8D")
    assert state.view(0).phase == "discard" and state.current_player == 0
    assert state.legal_texts() == sorted(f"discard {c}" for c in hand(state, 0))
    assert state.scores() == [0, 0]


def test_running_packets_go_from_eldest_three_players() -> None:
    top = "2C 3C 4C 5C 7C 8C TC QC KC JD"
    state = played(HANDS_3, ["beg", "run"], turned="9S", top=top, players=3)
    assert {"2C", "3C", "4C"} <= hand(state, 0)
    assert {"5C", "7C", "8C"} <= hand(state, 1)
    assert {"TC", "QC", "KC"} <= hand(state, 2)
    assert trump(state) == "D" and state.scores() == [0, 0, 1]  # JD on a run: kick to dealer 2


def test_running_packets_go_from_eldest_anticlockwise() -> None:
    hands = ["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H", "AD 2D 3D 4D 5D 6D", "AC 2C 3C 4C 5C 6C"]
    top = "7S 8S 9S 7H 8H 9H 7D 8D 9D 7C 8C 9C TD"
    state = played(hands, ["beg", "run"], turned="TS", top=top, players=4, first_dealer=0,
                   direction="anticlockwise")  # fmt: skip
    # dealer 0, eldest 3 (the dealer's right), then 2, 1, 0
    assert {"7S", "8S", "9S"} <= hand(state, 3)
    assert {"7H", "8H", "9H"} <= hand(state, 2)
    assert {"7D", "8D", "9D"} <= hand(state, 1)
    assert {"7C", "8C", "9C"} <= hand(state, 0)
    assert trump(state) == "D"
    assert state.current_player == 3  # eldest discards first


REPEAT_TOP = "2C 3C 4C 5C 6C 7C JH 8C 9C TC QC KC AC 2H 2D 3D 6D 7D 8D TS JS"


def test_running_again_while_the_suit_repeats() -> None:
    """JH and 2H repeat the rejected hearts: set aside (JH is no kick); JS turns: kick."""
    state = played(HANDS_R, ["beg", "run"], top=REPEAT_TOP)
    public = state.view(0).public.to_json()
    assert public["set_aside"] == ["9H", "JH", "2H"] and public["turned"] == "JS"
    assert trump(state) == "S" and state.scores() == [0, 1]
    assert hand(state, 0) == words("AH KH 2S 3S 4D 5D 2C 3C 4C 8C 9C TC 2D 3D 6D")
    assert hand(state, 1) == words("QH 7H 6S 8S 9D TD 5C 6C 7C QC KC AC 7D 8D TS")
    assert state.current_player == 0 and len(state.legal_texts()) == 15
    discards_0 = [f"discard {c}" for c in sorted(words("2C 3C 4C 8C 9C TC 2D 3D 6D"))]
    discards_1 = [f"discard {c}" for c in sorted(words("5C 6C 7C QC KC AC 7D 8D 9D"))]
    act(state, *discards_0)
    assert state.current_player == 1
    act(state, *discards_1)
    assert state.view(0).phase == "play" and state.current_player == 0
    # T1 0:AH 1:7H ->0 (4)  T2 0:KH 1:QH ->0 (5)  T3 0:4D 1:TD ->1 (10)
    # T4 1:TS 0:2S ->1 (10)  T5 1:6S 0:3S ->1  T6 1:8S 0:5D ->1
    # High TS 1, Low 2S won by 1, JS was turned (no Jack), Game 9 v 20 -> 1; kick 1.
    act(state, *plays("AH 7H", "KH QH", "4D TD", "TS 2S", "6S 3S", "8S 5D"))
    summary = last(state)
    assert summary["points"] == [0, 4] and summary["tricks"] == [2, 4]
    assert summary["game_points"] == [9, 20] and summary["trump"] == "S"


def test_the_pack_runs_out_two_players() -> None:
    """Two players: the stock of 39 gives five runs of 7; every turn-up is a heart."""
    turnups = ["2H", "4H", "5H", "6H", "8H"]
    hands = [HANDS_A[0], "9H 7H TC QS 2S 6D"]
    top = runs_top(2, turnups, avoid=" ".join(hands) + " JH")
    state = played(hands, ["beg", "run"], turned="JH", top=top)  # kick first
    summary = last(state)
    assert summary["thrown_in"] is True and summary["complete"] is True
    assert summary["points"] == [0, 1] and summary["trump"] is None
    assert state.scores() == [0, 1]  # the kick stands
    assert state.is_chance() and state.dealer == 1  # the same dealer redeals
    state.deal(make_deal(HANDS_A, "9H"))
    assert state.current_player == 0 and len(state.summaries()) == 2


def test_the_pack_runs_out_three_and_four_players() -> None:
    for players, turnups in ((3, ["2H", "3H", "4H"]), (4, ["2H", "3H"])):
        hands = ["AS 2S 3S 4S 5S 6S", "AD 2D 3D 4D 5D 6D", "AC 2C 3C 4C 5C 6C", "7S 8S 9S TS JS QS"]
        hands = hands[:players]
        top = runs_top(players, turnups, avoid=" ".join(hands) + " 9H")
        state = played(hands, ["beg", "run"], top=top, players=players)
        assert last(state).get("thrown_in") is True, players
        assert state.dealer == players - 1 and state.is_chance()
        assert state.view(0).public.to_json()["set_aside"] == ["9H", *turnups]


def test_one_run_short_of_the_end_still_turns_a_new_suit() -> None:
    """Four players: the second run uses 13 of the last 14 cards and may still turn trump."""
    hands = ["AS 2S 3S 4S 5S 6S", "AD 2D 3D 4D 5D 6D", "AC 2C 3C 4C 5C 6C", "7S 8S 9S TS JS QS"]
    top = runs_top(4, ["2H", "7C"], avoid=" ".join(hands) + " 9H")
    state = played(hands, ["beg", "run"], top=top, players=4)
    assert trump(state) == "C" and state.view(0).phase == "discard"
    assert [len(state.view(s).hand) for s in range(4)] == [12] * 4


# -- discarding ------------------------------------------------------------------------------


def test_discards_eldest_first_one_card_per_action() -> None:
    state = played(HANDS_R, ["beg", "run"], top=TOP_R)
    with pytest.raises(IllegalActionError, match="does not hold"):
        state.apply_text("discard KC")
    with pytest.raises(IllegalActionError):
        state.apply_text("play AH")
    act(state, "discard AC")
    assert state.current_player == 0 and len(hand(state, 0)) == 8
    act(state, "discard 2S")
    assert state.current_player == 0
    act(state, "discard 3S")
    assert state.current_player == 1 and len(hand(state, 0)) == 6
    act(state, "discard 6S", "discard 8S")
    assert state.current_player == 1
    act(state, "discard 9D")
    assert state.view(0).phase == "play" and state.current_player == 0
    assert [len(state.view(s).hand) for s in (0, 1)] == [6, 6]


def test_discarded_cards_are_out_of_play() -> None:
    state = played(HANDS_R, ["beg", "run", *DISCARDS_R, *PLAY_R], top=TOP_R)
    summary = last(state)
    # AC discarded: High is KC (seat 1).  Low 2C won by 1.  Game 9 v 13.
    assert summary["points"] == [0, 3] and summary["tricks"] == [2, 4]
    assert summary["game_points"] == [9, 13] and summary["trump"] == "C"
    state = played(HANDS_R, ["beg", "run", *DISCARDS_R, *PLAY_R], top=TOP_R, low_point="dealt")
    assert last(state)["points"] == [1, 2]


def test_kick_on_a_run_turn_up() -> None:
    top = TOP_R.replace("6C", "JC")
    state = played(HANDS_R, ["beg", "run"], top=top)
    assert state.scores() == [0, 1] and trump(state) == "C"
    act(state, *DISCARDS_R, *PLAY_R)
    assert last(state)["points"] == [0, 4]


def test_no_discards_after_stand_or_give() -> None:
    for decision in (["stand"], ["beg", "give"]):
        state = played(HANDS_A, decision)
        assert state.view(0).phase == "play"


# -- four players --------------------------------------------------------------------------

# Four players, dealer 3, turn-up 9D, eldest 0 stands: diamonds.
# T1 0:AD 1:8D 2:2D 3:7D ->0 (4)  T2 0:KS 1:QS 2:TS 3:6S ->0 (15)
# T3 0:2C 1:3C 2:5C 3:AC ->3 (4)  T4 3:TC 0:4H 1:JD 2:4S ->1 (11)
# T5 1:6H 2:8H 3:2H 0:5H ->2  T6 2:9H 3:8S 0:3D 1:7H ->0 (3D trumps)
# High AD (0), Low 2D (dealt 2, won by 0), Jack JD won by 1; Game 19 v 15 by side.
HANDS_4 = ["AD 3D KS 2C 4H 5H", "JD 8D QS 3C 6H 7H", "2D TS 4S 5C 8H 9H", "7D TC AC 6S 8S 2H"]
PLAY_4 = plays("AD 8D 2D 7D", "KS QS TS 6S", "2C 3C 5C AC", "TC 4H JD 4S", "6H 8H 2H 5H",
               "9H 8S 3D 7H")  # fmt: skip


def test_four_players_only_eldest_and_dealer_decide() -> None:
    state = played(HANDS_4, [], turned="9D", players=4)
    assert state.current_player == 0 and state.legal_texts() == ["beg", "stand"]
    act(state, "beg")
    assert state.current_player == 3 and state.legal_texts() == ["give", "run"]
    act(state, "give")
    assert state.scores() == [1, 0] and state.current_player == 0
    assert state.history_texts() == [["beg", "give"]]
    assert state.actors == [[0, 3]]


def test_four_players_run_then_everyone_discards_in_turn() -> None:
    top = runs_top(4, ["JC"], avoid=" ".join(HANDS_4) + " 9D")
    state = played(HANDS_4, ["beg", "run"], turned="9D", top=top, players=4)
    assert state.scores() == [0, 1]  # JC on the run: kick to dealer 3's side
    order = []
    while state.view(0).phase == "discard":
        order.append(state.current_player)
        state.apply_text(state.legal_texts()[0])
    assert order == [0] * 3 + [1] * 3 + [2] * 3 + [3] * 3
    assert state.current_player == 0


def test_partnerships() -> None:
    state = played(HANDS_4, ["stand", *PLAY_4], turned="9D", players=4)
    assert state.game.sides == [[0, 2], [1, 3]]
    summary = last(state)
    assert summary["points"] == [3, 1] and summary["tricks"] == [4, 2]
    assert summary["game_points"] == [19, 15]
    assert state.dealer == 0 and state.current_player == CHANCE


def test_no_partnerships() -> None:
    state = played(HANDS_4, ["stand", *PLAY_4], turned="9D", players=4, partnerships=False)
    assert state.game.sides == [[0], [1], [2], [3]]
    summary = last(state)
    assert summary["points"] == [3, 1, 0, 0] and summary["tricks"] == [3, 1, 1, 1]
    assert summary["game_points"] == [19, 11, 0, 4]


def test_anticlockwise() -> None:
    """The four-player deal mirrored: seat s -> 3 - s, dealer 0, eldest 3 on its right."""
    mirrored = [HANDS_4[3 - seat] for seat in range(4)]
    state = played(mirrored, [], turned="9D", players=4, first_dealer=0, direction="anticlockwise")
    assert state.current_player == 3
    act(state, "stand")
    seats = []
    for action in PLAY_4:
        seats.append(state.current_player)
        act(state, action)
    assert seats[:4] == [3, 2, 1, 0]  # play goes to the right
    assert seats[8:12] == [3, 2, 1, 0]  # trick 2 won by old seat 0, now seat 3
    assert seats[12:16] == [0, 3, 2, 1]  # trick 3 won by old seat 3, now seat 0
    summary = last(state)
    # old side 0 (seats 0, 2) is now seats 3, 1: side 1
    assert summary["points"] == [1, 3] and summary["tricks"] == [2, 4]
    assert state.dealer == 3  # the deal passes to the right


# -- following --------------------------------------------------------------------------------


def test_follow_or_trump() -> None:
    state = played(HANDS_A, ["stand", "play AH"])
    assert state.legal_texts() == ["play 7H", "play JH"]  # trump led: trump followed
    act(state, "play 7H", "play TS")
    # seat 1 holds QS 2S and may trump with JH even so; not TC or 6D
    assert state.legal_texts() == ["play 2S", "play JH", "play QS"]
    with pytest.raises(IllegalActionError, match="follow the led suit or play a trump"):
        state.apply_text("play 6D")


def test_trump_led_must_be_followed_by_trump() -> None:
    state = played(HANDS_B, ["stand", "play TS", "play 7H", "play JH"])
    assert state.legal_texts() == ["play 2H", "play AH"]
    with pytest.raises(IllegalActionError, match="follow the led suit or play a trump"):
        state.apply_text("play KS")


@pytest.mark.parametrize(
    ("void_rule", "legal"),
    [("any", ["play 7H", "play 8C", "play AD", "play TC"]), ("must_trump", ["play 7H"])],
)
def test_void_in_the_led_suit(void_rule: str, legal: list[str]) -> None:
    state = played(HANDS_C, ["stand", *PLAY_C[:5]], void_rule=void_rule)
    assert state.current_player == 1 and state.legal_texts() == legal
    if void_rule == "must_trump":
        with pytest.raises(IllegalActionError, match="must_trump"):
            state.apply_text("play TC")


def test_must_trump_without_a_trump_plays_any_card() -> None:
    # Deal D, trick 1: JH is led and seat 1 holds no heart, so no trump: any card.
    state = played(HANDS_D, ["stand", "play JH"], void_rule="must_trump")
    assert state.legal_texts() == sorted(f"play {c}" for c in HANDS_D[1].split())


def test_trick_winner_highest_trump_else_highest_of_led_suit() -> None:
    state = played(HANDS_A, ["stand", *PLAY_A])
    view = state.view(0)
    assert list(view.trick_winners) == [0, 1, 1, 0, 1, 0]


# -- scoring --------------------------------------------------------------------------------


def test_high_low_jack_game() -> None:
    state = played(HANDS_A, ["stand", *PLAY_A])
    summary = last(state)
    assert summary["points"] == [2, 2] and summary["tricks"] == [3, 3]
    assert summary["game_points"] == [9, 21]
    assert summary["trump"] == "H" and summary["makers"] is None and summary["complete"]
    events = summary["events"]
    order = [next(i for i, e in enumerate(events) if e.startswith(w)) for w in
             ("High", "Low", "Jack", "Game")]  # fmt: skip
    assert order == sorted(order)
    assert state.scores() == [2, 2] and state.is_chance() and state.dealer == 0


def test_game_count_values() -> None:
    """T 10, A 4, K 3, Q 2, J 1: seat 0 took AH 7H, QS KS, 2S 3H = 9; seat 1 took
    TS JH, TC 5C, 4D 6D = 21."""
    state = played(HANDS_A, ["stand", *PLAY_A])
    assert state.game_counts() == [9, 21]
    partial = played(HANDS_A, ["stand", *PLAY_A[:4]])
    assert partial.game_counts() == [4, 11]


@pytest.mark.parametrize(("low_point", "points"), [("captured", [1, 3]), ("dealt", [2, 2])])
def test_low_captured_or_dealt(low_point: str, points: list[int]) -> None:
    state = played(HANDS_B, ["stand", *PLAY_B], low_point=low_point)
    assert last(state)["points"] == points and last(state)["tricks"] == [2, 4]


def test_all_fours_preset_scores_low_dealt() -> None:
    state = played(HANDS_B, ["stand", *PLAY_B], preset="all_fours")
    assert last(state)["points"] == [2, 2]


@pytest.mark.parametrize(
    ("options", "points"),
    [
        ({}, [2, 0]),
        ({"game_tie": "non_dealer"}, [3, 0]),
        ({"preset": "all_fours"}, [2, 1]),  # Low dealt to 1, tied Game to non-dealer 0
    ],
)
def test_game_tie(options: dict[str, Any], points: list[int]) -> None:
    state = played(HANDS_C, ["stand", *PLAY_C], **options)
    summary = last(state)
    assert summary["game_points"] == [14, 14]
    assert summary["points"] == points and summary["tricks"] == [3, 3]


def test_game_tie_non_dealer_when_seat_0_deals() -> None:
    """The same tie with seat 0 dealing: the non-dealer is seat 1."""
    swapped = [HANDS_C[1], HANDS_C[0]]
    state = played(swapped, ["stand", *PLAY_C], first_dealer=0, game_tie="non_dealer")
    assert last(state)["points"] == [0, 3]


def test_jack_not_in_play_scores_nobody() -> None:
    state = played(HANDS_C, ["stand", *PLAY_C])
    assert not any(e.startswith("Jack") for e in last(state)["events"])
    # the jack turned up is not in play either (Deal A with JH turned: kick, no Jack)
    hands = [HANDS_A[0], "9H 7H TC QS 2S 6D"]
    state = played(hands, ["stand", *plays("AH 7H", "TS 9H", "TC 5C", "QS KS", "4D 6D", "2S 3H")],
                   turned="JH")  # fmt: skip
    # kick 1; High AH 0, Low 3H won by 0, Game 9 v 20 -> 1
    assert last(state)["points"] == [2, 2] and last(state)["game_points"] == [9, 20]


def test_lone_trump_jack_is_high_low_and_jack() -> None:
    state = played(HANDS_D, ["stand", *PLAY_D])
    summary = last(state)
    assert summary["points"] == [4, 0] and summary["tricks"] == [1, 5]
    assert summary["game_points"] == [1, 0]


@pytest.mark.parametrize(("game_tie", "points"), [("nobody", [0, 2]), ("non_dealer", [1, 2])])
def test_lone_trump_high_and_low_game_nil(game_tie: str, points: list[int]) -> None:
    state = played(HANDS_E, ["stand", *PLAY_E], game_tie=game_tie)
    summary = last(state)
    assert summary["points"] == points and summary["game_points"] == [0, 0]


def test_a_side_reaching_the_target_mid_count_wins_at_once() -> None:
    # Deal A, target 2: High and Low take seat 0 to 2; seat 1 would get Jack and Game.
    state = played(HANDS_A, ["stand", *PLAY_A], target=2)
    assert state.is_terminal() and state.winner() == 0 and state.scores() == [2, 0]
    assert last(state)["points"] == [2, 0] and last(state)["complete"] is True
    # Deal B, target 2: High to 0, Low and Jack to 1: seat 1 wins on the Jack.
    state = played(HANDS_B, ["stand", *PLAY_B], target=2)
    assert state.winner() == 1 and state.scores() == [1, 2]
    # target 3: nobody gets there, 2 v 2
    state = played(HANDS_A, ["stand", *PLAY_A], target=3)
    assert not state.is_terminal() and state.scores() == [2, 2]


def test_match_ends_on_a_kick() -> None:
    state = played(HANDS_A, ["stand", *PLAY_A], target=3)
    kick = [HANDS_A[1].replace("JH", "9H"), HANDS_A[0]]  # dealer 0 turns JH
    state.deal(make_deal(kick, "JH"))
    assert state.is_terminal() and state.winner() == 0 and state.scores() == [3, 2]
    assert last(state)["complete"] is True and last(state)["points"] == [1, 0]
    assert state.legal_texts() == [] and state.current_player == TERMINAL
    with pytest.raises(IllegalActionError, match="match is over"):
        state.apply_text("stand")


def test_scores_accumulate_and_the_deal_passes_left() -> None:
    state = played(HANDS_A, ["stand", *PLAY_A])
    state.deal(make_deal([HANDS_B[1], HANDS_B[0]], "9H"))  # dealer 0, eldest 1
    act(state, "stand", *PLAY_B)
    # seat 1 now plays seat 0's part of deal B: [3, 1] from 1's view
    assert last(state)["points"] == [3, 1] and state.scores() == [5, 3]
    assert [s.dealer for s in state.summaries()] == [1, 0]


# -- what a seat sees ------------------------------------------------------------------------


def test_views_hide_other_hands_discards_and_the_stock() -> None:
    state = played(HANDS_R, ["beg", "run", "discard AC", "discard 2S"], top=TOP_R)
    for seat in (0, 1):
        view = state.view(seat)
        other = {card_name(c) for c in state.view(1 - seat).hand}
        known = {card_name(c) for c in view.known_cards()}
        hidden = {card_name(c) for c in _cards(state.hidden_from(seat))}
        assert not known & hidden
        assert other <= hidden and not other & known
        stock = {card_name(c) for c in state.stock}
        assert stock <= hidden and not stock & known
        assert {"9H", "6C"} <= known  # the set-aside turn-up and the new turn-up are public
    assert state.view(0).public.to_json()["own_discards"] == ["AC", "2S"]
    assert state.view(1).public.to_json()["own_discards"] == []
    assert {"AC", "2S"} <= {card_name(c) for c in _cards(state.hidden_from(1))}
    assert [text for _, text in state.view(1).history] == ["beg", "run", "discard", "discard"]
    assert [text for _, text in state.view(0).history][-2:] == ["discard AC", "discard 2S"]


def test_played_cards_are_public() -> None:
    state = played(HANDS_A, ["stand", *PLAY_A[:3]])
    assert state.view(1).trick == ((0, parse_card("TS")),)
    assert parse_card("AH") in state.view(1).known_cards()


def _cards(mask: int) -> list[int]:
    return [card for card in range(64) if mask >> card & 1]


# -- the rule string and presets -------------------------------------------------------------


def test_presets() -> None:
    seven = load_game("all_fours")
    assert seven.rules.low_point == "captured" and seven.rules.game_tie == "nobody"
    assert seven.rules.target == 7 and seven.rules.void_rule == "any"
    english = load_game("all_fours(preset=all_fours)")
    assert english.rules.low_point == "dealt" and english.rules.game_tie == "non_dealer"
    with pytest.raises(RuleError, match="three_player_gift"):
        load_game("all_fours(three_player_gift=all)")
    with pytest.raises(RuleError, match="unknown"):
        load_game("all_fours(gift_may_wins=true)")


# Three players, dealer 2, spades trump.  T1 0:AS 1:2D 2:4S ->0 (4)
# T2 0:2S 1:3H 2:3D ->0  T3 0:3C 1:7C 2:9C ->2  T4 2:TD 0:5D 1:4H ->2 (10)
# T5 2:5H 0:4C 1:TH ->1 (10)  T6 1:8C 2:6H 0:6D ->1.  High AS 0, Low 2S 0 (held and won),
# no Jack; Game 4 / 10 / 10: seat 1 (non-dealer) and seat 2 (the dealer) tie.
HANDS_TIE3 = ["AS 2S 3C 4C 5D 6D", "2D 3H 7C 4H TH 8C", "4S 3D 9C TD 5H 6H"]
PLAY_TIE3 = plays("AS 2D 4S", "2S 3H 3D", "3C 7C 9C", "TD 5D 4H", "5H 4C TH", "8C 6H 6D")


def test_game_tie_non_dealer_three_players_option() -> None:
    """With ``game_tie=non_dealer`` the tied non-dealer scores (docs/rules/all_fours.md)."""
    state = played(HANDS_TIE3, ["stand", *PLAY_TIE3], turned="9S", players=3,
                   game_tie="non_dealer")  # fmt: skip
    assert last(state)["game_points"] == [4, 10, 10]
    assert last(state)["points"] == [2, 1, 0]
    state = played(HANDS_TIE3, ["stand", *PLAY_TIE3], turned="9S", players=3)
    assert last(state)["points"] == [2, 0, 0]


@pytest.mark.parametrize("players", [3, 4])
def test_all_fours_preset_game_tie_non_dealer_only_for_two(players: int) -> None:
    game = AllFours.from_spec({"preset": "all_fours"}, players)
    assert game.rules.game_tie == "nobody"
    if players == 3:
        state = played(HANDS_TIE3, ["stand", *PLAY_TIE3], turned="9S", players=3,
                       preset="all_fours")  # fmt: skip
        # Low dealt: 2S held by seat 0; tied Game scores nobody
        assert last(state)["points"] == [2, 0, 0]


def test_state_after_the_deal_is_chance() -> None:
    state = played(HANDS_A, ["stand", *PLAY_A])
    assert state.current_player == CHANCE and state.legal_texts() == []
    with pytest.raises(IllegalActionError, match="deal is due"):
        state.apply_text("stand")


def test_pop_undoes_a_thrown_in_deal_and_the_end_of_the_match() -> None:
    hands = [HANDS_A[0], "9H 7H TC QS 2S 6D"]
    top = runs_top(2, ["2H", "4H", "5H", "6H", "8H"], avoid=" ".join(hands) + " JH")
    state = played(hands, ["beg"], turned="JH", top=top)
    before = snapshot(state)
    act(state, "run")
    assert state.is_chance() and state.scores() == [0, 1]
    assert action_text(state.pop()) == "run"
    assert state.current_player == 1 and state.legal_texts() == ["give", "run"]
    assert snapshot(state) == before and state.scores() == [0, 1]  # the kick is kept
    state = played(HANDS_A, ["stand", *PLAY_A[:-1]], target=2)
    before = snapshot(state)
    act(state, PLAY_A[-1])
    assert state.is_terminal() and state.winner() == 0
    assert action_text(state.pop()) == PLAY_A[-1]
    assert snapshot(state) == before and state.winner() is None


def test_action_spellings() -> None:
    """Actions are case-insensitive and take every card spelling (RULES.md section 4)."""
    state = new_state()
    state.deal(make_deal(HANDS_A, "9H"))
    act(state, "STAND", "play ah", "Play 7♥", "play 10S", "PLAY J♥")
    assert state.history_texts() == [["stand", "play AH", "play 7H", "play TS", "play JH"]]
