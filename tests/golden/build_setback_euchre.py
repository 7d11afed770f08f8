"""Write the set-back euchre golden records of ``tests/golden/setback_euchre/``
(run: python tests/golden/build_setback_euchre.py).

Every hand, action and expected result below was worked out by hand from ``RULES.md``
1.10 (with 1.3 for making trump) and the choices of ``docs/rules/setback_euchre.md``;
the trick-by-trick reasoning is in the comments. Nothing here asks the engine. The
script only lays the data out as records (``NAME.json``), expected replay results
(``NAME.expect.json``, a subset of ``tricktable replay --json``) and expected errors
(``NAME.error.txt``: each line is a text the one-line error message must contain).

Four individuals, sides = seats (2 or 3 where said: option ``players``). Scores start at
5 (``start_score``) and count down; ``points`` are each seat's score change in the deal
(negative is good). Deals use the last seat as first dealer unless said otherwise, so
seat 0 is eldest: it bids and leads first.
Up-card 9H: when ordered, trumps are JH (right) JD (left) AH KH QH TH 9H.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

if __package__:
    from .writing import plays, write_goldens
else:  # run as a script
    from writing import plays, write_goldens

HERE = Path(__file__).resolve().parent / "setback_euchre"
DECK = {r + s for s in "SHDC" for r in "9TJQKA"}


def deal(hands: list[str], turned: str, stock: str, actions: list[str]) -> dict[str, Any]:
    return {
        "hands": [h.split() for h in hands],
        "turned": turned,
        "stock": stock.split(),
        "actions": actions,
    }


def record(
    rules: Any, deals: list[dict[str, Any]], first_dealer: int = 3, players: int = 4
) -> dict[str, Any]:
    return {
        "format": "tricktable/1",
        "game": "setback_euchre",
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
    pool: int,
    **extra: Any,
) -> dict[str, Any]:
    """A completed deal's summary."""
    return {
        "points": points,
        "scores": scores,
        "tricks": tricks,
        "trump": trump,
        "makers": makers,
        "complete": True,
        "pool": pool,
        **extra,
    }


def between_deals(scores: list[int], finished: bool = False, winner: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"scores": scores, "finished": finished, "winner": winner}
    if not finished:
        out.update({"to_act": None, "legal": []})
    return out


# ---------------------------------------------------------------------------------------
# A: seat 0 orders hearts; dealer 3 takes 9H and discards TS -> TH AD QD KC 9H.
# Throw-ins from eldest (not the maker): 1 pass, 2 throws in, 3 pass. Active 0, 1, 3.
# T1 0:JH 1:9D(no trump) 3:9H ->0   T2 0:JD 1:TD 3:TH ->0   T3 0:AH 1:QS 3:KC ->0
# T4 0:AS 1:KS 3:QD(no spade) ->0   T5 0:9C 1:AC 3:AD(no club) ->1
# Tricks 0:4 1:1 2:- 3:0.  0: 5-4=1; 1: 5-1=4; 2 threw in: 5; 3 no trick: +1 = 6.
A_HANDS = ["JH JD AH AS 9C", "KS QS AC TD 9D", "KH QH KD 9S TC", "TH AD QD KC TS"]
A_BID = ["order", "discard TS"]
A_PLAY = plays("JH 9D 9H", "JD TD TH", "AH QS KC", "AS KS QD", "9C AC AD")
A = deal(A_HANDS, "9H", "JS JC QC", [*A_BID, "pass", "throw in", "pass", *A_PLAY])

# B: a weak order by seat 0 (only TH); dealer 3 takes 9H, discards QC -> QH AC KC KD 9H.
# Nobody throws in. T1 0:9S 1:AS 2:QS 3:KD(no spade) ->1   T2 1:JH 2:KH 3:9H 0:TH ->1
# T3 1:JD(left) 2:AH 3:QH 0:9D(no trump) ->1   T4 1:AD 2:TD 3:KC 0:TS ->1
# T5 1:KS 2:TC 3:AC 0:9C ->1 (spades led, no trump).  Seat 1 takes all five.
# 0 euchred with no trick: +2 only (7), a stake (pool 5); 1: 5-5=0 wins; 2, 3: +1 = 6.
B = deal(
    ["TH 9S TS 9D 9C", "JH JD AS KS AD", "AH KH QS TD TC", "QH AC KC QC KD"],
    "9H",
    "JS JC QD",
    [
        "order",
        "discard QC",
        "pass",
        "pass",
        "pass",
        *plays("9S AS QS KD", "JH KH 9H TH", "JD AH QH 9D", "AD TD KC TS", "KS TC AC 9C"),
    ],
)

