"""What each verb means to a newcomer, and how the terminal tells that a seat took it.

The verbs several games share (``actions.CORE_VERBS``) have their words in ``WORDS`` below;
each game's own verbs have theirs in the ``words`` module beside the ``verbs`` module that
declares them (its ``VERB_WORDS``, as its event sentences are found beside its event kinds),
gathered here from the games' specs, so that a game with a new verb edits only its package.
A game's verb without words is refused with the verbs that lack them (``spec_verb_words``).

>>> from tricktable.actions import parse_action
>>> verb_text(parse_action("bid 3"), "meaning")
'Bid 3.'
>>> verb_text(parse_action("call H alone"), "told", you=False)
'calls hearts, going alone'
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from string import Formatter
from typing import TYPE_CHECKING, Literal

from tricktable.actions import (
    Action,
    ActionKind,
    Argument,
    CoreKind,
    argument_of,
    kind_of,
    verb_of,
)
from tricktable.cards import SUIT_NAMES, Card, card_name
from tricktable.errors import TricktableError

if TYPE_CHECKING:
    from tricktable.games.spec import GameSpec


@dataclass(frozen=True, slots=True)
class VerbWords:
    """The words of one verb. Each is a template: ``{card}``, ``{suit}`` (the suit's name) or
    ``{number}`` stands for the verb's argument; ``{turned}`` for the up-card's suit (or
    "the up-card's suit" where none is known), ``{up}`` for the up-card and ``{dealer}`` for
    the dealer's name (``FIELDS``).

    >>> VerbWords("Stay in.", ("stay in", "stays in"))  # doctest: +ELLIPSIS
    VerbWords(meaning='Stay in.', told=('stay in', 'stays in'), told_by_dealer=None)
    """

    meaning: str
    """What taking the verb means, a sentence for a newcomer (the guide's choices)."""
    told: tuple[str, str]
    """What a seat did, after its name: for "you" and for another seat (``("go alone",
    "goes alone")``), as the terminal tells the deal."""
    told_by_dealer: tuple[str, str] | None = None
    """``told`` when the dealer takes the verb, where it reads otherwise (``pick up {up}``)."""


FIELDS: frozenset[str] = frozenset({"turned", "up", "dealer"})
"""The fields any verb's words may name, besides its argument's (``ARGUMENT_FIELDS``)."""
ARGUMENT_FIELDS: dict[Argument, str] = {
    Argument.CARD: "card",
    Argument.SUIT: "suit",
    Argument.NUMBER: "number",
}
"""The field that stands for a verb's argument."""

WORDS: dict[ActionKind, VerbWords] = {
    CoreKind.PLAY: VerbWords("Play {card}.", ("play {card}", "plays {card}")),
    CoreKind.DISCARD: VerbWords(
        "Put {card} face down, out of this deal.", ("discard {card}", "discards {card}")
    ),
    CoreKind.PASS: VerbWords("Pass: say no, and the decision moves on.", ("pass", "passes")),
    CoreKind.BID: VerbWords("Bid {number}.", ("bid {number}", "bids {number}")),
}
"""The words of the verbs several games share (``actions.CoreKind``)."""


class VerbWordsError(TricktableError):
    """A game whose verbs lack words, or words that name a field no verb fills."""


def spec_verb_words(spec: GameSpec) -> dict[ActionKind, VerbWords]:
    """The words of every verb a game's spec declares: ``VERB_WORDS`` of the ``words`` module
    beside its ``verbs`` module, checked to name each verb and only the known fields
    (``VerbWordsError`` naming what is missing).

    >>> from tricktable.actions import parse_action
    >>> from tricktable.games import all_specs
    >>> smudge = kind_of(parse_action("bid smudge"))
    >>> [found[smudge].told for found in map(spec_verb_words, all_specs()) if smudge in found]
    [('bid smudge', 'bids smudge')]
    """
    from tricktable.games import spec_verbs

    declared = spec_verbs(spec)
    if not declared or spec.verbs is None:
        return {}
    place = f"{spec.verbs.module.rpartition('.')[0]}.words"
    try:
        module = importlib.import_module(place)
    except ModuleNotFoundError as error:
        if error.name != place:
            raise
        module = None
    found: Mapping[ActionKind, VerbWords] = getattr(module, "VERB_WORDS", {})
    missing = [repr(verb.words) for verb in declared if verb.kind not in found]
    if missing:
        raise VerbWordsError(
            f"game {spec.name!r}: no words for the verbs {', '.join(missing)}: each verb of"
            f" {spec.verbs.module} needs a VerbWords in VERB_WORDS of {place}"
        )
    for verb in declared:
        words = found[verb.kind]
        templates = (words.meaning, *words.told, *(words.told_by_dealer or ()))
        named = {name for text in templates for _, name, _, _ in Formatter().parse(text) if name}
        allowed = FIELDS | {ARGUMENT_FIELDS.get(verb.argument, "")} - {""}
        if not named <= allowed:
            raise VerbWordsError(
                f"game {spec.name!r}: the words of {verb.words!r} name"
                f" {', '.join(sorted(named - allowed))}; they may name {', '.join(sorted(allowed))}"
            )
    return {verb.kind: found[verb.kind] for verb in declared}


_GATHERED: dict[ActionKind, VerbWords] = {}
_LOCK = threading.Lock()


def verb_words(kind: ActionKind) -> VerbWords | None:
    """The words of ``kind``'s verb: the core's, else those of the game that declares it
    (every registered game's, gathered once), ``None`` for a kind no verb has.

    >>> verb_words(CoreKind.PASS).told
    ('pass', 'passes')
    """
    if kind in WORDS:
        return WORDS[kind]
    with _LOCK:
        if not _GATHERED:
            from tricktable.games import CHECKED_NAMES, spec_of

            gathered: dict[ActionKind, VerbWords] = {}
            for name in CHECKED_NAMES:  # all or none: a game without words is refused each time
                gathered.update(spec_verb_words(spec_of(name)))
            _GATHERED.update(gathered)
    return _GATHERED.get(kind)


def verb_text(
    action: Action,
    which: Literal["meaning", "told"],
    *,
    you: bool = True,
    by_dealer: bool = False,
    card: Callable[[Card], str] = card_name,
    turned: int | None = None,
    up: str = "",
    dealer: str = "",
) -> str | None:
    """``action``'s words (its ``meaning``, or what a seat did: ``told``, for "you" or
    another seat, the dealer's own where it has one), filled in: cards as ``card`` writes
    them, ``turned`` the up-card's suit; ``None`` when its verb has no words.

    >>> from tricktable.actions import parse_action
    >>> verb_text(parse_action("order"), "told", you=False, up="TS", dealer="East")
    'orders up TS to East'
    >>> verb_text(parse_action("order alone"), "told", by_dealer=True, up="TS")
    'pick up TS, going alone'
    """
    words = verb_words(kind_of(action))
    if words is None:
        return None
    if which == "meaning":
        template = words.meaning
    else:
        told = words.told_by_dealer if by_dealer and words.told_by_dealer else words.told
        template = told[0 if you else 1]
    argument = argument_of(action)
    fields = {
        "turned": "the up-card's suit" if turned is None else SUIT_NAMES[turned],
        "up": up,
        "dealer": dealer,
    }
    shape = verb_of(kind_of(action)).argument
    if shape == Argument.CARD:
        fields["card"] = card(argument)
    elif shape == Argument.SUIT:
        fields["suit"] = SUIT_NAMES[argument]
    elif shape == Argument.NUMBER:
        fields["number"] = str(argument)
    return template.format(**fields)
