"""Write the Euchre golden records of ``tests/golden/euchre/``.

Run: ``python tests/golden/build_euchre.py``.

Every hand, action and expected result below was worked out by hand from
``RULES.md`` section 1 (the trick-by-trick reasoning is in the comments); nothing
here asks the engine. The script only lays the data out as record files
(``NAME.json``), expected replay results (``NAME.expect.json``, a subset of the
``tricktable replay --json`` object) and expected errors (``NAME.error.txt``: each
line is a text the one-line error message must contain).

Seats: dealer D, eldest D+1; sides 0 = seats 0, 2 and 1 = seats 1, 3.
Most deals use first_dealer 3, so seat 0 is eldest and bids and leads first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

if __package__:
    from .writing import plays, write_goldens
else:  # run as a script
    from writing import plays, write_goldens

HERE = Path(__file__).resolve().parent / "euchre"

SUITS = "SHDC"
DECKS = {
    24: [r + s for s in SUITS for r in "9TJQKA"],
    25: [r + s for s in SUITS for r in "9TJQKA"] + ["JO"],
    28: [r + s for s in SUITS for r in "89TJQKA"],
    32: [r + s for s in SUITS for r in "789TJQKA"],
    36: [r + s for s in SUITS for r in "2789TJQKA"],
}


def cards(text: str) -> list[str]:
    return text.split()


def deal(hands: list[str], turned: str, stock: str, actions: list[str]) -> dict[str, Any]:
    return {
        "hands": [cards(h) for h in hands],
        "turned": turned,
        "stock": cards(stock),
        "actions": actions,
    }


def rotate(d: dict[str, Any], by: int, actions: list[str] | None = None) -> dict[str, Any]:
    """The same cards with every hand moved ``by`` seats clockwise (seat s -> s+by)."""
    hands = [d["hands"][(seat - by) % 4] for seat in range(4)]
    return {
        "hands": hands,
        "turned": d["turned"],
        "stock": list(d["stock"]),
        "actions": list(d["actions"] if actions is None else actions),
    }


def with_actions(d: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    return {**d, "actions": actions}


def record(rules: Any, deals: list[dict[str, Any]], first_dealer: int = 3) -> dict[str, Any]:
    return {
        "format": "tricktable/1",
        "game": "euchre",
        "rules": rules,
        "players": 4,
        "first_dealer": first_dealer,
        "deals": deals,
    }


def done(
    points: list[int], scores: list[int], tricks: list[int], trump: str | None, makers: int | None
) -> dict[str, Any]:
    """A completed deal's summary."""
    return {
        "points": points,
        "scores": scores,
        "tricks": tricks,
        "trump": trump,
        "makers": makers,
        "complete": True,
    }


def open_deal(
    scores: list[int],
    tricks: list[int] | None = None,
    trump: str | None = None,
    makers: int | None = None,
) -> dict[str, Any]:
    """A deal the record stops inside: nothing scored in it yet."""
    return {
        "points": [0, 0],
        "scores": scores,
        "tricks": tricks or [0, 0],
        "trump": trump,
        "makers": makers,
        "complete": False,
    }


THROWN_IN = {
    "points": [0, 0],
    "tricks": [0, 0],
    "trump": None,
    "makers": None,
    "complete": True,
    "thrown_in": True,
}

BIDS_OPEN = ["order", "order alone", "pass"]

# ---------------------------------------------------------------------------------------
# The deals. 24-card deck unless said otherwise; up-card 9H (hearts trump when ordered):
# trumps JH (right), JD (left), AH KH QH TH 9H.

# BASE (dealer 3): seat 0 orders, dealer takes 9H and discards TS -> TH KD QD KC 9H.
# T1 0:JH 1:JD(only trump) 2:QH 3:9H -> 0     T2 0:AH 1:TD(no trump) 2:KH 3:TH -> 0
# T3 0:AS 1:KS 2:9D(void) 3:QD(void) -> 0    T4 0:QC 1:AC 2:TC 3:KC -> 1
# T5 1:QS 2:AD 3:KD 0:9C -> 1 (nobody follows spades, no trump)
# makers (side 0) take 3: 1 point.
BASE_HANDS = ["JH AH AS QC 9C", "JD KS QS AC TD", "KH QH AD 9D TC", "TH KD QD KC TS"]
BASE_PLAY = plays("JH JD QH 9H", "AH TD KH TH", "AS KS 9D QD", "QC AC TC KC", "QS AD KD 9C")
BASE = deal(BASE_HANDS, "9H", "9S JS JC", ["order", "discard TS", *BASE_PLAY])

# MAKE4 (dealer 3): as BASE with AC/QC and 9D/KD/AD moved.
# T1 JH JD QH 9H ->0  T2 AH TD KH TH ->0  T3 0:AS 1:KS 2:9C(void) 3:QD(void) ->0
# T4 0:AC 1:QC 2:TC 3:KC ->0  T5 0:9D 1:QS(void) 2:KD 3:AD ->3.  Makers 4: 1 point.
MAKE4 = deal(
    ["JH AH AS AC 9D", "JD KS QS QC TD", "KH QH KD 9C TC", "TH AD QD KC TS"],
    "9H",
    "9S JS JC",
    [
        "order",
        "discard TS",
        *plays("JH JD QH 9H", "AH TD KH TH", "AS KS 9C QD", "AC QC TC KC", "9D QS KD AD"),
    ],
)

# MARCH (dealer 3): seat 0 takes all five.
# T1 JH JD QH 9H  T2 AH TD KH TH  T3 AS KS 9D(void) QD(void)  T4 AC QC TC KC
# T5 0:9C 1:QS 2:AD 3:KD: only club, no trump -> 0.  March: 2 points.
MARCH_HANDS = ["JH AH AS AC 9C", "JD KS QS QC TD", "KH QH AD 9D TC", "TH KD QD KC TS"]
MARCH_PLAY = plays("JH JD QH 9H", "AH TD KH TH", "AS KS 9D QD", "AC QC TC KC", "9C QS AD KD")
MARCH = deal(MARCH_HANDS, "9H", "9S JS JC", ["order", "discard TS", *MARCH_PLAY])

# LONE (dealer 3): seat 0 orders alone (seat 2 sits out), eldest 0 leads; seats 0, 1, 3.
# T1 0:JH 1:9D(no trump) 3:9H  T2 0:JD 1:QC 3:TH  T3 0:AH 1:TD 3:QD  T4 0:AS 1:KS 3:KC
# T5 0:AC 1:QS 3:AD -> all to 0: lone march, 4 points.
LONE_HANDS = ["JH JD AH AS AC", "KS QS QC TD 9D", "KH QH KD 9C TC", "TH AD QD KC TS"]
LONE_PLAY = plays("JH 9D 9H", "JD QC TH", "AH TD QD", "AS KS KC", "AC QS AD")
LONE_MARCH = deal(LONE_HANDS, "9H", "9S JS JC", ["order alone", "discard TS", *LONE_PLAY])

# LONE MAKE (dealer 3): seat 0 alone.  T1 JH 9D 9H ->0  T2 JD TD TH ->0  T3 AH QS QD ->0
# T4 0:AS 1:KS 3:KC ->0  T5 0:9C 1:AC 3:AD -> 1 (AC).  Lone maker takes 4: 1 point.
LONE_MAKE = deal(
    ["JH JD AH AS 9C", "KS QS AC TD 9D", "KH QH KD QC TC", "TH AD QD KC TS"],
    "9H",
    "9S JS JC",
    [
        "order alone",
        "discard TS",
        *plays("JH 9D 9H", "JD TD TH", "AH QS QD", "AS KS KC", "9C AC AD"),
    ],
)

# EUCHRE (dealer 3): seat 0 orders, dealer discards JC -> TH AD KD QD 9H.
# T1 0:JH 1:QH 2:KH 3:9H ->0  T2 0:AH 1:JD(left beats AH) 2:9D 3:TH ->1
# T3 1:TD 2:QS 3:AD 0:9C ->3  T4 3:KD 0:KS 1:TC 2:KC ->3  T5 3:QD 0:AS 1:9S 2:AC ->3
# makers 1 trick: euchred, 2 to side 1.
EUCHRE = deal(
    ["JH AH AS KS 9C", "JD QH 9S TD TC", "KH AC KC QS 9D", "TH AD KD QD JC"],
    "9H",
    "JS TS QC",
    [
        "order",
        "discard JC",
        *plays("JH QH KH 9H", "AH JD 9D TH", "TD QS AD 9C", "KD KS TC KC", "QD AS 9S AC"),
    ],
)

# LONE EUCHRE (dealer 3): seat 0 orders alone with a weak hand; dealer discards TC.
# T1 0:JH 1:AH 3:9H ->0  T2 0:TH 1:JD 3:JS(no trump) ->1  T3 1:KS 3:QD 0:9S ->1
# T4 1:QS 3:KD 0:TS ->1  T5 1:TD 3:AD 0:9D ->3.  Lone maker 1 trick: euchred.
LONE_EUCHRE = deal(
    ["JH TH 9S TS 9D", "JD AH QS KS TD", "KH QH AS AC KC", "AD KD QD JS TC"],
    "9H",
    "9C JC QC",
    [
        "order alone",
        "discard TC",
        *plays("JH AH 9H", "TH JD JS", "KS QD 9S", "QS KD TS", "TD AD 9D"),
    ],
)

