"""Write the Pitch golden records of ``tests/golden/pitch/``.

Run: ``python tests/golden/build_pitch.py``.

Every hand, action and expected result below was worked out by hand from ``RULES.md``
section 2.6 (and 2.3, 2.4 that it builds on; the trick-by-trick reasoning is in the
comments); nothing here asks the engine. The script only lays the data out as record files
(``NAME.json``), expected replay results (``NAME.expect.json``, a subset of the
``tricktable replay --json`` object) and expected errors (``NAME.error.txt``: each line is a
text the one-line error message must contain).

No card is turned (``turned`` null); ``stock`` holds the undealt cards in pack order (S H D
C, 2 up to A). Two-player records: seat 1 deals first, seat 0 is eldest (it bids first, and
the dealer last). Four-player records: seat 3 deals, seat 0 is eldest.

Notation in comments: ``T3 1:TC 0:5C ->1 (10)`` = trick 3, seat 1 leads TC, seat 0 plays 5C,
seat 1 wins it, 10 points of Game count (T 10, A 4, K 3, Q 2, J 1) in it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

if __package__:
    from .writing import plays, write_goldens
else:  # run as a script
    from writing import plays, write_goldens

HERE = Path(__file__).resolve().parent / "pitch"

PACK = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]


def deal(hands: list[str], actions: list[str]) -> dict[str, Any]:
    """A deal of these hands; the rest of the pack, in pack order, is the stock."""
    hand_cards = [hand.split() for hand in hands]
    used = [card for hand in hand_cards for card in hand]
    assert len(set(used)) == len(used), ("a card twice", hands)
    return {
        "hands": hand_cards,
        "turned": None,
        "stock": [card for card in PACK if card not in set(used)],
        "actions": list(actions),
    }


def record(rules: Any, deals: list[dict[str, Any]], players: int = 2) -> dict[str, Any]:
    return {
        "format": "tricktable/1",
        "game": "pitch",
        "rules": rules,
        "players": players,
        "first_dealer": players - 1,
        "deals": deals,
    }


def done(
    points: list[int],
    scores: list[int],
    tricks: list[int],
    makers: int | None,
    bids: list[int | None],
    events: list[str] | None = None,
) -> dict[str, Any]:
    """A completed deal's summary."""
    out: dict[str, Any] = {
        "points": points,
        "scores": scores,
        "tricks": tricks,
        "trump": "H" if makers is not None else None,
        "makers": makers,
        "bids": bids,
        "complete": True,
    }
    if events is not None:
        out["events"] = events
    return out


def between(scores: list[int]) -> dict[str, Any]:
    """Top level of a record that stops between deals."""
    return {"scores": scores, "finished": False, "winner": None, "to_act": None, "legal": []}


def waiting(scores: list[int], to_act: int, legal: list[str]) -> dict[str, Any]:
    """Top level of a record that stops inside a deal."""
    return {"scores": scores, "finished": False, "winner": None, "to_act": to_act, "legal": legal}


def won(scores: list[int], winner: int) -> dict[str, Any]:
    return {"scores": scores, "finished": True, "winner": winner}


def expected(sides: list[list[int]], deals: list[dict[str, Any]], top: dict[str, Any]) -> Any:
    return {"game": "pitch", "sides": sides, "deals": deals, **top}


TWO = [[0], [1]]
FOUR = [[0], [1], [2], [3]]
PAIRS = [[0, 2], [1, 3]]

# ---------------------------------------------------------------------------------------
# A (two players): seat 0 holds every heart that counts but the queen.  0 leads AH: hearts
# are trump.  T1 0:AH 1:TH (trump led: trumps followed) ->0 (14)   T2 0:KH 1:JH ->0 (4)
# T3 0:2H 1:QH ->1 (2)   T4 1:6S 0:3S (no trump left: follows spades) ->1   T5 1:7S 0:4S ->1
# T6 1:8S 0:5S ->1.  High AH held by 0; Low 2H held by 0 (dealt); Jack JH won by 0 (T2);
# Game 18 v 2 -> 0.  Seat 0: all four points.  Tricks [2, 4].
HANDS_A = ["AH KH 2H 3S 4S 5S", "QH JH TH 6S 7S 8S"]
PLAY_A = plays("AH TH", "KH JH", "2H QH", "6S 3S", "7S 4S", "8S 5S")
EVENTS_A = [
    "High: AH, held by seat 0",
    "Low: 2H, held by seat 0",
    "Jack: won by seat 0",
    "Game: side 0 18, side 1 2",
]

