"""Write the Romanian Whist golden records of ``tests/golden/romanian_whist/``.

Run: ``python tests/golden/build_romanian_whist.py``. Every hand, action and expected
result below was worked out by hand from ``RULES.md`` section 3 (the trick-by-trick
reasoning is in the comments); nothing here asks the engine. The script only lays the
data out as record files (``NAME.json``), expected replay results (``NAME.expect.json``,
a subset of the ``tricktable replay --json`` object) and expected errors
(``NAME.error.txt``: each line is a text the one-line error message must contain).

Notation in the comments: ``D`` dealer, eldest ``D+1`` bids first and leads; the last
bidder (the dealer; with a dead hand the seat on the dealer's right) may not make the
bids total the hand size (the hook). Exact: 5 + bid (Oh Hell 10 + bid); a miss: minus the
difference (Oh Hell: the tricks taken).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

if __package__:
    from .writing import plays, write_goldens
else:  # run as a script
    from writing import plays, write_goldens

HERE = Path(__file__).resolve().parent / "romanian_whist"

RANKS = "AKQJT98765432"


def deck(players: int, jokers: bool = False, full: bool = False) -> set[str]:
    """RULES.md 3.1: the top 8 x n cards (7 players dead hand: 48; jokers: 56), or 52."""
    if full:
        return {r + s for s in "SHDC" for r in RANKS}
    per_suit = 2 * min(players, 6)
    cards = {r + s for s in "SHDC" for r in RANKS[:per_suit]}
    if jokers:
        cards |= {r + s for s in "SHDC" for r in RANKS} | {"1S", "1H", "1D", "1C"}
    return cards


def bids(*numbers: int) -> list[str]:
    return [f"bid {n}" for n in numbers]


def deal(hands: list[str], turned: str | None, stock: str, actions: list[str]) -> dict[str, Any]:
    return {
        "hands": [h.split() for h in hands],
        "turned": turned,
        "stock": stock.split(),
        "actions": actions,
    }


def with_actions(d: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    return {**d, "actions": actions}


def record(
    players: int, rules: Any, deals: list[dict[str, Any]], first_dealer: int
) -> dict[str, Any]:
    return {
        "format": "tricktable/1",
        "game": "romanian_whist",
        "rules": rules,
        "players": players,
        "first_dealer": first_dealer,
        "deals": deals,
    }


def done(
    points: list[int],
    scores: list[int],
    tricks: list[int],
    trump: str | None,
    bid_list: list[int | None],
    **extra: Any,
) -> dict[str, Any]:
    """A completed deal's summary (``extra``: dealer, hand_size, row)."""
    return {
        "points": points,
        "scores": scores,
        "tricks": tricks,
        "trump": trump,
        "makers": None,
        "bids": bid_list,
        "complete": True,
        **extra,
    }


