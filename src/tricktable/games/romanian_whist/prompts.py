"""What a person is asked at each decision of Romanian whist (``GameSpec.prompts``): the
bid, and when the hook holds the last bidder, why.

>>> import random
>>> from tricktable.games import load_game
>>> from tricktable.testing import question_now
>>> state = load_game("romanian_whist", players=3).new_match(random.Random(3))
>>> state.deal_random(random.Random(3))
>>> for _ in range(2):
...     state.apply_text("bid 0")
>>> question = question_now(PROMPTS, state)
>>> for sentence in question.split(": "):
...     print(sentence)
How many tricks do you bid (0-1)? Not 1
the others bid 0, and the bids may not add up to the 1 card dealt (the hook).
"""

from __future__ import annotations

from tricktable.core import SeatView
from tricktable.games.romanian_whist.facts import WhistFacts
from tricktable.games.spec import Prompts, Wording


def question(view: SeatView, words: Wording) -> str | None:
    """The question at a whist decision (``None`` in the play: the trick says it)."""
    if view.phase != "bid":
        return None
    facts = view.facts(WhistFacts)
    size = facts.hand_size
    bids = [int(action.split()[1]) for action in view.legal if action.startswith("bid ")]
    if facts.row == "0":
        return "In this deal every bid is 0: bid 0."
    text = f"How many tricks do you bid (0-{size})?"
    if facts.forehead:
        shown = ", ".join(f"{words.seat(seat)} {words.card(card)}" for seat, card in facts.forehead)
        text = f"On the others' foreheads: {shown}. {text}"
    others = sum(bid for bid in facts.bids if bid is not None)
    barred = size - others
    if 0 <= barred <= size and barred not in bids:
        cards = "card" if size == 1 else "cards"
        text += (
            f" Not {barred}: the others bid {others}, and the bids may not add up to"
            f" the {size} {cards} dealt (the hook)."
        )
    return text


PROMPTS = Prompts(
    answers="""\
  a bid                             e.g. 2 (bids 2 tricks)
  an action                         e.g. bid 0, play 10H
  a card alone                      e.g. 10h or AS (plays it when that is legal)""",
    question=question,
)
"""Romanian whist's prompts: the bid (with the hook's reason) and the play."""