# C: seat 0 orders with JH AH; dealer 3 takes 9H, discards QD -> AC KC QC KD 9H.
# T1 0:JH 1:KH 2:TH 3:9H ->0   T2 0:AH 1:JD(left) 2:QH 3:QC(no trump) ->1
# T3 1:AS 2:QS 3:KC 0:9S ->1   T4 1:AD 2:TD 3:KD 0:9D ->1   T5 1:KS 2:TC 3:AC 0:TS ->1
# Tricks 0:1 1:4 2:0 3:0.  0 euchred: its trick does not count, +2 (7), pool 5.
# 1: 5-4 = 1; 2, 3: no trick +1 = 6.
C = deal(
    ["JH AH 9S TS 9D", "JD KH AS KS AD", "QH TH QS TD TC", "AC KC QC KD QD"],
    "9H",
    "JS JC 9C",
    [
        "order",
        "discard QD",
        "pass",
        "pass",
        "pass",
        *plays("JH KH TH 9H", "AH JD QH QC", "AS QS KC 9S", "AD TD KD 9D", "KS TC AC TS"),
    ],
)

# E: seat 0 holds JH JD AH AS AC and declares; dealer 3 takes 9H, discards TS.
# The declarer leads (it is eldest too).  T1 0:JH 1:9D 2:QH 3:9H  T2 0:JD 1:TD 2:KH 3:TH
# T3 0:AH 1:QC 2:9C 3:QD  T4 0:AS 1:KS 2:KD 3:KC  T5 0:AC 1:QS 2:TC 3:AD -> all to 0.
E_HANDS = ["JH JD AH AS AC", "KS QS QC TD 9D", "KH QH KD 9C TC", "TH AD QD KC TS"]
E_PLAY = plays("JH 9D QH 9H", "JD TD KH TH", "AH QC 9C QD", "AS KS KD KC", "AC QS TC AD")
E = deal(
    E_HANDS, "9H", "9S JS JC", ["order", "discard TS", "declare", "pass", "pass", "pass", *E_PLAY]
)

# F: deal A with declare_march: seat 0 declares and takes 4 (T5 to seat 1's AC).
# The failed declaration doubles 0's score: 5 -> 10 (+5), one stake: pool 5.
F = deal(A_HANDS, "9H", "JS JC QC", [*A_BID, "declare", "pass", "throw in", "pass", *A_PLAY])

# T2 (dealer 0, eldest 1): up-card 9S; seat 1 orders spades (JS right, JC left).
# Dealer 0 takes 9S and discards 9D -> AH KH QH TD 9S.  Throw-ins from eldest: 2, 3, 0 pass.
# T1 1:JS 2:TS 3:TC(no spade) 0:9S ->1   T2 1:JC 2:QS 3:QD 0:TD ->1
# T3 1:AS 2:9C 3:KD 0:QH ->1   T4 1:KS 2:TH 3:JD 0:KH ->1   T5 1:9H 2:AD 3:JH 0:AH ->0
# After A ([1, 4, 5, 6]): 0: 1-1 = 0; 1: 4-4 = 0; 2, 3: +1 -> 6, 7. Tie at 0: shared.
TIE2 = deal(
    ["AH KH QH TD 9D", "JS JC AS KS 9H", "QS TS TH 9C AD", "JH JD KD QD TC"],
    "9S",
    "QC KC AC",
    [
        "order",
        "discard 9D",
        "pass",
        "pass",
        "pass",
        *plays("JS TS TC 9S", "JC QS QD TD", "AS 9C KD QH", "KS TH JD KH", "9H AD JH AH"),
    ],
)

# All pass twice (4 in round 1, 4 in round 2): thrown in, the deal passes to seat 0.
ALL_PASS = deal(A_HANDS, "9H", "JS JC QC", ["pass"] * 8)

# Round 2 with declare_march: 4 passes, 0 pass, 1 pass, 2 calls spades (no pickup),
# 2 declares, throw-ins 0, 1, 3 pass: the declarer leads (not eldest 0).
DECLARER_LEADS = deal(
    A_HANDS, "9H", "JS JC QC", ["pass"] * 4 + ["pass", "pass", "call S", "declare"] + ["pass"] * 3
)