# B (two players): High to 0, the rest split.  0 leads AH: hearts trump.
# T1 0:AH 1:2H ->0 (4)   T2 0:KH 1:QH ->0 (5)   T3 0:3S 1:6S ->1 (0)
# T4 1:JH 0:9D (no trump: any card) ->1 (1)   T5 1:7S 0:4S ->1   T6 1:8S 0:5S ->1
# High AH held by 0.  Low 2H: held by 1 (dealt), won by 0 in T1 (captured).  Jack JH won by 1
# (T4).  Game 9 v 1 -> 0.  Dealt Low: 0 has High, Game (2); 1 has Low, Jack (2).
# Captured Low: 0 has High, Low, Game (3); 1 has Jack (1).  Tricks [2, 4].
HANDS_B = ["AH KH 3S 4S 5S 9D", "QH JH 2H 6S 7S 8S"]
PLAY_B = plays("AH 2H", "KH QH", "3S 6S", "JH 9D", "7S 4S", "8S 5S")
EVENTS_B = [
    "High: AH, held by seat 0",
    "Low: 2H, held by seat 1",
    "Jack: won by seat 1",
    "Game: side 0 9, side 1 1",
]

# P (four players, partners 0 & 2 against 1 & 3 with ``partnerships``).  Bids: 0 bid 2,
# 1 pass, 2 bid 3 (a partner may be outbid), 3 pass: seat 2 pitches, side 0 makes.
# T1 2:AH 3:2H 0:TH 1:6H ->2 (14)   T2 2:KH 3:3H 0:JH 1:7H ->2 (4)
# T3 2:QH 3:4H 0:9H 1:8H ->2 (2)    T4 2:AS 3:5S 0:8S 1:2S ->2 (4)
# T5 2:KS 3:6S 0:9S 1:3S ->2 (3)    T6 2:QS 3:7S 0:TS 1:4S ->2 (12)
# High AH held by 2; Low 2H held by 3; Jack won by 2; Game: side 0 39, side 1 0.
HANDS_P = [
    "JH TH 9H 8S 9S TS",
    "8H 7H 6H 2S 3S 4S",
    "AH KH QH AS KS QS",
    "2H 3H 4H 5S 6S 7S",
]
PLAY_P = plays(
    "AH 2H TH 6H",
    "KH 3H JH 7H",
    "QH 4H 9H 8H",
    "AS 5S 8S 2S",
    "KS 6S 9S 3S",
    "QS 7S TS 4S",
)
BIDS_P = ["bid 2", "pass", "bid 3", "pass"]
EVENTS_P = [
    "seat 2 (pitcher) makes the bid of 3 with 3: +3",
    "High: AH, held by seat 2",
    "Low: 2H, held by seat 3",
    "Jack: won by seat 2",
    "Game: side 0 39, side 1 0",
]

