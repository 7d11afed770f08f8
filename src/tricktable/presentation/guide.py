"""What the guided first match says at each of the person's decisions.

The web table's "Learn to play" tables explain every decision as it comes: the game's own
question (``GameSpec.prompts``), what each choice means in words, and what the hint (the
advice of ``tricktable.bots.tools.advice``) would take and why. The words are made here;
``tricktable.web.guide`` computes the advice and sends them.

>>> import random
>>> from tricktable.testing import dealt_match
>>> from tricktable.bots.tools.advice import advise
>>> state = dealt_match("euchre(preset=north_american)", 7)
>>> view = state.view(state.current_player)
>>> advice = advise(state.game, view, random.Random(0), worlds=4)
>>> guide = decision_guide(state.game, view, advice, worlds=4)
>>> guide["question"]
'Order up 10♠ (spades trump; East picks it up), or pass?'
>>> [choice["label"] for choice in guide["choices"]]
['order', 'order alone', 'pass']
>>> guide["hint"]["label"] in ("order", "order alone", "pass")
True
"""

from __future__ import annotations

from typing import Any

from tricktable.actions import Argument, CoreKind, argument_of, kind_of, parse_action, verb_of
from tricktable.bots.tools.advice import Advice
from tricktable.cards import SUIT_LETTERS, SUIT_NAMES, Card
from tricktable.core import Game, SeatView
from tricktable.errors import ActionParseError
from tricktable.games import spec_of
from tricktable.games.spec import Prompts
from tricktable.presentation.events import plural_verb
from tricktable.presentation.hands import card_label, cards_for_people
from tricktable.presentation.verbs import verb_text
from tricktable.public_facts import upcard_suit_of
from tricktable.search.play_facts import play_facts
from tricktable.tricks import TrickRules, beats, trick_winner

PLACES = ("you", "West", "North", "East")
"""The other seats of a four-handed table as the person's page draws them: the person at
the bottom (South), West on their left, North across, East on their right."""

UNITS = {"points": "points", "tricks": "tricks", "score": "points of score"}
"""What a hint's values count, in words (``Advice.unit``)."""


class GuideWording:
    """How the guide names what a question mentions (``games.spec.Wording``): seats from the
    person's point of view, cards with their suit symbols.

    >>> words = GuideWording(seat=2, players=4)
    >>> words.seat(2, "picks"), words.seat(3, "picks"), words.seat(0)
    ('you pick', 'West picks', 'North')
    >>> GuideWording(seat=0, players=3).seat(2)
    'seat 3'
    """

    def __init__(self, seat: int, players: int) -> None:
        self.me = seat
        self.players = players

    def seat(self, seat: int, verb: str = "") -> str:
        if seat == self.me:
            return f"you {plural_verb(verb)}".strip()
        if self.players == len(PLACES):
            name = PLACES[(seat - self.me) % self.players]
        else:
            name = f"seat {seat + 1}"
        return f"{name} {verb}".strip()

    def card(self, card: Card) -> str:
        return card_label(card, symbols=True)

    def suit(self, suit: int) -> str:
        return SUIT_NAMES[suit]


def _card(card: Card) -> str:
    return card_label(card, symbols=True)


def action_label(action: str) -> str:
    """An action as the guide shows it: the records' words with card symbols.

    >>> action_label("play TH"), action_label("call S alone")
    ('play 10♥', 'call spades alone')
    """
    words = cards_for_people(action, _card)
    try:
        parsed = parse_action(action)
    except ActionParseError:
        return words
    if verb_of(kind_of(parsed)).argument != Argument.SUIT:
        return words
    letter = SUIT_LETTERS[argument_of(parsed)]
    return " ".join(
        SUIT_NAMES[SUIT_LETTERS.index(w)] if w == letter else w for w in words.split(" ")
    )


def choice_meaning(action: str, view: SeatView, table: TrickRules | None = None) -> str:
    """What taking ``action`` means, in a sentence for a newcomer (its verb's meaning,
    ``presentation.verbs``); ``table`` (the trick's rules, when known) says whether a card
    played would take the lead in the trick.

    >>> from tricktable.testing import dealt_match
    >>> view = dealt_match("euchre(preset=north_american)", 7).view(1)
    >>> choice_meaning("order", view)
    'Make spades trump: the dealer takes the up-card, and your side must win most of the tricks.'
    >>> choice_meaning("bid 3", view)
    'Bid 3.'
    """
    try:
        parsed = parse_action(action)
    except ActionParseError:
        return f"{action_label(action).capitalize()}."
    if kind_of(parsed) == CoreKind.PLAY:
        return _play_meaning(argument_of(parsed), view, table)
    meaning = verb_text(parsed, "meaning", card=_card, turned=upcard_suit_of(view.public))
    return meaning or f"{action_label(action).capitalize()}."


