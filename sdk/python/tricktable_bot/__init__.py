"""tricktable-bot: a bot for tricktable is a function from a seat's view to an action.

``run(bot)`` speaks tricktable's engine protocol (docs/engine-protocol.md: JSON lines on
standard input and output) for the function ``bot``: the handshake, the options, the game,
each decision, errors and ``quit``. At each decision it calls ``bot(view)`` with a ``View``
(the seat's hand, the legal actions, the game's public facts, the rules in full, a seeded
generator) and answers the text the bot returns, which must be one of ``view.legal``.

>>> import io, json
>>> lines = [{"type": "hello", "protocol": 1, "tricktable": "0.1.0"},
...          {"type": "quit"}]
>>> out = io.StringIO()
>>> run(lambda view: view.legal[0], name="first", author="me",
...     input=[json.dumps(line) for line in lines], output=out)
>>> out.getvalue()
'{"type": "ready", "protocol": 1, "name": "first", "author": "me", "options": []}\\n'

It needs nothing but Python's standard library and never imports tricktable.
"""

from __future__ import annotations

import json
import random
import sys
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, NamedTuple

__all__ = [
    "PROTOCOL",
    "Action",
    "Card",
    "Option",
    "Table",
    "View",
    "parse_action",
    "parse_card",
    "run",
]

PROTOCOL = 1
"""The engine protocol version this SDK speaks."""

RANKS = "123456789TJQKA"
"""Rank letters from lowest to highest: ``1`` (the Romanian-whist one) .. ``A`` (ace)."""
SUITS = "SHDC"
"""Suit letters: spades, hearts, diamonds, clubs."""
JOKER = "JO"
"""The Joker's text (the Benny of British euchre)."""
CARD_WORDS = ("play", "discard", "give")
"""The actions whose argument is a card: ``play JH``, ``discard 9S``, ``give AS``."""


class Card(NamedTuple):
    """A card: its ``rank`` letter (``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``, or ``1``)
    and its ``suit`` letter (``S``, ``H``, ``D``, ``C``); the Joker is ``Card("JO", None)``.

    >>> card = parse_card("TH")
    >>> card.rank, card.suit, card.value, str(card)
    ('T', 'H', 10, 'TH')
    >>> parse_card("JO").value
    15
    """

    rank: str
    suit: str | None

    @property
    def value(self) -> int:
        """The rank as a number: 1 (the one) .. 10 (ten), 11 (jack) .. 14 (ace), 15 (Joker).
        Which card wins a trick is the game's rule (trumps, bowers); this is the rank alone."""
        return 15 if self.rank == JOKER else RANKS.index(self.rank) + 1

    def __str__(self) -> str:
        return self.rank if self.suit is None else self.rank + self.suit


def parse_card(text: str) -> Card:
    """The card of its text as the protocol writes it (rank then suit, ``JO`` the Joker).

    >>> parse_card("AS")
    Card(rank='A', suit='S')
    >>> parse_card("10H")
    Traceback (most recent call last):
    ...
    ValueError: '10H' is not a card: a rank (1-9, T, J, Q, K, A) then a suit (S, H, D, C), or JO
    """
    if text == JOKER:
        return Card(JOKER, None)
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise ValueError(
            f"{text!r} is not a card: a rank (1-9, T, J, Q, K, A) then a suit (S, H, D, C), or JO"
        )
    return Card(text[0], text[1])


class Action(NamedTuple):
    """An action's text read into parts: ``kind`` is the action without its argument
    (``play``, ``discard``, ``give``, ``bid``, ``call``, ``call alone``, ``name``, or the
    whole text: ``pass``, ``order alone``, ``bid shoot`` ...), with its ``card``, ``suit`` or
    ``number`` where it has one.

    >>> parse_action("play JS")
    Action(text='play JS', kind='play', card=Card(rank='J', suit='S'), suit=None, number=None)
    >>> parse_action("call H alone").suit, parse_action("bid 3").number
    ('H', 3)
    >>> parse_action("order alone").kind
    'order alone'
    """

    text: str
    kind: str
    card: Card | None = None
    suit: str | None = None
    number: int | None = None

    def __str__(self) -> str:
        return self.text


