"""Write the All Fours golden records of ``tests/golden/all_fours/``.

Run: ``python tests/golden/build_all_fours.py``.

Every hand, action and expected result below was worked out by hand from ``RULES.md``
section 2 (the trick-by-trick reasoning is in the comments); nothing here asks the engine.
The script only lays the data out as record files (``NAME.json``), expected replay results
(``NAME.expect.json``, a subset of the ``tricktable replay --json`` object) and expected
errors (``NAME.error.txt``: each line is a text the one-line error message must contain).

Every deal is the whole pack: six cards a hand, the turn-up, and the stock top first. Only
the cards that matter are chosen; ``deal`` puts ``top`` on the stock and the rest of the pack
below it in pack order (S H D C, 2 up to A). ``runs_top`` lays out a stock top for running
the cards: three cards per seat (eldest first) before each turn-up.

Notation in comments: ``T3 1:TC 0:5C ->1 (10)`` = trick 3, seat 1 leads TC, seat 0 plays 5C,
seat 1 wins it, 10 points of Game count (T 10, A 4, K 3, Q 2, J 1) in it.
Two-player records: seat 1 deals first, seat 0 is eldest (it stands or begs and leads).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

if __package__:
    from .writing import plays, write_goldens
else:  # run as a script
    from writing import plays, write_goldens

HERE = Path(__file__).resolve().parent / "all_fours"

PACK = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]


def discards(cards: str) -> list[str]:
    """``discard`` actions for these cards, in this order."""
    return [f"discard {card}" for card in cards.split()]


def deal(hands: list[str], turned: str, actions: list[str], top: str = "") -> dict[str, Any]:
    hand_cards = [hand.split() for hand in hands]
    top_cards = top.split()
    used = [card for hand in hand_cards for card in hand] + [turned, *top_cards]
    assert len(set(used)) == len(used), ("a card twice", hands, turned, top)
    rest = [card for card in PACK if card not in set(used)]
    return {
        "hands": hand_cards,
        "turned": turned,
        "stock": top_cards + rest,
        "actions": list(actions),
    }


def runs_top(players: int, turnups: list[str], avoid: str) -> str:
    """Three cards per seat before each turn-up: unused pack cards in pack order."""
    taken = set(avoid.split()) | set(turnups)
    filler = [card for card in PACK if card not in taken]
    out: list[str] = []
    for turnup in turnups:
        out.extend(filler.pop(0) for _ in range(3 * players))
        out.append(turnup)
    return " ".join(out)


def swap(hands: list[str]) -> list[str]:
    """Two hands exchanged: the same deal with seat 0 dealing (seat 1 eldest)."""
    return [hands[1], hands[0]]


def with_actions(d: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    return {**d, "actions": list(actions)}


def record(
    rules: Any, deals: list[dict[str, Any]], players: int = 2, first_dealer: int | None = None
) -> dict[str, Any]:
    return {
        "format": "tricktable/1",
        "game": "all_fours",
        "rules": rules,
        "players": players,
        "first_dealer": players - 1 if first_dealer is None else first_dealer,
        "deals": deals,
    }


def done(
    points: list[int],
    scores: list[int],
    tricks: list[int],
    trump: str | None,
    game_points: list[int] | None = None,
    dealer: int | None = None,
) -> dict[str, Any]:
    """A completed deal's summary."""
    out: dict[str, Any] = {
        "points": points,
        "scores": scores,
        "tricks": tricks,
        "trump": trump,
        "makers": None,
        "complete": True,
    }
    if game_points is not None:
        out["game_points"] = game_points
    if dealer is not None:
        out["dealer"] = dealer
    return out


def open_deal(
    points: list[int],
    scores: list[int],
    tricks: list[int],
    trump: str | None,
    game_points: list[int] | None = None,
) -> dict[str, Any]:
    """The deal a record stops inside: kick and gift already scored, tricks so far."""
    out = done(points, scores, tricks, trump, game_points)
    out["complete"] = False
    return out


def thrown(points: list[int], scores: list[int], dealer: int) -> dict[str, Any]:
    """A deal thrown in when the pack ran out (a kick already scored stands)."""
    zeros = [0] * len(points)
    return {
        **done(points, scores, zeros, None, zeros, dealer),
        "thrown_in": True,
    }


def between(scores: list[int]) -> dict[str, Any]:
    """Top level of a record that stops between deals."""
    return {"scores": scores, "finished": False, "winner": None, "to_act": None, "legal": []}


def waiting(scores: list[int], to_act: int, legal: list[str]) -> dict[str, Any]:
    """Top level of a record that stops inside a deal."""
    return {"scores": scores, "finished": False, "winner": None, "to_act": to_act, "legal": legal}


def won(scores: list[int], winner: int) -> dict[str, Any]:
    return {"scores": scores, "finished": True, "winner": winner}


def legal_plays(cards: str) -> list[str]:
    return sorted(f"play {card}" for card in cards.split())


def legal_discards(cards: str) -> list[str]:
    return sorted(f"discard {card}" for card in cards.split())


# ---------------------------------------------------------------------------------------
# Two-player deals (dealer 1, eldest 0), turn-up 9H unless said otherwise.

