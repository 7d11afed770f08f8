"""What a person is asked at each decision of All Fours (``GameSpec.prompts``).

>>> from tricktable.testing import dealt_match, question_now
>>> question_now(PROMPTS, dealt_match("all_fours(preset=seven_up)", 3))
'Stand (spades trump), or beg?'
"""

from __future__ import annotations

from tricktable.cards import suit_of
from tricktable.core import SeatView
from tricktable.games.all_fours.engine import HAND_SIZE
from tricktable.games.all_fours.facts import AllFoursFacts
from tricktable.games.spec import Prompts, Wording


def question(view: SeatView, words: Wording) -> str | None:
    """The question at an All Fours decision (``None`` in the play: the trick says it)."""
    facts = view.facts(AllFoursFacts)
    turned = facts.turned
    if view.phase == "stand_beg" and turned is not None:
        return f"Stand ({words.suit(suit_of(turned))} trump), or beg?"
    if view.phase == "give_run" and turned is not None:
        suit = words.suit(suit_of(turned))
        if "give" in view.legal:
            return f"Give a point ({suit} stay trump), or run the cards for a new trump?"
        return "Run the cards for a new trump (a gift would win the match)."
    if view.phase == "discard":
        more = len(view.hand) - HAND_SIZE
        trump = "" if facts.trump is None else f" ({words.suit(facts.trump)} are trump)"
        cards = "card" if more == 1 else "cards"
        return f"Discard {more} more {cards}, down to {HAND_SIZE}{trump}."
    return None


PROMPTS = Prompts(
    answers="""\
  an action                         e.g. stand, beg, give, run, play 10H, discard 3C
  a card alone                      e.g. 10h or JC (plays or discards it when that is legal)
  several cards                     e.g. 3C 7H 2S (discards them in turn after a run)""",
    question=question,
)
"""All Fours' prompts: standing or begging, giving or running, discarding after a run."""