def parse_action(text: str) -> Action:
    """An action's canonical text (one of ``view.legal``) read into its parts.

    >>> parse_action("give").kind, parse_action("give").card  # All Fours' own give
    ('give', None)
    """
    words = text.split(" ")
    if len(words) == 2 and words[0] in CARD_WORDS:
        return Action(text, words[0], card=parse_card(words[1]))
    if len(words) == 2 and words[0] == "bid" and words[1].isdigit():
        return Action(text, "bid", number=int(words[1]))
    if len(words) == 2 and words[0] in ("call", "name") and words[1] in SUITS:
        return Action(text, words[0], suit=words[1])
    if len(words) == 3 and words[0] == "call" and words[2] == "alone" and words[1] in SUITS:
        return Action(text, "call alone", suit=words[1])
    return Action(text, text)


@dataclass(frozen=True)
class Option:
    """An option the bot declares in ``ready``: ``type`` is ``bool``, ``int``, ``float`` or
    ``string`` (values are checked against it; any other type takes what it is given); a
    bot name sets it, ``cmd(greedy=true):python mybot.py``, and the bot reads
    it as ``view.options["greedy"]`` (``default`` when it is not set)."""

    name: str
    type: str
    default: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "default": self.default}

    def accept(self, value: Any) -> Any:
        """``value`` as this option's type; ``ValueError`` says what was wrong.

        >>> Option("depth", "int", 2).accept(3), Option("name", "string").accept(7)
        (3, '7')
        >>> Option("weights", "list").accept([1, 2])  # a type of its own: as given
        [1, 2]
        >>> Option("greedy", "bool", False).accept("yes")
        Traceback (most recent call last):
        ...
        ValueError: option greedy takes a bool (true or false), not 'yes'
        """
        if self.type not in ("bool", "int", "float", "string"):
            return value  # a type of the bot's own: its value as given
        if self.type == "bool" and isinstance(value, bool):
            return value
        if self.type == "int" and isinstance(value, int) and not isinstance(value, bool):
            return value
        if self.type == "float" and isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        if self.type == "string" and value is not None and not isinstance(value, bool):
            return str(value)
        kinds = {"bool": "a bool (true or false)", "int": "an integer", "float": "a number"}
        wanted = kinds.get(self.type, "a string")
        raise ValueError(f"option {self.name} takes {wanted}, not {value!r}")


@dataclass(frozen=True)
class Table:
    """The ``game`` message: the game, its rules in full, the seats and the bot's own.

    ``options`` holds every rule option's value (RULES.md names, with the ``preset`` they
    started from), e.g. ``options["target"]``; ``rules`` is the rule string.
    """

    game: str
    rules: str
    options: Mapping[str, Any]
    players: int
    sides: list[list[int]]
    seat: int

    @property
    def side(self) -> int:
        """The index of the bot's side in ``sides`` (and in the view's ``scores``)."""
        return next(i for i, side in enumerate(self.sides) if self.seat in side)

    @property
    def partners(self) -> list[int]:
        """The other seats of the bot's side (none where every seat plays for itself)."""
        return [seat for seat in self.sides[self.side] if seat != self.seat]

    @classmethod
    def from_message(cls, message: Mapping[str, Any]) -> Table:
        return cls(
            game=message["game"],
            rules=message["rules"],
            options=dict(message["options"]),
            players=message["players"],
            sides=[list(side) for side in message["sides"]],
            seat=message["seat"],
        )