GOLDENS: dict[str, tuple[Any, Any]] = {
    # A: 0 bids 2, the dealer passes; 0 wins all four: made, +4.
    "made_bid": (
        record({}, [deal(HANDS_A, ["bid 2", "pass", *PLAY_A])]),
        expected(
            TWO,
            [
                done(
                    [4, 0],
                    [4, 0],
                    [2, 4],
                    0,
                    [2, None],
                    ["seat 0 (pitcher) makes the bid of 2 with 4: +4", *EVENTS_A],
                )
            ],
            between([4, 0]),
        ),
    ),
    # B: 0 bids 3 and wins 2 points (High, Game): set back 3, scoring none of them; 1 scores
    # its Low and Jack.
    "set_back": (
        record({}, [deal(HANDS_B, ["bid 3", "pass", *PLAY_B])]),
        expected(
            TWO,
            [
                done(
                    [-3, 2],
                    [-3, 2],
                    [2, 4],
                    0,
                    [3, None],
                    ["seat 0 (pitcher) set back: 2 points won of a bid of 3: -3", *EVENTS_B],
                )
            ],
            between([-3, 2]),
        ),
    ),
    # B with Low to its capturer: 0 wins High, Low (T1) and Game, 3 points: the bid of 3 is
    # made; 1 scores the Jack.
    "low_captured_makes_the_bid": (
        record({"low_point": "captured"}, [deal(HANDS_B, ["bid 3", "pass", *PLAY_B])]),
        expected(
            TWO,
            [
                done(
                    [3, 1],
                    [3, 1],
                    [2, 4],
                    0,
                    [3, None],
                    [
                        "seat 0 (pitcher) makes the bid of 3 with 3: +3",
                        "High: AH, held by seat 0",
                        "Low: 2H, won by seat 0",
                        "Jack: won by seat 1",
                        "Game: side 0 9, side 1 1",
                    ],
                )
            ],
            between([3, 1]),
        ),
    ),
    # A with a smudge: all four points: the match is won at once (smudge_wins).
    "smudge_made_wins": (
        record({"smudge": True}, [deal(HANDS_A, ["bid smudge", "pass", *PLAY_A])]),
        expected(
            TWO,
            [
                done(
                    [4, 0],
                    [4, 0],
                    [2, 4],
                    0,
                    [5, None],
                    ["seat 0 (pitcher) makes the smudge: 4 points, the match is won"],
                )
            ],
            won([4, 0], 0),
        ),
    ),
    # A smudge made with smudge_wins=false scores its 4 points and the match goes on.
    "smudge_made_scores_four": (
        record(
            {"smudge": True, "smudge_wins": False},
            [deal(HANDS_A, ["bid smudge", "pass", *PLAY_A])],
        ),
        expected(
            TWO,
            [
                done(
                    [4, 0],
                    [4, 0],
                    [2, 4],
                    0,
                    [5, None],
                    ["seat 0 (pitcher) makes the smudge: +4", *EVENTS_A],
                )
            ],
            between([4, 0]),
        ),
    ),
    # B with a smudge: 2 points of 4: set back 4; 1 scores Low and Jack.
    "smudge_failed": (
        record({"smudge": True}, [deal(HANDS_B, ["bid smudge", "pass", *PLAY_B])]),
        expected(
            TWO,
            [
                done(
                    [-4, 2],
                    [-4, 2],
                    [2, 4],
                    0,
                    [5, None],
                    ["seat 0 (pitcher) fails the smudge with 2 points: -4", *EVENTS_B],
                )
            ],
            between([-4, 2]),
        ),
    ),
    # After a smudge the seats still to speak may only pass.
    "smudge_leaves_only_pass": (
        record({"smudge": True}, [deal(HANDS_A, ["bid smudge"])]),
        expected(TWO, [{"complete": False, "bids": [5, None]}], waiting([0, 0], 1, ["pass"])),
    ),
    # A with the seats exchanged: 0 bids 2, the dealer 1 steals it with its own bid 2 and
    # pitches: the play of A with the seats exchanged, 1 wins all four points: +4; 0 wins
    # T3 to T6: tricks [4, 2].
    "dealer_steals": (
        record(
            {"dealer_may_steal": True},
            [deal([HANDS_A[1], HANDS_A[0]], ["bid 2", "bid 2", *PLAY_A])],
        ),
        expected(TWO, [done([0, 4], [0, 4], [4, 2], 1, [2, 2])], between([0, 4])),
    ),
    # A dealer that may steal is offered the high number itself, and above.
    "dealer_may_steal_offers": (
        record({"dealer_may_steal": True}, [deal(HANDS_A, ["bid 3"])]),
        expected(TWO, [{"complete": False}], waiting([0, 0], 1, ["bid 3", "bid 4", "pass"])),
    ),
    # Without the option the dealer must bid above the high bid.
    "dealer_without_steal": (
        record({}, [deal(HANDS_A, ["bid 3"])]),
        expected(TWO, [{"complete": False}], waiting([0, 0], 1, ["bid 4", "pass"])),
    ),
    # all_pass=stick: eldest passes; the dealer may not pass.
    "all_pass_stick": (
        record({}, [deal(HANDS_A, ["pass"])]),
        expected(TWO, [{"complete": False}], waiting([0, 0], 1, ["bid 2", "bid 3", "bid 4"])),
    ),
    # The stuck dealer bids 2 and pitches A's other hand (QH JH TH 6S 7S 8S): it leads QH,
    # hearts trump.  T1 1:QH 0:AH ->0 (6)   T2 0:KH 1:JH ->0 (4)
    # T3 0:2H 1:TH ->1 (10)   T4 1:6S 0:3S ->1   T5 1:7S 0:4S ->1   T6 1:8S 0:5S ->1
    # High AH (0), Low 2H held by 0, Jack won by 0, Game 10 v 10: tied, nobody.
    # 1 won nothing of its bid of 2: set back; 0 scores High, Low, Jack: [3, -2].
    "stuck_dealer_set_back": (
        record(
            {},
            [
                deal(
                    HANDS_A,
                    ["pass", "bid 2", *plays("QH AH", "KH JH", "2H TH", "6S 3S", "7S 4S", "8S 5S")],
                )
            ],
        ),
        expected(
            TWO,
            [
                {
                    **done([3, -2], [3, -2], [2, 4], 1, [None, 2]),
                    "events": [
                        "seat 1 (pitcher) set back: 0 points won of a bid of 2: -2",
                        "High: AH, held by seat 0",
                        "Low: 2H, held by seat 0",
                        "Jack: won by seat 0",
                        "Game tied (side 0 10, side 1 10): nobody scores",
                    ],
                }
            ],
            between([3, -2]),
        ),
    ),
    # all_pass=redeal: both pass, the deal is thrown in and passes left: seat 0 deals the
    # next, whose eldest (seat 1) is to bid.
    "all_pass_redeal": (
        record({"all_pass": "redeal"}, [deal(HANDS_A, ["pass", "pass"]), deal(HANDS_B, [])]),
        expected(
            TWO,
            [
                {
                    "points": [0, 0],
                    "scores": [0, 0],
                    "tricks": [0, 0],
                    "trump": None,
                    "makers": None,
                    "bids": [None, None],
                    "thrown_in": True,
                    "complete": True,
                    "events": ["all passed: the deal is thrown in and passes left"],
                },
                {"complete": False},
            ],
            waiting([0, 0], 1, ["bid 2", "bid 3", "bid 4", "pass"]),
        ),
    ),
    # B to 2: 0 is set back; then High (0's, not scored), Low to 1 (1 point), Jack to 1 (2
    # points): 1 reaches the target at the Jack and wins; Game is not counted.
    "target_reached_mid_count": (
        record({"target": 2}, [deal(HANDS_B, ["bid 3", "pass", *PLAY_B])]),
        expected(
            TWO,
            [
                {
                    **done([-3, 2], [-3, 2], [2, 4], 0, [3, None]),
                    "events": [
                        "seat 0 (pitcher) set back: 2 points won of a bid of 3: -3",
                        *EVENTS_B[:3],
                        "side 1 reaches 2: the match is won",
                    ],
                }
            ],
            won([-3, 2], 1),
        ),
    ),
    # B to 2 with a bid of 2: the pitcher's side is counted first: 0 makes 2 (High, Game) and
    # wins, though 1's Low and Jack would take it to 2 as well.
    "pitcher_counted_first": (
        record({"target": 2}, [deal(HANDS_B, ["bid 2", "pass", *PLAY_B])]),
        expected(
            TWO,
            [
                {
                    **done([2, 0], [2, 0], [2, 4], 0, [2, None]),
                    "events": [
                        "seat 0 (pitcher) makes the bid of 2 with 2: +2",
                        "side 0 reaches 2: the match is won",
                    ],
                }
            ],
            won([2, 0], 0),
        ),
    ),
    # P with partnerships: side 0 (seats 0 and 2) makes 3 of its bid of 3; side 1 scores Low.
    "partnership_scoring": (
        record({"partnerships": True}, [deal(HANDS_P, [*BIDS_P, *PLAY_P])], players=4),
        expected(
            PAIRS,
            [done([3, 1], [3, 1], [6, 0], 0, [2, None, 3, None], EVENTS_P)],
            between([3, 1]),
        ),
    ),
    # P each for themself: seat 2 makes 3 (High, Jack, Game), seat 3 scores Low.
    "four_players_each_for_themself": (
        record({}, [deal(HANDS_P, [*BIDS_P, *PLAY_P])], players=4),
        expected(
            FOUR,
            [
                {
                    **done([0, 0, 3, 1], [0, 0, 3, 1], [0, 0, 6, 0], 2, [2, None, 3, None]),
                    "events": [
                        "seat 2 (pitcher) makes the bid of 3 with 3: +3",
                        "High: AH, held by seat 2",
                        "Low: 2H, held by seat 3",
                        "Jack: won by seat 2",
                        "Game: side 0 0, side 1 0, side 2 39, side 3 0",
                    ],
                }
            ],
            between([0, 0, 3, 1]),
        ),
    ),
    # The pitcher's first card makes trump, whatever it is: 0 leads 3S in A's deal, spades
    # are trump.  T1 0:3S 1:6S ->1; the record stops with 1 to lead (any card).
    "first_lead_makes_trump": (
        record({}, [deal(HANDS_A, ["bid 2", "pass", "play 3S", "play 6S"])]),
        expected(
            TWO,
            [{"complete": False, "trump": "S", "makers": 0, "tricks": [0, 1]}],
            waiting([0, 0], 1, ["play 7S", "play 8S", "play JH", "play QH", "play TH"]),
        ),
    ),
}