# A: 0 stands, hearts trump.  Trumps in play: AH 3H (0), JH 7H (1).
# T1 0:AH 1:7H (trump led: trump followed) ->0 (4)
# T2 0:TS 1:JH (1 trumps although it holds QS 2S) ->1 (11)
# T3 1:TC 0:5C ->1 (10)   T4 1:QS 0:KS ->0 (5)   T5 0:4D 1:6D ->1 (0)
# T6 1:2S 0:3H (void in spades, trumps) ->0 (0)
# High AH -> 0.  Low 3H: held by 0 and won by 0 -> 0.  Jack JH won by 1 in T2 -> 1.
# Game: 0 took AH 7H, QS KS, 2S 3H = 4 + 5 + 0 = 9; 1 took TS JH, TC 5C, 4D 6D = 11 + 10 = 21
# -> 1.  Points [2, 2]; tricks [3, 3].
HANDS_A = ["AH 3H TS KS 4D 5C", "JH 7H TC QS 2S 6D"]
PLAY_A = plays("AH 7H", "TS JH", "TC 5C", "QS KS", "4D 6D", "2S 3H")
A = deal(HANDS_A, "9H", ["stand", *PLAY_A])
# A with seat 0 dealing: seat 1 is eldest and plays seat 0's part: points [2, 2] as well.
A_SWAPPED = deal(swap(HANDS_A), "9H", ["stand", *PLAY_A])

# A with JH turned (kick: 1 to dealer 1) and 9H in seat 1's hand instead.
# T2 0:TS 1:9H ->1 (10); the rest as in A.  Trumps in play AH 3H 9H 7H; JH is not in play:
# no Jack.  High AH 0, Low 3H won by 0, Game 9 v 20 -> 1.  Points: kick 1 + [2, 1] = [2, 2].
HANDS_KICK = ["AH 3H TS KS 4D 5C", "9H 7H TC QS 2S 6D"]
PLAY_KICK = plays("AH 7H", "TS 9H", "TC 5C", "QS KS", "4D 6D", "2S 3H")
KICK = deal(HANDS_KICK, "JH", ["stand", *PLAY_KICK])

# B: Low held by 0, won by 1.  Trumps in play AH 2H (0), JH 7H (1).
# T1 0:TS 1:7H ->1 (10)   T2 1:JH 0:2H ->1 (1)   T3 1:TC 0:5C ->1 (10)
# T4 1:QS 0:KS ->0 (5)    T5 0:AH 1:3S (void in hearts, no trump) ->0 (4)   T6 0:4D 1:6D ->1
# High AH -> 0.  Low 2H: captured -> 1, dealt -> 0.  Jack JH (T2) -> 1.  Game 9 v 21 -> 1.
# seven_up [1, 3]; low_point dealt [2, 2].  Tricks [2, 4].
HANDS_B = ["AH 2H TS KS 4D 5C", "JH 7H TC QS 3S 6D"]
PLAY_B = plays("TS 7H", "JH 2H", "TC 5C", "QS KS", "AH 3S", "4D 6D")
B = deal(HANDS_B, "9H", ["stand", *PLAY_B])

# C: Game tied 14 v 14; JH in the stock (no Jack).  Trumps in play AH 3H (0), 7H 2H (1).
# T1 0:AH 1:2H ->0 (4)   T2 0:TS 1:5S ->0 (10)   T3 0:4S 1:7H (void in spades) ->1 (0)
# T4 1:TC 0:5C ->1 (10)  T5 1:AD 0:4D ->1 (4)    T6 1:8C 0:3H (void in clubs) ->0 (0)
# High AH -> 0.  Low 2H: held by 1, won by 0.  Game 4 + 10 = 14 v 10 + 4 = 14: tied.
# seven_up: [2, 0].  game_tie non_dealer: the non-dealer 0 -> [3, 0].
# all_fours preset (Low dealt, tie to the non-dealer): High 0, Low 1, Game 0 -> [2, 1].
HANDS_C = ["AH 3H TS 4S 4D 5C", "7H 2H TC 5S AD 8C"]
PLAY_C = plays("AH 2H", "TS 5S", "4S 7H", "TC 5C", "AD 4D", "8C 3H")
C = deal(HANDS_C, "9H", ["stand", *PLAY_C])

# D: JH the only trump in play: High, Low and Jack to 0, and Game 1 v 0 -> [4, 0].
# T1 0:JH 1:2C (no heart: any card) ->0 (1)   T2 0:2S 1:8S ->1   T3 1:9S 0:3S ->1
# T4 1:8D 0:4D ->1   T5 1:9D 0:5D ->1   T6 1:7C 0:6C ->1.  Tricks [1, 5].
HANDS_D = ["JH 2S 3S 4D 5D 6C", "8S 9S 8D 9D 2C 7C"]
PLAY_D = plays("JH 2C", "2S 8S", "9S 3S", "8D 4D", "9D 5D", "7C 6C")
D = deal(HANDS_D, "9H", ["stand", *PLAY_D])

# E: 5H the only trump (seat 1): High and Low to 1; no counting card: Game 0 v 0 tied.
# T1 0:2S 1:8S ->1   T2 1:9S 0:3S ->1   T3 1:8D 0:4D ->1   T4 1:9D 0:5D ->1
# T5 1:2C 0:6C ->0   T6 0:7C 1:5H (void in clubs) ->1.  seven_up [0, 2]; tricks [1, 5].
HANDS_E = ["2S 3S 4D 5D 6C 7C", "8S 9S 8D 9D 2C 5H"]
PLAY_E = plays("2S 8S", "9S 3S", "8D 4D", "9D 5D", "2C 6C", "7C 5H")
E = deal(HANDS_E, "9H", ["stand", *PLAY_E])