# B with declare_march: maker 0 passes, defender 1 declares, 2 and 3 pass; 1 leads.
# Dealer 3 holds QH AC KC KD 9H after taking 9H and discarding QC.
# T1 1:JH 2:KH 3:9H 0:TH ->1   T2 1:JD(left) 2:AH 3:QH 0:9D(no trump) ->1 (trumps all out)
# T3 1:AS 2:QS 3:KD(no spade) 0:9S ->1   T4 1:KS 2:TD(no spade) 3:KC 0:TS ->1
# T5 1:AD 2:TC 3:AC 0:9C (no diamond) ->1.  Seat 1 takes all five.
DEFENDER_DECLARES = deal(
    ["TH 9S TS 9D 9C", "JH JD AS KS AD", "AH KH QS TD TC", "QH AC KC QC KD"],
    "9H",
    "JS JC QD",
    [
        "order",
        "discard QC",
        "pass",
        "declare",
        "pass",
        "pass",
        *plays("JH KH 9H TH", "JD AH QH 9D", "AS QS KD 9S", "KS TD KC TS", "AD TC AC 9C"),
    ],
)

# A with declare_march: maker 0 passes, defender 1 declares, 2 throws in, 3 passes.
# Dealer 3 holds TH AD QD KC 9H.  The declarer 1 leads; then 3 (2 is out), then 0.
# T1 1:AC 3:KC 0:9C ->1   T2 1:KS 3:QD(no spade) 0:AS ->0   T3 0:JH 1:9D 3:9H ->0
# T4 0:JD 1:TD 3:TH ->0   T5 0:AH 1:QS 3:AD ->0.  Tricks 0:4 1:1 3:0.
# 1 failed: 5 doubles to 10 (+5), a stake (pool 5); 0 makes: 5-4 = 1; 3 no trick: 6.
DEFENDER_FAILS = deal(
    A_HANDS,
    "9H",
    "JS JC QC",
    [
        *A_BID,
        "pass",
        "declare",
        "throw in",
        "pass",
        *plays("AC KC 9C", "KS QD AS", "JH 9D 9H", "JD TD TH", "AH QS AD"),
    ],
)

# Three players, dealer 2: A's hands of seats 0, 1 and 3 (seat 2's go to the kitty).
# 0 orders, dealer 2 takes 9H and discards TS -> TH 9H AD QD KC; 1 and 2 stay.
# T1 0:JH 1:9D 2:9H ->0   T2 0:JD 1:TD 2:TH ->0   T3 0:AH 1:QS 2:KC ->0
# T4 0:AS 1:KS 2:QD(no spade) ->0   T5 0:9C 1:AC 2:AD(no club) ->1.
# Tricks 0:4 1:1 2:0: 0: 5-4 = 1; 1: 5-1 = 4; 2: no trick, 6.  Three antes: pool 3.
THREE_HANDS = ["JH JD AH AS 9C", "KS QS AC TD 9D", "TH AD QD KC TS"]
THREE_KITTY = "KH QH KD 9S TC JS JC QC"
THREE = deal(
    THREE_HANDS,
    "9H",
    THREE_KITTY,
    [*A_BID, "pass", "pass", *plays("JH 9D 9H", "JD TD TH", "AH QS KC", "AS KS QD", "9C AC AD")],
)

# Two players, dealer 1: 0 orders, dealer 1 takes 9H and discards TS -> TH 9H AD QD KC.
# Nobody may throw in and nobody may declare: the play starts at once, 0 leads.
# T1 0:JH 1:9H  T2 0:JD 1:TH  T3 0:AH 1:KC(no trump)  T4 0:AS 1:QD  T5 0:9C 1:AD: all to 0.
# 0 marches: 5-5 = 0, wins the pool of 2; 1: no trick, 6.
TWO_HANDS = ["JH JD AH AS 9C", "TH AD QD KC TS"]
TWO_KITTY = "KS QS AC TD 9D KH QH KD 9S TC JS JC QC"
TWO = deal(
    TWO_HANDS,
    "9H",
    TWO_KITTY,
    [*A_BID, *plays("JH 9H", "JD TH", "AH KC", "AS QD", "9C AD")],
)

