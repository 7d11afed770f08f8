"""The draw for partners in words (``tricktable.seating``), for the terminal and the web.

>>> from tricktable.cards import parse_card
>>> from tricktable.seating import PartnerDraw
>>> draw = PartnerDraw("high", (0, 1, 2, 3), tuple((parse_card(c),) for c in "KH 9S QD TC".split()))
>>> names = Names(seats=["You", "West", "North", "East"], plural_seats=frozenset({0}))
>>> for line in partner_draw_lines(draw, [[0, 2], [1, 3]], names):
...     print(line)
Drawing for partners: the two highest cards play together (aces high).
You draw KH.
West draws 9S.
North draws QD.
East draws TC.
You and North play together; West and East play together.
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.presentation.events import Names, plural_verb
from tricktable.seating import PartnerDraw

RULE_WORDS = {
    "high": "the two highest cards play together (aces high)",
    "low": "the two lowest cards play together (aces low)",
}
"""What each rule of the draw means, for people."""


def partner_draw_lines(
    draw: PartnerDraw, sides: Sequence[Sequence[int]], names: Names
) -> list[str]:
    """The draw told seat by seat (a tie's redraws after the first card), then who plays
    together, naming seats and cards by ``names``."""
    lines = [f"Drawing for partners: {RULE_WORDS[draw.rule]}."]
    for seat, cards in enumerate(draw.cards):
        verb = plural_verb("draws") if seat in names.plural_seats else "draws"
        text = f"{names.seat(seat)} {verb} {names.card(cards[0])}"
        if len(cards) > 1:
            text += ", then after a tie " + ", then ".join(names.card(c) for c in cards[1:])
        lines.append(text + ".")
    pairs = [" and ".join(names.seat(seat) for seat in side) + " play together" for side in sides]
    lines.append("; ".join(pairs) + ".")
    return lines
