"""Write the two-handed Euchre golden records of ``tests/golden/two_handed_euchre/``
(run: python tests/golden/build_two_handed_euchre.py).

Every hand, action and expected result below was worked out by hand from RULES.md
section 1.10 (with the ranking and following of 1.1 and 1.5, and the scores of 1.6); the
trick-by-trick reasoning is in the comments (``0:JH`` = seat 0 plays JH). Nothing here
asks the engine: the script only lays the data out as record files (``NAME.json``),
expected replay results (``NAME.expect.json``, a subset of the ``tricktable replay
--json`` object) and expected errors (``NAME.error.txt``: each line is a text the one-line
error message must contain). The stock of each deal is the rest of the deck, worked out
here from the deck list.

Two seats, each its own side. Most deals use first_dealer 1, so seat 0 is the
non-dealer: it bids first in both rounds and always leads to the first trick.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

if __package__:
    from .writing import plays, write_goldens
else:  # run as a script
    from writing import plays, write_goldens

HERE = Path(__file__).resolve().parent / "two_handed_euchre"
GAME = "two_handed_euchre"

SUITS = "SHDC"
DECKS = {
    24: [r + s for s in SUITS for r in "9TJQKA"],
    28: [r + s for s in SUITS for r in "89TJQKA"],
    32: [r + s for s in SUITS for r in "789TJQKA"],
}


def deal(hands: list[str], turned: str, actions: list[str], deck: int = 24) -> dict[str, Any]:
    """A deal whose stock is every other card of the deck, in deck order."""
    held = [card for hand in hands for card in hand.split()] + [turned]
    assert len(set(held)) == len(held), f"a card twice in {held}"
    assert all(card in DECKS[deck] for card in held), f"a card outside the deck in {held}"
    assert all(len(hand.split()) == 5 for hand in hands)
    return {
        "hands": [hand.split() for hand in hands],
        "turned": turned,
        "stock": [card for card in DECKS[deck] if card not in held],
        "actions": actions,
    }


def swapped(d: dict[str, Any]) -> dict[str, Any]:
    """The same deal with the two hands exchanged (for the other dealer)."""
    return {**d, "hands": [d["hands"][1], d["hands"][0]], "actions": list(d["actions"])}


def with_actions(d: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    return {**d, "actions": actions}


def record(
    rules: Any, deals: list[dict[str, Any]], first_dealer: int = 1, players: int = 2
) -> dict[str, Any]:
    return {
        "format": "tricktable/1",
        "game": GAME,
        "rules": rules,
        "players": players,
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


def thrown_in(scores: list[int]) -> dict[str, Any]:
    return {
        "points": [0, 0],
        "scores": scores,
        "tricks": [0, 0],
        "trump": None,
        "makers": None,
        "complete": True,
        "thrown_in": True,
    }


GOLDENS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
ERRORS: dict[str, tuple[Any, list[str]]] = {}


def golden(name: str, rec: dict[str, Any], expect: dict[str, Any]) -> None:
    assert name not in GOLDENS, name
    GOLDENS[name] = (rec, expect)


def error(name: str, rec: Any, needles: list[str]) -> None:
    assert name not in ERRORS, name
    ERRORS[name] = (rec, needles)


KELLER: dict[str, Any] = {"preset": "keller"}
BETWEEN = {"finished": False, "winner": None, "to_act": None, "legal": []}
SIDES = [[0], [1]]

# ---------------------------------------------------------------------------------------
# The deals. 24-card deck unless said otherwise; with hearts trump the trumps are
# JH (right bower), JD (left bower), AH KH QH TH 9H.

# BASE (dealer 1): seat 0 orders; the dealer takes 9H and discards TD -> JD KS QS AC 9H.
# T1 0:JH 1:9H (must follow trump) ->0     T2 0:AH 1:JD (left beats the ace) ->1
# T3 1:AC 0:9C (follows clubs) ->1         T4 1:KS 0:AS ->0
# T5 0:QC 1:QS (no club, no trump) ->0.    The maker takes 3: 1 point.
BASE_HANDS = ["JH AH AS QC 9C", "JD KS QS AC TD"]
BASE_PLAY = plays("JH 9H", "AH JD", "AC 9C", "KS AS", "QC QS")
BASE = deal(BASE_HANDS, "9H", ["order", "discard TD", *BASE_PLAY])

# MAKE4 (dealer 1): seat 0 orders; the dealer discards TD -> JD KS QS QC 9H.
# T1 0:JH 1:9H ->0  T2 0:AH 1:JD ->1  T3 1:KS 0:AS ->0  T4 0:AC 1:QC ->0
# T5 0:9C 1:QS (no club, no trump) ->0.  The maker takes 4: 1 point.
MAKE4 = deal(
    ["JH AH AS AC 9C", "JD KS QS QC TD"],
    "9H",
    ["order", "discard TD", *plays("JH 9H", "AH JD", "KS AS", "AC QC", "9C QS")],
)

# MARCH (dealer 1): seat 0 holds the five top trumps but the 9; the dealer discards TD
# -> AS KS QS AC 9H.  T1 0:JH 1:9H ->0, then the dealer has no trump:
# T2 0:JD 1:AS  T3 0:AH 1:KS  T4 0:KH 1:QS  T5 0:QH 1:AC -> all to 0: a march, 2 points.
MARCH = deal(
    ["JH JD AH KH QH", "AS KS QS AC TD"],
    "9H",
    ["order", "discard TD", *plays("JH 9H", "JD AS", "AH KS", "KH QS", "QH AC")],
)

# EUCHRE (dealer 1): seat 0 orders with the ten of trump; the dealer discards AD
# -> JH AH KS AC 9H.  T1 0:AS 1:KS ->0  T2 0:TS 1:9H (void in spades, trumps) ->1
# T3 1:JH 0:TH (follows trump) ->1  T4 1:AH 0:9D ->1  T5 1:AC 0:TC ->1.
# The maker takes 1: euchred, 2 points to seat 1.
EUCHRE = deal(
    ["TH AS TS 9D TC", "JH AH KS AC AD"],
    "9H",
    ["order", "discard AD", *plays("AS KS", "TS 9H", "JH TH", "AH 9D", "AC TC")],
)

# SWEEP (dealer 1): seat 0 orders and takes no trick; the dealer discards AD
# -> JH AH AS AC 9H.  T1 0:9S 1:AS ->1  T2 1:JH 0:TH ->1  T3 1:AH 0:9D (no trump) ->1
# T4 1:AC 0:TC ->1  T5 1:9H 0:TS ->1.  Euchred with no trick.
SWEEP = deal(
    ["TH 9S TS 9D TC", "JH AH AS AC AD"],
    "9H",
    ["order", "discard AD", *plays("9S AS", "JH TH", "AH 9D", "AC TC", "9H TS")],
)

# TAKE_UP (dealer 1): seat 0 passes, the dealer takes the up-card ("order") and discards
# it again (allowed by default) -> JH JD AH KH QH.  Seat 0, the non-dealer, leads:
# T1 0:AS 1:QH (void in spades, trumps) ->1  T2 1:JH 0:KS  T3 1:JD 0:QS  T4 1:AH 0:AC
# T5 1:KH 0:TD -> all to the dealer: a march, 2 points to seat 1, makers 1.
TAKE_UP = deal(
    ["AS KS QS AC TD", "JH JD AH KH QH"],
    "9H",
    ["pass", "order", "discard 9H", *plays("AS QH", "JH KS", "JD QS", "AH AC", "KH TD")],
)

# CALL (dealer 1): both pass the 9H; round 2, seat 0 calls spades: JS right, JC left.
# No pickup, no discard; seat 0 leads.  T1 0:JS 1:KD ->0  T2 0:JC 1:QH ->0
# T3 0:AS 1:KH ->0  T4 0:KS 1:AH (keeps AD) ->0  T5 0:9D 1:AD (follows) ->1.
# The maker takes 4: 1 point.
CALL = deal(
    ["JS JC AS KS 9D", "AH KH QH AD KD"],
    "9H",
    ["pass", "pass", "call S", *plays("JS KD", "JC QH", "AS KH", "KS AH", "9D AD")],
)

# DEALER_CALL (dealer 1): pass, pass, pass; the dealer calls clubs (JC right, JS left).
# The non-dealer still leads.  T1 0:9S 1:QC: JS is a club now, so the dealer holds no
# spade and may play any card; it trumps ->1.  T2 1:JC 0:9C ->1  T3 1:JS 0:TS ->1
# T4 1:AC 0:9D ->1  T5 1:KC 0:TD ->1.  A march by the dealer: 2 points to seat 1.
DEALER_CALL = deal(
    ["9S TS 9D TD 9C", "JC JS AC KC QC"],
    "9H",
    ["pass", "pass", "pass", "call C", *plays("9S QC", "JC 9C", "JS TS", "AC 9D", "KC TD")],
)

# MIN_TRUMP: seat 0's only heart is the left bower JD; the dealer holds no heart but
# would pick up the 9H.
MIN_TRUMP = deal(["JD AS KS AC KC", "9S TS QS 9D TD"], "9H", [])

# 1844 (32 cards, 7s and 8s): trumps JH JD AH KH QH TH 9H 8H 7H.  Dealer 1 discards 7D
# -> JD KS 8S AC 9H.  T1 0:JH 1:9H ->0  T2 0:8H 1:JD ->1  T3 1:AC 0:7C ->1
# T4 1:KS 0:AS ->0  T5 0:7H 1:8S (the lowest trump beats a plain card) ->0.
# The maker takes 3: 1 point.
MATHEWS = deal(
    ["JH 7H 8H AS 7C", "JD KS 8S AC 7D"],
    "9H",
    ["order", "discard 7D", *plays("JH 9H", "8H JD", "AC 7C", "KS AS", "7H 8S")],
    deck=32,
)

# -- scoring lines ----------------------------------------------------------------------
golden(
    "keller_make3",
    record(KELLER, [BASE]),
    {
        "game": GAME,
        "sides": SIDES,
        "deals": [done([1, 0], [1, 0], [3, 2], "H", 0)],
        "scores": [1, 0],
        **BETWEEN,
    },
)
golden(
    "keller_make4",
    record(KELLER, [MAKE4]),
    {"deals": [done([1, 0], [1, 0], [4, 1], "H", 0)], "scores": [1, 0], **BETWEEN},
)
golden(
    "keller_march",
    record(KELLER, [MARCH]),
    {"deals": [done([2, 0], [2, 0], [5, 0], "H", 0)], "scores": [2, 0], **BETWEEN},
)
golden(
    "keller_euchre",
    record(KELLER, [EUCHRE]),
    {"deals": [done([0, 2], [0, 2], [1, 4], "H", 0)], "scores": [0, 2], **BETWEEN},
)
# Without super_euchre_points a sweep is an ordinary euchre (2).
golden(
    "keller_euchre_no_trick",
    record(KELLER, [SWEEP]),
    {"deals": [done([0, 2], [0, 2], [0, 5], "H", 0)], "scores": [0, 2], **BETWEEN},
)
golden(
    "super_euchre_option",
    record({"super_euchre_points": 4}, [SWEEP]),
    {"deals": [done([0, 4], [0, 4], [0, 5], "H", 0)], "scores": [0, 4], **BETWEEN},
)
# super_euchre_points below euchre_points changes nothing ("if more").
golden(
    "super_euchre_not_more",
    record({"super_euchre_points": 1}, [SWEEP]),
    {"deals": [done([0, 2], [0, 2], [0, 5], "H", 0)], "scores": [0, 2], **BETWEEN},
)
golden(
    "dealer_takes_up_and_marches",
    record(KELLER, [TAKE_UP]),
    {"deals": [done([0, 2], [0, 2], [0, 5], "H", 1)], "scores": [0, 2], **BETWEEN},
)
golden(
    "round2_non_dealer_calls",
    record(KELLER, [CALL]),
    {"deals": [done([1, 0], [1, 0], [4, 1], "S", 0)], "scores": [1, 0], **BETWEEN},
)
golden(
    "round2_dealer_calls_non_dealer_leads",
    record(KELLER, [DEALER_CALL]),
    {"deals": [done([0, 2], [0, 2], [0, 5], "C", 1)], "scores": [0, 2], **BETWEEN},
)
golden(
    "mathews_1844_32_cards",
    record({"preset": "mathews_1844"}, [MATHEWS]),
    {"deals": [done([1, 0], [1, 0], [3, 2], "H", 0)], "scores": [1, 0], **BETWEEN},
)

# -- the deal passes; the game ----------------------------------------------------------
# Both pass twice: thrown in, no score; seat 0 deals next, so seat 1 bids first.
golden(
    "both_pass_twice_thrown_in",
    record(KELLER, [with_actions(BASE, ["pass"] * 4), with_actions(MARCH, [])]),
    {
        "deals": [thrown_in([0, 0]), open_deal([0, 0])],
        "scores": [0, 0],
        "finished": False,
        "winner": None,
        "to_act": 1,
        "legal": ["order", "pass"],
    },
)
# Game to 5: MARCH (dealer 1) 2; the same strong hand as dealer 0 (seat 1 passes, seat 0
# takes up and discards the 9H; seat 1 leads AS, seat 0 trumps and draws the rest) 2;
# MARCH again (dealer 1) 2: 6 >= 5, seat 0 wins.
DEALER_MARCH = swapped(TAKE_UP)
golden(
    "game_to_five",
    record(KELLER, [MARCH, DEALER_MARCH, MARCH]),
    {
        "deals": [
            done([2, 0], [2, 0], [5, 0], "H", 0),
            done([2, 0], [4, 0], [5, 0], "H", 0),
            done([2, 0], [6, 0], [5, 0], "H", 0),
        ],
        "scores": [6, 0],
        "finished": True,
        "winner": 0,
    },
)
# Other points: march 3 to seat 0; then dealer 0, seat 1 orders EUCHRE's weak hand and is
# euchred (the same cards, hands exchanged): 3 to seat 0 -> 6 >= 5.
golden(
    "custom_points",
    record({"make_points": 2, "march_points": 3, "euchre_points": 3}, [MARCH, swapped(EUCHRE)]),
    {
        "deals": [done([3, 0], [3, 0], [5, 0], "H", 0), done([3, 0], [6, 0], [4, 1], "H", 1)],
        "scores": [6, 0],
        "finished": True,
        "winner": 0,
    },
)
golden(
    "make_points_two",
    record({"make_points": 2, "target": 10}, [BASE]),
    {"deals": [done([2, 0], [2, 0], [3, 2], "H", 0)], "scores": [2, 0], **BETWEEN},
)
golden(
    "target_3_one_point_short",
    record({"target": 3}, [MARCH, swapped(BASE)]),
    {
        # dealer 0: seat 1 orders BASE's hand and makes 3: 1 point to seat 1
        "deals": [done([2, 0], [2, 0], [5, 0], "H", 0), done([0, 1], [2, 1], [2, 3], "H", 1)],
        "scores": [2, 1],
        **BETWEEN,
    },
)
golden(
    "single_hand_target_null",
    record({"target": None}, [BASE]),
    {"deals": [done([1, 0], [1, 0], [3, 2], "H", 0)], "finished": True, "winner": 0},
)
golden(
    "single_hand_thrown_in_is_a_tie",
    record({"target": None}, [with_actions(BASE, ["pass"] * 4)]),
    {"deals": [thrown_in([0, 0])], "finished": True, "winner": [0, 1]},
)

# -- options and legal sets at a stop ---------------------------------------------------
golden(
    "stick_the_dealer_no_pass",
    record({"stick_the_dealer": True}, [with_actions(BASE, ["pass"] * 3)]),
    {"deals": [open_deal([0, 0])], "to_act": 1, "legal": ["call C", "call D", "call S"]},
)
golden(
    "dealer_may_not_discard_upcard",
    record({"dealer_may_discard_upcard": False}, [with_actions(TAKE_UP, ["pass", "order"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=1)],
        "to_act": 1,
        "legal": ["discard AH", "discard JD", "discard JH", "discard KH", "discard QH"],
    },
)
golden(
    "dealer_discards_with_upcard",
    record(KELLER, [with_actions(TAKE_UP, ["pass", "order"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=1)],
        "to_act": 1,
        "legal": [
            "discard 9H",
            "discard AH",
            "discard JD",
            "discard JH",
            "discard KH",
            "discard QH",
        ],
    },
)
# Round 1 by the non-dealer: the dealer may always pick up; no lone hands in the list.
golden(
    "round1_legal",
    record(KELLER, [with_actions(BASE, [])]),
    {"deals": [open_deal([0, 0])], "to_act": 0, "legal": ["order", "pass"]},
)
golden(
    "round2_legal_no_turned_down_suit",
    record(KELLER, [with_actions(BASE, ["pass", "pass"])]),
    {"deals": [open_deal([0, 0])], "to_act": 0, "legal": ["call C", "call D", "call S", "pass"]},
)
# After JH is led, the dealer holds JD KS QS AC 9H: JD (left bower) and 9H follow trump.
golden(
    "left_bower_follows_trump",
    record(KELLER, [with_actions(BASE, ["order", "discard TD", "play JH"])]),
    {
        "deals": [open_deal([0, 0], trump="H", makers=0)],
        "to_act": 1,
        "legal": ["play 9H", "play JD"],
    },
)
# Spades led with clubs trump: the dealer's JS is the left bower, a club, so the dealer
# has no spade and may play anything.
golden(
    "left_bower_is_not_its_printed_suit",
    record(KELLER, [with_actions(DEALER_CALL, ["pass", "pass", "pass", "call C", "play 9S"])]),
    {
        "deals": [open_deal([0, 0], trump="C", makers=1)],
        "to_act": 1,
        "legal": ["play AC", "play JC", "play JS", "play KC", "play QC"],
    },
)
# The winner of a trick leads the next: seat 1 won T2 of BASE with the left bower.
golden(
    "winner_leads",
    record(KELLER, [with_actions(BASE, ["order", "discard TD", *plays("JH 9H", "AH JD")])]),
    {
        "deals": [open_deal([0, 0], tricks=[1, 1], trump="H", makers=0)],
        "to_act": 1,
        "legal": ["play AC", "play KS", "play QS"],
    },
)
golden(
    "minimum_trump_all",
    record({"minimum_trump": "all"}, [MIN_TRUMP]),
    {"deals": [open_deal([0, 0])], "to_act": 0, "legal": ["pass"]},
)
# The dealer counts the up-card it would pick up (RULES.md 1.3).
golden(
    "minimum_trump_dealer_counts_upcard",
    record({"minimum_trump": "all"}, [with_actions(MIN_TRUMP, ["pass"])]),
    {"deals": [open_deal([0, 0])], "to_act": 1, "legal": ["order", "pass"]},
)
golden(
    "minimum_trump_dealer_only",
    record({"minimum_trump": "dealer"}, [MIN_TRUMP]),
    {"deals": [open_deal([0, 0])], "to_act": 0, "legal": ["order", "pass"]},
)
golden(
    "packets_2_3_first_dealer_0",
    record({"packets": "2-3"}, [swapped(BASE)], first_dealer=0),
    {
        # dealer 0: seat 1 holds BASE's maker hand and plays it: 3 tricks, 1 point
        "deals": [done([0, 1], [0, 1], [2, 3], "H", 1)],
        "scores": [0, 1],
        **BETWEEN,
    },
)
golden(
    "action_spellings",
    record(
        KELLER,
        [
            with_actions(
                CALL,
                ["PASS", "Pass", "call ♠", "play J♠", "play kd", "play jc", "play Q♥", "play AS"],
            )
        ],
    ),
    {
        "deals": [open_deal([0, 0], tricks=[2, 0], trump="S", makers=0)],
        "to_act": 1,
        "legal": ["play AD", "play AH", "play KH"],
    },
)

# -- errors -------------------------------------------------------------------------------------
error(
    "err_order_alone",
    record(KELLER, [with_actions(BASE, ["order alone"])]),
    ["deal 0, action 0", "order alone", "no lone hands", "legal actions: order, pass"],
)
error(
    "err_call_alone",
    record(KELLER, [with_actions(BASE, ["pass", "pass", "call S alone"])]),
    ["deal 0, action 2", "no lone hands", "call S"],
)
error(
    "err_call_in_round_1",
    record(KELLER, [with_actions(BASE, ["call S"])]),
    ["deal 0, action 0", "round 1"],
)
error(
    "err_call_turned_down_suit",
    record(KELLER, [with_actions(BASE, ["pass", "pass", "call H"])]),
    ["deal 0, action 2", "turned-down suit H", "call C, call D, call S, pass"],
)
error(
    "err_order_in_round_2",
    record(KELLER, [with_actions(BASE, ["pass", "pass", "order"])]),
    ["deal 0, action 2", "round 2"],
)
error(
    "err_not_following_suit",
    record(KELLER, [with_actions(BASE, ["order", "discard TD", "play JH", "play KS"])]),
    ["deal 0, action 3", "play KS", "must follow suit", "play 9H, play JD"],
)
error(
    "err_dealer_leads_first",
    record(KELLER, [with_actions(BASE, ["order", "discard TD", "play JD"])]),
    ["deal 0, action 2", "does not hold JD", "play JH"],
)
error(
    "err_non_dealer_discards",
    record(KELLER, [with_actions(BASE, ["pass", "pass", "call S", "discard 9C"])]),
    ["deal 0, action 3", "discard 9C"],
)
error(
    "err_stuck_dealer_pass",
    record({"stick_the_dealer": True}, [with_actions(BASE, ["pass"] * 4)]),
    ["deal 0, action 3", "stick the dealer", "call S"],
)
error(
    "err_discard_upcard",
    record(
        {"dealer_may_discard_upcard": False},
        [with_actions(TAKE_UP, ["pass", "order", "discard 9H"])],
    ),
    ["deal 0, action 2", "discard 9H", "discard QH"],
)
error(
    "err_minimum_trump_order",
    record({"minimum_trump": "all"}, [with_actions(MIN_TRUMP, ["order"])]),
    ["deal 0, action 0", "minimum_trump"],
)
error(
    "err_action_after_deal_end",
    record(KELLER, [with_actions(BASE, [*BASE["actions"], "pass"])]),
    ["deal 0, action 12", "pass"],
)
error(
    "err_deal_after_match_over",
    record(KELLER, [MARCH, DEALER_MARCH, MARCH, swapped(MARCH)]),
    ["deal 3"],
)
error(
    "err_deal_before_previous_finished",
    record(KELLER, [with_actions(BASE, ["pass"]), BASE]),
    ["deal 1"],
)
error("err_three_players", record(KELLER, [BASE], players=3), ["2 players"])
error("err_deck_25", record({"deck": 25}, [BASE]), ["deck", "24, 28, 32"])
error("err_lone_option", record({"dealer_partner_must_go_alone": True}, [BASE]), ["unknown"])
error(
    "err_card_outside_deck_8S",
    record(KELLER, [{**BASE, "hands": [BASE_HANDS[0].split(), ["JD", "KS", "QS", "AC", "8S"]]}]),
    ["deal 0", "8S"],
)
error(
    "err_joker",
    record(KELLER, [{**BASE, "hands": [BASE_HANDS[0].split(), ["JD", "KS", "QS", "AC", "JO"]]}]),
    ["deal 0", "JO"],
)
error(
    "err_six_cards",
    record(
        KELLER,
        [
            {
                **BASE,
                "hands": [["JH", "AH", "AS", "QC", "9C", "KC"], BASE_HANDS[1].split()],
                "stock": [card for card in BASE["stock"] if card != "KC"],
            }
        ],
    ),
    ["deal 0", "6 cards"],
)
error(
    "err_duplicate_card",
    record(KELLER, [{**BASE, "hands": [BASE_HANDS[0].split(), ["JH", "KS", "QS", "AC", "TD"]]}]),
    ["deal 0", "JH", "twice"],
)
error(
    "err_no_upcard",
    record(KELLER, [{**BASE, "turned": None}]),
    ["deal 0", "turned card"],
)
error(
    "err_first_dealer_2",
    record(KELLER, [BASE], first_dealer=2),
    ["first_dealer"],
)


def main() -> None:
    write_goldens(HERE, GOLDENS, ERRORS)


if __name__ == "__main__":
    main()