# R: 0 begs, 1 runs: 0 gets AC 2C 3D, 1 gets KC 4C 8D, 6C is turned: clubs, no kick.
# 0 (9 cards) discards AC 2S 3S, then 1 discards 6S 8S 9D.  In play: 2C (0), KC 4C (1);
# AC is discarded, 6C turned, JC in the stock: none of them in play.
# T1 0:AH 1:7H ->0 (4)   T2 0:KH 1:QH ->0 (5)   T3 0:4D 1:8D ->1 (0)
# T4 1:KC 0:2C (trump led) ->1 (3)   T5 1:TD 0:3D ->1 (10)   T6 1:4C 0:5D (no trump) ->1
# High KC -> 1.  Low 2C: won by 1 (captured), held by 0 (dealt).  Game 9 v 13 -> 1.
# seven_up [0, 3]; low_point dealt [1, 2].  Tricks [2, 4].
HANDS_R = ["AH KH 2S 3S 4D 5D", "QH 7H 6S 8S 9D TD"]
TOP_R = "AC 2C 3D KC 4C 8D 6C"
DISCARDS_R = ["discard AC", "discard 2S", "discard 3S", "discard 6S", "discard 8S", "discard 9D"]
PLAY_R = plays("AH 7H", "KH QH", "4D 8D", "KC 2C", "TD 3D", "4C 5D")
R = deal(HANDS_R, "9H", ["beg", "run", *DISCARDS_R, *PLAY_R], top=TOP_R)
# R with JC turned on the run (6C lower in the stock): kick to dealer 1; JC not in play.
R_KICK = deal(HANDS_R, "9H", ["beg", "run", *DISCARDS_R, *PLAY_R], top=TOP_R.replace("6C", "JC"))

# REPEAT: hearts rejected; run 1 turns JH (same suit: set aside, no kick), run 2 turns 2H
# (set aside), run 3 turns JS: spades trump, kick to dealer 1.
# 0 gets 2C 3C 4C, 8C 9C TC, 2D 3D 6D; 1 gets 5C 6C 7C, QC KC AC, 7D 8D TS (15 cards each).
# 0 discards its 9 new cards -> AH KH 2S 3S 4D 5D; 1 discards 5C 6C 7C QC KC AC 7D 8D 9D
# -> QH 7H 6S 8S TD TS.  Trumps in play 2S 3S (0), 6S 8S TS (1); JS turned.
# T1 0:AH 1:7H ->0 (4)   T2 0:KH 1:QH ->0 (5)   T3 0:4D 1:TD ->1 (10)
# T4 1:TS 0:2S (trump led) ->1 (10)   T5 1:6S 0:3S ->1   T6 1:8S 0:5D (no trump) ->1
# High TS 1, Low 2S won by 1, no Jack, Game 9 v 20 -> 1: kick 1 + 3 = [0, 4].  Tricks [2, 4].
REPEAT_TOP = "2C 3C 4C 5C 6C 7C JH 8C 9C TC QC KC AC 2H 2D 3D 6D 7D 8D TS JS"
REPEAT_DISCARDS = discards("2C 3C 4C 8C 9C TC 2D 3D 6D") + discards("5C 6C 7C QC KC AC 7D 8D 9D")
REPEAT_PLAY = plays("AH 7H", "KH QH", "4D TD", "TS 2S", "6S 3S", "8S 5D")
REPEAT = deal(HANDS_R, "9H", ["beg", "run", *REPEAT_DISCARDS, *REPEAT_PLAY], top=REPEAT_TOP)

# PACK OUT (two players): JH turned (kick to dealer 1), 0 begs, 1 runs.  The stock of 39
# allows five runs of 7; every turn-up is a heart (2H 4H 5H 6H 8H), then 4 cards are left,
# fewer than 3 + 3 + 1: thrown in, the kick stands, dealer 1 deals again.
PACK_OUT_2 = deal(
    HANDS_KICK,
    "JH",
    ["beg", "run"],
    top=runs_top(2, ["2H", "4H", "5H", "6H", "8H"], " ".join(HANDS_KICK) + " JH"),
)

# ---------------------------------------------------------------------------------------
# Three players: dealer 2, eldest 0, play 0 -> 1 -> 2.  Turn-up 9S.
# T1 0:AS 1:7S 2:3S ->0 (4)     T2 0:KH 1:QH 2:TH ->0 (15)   T3 0:4D 1:TD 2:8D ->1 (10)
# T4 1:6C 2:9C 0:2S (void) ->0  T5 0:3H 1:6H 2:8H ->2        T6 2:7D 0:5D 1:JS (void) ->1 (1)
# Trumps AS 2S (0), JS 7S (1), 3S (2).  High AS 0; Low 2S held and won by 0; Jack JS won by
# 1; Game 19 / 11 / 0 -> 0.  Points [3, 1, 0]; tricks [3, 2, 1].
HANDS_3 = ["AS 2S KH 3H 4D 5D", "JS 7S QH 6H TD 6C", "3S TH 8D 9C 8H 7D"]
PLAY_3 = plays("AS 7S 3S", "KH QH TH", "4D TD 8D", "6C 9C 2S", "3H 6H 8H", "7D 5D JS")
THREE = deal(HANDS_3, "9S", ["stand", *PLAY_3])
# Eldest begs, the dealer gives: eldest 0 (or 0 and 1 with three_player_gift=both) +1.
THREE_GIFT = deal(HANDS_3, "9S", ["beg", "give", *PLAY_3])
# Anticlockwise: seat 0's cards to 1 and 1's to 0; dealer 2, eldest 1 (its right), play
# 1 -> 0 -> 2.  The same tricks: points [1, 3, 0], tricks [2, 3, 1], Game 11 / 19 / 0.
THREE_ANTI = deal([HANDS_3[1], HANDS_3[0], HANDS_3[2]], "9S", ["stand", *PLAY_3])
# A run turning JD: 0, 1, 2 get 2C 3C 4C / 5C 7C 8C / TC QC KC; diamonds; kick to dealer 2.
THREE_RUN_KICK = deal(HANDS_3, "9S", ["beg", "run"], top="2C 3C 4C 5C 7C 8C TC QC KC JD")