GOLDENS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "make_with_throw_in": (
        record({}, [A]),
        {
            "game": "setback_euchre",
            "sides": [[0], [1], [2], [3]],
            "deals": [done([-4, -1, 0, 1], [1, 4, 5, 6], [4, 1, 0, 0], "H", 0, 4, threw_in=[2])],
            **between_deals([1, 4, 5, 6]),
        },
    ),
    "defender_takes_all_and_wins": (
        record({"preset": "american_hoyle"}, [B]),
        {
            "deals": [done([2, -5, 1, 1], [7, 0, 6, 6], [0, 5, 0, 0], "H", 0, 5)],
            **between_deals([7, 0, 6, 6], finished=True, winner=1),
        },
    ),
    "euchred_maker_trick_does_not_count": (
        record({}, [C]),
        {
            "deals": [done([2, -4, 1, 1], [7, 1, 6, 6], [1, 4, 0, 0], "H", 0, 5)],
            **between_deals([7, 1, 6, 6]),
        },
    ),
    # C with euchre_relief: defenders who played subtract 2 more: 1: 5-4-2 = -1 (wins);
    # 2, 3: 5+1-2 = 4.  The maker: 7, pool 5.
    "euchre_relief": (
        record({"euchre_relief": True}, [C]),
        {
            "deals": [done([2, -6, -1, -1], [7, -1, 4, 4], [1, 4, 0, 0], "H", 0, 5)],
            **between_deals([7, -1, 4, 4], finished=True, winner=1),
        },
    ),
    # E from 8: the declared march wins at once although 0 is only down to 3.
    "declared_march_wins": (
        record({"declare_march": True, "start_score": 8}, [E]),
        {
            "deals": [done([-5, 1, 1, 1], [3, 9, 9, 9], [5, 0, 0, 0], "H", 0, 4, declared=True)],
            **between_deals([3, 9, 9, 9], finished=True, winner=0),
        },
    ),
    # E without the declaration, from 8: a plain march is only -5.
    "plain_march_from_8": (
        record(
            {"start_score": 8},
            [
                deal(
                    E_HANDS,
                    "9H",
                    "9S JS JC",
                    ["order", "discard TS", "pass", "pass", "pass", *E_PLAY],
                )
            ],
        ),
        {
            "deals": [done([-5, 1, 1, 1], [3, 9, 9, 9], [5, 0, 0, 0], "H", 0, 4)],
            **between_deals([3, 9, 9, 9]),
        },
    ),
    "declared_march_fails": (
        record({"declare_march": True}, [F]),
        {
            "deals": [
                done(
                    [5, -1, 0, 1],
                    [10, 4, 5, 6],
                    [4, 1, 0, 0],
                    "H",
                    0,
                    5,
                    declared=True,
                    stakes=[1, 0, 0, 0],
                )
            ],
            **between_deals([10, 4, 5, 6]),
        },
    ),
    "tie_shares_the_pool": (
        record({}, [A, TIE2]),
        {
            "deals": [
                done([-4, -1, 0, 1], [1, 4, 5, 6], [4, 1, 0, 0], "H", 0, 4),
                done([-1, -4, 1, 1], [0, 0, 6, 7], [1, 4, 0, 0], "S", 1, 4, dealer=0),
            ],
            **between_deals([0, 0, 6, 7], finished=True, winner=[0, 1]),
        },
    ),
    # A from 1: seat 0 goes to -3, seat 1 to 0: both reach 0, the lower score wins.
    "lower_score_wins": (
        record({"start_score": 1}, [A]),
        {
            "deals": [done([-4, -1, 0, 1], [-3, 0, 1, 2], [4, 1, 0, 0], "H", 0, 4)],
            **between_deals([-3, 0, 1, 2], finished=True, winner=0),
        },
    ),
    "all_pass_thrown_in": (
        record({}, [ALL_PASS]),
        {
            "deals": [
                {
                    "points": [0, 0, 0, 0],
                    "scores": [5, 5, 5, 5],
                    "tricks": [0, 0, 0, 0],
                    "trump": None,
                    "makers": None,
                    "complete": True,
                    "thrown_in": True,
                    "pool": 4,
                }
            ],
            **between_deals([5, 5, 5, 5]),
        },
    ),
    # Stick the dealer: after 7 passes the dealer may not pass; hearts was turned down.
    "stick_the_dealer_legal": (
        record({"stick_the_dealer": True}, [deal(A_HANDS, "9H", "JS JC QC", ["pass"] * 7)]),
        {
            "deals": [{"points": [0, 0, 0, 0], "scores": [5, 5, 5, 5], "complete": False}],
            "finished": False,
            "to_act": 3,
            "legal": ["call C", "call D", "call S"],
        },
    ),
    "declarer_leads": (
        record({"declare_march": True}, [DECLARER_LEADS]),
        {
            "deals": [
                {
                    "points": [0, 0, 0, 0],
                    "trump": "S",
                    "makers": 2,
                    "complete": False,
                    "declared": True,
                }
            ],
            "to_act": 2,
            "legal": ["play 9S", "play KD", "play KH", "play QH", "play TC"],
        },
    ),
    # Seats 1 and 2 threw in: the last defender (3) must stay.
    "last_defender_must_stay": (
        record({}, [deal(A_HANDS, "9H", "JS JC QC", [*A_BID, "throw in", "throw in"])]),
        {
            "deals": [{"trump": "H", "makers": 0, "complete": False, "threw_in": [1, 2]}],
            "to_act": 3,
            "legal": ["pass"],
        },
    ),
    # declare_march: the maker passed, so the defenders, from eldest, may declare.
    "defender_may_declare": (
        record({"declare_march": True}, [deal(A_HANDS, "9H", "JS JC QC", [*A_BID, "pass"])]),
        {
            "deals": [{"trump": "H", "makers": 0, "complete": False, "declared": False}],
            "to_act": 1,
            "legal": ["declare", "pass", "throw in"],
        },
    ),
    # Once seat 1 has declared, the later defenders may only pass or throw in.
    "one_declaration_only": (
        record(
            {"declare_march": True},
            [deal(A_HANDS, "9H", "JS JC QC", [*A_BID, "pass", "declare"])],
        ),
        {
            "deals": [{"trump": "H", "makers": 0, "declared": True, "declarer": 1}],
            "to_act": 2,
            "legal": ["pass", "throw in"],
        },
    ),
    # A defender's declared march from 8: it wins at once although only down to 3; the
    # maker 0, with no trick, is euchred: +2 and a stake (pool 5); 2, 3: no trick, 9.
    "defender_declared_march_wins": (
        record({"declare_march": True, "start_score": 8}, [DEFENDER_DECLARES]),
        {
            "deals": [
                done(
                    [2, -5, 1, 1],
                    [10, 3, 9, 9],
                    [0, 5, 0, 0],
                    "H",
                    0,
                    5,
                    declared=True,
                    declarer=1,
                    stakes=[1, 0, 0, 0],
                    events=[
                        "seat 0 (maker) euchred with 0 tricks: set back 2, pays a stake",
                        "seat 1 (defender) declared march, 5 tricks: -5",
                        "seat 2 takes no trick: set back 1",
                        "seat 3 takes no trick: set back 1",
                        "pool now 5 stakes",
                        "seat 1 made the declared march: wins the game and the pool",
                    ],
                )
            ],
            **between_deals([10, 3, 9, 9], finished=True, winner=1),
        },
    ),
    "defender_declared_march_fails": (
        record({"declare_march": True}, [DEFENDER_FAILS]),
        {
            "deals": [
                done(
                    [-4, 5, 0, 1],
                    [1, 10, 5, 6],
                    [4, 1, 0, 0],
                    "H",
                    0,
                    5,
                    declared=True,
                    declarer=1,
                    threw_in=[2],
                    stakes=[0, 1, 0, 0],
                )
            ],
            **between_deals([1, 10, 5, 6]),
        },
    ),
    "three_players": (
        record({}, [THREE], first_dealer=2, players=3),
        {
            "game": "setback_euchre",
            "sides": [[0], [1], [2]],
            "deals": [done([-4, -1, 1], [1, 4, 6], [4, 1, 0], "H", 0, 3, threw_in=[])],
            **between_deals([1, 4, 6]),
        },
    ),
    # Three players: seat 1 threw in, so the last defender (dealer 2) must stay.
    "three_players_last_defender_must_stay": (
        record(
            {},
            [deal(THREE_HANDS, "9H", THREE_KITTY, [*A_BID, "throw in"])],
            first_dealer=2,
            players=3,
        ),
        {
            "deals": [{"trump": "H", "makers": 0, "complete": False, "threw_in": [1]}],
            "to_act": 2,
            "legal": ["pass"],
        },
    ),
    "two_players": (
        record({}, [TWO], first_dealer=1, players=2),
        {
            "game": "setback_euchre",
            "sides": [[0], [1]],
            "deals": [done([-5, 1], [0, 6], [5, 0], "H", 0, 2, threw_in=[])],
            **between_deals([0, 6], finished=True, winner=0),
        },
    ),
    # Two players with declare_march: the maker passed; the defender may declare or pass.
    "two_players_defender_may_declare": (
        record(
            {"declare_march": True},
            [deal(TWO_HANDS, "9H", TWO_KITTY, [*A_BID, "pass"])],
            first_dealer=1,
            players=2,
        ),
        {
            "deals": [{"trump": "H", "makers": 0, "complete": False}],
            "to_act": 1,
            "legal": ["declare", "pass"],
        },
    ),
    # Stopped after trick 2 of deal A: tricks so far, nothing scored yet.
    "mid_deal": (
        record(
            {}, [deal(A_HANDS, "9H", "JS JC QC", [*A_BID, "pass", "throw in", "pass", *A_PLAY[:6]])]
        ),
        {
            "deals": [
                {
                    "points": [0, 0, 0, 0],
                    "scores": [5, 5, 5, 5],
                    "tricks": [2, 0, 0, 0],
                    "complete": False,
                }
            ],
            "to_act": 0,
            "legal": ["play 9C", "play AH", "play AS"],
        },
    ),
}