ERRORS: dict[str, tuple[Any, list[str]]] = {
    "err_bid_below_min_bid": (
        record({"min_bid": 3}, [deal(HANDS_A, ["bid 2"])]),
        ["deal 0, action 0", "bid 2", "the lowest bid is 3 (min_bid)", "bid 3, bid 4, pass"],
    ),
    "err_bid_not_above_high": (
        record({}, [deal(HANDS_P, ["bid 3", "bid 3"])], players=4),
        ["deal 0, action 1", "bid 3", "a bid must be above the high bid (3)", "bid 4, pass"],
    ),
    "err_dealer_steals_without_option": (
        record({}, [deal(HANDS_A, ["bid 2", "bid 2"])]),
        ["deal 0, action 1", "the dealer may not steal", "dealer_may_steal=false"],
    ),
    "err_smudge_not_in_rules": (
        record({}, [deal(HANDS_A, ["bid smudge"])]),
        ["deal 0, action 0", "bid smudge", "smudge=false"],
    ),
    "err_smudge_cannot_be_stolen": (
        record(
            {"smudge": True, "dealer_may_steal": True},
            [deal(HANDS_A, ["bid smudge", "bid smudge"])],
        ),
        ["deal 0, action 1", "a smudge has been bid already", "pass"],
    ),
    "err_bid_after_smudge": (
        record({"smudge": True}, [deal(HANDS_A, ["bid smudge", "bid 4"])]),
        ["deal 0, action 1", "bid 4", "pass"],
    ),
    "err_stuck_dealer_passes": (
        record({}, [deal(HANDS_A, ["pass", "pass"])]),
        ["deal 0, action 1", "the dealer may not pass", "all_pass=stick", "bid 2, bid 3, bid 4"],
    ),
    "err_trump_led_not_followed": (
        record({}, [deal(HANDS_A, ["bid 2", "pass", "play AH", "play 6S"])]),
        ["deal 0, action 3", "play 6S", "follow the led suit or play a trump"],
    ),
    "err_must_trump_void": (
        # B: T1 0:AH 1:2H ->0   T2 0:KH 1:QH ->0   T3 0:9D: 1 holds JH 6S 7S 8S, no diamond;
        # with void_rule=must_trump it must play its trump JH.
        record(
            {"void_rule": "must_trump"},
            [deal(HANDS_B, ["bid 2", "pass", *plays("AH 2H", "KH QH"), "play 9D", "play 6S"])],
        ),
        ["deal 0, action 7", "play 6S", "a trump must be played", "play JH"],
    ),
    "err_play_while_bidding": (
        record({}, [deal(HANDS_A, ["play AH"])]),
        ["deal 0, action 0", "play AH", "seat 0 bids or passes now"],
    ),
    "err_bid_in_the_play": (
        record({}, [deal(HANDS_A, ["bid 2", "pass", "bid 3"])]),
        ["deal 0, action 2", "bid 3", "seat 0 plays a card now"],
    ),
    "err_card_not_held": (
        record({}, [deal(HANDS_A, ["bid 2", "pass", "play QH"])]),
        ["deal 0, action 2", "play QH", "seat 0 does not hold QH"],
    ),
    "err_eight_players": (
        record({}, [deal(HANDS_P, [])], players=8),
        ["pitch is played by 2 to 7 players, not 8"],
    ),
    "err_partnerships_with_three": (
        record({"partnerships": True}, [deal(HANDS_P[:3], [])], players=3),
        ["partnerships need 4 players, not 3"],
    ),
    "err_min_bid_five": (
        record({"min_bid": 5}, [deal(HANDS_A, [])]),
        ["min_bid must be 1 to 4, not 5"],
    ),
    "err_turned_card_given": (
        record({}, [{**deal(HANDS_A, []), "turned": "2C", "stock": []}]),
        ["this deal turns no card, but 'turned' is given"],
    ),
    "err_five_cards": (
        record({}, [deal(["AH KH 2H 3S 4S", "QH JH TH 6S 7S 8S"], [])]),
        ["seat 0 holds 5 cards, expected 6"],
    ),
    "err_card_twice": (
        record({}, [{**deal(HANDS_A, []), "stock": ["AH"]}]),
        ["AH appears twice"],
    ),
    "err_unknown_option": (
        record({"turn_up": True}, [deal(HANDS_A, [])]),
        ["turn_up"],
    ),
}


def main() -> None:
    write_goldens(HERE, GOLDENS, ERRORS)


if __name__ == "__main__":
    main()
