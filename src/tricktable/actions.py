"""Actions: small ints inside the engines, canonical text at every boundary.

An action is ``kind * 128 + argument``. Playing a card is kind 0, so the action
of playing a card *is* the card. The text form is that of RULES.md section 4:
lowercase keywords, cards and suits in upper case, single spaces.

>>> a = parse_action("Play 10h")
>>> action_text(a)
'play TH'
>>> action_text(parse_action("call ♠ alone"))
'call S alone'
>>> parse_action("bid 3") == make_action(BID, 3)
True
"""

from __future__ import annotations

from typing import Final

from tricktable.cards import SUIT_LETTERS, card_name, parse_card, parse_suit
from tricktable.errors import ActionParseError, CardError

Action = int
"""An action: ``kind * 128 + argument``."""

PLAY: Final = 0
DISCARD: Final = 1
PASS: Final = 2
ORDER: Final = 3
ORDER_ALONE: Final = 4
CALL: Final = 5
CALL_ALONE: Final = 6
TAKE_OVER: Final = 7
DEFEND_ALONE: Final = 8
NAME: Final = 9
BLIND_ALONE: Final = 10
ACE_NO_FACE: Final = 11
FARMERS_HAND: Final = 12
ALONE: Final = 13
SCORE: Final = 14
SET_BACK: Final = 15
CALL_RENEGE: Final = 16
STAND: Final = 17
BEG: Final = 18
GIVE: Final = 19
RUN: Final = 20
BID: Final = 21
STAY: Final = 22
DROP: Final = 23
THROW_IN: Final = 24
DECLARE: Final = 25
HIGH: Final = 26
LOW: Final = 27
CONCEDE: Final = 28

_CARD_KINDS: Final = {PLAY: "play", DISCARD: "discard"}
_SUIT_KINDS: Final = {CALL: "call {}", CALL_ALONE: "call {} alone", NAME: "name {}"}
_WORD_KINDS: Final = {
    PASS: "pass",
    ORDER: "order",
    ORDER_ALONE: "order alone",
    TAKE_OVER: "take over",
    DEFEND_ALONE: "defend alone",
    BLIND_ALONE: "blind alone",
    ACE_NO_FACE: "ace no face",
    FARMERS_HAND: "farmers hand",
    ALONE: "alone",
    SCORE: "score",
    SET_BACK: "set back",
    CALL_RENEGE: "call renege",
    STAND: "stand",
    BEG: "beg",
    GIVE: "give",
    RUN: "run",
    STAY: "stay",
    DROP: "drop",
    THROW_IN: "throw in",
    DECLARE: "declare",
    HIGH: "high",
    LOW: "low",
    CONCEDE: "concede",
}
_WORDS_TO_KIND: Final = {text: kind for kind, text in _WORD_KINDS.items()}

FORMS_HELP: Final = (
    "actions are: play CARD, discard CARD, bid N, call SUIT [alone], name SUIT, "
    + ", ".join(sorted(_WORD_KINDS.values()))
)


def make_action(kind: int, argument: int = 0) -> Action:
    """The action of ``kind`` with ``argument`` (a card, a suit or a number)."""
    return kind * 128 + argument


def kind_of(action: Action) -> int:
    """The kind of an action (``PLAY``, ``PASS``, ...)."""
    return action >> 7


def argument_of(action: Action) -> int:
    """The argument of an action (its card, suit or number)."""
    return action & 127


def action_text(action: Action) -> str:
    """The canonical text of an action."""
    kind, argument = kind_of(action), argument_of(action)
    if kind in _CARD_KINDS:
        return f"{_CARD_KINDS[kind]} {card_name(argument)}"
    if kind in _SUIT_KINDS:
        if argument > 3:
            raise ActionParseError(f"{action!r} is not an action (suit {argument} is not 0..3)")
        return _SUIT_KINDS[kind].format(SUIT_LETTERS[argument])
    if kind == BID:
        return f"bid {argument}"
    if kind in _WORD_KINDS:
        return _WORD_KINDS[kind]
    raise ActionParseError(f"{action!r} is not an action")


def parse_action(text: str) -> Action:
    """An action from its text (case-insensitive; card and suit spellings of RULES.md)."""
    words = text.strip().split()
    if not words:
        raise ActionParseError(f"empty action; {FORMS_HELP}")
    head = words[0].lower()
    try:
        if head in ("play", "discard") and len(words) == 2:
            kind = PLAY if head == "play" else DISCARD
            return make_action(kind, parse_card(words[1]))
        if head == "bid" and len(words) == 2 and words[1].isdigit() and int(words[1]) < 128:
            return make_action(BID, int(words[1]))
        lowered = " ".join(word.lower() for word in words)
        if lowered in _WORDS_TO_KIND:
            return make_action(_WORDS_TO_KIND[lowered])
        if head == "name" and len(words) == 2:
            return make_action(NAME, parse_suit(words[1]))
        if head == "call" and len(words) in (2, 3):
            if len(words) == 3 and words[2].lower() != "alone":
                raise ActionParseError(f"{text!r} is not an action; {FORMS_HELP}")
            return make_action(CALL if len(words) == 2 else CALL_ALONE, parse_suit(words[1]))
    except CardError as error:
        raise ActionParseError(f"{text!r} is not an action: {error}") from None
    raise ActionParseError(f"{text!r} is not an action; {FORMS_HELP}")