# TIE3 (three players, spades): T1 0:AS 1:2D (void) 2:4S ->0 (4)   T2 0:2S 1:3H 2:3D ->0
# T3 0:3C 1:7C 2:9C ->2   T4 2:TD 0:5D 1:4H (void) ->2 (10)   T5 2:5H 0:4C (void) 1:TH ->1 (10)
# T6 1:8C 2:6H 0:6D ->1.  High AS 0, Low 2S 0, no Jack; Game 4 / 10 / 10: seat 1 ties the
# dealer (seat 2).  game_tie non_dealer: the one tied non-dealer side, seat 1 -> [2, 1, 0]
# (docs/rules/all_fours.md); nobody -> [2, 0, 0].  Tricks [2, 2, 2].
HANDS_TIE3 = ["AS 2S 3C 4C 5D 6D", "2D 3H 7C 4H TH 8C", "4S 3D 9C TD 5H 6H"]
PLAY_TIE3 = plays("AS 2D 4S", "2S 3H 3D", "3C 7C 9C", "TD 5D 4H", "5H 4C TH", "8C 6H 6D")
TIE3 = deal(HANDS_TIE3, "9S", ["stand", *PLAY_TIE3])

# ---------------------------------------------------------------------------------------
# Four players: dealer 3, eldest 0, turn-up 9D, 0 stands: diamonds.
# T1 0:AD 1:8D 2:2D 3:7D ->0 (4)      T2 0:KS 1:QS 2:TS 3:6S ->0 (15)
# T3 0:2C 1:3C 2:5C 3:AC ->3 (4)      T4 3:TC 0:4H 1:JD 2:4S ->1 (11)
# T5 1:6H 2:8H 3:2H 0:5H ->2 (0)      T6 2:9H 3:8S 0:3D 1:7H ->0 (0)
# Trumps AD 3D (0), JD 8D (1), 2D (2), 7D (3).  High AD 0; Low 2D held by 2, won by 0;
# Jack JD won by 1.  Partners: sides 0 (0, 2) and 1 (1, 3): Game 19 v 15 -> side 0;
# points [3, 1], tricks [4, 2].  No partners: Game 19 / 11 / 0 / 4 -> 0: [3, 1, 0, 0],
# tricks [3, 1, 1, 1].
HANDS_4 = ["AD 3D KS 2C 4H 5H", "JD 8D QS 3C 6H 7H", "2D TS 4S 5C 8H 9H", "7D TC AC 6S 8S 2H"]
PLAY_4 = plays(
    "AD 8D 2D 7D", "KS QS TS 6S", "2C 3C 5C AC", "TC 4H JD 4S", "6H 8H 2H 5H", "9H 8S 3D 7H"
)
FOUR = deal(HANDS_4, "9D", ["stand", *PLAY_4])
FOUR_GIFT = deal(HANDS_4, "9D", ["beg", "give", *PLAY_4])
# Anticlockwise: seat s gets the hand of 3 - s; dealer 0, eldest 3 (its right), play
# 3 -> 2 -> 1 -> 0.  The old side 0 (seats 0, 2) sits at 3, 1: side 1.  Points [1, 3],
# tricks [2, 4], Game 15 v 19.
FOUR_ANTI = deal([HANDS_4[3 - seat] for seat in range(4)], "9D", ["stand", *PLAY_4])
# PACK OUT (four players): 0 begs, 3 runs; the stock of 27 allows two runs of 13: 4D, 5D
# repeat diamonds, 1 card left: thrown in (no kick: 9D); dealer 3 deals again.
PACK_OUT_4 = deal(
    HANDS_4, "9D", ["beg", "run"], top=runs_top(4, ["4D", "5D"], " ".join(HANDS_4) + " 9D")
)

# ---------------------------------------------------------------------------------------
GOLDENS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
ERRORS: dict[str, tuple[Any, list[str]]] = {}


def golden(name: str, rec: dict[str, Any], expect: dict[str, Any]) -> None:
    assert name not in GOLDENS, name
    GOLDENS[name] = (rec, expect)


def error(name: str, rec: Any, needles: list[str]) -> None:
    assert name not in ERRORS, name
    ERRORS[name] = (rec, needles)


SU: dict[str, Any] = {"preset": "seven_up"}
AF: dict[str, Any] = {"preset": "all_fours"}
TWO = {"game": "all_fours", "sides": [[0], [1]]}