def _play_meaning(card: Card, view: SeatView, table: TrickRules | None) -> str:
    """What playing ``card`` does to the trick in progress (or leading it)."""
    trump = table is not None and table.eff_suit[card] == table.trump
    kind = " (a trump)" if trump else ""
    if not view.trick:
        return f"Lead {_card(card)}{kind}."
    if table is None:
        return f"Play {_card(card)}{kind} to the trick."
    plays = [played for _, played in view.trick]
    best = plays[trick_winner(plays, table)]
    if beats(card, best, table.eff_suit[plays[0]], table):
        return f"Play {_card(card)}{kind}: it would take the trick so far, over {_card(best)}."
    return f"Play {_card(card)}{kind}: it would not beat {_card(best)}, winning so far."


def hint_reason(advice: Advice, legal: list[str], worlds: int, who: str = "your side") -> str:
    """Why the hint takes ``advice.recommended``, in a sentence or two; the values are what
    ``who`` gains (``your side``, or ``you`` in a game each for themself).

    >>> advice = Advice({"order": 0.5, "pass": -0.25}, "order", "points")
    >>> print(hint_reason(advice, ["order", "pass"], 30))  # doctest: +NORMALIZE_WHITESPACE
    Over 30 deals of the hidden cards that fit what you know, order gives your side +0.50
    points on average, the best estimate; pass gives -0.25.
    >>> hint_reason(Advice({}, "play 9S", ""), ["play 9S"], 30)
    'It is the only choice the rules leave you.'
    """
    best = action_label(advice.recommended)
    if len(legal) == 1:
        return "It is the only choice the rules leave you."
    if not advice.values:
        return f"The house bot's rules of thumb take {best} here (no estimate for this decision)."
    unit = UNITS.get(advice.unit, advice.unit)
    ranked = sorted(advice.values.items(), key=lambda item: -item[1])
    value = advice.values[advice.recommended]
    top = ranked[0][1]
    text = (
        f"Over {worlds} deals of the hidden cards that fit what you know, {best} gives"
        f" {who} {value:+.2f} {unit} on average"
    )
    if value >= top:
        text += ", the best estimate"
    else:
        text += f", close to the best ({action_label(ranked[0][0])}, {top:+.2f}); the house"
        text += " bot's rules of thumb break the near tie"
    others = [(action, v) for action, v in ranked if action != advice.recommended]
    tied = [action for action, v in others if abs(v - value) < 0.005]
    if tied and value >= top:
        text += f", tied with {action_label(tied[0])}"
        text += " and others" if len(tied) > 1 else ""
        text += " (the house bot's rules of thumb choose among them)"
    elif others and value >= top:
        text += f"; {action_label(others[0][0])} gives {others[0][1]:+.2f}"
    return text + "."


def follow_note(view: SeatView, legal: list[str]) -> str | None:
    """What the rules of following mean for this card: the lead sets the suit the others
    answer; some cards may not be played; ``None`` outside the play or when all may.

    >>> from tricktable.testing import first_trick
    >>> state = first_trick("euchre(preset=north_american)", 8)
    >>> follow_note(state.view(state.current_player), state.legal_texts())[:40]
    "You lead: your card's suit is the suit l"
    """
    if view.phase != "play":
        return None
    if not view.trick:
        return (
            "You lead: your card's suit is the suit led, which the others answer as the rules"
            " of following say (see How to play)."
        )
    playable = sum(1 for action in legal if action.startswith("play "))
    if not playable or playable >= len(view.hand):
        return None
    return (
        f"Only {playable} of your {len(view.hand)} cards may be played: the rules of"
        " following the suit led (see How to play) rule out the others."
    )


def question_text(game: Game[Any], view: SeatView, wording: GuideWording) -> str:
    """The game's question at this decision, or a plain one where it has none."""
    part = spec_of(game).prompts
    if part is not None:
        prompts: Prompts = part.load()
        asked = prompts.question(view, wording)
        if asked:
            return asked
    if view.phase == "play":
        if not view.trick:
            return "Your lead: which card do you play first to this trick?"
        return "Your turn to play to the trick: which card?"
    return "Your turn: which of these do you choose?"


def decision_guide(
    game: Game[Any], view: SeatView, advice: Advice, worlds: int, legal: list[str] | None = None
) -> dict[str, Any]:
    """The guide's words for the decision of ``view`` (the person's seat, to act): the
    ``question``, each of the ``legal`` actions shown to the person (default: every legal
    action) as a ``choice`` (its ``label``, ``meaning``, estimated ``value`` or ``None``, and
    whether the hint takes it), the ``hint`` (its action, ``label`` and ``why``) and a
    ``note`` on the rule that limits the choice (or ``None``)."""
    shown = list(view.legal) if legal is None else legal
    facts = play_facts(game, view) if view.phase == "play" else None
    table = None if facts is None else facts.table
    who = "you" if all(len(side) == 1 for side in game.sides) else "your side"
    wording = GuideWording(view.seat, view.players)
    choices = [
        {
            "action": action,
            "label": action_label(action),
            "meaning": choice_meaning(action, view, table),
            "value": advice.values.get(action),
            "hint": action == advice.recommended,
        }
        for action in shown
    ]
    return {
        "question": question_text(game, view, wording),
        "choices": choices,
        "hint": {
            "action": advice.recommended,
            "label": action_label(advice.recommended),
            "why": hint_reason(advice, shown, worlds, who),
        },
        "unit": UNITS.get(advice.unit, advice.unit),
        "note": follow_note(view, shown),
    }
