"""What a person is asked at each decision of Pitch (``GameSpec.prompts``).

>>> from tricktable.testing import dealt_match, question_now
>>> question_now(PROMPTS, dealt_match("pitch(preset=auction)", 3))
'No bid yet: bid 2 to 4, or pass?'
"""

from __future__ import annotations

from tricktable.core import SeatView
from tricktable.games.pitch.facts import SMUDGE, PitchFacts
from tricktable.games.spec import Prompts, Wording


def question(view: SeatView, words: Wording) -> str | None:
    """The question at a Pitch decision: the bid, and the pitcher's first lead (which makes
    trump); ``None`` in the rest of the play (the trick says it)."""
    facts = view.facts(PitchFacts)
    if view.phase == "bid":
        numbers = [int(text[4:]) for text in view.legal if text[4:].isdigit()]
        offers = []
        if numbers:
            low, high = min(numbers), max(numbers)
            offers.append(f"bid {low}" if low == high else f"bid {low} to {high}")
        if "bid smudge" in view.legal:
            offers.append("smudge")
        if facts.high_bid is None:
            now = "No bid yet"
        else:
            high_bid = "smudge" if facts.high_bid == SMUDGE else str(facts.high_bid)
            pitcher = -1 if facts.bidder is None else facts.bidder
            now = f"High bid {high_bid} ({words.seat(pitcher)})"
        if "pass" not in view.legal:
            return f"All others passed: the dealer must {' or '.join(offers)}."
        if not offers:
            return f"{now}: nothing is left to bid; pass."
        return f"{now}: {', '.join(offers)}, or pass?"
    if view.phase == "play" and facts.trump is None:
        return "The suit of the card you lead is trump for this deal."
    return None


PROMPTS = Prompts(
    answers="""\
  an action                         e.g. bid 2, bid smudge, pass, play 10H
  a number                          e.g. 3 (bids 3)
  a card alone                      e.g. 10h or JC (plays it when that is legal)""",
    question=question,
)
"""Pitch's prompts: the bid, and the first lead that makes trump."""