# -- High, Low, Jack, Game ---------------------------------------------------------------
golden(
    "su_high_low_jack_game",
    record(SU, [A]),
    {**TWO, "deals": [done([2, 2], [2, 2], [3, 3], "H", [9, 21], 1)], **between([2, 2])},
)
golden(
    "su_low_captured",
    record(SU, [B]),
    {"deals": [done([1, 3], [1, 3], [2, 4], "H", [9, 21])], **between([1, 3])},
)
golden(
    "af_low_dealt",
    record(AF, [B]),
    {"deals": [done([2, 2], [2, 2], [2, 4], "H", [9, 21])], **between([2, 2])},
)
golden(
    "su_game_tie_nobody",
    record(SU, [C]),
    {"deals": [done([2, 0], [2, 0], [3, 3], "H", [14, 14])], **between([2, 0])},
)
golden(
    "su_game_tie_non_dealer",
    record({"game_tie": "non_dealer"}, [C]),
    {"deals": [done([3, 0], [3, 0], [3, 3], "H", [14, 14])], **between([3, 0])},
)
golden(
    "af_game_tie_two_players",
    record(AF, [C]),
    {"deals": [done([2, 1], [2, 1], [3, 3], "H", [14, 14])], **between([2, 1])},
)
golden(
    "su_lone_trump_jack",
    record(SU, [D]),
    {"deals": [done([4, 0], [4, 0], [1, 5], "H", [1, 0])], **between([4, 0])},
)
golden(
    "su_lone_trump_game_nil",
    record(SU, [E]),
    {"deals": [done([0, 2], [0, 2], [1, 5], "H", [0, 0])], **between([0, 2])},
)
# Game 0 v 0 tied; game_tie non_dealer gives it to seat 0: [1, 2].
golden(
    "lone_trump_nil_tie_non_dealer",
    record({"game_tie": "non_dealer"}, [E]),
    {"deals": [done([1, 2], [1, 2], [1, 5], "H", [0, 0])], **between([1, 2])},
)
# Two deals: A (dealer 1) 2-2, then B with the hands exchanged (dealer 0, eldest 1): seat 1
# plays seat 0's part of B and gets High only ([1, 3] mirrored is [3, 1]).
golden(
    "two_deals_dealer_passes",
    record(SU, [A, deal(swap(HANDS_B), "9H", ["stand", *PLAY_B])]),
    {
        "deals": [
            done([2, 2], [2, 2], [3, 3], "H", [9, 21], 1),
            done([3, 1], [5, 3], [4, 2], "H", [21, 9], 0),
        ],
        **between([5, 3]),
    },
)

# -- kick and gift -----------------------------------------------------------------------
golden(
    "kick_first_turn_up",
    record(SU, [KICK]),
    {"deals": [done([2, 2], [2, 2], [3, 3], "H", [9, 20], 1)], **between([2, 2])},
)
golden(
    "kick_stop_at_start",
    record(SU, [with_actions(KICK, [])]),
    {
        "deals": [open_deal([0, 1], [0, 1], [0, 0], None, [0, 0])],
        **waiting([0, 1], 0, ["beg", "stand"]),
    },
)
golden(
    "kick_on_run_turn_up",
    record(SU, [R_KICK]),
    {"deals": [done([0, 4], [0, 4], [2, 4], "C", [9, 13])], **between([0, 4])},
)
# Gift 1 to eldest 0, then A's play: [1 + 2, 2].
golden(
    "gift",
    record(SU, [with_actions(A, ["beg", "give", *PLAY_A])]),
    {"deals": [done([3, 2], [3, 2], [3, 3], "H", [9, 21])], **between([3, 2])},
)
golden(
    "gift_stop_after_beg",
    record(SU, [with_actions(A, ["beg"])]),
    {"deals": [open_deal([0, 0], [0, 0], [0, 0], None)], **waiting([0, 0], 1, ["give", "run"])},
)
golden(
    "gift_stop_after_give",
    record(SU, [with_actions(A, ["beg", "give"])]),
    {
        "deals": [open_deal([1, 0], [1, 0], [0, 0], "H")],
        **waiting([1, 0], 0, legal_plays(HANDS_A[0])),
    },
)

# -- a whole match to 7 ------------------------------------------------------------------
# A, A swapped, A, A swapped: 2-2, 4-4, 6-6, then in deal 4 seat 1 (eldest) takes High
# first and reaches 7 at once; seat 0 would reach 7 too with Jack and Game, but the match
# is over.  Deal 4: points [0, 1], tricks [3, 3] (all six tricks were played).
MATCH_3 = [A, A_SWAPPED, A]
MATCH_3_SHEET = [
    done([2, 2], [2, 2], [3, 3], "H", [9, 21], 1),
    done([2, 2], [4, 4], [3, 3], "H", [21, 9], 0),
    done([2, 2], [6, 6], [3, 3], "H", [9, 21], 1),
]
golden(
    "match_to_seven_high_first",
    record(SU, [*MATCH_3, A_SWAPPED]),
    {
        **TWO,
        "deals": [*MATCH_3_SHEET, done([0, 1], [6, 7], [3, 3], "H", [21, 9], 0)],
        **won([6, 7], 1),
    },
)
# At 6-6, deal 4 (dealer 0): eldest 1 begs; a gift would take it to 7: the dealer must run.
golden(
    "gift_refused_would_win",
    record(SU, [*MATCH_3, with_actions(A_SWAPPED, ["beg"])]),
    {
        "deals": [*MATCH_3_SHEET, open_deal([0, 0], [6, 6], [0, 0], None)],
        **waiting([6, 6], 0, ["run"]),
    },
)
golden(
    "gift_may_win_allowed",
    record({"gift_may_win": True}, [*MATCH_3, with_actions(A_SWAPPED, ["beg"])]),
    {
        "deals": [*MATCH_3_SHEET, open_deal([0, 0], [6, 6], [0, 0], None)],
        **waiting([6, 6], 0, ["give", "run"]),
    },
)
# The gift wins the match at once: deal 4 complete with the gift point only.  (Its trump is
# not compared: the match is over before a card is played.)
GIFT_WINS = done([0, 1], [6, 7], [0, 0], None)
del GIFT_WINS["trump"]
golden(
    "gift_may_win_ends_match",
    record({"gift_may_win": True}, [*MATCH_3, with_actions(A_SWAPPED, ["beg", "give"])]),
    {"deals": [*MATCH_3_SHEET, GIFT_WINS], **won([6, 7], 1)},
)
# At 6-6, deal 4 (dealer 0) turns JH: the kick takes the dealer to 7.
golden(
    "match_ends_on_kick",
    record(SU, [*MATCH_3, deal(swap(HANDS_KICK), "JH", [])]),
    {"deals": [*MATCH_3_SHEET, done([1, 0], [7, 6], [0, 0], None)], **won([7, 6], 0)},
)

