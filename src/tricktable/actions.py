"""Actions: small ints inside the engines, canonical text at every boundary.

An action is an ``ActionKind`` and an argument in one small int (``make_action``,
``kind_of``, ``argument_of``). Playing a card is kind 0, so the action of playing a
card *is* the card. The text form is that of RULES.md section 4:
lowercase keywords, cards and suits in upper case, single spaces.

>>> a = parse_action("Play 10h")
>>> action_text(a)
'play TH'
>>> action_text(parse_action("call ♠ alone"))
'call S alone'
>>> parse_action("bid 3") == make_action(ActionKind.BID, 3)
True
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from tricktable.cards import SUIT_LETTERS, card_name, parse_card, parse_suit
from tricktable.errors import ActionParseError, CardError

Action = int
"""An action: ``kind * ARGUMENT_LIMIT + argument`` (see ``make_action``)."""


class ActionKind(IntEnum):
    """What an action does; an action is a kind with an argument (``make_action``).

    A kind is not an action: ``ActionKind.PASS`` is the kind, ``make_action(ActionKind.PASS)``
    the action a seat takes.

    >>> kind_of(parse_action("pass")) is ActionKind.PASS
    True
    >>> make_action(ActionKind.PASS) == ActionKind.PASS
    False
    """

    PLAY = 0
    DISCARD = 1
    PASS = 2
    ORDER = 3
    ORDER_ALONE = 4
    CALL = 5
    CALL_ALONE = 6
    TAKE_OVER = 7
    DEFEND_ALONE = 8
    NAME = 9
    BLIND_ALONE = 10
    ACE_NO_FACE = 11
    FARMERS_HAND = 12
    ALONE = 13
    SCORE = 14
    SET_BACK = 15
    CALL_RENEGE = 16
    STAND = 17
    BEG = 18
    GIVE = 19
    RUN = 20
    BID = 21
    STAY = 22
    DROP = 23
    THROW_IN = 24
    DECLARE = 25
    HIGH = 26
    LOW = 27
    CONCEDE = 28
    BID_SHOOT = 29
    BID_ALONE = 30
    BID_SMUDGE = 31
    GIVE_CARD = 32


ARGUMENT_BITS: Final = 7
"""The low bits of an action that hold its argument (a card, a suit or a number)."""
ARGUMENT_LIMIT: Final = 1 << ARGUMENT_BITS
"""Arguments are below this (128)."""
_ARGUMENT_MASK: Final = ARGUMENT_LIMIT - 1
_KINDS: Final = tuple(ActionKind)
"""Every kind, indexed by its number (the numbers run from 0 without a gap)."""

_CARD_KINDS: Final = {
    ActionKind.PLAY: "play",
    ActionKind.DISCARD: "discard",
    ActionKind.GIVE_CARD: "give",
}
CARD_KINDS: Final = tuple(_CARD_KINDS)
"""The kinds whose argument is a card: ``play JH``, ``discard 9S``, ``give AS``."""


def face_down_kind(text: str) -> ActionKind | None:
    """The card kind of ``text`` when it is a face-down card action written without its card
    (how a seat's view shows another seat's ``discard`` or passed card, ``give``), else
    ``None``. The bare ``give`` is also All Fours' own ``give``: where that is in play, the
    caller tells them apart.

    >>> face_down_kind("discard"), face_down_kind("Give"), face_down_kind("discard 9S")
    (<ActionKind.DISCARD: 1>, <ActionKind.GIVE_CARD: 32>, None)
    """
    kind = _WORDS_TO_CARD_KIND.get(text.strip().lower())
    return None if kind == ActionKind.PLAY else kind


def face_down_text(action: Action) -> str:
    """A card action as a seat that sees it face down reads it: its word alone.

    >>> face_down_text(parse_action("discard 9S")), face_down_text(parse_action("give AS"))
    ('discard', 'give')
    """
    return _CARD_KINDS[kind_of(action)]


_SUIT_KINDS: Final = {
    ActionKind.CALL: "call {}",
    ActionKind.CALL_ALONE: "call {} alone",
    ActionKind.NAME: "name {}",
}
_WORD_KINDS: Final = {
    ActionKind.PASS: "pass",
    ActionKind.ORDER: "order",
    ActionKind.ORDER_ALONE: "order alone",
    ActionKind.TAKE_OVER: "take over",
    ActionKind.DEFEND_ALONE: "defend alone",
    ActionKind.BLIND_ALONE: "blind alone",
    ActionKind.ACE_NO_FACE: "ace no face",
    ActionKind.FARMERS_HAND: "farmers hand",
    ActionKind.ALONE: "alone",
    ActionKind.SCORE: "score",
    ActionKind.SET_BACK: "set back",
    ActionKind.CALL_RENEGE: "call renege",
    ActionKind.STAND: "stand",
    ActionKind.BEG: "beg",
    ActionKind.GIVE: "give",
    ActionKind.RUN: "run",
    ActionKind.STAY: "stay",
    ActionKind.DROP: "drop",
    ActionKind.THROW_IN: "throw in",
    ActionKind.DECLARE: "declare",
    ActionKind.HIGH: "high",
    ActionKind.LOW: "low",
    ActionKind.CONCEDE: "concede",
    ActionKind.BID_SHOOT: "bid shoot",
    ActionKind.BID_ALONE: "bid alone",
    ActionKind.BID_SMUDGE: "bid smudge",
}
_WORDS_TO_KIND: Final = {text: kind for kind, text in _WORD_KINDS.items()}
_WORDS_TO_CARD_KIND: Final = {text: kind for kind, text in _CARD_KINDS.items()}

FORMS_HELP: Final = (
    "actions are: play CARD, discard CARD, give CARD, bid N, call SUIT [alone], name SUIT, "
    + ", ".join(sorted(_WORD_KINDS.values()))
)


def make_action(kind: ActionKind, argument: int = 0) -> Action:
    """The action of ``kind`` with ``argument`` (a card, a suit or a number).

    >>> make_action(ActionKind.PLAY, 5)  # playing a card is the card
    5
    """
    return (int(kind) << ARGUMENT_BITS) + argument


def is_action(action: Action) -> bool:
    """Whether ``action`` has a kind (any int an engine may be handed is checked with it)."""
    return 0 <= action >> ARGUMENT_BITS < len(_KINDS)


def kind_of(action: Action) -> ActionKind:
    """The kind of an action (``ActionKind.PLAY``, ``ActionKind.PASS``, ...).

    ``ActionParseError`` when ``action`` is no action (``is_action``).
    """
    number = action >> ARGUMENT_BITS
    if not 0 <= number < len(_KINDS):
        raise ActionParseError(f"{action!r} is not an action (no kind {number})")
    return _KINDS[number]


def argument_of(action: Action) -> int:
    """The argument of an action (its card, suit or number)."""
    return action & _ARGUMENT_MASK


def is_card_action(action: Action) -> bool:
    """Whether ``action`` plays, discards or gives a card (its argument is the card)."""
    return action >> ARGUMENT_BITS in _CARD_KINDS


def action_text(action: Action) -> str:
    """The canonical text of an action."""
    if not is_action(action):
        raise ActionParseError(f"{action!r} is not an action")
    kind, argument = kind_of(action), argument_of(action)
    if kind in _CARD_KINDS:
        return f"{_CARD_KINDS[kind]} {card_name(argument)}"
    if kind in _SUIT_KINDS:
        if argument > 3:
            raise ActionParseError(f"{action!r} is not an action (suit {argument} is not 0..3)")
        return _SUIT_KINDS[kind].format(SUIT_LETTERS[argument])
    if kind == ActionKind.BID:
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
        if head in _WORDS_TO_CARD_KIND and len(words) == 2:
            return make_action(_WORDS_TO_CARD_KIND[head], parse_card(words[1]))
        if (
            head == "bid"
            and len(words) == 2
            and words[1].isdigit()
            and int(words[1]) < ARGUMENT_LIMIT
        ):
            return make_action(ActionKind.BID, int(words[1]))
        lowered = " ".join(word.lower() for word in words)
        if lowered in _WORDS_TO_KIND:
            return make_action(_WORDS_TO_KIND[lowered])
        if head == "name" and len(words) == 2:
            return make_action(ActionKind.NAME, parse_suit(words[1]))
        if head == "call" and len(words) in (2, 3):
            if len(words) == 3 and words[2].lower() != "alone":
                raise ActionParseError(f"{text!r} is not an action; {FORMS_HELP}")
            return make_action(
                ActionKind.CALL if len(words) == 2 else ActionKind.CALL_ALONE, parse_suit(words[1])
            )
    except CardError as error:
        raise ActionParseError(f"{text!r} is not an action: {error}") from None
    raise ActionParseError(f"{text!r} is not an action; {FORMS_HELP}")
