"""Actions: small ints inside the engines, canonical text at every boundary.

An action is an ``ActionKind`` and an argument in one small int (``make_action``,
``kind_of``, ``argument_of``). Playing a card is kind 0, so the action of playing a
card *is* the card. The text form is that of RULES.md section 4:
lowercase keywords, cards and suits in upper case, single spaces.

The vocabulary is open: this module declares the verbs every trick-taking game shares
(``CORE_VERBS``: play, discard, pass, bid) and each game's package declares its own in its
``verbs`` module (a ``Verb``: the kind's number and its words), which the game's spec
registers (``register_verbs``). A game with a new verb edits only its own package.

>>> a = parse_action("Play 10h")
>>> action_text(a)
'play TH'
>>> action_text(parse_action("call ♠ alone"))
'call S alone'
>>> parse_action("bid 3") == make_action(CoreKind.BID, 3)
True
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final, NewType

from tricktable.cards import SUIT_LETTERS, card_name, parse_card, parse_suit
from tricktable.errors import ActionParseError, CardError, TricktableError

Action = int
"""An action: ``kind * ARGUMENT_LIMIT + argument`` (see ``make_action``)."""

ActionKind = NewType("ActionKind", int)
"""What an action does: a verb's number (``Verb``). A kind is not an action:
``CoreKind.PASS`` is the kind, ``make_action(CoreKind.PASS)`` the action a seat takes.

>>> kind_of(parse_action("pass")) == CoreKind.PASS
True
>>> make_action(CoreKind.PASS) == CoreKind.PASS
False
"""


class Argument(IntEnum):
    """What a verb's argument is: nothing, a card, a suit or a number."""

    NONE = 0
    CARD = 1
    SUIT = 2
    NUMBER = 3


_SLOTS: Final = {"{card}": Argument.CARD, "{suit}": Argument.SUIT, "{number}": Argument.NUMBER}
"""How a verb's words mark where its argument goes."""
_FORM_WORDS: Final = {
    Argument.CARD: "CARD",
    Argument.SUIT: "SUIT",
    Argument.NUMBER: "N",
}


class VocabularyError(TricktableError):
    """A verb declared wrongly, or two verbs that cannot both be registered."""


@dataclass(frozen=True)
class Verb:
    """One verb of the action grammar: its kind's number and its canonical words, the
    argument's place marked ``{card}``, ``{suit}`` or ``{number}``.

    >>> verb = Verb(ActionKind(6), "call {suit} alone")
    >>> verb.argument, verb.head, verb.tail
    (<Argument.SUIT: 2>, 'call ', ' alone')
    >>> Verb(ActionKind(600), "jump")
    Traceback (most recent call last):
    ...
    tricktable.actions.VocabularyError: verb 'jump': kind 600 is not 0..511
    """

    kind: ActionKind
    """The kind's number: part of every action of the verb, so fixed once a game ships."""
    words: str
    """The canonical text: lowercase words, ``{card}``, ``{suit}`` or ``{number}`` once."""
    argument: Argument = field(init=False)
    """What the argument is (from the words)."""
    head: str = field(init=False)
    """The text before the argument (all of it without one)."""
    tail: str = field(init=False)
    """The text after the argument."""

    def __post_init__(self) -> None:
        tokens = self.words.split(" ")
        slots = [token for token in tokens if token in _SLOTS]
        plain = [token for token in tokens if token not in _SLOTS]
        if not 0 <= self.kind < KIND_LIMIT:
            raise VocabularyError(
                f"verb {self.words!r}: kind {self.kind} is not 0..{KIND_LIMIT - 1}"
            )
        if len(slots) > 1 or not plain or tokens[0] in _SLOTS:
            raise VocabularyError(
                f"verb {self.words!r}: words start with a word and hold at most one of "
                + ", ".join(_SLOTS)
            )
        if any(not token.isalpha() or not token.islower() for token in plain):
            raise VocabularyError(f"verb {self.words!r}: words are lowercase letters")
        argument = _SLOTS[slots[0]] if slots else Argument.NONE
        head, _, tail = self.words.partition(slots[0]) if slots else (self.words, "", "")
        object.__setattr__(self, "argument", argument)
        object.__setattr__(self, "head", head)
        object.__setattr__(self, "tail", tail)

    @property
    def form(self) -> str:
        """The verb as the parse error lists it: ``call SUIT alone``, ``bid N``, ``pass``."""
        if self.argument == Argument.NONE:
            return self.words
        return f"{self.head}{_FORM_WORDS[self.argument]}{self.tail}"


ARGUMENT_BITS: Final = 7
"""The low bits of an action that hold its argument (a card, a suit or a number)."""
ARGUMENT_LIMIT: Final = 1 << ARGUMENT_BITS
"""Arguments are below this (128)."""
KIND_LIMIT: Final = 512
"""Kinds are below this (an action fits in 16 bits)."""
_ARGUMENT_MASK: Final = ARGUMENT_LIMIT - 1