# -- the target reached in the middle of the count -----------------------------------------
# A, target 2: High and Low take 0 to 2 at once; 1 would also reach 2 with Jack and Game.
golden(
    "target_mid_count_low",
    record({"target": 2}, [A]),
    {"deals": [done([2, 0], [2, 0], [3, 3], "H", [9, 21])], **won([2, 0], 0)},
)
# B, target 2: High 0 (1), Low 1 (1), Jack 1 (2): seat 1 wins on the Jack; Game not counted.
golden(
    "target_mid_count_jack",
    record({"target": 2}, [B]),
    {"deals": [done([1, 2], [1, 2], [2, 4], "H", [9, 21])], **won([1, 2], 1)},
)

# -- running the cards ---------------------------------------------------------------------
golden(
    "run_once",
    record(SU, [R]),
    {"deals": [done([0, 3], [0, 3], [2, 4], "C", [9, 13])], **between([0, 3])},
)
golden(
    "af_run_once_low_dealt",
    record(AF, [R]),
    {"deals": [done([1, 2], [1, 2], [2, 4], "C", [9, 13])], **between([1, 2])},
)
golden(
    "run_stop_in_discards",
    record(SU, [with_actions(R, ["beg", "run", "discard AC"])]),
    {
        "deals": [open_deal([0, 0], [0, 0], [0, 0], "C")],
        **waiting([0, 0], 0, legal_discards("AH KH 2S 3S 4D 5D 2C 3D")),
    },
)
golden(
    "run_stop_at_dealer_discard",
    record(SU, [with_actions(R, ["beg", "run", *DISCARDS_R[:3]])]),
    {
        "deals": [open_deal([0, 0], [0, 0], [0, 0], "C")],
        **waiting([0, 0], 1, legal_discards("QH 7H 6S 8S 9D TD KC 4C 8D")),
    },
)
golden(
    "repeated_runs",
    record(SU, [REPEAT]),
    {"deals": [done([0, 4], [0, 4], [2, 4], "S", [9, 20])], **between([0, 4])},
)
golden(
    "repeated_runs_stop_at_first_lead",
    record(SU, [with_actions(REPEAT, ["beg", "run", *REPEAT_DISCARDS])]),
    {
        "deals": [open_deal([0, 1], [0, 1], [0, 0], "S", [0, 0])],
        **waiting([0, 1], 0, legal_plays("AH KH 2S 3S 4D 5D")),
    },
)
golden(
    "repeated_runs_stop_at_discards",
    record(SU, [with_actions(REPEAT, ["beg", "run"])]),
    {
        "deals": [open_deal([0, 1], [0, 1], [0, 0], "S")],
        **waiting([0, 1], 0, legal_discards("AH KH 2S 3S 4D 5D 2C 3C 4C 8C 9C TC 2D 3D 6D")),
    },
)
# The pack runs out: thrown in with the kick standing; dealer 1 deals again (KICK: [2, 2]).
golden(
    "pack_runs_out_two_players",
    record(SU, [PACK_OUT_2, KICK]),
    {
        "deals": [thrown([0, 1], [0, 1], 1), done([2, 2], [2, 3], [3, 3], "H", [9, 20], 1)],
        **between([2, 3]),
    },
)
golden(
    "pack_runs_out_stop_after",
    record(SU, [PACK_OUT_2]),
    {"deals": [thrown([0, 1], [0, 1], 1)], **between([0, 1])},
)

# -- three players -----------------------------------------------------------------------
THREE_SIDES = {"sides": [[0], [1], [2]]}
golden(
    "three_players",
    record(SU, [THREE], players=3),
    {
        **THREE_SIDES,
        "deals": [done([3, 1, 0], [3, 1, 0], [3, 2, 1], "S", [19, 11, 0], 2)],
        **between([3, 1, 0]),
    },
)
golden(
    "three_players_gift_eldest",
    record(SU, [THREE_GIFT], players=3),
    {"deals": [done([4, 1, 0], [4, 1, 0], [3, 2, 1], "S", [19, 11, 0])], **between([4, 1, 0])},
)
golden(
    "three_players_gift_both",
    record({"three_player_gift": "both"}, [THREE_GIFT], players=3),
    {"deals": [done([4, 2, 0], [4, 2, 0], [3, 2, 1], "S", [19, 11, 0])], **between([4, 2, 0])},
)
golden(
    "three_players_anticlockwise",
    record({"direction": "anticlockwise"}, [THREE_ANTI], players=3),
    {
        **THREE_SIDES,
        "deals": [done([1, 3, 0], [1, 3, 0], [2, 3, 1], "S", [11, 19, 0], 2)],
        **between([1, 3, 0]),
    },
)
golden(
    "three_players_anticlockwise_next_dealer",
    record({"direction": "anticlockwise"}, [THREE_ANTI, deal(HANDS_3, "9S", [])], players=3),
    {
        "deals": [
            done([1, 3, 0], [1, 3, 0], [2, 3, 1], "S", [11, 19, 0], 2),
            open_deal([0, 0, 0], [1, 3, 0], [0, 0, 0], None),
        ],
        # dealer 1 now (the deal passed right); eldest is seat 0, on its right
        **waiting([1, 3, 0], 0, ["beg", "stand"]),
    },
)
golden(
    "three_players_kick_on_run",
    record(SU, [THREE_RUN_KICK], players=3),
    {
        "deals": [open_deal([0, 0, 1], [0, 0, 1], [0, 0, 0], "D")],
        **waiting([0, 0, 1], 0, legal_discards("AS 2S KH 3H 4D 5D 2C 3C 4C")),
    },
)
golden(
    "three_players_game_tie_non_dealer",
    record({"game_tie": "non_dealer"}, [TIE3], players=3),
    {"deals": [done([2, 1, 0], [2, 1, 0], [2, 2, 2], "S", [4, 10, 10])], **between([2, 1, 0])},
)
golden(
    "three_players_game_tie_nobody",
    record(SU, [TIE3], players=3),
    {"deals": [done([2, 0, 0], [2, 0, 0], [2, 2, 2], "S", [4, 10, 10])], **between([2, 0, 0])},
)

