"""What a person is asked at each decision of the euchre family (``GameSpec.prompts``):
the up-card's two rounds, the dealer's discard, lone hands, Benny, and bid euchre's and
set-back euchre's own decisions.

>>> from tricktable.testing import dealt_match, question_now
>>> question_now(UPCARD_PROMPTS, dealt_match("euchre(preset=north_american)", 7))
'Order up TS (spades trump; seat 2 picks it up), or pass?'
"""

from __future__ import annotations

from tricktable.core import SeatView
from tricktable.games.spec import Prompts, Wording
from tricktable.public_facts import maker_of, upcard_of, upcard_suit_of


def _upcard_question(view: SeatView, words: Wording) -> str | None:
    """The question at a decision of the up-card variants (None: none for that phase)."""
    public = view.public
    phase = view.phase
    up, up_suit = upcard_of(public), upcard_suit_of(public)
    if phase == "bid1" and up is not None and up_suit is not None:
        upcard, suit = words.card(up), words.suit(up_suit)
        if view.dealer == view.seat:
            return f"Pick up {upcard} ({suit} trump), or pass?"
        return (
            f"Order up {upcard} ({suit} trump; {words.seat(view.dealer, 'picks')} it up), or pass?"
        )
    if phase == "bid2":
        turned = up_suit
        other = "" if turned is None else f" other than {words.suit(turned)}"
        return f"Call a suit{other} as trump, or pass?"
    if phase == "dealer_discard" and up is not None:
        return f"You picked up {words.card(up)}: which card do you discard?"
    if phase == "name_suit":
        return "The up-card is the Joker: which suit does it name?"
    maker = maker_of(public)
    maker_name = "the maker" if maker is None else words.seat(maker)
    maker_goes = "the maker goes" if maker is None else words.seat(maker, "goes")
    maker_plays = "the maker plays" if maker is None else words.seat(maker, "plays")
    questions = {
        "alone": "Trump is made: go alone, or pass and play with your partner?",
        "take_over": f"{maker_goes} alone: take over and play alone instead, or pass?",
        "defend": f"{maker_plays} alone: defend alone against {maker_name}, or pass?",
        "blind_alone": "The up-card is a jack: go blind alone (dealer only), or pass?",
        "farmers": "Your hand is all nines and tens: exchange three cards, or pass?",
        "exchange_discard": "Which card do you give up in the exchange?",
        "ace_no_face": "One ace and no face cards: declare ace no face, or pass?",
        "renege": "An opponent reneged: call the renege, or pass?",
        "robson": "Your side took all five tricks: score the march, or set the opponents back?",
        "throw_in": "Throw in your hand, or pass and play?",
        "bid": "How many tricks do you bid (or pass)?",
        "name": "You won the bidding: name trump, or play high or low (no trump)?",
        "stay": "Stay in and play, or drop?",
    }
    return questions.get(phase)


ANSWERS = """\
  an action                         e.g. pass, order, order alone, call H, play JS
  a card alone                      e.g. JS or 10h (plays or discards it when that is legal)
  a suit alone                      e.g. H or hearts (calls or names that suit)"""

UPCARD_PROMPTS = Prompts(answers=ANSWERS, question=_upcard_question)
"""The up-card variants' prompts (euchre, two- and three-handed, set-back euchre)."""
PROMPTS = UPCARD_PROMPTS
"""What the up-card variants ask (found by convention for a variant without its own)."""

BID_ANSWERS = """\
  a bid                             e.g. 3 (bids 3 tricks), pass
  an action                         e.g. name H, high, low, stay, drop, play JS
  a card alone                      e.g. JS or 10h (plays it when that is legal)"""

BID_PROMPTS = Prompts(answers=BID_ANSWERS, question=_upcard_question)
"""Bid euchre's prompts: its bids, naming trump, staying or dropping."""