ERRORS: dict[str, tuple[dict[str, Any], list[str]]] = {
    # Deal A, trick 4 (action 14 is 0:AS): seat 1 holds KS and AC and must follow spades.
    "err_not_following_suit": (
        record(
            {},
            [
                deal(
                    A_HANDS,
                    "9H",
                    "JS JC QC",
                    [*A_BID, "pass", "throw in", "pass", *A_PLAY[:9], "play AS", "play AC"],
                )
            ],
        ),
        ["deal 0, action 15", "'play AC'", "must follow suit", "legal actions: play KS"],
    ),
    "err_order_alone": (
        record({}, [deal(A_HANDS, "9H", "JS JC QC", ["order alone"])]),
        ["deal 0, action 0", "always plays alone", "legal actions: order, pass"],
    ),
    "err_last_defender_throws_in": (
        record({}, [deal(A_HANDS, "9H", "JS JC QC", [*A_BID, "throw in", "throw in", "throw in"])]),
        ["deal 0, action 4", "at least one defender must play", "legal actions: pass"],
    ),
    "err_declare_without_option": (
        record({}, [deal(A_HANDS, "9H", "JS JC QC", [*A_BID, "declare"])]),
        ["deal 0, action 2", "declare_march", "legal actions: pass, throw in"],
    ),
    "err_call_turned_down_suit": (
        record({}, [deal(A_HANDS, "9H", "JS JC QC", ["pass"] * 4 + ["call H"])]),
        ["deal 0, action 4", "turned-down suit H"],
    ),
    "err_five_players": (
        {**record({}, [A]), "players": 5},
        ["played by 2, 3 or 4 players, not 5"],
    ),
    # Two players: nobody may throw in (RULES.md 1.10).
    "err_two_players_throw_in": (
        record(
            {"declare_march": True},
            [deal(TWO_HANDS, "9H", TWO_KITTY, [*A_BID, "pass", "throw in"])],
            first_dealer=1,
            players=2,
        ),
        ["deal 0, action 3", "with 2 players nobody may throw in", "legal actions: declare, pass"],
    ),
    "err_second_declaration": (
        record(
            {"declare_march": True},
            [deal(A_HANDS, "9H", "JS JC QC", [*A_BID, "pass", "declare", "declare"])],
        ),
        ["deal 0, action 4", "seat 1 has declared", "legal actions: pass, throw in"],
    ),
    "err_maker_declares_late": (
        record(
            {"declare_march": True},
            [deal(A_HANDS, "9H", "JS JC QC", [*A_BID, "pass", "pass", "pass", "pass", "declare"])],
        ),
        ["deal 0, action 6", "only when asked", "legal actions: play"],
    ),
    "err_card_twice": (
        record({}, [deal(A_HANDS, "9H", "JS JC JH", [])]),
        ["deal 0", "JH appears twice"],
    ),
    "err_unknown_option": (
        record({"target": 10}, [A]),
        ["unknown option 'target'"],
    ),
}


def check_cards(name: str, rec: dict[str, Any]) -> None:
    """Each deal holds distinct cards of the 24-card deck, five per hand."""
    for index, d in enumerate(rec["deals"]):
        everything = [c for hand in d["hands"] for c in hand] + [d["turned"], *d["stock"]]
        assert all(len(hand) == 5 for hand in d["hands"]), (name, index)
        assert len(everything) == len(set(everything)) == 24, (name, index)
        assert set(everything) <= DECK, (name, index)


def main() -> None:
    write_goldens(HERE, GOLDENS, ERRORS, check=check_cards)


if __name__ == "__main__":
    main()