# SUPER EUCHRE (dealer 3): seat 0 orders with one small trump; dealer discards QC.
# T1 0:9S 1:AS 2:KS 3:KD ->1  T2 1:JH 2:QH 3:9H 0:TH ->1  T3 1:JD 2:TC 3:KH 0:9C ->1
# T4 1:AH 2:QS 3:KC 0:TS ->1  T5 1:AD 2:TD 3:AC 0:9D ->1.  Makers take no trick.
SUPER = deal(
    ["TH 9S TS 9D 9C", "JH JD AH AS AD", "QH KS QS TD TC", "KH AC KC QC KD"],
    "9H",
    "JS QD JC",
    [
        "order",
        "discard QC",
        *plays("9S AS KS KD", "JH QH 9H TH", "JD TC KH 9C", "AH QS KC TS", "AD TD AC 9D"),
    ],
)

# PARTNER ALONE (dealer 3): seat 1, the dealer's partner, orders alone; eldest 0 leads.
# T1 0:KS 1:AS 2:TS ->1  T2 1:JH 2:9S 0:9D  T3 1:JD 2:TC 0:TD  T4 1:AH 2:QC 0:QS
# T5 1:KH 2:KC 0:AC -> all to 1: lone march, 4 to side 1.
PARTNER_HANDS = ["KS QS AC 9D TD", "JH JD AH KH AS", "QC KC 9S TS TC", "QH TH AD KD QD"]
PARTNER_PLAY = plays("KS AS TS", "JH 9S 9D", "JD TC TD", "AH QC QS", "KH KC AC")
PARTNER_ALONE = deal(
    PARTNER_HANDS, "9H", "JS 9C JC", ["pass", "order alone", "discard QD", *PARTNER_PLAY]
)

# STUCK (dealer 3): all pass twice, the stuck dealer calls spades (trumps JS, JC, AS..).
# T1 0:AH 1:AC(void) 2:JH 3:JS ->3  T2 3:JC 0:KH 1:TS 2:QD ->3  T3 3:AS 0:QH 1:9S 2:TH
# T4 3:KS 0:AD 1:KC 2:JD  T5 3:QS 0:KD 1:QC 2:TD -> march by side 1: 2 points.
STUCK = deal(
    ["AH KH QH AD KD", "TS 9S AC KC QC", "JH TH QD JD TD", "JS JC AS KS QS"],
    "9H",
    "9D TC 9C",
    ["pass"] * 7
    + ["call S", *plays("AH AC JH JS", "JC KH TS QD", "AS QH 9S TH", "KS AD KC JD", "QS KD QC TD")],
)

# MINIMUM TRUMP deals (up-card 9H).
# MIN_ALL: seat 0 holds JD (the left bower) and no heart; dealer 3 holds no heart.
MIN_ALL = deal(
    ["JD KS QS 9S TS", "JH AH KH 9D TD", "QH TH AD KD QD", "AS AC KC QC JC"], "9H", "JS 9C TC", []
)
# MIN_DEALER: dealer 3 holds JC (left bower of spades) but no spade.
MIN_DEALER = deal(
    ["AS KS QS 9S TS", "JH AH KH 9D JD", "QH TH AC KC QC", "JC AD KD QD TD"], "9H", "JS 9C TC", []
)

# BRITISH (25 cards, Joker = Benny: trumps JO JH JD AH KH QH TH 9H with up-card 9H).
BRIT_HANDS = ["AH KS QS 9C TC", "QH AD KD QD 9S", "JO JH JD KH AS", "TH AC KC QC TS"]
BRIT_STOCK = "JS TD 9D JC"
# Take over: 0 orders alone, dealer discards TS, 2 takes over (0 sits out). Defenders
# from 2: seat 3 is asked; seat 1 is not (its partner is the dealer who exchanged).
# left_of_loner: seat 3 leads.  T1 3:AC 1:9S 2:KH(trump) ->2  T2 2:JO 3:9H 1:QH
# T3 2:JH 3:TH 1:QD  T4 2:JD 3:QC 1:KD  T5 2:AS 3:KC 1:AD -> lone march, 4 to side 0.
TAKE_OVER = deal(
    BRIT_HANDS,
    "9H",
    BRIT_STOCK,
    [
        "order alone",
        "discard TS",
        "take over",
        "pass",
        *plays("AC 9S KH", "JO 9H QH", "JH TH QD", "JD QC KD", "AS KC AD"),
    ],
)

# Lone defender: 0 alone, dealer 3 discards 9H, 2 declines to take over, 3 defends alone
# (1 is not asked: its partner is the dealer who exchanged).  The lone defender leads.
# T1 3:AS 0:9S ->3  T2 3:AD 0:9D ->3  T3 3:JO 0:AH ->3  T4 3:JD 0:JH ->0  T5 0:TS 3:KH ->3
# makers 1 trick, lone defender euchres: 4 to side 1.
LONE_DEFENDER = deal(
    ["JH AH 9S TS 9D", "KS QS KD QD TD", "QH TH AC KC QC", "JO JD KH AS AD"],
    "9H",
    "JS JC TC 9C",
    [
        "order alone",
        "discard 9H",
        "pass",
        "defend alone",
        *plays("AS 9S", "AD 9D", "JO AH", "JD JH", "TS KH"),
    ],
)

# Joker up-card, name_suit: dealer names S; trumps JO JS JC AS KS QS TS 9S.
# 0 orders, dealer takes the Joker and discards 9C -> TS AC KC QC JO.
# T1 0:JS 1:KS 2:QS 3:TS ->0  T2 0:JC 1:9H 2:KH 3:JO ->3  T3 3:AC 0:AS(void) 1:9D 2:QD ->0
# T4 0:AH 1:TH 2:QH 3:KC ->0  T5 0:AD 1:TD 2:KD 3:QC ->0.  Makers 4: 1 point.
JOKER_HANDS = ["JS JC AS AH AD", "KS 9H TH 9D TD", "QS KH QH KD QD", "TS AC KC QC 9C"]
NAME_SUIT = deal(
    JOKER_HANDS,
    "JO",
    "9S JH JD TC",
    [
        "name S",
        "order",
        "discard 9C",
        *plays("JS KS QS TS", "JC 9H KH JO", "AC AS 9D QD", "AH TH QH KC", "AD TD KD QC"),
    ],
)

# Joker up-card, blind_call (cornish): dealer names H, side 1 makes, dealer takes the
# Joker, discards AC -> JO JH AH KH AS, declines to go alone; cornish has
# defend_alone_any, so the defenders are asked clockwise from the maker (0, then 2) and
# both pass; eldest 0 leads.
# T1 0:KS 1:QD 2:9C 3:AS ->3  T2 3:JO 0:QH 1:TH 2:9H  T3 3:JH 0:9S 1:JD 2:TC
# T4 3:AH 0:TS 1:KD 2:KC  T5 3:KH 0:QS 1:AD 2:QC -> march by side 1: 2 points.
BLIND_CALL = deal(
    ["QH 9S TS KS QS", "JD TH AD KD QD", "9H 9C TC KC QC", "JH AH KH AS AC"],
    "JO",
    "JS TD 9D JC",
    [
        "name H",
        "discard AC",
        "pass",
        "pass",
        "pass",
        *plays("KS QD 9C AS", "JO QH TH 9H", "JH 9S JD TC", "AH TS KD KC", "KH QS AD QC"),
    ],
)

# Benny 2S (british, deck holds 2S instead of JO): 2S is the highest trump.
# 0 orders, dealer discards QD -> JD KC QC KD 9H.
# T1 0:2S 1:TH 2:JH 3:JD ->0 (Benny over both bowers)  T2 0:AH 1:KH 2:QH 3:9H ->0
# T3 0:9S 1:KS 2:AS 3:KC ->2  T4 2:AC 3:QC 0:9C 1:QS ->2  T5 2:AD 3:KD 0:9D 1:TD ->2
# march: 2 points.
BENNY_2S = deal(
    ["2S AH 9S 9C 9D", "KH TH KS QS TD", "JH QH AS AC AD", "JD KC QC KD QD"],
    "9H",
    "JS TS JC TC",
    [
        "order",
        "discard QD",
        *plays("2S TH JH JD", "AH KH QH 9H", "9S KS AS KC", "AC QC 9C QS", "AD KD 9D TD"),
    ],
)

# 32 cards (mathews_1844): up-card 7C, trumps JC JS AC KC QC TC 9C 8C 7C.
# 0 orders, dealer discards TD -> AD KD QD JD 7C.
# T1 0:JC 1:TH 2:JS(left, its only trump) 3:7C ->0  T2 0:AC 1:JH 2:TS 3:JD ->0
# T3 0:8C 1:QH 2:QS 3:QD ->0  T4 0:7H 1:AH 2:KS 3:KD ->1  T5 1:KH 2:AS 3:AD 0:7S ->1
# makers 3: 1 point.
DECK32 = deal(
    ["JC AC 8C 7H 7S", "AH KH QH JH TH", "JS AS KS QS TS", "AD KD QD JD TD"],
    "7C",
    "KC QC TC 9C 9H 8H 9S 8S 9D 8D 7D",
    [
        "order",
        "discard TD",
        *plays("JC TH JS 7C", "AC JH TS JD", "8C QH QS QD", "7H AH KS KD", "KH AS AD 7S"),
    ],
)

