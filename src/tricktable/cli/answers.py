"""Reading a person's answers at the terminal (``tricktable play``): an action, a card alone,
an option's number or a bid's, a list of discards; what is allowed when an answer is not
(``InputError``), and the help text. What they are told is ``cli.narration``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tricktable.actions import action_text, parse_action
from tricktable.cards import SUIT_LETTERS, SUIT_NAMES, Card, card_name, parse_card, parse_suit
from tricktable.core import Game
from tricktable.errors import ActionParseError, CardError
from tricktable.games import spec_of
from tricktable.games.spec import Prompts

GENERAL_ANSWERS = """\
  an action                         e.g. pass, play JS
  a card alone                      e.g. JS or 10h (plays or discards it when that is legal)"""
"""How to answer in a game whose spec names no ``prompts``."""


COMMANDS = """\
Commands: help (this text), hand (your cards), last (the last trick), score (scores and
  tricks), quit (leave), hint (with --hints: each action's estimated value and the best)."""


def help_text(game: Game[Any]) -> str:
    """What ``help`` prints in ``game``: how to answer there (its spec's ``prompts``) and the
    commands."""
    prompts = prompts_of(game)
    answers = GENERAL_ANSWERS if prompts is None else prompts.answers
    return f"How to answer:\n  a number from the list            e.g. 1\n{answers}\n{COMMANDS}"


def prompts_of(game: Game[Any]) -> Prompts | None:
    part = spec_of(game).prompts
    if part is None:
        return None
    prompts: Prompts = part.load()
    return prompts


class InputError(Exception):
    """An answer that is not a legal action now; the message says what is allowed."""


def interpret(
    answer: str, legal: Sequence[str], hand: Sequence[Card], writer: CardWriter | None = None
) -> str:
    """The canonical legal action an answer means, or ``InputError`` saying what is allowed
    (its cards written by ``writer``; ``None``: as the records write them).

    >>> interpret("2", ["order", "pass"], [])
    'pass'
    >>> interpret("10h", ["play TH", "play 9H"], [])
    'play TH'
    >>> interpret("Order", ["order", "pass"], [])
    'order'

    Where bids are legal, a number is a bid, not a place in the list:

    >>> interpret("1", ["bid 0", "bid 1", "bid 2"], [])
    'bid 1'
    """
    text = answer.strip()
    bids = [action for action in legal if action.startswith("bid ")]
    allowed = "allowed now: " + ", ".join(option_items(legal, writer))
    if text.isdigit() and bids:
        if f"bid {int(text)}" in legal:
            return f"bid {int(text)}"
        numbers = ", ".join(bid.split()[1] for bid in bids)
        raise InputError(f"you may not bid {text} now; bids allowed: {numbers}")
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise InputError(f"{text} is not a listed number (1-{len(legal)}); {allowed}")
    try:
        canonical = action_text(parse_action(text))
    except ActionParseError:
        canonical = None
    if canonical is not None:
        if canonical in legal:
            return canonical
        raise InputError(f"{canonical!r} is not legal now{_why(canonical, hand)}; {allowed}")
    try:
        card = parse_card(text)
    except CardError:
        card = None
    if card is not None:
        for kind in ("play", "discard"):
            if f"{kind} {card_name(card)}" in legal:
                return f"{kind} {card_name(card)}"
        reason = _why(f"play {card_name(card)}", hand)
        shown = card_name(card) if writer is None else writer(card)
        raise InputError(f"{shown} cannot be played or discarded now{reason}; {allowed}")
    suit = _suit_word(text)
    if suit is not None:
        for form in (f"call {suit}", f"name {suit}"):
            if form in legal:
                return form
        raise InputError(f"no action with suit {suit} is legal now; {allowed}")
    raise InputError(
        f"{text!r} is not an action; type a number, an action, a card like JS, or help; {allowed}"
    )


def card_list(answer: str) -> list[Card] | None:
    """The cards of an answer that lists several (to discard them in turn), else ``None``.

    >>> [card_name(card) for card in card_list("3s, 10H 7c") or []]
    ['3S', 'TH', '7C']
    >>> card_list("play JS"), card_list("JS")
    (None, None)
    """
    words = answer.replace(",", " ").split()
    if len(words) < 2:
        return None
    try:
        return [parse_card(word) for word in words]
    except CardError:
        return None


def options_text(legal: Sequence[str]) -> str:
    """The legal actions as the person's options: numbered, except where they bid (a number
    typed is then the bid).

    >>> options_text(["order", "pass"]), options_text(["bid 0", "bid 1"])
    ('1) order, 2) pass', '0, 1')
    """
    return ", ".join(option_items(legal))


CardWriter = Callable[[Card], str]
"""Writes a card for people (``Screen.card``)."""


def option_items(legal: Sequence[str], card: CardWriter | None = None) -> list[str]:
    """Each legal action as listed to the person, cards written by ``card`` (``None``: as
    the records write them); where they bid, a bid is its number.

    >>> option_items(["bid 0", "bid 1", "pass"]), option_items(["order", "pass"])
    (['0', '1', 'pass'], ['1) order', '2) pass'])
    """
    shown = [_action_label(action, card) for action in legal]
    if any(action.startswith("bid ") for action in legal):
        return [action.removeprefix("bid ") for action in shown]
    return [f"{number}) {action}" for number, action in enumerate(shown, 1)]


def _action_label(action: str, card: CardWriter | None) -> str:
    """An action's text with its card written for people (``play 10♥``)."""
    words = action.split()
    if len(words) == 2 and words[0] in ("play", "discard") and card is not None:
        return f"{words[0]} {card(parse_card(words[1]))}"
    return action


def _why(canonical: str, hand: Sequence[Card]) -> str:
    words = canonical.split()
    if words[0] in ("play", "discard") and len(words) == 2:
        if parse_card(words[1]) not in hand:
            return f" (you do not hold {words[1]})"
        if words[0] == "play":
            return " (you must follow the suit led)"
    return ""


def _suit_word(text: str) -> str | None:
    lowered = text.lower()
    for index, name in enumerate(SUIT_NAMES):
        if lowered in (name, name[:-1]):
            return SUIT_LETTERS[index]
    try:
        return SUIT_LETTERS[parse_suit(text)]
    except CardError:
        return None