# The all_fours preset with three players: RULES.md 2.5 gives it game_tie non_dealer *for 2
# players*, so with three a tied Game scores for nobody: High 0, Low (dealt) 2S 0 -> [2, 0, 0].
golden(
    "af_three_players_game_tie",
    record(AF, [TIE3], players=3),
    {"deals": [done([2, 0, 0], [2, 0, 0], [2, 2, 2], "S", [4, 10, 10])], **between([2, 0, 0])},
)

# -- four players ------------------------------------------------------------------------
golden(
    "four_partners",
    record(SU, [FOUR], players=4),
    {
        "sides": [[0, 2], [1, 3]],
        "deals": [done([3, 1], [3, 1], [4, 2], "D", [19, 15], 3)],
        **between([3, 1]),
    },
)
golden(
    "four_partners_gift",
    record(SU, [FOUR_GIFT], players=4),
    {"deals": [done([4, 1], [4, 1], [4, 2], "D", [19, 15])], **between([4, 1])},
)
golden(
    "four_partners_only_eldest_and_dealer_decide",
    record(SU, [with_actions(FOUR, ["beg"])], players=4),
    {"deals": [open_deal([0, 0], [0, 0], [0, 0], None)], **waiting([0, 0], 3, ["give", "run"])},
)
golden(
    "four_no_partners",
    record({"partnerships": False}, [FOUR], players=4),
    {
        "sides": [[0], [1], [2], [3]],
        "deals": [done([3, 1, 0, 0], [3, 1, 0, 0], [3, 1, 1, 1], "D", [19, 11, 0, 4])],
        **between([3, 1, 0, 0]),
    },
)
golden(
    "four_anticlockwise",
    record({"direction": "anticlockwise"}, [FOUR_ANTI], players=4, first_dealer=0),
    {"deals": [done([1, 3], [1, 3], [2, 4], "D", [15, 19], 0)], **between([1, 3])},
)
golden(
    "four_anticlockwise_stop_second_trick",
    record(
        {"direction": "anticlockwise"},
        [with_actions(FOUR_ANTI, ["stand", *PLAY_4[:6]])],
        players=4,
        first_dealer=0,
    ),
    # T1 won by 3 (AD); T2: 3 led KS, 2 played QS; 1 (2D TS 4S 5C 8H 9H less 2D) must follow
    # spades or trump: no trump left, so TS or 4S.
    {
        "deals": [open_deal([0, 0], [0, 0], [0, 1], "D", [0, 4])],
        **waiting([0, 0], 1, ["play 4S", "play TS"]),
    },
)
golden(
    "pack_runs_out_four_players",
    record(SU, [PACK_OUT_4, FOUR], players=4),
    {
        "deals": [thrown([0, 0], [0, 0], 3), done([3, 1], [3, 1], [4, 2], "D", [19, 15], 3)],
        **between([3, 1]),
    },
)

# -- following ---------------------------------------------------------------------------
# C after T1, T2 and 0's lead of 4S: seat 1 holds 7H TC AD 8C, no spade.
golden(
    "void_any_card",
    record(SU, [with_actions(C, ["stand", *PLAY_C[:5]])]),
    {
        "deals": [open_deal([0, 0], [0, 0], [2, 0], "H", [14, 0])],
        **waiting([0, 0], 1, ["play 7H", "play 8C", "play AD", "play TC"]),
    },
)
golden(
    "void_must_trump",
    record({"void_rule": "must_trump"}, [with_actions(C, ["stand", *PLAY_C[:5]])]),
    {
        "deals": [open_deal([0, 0], [0, 0], [2, 0], "H", [14, 0])],
        **waiting([0, 0], 1, ["play 7H"]),
    },
)
# A, T2: 0 leads TS; seat 1 (JH TC QS 2S 6D) follows spades or trumps: not TC or 6D.
golden(
    "follow_or_trump",
    record(SU, [with_actions(A, ["stand", *PLAY_A[:3]])]),
    {
        "deals": [open_deal([0, 0], [0, 0], [1, 0], "H", [4, 0])],
        **waiting([0, 0], 1, ["play 2S", "play JH", "play QS"]),
    },
)
# B, T2: 1 leads JH; seat 0 must follow trumps (AH 2H).
golden(
    "trump_led_followed_by_trump",
    record(SU, [with_actions(B, ["stand", *PLAY_B[:3]])]),
    {
        "deals": [open_deal([0, 0], [0, 0], [0, 1], "H", [0, 10])],
        **waiting([0, 0], 0, ["play 2H", "play AH"]),
    },
)
# must_trump changes nothing in A (nobody is void in a plain suit while holding a trump,
# except seat 0 in T6 whose only card is a trump): same result.
golden(
    "must_trump_whole_deal",
    record({"void_rule": "must_trump"}, [A]),
    {"deals": [done([2, 2], [2, 2], [3, 3], "H", [9, 21])], **between([2, 2])},
)