@dataclass(frozen=True)
class View:
    """What the bot knows at a decision: the seat's view as ``decide`` sends it (the fields of
    docs/engine-protocol.md, under the same names) and what the SDK adds: the ``table`` (the
    game and its rules), the bot's ``options``, the ``seed`` and ``rng`` (a generator seeded
    with it: draw from it alone and the bot plays the same on the same deals) and the time.
    """

    game: str
    players: int
    seat: int
    dealer: int
    to_act: int
    phase: str
    hand: list[str]
    """The seat's cards as text, e.g. ``["JS", "TH"]`` (``cards`` has them parsed)."""
    history: list[list[Any]]
    """This deal's decisions so far as ``[seat, text]``."""
    trick: list[list[Any]]
    """The trick in progress as ``[seat, card]``."""
    tricks: list[list[list[Any]]]
    trick_winners: list[int]
    scores: list[int]
    """The match score by side (in the order of ``table.sides``)."""
    legal: list[str]
    """The legal actions in canonical text: the bot answers one of them."""
    public: dict[str, Any]
    """The game's public facts (trump, the up-card, bids ...): each game's own fields."""
    table: Table
    options: Mapping[str, Any]
    seed: int
    move_ms: int | None
    """The most this decision may take (``None``: no limit)."""
    remaining_ms: int | None
    """What is left of the match's clock (``None``: no limit)."""
    rng: random.Random = field(repr=False, compare=False)
    raw: Mapping[str, Any] = field(repr=False, compare=False)
    """The view exactly as it came (fields a later protocol adds are here too)."""
    _send: Callable[[dict[str, Any]], None] = field(repr=False, compare=False)

    @property
    def cards(self) -> list[Card]:
        """The hand, parsed."""
        return [parse_card(text) for text in self.hand]

    @property
    def actions(self) -> list[Action]:
        """The legal actions, parsed (in the order of ``legal``)."""
        return [parse_action(text) for text in self.legal]

    def legal_cards(self, kind: str = "play") -> list[Card]:
        """The cards of the legal actions of ``kind`` (``play``, ``discard`` or ``give``):
        the cards the bot may play now, by default (none outside the play)."""
        return [action.card for action in self.actions if action.kind == kind and action.card]

    @property
    def trump(self) -> str | None:
        """The trump suit's letter, when the game's public facts name one (else ``None``)."""
        trump = self.public.get("trump")
        return trump if isinstance(trump, str) else None

    def log(self, text: str) -> None:
        """Write a note to tricktable (an ``info`` line: skipped, and kept with a forfeit)."""
        self._send({"type": "info", "message": text})

    @classmethod
    def from_message(
        cls,
        message: Mapping[str, Any],
        table: Table,
        options: Mapping[str, Any],
        send: Callable[[dict[str, Any]], None],
    ) -> View:
        """The view of a ``decide`` message; ``KeyError`` names a missing field, and
        ``TypeError`` a hand or legal list that is not a list of texts."""
        view, time = message["view"], message.get("time") or {}
        for name in ("hand", "legal"):
            if not isinstance(view[name], list) or not all(isinstance(t, str) for t in view[name]):
                raise TypeError(f"view.{name} must be a list of texts, not {view[name]!r}")
        seed = message["seed"]
        return cls(
            **{name: view[name] for name in _VIEW_FIELDS},
            table=table,
            options=options,
            seed=seed,
            move_ms=time.get("move_ms"),
            remaining_ms=time.get("remaining_ms"),
            rng=random.Random(seed),
            raw=view,
            _send=send,
        )


_VIEW_FIELDS = (
    "game",
    "players",
    "seat",
    "dealer",
    "to_act",
    "phase",
    "hand",
    "history",
    "trick",
    "tricks",
    "trick_winners",
    "scores",
    "legal",
    "public",
)

Bot = Callable[[View], "str | Action"]
"""A bot: a function from a view to one of its legal actions (text, or a parsed ``Action``)."""