def open_deal(
    scores: list[int],
    trump: str | None,
    bid_list: list[int | None],
    tricks: list[int] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A deal the record stops inside: nothing scored in it yet."""
    n = len(scores)
    return {
        "points": [0] * n,
        "scores": scores,
        "tricks": tricks or [0] * n,
        "trump": trump,
        "makers": None,
        "bids": bid_list,
        "complete": False,
        **extra,
    }


def between(n: int) -> dict[str, Any]:
    """The record ends after a complete deal; the match goes on (a deal is due)."""
    return {"sides": [[s] for s in range(n)], "finished": False, "winner": None}


BETWEEN_DEALS: dict[str, Any] = {"to_act": None, "legal": []}

# ---------------------------------------------------------------------------------------
# Four players (32 cards, 7..A), first dealer 3: deal 0 dealer 3, eldest 0, order 0 1 2 3.
# 1-card deal, 8S turned: spades trump.
# Bids 0:1 1:1 2:0 3:0 (total 2 > 1, nothing barred). 0 leads AH, 1 is void in hearts and
# holds the trump 7S (must trump), 2 KH, 3 9D -> seat 1.
# Points: 0 bid 1 took 0: -1; 1 exact 1: 6; 2, 3 exact 0: 5.
R4_D0 = deal(["AH", "7S", "KH", "9D"], "8S", "QC JD", [*bids(1, 1, 0, 0), *plays("AH 7S KH 9D")])
R4_D0_DONE = done([-1, 6, 5, 5], [-1, 6, 5, 5], [0, 1, 0, 0], "S", [1, 1, 0, 0], dealer=3)

# Deal 1: dealer 0, eldest 1, order 1 2 3 0; 8H turned: hearts trump.
# Bids 1:0 2:1 3:0, the dealer 0: total 1 -> 0 barred, bids 1.
# 1 leads QD, 2 AD, 3 7D, 0 TC (void, no trump: any) -> seat 2.
# Points: 0 bid 1 took 0: -1; 1: 5; 2 exact 1: 6; 3: 5. Totals [-2, 11, 11, 10].
R4_D1 = deal(["TC", "QD", "AD", "7D"], "8H", "", [*bids(0, 1, 0, 1), *plays("QD AD 7D TC")])

# Three players (24 cards, 9..A), first dealer 2.
# Deal 0: dealer 2, order 0 1 2; TD turned (diamonds). Bids 0:1 1:0, dealer 2: total 1 ->
# 0 barred, bids 1. 0 AS, 1 KS, 2 9H (void, no trump) -> 0. Points [6, 5, -1].
R3_D0 = deal(["AS", "KS", "9H"], "TD", "", [*bids(1, 0, 1), *plays("AS KS 9H")])
# Deal 1: dealer 0, order 1 2 0; AD turned (diamonds). Bids 1:0 2:0, dealer 0: total 0 ->
# 1 barred, bids 0. 1 JC, 2 9C, 0 QH (void, no trump) -> 1.
# Points: 0: 5; 1 bid 0 took 1: -1; 2: 5. Totals [11, 4, 4].
R3_D1 = deal(["QH", "JC", "9C"], "AD", "", [*bids(0, 0, 0), *plays("JC 9C QH")])
# Deal 2: dealer 1, order 2 0 1; KC turned (clubs). Bids 2:1 0:1, dealer 1: total 2 > 1,
# bids 0. 2 KH, 0 TS (void, no trump), 1 9S -> 2.
# Points: 0 bid 1 took 0: -1; 1: 5; 2: 6. Totals [10, 9, 10].
R3_D2 = deal(["TS", "9S", "KH"], "KC", "", [*bids(1, 1, 0), *plays("KH TS 9S")])
# Deal 3 (2 cards): dealer 2, order 0 1 2; 9H turned: hearts trump.
# Bids 0:1 1:1, dealer 2: total 2 = hand size -> 0 barred, bids 1.
# T1 0 AS; 1 holds KH 9D: void in spades, must trump: KH only; 2 holds TH AH: must trump,
# either (over-trumping is not required) -> TH; KH wins -> 1.
# T2 1 9D, 2 AH (void, trumps), 0 JD -> 2.  Tricks [0, 1, 1].
# Points: 0 bid 1 took 0: -1; 1: 6; 2: 6. Totals [9, 15, 16].
R3_D3_CARDS = (["AS JD", "KH 9D", "TH AH"], "9H", "QC")
R3_D3_PLAY = plays("AS KH TH", "9D AH JD")
R3_D3 = deal(*R3_D3_CARDS, [*bids(1, 1, 1), *R3_D3_PLAY])
R3_PREFIX = [R3_D0, R3_D1, R3_D2]
R3_PREFIX_DONE = [
    done([6, 5, -1], [6, 5, -1], [1, 0, 0], "D", [1, 0, 1], dealer=2, hand_size=1, row="1"),
    done([5, -1, 5], [11, 4, 4], [0, 1, 0], "D", [0, 0, 0], dealer=0, hand_size=1),
    done([-1, 5, 6], [10, 9, 10], [0, 0, 1], "C", [1, 0, 1], dealer=1, hand_size=1),
]
R3_D3_DONE = done([-1, 6, 6], [9, 15, 16], [0, 1, 1], "H", [1, 1, 1], dealer=2, hand_size=2)

# Deal 4 (3 cards): dealer 0, order 1 2 0; 9C turned: clubs trump, no other club dealt.
# 1 holds AC KC QC and leads them; 2 (spades) and 0 (hearts) are void with no trump.
# 1 takes 3. Bids 1:3 2:0, dealer 0: total 3 -> 0 barred, bids 1 (takes 0).
# Points: 0: -1; 1: 8; 2: 5.
R3_D4 = deal(
    ["AH KH QH", "AC KC QC", "AS KS QS"],
    "9C",
    "JC TC",
    [*bids(3, 0, 1), *plays("AC AS AH", "KC KS KH", "QC QS QH")],
)
# Streaks (streak_length 2): the one-card deals 0..2 neither count nor break. Deal 3: seat
# 0 fails, 1 and 2 make. Deal 4: seat 0 fails again: -10; seat 1 makes again: +10; seat 2
# makes again (with a bid of 0): +10, or nothing with zero_bid_voids_bonus.

# Eight-one-eight, 3 players, first dealer 2 (order 0 1 2): a deal of 8 uses all 24
# cards, no trump. 0 holds the six spades and AH KH and leads them: nobody else holds a
# spade; in T7/T8 seat 1 must follow hearts (QH, JH) below AH, KH. Seat 0 takes 8.
# Bids 0:8 1:0, dealer 2: total 8 -> 0 barred, bids 1. Points [13, 5, -1].
E818_HANDS = ["AS KS QS JS TS 9S AH KH", "QH JH TH 9H AD KD QD JD", "TD 9D AC KC QC JC TC 9C"]
E818_PLAY = plays(
    "AS AD AC", "KS KD KC", "QS QD QC", "JS JD JC", "TS TH TC", "9S 9H 9C", "AH QH TD", "KH JH 9D"
)
E818 = deal(E818_HANDS, None, "", [*bids(8, 0, 1), *E818_PLAY])

# Seven players, dead hand (48 cards, 3..A), first dealer 0: seat 0 is dealt nothing and
# sits out; order 1 2 3 4 5 6, seat 6 (the dealer's right) bids last. 4S turned: spades.
# Bids 1:0 2:0 3:0 4:1 5:0 -> total 1: seat 6 may not bid 0, bids 1.
# 1 KH, 2 AH, 3 5H, 4 3S (void, must trump), 5 9D, 6 QH -> 4.
# Points: 1, 2, 3, 5: 5; 4 exact 1: 6; 6 bid 1 took 0: -1; the dealer 0: 0.
DEAD = deal(
    ["", "KH", "AH", "5H", "3S", "9D", "QH"],
    "4S",
    "AS",
    [*bids(0, 0, 0, 1, 0, 1), *plays("KH AH 5H 3S 9D QH")],
)
DEAD_DONE = done(
    [0, 5, 5, 5, 6, 5, -1],
    [0, 5, 5, 5, 6, 5, -1],
    [0, 0, 0, 0, 1, 0, 0],
    "S",
    [None, 0, 0, 0, 1, 0, 1],
    dealer=0,
)

# Seven players, jokers (56 cards with 1S 1H 1D 1C lowest), first dealer 6, order 0..6.
# 2D turned: diamonds. Bids 0 0 1 0 0 0, the dealer 6: total 1 -> bids 1.
# 0 leads 1S, 1 2S, 2 1D (void: must trump; the lowest trump still beats spades), 3 AS,
# 4 AH, 5 AC, 6 1C -> 2.  Points [5, 5, 6, 5, 5, 5, -1].
JOKERS = deal(
    ["1S", "2S", "1D", "AS", "AH", "AC", "1C"],
    "2D",
    "",
    [*bids(0, 0, 1, 0, 0, 0, 1), *plays("1S 2S 1D AS AH AC 1C")],
)
# First dealer 5, order 6 0 1 2 3 4 5; 3D turned. All bid 0 (the dealer: total 0, 1 barred).
# 6 leads 1S, 0 2S (2 beats the one), the rest void with no trump -> 0.
# Points: 0 bid 0 took 1: -1; the others 5.
JOKERS_LOW = deal(
    ["2S", "AH", "KH", "AC", "KC", "QC", "1S"],
    "3D",
    "",
    [*bids(0, 0, 0, 0, 0, 0, 0), *plays("1S 2S AH KH AC KC QC")],
)

# Oh Hell (52 cards), 3 players, hand_size 2, first dealer 2 (order 0 1 2); 9D turned.
# T1 0 AS, 1 KS, 2 holds 5C 4D, void in spades: any card (void_rule any) -> 5C; AS wins.
# T2 0 2H, 1 3D (void, any: trumps), 2 4D (over-trumps) -> 2.  Tricks [1, 0, 1].
OH_HANDS = (["AS 2H", "KS 3D", "5C 4D"], "9D", "2C")
OH_PLAY = plays("AS KS 5C", "2H 3D 4D")
# With void_rule must_trump seat 2 must play 4D in T1 and wins it; T2: 2 leads 5C, 0 2H
# (void, no trump), 1 3D (void, must trump) -> 1. Tricks [0, 1, 1].
OH_PLAY_MUST = plays("AS KS 4D", "5C 2H 3D")
OH = {"preset": "oh_hell", "hand_size": 2}


def oh(actions: list[str]) -> dict[str, Any]:
    return deal(*OH_HANDS, actions)


# Oh Hell tie-breaks: 3 players, hand_size 1, first dealer 2 (order 0 1 2); 2H turned.
# All bid 0 (the dealer: total 0, 1 barred). 0 AS, 1 KS, 2 QS -> 0.
# Points: 0 bid 0 took 1: 1 (the tricks); 1, 2 exact 0: 10 -> tie between 1 and 2.
OH1 = {"preset": "oh_hell", "hand_size": 1}
OH1_D0 = deal(["AS", "KS", "QS"], "2H", "", [*bids(0, 0, 0), *plays("AS KS QS")])
OH1_D0_DONE = done([1, 10, 10], [1, 10, 10], [1, 0, 0], "H", [0, 0, 0], row="1")


def eight_hearts(eldest: int, actions: list[str]) -> dict[str, Any]:
    """An extra deal of 8 (3 players, 52 cards, 2H turned: hearts trump): the eldest holds
    AH..7H, the next seat AS..7S, the dealer AC..7C. The eldest leads its trumps; the
    others are void with no trump: the eldest takes 8."""
    hands = [""] * 3
    hands[eldest] = "AH KH QH JH TH 9H 8H 7H"
    hands[(eldest + 1) % 3] = "AS KS QS JS TS 9S 8S 7S"
    hands[(eldest + 2) % 3] = "AC KC QC JC TC 9C 8C 7C"
    return deal(hands, "2H", "2S 2C", actions)


EIGHT_PLAY = plays(*(f"{r}H {r}S {r}C" for r in "AKQJT987"))

# ---------------------------------------------------------------------------------------
GOLDENS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
ERRORS: dict[str, tuple[Any, list[str]]] = {}


def golden(name: str, rec: dict[str, Any], expect: dict[str, Any]) -> None:
    assert name not in GOLDENS and name not in ERRORS, name
    GOLDENS[name] = (rec, expect)


def error(name: str, rec: Any, needles: list[str]) -> None:
    assert name not in GOLDENS and name not in ERRORS, name
    ERRORS[name] = (rec, needles)


RW: dict[str, Any] = {"preset": "romanian_whist"}

# -- four players: the first deals, the hook ---------------------------------------------
golden(
    "rw4_first_deal",
    record(4, RW, [R4_D0], 3),
    {
        "game": "romanian_whist",
        "sides": [[0], [1], [2], [3]],
        "deals": [{**R4_D0_DONE, "hand_size": 1, "row": "1"}],
        "scores": [-1, 6, 5, 5],
        "finished": False,
        "winner": None,
        **BETWEEN_DEALS,
    },
)
golden(
    "rw4_deal_start",
    record(4, RW, [with_actions(R4_D0, [])], 3),
    {
        **between(4),
        "deals": [open_deal([0, 0, 0, 0], "S", [None] * 4, dealer=3, hand_size=1)],
        "scores": [0, 0, 0, 0],
        "to_act": 0,
        "legal": ["bid 0", "bid 1"],
    },
)
# bids 0 0 0: the dealer may not bid 1 (total 1 = hand size)
golden(
    "rw4_hook_bars_1",
    record(4, RW, [with_actions(R4_D0, bids(0, 0, 0))], 3),
    {
        **between(4),
        "deals": [open_deal([0, 0, 0, 0], "S", [0, 0, 0, None])],
        "to_act": 3,
        "legal": ["bid 0"],
    },
)
# bids 1 0 0: the dealer may not bid 0
golden(
    "rw4_hook_bars_0",
    record(4, RW, [with_actions(R4_D0, bids(1, 0, 0))], 3),
    {
        **between(4),
        "deals": [open_deal([0, 0, 0, 0], "S", [1, 0, 0, None])],
        "to_act": 3,
        "legal": ["bid 1"],
    },
)
# bids 1 1 0: the others already exceed 1, nothing is barred
golden(
    "rw4_hook_exceeded",
    record(4, RW, [with_actions(R4_D0, bids(1, 1, 0))], 3),
    {
        **between(4),
        "deals": [open_deal([0, 0, 0, 0], "S", [1, 1, 0, None])],
        "to_act": 3,
        "legal": ["bid 0", "bid 1"],
    },
)
golden(
    "rw4_two_deals",
    record(4, RW, [R4_D0, R4_D1], 3),
    {
        **between(4),
        "deals": [
            R4_D0_DONE,
            done([-1, 5, 6, 5], [-2, 11, 11, 10], [0, 0, 1, 0], "H", [1, 0, 1, 0], dealer=0),
        ],
        "scores": [-2, 11, 11, 10],
        **BETWEEN_DEALS,
    },
)
# stops after the lead: seat 1 must play its only card (and would have to trump anyway)
golden(
    "rw4_mid_trick",
    record(4, RW, [with_actions(R4_D0, [*bids(1, 1, 0, 0), "play AH"])], 3),
    {
        **between(4),
        "deals": [open_deal([0, 0, 0, 0], "S", [1, 1, 0, 0])],
        "scores": [0, 0, 0, 0],
        "to_act": 1,
        "legal": ["play 7S"],
    },
)
# exact_bonus 2: exact -> 2 + bid
golden(
    "rw4_exact_bonus_2",
    record(4, {"exact_bonus": 2}, [R4_D0], 3),
    {
        **between(4),
        "deals": [done([-1, 3, 2, 2], [-1, 3, 2, 2], [0, 1, 0, 0], "S", [1, 1, 0, 0])],
        "scores": [-1, 3, 2, 2],
    },
)
# forehead first_and_last: the first deal is played "on the forehead"; the record and its
# result do not change
golden(
    "rw4_forehead_first_deal",
    record(4, {"forehead": "first_and_last"}, [R4_D0], 3),
    {**between(4), "deals": [R4_D0_DONE], "scores": [-1, 6, 5, 5], **BETWEEN_DEALS},
)

# -- three players: four and five deals, must trump ------------------------------------------
golden(
    "rw3_four_deals",
    record(3, RW, [*R3_PREFIX, R3_D3], 2),
    {
        **between(3),
        "deals": [*R3_PREFIX_DONE, R3_D3_DONE],
        "scores": [9, 15, 16],
        **BETWEEN_DEALS,
    },
)
golden(
    "rw3_must_trump_legal",
    record(3, RW, [*R3_PREFIX, with_actions(R3_D3, [*bids(1, 1, 1), "play AS"])], 2),
    {
        **between(3),
        "deals": [
            *R3_PREFIX_DONE,
            open_deal([10, 9, 10], "H", [1, 1, 1], dealer=2, hand_size=2, row="2"),
        ],
        "scores": [10, 9, 10],
        "to_act": 1,
        "legal": ["play KH"],
    },
)
golden(
    "rw3_over_trump_not_required",
    record(3, RW, [*R3_PREFIX, with_actions(R3_D3, [*bids(1, 1, 1), "play AS", "play KH"])], 2),
    {
        **between(3),
        "deals": [*R3_PREFIX_DONE, open_deal([10, 9, 10], "H", [1, 1, 1])],
        "to_act": 2,
        "legal": ["play AH", "play TH"],
    },
)
golden(
    "rw3_void_any_legal",
    record(
        3,
        {"void_rule": "any"},
        [*R3_PREFIX, with_actions(R3_D3, [*bids(1, 1, 1), "play AS"])],
        2,
    ),
    {
        **between(3),
        "deals": [*R3_PREFIX_DONE, open_deal([10, 9, 10], "H", [1, 1, 1])],
        "to_act": 1,
        "legal": ["play 9D", "play KH"],
    },
)
# after trick 1 of deal 3: seat 1 took it and leads
golden(
    "rw3_after_first_trick",
    record(3, RW, [*R3_PREFIX, with_actions(R3_D3, [*bids(1, 1, 1), *plays("AS KH TH")])], 2),
    {
        **between(3),
        "deals": [*R3_PREFIX_DONE, open_deal([10, 9, 10], "H", [1, 1, 1], tricks=[0, 1, 0])],
        "to_act": 1,
        "legal": ["play 9D"],
    },
)
golden(
    "rw3_five_deals",
    record(3, RW, [*R3_PREFIX, R3_D3, R3_D4], 2),
    {
        **between(3),
        "deals": [
            *R3_PREFIX_DONE,
            R3_D3_DONE,
            done([-1, 8, 5], [8, 23, 21], [0, 3, 0], "C", [1, 3, 0], dealer=0, hand_size=3),
        ],
        "scores": [8, 23, 21],
        **BETWEEN_DEALS,
    },
)
golden(
    "rw3_streak_bonus_and_penalty",
    record(3, {"streak_bonus": True, "streak_length": 2}, [*R3_PREFIX, R3_D3, R3_D4], 2),
    {
        **between(3),
        "deals": [
            *R3_PREFIX_DONE,
            R3_D3_DONE,
            done([-11, 18, 15], [-2, 33, 31], [0, 3, 0], "C", [1, 3, 0]),
        ],
        "scores": [-2, 33, 31],
    },
)
golden(
    "rw3_zero_bid_voids_bonus",
    record(
        3,
        {"streak_bonus": True, "streak_length": 2, "zero_bid_voids_bonus": True},
        [*R3_PREFIX, R3_D3, R3_D4],
        2,
    ),
    {
        **between(3),
        "deals": [
            *R3_PREFIX_DONE,
            R3_D3_DONE,
            done([-11, 18, 5], [-2, 33, 21], [0, 3, 0], "C", [1, 3, 0]),
        ],
        "scores": [-2, 33, 21],
    },
)
# parlett starts like 1-8-1
golden(
    "parlett3_four_deals",
    record(3, {"preset": "parlett"}, [*R3_PREFIX, R3_D3], 2),
    {**between(3), "deals": [*R3_PREFIX_DONE, R3_D3_DONE], "scores": [9, 15, 16]},
)

# -- 8-1-8: a deal of 8 without trump --------------------------------------------------------
E818_RULES = {"preset": "eight_one_eight"}
golden(
    "e818_3_no_trump_deal",
    record(3, E818_RULES, [E818], 2),
    {
        **between(3),
        "deals": [done([13, 5, -1], [13, 5, -1], [8, 0, 0], None, [8, 0, 1], hand_size=8, row="8")],
        "scores": [13, 5, -1],
        **BETWEEN_DEALS,
    },
)
# stops after seat 0 leads AH in trick 7: seat 1 must follow with a heart
golden(
    "e818_3_must_follow",
    record(3, E818_RULES, [with_actions(E818, [*bids(8, 0, 1), *E818_PLAY[:19]])], 2),
    {
        **between(3),
        "deals": [open_deal([0, 0, 0], None, [8, 0, 1], tricks=[6, 0, 0])],
        "to_act": 1,
        "legal": ["play JH", "play QH"],
    },
)
# the first lead of a deal of 8: the eldest may lead anything; the dealer's hook (8)
golden(
    "e818_3_hook_in_deal_of_8",
    record(3, E818_RULES, [with_actions(E818, bids(5, 3))], 2),
    {
        **between(3),
        "deals": [open_deal([0, 0, 0], None, [5, 3, None])],
        "to_act": 2,
        "legal": ["bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "bid 6", "bid 7", "bid 8"],
    },
)

# -- seven players ----------------------------------------------------------------------------
golden(
    "dead_hand_7",
    record(7, RW, [DEAD], 0),
    {
        **between(7),
        "deals": [{**DEAD_DONE, "hand_size": 1}],
        "scores": [0, 5, 5, 5, 6, 5, -1],
        **BETWEEN_DEALS,
    },
)
golden(
    "dead_hand_7_hook_on_dealers_right",
    record(7, RW, [with_actions(DEAD, bids(0, 0, 0, 1, 0))], 0),
    {
        **between(7),
        "deals": [open_deal([0] * 7, "S", [None, 0, 0, 0, 1, 0, None])],
        "to_act": 6,
        "legal": ["bid 1"],
    },
)
# deal 1: dealer 1 sits out, seat 2 is eldest
golden(
    "dead_hand_7_next_dealer_sits_out",
    record(7, RW, [DEAD, deal(["KH", "", "AH", "5H", "3S", "9D", "QH"], "4S", "", [])], 0),
    {
        **between(7),
        "deals": [DEAD_DONE, open_deal([0, 5, 5, 5, 6, 5, -1], "S", [None] * 7, dealer=1)],
        "to_act": 2,
        "legal": ["bid 0", "bid 1"],
    },
)
golden(
    "jokers_7_lowest_trump_wins",
    record(7, {"seven_players": "jokers"}, [JOKERS], 6),
    {
        **between(7),
        "deals": [
            done(
                [5, 5, 6, 5, 5, 5, -1],
                [5, 5, 6, 5, 5, 5, -1],
                [0, 0, 1, 0, 0, 0, 0],
                "D",
                [0, 0, 1, 0, 0, 0, 1],
                dealer=6,
            )
        ],
        "scores": [5, 5, 6, 5, 5, 5, -1],
    },
)
golden(
    "jokers_7_one_is_lowest",
    record(7, {"seven_players": "jokers"}, [JOKERS_LOW], 5),
    {
        **between(7),
        "deals": [
            done(
                [-1, 5, 5, 5, 5, 5, 5],
                [-1, 5, 5, 5, 5, 5, 5],
                [1, 0, 0, 0, 0, 0, 0],
                "D",
                [0] * 7,
                dealer=5,
            )
        ],
        "scores": [-1, 5, 5, 5, 5, 5, 5],
    },
)

# -- five and six players ---------------------------------------------------------------------
# 5 players (40 cards, 5..A), first dealer 4, order 0..4; 7H turned. Bids 0 1 0 0, the
# dealer 4: total 1 -> bids 1. 0 5S, 1 AS, 2 KD (void, no trump), 3 9S, 4 6C -> 1.
# Points [5, 6, 5, 5, -1].
golden(
    "rw5_first_deal",
    record(
        5,
        RW,
        [
            deal(
                ["5S", "AS", "KD", "9S", "6C"],
                "7H",
                "",
                [*bids(0, 1, 0, 0, 1), *plays("5S AS KD 9S 6C")],
            )
        ],
        4,
    ),
    {
        **between(5),
        "deals": [done([5, 6, 5, 5, -1], [5, 6, 5, 5, -1], [0, 1, 0, 0, 0], "H", [0, 1, 0, 0, 1])],
    },
)
# 6 players (48 cards, 3..A), first dealer 0, order 1 2 3 4 5 0; 6D turned (diamonds).
# Bids 1:0 2:1 3:0 4:1 5:0, dealer 0: total 2 > 1, bids 0.
# 1 4H, 2 AH, 3 3H, 4 4D (void: must trump), 5 5C, 0 3D (void: must trump, lower) -> 4.
# Points: 0: 5; 1: 5; 2 bid 1 took 0: -1; 3: 5; 4: 6; 5: 5.
golden(
    "rw6_first_deal",
    record(
        6,
        RW,
        [
            deal(
                ["3D", "4H", "AH", "3H", "4D", "5C"],
                "6D",
                "",
                [*bids(0, 1, 0, 1, 0, 0), *plays("4H AH 3H 4D 5C 3D")],
            )
        ],
        0,
    ),
    {
        **between(6),
        "deals": [
            done(
                [5, 5, -1, 5, 6, 5],
                [5, 5, -1, 5, 6, 5],
                [0, 0, 0, 0, 1, 0],
                "D",
                [0, 0, 1, 0, 1, 0],
                dealer=0,
            )
        ],
    },
)

# -- Oh Hell --------------------------------------------------------------------------------
FINISHED = {"finished": True}
golden(
    "oh_hell_exact_wins",
    record(3, OH, [oh([*bids(1, 1, 2), *OH_PLAY])], 2),
    {
        "game": "romanian_whist",
        "sides": [[0], [1], [2]],
        # 0 exact 1: 11; 1 bid 1 took 0: 0 (the tricks); 2 bid 2 took 1: 1
        "deals": [done([11, 0, 1], [11, 0, 1], [1, 0, 1], "D", [1, 1, 2], hand_size=2)],
        "scores": [11, 0, 1],
        **FINISHED,
        "winner": 0,
    },
)
golden(
    "oh_hell_tie_shared",
    record(3, OH, [oh([*bids(1, 1, 1), *OH_PLAY])], 2),
    {
        "deals": [done([11, 0, 11], [11, 0, 11], [1, 0, 1], "D", [1, 1, 1])],
        "scores": [11, 0, 11],
        **FINISHED,
        "winner": [0, 2],
    },
)
golden(
    "oh_hell_miss_scores_tricks",
    record(3, OH, [oh([*bids(0, 0, 0), *OH_PLAY])], 2),
    {
        # 0 bid 0 took 1: 1; 1 exact 0: 10; 2 bid 0 took 1: 1
        "deals": [done([1, 10, 1], [1, 10, 1], [1, 0, 1], "D", [0, 0, 0])],
        **FINISHED,
        "winner": 1,
    },
)
golden(
    "oh_hell_hook_on_dealer",
    record(3, OH, [oh(bids(1, 1))], 2),
    {
        "deals": [open_deal([0, 0, 0], "D", [1, 1, None])],
        "finished": False,
        "winner": None,
        "to_act": 2,
        "legal": ["bid 1", "bid 2"],
    },
)
golden(
    "oh_hell_void_any_legal",
    record(3, OH, [oh([*bids(1, 1, 2), "play AS", "play KS"])], 2),
    {
        "deals": [open_deal([0, 0, 0], "D", [1, 1, 2])],
        "finished": False,
        "to_act": 2,
        "legal": ["play 4D", "play 5C"],
    },
)
golden(
    "oh_hell_must_trump_difference",
    record(
        3,
        {**OH, "void_rule": "must_trump", "miss_scoring": "difference"},
        [oh([*bids(1, 1, 2), *OH_PLAY_MUST])],
        2,
    ),
    {
        # 0 bid 1 took 0: -1; 1 exact 1: 11; 2 bid 2 took 1: -1
        "deals": [done([-1, 11, -1], [-1, 11, -1], [0, 1, 1], "D", [1, 1, 2])],
        **FINISHED,
        "winner": 1,
    },
)
# zero_finish: seat 1 ends on exactly 0 and wins although seat 0 has 11
golden(
    "oh_hell_zero_finish",
    record(3, {**OH, "zero_finish": True}, [oh([*bids(1, 1, 2), *OH_PLAY])], 2),
    {"scores": [11, 0, 1], **FINISHED, "winner": 1},
)
# 7 players: nobody sits out with 52 cards; first dealer 6, order 0..6, 2H turned; all bid
# 0 (the dealer: total 0, 1 barred). 0 AS wins the spade trick: 0 takes 1 -> 1 point;
# the others exact 0: 10 each; six-way tie.
golden(
    "oh_hell_7_players",
    record(
        7,
        OH1,
        [
            deal(
                ["AS", "2S", "3S", "4S", "5S", "6S", "7S"],
                "2H",
                "",
                [*bids(0, 0, 0, 0, 0, 0, 0), *plays("AS 2S 3S 4S 5S 6S 7S")],
            )
        ],
        6,
    ),
    {
        "deals": [
            done(
                [1, 10, 10, 10, 10, 10, 10],
                [1, 10, 10, 10, 10, 10, 10],
                [1, 0, 0, 0, 0, 0, 0],
                "H",
                [0] * 7,
                dealer=6,
            )
        ],
        **FINISHED,
        "winner": [1, 2, 3, 4, 5, 6],
    },
)
# tie_break zero: seats 1 and 2 tie on 10: n = 3 extra deals of 8, every bid 0 (row "0").
# Deal 1: dealer 0, eldest 1.
TB_OPEN = open_deal([1, 10, 10], "H", [None] * 3, dealer=0, hand_size=8)
golden(
    "oh_hell_tie_break_zero_start",
    record(3, {**OH1, "tie_break": "zero"}, [OH1_D0, eight_hearts(1, [])], 2),
    {
        "deals": [OH1_D0_DONE, {**TB_OPEN, "row": "0"}],
        "scores": [1, 10, 10],
        "finished": False,
        "winner": None,
        "to_act": 1,
        "legal": ["bid 0"],
    },
)
# all three extra deals: the eldest (1, then 2, then 0) takes 8 bid at 0 -> 8 points (the
# tricks); the others 10. Totals [1,10,10] + [10,8,10] + [10,10,8] + [8,10,10] =
# [29, 38, 38]: still tied, the win is shared.
golden(
    "oh_hell_tie_break_zero_still_tied",
    record(
        3,
        {**OH1, "tie_break": "zero"},
        [
            OH1_D0,
            eight_hearts(1, [*bids(0, 0, 0), *EIGHT_PLAY]),
            eight_hearts(2, [*bids(0, 0, 0), *EIGHT_PLAY]),
            eight_hearts(0, [*bids(0, 0, 0), *EIGHT_PLAY]),
        ],
        2,
    ),
    {
        "deals": [
            OH1_D0_DONE,
            done([10, 8, 10], [11, 18, 20], [0, 8, 0], "H", [0, 0, 0], row="0", dealer=0),
            done([10, 10, 8], [21, 28, 28], [0, 0, 8], "H", [0, 0, 0], row="0", dealer=1),
            done([8, 10, 10], [29, 38, 38], [8, 0, 0], "H", [0, 0, 0], row="0", dealer=2),
        ],
        "scores": [29, 38, 38],
        **FINISHED,
        "winner": [1, 2],
    },
)
# tie_break blind: one extra deal of 8 (row "NV"), bids 0..8 from eldest 1
golden(
    "oh_hell_blind_start",
    record(3, {**OH1, "tie_break": "blind"}, [OH1_D0, eight_hearts(1, [])], 2),
    {
        "deals": [OH1_D0_DONE, {**TB_OPEN, "row": "NV"}],
        "finished": False,
        "to_act": 1,
        "legal": [f"bid {n}" for n in range(9)],
    },
)
# blind deal: 1 bids 8 (takes 8: 18), 2 bids 0 (10), the dealer 0: total 8 -> 0 barred,
# bids 1 (takes 0: 0 points). Totals [1, 28, 20]: seat 1 wins.
golden(
    "oh_hell_blind_finished",
    record(
        3,
        {**OH1, "tie_break": "blind"},
        [OH1_D0, eight_hearts(1, [*bids(8, 0, 1), *EIGHT_PLAY])],
        2,
    ),
    {
        "deals": [
            OH1_D0_DONE,
            done([0, 18, 10], [1, 28, 20], [0, 8, 0], "H", [1, 8, 0], row="NV", hand_size=8),
        ],
        "scores": [1, 28, 20],
        **FINISHED,
        "winner": 1,
    },
)

# -- errors ---------------------------------------------------------------------------------
error(
    "err_hooked_bid",
    record(4, RW, [with_actions(R4_D0, bids(0, 0, 0, 1))], 3),
    ["deal 0, action 3", "'bid 1'", "hook", "legal actions: bid 0"],
)
error(
    "err_bid_above_hand_size",
    record(4, RW, [with_actions(R4_D0, bids(2))], 3),
    ["deal 0, action 0", "'bid 2'", "bid 0, bid 1"],
)
error(
    "err_dead_hand_hooked_bid",
    record(7, RW, [with_actions(DEAD, bids(0, 0, 0, 1, 0, 0))], 0),
    ["deal 0, action 5", "'bid 0'", "hook", "legal actions: bid 1"],
)
error(
    "err_not_following_suit",
    record(
        3,
        E818_RULES,
        [
            with_actions(
                E818,
                [
                    *bids(8, 0, 1),
                    *plays("AS AD AC", "KS KD KC", "QS QD QC", "JS JH JC", "TS TH TC"),
                    *plays("9S 9H 9C", "AH JD"),
                ],
            )
        ],
        2,
    ),
    ["deal 0, action 22", "'play JD'", "follow", "legal actions: play QH"],
)
error(
    "err_not_trumping",
    record(3, RW, [*R3_PREFIX, with_actions(R3_D3, [*bids(1, 1, 1), "play AS", "play 9D"])], 2),
    ["deal 3, action 4", "'play 9D'", "trump", "legal actions: play KH"],
)
error(
    "err_play_during_bidding",
    record(4, RW, [with_actions(R4_D0, ["play AH"])], 3),
    ["deal 0, action 0", "'play AH'", "bid 0, bid 1"],
)
error(
    "err_bid_in_tie_break_zero",
    record(3, {**OH1, "tie_break": "zero"}, [OH1_D0, eight_hearts(1, bids(1))], 2),
    ["deal 1, action 0", "'bid 1'", "legal actions: bid 0"],
)
error(
    "err_wrong_hand_size",
    record(4, RW, [deal(["AH 7H", "7S", "KH", "9D"], "8S", "", [])], 3),
    ["deal 0", "seat 0", "2"],
)
error(
    "err_dead_hand_dealer_holds_cards",
    record(7, RW, [deal(["7C", "KH", "AH", "5H", "3S", "9D", "QH"], "4S", "", [])], 0),
    ["deal 0", "seat 0", "expected 0"],
)
# a deal of 8 for 3 players uses all 24 cards: a turned card must be some hand's card
error(
    "err_turned_when_deck_used_up",
    record(3, E818_RULES, [deal(E818_HANDS, "9C", "", [])], 2),
    ["deal 0", "9C"],
)
error(
    "err_turned_with_short_hand",
    record(3, E818_RULES, [deal([*E818_HANDS[:2], E818_HANDS[2][:-3]], "9C", "", [])], 2),
    ["deal 0", "seat 2", "8"],
)
error(
    "err_missing_turned_card",
    record(4, RW, [deal(["AH", "7S", "KH", "9D"], None, "", [])], 3),
    ["deal 0", "turned"],
)
error(
    "err_card_outside_deck",
    record(3, RW, [deal(["8S", "KS", "9H"], "TD", "", [])], 2),
    ["deal 0", "8S"],
)
error(
    "err_one_in_dead_hand_deck",
    record(7, RW, [deal(["", "1S", "AH", "5H", "3S", "9D", "QH"], "4S", "", [])], 0),
    ["deal 0", "1S"],
)
error(
    "err_duplicate_card",
    record(4, RW, [deal(["AH", "7S", "AH", "9D"], "8S", "", [])], 3),
    ["deal 0", "AH"],
)
error(
    "err_deal_after_match_over",
    record(3, OH, [oh([*bids(1, 1, 2), *OH_PLAY]), oh([])], 2),
    ["deal 1", "over"],
)
error("err_unknown_option", record(4, {"trumps": True}, [], 0), ["trumps"])
error(
    "err_bad_void_rule",
    record(4, {"void_rule": "sometimes"}, [], 0),
    ["void_rule", "sometimes"],
)
error("err_oh_hell_without_hand_size", record(4, {"preset": "oh_hell"}, [], 0), ["hand_size"])
error(
    "err_oh_hell_hand_size_too_big",
    record(4, {"preset": "oh_hell", "hand_size": 13}, [], 0),
    ["hand_size", "13", "12"],
)
error("err_eight_players", record(8, RW, [], 0), ["players", "8"])
error("err_first_dealer_out_of_range", record(3, RW, [], 3), ["first_dealer"])


# ---------------------------------------------------------------------------------------


def check_cards(name: str, rec: dict[str, Any]) -> None:
    """Sanity of the hand-written cards (no engine): each card once, in the deck."""
    rules = rec["rules"] if isinstance(rec["rules"], dict) else {}
    players = rec["players"]
    full = rules.get("preset") == "oh_hell"
    cards = deck(players, jokers=rules.get("seven_players") == "jokers", full=full)
    for index, d in enumerate(rec["deals"]):
        everything = [c for hand in d["hands"] for c in hand] + d["stock"]
        if d["turned"] is not None:
            everything.append(d["turned"])
        assert len(everything) == len(set(everything)), f"{name} deal {index}: duplicate"
        assert set(everything) <= cards, f"{name} deal {index}: {set(everything) - cards}"
        sizes = {len(hand) for hand in d["hands"] if hand}
        assert len(sizes) == 1 and len(d["hands"]) == players, f"{name} deal {index}: sizes"


def main() -> None:
    write_goldens(HERE, GOLDENS, ERRORS, check=check_cards)


if __name__ == "__main__":
    main()