# Farmer's hand: seat 1 holds only 9s and 10s, exchanges 9S TS 9D for the stock's
# AS KS JC -> 9H TH AS KS JC. Up-card QH; 0 orders, dealer discards TC -> JS QS TD QD QH.
# T1 0:JH 1:9H 2:JD 3:QH ->0  T2 0:AH 1:TH 2:9C 3:TD ->0  T3 0:KH 1:JC 2:QC 3:QD ->0
# T4 0:AD 1:KS 2:KC 3:QS ->0  T5 0:KD 1:AS 2:AC 3:JS ->0: march, 2 points.
FARMER = deal(
    ["JH AH KH AD KD", "9S TS 9H TH 9D", "JD AC KC QC 9C", "JS QS TD QD TC"],
    "QH",
    "AS KS JC",
    [
        "farmers hand",
        "discard 9S",
        "discard TS",
        "discard 9D",
        "order",
        "discard TC",
        *plays("JH 9H JD QH", "AH TH 9C TD", "KH JC QC QD", "AD KS KC QS", "KD AS AC JS"),
    ],
)

# Ace no face: up-card QH, 0 orders, dealer discards KS -> JD TH 9H QD QH. Seat 2 holds
# AC 9S TS 9C TC, says ace no face, discards 9S 9C TC and takes AS KC JC.
# T1 0:JH 1:9D 2:TS 3:9H ->0  T2 0:AH 1:TD 2:JC 3:TH ->0  T3 0:KH 1:QC 2:KC 3:QH ->0
# T4 0:AD 1:JS 2:AS 3:QD ->0  T5 0:KD 1:QS 2:AC 3:JD(left bower trumps) ->3.
# makers 4: 1 point.
ANF_HANDS = ["JH AH KH AD KD", "QS JS 9D TD QC", "AC 9S TS 9C TC", "JD TH 9H KS QD"]
ACE_NO_FACE = deal(
    ANF_HANDS,
    "QH",
    "AS KC JC",
    [
        "order",
        "discard KS",
        "ace no face",
        "discard 9S",
        "discard 9C",
        "discard TC",
        *plays("JH 9D TS 9H", "AH TD JC TH", "KH QC KC QH", "AD JS AS QD", "KD QS AC JD"),
    ],
)

# Point on partner (dealer 2): eldest 3 passes, 0 (the dealer's partner) orders; the
# dealer discards 9C -> KH QH KD TC 9H.  3 leads.
# T1 3:TS 0:AS 1:QS 2:TC ->0  T2 0:JH 1:JD 2:KH 3:TH ->0  T3 0:AH 1:TD 2:QH 3:QD ->0
# T4 0:AC 1:QC 2:9H(void, trumps) 3:KC ->2  T5 2:KD 3:AD 0:9D 1:KS ->3
# makers 4: 1 point + 1 for the assist.
ASSIST = deal(
    ["JH AH AS AC 9D", "JD KS QS QC TD", "KH QH KD 9C TC", "TH AD QD KC TS"],
    "9H",
    "9S JS JC",
    [
        "pass",
        "order",
        "discard 9C",
        *plays("TS AS QS TC", "JH JD KH TH", "AH TD QH QD", "AC QC 9H KC", "KD AD 9D KS"),
    ],
)

# Robson blind alone: up-card JH; dealer 3 goes blind alone, takes JH, discards 9C ->
# JH JD AH KH QS. Seat 1 sits out; eldest 0 leads.
# T1 0:AS 2:TS 3:QS ->0  T2 0:KS 2:JS 3:JH(void, trumps) ->3  T3 3:JD 0:9S 2:QD
# T4 3:AH 0:TD 2:KD  T5 3:KH 0:9D 2:AD.  Blind alone takes 4: 1 point to side 0.
BLIND_ALONE = deal(
    ["AS KS 9S TD 9D", "QH TH 9H AC KC", "AD KD QD JS TS", "JD AH KH QS 9C"],
    "JH",
    "QC JC TC",
    [
        "blind alone",
        "discard 9C",
        *plays("AS TS QS", "KS JS JH", "JD 9S QD", "AH TD KD", "KH 9D AD"),
    ],
)

# Robson blind alone march: up-card JS (trumps JS JC AS KS QS TS 9S); dealer 3 blind
# alone, discards KS -> JS JC AS AH AD; seat 1 sits out, eldest 0 leads.
# T1 0:9H 2:AC(void) 3:AH ->3  T2 3:JS 0:QS 2:9S  T3 3:JC 0:TS 2:KC  T4 3:AS 0:TH 2:QD
# T5 3:AD 0:9D 2:KD -> all five: 5 points; a march, so robson (a) lets the maker
# choose, and it scores.
BLIND_MARCH = deal(
    ["QS TS 9H TH 9D", "KH QH JH TD JD", "9S KD QD AC KC", "JC AS KS AH AD"],
    "JS",
    "QC TC 9C",
    [
        "blind alone",
        "discard KS",
        *plays("9H AC AH", "JS QS 9S", "JC TS KC", "AS TH QD", "AD 9D KD"),
        "score",
    ],
)

# Renege: BASE cards; in trick 2 seat 2 plays 9D although it holds KH (a renege).
# T1 JH JD QH 9H ->0  T2 0:AH 1:TD 2:9D 3:TH ->0  T3 0:AS 1:KS 2:KH(void spades) 3:QD ->2
# T4 2:TC 3:KC 0:QC 1:AC ->1  T5 1:QS 2:AD 3:KD 0:9C ->1.  Side 0 takes 3.
# Opponents of seat 2 asked from eldest: seat 1, then seat 3.
RENEGE_PLAY = plays("JH JD QH 9H", "AH TD 9D TH", "AS KS KH QD", "TC KC QC AC", "QS AD KD 9C")

