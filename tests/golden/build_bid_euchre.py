"""Write the bid euchre golden records of ``tests/golden/bid_euchre/``.

Run: ``python tests/golden/build_bid_euchre.py``. Every hand, action and expected
result below was worked out by hand from ``RULES.md`` section 1.10 (the trick-by-trick
reasoning is in the comments); nothing here asks the engine. The script only lays the
data out as record files (``NAME.json``), expected replay results (``NAME.expect.json``,
a subset of the ``tricktable replay --json`` object) and expected errors
(``NAME.error.txt``: each line is a text the one-line error message must contain).

Notation: D dealer, eldest D+1 bids first; the high bidder names trump and leads; the
others decide ``stay`` / ``drop`` from the bidder's left. Scores count down from
``start_score`` (21): a trick -1, a set +``set_points`` (5); lower is better.
Trump hands rank J (right), J of the same colour (left), A K Q T 9; ``high`` ranks
A K Q J T 9, ``low`` 9 T J Q K A (the nine is highest).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

if __package__:
    from .writing import indented, plays, write_goldens
else:  # run as a script
    from writing import indented, plays, write_goldens

HERE = Path(__file__).resolve().parent / "bid_euchre"
DECK = {rank + suit for suit in "SHDC" for rank in "9TJQKA"}


def deal(hands: list[str], actions: list[str]) -> dict[str, Any]:
    split = [hand.split() for hand in hands]
    return {"hands": split, "turned": None, "stock": [], "actions": actions}


def record(
    players: int, deals: list[dict[str, Any]], first_dealer: int, rules: Any = None
) -> dict[str, Any]:
    return {
        "format": "tricktable/1",
        "game": "bid_euchre",
        "rules": {"preset": "indiana"} if rules is None else rules,
        "players": players,
        "first_dealer": first_dealer,
        "deals": deals,
    }


def done(
    points: list[int],
    scores: list[int],
    tricks: list[int],
    trump: str,
    makers: int,
    bids: list[int | None],
) -> dict[str, Any]:
    return {
        "points": points,
        "scores": scores,
        "tricks": tricks,
        "trump": trump,
        "makers": makers,
        "bids": bids,
        "complete": True,
    }


# ---------------------------------------------------------------------------------------
# TRUMP (4 players, dealer 3): hearts trump: JH right, JD left, AH KH QH TH 9H.
TRUMP_HANDS = [
    "JH AH KH AS KS 9C",
    "JD QH 9H QS TS AC",
    "TH AD KD QD 9D JS",
    "JC KC QC TC TD 9S",
]
# T1 0:KH 1:JD (the left bower, a heart) 2:TH 3:9S (no trump) -> 1
# T2 1:QS 2:JS 3:TD (void in spades) 0:AS -> 0
# T3 0:JH 1:9H 2:9D 3:TC -> 0      T4 0:AH 1:QH 2:QD 3:JC -> 0
# T5 0:KS 1:TS 2:KD 3:QC -> 0      T6 0:9C 1:AC 2:AD 3:KC -> 1 (AC, no trump)
# Tricks 4, 2, 0, 0.
TRUMP_PLAY = plays(
    "KH JD TH 9S", "QS JS TD AS", "JH 9H 9D TC", "AH QH QD JC", "KS TS KD QC", "9C AC AD KC"
)
STAY_ALL = ["stay", "stay", "stay"]

# SPLIT (4 players): in a no-trump hand seat 0 wins every spade trick and seat 1 every heart
# trick under ``high`` (reversed under ``low``): both always follow, the others hold only
# diamonds or only clubs.
SPLIT = ["AS KS QS 9H TH JH", "JS TS 9S AH KH QH", "9D TD JD QD KD AD", "9C TC JC QC KC AC"]
# FOUR_TWO: seat 0 holds four spades and two hearts, seat 1 two spades and four hearts.
FOUR_TWO = ["AS KS QS JS 9H TH", "TS 9S AH KH QH JH", SPLIT[2], SPLIT[3]]
# Play with seat 0 leading (seats 2 and 3 dropped):
# T1 AS TS ->0  T2 KS 9S ->0  T3 QS JH (void) ->0  T4 JS QH ->0  T5 9H KH ->1
# T6 1:AH 0:TH ->1.  Tricks 4, 2.
FOUR_TWO_PLAY = plays("AS TS", "KS 9S", "QS JH", "JS QH", "9H KH", "AH TH")
# SPLIT under high with seat 0 leading: T1 AS 9S  T2 KS TS  T3 QS JS ->0 (3)
# T4 0:9H 1:AH ->1  T5 1:KH 0:TH ->1  T6 1:QH 0:JH ->1.  Tricks 3, 3.
SPLIT_HIGH_PLAY = plays("AS 9S", "KS TS", "QS JS", "9H AH", "KH TH", "QH JH")

# THREE (3 players, dealer 2): A = seat 0, B = seat 1, C = seat 2 (clubs and the low diamonds).
THREE = [
    "AS KS QS 9H TH JH AD KD",
    "JS TS 9S AH KH QH QD JD",
    "AC KC QC JC TC 9C TD 9D",
]

GOOD: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
BAD: dict[str, tuple[dict[str, Any], list[str]]] = {}

# 1. A trump hand: seat 0 bids 2, names hearts and makes 4; seats 2 and 3 stay and are set.
#    Points -4, -2, +5, +5 from 21.
GOOD["trump_hearts_bowers"] = (
    record(
        4,
        [deal(TRUMP_HANDS, ["bid 2", "pass", "pass", "pass", "name H", *STAY_ALL, *TRUMP_PLAY])],
        3,
    ),
    {
        "game": "bid_euchre",
        "sides": [[0], [1], [2], [3]],
        "deals": [
            done([-4, -2, 5, 5], [17, 19, 26, 26], [4, 2, 0, 0], "H", 0, [2, None, None, None])
        ],
        "scores": [17, 19, 26, 26],
        "finished": False,
        "winner": None,
        "to_act": None,
        "legal": [],
    },
)

# 2. The same hand, seat 0 bids 5 and takes 4: set, +5, its tricks are not subtracted.
GOOD["bidder_set"] = (
    record(
        4,
        [deal(TRUMP_HANDS, ["bid 5", "pass", "pass", "pass", "name H", *STAY_ALL, *TRUMP_PLAY])],
        3,
    ),
    {"deals": [done([5, -2, 5, 5], [26, 19, 26, 26], [4, 2, 0, 0], "H", 0, [5, None, None, None])]},
)

# 3. set_points 3: the two sets of the first hand cost 3 each.
GOOD["set_points_option"] = (
    record(
        4,
        [deal(TRUMP_HANDS, ["bid 2", "pass", "pass", "pass", "name H", *STAY_ALL, *TRUMP_PLAY])],
        3,
        {"preset": "indiana", "set_points": 3},
    ),
    {
        "deals": [
            done([-4, -2, 3, 3], [17, 19, 24, 24], [4, 2, 0, 0], "H", 0, [2, None, None, None])
        ]
    },
)

# 4. Low (no trump, nine highest). Dealer 3: 0 passes, 1 bids 2, 2 and 3 pass; seat 1 names
#    low; from its left seats 2 and 3 drop, seat 0 stays. Seat 1 leads; only 0 and 1 play.
#    T1 1:9S 0:QS ->1  T2 1:TS 0:KS ->1  T3 1:AH 0:9H ->0  T4 0:TH 1:KH ->0
#    T5 0:JH 1:QH ->0  T6 0:AS 1:JS ->1 (J beats A in low).  Tricks 3, 3: both -3.
GOOD["low_no_trump"] = (
    record(
        4,
        [
            deal(
                SPLIT,
                [
                    "pass",
                    "bid 2",
                    "pass",
                    "pass",
                    "low",
                    "drop",
                    "drop",
                    "stay",
                    *plays("9S QS", "TS KS", "AH 9H", "TH KH", "JH QH", "AS JS"),
                ],
            )
        ],
        3,
    ),
    {
        "deals": [
            {
                **done(
                    [-3, -3, 0, 0], [18, 18, 21, 21], [3, 3, 0, 0], "low", 1, [None, 2, None, None]
                ),
                "dropped": [2, 3],
            }
        ],
        "scores": [18, 18, 21, 21],
    },
)

# 5. High with three players (8 cards each), dealer 2: 0 bids 3, 1 bids 4, the dealer passes.
#    Seat 1 names high and leads; seats 2 then 0 stay.
#    T1 1:AH 2:9C 0:9H ->1  T2 1:KH 2:TC 0:TH ->1  T3 1:QH 2:JC 0:JH ->1
#    T4 1:QD 2:TD 0:KD ->0  T5 0:AS 1:9S 2:QC ->0  T6 0:KS 1:TS 2:KC ->0
#    T7 0:QS 1:JS 2:AC ->0  T8 0:AD 1:JD 2:9D ->0.  Tricks 5, 3, 0.
#    Seat 1 bid 4, took 3: set +5; seat 0 -5; seat 2 stayed without a trick: +5.
GOOD["three_players_high"] = (
    record(
        3,
        [
            deal(
                THREE,
                [
                    "bid 3",
                    "bid 4",
                    "pass",
                    "high",
                    "stay",
                    "stay",
                    *plays(
                        "AH 9C 9H",
                        "KH TC TH",
                        "QH JC JH",
                        "QD TD KD",
                        "AS 9S QC",
                        "KS TS KC",
                        "QS JS AC",
                        "AD JD 9D",
                    ),
                ],
            )
        ],
        2,
    ),
    {
        "sides": [[0], [1], [2]],
        "deals": [
            {
                **done([-5, 5, 5], [16, 26, 26], [5, 3, 0], "high", 1, [3, 4, None]),
                "sets": [0, 1, 1],
            }
        ],
        "scores": [16, 26, 26],
        "finished": False,
    },
)

# 6. Everyone else drops: the hand is not played, the bidder takes all 6 tricks (-6).
GOOD["all_drop"] = (
    record(
        4,
        [deal(TRUMP_HANDS, ["bid 1", "pass", "pass", "pass", "name S", "drop", "drop", "drop"])],
        3,
    ),
    {
        "deals": [
            done([-6, 0, 0, 0], [15, 21, 21, 21], [6, 0, 0, 0], "S", 0, [1, None, None, None])
        ],
        "finished": False,
        "to_act": None,
        "legal": [],
    },
)

# 7. Everyone else passed: the dealer (seat 3) must bid 1 (RULES.md 1.10), no pass.
GOOD["stuck_dealer_legal"] = (
    record(4, [deal(TRUMP_HANDS, ["pass", "pass", "pass"])], 3),
    {
        "deals": [
            {
                "points": [0, 0, 0, 0],
                "scores": [21, 21, 21, 21],
                "tricks": [0, 0, 0, 0],
                "trump": None,
                "makers": None,
                "bids": [None, None, None, None],
                "complete": False,
            }
        ],
        "to_act": 3,
        "legal": ["bid 1"],
    },
)

# 8. Bidding in progress: 0 bid 3; seat 1 may bid 4..6 or pass.
GOOD["bid_must_be_higher_legal"] = (
    record(4, [deal(TRUMP_HANDS, ["bid 3"])], 3),
    {
        "to_act": 1,
        "legal": ["bid 4", "bid 5", "bid 6", "pass"],
        "deals": [{"bids": [3, None, None, None], "makers": None, "complete": False}],
    },
)

# 9. Trump named, the first stay/drop decision is the bidder's left (seat 1).
GOOD["stay_or_drop_from_bidders_left"] = (
    record(4, [deal(TRUMP_HANDS, ["pass", "pass", "bid 2", "pass", "name D"])], 3),
    {
        "to_act": 3,
        "legal": ["drop", "stay"],
        "deals": [{"trump": "D", "makers": 2, "bids": [None, None, 2, None], "complete": False}],
    },
)

# 10. Seat 0 (bidder) leads after the decisions; the left bower is led as a trump, and seat 1,
#     holding JD QH 9H, may follow with any of them.
GOOD["left_bower_is_trump"] = (
    record(
        4, [deal(TRUMP_HANDS, ["bid 2", "pass", "pass", "pass", "name H", *STAY_ALL, "play KH"])], 3
    ),
    {"to_act": 1, "legal": ["play 9H", "play JD", "play QH"]},
)

# 11. Match won: start_score 2. FOUR_TWO under high, seat 0 bids 1 and leads; seats 2 and 3
#     drop. Seat 0: 2 - 4 = -2, seat 1: 2 - 2 = 0; both at 0 or below, the lowest wins: seat 0.
GOOD["lowest_score_wins"] = (
    record(
        4,
        [
            deal(
                FOUR_TWO,
                ["bid 1", "pass", "pass", "pass", "high", "stay", "drop", "drop", *FOUR_TWO_PLAY],
            )
        ],
        3,
        {"start_score": 2},
    ),
    {
        "deals": [
            done([-4, -2, 0, 0], [-2, 0, 2, 2], [4, 2, 0, 0], "high", 0, [1, None, None, None])
        ],
        "scores": [-2, 0, 2, 2],
        "finished": True,
        "winner": 0,
    },
)

# 12. Shared win: start_score 2, SPLIT under high, 3 tricks each: both -1, no sets: [0, 1].
GOOD["shared_win"] = (
    record(
        4,
        [
            deal(
                SPLIT,
                ["bid 1", "pass", "pass", "pass", "high", "stay", "drop", "drop", *SPLIT_HIGH_PLAY],
            )
        ],
        3,
        {"start_score": 2},
    ),
    {"scores": [-1, -1, 2, 2], "finished": True, "winner": [0, 1]},
)

# 13. Fewest hands set breaks a tie: start_score 4, set_points 0.
#     Deal 1 (dealer 3): seat 0 bids 5, takes 4: set (+0, one set); seat 1 takes 2: 4 - 2 = 2.
#     Deal 2 (dealer 0, eldest 1): 1, 2, 3 pass; the dealer must bid: bid 1; high; seat 1 stays,
#     2 and 3 drop; same play: seat 0: 4 - 4 = 0, seat 1: 2 - 2 = 0. Tied at 0; seat 0 has been
#     set once, seat 1 never: seat 1 wins.
GOOD["fewest_sets_breaks_tie"] = (
    record(
        4,
        [
            deal(
                FOUR_TWO,
                ["bid 5", "pass", "pass", "pass", "high", "stay", "drop", "drop", *FOUR_TWO_PLAY],
            ),
            deal(
                FOUR_TWO,
                ["pass", "pass", "pass", "bid 1", "high", "stay", "drop", "drop", *FOUR_TWO_PLAY],
            ),
        ],
        3,
        {"start_score": 4, "set_points": 0},
    ),
    {
        "deals": [
            {
                **done([0, -2, 0, 0], [4, 2, 4, 4], [4, 2, 0, 0], "high", 0, [5, None, None, None]),
                "dealer": 3,
            },
            {
                **done(
                    [-4, -2, 0, 0], [0, 0, 4, 4], [4, 2, 0, 0], "high", 0, [1, None, None, None]
                ),
                "dealer": 0,
                "sets": [1, 0, 0, 0],
            },
        ],
        "finished": True,
        "winner": 1,
    },
)

# -- errors ------------------------------------------------------------------------------
BAD["err_bid_not_higher"] = (
    record(4, [deal(TRUMP_HANDS, ["bid 3", "bid 2"])], 3),
    [
        "deal 0, action 1",
        "'bid 2'",
        "higher than the current bid of 3",
        "bid 4, bid 5, bid 6, pass",
    ],
)
BAD["err_dealer_must_bid"] = (
    record(4, [deal(TRUMP_HANDS, ["pass", "pass", "pass", "pass"])], 3),
    ["deal 0, action 3", "the dealer must bid", "bid 1"],
)
BAD["err_bid_above_hand_size"] = (
    record(3, [deal(THREE, ["bid 9"])], 2),
    ["deal 0, action 0", "from 1 to 8"],
)
# Hearts trump, KH led: seat 1 holds JD QH 9H (JD is a heart now) and may not play AC.
BAD["err_must_follow_trump"] = (
    record(
        4,
        [
            deal(
                TRUMP_HANDS,
                ["bid 2", "pass", "pass", "pass", "name H", *STAY_ALL, "play KH", "play AC"],
            )
        ],
        3,
    ),
    ["deal 0, action 9", "'play AC'", "must follow", "play 9H, play JD, play QH"],
)
BAD["err_wrong_hand_size"] = (
    record(3, [deal(TRUMP_HANDS[:3], [])], 2),
    ["deal 0", "seat 0 holds 6 cards, expected 8"],
)
# The whole deck is dealt, so any turned card is a second copy of a dealt card.
BAD["err_turned_card"] = (
    record(4, [{**deal(TRUMP_HANDS, []), "turned": "9S"}], 3),
    ["deal 0", "card 9S appears twice"],
)
BAD["err_five_players"] = (
    record(5, [], 0),
    ["3 or 4 players"],
)


# =======================================================================================
# The partnership form (preset ``partnership``): seats 0 and 2 (side 0) against 1 and 3
# (side 1); 6 cards each; one round of bidding from eldest; the maker names trump (or high /
# low) and leads; a lone maker's partner sits out. Sides score; higher is better.
PARTNERSHIP = {"preset": "partnership"}


def partnership(
    deals: list[dict[str, Any]], first_dealer: int = 3, **options: Any
) -> dict[str, Any]:
    return record(4, deals, first_dealer, {**PARTNERSHIP, **options})


def sides_done(
    points: list[int],
    scores: list[int],
    tricks: list[int],
    trump: str,
    makers: int,
    bids: list[Any],
) -> dict[str, Any]:
    return {**done(points, scores, tricks, trump, makers, bids), "complete": True}


def p_expect(deals: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    return {"game": "bid_euchre", "sides": [[0, 2], [1, 3]], "deals": deals, **top}


# P (dealer 3, eldest 0): seat 0 holds five spades with both bowers (spades trump: JS right,
# JC left) and AH; seat 1 the low spades and four diamonds; seat 2 five hearts and 9D;
# seat 3 five clubs and TD.
P = [
    "JS JC AS KS QS AH",
    "9S TS AD KD QD JD",
    "9H TH JH QH KH 9D",
    "9C TC QC KC AC TD",
]
# Spades, seat 0 leading, all four playing (seats 2 and 3 hold no spade):
# T1 0:JS 1:9S 2:9D 3:9C  T2 0:JC (the left bower) 1:TS 2:9H 3:TC  T3 0:AS 1:JD 2:TH 3:QC
# T4 0:KS 1:QD 2:JH 3:KC  T5 0:QS 1:KD 2:QH 3:AC  T6 0:AH 1:AD 2:KH (last heart) 3:TD.
# Seat 0 wins every trick: 6-0.
P_SPADES = plays(
    "JS 9S 9D 9C", "JC TS 9H TC", "AS JD TH QC", "KS QD JH KC", "QS KD QH AC", "AH AD KH TD"
)
P_BID4 = ["bid 4", "pass", "pass", "pass", "name S"]
# Lone, seat 2 sitting out, the order 0, 1, 3: as above without seat 2's cards.
P_LONE = plays("JS 9S 9C", "JC TS TC", "AS JD QC", "KS QD KC", "QS KD AC", "AH AD TD")

# 1. A number bid made: makers (side 0) take 6 of their bid 4 and score the tricks, 6;
#    defenders take none: 0.
GOOD["partnership_bid_made_scores_tricks"] = (
    partnership([deal(P, [*P_BID4, *P_SPADES])]),
    p_expect(
        [sides_done([6, 0], [6, 0], [6, 0], "S", 0, [4, None, None, None])],
        scores=[6, 0],
        finished=False,
    ),
)
# 2. makers_score=bid: the same deal scores the bid, 4.
GOOD["partnership_makers_score_bid"] = (
    partnership([deal(P, [*P_BID4, *P_SPADES])], makers_score="bid"),
    p_expect([sides_done([4, 0], [4, 0], [6, 0], "S", 0, [4, None, None, None])]),
)
# 3. Seat 2 (side 0) bids 6 in hearts (JH right, JD left, AH KH QH TH 9H) and leads:
#    T1 2:JH 3:9C 0:AH 1:JD (the left bower follows hearts) -> 2
#    T2 2:KH 3:TC 0:JS 1:9S -> 2   T3 2:QH 3:QC 0:JC 1:TS -> 2   T4 2:TH 3:KC 0:AS 1:QD -> 2
#    T5 2:9H 3:AC 0:KS 1:KD -> 2   T6 2:9D 3:TD 0:QS 1:AD -> 1 (AD, no trump played).
#    Makers take 5 of 6: they lose the bid, -6; defenders take 1: +1.
P_HEARTS6 = ["pass", "pass", "bid 6", "pass", "name H"]
P_HEARTS_PLAY = plays(
    "JH 9C AH JD", "KH TC JS 9S", "QH QC JC TS", "TH KC AS QD", "9H AC KS KD", "9D TD QS AD"
)
GOOD["partnership_makers_set"] = (
    partnership([deal(P, [*P_HEARTS6, *P_HEARTS_PLAY])]),
    p_expect([sides_done([-6, 1], [-6, 1], [5, 1], "H", 0, [None, None, 6, None])]),
)
# 4. defenders_score=false: the defenders' trick scores nothing.
GOOD["partnership_defenders_score_off"] = (
    partnership([deal(P, [*P_HEARTS6, *P_HEARTS_PLAY])], defenders_score=False),
    p_expect([sides_done([-6, 0], [-6, 0], [5, 1], "H", 0, [None, None, 6, None])]),
)
# 5. bid shoot: seat 2 passes KH face down, seat 0 discards AH and, alone against seats 1
#    and 3, takes all 6 (the last trick KH: seat 1 holds no heart, AD does not follow):
#    shoot_points 12.
P_SHOOT = ["bid shoot", "pass", "pass", "pass", "name S", "give KH", "discard AH"]
P_SHOOT_PLAY = plays("JS 9S 9C", "JC TS TC", "AS JD QC", "KS QD KC", "QS KD AC", "KH AD TD")
GOOD["partnership_shoot_made"] = (
    partnership([deal(P, [*P_SHOOT, *P_SHOOT_PLAY])]),
    p_expect(
        [sides_done([12, 0], [12, 0], [6, 0], "S", 0, ["shoot", None, None, None])],
        to_act=None,
    ),
)
# 6. A shoot that fails: seat 2 passes 9D, seat 0 discards AH; the last trick 9D loses to
#    seat 1's AD: 5 tricks, -12; the defenders +1.
P_SHOOT_FAIL = plays("JS 9S 9C", "JC TS TC", "AS JD QC", "KS QD KC", "QS KD AC", "9D AD TD")
P_SHOOT_FAIL_DEAL = deal(P, [*P_SHOOT[:5], "give 9D", "discard AH", *P_SHOOT_FAIL])
GOOD["partnership_shoot_failed"] = (
    partnership([P_SHOOT_FAIL_DEAL]),
    p_expect([sides_done([-12, 1], [-12, 1], [5, 1], "S", 0, ["shoot", None, None, None])]),
)
# 6b. shoot_points 8: the same failed shoot loses 8.
GOOD["partnership_shoot_points_option"] = (
    partnership([P_SHOOT_FAIL_DEAL], shoot_points=8),
    p_expect([sides_done([-8, 1], [-8, 1], [5, 1], "S", 0, ["shoot", None, None, None])]),
)
# 7. bid alone: no card passed, seat 2 sits out at once; all 6: alone_points 24 (an option:
#    30 here).
GOOD["partnership_alone_made"] = (
    partnership(
        [deal(P, ["bid alone", "pass", "pass", "pass", "name S", *P_LONE])], alone_points=30
    ),
    p_expect([sides_done([30, 0], [30, 0], [6, 0], "S", 0, ["alone", None, None, None])]),
)
# 8. high (no trump, A K Q J T 9): seat 0 bids 4 and plays high; jacks are plain cards.
#    T1 0:AS 1:9S 2:9D 3:9C  T2 0:KS 1:TS 2:9H 3:TC  T3 0:QS 1:JD 2:TH 3:QC
#    T4 0:JS 1:QD 2:JH 3:KC  T5 0:AH 1:KD 2:QH 3:AC  T6 0:JC (clubs: seat 3 has none left)
#    1:AD 2:KH 3:TD: all to seat 0, 6 tricks.
GOOD["partnership_high"] = (
    partnership(
        [
            deal(
                P,
                [
                    "bid 4",
                    "pass",
                    "pass",
                    "pass",
                    "high",
                    *plays(
                        "AS 9S 9D 9C",
                        "KS TS 9H TC",
                        "QS JD TH QC",
                        "JS QD JH KC",
                        "AH KD QH AC",
                        "JC AD KH TD",
                    ),
                ],
            )
        ]
    ),
    p_expect([sides_done([6, 0], [6, 0], [6, 0], "high", 0, [4, None, None, None])]),
)
# 9. low (no trump, 9 T J Q K A: the nine highest): seat 2 bids 5 and plays low from 9H:
#    T1 2:9H 3:AC 0:AH 1:AD  T2 2:TH 3:KC 0:AS 1:KD  T3 2:JH 3:QC 0:KS 1:QD
#    T4 2:QH 3:TC 0:QS 1:JD  T5 2:KH 3:9C 0:JC 1:TS  T6 2:9D 3:TD 0:JS 1:9S (9D above TD).
#    Side 0 takes all 6: +6.
GOOD["partnership_low"] = (
    partnership(
        [
            deal(
                P,
                [
                    "pass",
                    "pass",
                    "bid 5",
                    "pass",
                    "low",
                    *plays(
                        "9H AC AH AD",
                        "TH KC AS KD",
                        "JH QC KS QD",
                        "QH TC QS JD",
                        "KH 9C JC TS",
                        "9D TD JS 9S",
                    ),
                ],
            )
        ]
    ),
    p_expect([sides_done([6, 0], [6, 0], [6, 0], "low", 0, [None, None, 5, None])]),
)
# 10. all_pass stick (default): the first three pass; the dealer may not pass and may make
#     any bid from min_bid, or a lone bid.
GOOD["partnership_stuck_dealer_legal"] = (
    partnership([deal(P, ["pass", "pass", "pass"])]),
    p_expect(
        [{"complete": False, "makers": None, "bids": [None, None, None, None]}],
        to_act=3,
        legal=["bid 3", "bid 4", "bid 5", "bid 6", "bid alone", "bid shoot"],
    ),
)
# 11. all_pass redeal: four passes throw the hand in; the deal passes left (dealer 0, eldest
#     1 speaks first in the next deal).
GOOD["partnership_redeal"] = (
    partnership([deal(P, ["pass", "pass", "pass", "pass"]), deal(P, [])], all_pass="redeal"),
    p_expect(
        [
            {"points": [0, 0], "scores": [0, 0], "thrown_in": True, "complete": True},
            {"complete": False},
        ],
        to_act=1,
        legal=["bid 3", "bid 4", "bid 5", "bid 6", "bid alone", "bid shoot", "pass"],
    ),
)
# 12. min_bid 1 and lone_bids none: bids from 1 to 6, no lone bid; outbidding the partner is
#     allowed (seat 2 over seat 0); once bid 6 (the highest bid that exists) is made, the
#     seats still to speak may only pass.
GOOD["partnership_highest_bid_only_pass"] = (
    partnership([deal(P, ["bid 1", "bid 2", "bid 6"])], min_bid=1, lone_bids="none"),
    p_expect([{"complete": False, "bids": [1, 2, 6, None]}], to_act=3, legal=["pass"]),
)
GOOD["partnership_min_bid_1_legal"] = (
    partnership([deal(P, [])], min_bid=1, lone_bids="shoot"),
    p_expect(
        [{"complete": False}],
        to_act=0,
        legal=["bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "bid 6", "bid shoot", "pass"],
    ),
)
# 13. target reached: deal 1 scores 6 for side 0 at target 5: side 0 wins.
GOOD["partnership_target_reached"] = (
    partnership([deal(P, [*P_BID4, *P_SPADES])], target=5),
    p_expect(
        [sides_done([6, 0], [6, 0], [6, 0], "S", 0, [4, None, None, None])], finished=True, winner=0
    ),
)
# 14. Both sides reach the target in one deal: the makers win whatever the scores. Seat 2
#     bids 5 in hearts (the play of 3): makers take 5, +5; defenders 1, +1; target 1.
GOOD["partnership_both_reach_target_makers_win"] = (
    partnership([deal(P, ["pass", "pass", "bid 5", "pass", "name H", *P_HEARTS_PLAY])], target=1),
    p_expect(
        [sides_done([5, 1], [5, 1], [5, 1], "H", 0, [None, None, 5, None])], finished=True, winner=0
    ),
)
# 15. target null: a single deal; the side that scored more wins.
GOOD["partnership_single_deal"] = (
    partnership([deal(P, [*P_HEARTS6, *P_HEARTS_PLAY])], target=None),
    p_expect(
        [sides_done([-6, 1], [-6, 1], [5, 1], "H", 0, [None, None, 6, None])],
        finished=True,
        winner=1,
    ),
)


# 16. A record written where the partner's hand and the passed card were never seen (the
#     partner's 6 cards ``unseen``): ``give`` and ``discard`` without a card are the partner
#     passing one of its unseen cards and the maker discarding it; the play is that of 7.
def partner_unseen(actions: list[str]) -> dict[str, Any]:
    """Deal P with seat 2's six cards never seen (``unseen``), seat 0 shooting in spades."""
    shoot = ["bid shoot", "pass", "pass", "pass", "name S", "give"]
    hands = [P[0].split(), P[1].split(), [], P[3].split()]
    unseen = [0, 0, 6, 0]
    return {
        "hands": hands,
        "turned": None,
        "stock": [],
        "unseen": unseen,
        "actions": [*shoot, *actions],
    }