class CoreKind:
    """The kinds of the verbs several games share (``CORE_VERBS``)."""

    PLAY: Final = ActionKind(0)
    """Play a card (``play JH``): the action is the card itself."""
    DISCARD: Final = ActionKind(1)
    """Discard a card (``discard 9S``)."""
    PASS: Final = ActionKind(2)
    """Pass (``pass``)."""
    BID: Final = ActionKind(21)
    """Bid a number (``bid 3``)."""


CORE_VERBS: Final = (
    Verb(CoreKind.PLAY, "play {card}"),
    Verb(CoreKind.DISCARD, "discard {card}"),
    Verb(CoreKind.PASS, "pass"),
    Verb(CoreKind.BID, "bid {number}"),
)
"""The verbs several games share; every other verb is declared by the games that use it."""

_VERBS: Final[list[Verb | None]] = []
"""Every registered verb by its kind's number (``None`` where no verb has that number)."""
_ARGUMENTS: Final[list[int]] = []
"""Each number's ``Argument`` (``-1`` where no verb has that number): the hot path's table."""
_BY_WORDS: Final[dict[str, Verb]] = {}
"""The verbs without an argument, by their words."""
_BY_HEAD: Final[dict[tuple[str, int], list[Verb]]] = {}
"""The verbs with an argument, by their first word and their number of words."""
_LOADERS: Final[list[Callable[[], None]]] = []
"""What registers every game's verbs (``games``'s registry), run when a kind is unknown."""
_LOCK: Final = threading.RLock()
_LOADING: Final = [False]
"""Whether the thread holding ``_LOCK`` is running the loaders."""


def register_verbs(verbs: Iterable[Verb]) -> None:
    """Add ``verbs`` to the grammar (a game's spec registers its package's ``VERBS``).

    Registering a verb again is harmless; ``VocabularyError`` when a kind's number or words
    are another verb's.

    >>> register_verbs([Verb(CoreKind.PASS, "pass")])
    >>> register_verbs([Verb(CoreKind.PASS, "fold")])
    Traceback (most recent call last):
    ...
    tricktable.actions.VocabularyError: kind 2 is already 'pass', not 'fold'
    """
    for verb in verbs:
        known = _VERBS[verb.kind] if verb.kind < len(_VERBS) else None
        if known == verb:
            continue
        if known is not None:
            raise VocabularyError(
                f"kind {verb.kind} is already {known.words!r}, not {verb.words!r}"
            )
        for other in _VERBS:
            if other is not None and other.form == verb.form:
                raise VocabularyError(
                    f"{verb.words!r} (kind {verb.kind}) reads as kind {other.kind}"
                )
        while len(_VERBS) <= verb.kind:
            _VERBS.append(None)
            _ARGUMENTS.append(-1)
        _VERBS[verb.kind] = verb
        _ARGUMENTS[verb.kind] = int(verb.argument)
        if verb.argument == Argument.NONE:
            _BY_WORDS[verb.words] = verb
        else:
            key = (verb.head.split()[0], len(verb.words.split()))
            _BY_HEAD.setdefault(key, []).append(verb)


def add_vocabulary_loader(loader: Callable[[], None]) -> None:
    """Have ``loader`` register verbs when a kind or words are unknown (the game registry
    passes one that registers every game's verbs), so that text parses before the game that
    declares its verb has been loaded."""
    _LOADERS.append(loader)


def _load_vocabularies() -> bool:
    """Run the loaders not yet run, once, under a lock (a loader stays listed until it has
    registered its verbs); whether the caller should look again."""
    if not _LOADERS:
        return False
    with _LOCK:
        if _LOADING[0]:
            return False  # this thread is registering them now
        _LOADING[0] = True
        try:
            while _LOADERS:
                _LOADERS[-1]()
                _LOADERS.pop()
        finally:
            _LOADING[0] = False
    return True


def verbs() -> list[Verb]:
    """Every verb of every registered game, by kind.

    >>> [verb.words for verb in verbs()][:3]
    ['play {card}', 'discard {card}', 'pass']
    """
    _load_vocabularies()
    return [verb for verb in _VERBS if verb is not None]


def verb_of(kind: ActionKind) -> Verb:
    """The verb of a kind (``ActionParseError`` when no verb has it).

    >>> verb_of(kind_of(parse_action("bid 3"))).words
    'bid {number}'
    """
    verb = _VERBS[kind] if 0 <= kind < len(_VERBS) else None
    if verb is None and _load_vocabularies():
        return verb_of(kind)
    if verb is None:
        raise ActionParseError(f"no verb has kind {kind}")
    return verb


def _argument_kind(number: int) -> int:
    """The ``Argument`` of kind ``number``, ``-1`` when no verb has it."""
    if 0 <= number < len(_ARGUMENTS):
        argument = _ARGUMENTS[number]
        if argument >= 0:
            return argument
    if _load_vocabularies():
        return _argument_kind(number)
    return -1


