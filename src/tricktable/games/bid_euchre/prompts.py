"""What a person is asked at each decision of bid euchre (``GameSpec.prompts``): the
family's questions of the individual form, and the partnership form's bids, lone bids, the
card passed to a maker who shoots and the maker's discard.

>>> import random
>>> from tricktable.games import load_game
>>> from tricktable.testing import question_now
>>> state = load_game("bid_euchre(preset=partnership)").new_state(first_dealer=3)
>>> state.deal_random(random.Random(1))
>>> question_now(PROMPTS, state)
'How many tricks do you bid (3 to 6), bid shoot or alone, or pass?'
"""

from __future__ import annotations

from tricktable.core import SeatView
from tricktable.games.bid_euchre.facts import PartnershipFacts
from tricktable.games.euchre_family.prompts import BID_ANSWERS, BID_PROMPTS
from tricktable.games.spec import Prompts, Wording

LONE_WORDS = {"both": ", bid shoot or alone", "shoot": ", bid shoot", "alone": ", bid alone"}


def _question(view: SeatView, words: Wording) -> str | None:
    if not isinstance(view.public, PartnershipFacts):
        return BID_PROMPTS.question(view, words)
    facts = view.public
    phase = view.phase
    if phase == "bid":
        if view.legal == ("pass",):
            return "The highest bid is made: you may only pass."
        lone = LONE_WORDS.get(facts.lone_bids, "")
        numbers = [text.split()[1] for text in view.legal if text.split()[-1].isdigit()]
        span = f" ({numbers[0]} to {numbers[-1]})" if numbers else ""
        pass_word = ", or pass" if "pass" in view.legal else " (you may not pass)"
        return f"How many tricks do you bid{span}{lone}{pass_word}?"
    if phase == "name":
        if facts.no_trump:
            return "You won the bidding: name trump, or play high or low (no trump)?"
        return "You won the bidding: which suit do you name as trump?"
    if phase == "give" and facts.maker is not None:
        return f"{words.seat(facts.maker, 'shoots')}: which card do you pass to your partner?"
    if phase == "discard":
        got = "" if facts.passed is None else f" and got {words.card(facts.passed)}"
        return f"You bid shoot{got}: which card do you discard?"
    return None


ANSWERS = (
    BID_ANSWERS
    + """
  a lone bid                        e.g. bid shoot, bid alone
  a card passed or discarded        e.g. give AS, discard 9C"""
)

PROMPTS = Prompts(answers=ANSWERS, question=_question)
"""Bid euchre's prompts, both forms."""