# -- spellings ---------------------------------------------------------------------------
# A again, its actions written in other accepted spellings (case, 10 for T, suit symbols).
golden(
    "action_spellings",
    record(
        SU,
        [
            with_actions(
                A,
                [
                    *("STAND", "play ah", "Play 7♥", "play 10S", "PLAY J♥", "play tc"),
                    *("play 5♣", *PLAY_A[6:]),
                ],
            )
        ],
    ),
    {"deals": [done([2, 2], [2, 2], [3, 3], "H", [9, 21])], **between([2, 2])},
)


# -- errors ------------------------------------------------------------------------------
error(
    "err_neither_follows_nor_trumps",
    record(SU, [with_actions(A, ["stand", *PLAY_A[:3], "play 6D"])]),
    [
        "deal 0, action 4",
        "play 6D",
        "follow the led suit or play a trump",
        "play 2S, play JH, play QS",
    ],
)
error(
    "err_trump_led_not_followed",
    record(SU, [with_actions(B, ["stand", *PLAY_B[:3], "play KS"])]),
    ["deal 0, action 4", "play KS", "follow the led suit or play a trump", "play 2H, play AH"],
)
error(
    "err_must_trump_void",
    record({"void_rule": "must_trump"}, [with_actions(C, ["stand", *PLAY_C[:5], "play TC"])]),
    ["deal 0, action 6", "play TC", "must_trump", "legal actions: play 7H"],
)
error(
    "err_give_refused",
    record(SU, [*MATCH_3, with_actions(A_SWAPPED, ["beg", "give"])]),
    ["deal 3, action 1", "give", "gift_may_win", "legal actions: run"],
)
error(
    "err_give_before_beg",
    record(SU, [with_actions(A, ["give"])]),
    ["deal 0, action 0", "give", "legal actions: beg, stand"],
)
error(
    "err_stand_after_beg",
    record(SU, [with_actions(A, ["beg", "stand"])]),
    ["deal 0, action 1", "stand", "legal actions: give, run"],
)
error(
    "err_discard_not_held",
    record(SU, [with_actions(R, ["beg", "run", "discard KC"])]),
    ["deal 0, action 2", "discard KC", "does not hold KC"],
)
error(
    "err_play_while_discarding",
    record(SU, [with_actions(R, ["beg", "run", "play AH"])]),
    ["deal 0, action 2", "play AH", "discard AC"],
)
error(
    "err_action_after_match_over",
    record({"target": 1}, [with_actions(KICK, ["stand"])]),
    ["deal 0, action 0", "stand", "the match is over"],
)
error(
    "err_action_after_deal_end",
    record(SU, [with_actions(A, [*A["actions"], "stand"])]),
    ["deal 0, action 13", "stand"],
)
error(
    "err_deal_after_match_over",
    record({"target": 2}, [A, A_SWAPPED]),
    ["deal 1", "match is over"],
)
error(
    "err_deal_before_previous_finished",
    record(SU, [with_actions(A, ["stand"]), A_SWAPPED]),
    ["deal 1", "unfinished"],
)
error(
    "err_stock_short",
    record(SU, [{**A, "stock": A["stock"][:-1]}]),
    ["deal 0", "51 cards", "whole deck"],
)
error(
    "err_stock_card_twice",
    record(SU, [{**A, "stock": [*A["stock"][:-1], "AH"]}]),
    ["deal 0", "AH", "twice"],
)
error(
    "err_duplicate_card_in_hands",
    record(SU, [{**A, "hands": [HANDS_A[0].split(), ["AH", *HANDS_A[1].split()[1:]]]}]),
    ["deal 0", "AH", "twice"],
)
error(
    "err_wrong_hand_size",
    record(
        SU,
        [
            {
                **A,
                "hands": [[*HANDS_A[0].split(), A["stock"][0]], HANDS_A[1].split()],
                "stock": A["stock"][1:],
            }
        ],
    ),
    ["deal 0", "seat 0 holds 7 cards"],
)
error(
    "err_joker_in_stock",
    record(SU, [{**A, "stock": [*A["stock"][:-1], "JO"]}]),
    ["deal 0", "JO", "not in this game's deck"],
)
error(
    "err_turned_missing",
    record(SU, [{**A, "turned": None, "stock": ["9H", *A["stock"]]}]),
    ["deal 0", "turned card"],
)
error(
    "err_unknown_option",
    record({"gift_may_wins": True}, [A]),
    ["gift_may_wins"],
)
error(
    "err_bad_option_value",
    record({"three_player_gift": "all"}, [A]),
    ["three_player_gift", "all"],
)
error("err_unknown_preset", record({"preset": "pitch"}, [A]), ["pitch"])
error("err_five_players", record(SU, [A], players=5), ["5"])
error(
    "err_hands_for_three_in_two_player_game",
    record(SU, [THREE]),
    ["deal 0", "3 hands"],
)


# ---------------------------------------------------------------------------------------
def check_cards(name: str, rec: dict[str, Any]) -> None:
    """Independent sanity check of a valid golden's cards (the whole pack, 6 a hand)."""
    for index, d in enumerate(rec["deals"]):
        everything = [c for hand in d["hands"] for c in hand] + [d["turned"], *d["stock"]]
        assert all(len(hand) == 6 for hand in d["hands"]), (name, index)
        assert len(d["hands"]) == rec["players"], (name, index)
        assert sorted(everything) == sorted(PACK), (name, index)


def main() -> None:
    write_goldens(HERE, GOLDENS, ERRORS, check=check_cards)


if __name__ == "__main__":
    main()