class _Session:
    """One engine's conversation: what ``run`` remembers between messages."""

    def __init__(
        self,
        bot: Bot,
        ready: dict[str, Any],
        options: Sequence[Option],
        games: frozenset[str] | None,
        output: IO[str],
    ) -> None:
        self.bot, self.ready, self.games, self.output = bot, ready, games, output
        self.declared = {option.name: option for option in options}
        self.values: dict[str, Any] = {option.name: option.default for option in options}
        self.table: Table | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.output.write(json.dumps(message) + "\n")
        self.output.flush()

    def error(self, text: str) -> None:
        print(f"tricktable-bot: {text}", file=sys.stderr, flush=True)
        self.send({"type": "error", "message": text})

    def answer(self, message: Mapping[str, Any]) -> None:
        """Answer one message (``quit`` is ``run``'s)."""
        kind = message["type"]
        if kind == "hello":
            self.send(self.ready)
        elif kind == "options":
            self.set_options(message.get("values"))
        elif kind == "game":
            self.start(message)
        elif kind == "decide":
            self.decide(message)
        elif kind == "error":  # tricktable says why it stops listening: nothing to answer
            print(f"tricktable-bot: tricktable says: {message.get('message')}", file=sys.stderr)
        else:
            self.error(f"unknown message type {kind!r} (this SDK speaks protocol {PROTOCOL})")

    def set_options(self, values: object) -> None:
        if not isinstance(values, Mapping):
            self.error(f"options' values must be an object, not {values!r}")
            return
        known = ", ".join(self.declared) or "none"
        for name, value in values.items():
            if name not in self.declared:
                self.error(f"no option {name!r}; options: {known}")
                return
            try:
                self.values[name] = self.declared[name].accept(value)
            except ValueError as problem:
                self.error(str(problem))
                return
        self.send({"type": "ok"})

    def start(self, message: Mapping[str, Any]) -> None:
        try:
            table = Table.from_message(message)
        except (KeyError, TypeError) as problem:
            self.error(f"not a game message: {problem!r}")
            return
        if self.games is not None and table.game not in self.games:
            self.error(f"I play only {', '.join(sorted(self.games))}, not {table.game}")
            return
        self.table = table
        self.send({"type": "ok"})

    def decide(self, message: Mapping[str, Any]) -> None:
        if self.table is None:
            self.error("a decide before any game message")
            return
        try:
            view = View.from_message(message, self.table, dict(self.values), self.send)
        except KeyError as problem:
            self.error(f"not a decide message: no field {problem}")
            return
        except (TypeError, ValueError) as problem:
            self.error(f"not a decide message: {problem}")
            return
        try:
            chosen = self.bot(view)
        except Exception as problem:
            traceback.print_exc()
            self.error(f"the bot raised {type(problem).__name__}: {problem}")
            return
        text = chosen.text if isinstance(chosen, Action) else chosen
        if text not in view.legal:
            self.error(f"the bot chose {text!r}, not one of the legal actions: {view.legal}")
            return
        self.send({"type": "action", "action": text})


def run(
    bot: Bot,
    name: str = "bot",
    author: str | None = None,
    options: Sequence[Option] = (),
    games: Iterable[str] | None = None,
    *,
    input: Iterable[str] | None = None,
    output: IO[str] | None = None,
) -> None:
    """Play as ``bot`` until tricktable sends ``quit`` or closes the input.

    ``name`` and ``author`` go in the ``ready`` answer; ``options`` are the options a bot
    name may set (``Option``); ``games`` the games the bot plays (it declines the others;
    ``None``: every game). ``input`` and ``output`` default to standard input and output.

    A bot that raises, or returns an action that is not legal, resigns that match with an
    ``error`` saying why (and the traceback on standard error).
    """
    ready: dict[str, Any] = {"type": "ready", "protocol": PROTOCOL, "name": name}
    if author is not None:
        ready["author"] = author
    ready["options"] = [option.to_json() for option in options]
    session = _Session(
        bot,
        ready,
        options,
        None if games is None else frozenset(games),
        sys.stdout if output is None else output,
    )
    for line in sys.stdin if input is None else input:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            session.error(f"not a JSON line: {line.strip()[:120]!r}")
            continue
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            session.error(f"not a message object with a string 'type': {line.strip()[:120]!r}")
            continue
        if message["type"] == "quit":
            return
        session.answer(message)
