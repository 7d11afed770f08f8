"""Write the three-handed Euchre golden records of ``tests/golden/three_handed_euchre/``
(run: python tests/golden/build_three_handed_euchre.py).

Every hand, action and expected result below was worked out by hand from ``RULES.md``
1.10 and 1.1-1.3 (the trick-by-trick reasoning is in the comments); nothing here asks
the engine. The script only lays the data out as record files (``NAME.json``),
expected replay results (``NAME.expect.json``, a subset of the ``tricktable replay
--json`` object) and expected errors (``NAME.error.txt``: each line is a text the
one-line error message must contain).

Seats 0, 1, 2, each its own side. Most deals use first_dealer 2, so seat 0 is eldest:
it bids first and leads the first trick; play goes 0, 1, 2 clockwise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

if __package__:
    from .writing import indented, plays, write_goldens
else:  # run as a script
    from writing import indented, plays, write_goldens

HERE = Path(__file__).resolve().parent / "three_handed_euchre"


def deal(hands: list[str], turned: str, stock: str, actions: list[str]) -> dict[str, Any]:
    return {
        "hands": [h.split() for h in hands],
        "turned": turned,
        "stock": stock.split(),
        "actions": actions,
    }


def record(
    rules: Any, deals: list[dict[str, Any]], first_dealer: int = 2, players: int = 3
) -> dict[str, Any]:
    return {
        "format": "tricktable/1",
        "game": "three_handed_euchre",
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
    makers: int | None,
    dealer: int = 2,
) -> dict[str, Any]:
    return {
        "points": points,
        "scores": scores,
        "tricks": tricks,
        "trump": trump,
        "makers": makers,
        "complete": True,
        "dealer": dealer,
    }


def thrown_in(scores: list[int], dealer: int = 2) -> dict[str, Any]:
    return {
        "points": [0, 0, 0],
        "scores": scores,
        "tricks": [0, 0, 0],
        "trump": None,
        "makers": None,
        "complete": True,
        "thrown_in": True,
        "dealer": dealer,
    }


def open_deal(
    scores: list[int], trump: str | None = None, makers: int | None = None, dealer: int = 2
) -> dict[str, Any]:
    return {
        "points": [0, 0, 0],
        "scores": scores,
        "tricks": [0, 0, 0],
        "trump": trump,
        "makers": makers,
        "complete": False,
        "dealer": dealer,
    }


SIDES = [[0], [1], [2]]
ORDER_PASS = ["order", "pass"]
CALLS = ["call C", "call D", "call S", "pass"]  # hearts turned down

# ---------------------------------------------------------------------------------------
# Deal A (dealer 2, up-card 9H, stock JC QC). Hearts trump when ordered:
# JH (right), JD (left), AH KH QH TH 9H.
A_HANDS = [
    "JH JD AH AS KS 9C TC",  # 0 eldest
    "KH QH 9S QS AD KD QD",  # 1
    "TH TS JS 9D TD AC KC",  # 2 dealer
]
# 0 orders; dealer 2 takes 9H and discards TS -> TH 9H JS 9D TD AC KC.
# T1 0:JH 1:QH 2:9H -> 0   T2 0:JD(left) 1:KH 2:TH -> 0   T3 0:AH 1:9S(no heart) 2:9D -> 0
# T4 0:AS 1:QS 2:JS (a plain spade: the left bower is JD) -> 0
# T5 0:9C 1:QD(no club) 2:AC -> 2   T6 2:KC 0:TC 1:KD -> 2   T7 2:TD 0:KS 1:AD -> 1
# Maker 4 tricks: 1 point.  Tricks [4, 1, 2].
A_PLAY = plays("JH QH 9H", "JD KH TH", "AH 9S 9D", "AS QS JS", "9C QD AC", "KC TC KD", "TD KS AD")
MAKE4 = deal(A_HANDS, "9H", "JC QC", ["order", "discard TS", *A_PLAY])
MAKE4_DONE = done([1, 0, 0], [1, 0, 0], [4, 1, 2], "H", 0)

# Deal B (dealer 2, up-card 9H): seat 0 holds the top.  0 orders, dealer discards TS
# -> TH 9H JS 9D TD KC TC.
# T1 0:JH 1:QH 2:9H  T2 0:JD 1:9S 2:TH  T3 0:AH 1:QS 2:9D  T4 0:KH 1:9C 2:TD
# T5 0:AS 1:QD(void) 2:JS  T6 0:KS 1:KD 2:KC(void)  T7 0:AC 1:AD 2:TC -> all 7 to 0: 4 points.
B_HANDS = ["JH JD AH KH AS KS AC", "QH 9S QS AD KD QD 9C", "TH TS JS 9D TD KC TC"]
MARCH = deal(
    B_HANDS,
    "9H",
    "JC QC",
    [
        "order",
        "discard TS",
        *plays("JH QH 9H", "JD 9S TH", "AH QS 9D", "KH 9C TD", "AS QD JS", "KS KD KC", "AC AD TC"),
    ],
)
MARCH_DONE = done([4, 0, 0], [4, 0, 0], [7, 0, 0], "H", 0)

# Deal B' = B with AC (seat 0) and 9C (seat 1) swapped.
# T1-T3 as B; T4 0:KH 1:QD 2:TD  T5 0:AS 1:KD 2:JS  T6 0:KS 1:AD 2:KC  T7 0:9C 1:AC 2:TC -> 1
# Maker 6 tricks: 2 points.
SIX = deal(
    ["JH JD AH KH AS KS 9C", "QH 9S QS AD KD QD AC", B_HANDS[2]],
    "9H",
    "JC QC",
    [
        "order",
        "discard TS",
        *plays("JH QH 9H", "JD 9S TH", "AH QS 9D", "KH QD TD", "AS KD JS", "KS AD KC", "9C AC TC"),
    ],
)
SIX_DONE = done([2, 0, 0], [2, 0, 0], [6, 1, 0], "H", 0)

# Deal E (dealer 2, up-card 9H): seat 0 orders with a weak hand; dealer discards JS
# -> KH QH 9H QS QD AC KC.
# T1 0:JH 1:AH 2:9H -> 0   T2 0:TH 1:JD(left) 2:QH -> 1   T3 1:AS 2:QS 0:9S -> 1
# T4 1:KS 2:KH(void in spades, trumps) 0:TS -> 2   T5 2:AC 0:9C 1:TC -> 2
# T6 2:KC 0:9D 1:AD -> 2   T7 2:QD 0:TD 1:KD -> 1
# Maker 1 trick: euchred; defenders tie 3-3: 1 point each.
E_HANDS = ["JH TH 9S TS 9D TD 9C", "JD AH AS KS AD KD TC", "KH QH QS JS QD AC KC"]
E_HEAD = ["order", "discard JS", *plays("JH AH 9H", "TH JD QH", "AS QS 9S", "KS KH TS", "AC 9C TC")]
EUCHRE_TIE = deal(E_HANDS, "9H", "JC QC", [*E_HEAD, *plays("KC 9D AD", "QD TD KD")])
EUCHRE_TIE_DONE = done([0, 1, 1], [0, 1, 1], [1, 3, 3], "H", 0)
# E': T6 2:QD 0:9D 1:AD -> 1   T7 1:KD 2:KC(void) 0:TD -> 1
# Maker 1 trick, seat 1 takes 4, seat 2 takes 2: 2 points to seat 1.
EUCHRE_ONE = deal(E_HANDS, "9H", "JC QC", [*E_HEAD, *plays("QD 9D AD", "KD KC TD")])
EUCHRE_ONE_DONE = done([0, 2, 0], [0, 2, 0], [1, 4, 2], "H", 0)

# Deal N (ace no face): seat 1 holds AS AH and only 9s and 10s besides.
N_HANDS = ["JH JD KH QH KS QS JS", "AS AH 9S TS 9D TD 9C", "TH 9H AD KD QD JC QC"]
N_DEAL = ("AC", "TC KC")

# Cutthroat (5 cards, 9-card kitty: up-card + 8), dealer 2, up-card QS; spades trump when
# ordered: JS (right), JC (left), AS KS QS TS 9S.
C_STOCK = "9H TH JH 9D TD JD 9C QC"
# C (march): 0 orders, dealer 2 takes QS and discards KH -> TS QH AC KC QS.
# T1 0:JS 1:9S 2:TS  T2 0:JC(left) 1:TC(no trump) 2:QS  T3 0:AS 1:QD 2:QH  T4 0:KS 1:KD 2:KC
# T5 0:AH 1:AD 2:AC (no heart) -> all 5 to 0: 2 points.
C_MARCH = deal(
    ["JS JC AS KS AH", "9S AD KD QD TC", "TS KH QH AC KC"],
    "QS",
    C_STOCK,
    ["order", "discard KH", *plays("JS 9S TS", "JC TC QS", "AS QD QH", "KS KD KC", "AH AD AC")],
)
# C2: AH and KC swapped between seats 0 and 2; dealer discards KH -> TS QH AC AH QS.
# T1-T3 as C; T4 0:KC 1:KD(void) 2:AC -> 2   T5 2:AH 0:KS(ruffs) 1:AD -> 0
# Maker 4 of 5: 1 point.
C_MAKE = deal(
    ["JS JC AS KS KC", "9S AD KD QD TC", "TS KH QH AC AH"],
    "QS",
    C_STOCK,
    ["order", "discard KH", *plays("JS 9S TS", "JC TC QS", "AS QD QH", "KC KD AC", "AH KS AD")],
)

GOOD: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "make4": (
        record({}, [MAKE4]),
        {
            "game": "three_handed_euchre",
            "sides": SIDES,
            "deals": [MAKE4_DONE],
            "scores": [1, 0, 0],
            "finished": False,
            "winner": None,
            "to_act": None,
            "legal": [],
        },
    ),
    "march_seven": (
        record({"preset": "three_handed"}, [MARCH]),
        {"deals": [MARCH_DONE], "scores": [4, 0, 0], "finished": False},
    ),
    "six_tricks": (
        record({}, [SIX]),
        {"deals": [SIX_DONE], "scores": [2, 0, 0], "finished": False},
    ),
    "euchre_defenders_tie": (
        record({}, [EUCHRE_TIE]),
        {"deals": [EUCHRE_TIE_DONE], "scores": [0, 1, 1], "finished": False},
    ),
    "euchre_one_defender": (
        record({}, [EUCHRE_ONE]),
        {"deals": [EUCHRE_ONE_DONE], "scores": [0, 2, 0], "finished": False},
    ),
    # Round 1: eldest, seat 1, then the dealer may order; the dealer's own take-up is "order".
    "dealer_takes_up": (
        record({}, [deal(A_HANDS, "9H", "JC QC", ["pass", "pass", "order"])]),
        {
            "deals": [open_deal([0, 0, 0], "H", 2)],
            "to_act": 2,
            "legal": [
                "discard 9D",
                "discard 9H",
                "discard AC",
                "discard JS",
                "discard KC",
                "discard TD",
                "discard TH",
                "discard TS",
            ],
        },
    ),
    # After three passes the up-card is turned down: round 2 from eldest, never hearts.
    "round2_calls": (
        record({}, [deal(A_HANDS, "9H", "JC QC", ["pass", "pass", "pass"])]),
        {"deals": [open_deal([0, 0, 0])], "to_act": 0, "legal": CALLS},
    ),
    # Seat 1 calls spades in round 2: no pickup, eldest (seat 0) leads from all 7 cards.
    "round2_call_eldest_leads": (
        record({}, [deal(A_HANDS, "9H", "JC QC", ["pass"] * 4 + ["call S"])]),
        {
            "deals": [open_deal([0, 0, 0], "S", 1)],
            "to_act": 0,
            "legal": ["play 9C", "play AH", "play AS", "play JD", "play JH", "play KS", "play TC"],
        },
    ),
    # Stick the dealer: after five passes the dealer may not pass.
    "stick_the_dealer": (
        record({"stick_the_dealer": True}, [deal(A_HANDS, "9H", "JC QC", ["pass"] * 5)]),
        {"deals": [open_deal([0, 0, 0])], "to_act": 2, "legal": ["call C", "call D", "call S"]},
    ),
    # Deal A made (seat 0 +1); next dealer 0 (eldest 1): all pass twice, thrown in; next
    # dealer 1, so seat 2 is eldest and bids first.  Scores carry over.
    "thrown_in_deal_passes": (
        record(
            {},
            [
                MAKE4,
                deal(
                    ["QH 9S QS AD KD QD 9C", "TH TS JS 9D TD KC TC", B_HANDS[0]],
                    "9H",
                    "JC QC",
                    ["pass"] * 6,
                ),
                deal(B_HANDS, "9H", "JC QC", []),
            ],
        ),
        {
            "deals": [MAKE4_DONE, thrown_in([1, 0, 0], dealer=0), open_deal([1, 0, 0], dealer=1)],
            "scores": [1, 0, 0],
            "to_act": 2,
            "legal": ORDER_PASS,
        },
    ),
    # Ace no face (redeal): only seat 1 qualifies, so only it is asked, before bidding.
    "ace_no_face_asked": (
        record({"ace_no_face": "redeal"}, [deal(N_HANDS, *N_DEAL, [])]),
        {"deals": [open_deal([0, 0, 0])], "to_act": 1, "legal": ["ace no face", "pass"]},
    ),
    # Shown: a misdeal; the same dealer (2) deals again, eldest 0 bids first.
    "ace_no_face_redeal": (
        record(
            {"ace_no_face": "redeal"},
            [deal(N_HANDS, *N_DEAL, ["ace no face"]), deal(A_HANDS, "9H", "JC QC", [])],
        ),
        {
            "deals": [thrown_in([0, 0, 0], dealer=2), open_deal([0, 0, 0], dealer=2)],
            "scores": [0, 0, 0],
            "to_act": 0,
            "legal": ORDER_PASS,
        },
    ),
    "ace_no_face_declined": (
        record({"ace_no_face": "redeal"}, [deal(N_HANDS, *N_DEAL, ["pass"])]),
        {"deals": [open_deal([0, 0, 0])], "to_act": 0, "legal": ORDER_PASS},
    ),
    "ace_no_face_off": (
        record({}, [deal(N_HANDS, *N_DEAL, [])]),
        {"deals": [open_deal([0, 0, 0])], "to_act": 0, "legal": ORDER_PASS},
    ),
    "cutthroat_march": (
        record({"preset": "cutthroat"}, [C_MARCH]),
        {"deals": [done([2, 0, 0], [2, 0, 0], [5, 0, 0], "S", 0)], "scores": [2, 0, 0]},
    ),
    "cutthroat_make4": (
        record({"preset": "cutthroat"}, [C_MAKE]),
        {"deals": [done([1, 0, 0], [1, 0, 0], [4, 0, 1], "S", 0)], "scores": [1, 0, 0]},
    ),
    "match_won": (
        record({"target": 4}, [MARCH]),
        {"deals": [MARCH_DONE], "scores": [4, 0, 0], "finished": True, "winner": 0},
    ),
    "match_tied_defenders": (
        record({"target": 1}, [EUCHRE_TIE]),
        {"deals": [EUCHRE_TIE_DONE], "scores": [0, 1, 1], "finished": True, "winner": [1, 2]},
    ),
    "single_hand": (
        record({"target": None}, [EUCHRE_ONE]),
        {"deals": [EUCHRE_ONE_DONE], "finished": True, "winner": 1},
    ),
}

BAD: dict[str, tuple[dict[str, Any], list[str]]] = {
    "err_order_alone": (
        record({}, [deal(A_HANDS, "9H", "JC QC", ["order alone"])]),
        ["deal 0, action 0", "no lone hands", "order, pass"],
    ),
    "err_call_turned_down": (
        record({}, [deal(A_HANDS, "9H", "JC QC", ["pass", "pass", "pass", "call H"])]),
        ["deal 0, action 3", "turned-down suit H", "call C, call D, call S, pass"],
    ),
    "err_not_following": (
        record({}, [deal(A_HANDS, "9H", "JC QC", ["order", "discard TS", "play JH", "play 9S"])]),
        ["deal 0, action 3", "must follow", "play KH, play QH"],
    ),
    "err_discard_not_held": (
        record({}, [deal(A_HANDS, "9H", "JC QC", ["order", "discard JH"])]),
        ["deal 0, action 1", "does not hold JH"],
    ),
    "err_stuck_dealer_pass": (
        record({"stick_the_dealer": True}, [deal(A_HANDS, "9H", "JC QC", ["pass"] * 6)]),
        ["deal 0, action 5", "stick the dealer", "call C, call D, call S"],
    ),
    "err_ace_no_face_off": (
        record({}, [deal(N_HANDS, *N_DEAL, ["ace no face"])]),
        ["deal 0, action 0", "ace_no_face=off"],
    ),
    "err_ace_no_face_not_qualified": (
        record({"ace_no_face": "redeal"}, [deal(A_HANDS, "9H", "JC QC", ["ace no face"])]),
        ["deal 0, action 0", "no K, Q or J"],
    ),
    "err_hand_size": (
        record({}, [C_MARCH]),
        ["deal 0", "seat 0 holds 5 cards, expected 7"],
    ),
    "err_cutthroat_hand_size": (
        record({"preset": "cutthroat"}, [MAKE4]),
        ["deal 0", "seat 0 holds 7 cards, expected 5"],
    ),
    "err_duplicate_card": (
        record({}, [deal(A_HANDS, "JH", "JC QC", [])]),
        ["deal 0", "JH appears twice"],
    ),
    "err_four_players": (
        record({}, [MAKE4], players=4),
        ["3 players"],
    ),
    "err_action_after_deal": (
        record({}, [{**MAKE4, "actions": [*MAKE4["actions"], "play KS"]}]),
        ["deal 0, action 23", "the deal is finished"],
    ),
}


def main() -> None:
    write_goldens(HERE, GOOD, BAD, layout=indented)


if __name__ == "__main__":
    main()