def forms_help() -> str:
    """The forms of every action, for an error that says what is allowed."""
    listed = verbs()
    argued = [verb.form for verb in listed if verb.argument != Argument.NONE]
    plain = sorted(verb.words for verb in listed if verb.argument == Argument.NONE)
    return "actions are: " + ", ".join(argued + plain)


def face_down_kind(text: str) -> ActionKind | None:
    """The card kind of ``text`` when it is a face-down card action written without its card
    (how a seat's view shows another seat's ``discard`` or passed card, ``give``), else
    ``None``. The bare ``give`` is also All Fours' own ``give``: where that is in play, the
    caller tells them apart.

    >>> face_down_kind("discard") == CoreKind.DISCARD, face_down_kind("discard 9S")
    (True, None)
    """
    word = text.strip().lower()
    for verb in verbs():
        if (
            verb.argument == Argument.CARD
            and verb.kind != CoreKind.PLAY
            and verb.head == f"{word} "
        ):
            return verb.kind
    return None


def face_down_text(action: Action) -> str:
    """A card action as a seat that sees it face down reads it: its word alone.

    >>> face_down_text(parse_action("discard 9S")), face_down_text(parse_action("give AS"))
    ('discard', 'give')
    """
    return verb_of(kind_of(action)).head.strip()


def make_action(kind: ActionKind, argument: int = 0) -> Action:
    """The action of ``kind`` with ``argument`` (a card, a suit or a number).

    >>> make_action(CoreKind.PLAY, 5)  # playing a card is the card
    5
    """
    return (kind << ARGUMENT_BITS) + argument


def is_action(action: Action) -> bool:
    """Whether ``action`` has a kind (any int an engine may be handed is checked with it)."""
    return action >= 0 and _argument_kind(action >> ARGUMENT_BITS) >= 0


def kind_of(action: Action) -> ActionKind:
    """The kind of an action (``CoreKind.PLAY``, a game's verb ...).

    ``ActionParseError`` when ``action`` is no action (``is_action``).
    """
    number = action >> ARGUMENT_BITS
    if 0 <= number < len(_ARGUMENTS) and _ARGUMENTS[number] >= 0:
        return ActionKind(number)  # a registered kind: the hot path
    if action < 0 or _argument_kind(number) < 0:
        raise ActionParseError(f"{action!r} is not an action (no kind {number})")
    return ActionKind(number)


def argument_of(action: Action) -> int:
    """The argument of an action (its card, suit or number)."""
    return action & _ARGUMENT_MASK


def is_card_action(action: Action) -> bool:
    """Whether ``action`` plays, discards or gives a card (its argument is the card)."""
    number = action >> ARGUMENT_BITS
    if 0 <= number < len(_ARGUMENTS) and _ARGUMENTS[number] >= 0:
        return _ARGUMENTS[number] == Argument.CARD  # a registered kind: the hot path
    return action >= 0 and _argument_kind(number) == Argument.CARD


def action_text(action: Action) -> str:
    """The canonical text of an action."""
    if not is_action(action):
        raise ActionParseError(f"{action!r} is not an action")
    verb, argument = verb_of(kind_of(action)), argument_of(action)
    if verb.argument == Argument.CARD:
        return f"{verb.head}{card_name(argument)}{verb.tail}"
    if verb.argument == Argument.SUIT:
        if argument > 3:
            raise ActionParseError(f"{action!r} is not an action (suit {argument} is not 0..3)")
        return f"{verb.head}{SUIT_LETTERS[argument]}{verb.tail}"
    if verb.argument == Argument.NUMBER:
        return f"{verb.head}{argument}{verb.tail}"
    return verb.words


def parse_action(text: str) -> Action:
    """An action from its text (case-insensitive; card and suit spellings of RULES.md)."""
    words = text.strip().split()
    if not words:
        raise ActionParseError(f"empty action; {forms_help()}")
    action = _parse_words(text, words)
    if action is None and _load_vocabularies():
        action = _parse_words(text, words)
    if action is None:
        raise ActionParseError(f"{text!r} is not an action; {forms_help()}")
    return action


def _parse_words(text: str, words: list[str]) -> Action | None:
    """The action ``words`` spell among the registered verbs, or ``None``."""
    lowered = [word.lower() for word in words]
    plain = _BY_WORDS.get(" ".join(lowered))
    if plain is not None:
        return make_action(plain.kind)
    for verb in _BY_HEAD.get((lowered[0], len(words)), ()):
        tokens = verb.words.split(" ")
        if any(t != w and t not in _SLOTS for t, w in zip(tokens, lowered, strict=True)):
            continue
        given = words[[t in _SLOTS for t in tokens].index(True)]
        try:
            if verb.argument == Argument.CARD:
                return make_action(verb.kind, parse_card(given))
            if verb.argument == Argument.SUIT:
                return make_action(verb.kind, parse_suit(given))
        except CardError as error:
            raise ActionParseError(f"{text!r} is not an action: {error}") from None
        if given.isdigit() and int(given) < ARGUMENT_LIMIT:
            return make_action(verb.kind, int(given))
    return None


register_verbs(CORE_VERBS)