# Left bower is not its printed suit: 0 leads AD (trump hearts); seat 1 holds JD and no
# other diamond, so any card may follow.
LEFT_NOT_PRINTED = deal(
    ["AD JH AH AS QC", "JD KS QS AC TC", "KH QH 9D TD 9C", "TH KD QD KC TS"],
    "9H",
    "JS 9S JC",
    ["order", "discard TS", "play AD"],
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


NA: dict[str, Any] = {"preset": "north_american"}
BETWEEN = {"finished": False, "winner": None, "to_act": None, "legal": []}

# -- scoring lines ----------------------------------------------------------------------
golden(
    "na_make3",
    record(NA, [BASE]),
    {
        "game": "euchre",
        "sides": [[0, 2], [1, 3]],
        "deals": [done([1, 0], [1, 0], [3, 2], "H", 0)],
        "scores": [1, 0],
        **BETWEEN,
    },
)
golden(
    "na_make4",
    record(NA, [MAKE4]),
    {"deals": [done([1, 0], [1, 0], [4, 1], "H", 0)], "scores": [1, 0], **BETWEEN},
)
golden(
    "na_march",
    record(NA, [MARCH]),
    {"deals": [done([2, 0], [2, 0], [5, 0], "H", 0)], "scores": [2, 0], **BETWEEN},
)
golden(
    "na_lone_march",
    record(NA, [LONE_MARCH]),
    {"deals": [done([4, 0], [4, 0], [5, 0], "H", 0)], "scores": [4, 0], **BETWEEN},
)
golden(
    "na_lone_make",
    record(NA, [LONE_MAKE]),
    {"deals": [done([1, 0], [1, 0], [4, 1], "H", 0)], "scores": [1, 0], **BETWEEN},
)
golden(
    "na_euchre",
    record(NA, [EUCHRE]),
    {"deals": [done([0, 2], [0, 2], [1, 4], "H", 0)], "scores": [0, 2], **BETWEEN},
)
golden(
    "na_lone_euchre_2",
    record(NA, [LONE_EUCHRE]),
    {"deals": [done([0, 2], [0, 2], [1, 4], "H", 0)], "scores": [0, 2], **BETWEEN},
)
golden(
    "lone_euchre_points_4",
    record({"lone_euchre_points": 4}, [LONE_EUCHRE]),
    {"deals": [done([0, 4], [0, 4], [1, 4], "H", 0)], "scores": [0, 4], **BETWEEN},
)
# super_euchre_points 3 > euchre_points 2: the makers' side takes nothing.
golden(
    "super_euchre",
    record({"super_euchre_points": 3}, [SUPER]),
    {"deals": [done([0, 3], [0, 3], [0, 5], "H", 0)], "scores": [0, 3], **BETWEEN},
)

# -- making trump ---------------------------------------------------------------------------
# All pass twice: thrown in, the deal passes left (dealer 0, eldest 1 passes, 2 to act).
golden(
    "thrown_in_dealer_rotates",
    record(NA, [with_actions(BASE, ["pass"] * 8), rotate(BASE, 1, ["pass"])]),
    {
        "deals": [{**THROWN_IN, "scores": [0, 0]}, open_deal([0, 0])],
        "scores": [0, 0],
        "finished": False,
        "winner": None,
        "to_act": 2,
        "legal": BIDS_OPEN,
    },
)
# Stick the dealer: after 4 + 3 passes the dealer must call; no pass, no hearts.
golden(
    "stick_dealer_stuck",
    record({"preset": "tournament"}, [with_actions(BASE, ["pass"] * 7)]),
    {
        "deals": [open_deal([0, 0])],
        "finished": False,
        "to_act": 3,
        "legal": ["call C", "call C alone", "call D", "call D alone", "call S", "call S alone"],
    },
)
golden(
    "stick_dealer_calls",
    record("euchre(preset=tournament)", [STUCK]),
    {"deals": [done([0, 2], [0, 2], [0, 5], "S", 1)], "scores": [0, 2], **BETWEEN},
)
# alone_timing after_discard: round 1 offers only order/pass; the maker decides after
# the discard.
golden(
    "after_discard_round1",
    record({"alone_timing": "after_discard"}, [with_actions(LONE_MARCH, [])]),
    {"deals": [open_deal([0, 0])], "to_act": 0, "legal": ["order", "pass"]},
)
golden(
    "after_discard_decision",
    record({"alone_timing": "after_discard"}, [with_actions(LONE_MARCH, ["order", "discard TS"])]),
    {"deals": [open_deal([0, 0], trump="H", makers=0)], "to_act": 0, "legal": ["alone", "pass"]},
)
golden(
    "after_discard_alone_march",
    record(
        {"alone_timing": "after_discard"},
        [with_actions(LONE_MARCH, ["order", "discard TS", "alone", *LONE_PLAY])],
    ),
    {"deals": [done([4, 0], [4, 0], [5, 0], "H", 0)], "scores": [4, 0], **BETWEEN},
)
# dealer_may_discard_upcard false: the dealer may discard any card but the 9H picked up.
golden(
    "no_upcard_discard_legal",
    record({"dealer_may_discard_upcard": False}, [with_actions(BASE, ["order"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 3,
        "legal": ["discard KC", "discard KD", "discard QD", "discard TH", "discard TS"],
    },
)
# The dealer's partner goes alone: the dealer picks up and discards (default) ...
golden(
    "partner_alone_dealer_picks_up",
    record(NA, [PARTNER_ALONE]),
    {"deals": [done([0, 4], [0, 4], [0, 5], "H", 1)], "scores": [0, 4], **BETWEEN},
)
golden(
    "partner_alone_dealer_picks_up_midway",
    record(NA, [with_actions(PARTNER_ALONE, ["pass", "order alone"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=1)],
        "to_act": 3,
        "legal": [
            "discard 9H",
            "discard AD",
            "discard KD",
            "discard QD",
            "discard QH",
            "discard TH",
        ],
    },
)
# ... or not: with the option false play starts at once (eldest 0 leads).
golden(
    "partner_alone_dealer_no_pickup",
    record(
        {"dealer_picks_up_when_partner_alone": False},
        [with_actions(PARTNER_ALONE, ["pass", "order alone", *PARTNER_PLAY])],
    ),
    {"deals": [done([0, 4], [0, 4], [0, 5], "H", 1)], "scores": [0, 4], **BETWEEN},
)
golden(
    "partner_alone_dealer_no_pickup_midway",
    record(
        {"dealer_picks_up_when_partner_alone": False},
        [with_actions(PARTNER_ALONE, ["pass", "order alone"])],
    ),
    {
        "deals": [open_deal([0, 0], trump="H", makers=1)],
        "to_act": 0,
        "legal": ["play 9D", "play AC", "play KS", "play QS", "play TD"],
    },
)
# Canadian loner: the dealer's partner (seat 1) may only pass or order alone in round 1;
# in round 2 it calls freely.
golden(
    "canadian_round1",
    record({"preset": "canadian"}, [with_actions(BASE, ["pass"])]),
    {"deals": [open_deal([0, 0])], "to_act": 1, "legal": ["order alone", "pass"]},
)
golden(
    "canadian_round2",
    record({"preset": "canadian"}, [with_actions(BASE, ["pass"] * 5)]),
    {
        "deals": [open_deal([0, 0])],
        "to_act": 1,
        "legal": [
            "call C",
            "call C alone",
            "call D",
            "call D alone",
            "call S",
            "call S alone",
            "pass",
        ],
    },
)
golden(
    "canadian_loner_alias_full",
    record({"canadian_loner": True}, [PARTNER_ALONE]),
    {"deals": [done([0, 4], [0, 4], [0, 5], "H", 1)], "scores": [0, 4], **BETWEEN},
)
# minimum_trump all: seat 0's only "trump" is the left bower -> pass only; in round 2 it
# may call S (spades) but not C (no club, no JS) nor D: JD, the right bower, is its only
# diamond, and a single jack as the only trump does not count (seed 001; the default
# minimum_trump_jack any).
golden(
    "minimum_trump_all_round1",
    record({"minimum_trump": "all"}, [MIN_ALL]),
    {"deals": [open_deal([0, 0])], "to_act": 0, "legal": ["pass"]},
)
golden(
    "minimum_trump_all_round2",
    record({"minimum_trump": "all"}, [with_actions(MIN_ALL, ["pass"] * 4)]),
    {
        "deals": [open_deal([0, 0])],
        "to_act": 0,
        "legal": ["call S", "call S alone", "pass"],
    },
)
# minimum_trump_jack left (only a lone left bower fails): the lone JD may call D.
golden(
    "minimum_trump_all_round2_jack_left",
    record(
        {"minimum_trump": "all", "minimum_trump_jack": "left"},
        [with_actions(MIN_ALL, ["pass"] * 4)],
    ),
    {
        "deals": [open_deal([0, 0])],
        "to_act": 0,
        "legal": ["call D", "call D alone", "call S", "call S alone", "pass"],
    },
)
# ... checked after the pickup for the dealer: the dealer holds no heart but would hold 9H.
golden(
    "minimum_trump_all_dealer_after_pickup",
    record({"minimum_trump": "all"}, [with_actions(MIN_ALL, ["pass"] * 3)]),
    {"deals": [open_deal([0, 0])], "to_act": 3, "legal": BIDS_OPEN},
)
# minimum_trump dealer: seat 0 (no heart) is not restricted; the dealer in round 2 holds
# JC (left bower of spades) and no spade -> no call S; JC is also its only club (a lone
# right bower) -> no call C either (minimum_trump_jack any, the default).
golden(
    "minimum_trump_dealer_other_seat",
    record({"minimum_trump": "dealer"}, [MIN_DEALER]),
    {"deals": [open_deal([0, 0])], "to_act": 0, "legal": BIDS_OPEN},
)
golden(
    "minimum_trump_dealer_round2",
    record({"minimum_trump": "dealer"}, [with_actions(MIN_DEALER, ["pass"] * 7)]),
    {
        "deals": [open_deal([0, 0])],
        "to_act": 3,
        "legal": ["call D", "call D alone", "pass"],
    },
)
golden(
    "minimum_trump_dealer_round2_jack_left",
    record(
        {"minimum_trump": "dealer", "minimum_trump_jack": "left"},
        [with_actions(MIN_DEALER, ["pass"] * 7)],
    ),
    {
        "deals": [open_deal([0, 0])],
        "to_act": 3,
        "legal": ["call C", "call C alone", "call D", "call D alone", "pass"],
    },
)

# -- lone-hand options and first lead ----------------------------------------------------------
BRIT: dict[str, Any] = {"preset": "british"}
golden(
    "british_take_over",
    record(BRIT, [TAKE_OVER]),
    {"deals": [done([4, 0], [4, 0], [5, 0], "H", 0)], "scores": [4, 0], **BETWEEN},
)
# After the take over, left_of_loner: seat 3 (left of the new loner 2) leads.
golden(
    "british_take_over_lead",
    record(BRIT, [with_actions(TAKE_OVER, ["order alone", "discard TS", "take over", "pass"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 3,
        "legal": ["play 9H", "play AC", "play KC", "play QC", "play TH"],
    },
)
# The maker's partner decides first.
golden(
    "british_take_over_offered",
    record(BRIT, [with_actions(TAKE_OVER, ["order alone", "discard TS"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 2,
        "legal": ["pass", "take over"],
    },
)
# Exception: the dealer who took up the 9H alone cannot be taken over; the defenders are
# asked from seat 0.
golden(
    "british_take_over_exception",
    record(BRIT, [with_actions(TAKE_OVER, ["pass", "pass", "pass", "order alone", "discard TS"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=1)],
        "to_act": 0,
        "legal": ["defend alone", "pass"],
    },
)
# Exception: seat 1, whose partner is the dealer who exchanged, may not defend alone.
golden(
    "british_defend_exception",
    record(BRIT, [with_actions(TAKE_OVER, ["order alone", "discard TS", "pass"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 3,
        "legal": ["defend alone", "pass"],
    },
)
golden(
    "british_lone_defender",
    record(BRIT, [LONE_DEFENDER]),
    {"deals": [done([0, 4], [0, 4], [1, 4], "H", 0)], "scores": [0, 4], **BETWEEN},
)
# lone_lead: the dealer's partner 1 alone -> left_of_loner: seat 2 leads (eldest_skip: 0).
golden(
    "lone_lead_left_of_loner",
    record(
        {"lone_lead": "left_of_loner"},
        [with_actions(PARTNER_ALONE, ["pass", "order alone", "discard QD"])],
    ),
    {
        "deals": [open_deal([0, 0], trump="H", makers=1)],
        "to_act": 2,
        "legal": ["play 9S", "play KC", "play QC", "play TC", "play TS"],
    },
)
# Seat 2 alone, eldest 0 sits out: eldest_skip -> seat 1 leads; left_of_loner -> seat 3.
golden(
    "lone_lead_eldest_skip",
    record(NA, [with_actions(PARTNER_ALONE, ["pass", "pass", "order alone", "discard QD"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 1,
        "legal": ["play AH", "play AS", "play JD", "play JH", "play KH"],
    },
)
golden(
    "lone_lead_left_of_loner_dealer",
    record(
        {"lone_lead": "left_of_loner"},
        [with_actions(PARTNER_ALONE, ["pass", "pass", "order alone", "discard QD"])],
    ),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 3,
        "legal": ["play 9H", "play AD", "play KD", "play QH", "play TH"],
    },
)

# -- Joker, Benny, decks --------------------------------------------------------------------
golden(
    "joker_name_suit",
    record(BRIT, [NAME_SUIT]),
    {"deals": [done([1, 0], [1, 0], [4, 1], "S", 0)], "scores": [1, 0], **BETWEEN},
)
golden(
    "joker_name_suit_first",
    record(BRIT, [with_actions(NAME_SUIT, [])]),
    {"deals": [open_deal([0, 0])], "to_act": 3, "legal": ["name C", "name D", "name H", "name S"]},
)
# The named suit is the turned-down suit in round 2.
golden(
    "joker_name_suit_round2",
    record(BRIT, [with_actions(NAME_SUIT, ["name S", "pass", "pass", "pass", "pass"])]),
    {
        "deals": [open_deal([0, 0])],
        "to_act": 0,
        "legal": [
            "call C",
            "call C alone",
            "call D",
            "call D alone",
            "call H",
            "call H alone",
            "pass",
        ],
    },
)
golden(
    "joker_blind_call",
    record({"preset": "cornish"}, [BLIND_CALL]),
    {"deals": [done([0, 2], [0, 2], [0, 5], "H", 1)], "scores": [0, 2], **BETWEEN},
)
golden(
    "joker_blind_call_discard",
    record({"preset": "cornish"}, [with_actions(BLIND_CALL, ["name H"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=1)],
        "to_act": 3,
        "legal": [
            "discard AC",
            "discard AH",
            "discard AS",
            "discard JH",
            "discard JO",
            "discard KH",
        ],
    },
)
golden(
    "benny_2S",
    record({"preset": "british", "benny": "2S"}, [BENNY_2S]),
    {"deals": [done([2, 0], [2, 0], [5, 0], "H", 0)], "scores": [2, 0], **BETWEEN},
)
golden(
    "deck32_mathews_1844",
    record({"preset": "mathews_1844"}, [DECK32]),
    {"deals": [done([1, 0], [1, 0], [3, 2], "C", 0)], "scores": [1, 0], **BETWEEN},
)

# -- house rules ------------------------------------------------------------------------------
golden(
    "farmers_hand",
    record({"farmers_hand": True}, [FARMER]),
    {"deals": [done([2, 0], [2, 0], [5, 0], "H", 0)], "scores": [2, 0], **BETWEEN},
)
golden(
    "farmers_hand_offered",
    record({"farmers_hand": True}, [with_actions(FARMER, [])]),
    {"deals": [open_deal([0, 0])], "to_act": 1, "legal": ["farmers hand", "pass"]},
)
golden(
    "ace_no_face_exchange",
    record({"ace_no_face": "exchange"}, [ACE_NO_FACE]),
    {"deals": [done([1, 0], [1, 0], [4, 1], "H", 0)], "scores": [1, 0], **BETWEEN},
)
# redeal: thrown in, the same dealer (3) deals again, so eldest 0 bids first.
golden(
    "ace_no_face_redeal",
    record(
        {"ace_no_face": "redeal"},
        [with_actions(ACE_NO_FACE, ["order", "discard KS", "ace no face"]), with_actions(BASE, [])],
    ),
    {
        "deals": [
            {"points": [0, 0], "scores": [0, 0], "complete": True, "thrown_in": True},
            open_deal([0, 0]),
        ],
        "scores": [0, 0],
        "finished": False,
        "to_act": 0,
        "legal": BIDS_OPEN,
    },
)
golden(
    "point_on_partner",
    record({"point_on_partner": True}, [ASSIST], first_dealer=2),
    {"deals": [done([2, 0], [2, 0], [4, 1], "H", 0)], "scores": [2, 0], **BETWEEN},
)
# The same deal without the option: 1 point.
golden(
    "point_on_partner_off",
    record(NA, [ASSIST], first_dealer=2),
    {"deals": [done([1, 0], [1, 0], [4, 1], "H", 0)], "scores": [1, 0], **BETWEEN},
)
ROBSON = {"robson": True}
golden(
    "robson_choice",
    record(ROBSON, [with_actions(MARCH, ["order", "discard TS", *MARCH_PLAY])]),
    {
        "deals": [open_deal([0, 0], tricks=[5, 0], trump="H", makers=0)],
        "to_act": 0,
        "legal": ["score", "set back"],
    },
)
golden(
    "robson_score",
    record(ROBSON, [with_actions(MARCH, [*MARCH["actions"], "score"])]),
    {"deals": [done([2, 0], [2, 0], [5, 0], "H", 0)], "scores": [2, 0], **BETWEEN},
)
# Deal 1: side 0 makes (1-0). Deal 2 (dealer 0): seat 1 marches and sets side 0 back by
# 2, not below 0 -> 0-0.
golden(
    "robson_set_back",
    record(ROBSON, [BASE, rotate(MARCH, 1, [*MARCH["actions"], "set back"])]),
    {
        "deals": [
            done([1, 0], [1, 0], [3, 2], "H", 0),
            {"scores": [0, 0], "tricks": [0, 5], "trump": "H", "makers": 1, "complete": True},
        ],
        "scores": [0, 0],
        **BETWEEN,
    },
)
golden(
    "robson_blind_offer",
    record(ROBSON, [with_actions(BLIND_ALONE, [])]),
    {"deals": [open_deal([0, 0])], "to_act": 3, "legal": ["blind alone", "pass"]},
)
golden(
    "robson_blind_alone",
    record(ROBSON, [BLIND_ALONE]),
    {"deals": [done([1, 0], [1, 0], [1, 4], "H", 1)], "scores": [1, 0], **BETWEEN},
)
golden(
    "robson_blind_alone_march",
    record(ROBSON, [BLIND_MARCH]),
    {"deals": [done([0, 5], [0, 5], [0, 5], "S", 1)], "scores": [0, 5], **BETWEEN},
)
RENEGE: dict[str, Any] = {"renege": "callable"}
golden(
    "renege_offered",
    record(RENEGE, [with_actions(BASE, ["order", "discard TS", *RENEGE_PLAY])]),
    {
        "deals": [open_deal([0, 0], tricks=[3, 2], trump="H", makers=0)],
        "to_act": 1,
        "legal": ["call renege", "pass"],
    },
)
golden(
    "renege_called",
    record(RENEGE, [with_actions(BASE, ["order", "discard TS", *RENEGE_PLAY, "call renege"])]),
    {"deals": [done([0, 2], [0, 2], [3, 2], "H", 0)], "scores": [0, 2], **BETWEEN},
)
golden(
    "renege_passed",
    record(RENEGE, [with_actions(BASE, ["order", "discard TS", *RENEGE_PLAY, "pass", "pass"])]),
    {"deals": [done([1, 0], [1, 0], [3, 2], "H", 0)], "scores": [1, 0], **BETWEEN},
)

# -- match ------------------------------------------------------------------------------------
# target 3: deal 1 side 0 makes (1-0); deal 2 (dealer 0) seat 1 marches alone (1-4).
TARGET3 = record({"target": 3}, [BASE, rotate(LONE_MARCH, 1)])
golden(
    "target_reached",
    TARGET3,
    {
        "deals": [done([1, 0], [1, 0], [3, 2], "H", 0), done([0, 4], [1, 4], [0, 5], "H", 1)],
        "scores": [1, 4],
        "finished": True,
        "winner": 1,
    },
)
# best of 3 games to 2 (british_tournament): each march wins a game; scores restart.
BO3: dict[str, Any] = {"preset": "british_tournament", "target": 2}
MARCH25 = {**MARCH, "stock": ["9S", "JS", "JC", "JO"]}
golden(
    "best_of_3_game_boundary",
    record(BO3, [MARCH25, rotate(MARCH25, 1, ["pass"])]),
    {
        "deals": [done([2, 0], [2, 0], [5, 0], "H", 0), open_deal([0, 0])],
        "scores": [0, 0],
        "finished": False,
        "winner": None,
        "to_act": 2,
        "legal": BIDS_OPEN,
    },
)
golden(
    "best_of_3_match",
    record(BO3, [MARCH25, rotate(MARCH25, 1), rotate(MARCH25, 2)]),
    {
        "deals": [
            done([2, 0], [2, 0], [5, 0], "H", 0),
            done([0, 2], [0, 2], [0, 5], "H", 1),
            done([2, 0], [2, 0], [5, 0], "H", 0),
        ],
        "scores": [2, 0],
        "finished": True,
        "winner": 0,
    },
)
golden(
    "target_null_single_hand",
    record({"target": None}, [BASE]),
    {
        "deals": [done([1, 0], [1, 0], [3, 2], "H", 0)],
        "scores": [1, 0],
        "finished": True,
        "winner": 0,
    },
)
# openspiel: single hand, after_discard, dealer may not discard the up-card.
golden(
    "openspiel_single_hand",
    record(
        {"preset": "openspiel"}, [with_actions(BASE, ["order", "discard TS", "pass", *BASE_PLAY])]
    ),
    {
        "deals": [done([1, 0], [1, 0], [3, 2], "H", 0)],
        "scores": [1, 0],
        "finished": True,
        "winner": 0,
    },
)

# -- stopping mid-deal --------------------------------------------------------------------------
golden(
    "midway_start",
    record(NA, [with_actions(BASE, [])]),
    {
        "game": "euchre",
        "sides": [[0, 2], [1, 3]],
        "deals": [open_deal([0, 0])],
        "scores": [0, 0],
        "finished": False,
        "winner": None,
        "to_act": 0,
        "legal": BIDS_OPEN,
    },
)
# Trump led: seat 1's only trump is the left bower JD; it must play it.
golden(
    "midway_follow_left_bower",
    record(NA, [with_actions(BASE, ["order", "discard TS", "play JH"])]),
    {"deals": [open_deal([0, 0], trump="H", makers=0)], "to_act": 1, "legal": ["play JD"]},
)
# Diamonds led: JD is a heart now, seat 1 is void in diamonds and may play anything.
golden(
    "midway_left_bower_not_printed_suit",
    record(NA, [LEFT_NOT_PRINTED]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 1,
        "legal": ["play AC", "play JD", "play KS", "play QS", "play TC"],
    },
)
# Second deal started, stopped after two tricks: seat 1 (deal 2 eldest) has won both.
golden(
    "midway_second_deal",
    record(NA, [BASE, rotate(BASE, 1, ["order", "discard TS", *BASE_PLAY[:8]])]),
    {
        "deals": [
            done([1, 0], [1, 0], [3, 2], "H", 0),
            open_deal([1, 0], tricks=[0, 2], trump="H", makers=1),
        ],
        "scores": [1, 0],
        "finished": False,
        "winner": None,
        "to_act": 1,
        "legal": ["play 9C", "play AS", "play QC"],
    },
)

# -- combinations ---------------------------------------------------------------------------
# Robson, march by the defenders (SUPER cards: side 1 takes all five): the first defender
# clockwise from the dealer (3) is seat 1; it chooses.
golden(
    "robson_defenders_march_choice",
    record(ROBSON, [SUPER]),
    {
        "deals": [open_deal([0, 0], tricks=[0, 5], trump="H", makers=0)],
        "to_act": 1,
        "legal": ["score", "set back"],
    },
)
# Canadian with after_discard: the dealer's partner orders, then may only go alone.
golden(
    "canadian_after_discard_forced_alone",
    record(
        {"preset": "canadian", "alone_timing": "after_discard"},
        [with_actions(PARTNER_ALONE, ["pass", "order", "discard QD"])],
    ),
    {"deals": [open_deal([0, 0], trump="H", makers=1)], "to_act": 1, "legal": ["alone"]},
)
# minimum_trump with the Benny: JO is a trump other than the left bower.
golden(
    "minimum_trump_benny_counts",
    record(
        {"preset": "british", "minimum_trump": "all"},
        [
            deal(
                ["JO JD KS QS 9S", "JH AH KH 9D TD", "QH TH AD KD QD", "AS AC KC QC JC"],
                "9H",
                "JS TS 9C TC",
                [],
            )
        ],
    ),
    {"deals": [open_deal([0, 0])], "to_act": 0, "legal": BIDS_OPEN},
)
# Round 2 lone call (no exchange): partner 2 declines to take over; then both defenders
# are eligible, from seat 1; seat 1 passes, seat 3 is asked.
golden(
    "british_round2_defenders_in_turn",
    record(BRIT, [with_actions(TAKE_OVER, ["pass"] * 4 + ["call S alone", "pass", "pass"])]),
    {
        "deals": [open_deal([0, 0], trump="S", makers=0)],
        "to_act": 3,
        "legal": ["defend alone", "pass"],
    },
)
# The dealer calling alone in round 2 has exchanged nothing: its partner may take over.
golden(
    "british_take_over_dealer_round2",
    record(BRIT, [with_actions(TAKE_OVER, ["pass"] * 7 + ["call S alone"])]),
    {
        "deals": [open_deal([0, 0], trump="S", makers=1)],
        "to_act": 1,
        "legal": ["pass", "take over"],
    },
)
AFTER: dict[str, Any] = {"alone_timing": "after_discard"}
golden(
    "after_discard_round2_legal",
    record(AFTER, [with_actions(BASE, ["pass"] * 4)]),
    {"deals": [open_deal([0, 0])], "to_act": 0, "legal": ["call C", "call D", "call S", "pass"]},
)
golden(
    "after_discard_round2_call",
    record(AFTER, [with_actions(BASE, ["pass"] * 4 + ["call S"])]),
    {"deals": [open_deal([0, 0], trump="S", makers=0)], "to_act": 0, "legal": ["alone", "pass"]},
)
golden(
    "renege_called_second",
    record(
        RENEGE, [with_actions(BASE, ["order", "discard TS", *RENEGE_PLAY, "pass", "call renege"])]
    ),
    {"deals": [done([0, 2], [0, 2], [3, 2], "H", 0)], "scores": [0, 2], **BETWEEN},
)
# Renege in a lone hand: LONE_MAKE cards, seat 1 plays AC on AS in trick 4 holding KS.
# T4 0:AS 1:AC 3:KC ->0  T5 0:9C 1:KS 3:AD ->0: the lone maker takes all five.
# Only seat 0 (seat 2 sits out) is asked; it passes: lone march, 4 points.
golden(
    "renege_lone_hand_passed",
    record(
        RENEGE,
        [
            with_actions(
                LONE_MAKE,
                [
                    "order alone",
                    "discard TS",
                    *plays("JH 9D 9H", "JD TD TH", "AH QS QD", "AS AC KC", "9C KS AD"),
                    "pass",
                ],
            )
        ],
    ),
    {"deals": [done([4, 0], [4, 0], [5, 0], "H", 0)], "scores": [4, 0], **BETWEEN},
)
# An alone order by the dealer's partner is no assist: no extra point.
golden(
    "point_on_partner_not_alone",
    record({"point_on_partner": True}, [PARTNER_ALONE]),
    {"deals": [done([0, 4], [0, 4], [0, 5], "H", 1)], "scores": [0, 4], **BETWEEN},
)
# Blind call, dealer goes alone: the defenders are asked from seat 0 (no take over in
# cornish).
golden(
    "joker_blind_call_alone",
    record({"preset": "cornish"}, [with_actions(BLIND_CALL, ["name H", "discard AC", "alone"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=1)],
        "to_act": 0,
        "legal": ["defend alone", "pass"],
    },
)
# 28 cards (8s added): the up-card 8H goes to the dealer.
golden(
    "deck28_pickup",
    record(
        {"deck": 28},
        [
            deal(
                ["8S 8D 8C 9S 9D", "AH KH QH JH TH", "AD KD QD JD TD", "AS KS QS JS TS"],
                "8H",
                "9H AC KC QC JC TC 9C",
                ["order"],
            )
        ],
    ),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 3,
        "legal": [
            "discard 8H",
            "discard AS",
            "discard JS",
            "discard KS",
            "discard QS",
            "discard TS",
        ],
    },
)

# Robson blind alone euchred: up-card JH, dealer 3 discards 9C -> JH 9S TS 9D TD.
# T1 0:AS 2:KS 3:9S ->0  T2 0:AD 2:KD 3:9D ->0  T3 0:JD 2:QH 3:JH ->3  T4 3:TS 0:AH(void,
# trump) 2:QS ->0  T5 0:KH 2:TH 3:TD ->0.  A euchre: lone_euchre_points (2), not 1.
golden(
    "robson_blind_alone_euchred",
    record(
        ROBSON,
        [
            deal(
                ["JD AH KH AS AD", "9H AC KC QC JC", "QH TH KS QS KD", "9S TS 9D TD 9C"],
                "JH",
                "JS QD TC",
                [
                    "blind alone",
                    "discard 9C",
                    *plays("AS KS 9S", "AD KD 9D", "JD QH JH", "TS AH QS", "KH TH TD"),
                ],
            )
        ],
    ),
    {"deals": [done([2, 0], [2, 0], [4, 1], "H", 1)], "scores": [2, 0], **BETWEEN},
)
# benny 2S: the 2S up-card is the Benny, so the dealer names its suit.
golden(
    "benny_2S_upcard",
    record(
        {"preset": "british", "benny": "2S"},
        [
            deal(
                ["9H AH 9S 9C 9D", "KH TH KS QS TD", "JH QH AS AC AD", "JD KC QC KD QD"],
                "2S",
                "JS TS JC TC",
                [],
            )
        ],
    ),
    {"deals": [open_deal([0, 0])], "to_act": 3, "legal": ["name C", "name D", "name H", "name S"]},
)
# defend_alone with eldest_skip: maker 0 (eldest) alone, dealer 3 defends alone; eldest
# is active, so seat 0 leads (left_of_loner would give seat 3).
golden(
    "defend_alone_eldest_skip",
    record(
        {"deck": 25, "defend_alone": True},
        [with_actions(LONE_DEFENDER, ["order alone", "discard 9H", "defend alone"])],
    ),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 0,
        "legal": ["play 9D", "play 9S", "play AH", "play JH", "play TS"],
    },
)

# -- errors -------------------------------------------------------------------------------------
error(
    "err_not_following_suit",
    record(NA, [with_actions(BASE, ["order", "discard TS", *RENEGE_PLAY])]),
    ["deal 0, action 8", "play 9D", "play KH"],
)
error(
    "err_wrong_seats_card",
    record(NA, [with_actions(BASE, ["order", "discard TS", "play JD"])]),
    ["deal 0, action 2", "play JD", "play JH"],
)
error(
    "err_call_turned_down_suit",
    record(NA, [with_actions(BASE, ["pass"] * 4 + ["call H"])]),
    ["deal 0, action 4", "call H", "call S"],
)
error(
    "err_stuck_dealer_pass",
    record({"preset": "tournament"}, [with_actions(BASE, ["pass"] * 8)]),
    ["deal 0, action 7", "pass", "call S"],
)
error(
    "err_canadian_partner_order",
    record({"preset": "canadian"}, [with_actions(BASE, ["pass", "order"])]),
    ["deal 0, action 1", "order", "order alone"],
)
error(
    "err_discard_upcard",
    record({"dealer_may_discard_upcard": False}, [with_actions(BASE, ["order", "discard 9H"])]),
    ["deal 0, action 1", "discard 9H", "discard TS"],
)
error(
    "err_take_over_dealer_exchanged",
    record(
        BRIT,
        [
            with_actions(
                TAKE_OVER, ["pass", "pass", "pass", "order alone", "discard TS", "take over"]
            )
        ],
    ),
    ["deal 0, action 5", "take over", "defend alone"],
)
error(
    "err_minimum_trump_order",
    record({"minimum_trump": "all"}, [with_actions(MIN_ALL, ["order"])]),
    ["deal 0, action 0", "order"],
)
# Canadian + minimum_trump: seat 0 is not the dealer's partner; it is refused because its
# only "trump" is the left bower, so the reason must name minimum_trump.
error(
    "err_minimum_trump_not_canadian",
    record({"preset": "canadian", "minimum_trump": "all"}, [with_actions(MIN_ALL, ["order"])]),
    ["deal 0, action 0", "minimum_trump"],
)
error(
    "err_after_discard_order_alone",
    record({"alone_timing": "after_discard"}, [with_actions(LONE_MARCH, ["order alone"])]),
    ["deal 0, action 0", "order alone"],
)
error(
    "err_not_an_action",
    record(NA, [with_actions(BASE, ["flip JH"])]),
    ["deal 0, action 0", "flip JH"],
)
error(
    "err_action_after_deal_end",
    record(NA, [with_actions(BASE, [*BASE["actions"], "pass"])]),
    ["deal 0, action 22", "pass"],
)
error("err_deal_after_match_over", {**TARGET3, "deals": [*TARGET3["deals"], BASE]}, ["deal 2"])
error(
    "err_deal_before_previous_finished",
    record(NA, [with_actions(BASE, ["pass"]), BASE]),
    ["deal 1"],
)
error(
    "err_duplicate_card",
    record(
        NA,
        [
            deal(
                ["JH AH AS QC 9C", "JD KS QS AC TD", "JH QH AD 9D TC", "TH KD QD KC TS"],
                "9H",
                "9S JS JC",
                [],
            )
        ],
    ),
    ["deal 0", "JH"],
)
error(
    "err_card_outside_deck_8S",
    record(
        NA,
        [
            deal(
                ["JH AH AS QC 9C", "JD KS QS AC 8S", "KH QH AD 9D TC", "TH KD QD KC TS"],
                "9H",
                "9S JS JC",
                [],
            )
        ],
    ),
    ["deal 0", "8S"],
)
error(
    "err_joker_in_24_card_deck",
    record(
        NA,
        [
            deal(
                ["JH AH AS QC 9C", "JD KS QS AC TD", "KH QH AD 9D JO", "TH KD QD KC TS"],
                "9H",
                "9S JS JC",
                [],
            )
        ],
    ),
    ["deal 0", "JO"],
)
error(
    "err_joker_with_benny_2S",
    record(
        {"preset": "british", "benny": "2S"},
        [
            deal(
                ["JO AH 9S 9C 9D", "KH TH KS QS TD", "JH QH AS AC AD", "JD KC QC KD QD"],
                "9H",
                "JS TS JC TC",
                [],
            )
        ],
    ),
    ["deal 0", "JO"],
)
error(
    "err_7S_in_28_card_deck",
    record(
        {"deck": 28},
        [
            deal(
                ["7S 8D 8C 9S 9D", "AH KH QH JH TH", "AD KD QD JD TD", "AS KS QS JS TS"],
                "8H",
                "",
                [],
            )
        ],
    ),
    ["deal 0", "7S"],
)
error(
    "err_joker_in_32_card_deck",
    record(
        {"preset": "mathews_1844"},
        [
            deal(
                ["JC AC 8C 7H JO", "AH KH QH JH TH", "JS AS KS QS TS", "AD KD QD JD TD"],
                "7C",
                "",
                [],
            )
        ],
    ),
    ["deal 0", "JO"],
)
error(
    "err_wrong_hand_size",
    record(
        NA,
        [
            deal(
                ["JH AH AS QC 9C", "JD KS QS AC TD", "KH QH AD 9D", "TH KD QD KC TS"],
                "9H",
                "9S JS JC",
                [],
            )
        ],
    ),
    ["deal 0", "seat 2"],
)
error("err_unknown_option", record({"stick_the_deeler": True}, [BASE]), ["stick_the_deeler"])
error("err_bad_option_value", record({"renege": "sometimes"}, [BASE]), ["renege", "sometimes"])
error("err_bad_deck_size", record({"deck": 30}, [BASE]), ["deck", "30"])
error("err_unknown_preset", record({"preset": "klondike"}, [BASE]), ["klondike"])
error(
    "err_missing_deals",
    {key: value for key, value in record(NA, [BASE]).items() if key != "deals"},
    ["deals"],
)
error(
    "err_deal_missing_hands",
    record(NA, [{key: value for key, value in BASE.items() if key != "hands"}]),
    ["deal 0", "hands"],
)
error("err_first_dealer_out_of_range", record(NA, [BASE], first_dealer=4), ["first_dealer"])

# -- the rules of the source texts added by issue 26 ------------------------------------------
# dealer_opens (the British variation of seed 001): the dealer speaks first in both rounds,
# then eldest and on; the seat on the dealer's right speaks last.
OPENS: dict[str, Any] = {"dealer_opens": True}
golden(
    "dealer_opens_round1",
    record(OPENS, [with_actions(BASE, [])]),
    {"deals": [open_deal([0, 0])], "to_act": 3, "legal": BIDS_OPEN},
)
golden(
    "dealer_opens_round2",
    record(OPENS, [with_actions(BASE, ["pass"] * 4)]),
    {
        "deals": [open_deal([0, 0])],
        "to_act": 3,
        "legal": [
            "call C",
            "call C alone",
            "call D",
            "call D alone",
            "call S",
            "call S alone",
            "pass",
        ],
    },
)
# BASE's cards: the dealer passes first, then seat 0 orders; the play is BASE's.
golden(
    "dealer_opens_make",
    record(OPENS, [with_actions(BASE, ["pass", "order", "discard TS", *BASE_PLAY])]),
    {"deals": [done([1, 0], [1, 0], [3, 2], "H", 0)], "scores": [1, 0], **BETWEEN},
)
# All pass twice (3, 0, 1, 2 in each round): thrown in; the next dealer, seat 0, opens.
golden(
    "dealer_opens_thrown_in",
    record(OPENS, [with_actions(BASE, ["pass"] * 8), rotate(BASE, 1, ["pass"])]),
    {
        "deals": [{**THROWN_IN, "scores": [0, 0]}, open_deal([0, 0])],
        "scores": [0, 0],
        "finished": False,
        "winner": None,
        "to_act": 1,
        "legal": BIDS_OPEN,
    },
)
# British with dealer_opens: a Benny up-card is always a blind call (joker_upcard is
# name_suit in the preset). BLIND_CALL's cards: the dealer names H, takes the Joker,
# discards AC and is asked alone; not alone, no lone option applies; eldest 0 leads and
# side 1 marches (as in joker_blind_call).
OPENS_BRIT: dict[str, Any] = {"preset": "british", "dealer_opens": True}
golden(
    "dealer_opens_benny_blind_call_alone_offered",
    record(OPENS_BRIT, [with_actions(BLIND_CALL, ["name H", "discard AC"])]),
    {"deals": [open_deal([0, 0], trump="H", makers=1)], "to_act": 3, "legal": ["alone", "pass"]},
)
golden(
    "dealer_opens_benny_blind_call",
    record(
        OPENS_BRIT,
        [
            with_actions(
                BLIND_CALL,
                [
                    "name H",
                    "discard AC",
                    "pass",
                    *plays(
                        "KS QD 9C AS", "JO QH TH 9H", "JH 9S JD TC", "AH TS KD KC", "KH QS AD QC"
                    ),
                ],
            )
        ],
    ),
    {"deals": [done([0, 2], [0, 2], [0, 5], "H", 1)], "scores": [0, 2], **BETWEEN},
)
error(
    "err_dealer_opens_with_stick_the_dealer",
    record({"dealer_opens": True, "stick_the_dealer": True}, [BASE]),
    ["dealer_opens", "stick_the_dealer"],
)

# deck 36 (the 32 cards and the four 2s, below the 7s). Dealer 3, up-card 7C (clubs
# trump: JC JS AC KC QC TC 9C 8C 7C 2C). 0 orders, the dealer discards TD -> AD KD QD JD 7C.
# T1 0:JC 1:JH(void) 2:JS(its only trump) 3:7C ->0  T2 0:AC 1:QH 2:9H 3:JD ->0
# T3 0:8C 1:KH 2:TH 3:QD ->0  T4 0:7S 1:2S(follows, below the 7) 2:9D 3:KD ->0
# T5 0:2H 1:AH 2:2D 3:AD ->1.  Makers take 4: 1 point.
DECK36 = deal(
    ["JC AC 8C 2H 7S", "AH KH QH JH 2S", "JS 9H TH 9D 2D", "AD KD QD JD TD"],
    "7C",
    "KC QC TC 9C",
    [
        "order",
        "discard TD",
        *plays("JC JH JS 7C", "AC QH 9H JD", "8C KH TH QD", "7S 2S 9D KD", "2H AH 2D AD"),
    ],
)
golden(
    "deck36_twos",
    record({"deck": 36}, [DECK36]),
    {"deals": [done([1, 0], [1, 0], [4, 1], "C", 0)], "scores": [1, 0], **BETWEEN},
)
error("err_benny_2S_with_deck_36", record({"deck": 36, "benny": "2S"}, [BASE]), ["benny", "36"])

# maker_may_concede ("Gettando in", seed 001): BASE's cards; seat 0, the maker, has taken
# the first three tricks and leads the fourth: it may concede instead of a card.
CONCEDE: dict[str, Any] = {"maker_may_concede": True}
BASE_THREE = ["order", "discard TS", *plays("JH JD QH 9H", "AH TD KH TH", "AS KS 9D QD")]
golden(
    "concede_offered",
    record(CONCEDE, [with_actions(BASE, BASE_THREE)]),
    {
        "deals": [open_deal([0, 0], tricks=[3, 0], trump="H", makers=0)],
        "to_act": 0,
        "legal": ["concede", "play 9C", "play QC"],
    },
)
# The rest is not played: make_points (1), never a march; the tricks stay as taken.
golden(
    "concede_scores_make_points",
    record(CONCEDE, [with_actions(BASE, [*BASE_THREE, "concede"])]),
    {"deals": [done([1, 0], [1, 0], [3, 0], "H", 0)], "scores": [1, 0], **BETWEEN},
)
# A lone maker too (LONE_MAKE's cards: seat 0 alone takes the first three tricks).
golden(
    "concede_lone_maker",
    record(
        CONCEDE,
        [
            with_actions(
                LONE_MAKE,
                [
                    "order alone",
                    "discard TS",
                    *plays("JH 9D 9H", "JD TD TH", "AH QS QD"),
                    "concede",
                ],
            )
        ],
    ),
    {"deals": [done([1, 0], [1, 0], [3, 0], "H", 0)], "scores": [1, 0], **BETWEEN},
)
# Not before the makers hold three tricks (seat 0 leads the third trick) ...
error(
    "err_concede_before_three_tricks",
    record(
        CONCEDE,
        [
            with_actions(
                BASE, ["order", "discard TS", *plays("JH JD QH 9H", "AH TD KH TH"), "concede"]
            )
        ],
    ),
    ["deal 0, action 10", "concede", "3 tricks"],
)
# ... not by another seat (seat 0 leads QC to trick 4: seat 1, a defender, is to play) ...
error(
    "err_concede_not_the_maker",
    record(CONCEDE, [with_actions(BASE, [*BASE_THREE, "play QC", "concede"])]),
    ["deal 0, action 15", "concede", "only the maker"],
)
# ... and not without the option.
error(
    "err_concede_without_the_option",
    record(NA, [with_actions(BASE, [*BASE_THREE, "concede"])]),
    ["deal 0, action 14", "concede", "maker_may_concede"],
)

# defend_alone_any (on in cornish; seed 001, McLeod): a defender may defend alone against
# two makers. BASE's cards: seat 0 orders (not alone), the dealer takes up; the defenders
# are asked clockwise from the maker: seat 1 is not (its partner is the dealer who took
# up), the dealer, seat 3, is.
ANY: dict[str, Any] = {"defend_alone": True, "defend_alone_any": True}
golden(
    "defend_alone_any_offered",
    record(ANY, [with_actions(BASE, ["order", "discard TS"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 3,
        "legal": ["defend alone", "pass"],
    },
)
# With eldest_skip the first lead stays with eldest (seat 0); seat 1 sits out.
golden(
    "defend_alone_any_eldest_leads",
    record(ANY, [with_actions(BASE, ["order", "discard TS", "defend alone"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 0,
        "legal": ["play 9C", "play AH", "play AS", "play JH", "play QC"],
    },
)
# LONE DEFENDER (dealer 3, lone_lead left_of_loner): seat 0 orders, the dealer takes 9H
# and discards AC -> JH JD AH AS 9H, and defends alone (seat 1 sits out); the lone
# defender leads. Seats 3, 0, 2:
# T1 3:JH 0:KH 2:TH ->3  T2 3:JD 0:QH 2:9S ->3  T3 3:AH 0:KS(no trump) 2:TS ->3
# T4 3:AS 0:QS 2:9C ->3  T5 3:9H 0:KC 2:TC ->3.  Makers take none: a lone defender's
# euchre scores lone_defender_points (4), not the euchre points.
LONE_DEFENDER = deal(
    ["KH QH KS QS KC", "AD KD QD TD 9D", "TH 9S TS 9C TC", "JH JD AH AS AC"],
    "9H",
    "JS QC JC",
    [
        "order",
        "discard AC",
        "defend alone",
        *plays("JH KH TH", "JD QH 9S", "AH KS TS", "AS QS 9C", "9H KC TC"),
    ],
)
golden(
    "defend_alone_any_lone_defender_euchre",
    record({**ANY, "lone_lead": "left_of_loner"}, [LONE_DEFENDER]),
    {"deals": [done([0, 4], [0, 4], [0, 5], "H", 0)], "scores": [0, 4], **BETWEEN},
)
# The cornish preset has it: after the blind call (not alone) seat 0 is asked first.
golden(
    "cornish_defend_alone_against_two_makers",
    record({"preset": "cornish"}, [with_actions(BLIND_CALL, ["name H", "discard AC", "pass"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=1)],
        "to_act": 0,
        "legal": ["defend alone", "pass"],
    },
)
error(
    "err_defend_alone_any_without_defend_alone",
    record({"defend_alone_any": True}, [BASE]),
    ["defend_alone_any", "defend_alone"],
)

# renege_penalty deduct (seed 001: "due punti vengono detratti"): the reneging side loses
# renege_points, not below 0. Deal 1 (SUPER): side 1 euchres, 0-2. Deal 2 (dealer 0):
# RENEGE_PLAY's deal turned one seat, so seat 3 (side 1) reneges; seats 2 then 0 are
# asked, seat 2 calls: side 1 loses 2 points, nothing else is scored.
DEDUCT: dict[str, Any] = {"renege": "callable", "renege_penalty": "deduct"}
golden(
    "renege_deduct_called",
    record(
        DEDUCT,
        [SUPER, rotate(BASE, 1, ["order", "discard TS", *RENEGE_PLAY, "call renege"])],
    ),
    {
        "deals": [
            done([0, 2], [0, 2], [0, 5], "H", 0),
            done([0, 0], [0, 0], [2, 3], "H", 1),
        ],
        "scores": [0, 0],
        **BETWEEN,
    },
)
# At 0 the reneging side stays at 0.
golden(
    "renege_deduct_not_below_zero",
    record(DEDUCT, [with_actions(BASE, ["order", "discard TS", *RENEGE_PLAY, "call renege"])]),
    {"deals": [done([0, 0], [0, 0], [3, 2], "H", 0)], "scores": [0, 0], **BETWEEN},
)


# ---------------------------------------------------------------------------------------
def check_cards(name: str, rec: dict[str, Any]) -> None:
    """Independent sanity check of a valid golden's cards (5 each, distinct, in the deck)."""
    rules = rec["rules"]
    preset = rules.get("preset") if isinstance(rules, dict) else None
    size = {"british": 25, "british_tournament": 25, "cornish": 25, "mathews_1844": 32}.get(
        preset or "", 24
    )
    if isinstance(rules, dict) and "deck" in rules:
        size = rules["deck"]
    deck = set(DECKS[size])
    if isinstance(rules, dict) and rules.get("benny") == "2S":
        deck = (deck - {"JO"}) | {"2S"}
    for index, d in enumerate(rec["deals"]):
        everything = [c for hand in d["hands"] for c in hand] + [d["turned"], *d["stock"]]
        assert all(len(hand) == 5 for hand in d["hands"]), (name, index)
        assert len(everything) == len(set(everything)), (name, index)
        assert set(everything) <= deck, (name, index, set(everything) - deck)


def main() -> None:
    write_goldens(HERE, GOLDENS, ERRORS, check=check_cards)


if __name__ == "__main__":
    main()