GOOD["partnership_hidden_give"] = (
    partnership([partner_unseen(["discard", *P_LONE])]),
    p_expect([sides_done([12, 0], [12, 0], [6, 0], "S", 0, ["shoot", None, None, None])]),
)

BAD["err_partnership_bid_below_min_bid"] = (
    partnership([deal(P, ["bid 2"])]),
    ["deal 0, action 0", "'bid 2'", "a bid is a number of tricks from 3 to 6"],
)
BAD["err_partnership_bid_not_above"] = (
    partnership([deal(P, ["bid 4", "bid 4"])]),
    ["deal 0, action 1", "above the high bid (bid 4)", "bid 5, bid 6, bid alone, bid shoot, pass"],
)
BAD["err_partnership_shoot_not_allowed"] = (
    partnership([deal(P, ["bid shoot"])], lone_bids="alone"),
    ["deal 0, action 0", "bid shoot does not exist here (lone_bids alone)"],
)
BAD["err_partnership_dealer_may_not_pass"] = (
    partnership([deal(P, ["pass", "pass", "pass", "pass"])]),
    ["deal 0, action 3", "the dealer must bid", "bid 3, bid 4, bid 5, bid 6, bid alone, bid shoot"],
)
BAD["err_partnership_only_pass_after_alone"] = (
    partnership([deal(P, ["bid alone", "bid 6"])]),
    ["deal 0, action 1", "seat 0 made the highest bid: only pass is left", "legal actions: pass"],
)
BAD["err_partnership_no_trump_off"] = (
    partnership([deal(P, [*P_BID4[:4], "high"])], no_trump=False),
    ["deal 0, action 4", "no_trump is off", "name C, name D, name H, name S"],
)
BAD["err_partnership_give_not_held"] = (
    partnership([deal(P, [*P_SHOOT[:5], "give AS"])]),
    ["deal 0, action 5", "seat 2 does not hold AS", "give 9D, give 9H"],
)
BAD["err_partnership_must_follow"] = (
    partnership([deal(P, [*P_BID4, "play JS", "play AD"])]),
    ["deal 0, action 6", "'play AD'", "must follow", "play 9S, play TS"],
)
BAD["err_partnership_sitting_out_never_plays"] = (
    partnership(
        [deal(P, ["bid alone", "pass", "pass", "pass", "name S", "play JS", "play 9S", "play 9D"])]
    ),
    ["deal 0, action 7", "'play 9D'", "seat 3 does not hold 9D"],
)
BAD["err_partnership_hidden_give_played"] = (
    partnership([partner_unseen(["discard AH", "play JS"])]),
    ["deal 0, action 7", "seat 0 holds cards never seen"],
)
BAD["err_partnership_individual_option"] = (
    partnership([], start_score=21),
    [
        "rules:",
        "'start_score' belongs only to bid_euchre's individual form (preset indiana)",
        "min_bid, lone_bids, all_pass",
    ],
)
BAD["err_partnership_three_players"] = (
    record(3, [], 0, PARTNERSHIP),
    ["rules:", "bid_euchre(preset=partnership) is played by 4 players, not 3"],
)
BAD["err_partnership_unknown_lone_bids"] = (
    partnership([], lone_bids="smudge"),
    ["option 'lone_bids' cannot be 'smudge'; allowed: one of both, shoot, alone, none"],
)


def main() -> None:
    write_goldens(HERE, GOOD, BAD, check=lambda _name, rec: check(rec), layout=indented)


def check(rec: dict[str, Any]) -> None:
    """The builder's own sanity check: every good deal holds the whole deck once."""
    for entry in rec["deals"]:
        cards = [card for hand in entry["hands"] for card in hand]
        unseen = entry.get("unseen", [0] * len(entry["hands"]))
        if any(unseen):  # the cards never seen are those the hands do not name
            assert len(set(cards)) == len(cards) and set(cards) <= DECK, entry["hands"]
            sizes = {len(hand) + n for hand, n in zip(entry["hands"], unseen, strict=True)}
            assert len(sizes) == 1 and sum(unseen) + len(cards) == len(DECK)
            continue
        assert sorted(cards) == sorted(DECK), entry["hands"]
        assert len({len(hand) for hand in entry["hands"]}) == 1


if __name__ == "__main__":
    main()
