"""The Game / State / SeatView design every game module follows.

A ``Game`` is frozen rules plus the number of seats. A ``State`` is one match in
progress: deals are chance events (``deal`` with a ``Deal``, or ``deal_random``
with a seeded ``random.Random``), every decision is an ``Action``. ``apply`` is
checked and raises ``IllegalActionError`` leaving the state unchanged; ``push``
and ``pop`` are the fast unchecked pair for search. ``view(seat)`` is the only
thing bots and clients receive.

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("euchre(preset=north_american)")
>>> state = game.new_match(random.Random(7))
>>> state.is_chance()
True
>>> state.deal_random(random.Random(7))
>>> state.current_player == (state.dealer + 1) % 4
True
>>> sorted(state.legal_texts())
['order', 'order alone', 'pass']
>>> state.apply_text("pass")
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, Self, TypeVar

from tricktable.actions import (
    Action,
    CoreKind,
    action_text,
    argument_of,
    face_down_text,
    is_action,
    is_card_action,
    kind_of,
    parse_action,
)
from tricktable.cards import (
    _CARDS_OF_CACHE,
    Card,
    CardMask,
    card_name,
    card_text,
    cards_of,
    cards_text,
)
from tricktable.errors import ActionParseError, IllegalActionError, RecordError
from tricktable.events import Event
from tricktable.json_fields import JsonObject, integer, named_card, pair, string, tuple_of
from tricktable.presentation.events import event_text
from tricktable.tricks import TrickRules

CHANCE = -1
"""``current_player`` when the next event is a deal."""
TERMINAL = -2
"""``current_player`` once the match is decided."""
FACE_DOWN = -1
"""In a seat's typed history (``State.seat_history``): a card action the seat sees face down
(``State.face_down``: another seat's discard), its card not shown (no action is negative)."""


class Deal(NamedTuple):
    """The cards of one deal exactly as dealt (the ``deals`` entry of a record).

    An immutable named tuple (cheap to make: a deal is made for every hand played).
    """

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards as dealt, before any pickup, discard or exchange."""
    turned: Card | None
    """The face-up card (up-card, turn-up, trump card) or ``None``."""
    stock: tuple[Card, ...]
    """The undealt cards below ``turned``, top first."""

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [[card_name(c) for c in hand] for hand in self.hands],
            "turned": None if self.turned is None else card_name(self.turned),
            "stock": [card_name(c) for c in self.stock],
        }

    def __str__(self) -> str:
        hands = " | ".join(cards_text(hand) for hand in self.hands)
        turned = "-" if self.turned is None else card_name(self.turned)
        return f"Deal({hands}; turned {turned}; stock {cards_text(self.stock)})"


class SheetDetails(Protocol):
    """A game's own entries of a deal's score-sheet line (``DealSummary.details``): each game's
    frozen dataclass, typed, turned into the replay JSON's entries only by ``to_json``."""

    def to_json(self) -> dict[str, Any]:
        """The entries as the replay JSON writes them, after the dealer."""
        ...


@dataclass(slots=True)
class DealSummary:
    """What a deal scored: one entry of ``deals`` in the replay JSON (its ``events`` in
    the records' words).

    ``dealer`` is the seat that dealt, ``hand`` the label of the score sheet's hand column
    where a game's deals differ in size (kept out of the JSON: the game's ``details`` say it
    in their own words), ``details`` the game's own entries.

    >>> summary = DealSummary([1, 0], [1, 0], [3, 2], "H", 0, dealer=3)
    >>> summary.to_json()["dealer"], "hand" in summary.to_json()
    (3, False)
    """

    points: list[int]
    scores: list[int]
    tricks: list[int]
    trump: str | None
    makers: int | None
    events: list[Event] = field(default_factory=list)
    complete: bool = True
    thrown_in: bool = False
    bids: list[int | None] | None = None
    dealer: int | None = None
    hand: str | None = None
    details: SheetDetails | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "points": list(self.points),
            "scores": list(self.scores),
            "tricks": list(self.tricks),
            "trump": self.trump,
            "makers": self.makers,
            "events": [event_text(event) for event in self.events],
            "complete": self.complete,
        }
        if self.thrown_in:
            out["thrown_in"] = True
        if self.bids is not None:
            out["bids"] = list(self.bids)
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.details is not None:
            out.update(self.details.to_json())
        return out


FactsT = TypeVar("FactsT")


class PublicFacts(Protocol):
    """A game's public facts in a seat's view (``SeatView.public``): typed, each game's own
    frozen dataclass (trump as a suit, cards as ``Card``, seats as ints), turned into JSON
    only at the wire.

    >>> import random
    >>> from tricktable.games import load_game
    >>> state = load_game("euchre(preset=north_american)").new_match(random.Random(7))
    >>> state.deal_random(random.Random(7))
    >>> facts = state.view(0).public
    >>> facts.trump is None, facts.to_json()["trump"], facts.to_json()["upcard"]
    (True, None, 'TS')
    >>> [card_name(card) for card in facts.cards()]
    ['TS']
    """

    @property
    def own_hand_hidden(self) -> bool:
        """Whether the seat may not look at its own cards now (a forehead deal, a blind bid,
        a Joker up-card named before looking)."""
        ...

    # What every game answers; what only some games have (a maker, a lone hand, seats
    # sitting out, an up-card, a turned card, games won) is asked as an optional capability
    # (``public_facts``: ``HasMaker`` ... and their readers ``maker_of`` ...).
    @property
    def trump(self) -> int | None:
        """The trump suit once made (``None`` before, and in a deal without a trump suit)."""
        ...

    def cards(self) -> Iterable[Card]:
        """Every card these facts name (for ``SeatView.known_cards``)."""
        ...

    def trump_to_show(self) -> int | None:
        """The suit a hand is shown with as trump: trump once made; before that, where a
        card proposes one (an up-card not turned down), that card's suit."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The facts as JSON, by name (cards and suits as text): what the wire carries."""
        ...


class WireFacts(PublicFacts, Protocol):
    """Public facts that are read back from their JSON: every game's facts class (its
    ``Game.facts_type``), so that a view sent over the wire is rebuilt with its typed facts.

    >>> import json, random
    >>> from tricktable.games import load_game
    >>> game = load_game("all_fours(preset=seven_up)")
    >>> state = game.new_match(random.Random(3))
    >>> state.deal_random(random.Random(3))
    >>> facts = state.view(0).public
    >>> game.facts_type.from_json(json.loads(json.dumps(facts.to_json()))) == facts
    True
    """

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote (after a JSON round trip, too); a
        ``JsonFieldError`` names a field that is missing or of the wrong kind, found at
        ``where`` (``public.trump``)."""
        ...


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know, and nothing else (RULES.md section 4).

    Bots and clients receive only this. ``history`` lists this deal's actions as
    ``(seat, text)``; another seat's discard shows as ``"discard"`` without the card.
    Everything is typed (cards as ``Card``); ``to_json`` writes it for the wire.
    """

    game: str
    seat: int
    players: int
    dealer: int
    to_act: int
    phase: str
    hand: tuple[Card, ...]
    history: tuple[tuple[int, str], ...]
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress as ``(seat, card)``."""
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    """The completed tricks of this deal, each as ``(seat, card)`` pairs in play order."""
    trick_winners: tuple[int, ...]
    """The seat that won each completed trick."""
    scores: tuple[int, ...]
    legal: tuple[str, ...]
    """The legal actions when this seat is to act, else empty."""
    public: PublicFacts
    """The game's public facts (trump, up-card, maker, shown cards ...), its own dataclass."""

    def known_cards(self) -> set[Card]:
        """Every card this view mentions (own hand, plays, discards, public facts)."""
        cards = set(self.hand)
        cards.update(card for _, card in self.trick)
        for trick in self.tricks:
            cards.update(card for _, card in trick)
        for _, text in self.history:
            try:
                action = parse_action(text)
            except ActionParseError:
                continue
            if is_card_action(action):
                cards.add(argument_of(action))
        cards.update(self.public.cards())
        return cards

    def facts(self, kind: type[FactsT]) -> FactsT:
        """The public facts as the game's own class ``kind`` (its package's ``facts``
        module); ``TypeError`` when this view's facts are of another class.

        >>> import random
        >>> from tricktable.games import load_game
        >>> state = load_game("all_fours(preset=seven_up)").new_match(random.Random(3))
        >>> state.deal_random(random.Random(3))
        >>> state.view(0).facts(str)
        Traceback (most recent call last):
        ...
        TypeError: the facts of this all_fours view are AllFoursFacts, not str
        """
        facts = self.public
        if not isinstance(facts, kind):
            found, wanted = type(facts).__name__, kind.__name__
            raise TypeError(f"the facts of this {self.game} view are {found}, not {wanted}")
        return facts

    def to_json(self) -> dict[str, Any]:
        """The whole view as JSON (cards as their names), as clients receive it.

        >>> import random
        >>> from tricktable.games import load_game
        >>> state = load_game("euchre(preset=north_american)").new_match(random.Random(7))
        >>> state.deal_random(random.Random(7))
        >>> out = state.view(state.current_player).to_json()
        >>> out["hand"], out["legal"], out["public"]["upcard"]
        (['KS', 'TD', 'QD', 'KD', 'AD'], ['order', 'order alone', 'pass'], 'TS')
        """
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "phase": self.phase,
            "hand": [card_name(card) for card in self.hand],
            "history": [[seat, text] for seat, text in self.history],
            "trick": _pairs_json(self.trick),
            "tricks": [_pairs_json(trick) for trick in self.tricks],
            "trick_winners": list(self.trick_winners),
            "scores": list(self.scores),
            "legal": list(self.legal),
            "public": self.public.to_json(),
        }

    @classmethod
    def from_json(cls, data: object, facts_type: type[WireFacts]) -> SeatView:
        """The view ``to_json`` wrote, its public facts read by ``facts_type`` (the game's
        ``Game.facts_type``); a ``JsonFieldError`` names a field that is missing or wrong.

        >>> import json, random
        >>> from tricktable.games import load_game
        >>> game = load_game("euchre(preset=north_american)")
        >>> state = game.new_match(random.Random(7))
        >>> state.deal_random(random.Random(7))
        >>> view = state.view(state.current_player)
        >>> SeatView.from_json(json.loads(json.dumps(view.to_json())), game.facts_type) == view
        True
        >>> SeatView.from_json({**view.to_json(), "hand": ["KS", 10]}, game.facts_type)
        Traceback (most recent call last):
        ...
        tricktable.errors.JsonFieldError: view.hand[1] must be a string, not 10
        """
        fields = JsonObject(data, "view")
        played = tuple_of(pair(integer, named_card))
        return SeatView(
            game=fields.read("game", string),
            seat=fields.read("seat", integer),
            players=fields.read("players", integer),
            dealer=fields.read("dealer", integer),
            to_act=fields.read("to_act", integer),
            phase=fields.read("phase", string),
            hand=fields.read("hand", tuple_of(named_card)),
            history=fields.read("history", tuple_of(pair(integer, string))),
            trick=fields.read("trick", played),
            tricks=fields.read("tricks", tuple_of(played)),
            trick_winners=fields.read("trick_winners", tuple_of(integer)),
            scores=fields.read("scores", tuple_of(integer)),
            legal=fields.read("legal", tuple_of(string)),
            public=fields.read("public", facts_type.from_json),
        )


def _pairs_json(trick: Sequence[tuple[int, Card]]) -> list[list[Any]]:
    return [[seat, card_name(card)] for seat, card in trick]


RulesT = TypeVar("RulesT")

try:  # when built with mypyc, interpreted game modules may subclass the core classes
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - the rules core needs no third-party package

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


# Game and State are not ``abc.ABC`` subclasses: mypyc-compiled subclasses of an ABC share one
# ``_abc_impl`` cache, so isinstance and issubclass answers leaked from one class to another
# (a compiled Euchre game passed ``isinstance(game, RomanianWhist)`` once ``issubclass(Euchre,
# Game)`` had been asked). mypy still refuses to instantiate a class with abstract methods.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Generic[RulesT]):
    """Frozen rules and seat count of one game; a factory of match states."""

    name: ClassVar[str]
    """The game's name as records and rule strings spell it."""
    presets: ClassVar[Mapping[str, Mapping[str, Any]]]
    facts_type: ClassVar[type[WireFacts]]
    """The class of the public facts in this game's views (its package's ``facts``
    module), which reads them back from JSON (``SeatView.from_json``)."""
    scores_count_down: ClassVar[bool] = False
    """True where scores start high and the first to reach 0 wins (lower is better)."""

    def __init__(self, rules: RulesT, players: int) -> None:
        self.rules = rules
        self.players = players

    @property
    @abstractmethod
    def sides(self) -> list[list[int]]:
        """The scoring units as lists of seats."""

    @abstractmethod
    def new_state(self, first_dealer: int) -> State:
        """A match that starts with ``first_dealer`` dealing (next event: a deal)."""

    @abstractmethod
    def choose_first_dealer(self, rng: random.Random) -> int:
        """The first dealer by the rules' method, from ``rng``."""

    @classmethod
    @abstractmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> Game[Any]:
        """The game with rules from a record's ``rules`` object or a rule string, for
        ``players`` seats (``None``: the game's usual number)."""

    def new_match(self, rng: random.Random) -> State:
        """A match whose first dealer is chosen from ``rng``."""
        return self.new_state(self.choose_first_dealer(rng))

    def rules_dict(self) -> dict[str, Any]:
        """The rules as a record's ``rules`` object (preset plus differing options)."""
        from tricktable.rules import rules_to_dict

        return rules_to_dict(self.rules, self.presets)

    def deal_points(self) -> tuple[int, int] | None:
        """The least and the greatest change one deal can make to one side's score, counted
        up (where scores count down, a fall is a gain), as the rules set them: the bounds
        of a deal's points as the research interfaces' returns (``tricktable.rl``). ``None``
        where the game states none: points are then not offered as returns."""
        return None

    def checked_first_dealer(self, first_dealer: int) -> int:
        """``first_dealer`` when it names a seat, else a ``RecordError`` naming the seats.

        >>> from tricktable.games import load_game
        >>> load_game("euchre(preset=north_american)").checked_first_dealer(4)
        Traceback (most recent call last):
        ...
        tricktable.errors.RecordError: first_dealer must be a seat 0..3, not 4
        """
        if isinstance(first_dealer, bool) or first_dealer not in range(self.players):
            raise RecordError(
                f"first_dealer must be a seat 0..{self.players - 1}, not {first_dealer!r}"
            )
        return first_dealer

    def rule_string(self) -> str:
        from tricktable.rules import rule_string

        return rule_string(self.name, self.rules_dict())

    def __repr__(self) -> str:
        return f"load_game({self.rule_string()!r}, players={self.players})"


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """One match in progress. Subclasses implement the rules of one game.

    The attributes below are this class's slots; a subclass declares only its own
    (re-declaring these would hide them from the compiled core).
    """

    __slots__ = (
        "_marks",
        "actions",
        "actors",
        "best_power",
        "best_seat",
        "completed",
        "dealer",
        "deals",
        "first_dealer",
        "game",
        "hands",
        "led_mask",
        "led_suit",
        "match_scores",
        "phase",
        "sheet",
        "to_act",
        "trick",
        "trick_seats",
        "trick_winners",
    )

    game: Game[Any]
    deals: list[Deal]
    actions: list[list[Action]]
    """Every decision of each deal, in order (the record's ``actions``)."""
    actors: list[list[int]]
    """The seat that took each decision of ``actions``."""
    dealer: int
    """The seat that deals (or dealt) the current deal."""
    phase: Any
    """Where the current deal stands (each game's own ``Phase`` enum)."""
    to_act: int
    """The seat to act, ``CHANCE`` or ``TERMINAL`` (see ``current_player``)."""
    hands: list[CardMask]
    """Each seat's cards now, as masks."""
    trick: list[Card]
    """The cards of the trick in progress, in play order."""
    trick_seats: list[int]
    """The seat that played each card of ``trick``."""
    completed: list[tuple[tuple[int, Card], ...]]
    """The completed tricks of this deal as ``(seat, card)`` pairs."""
    trick_winners: list[int]
    """The seat that won each completed trick."""
    led_suit: int
    """The effective suit led to the trick in progress."""
    led_mask: CardMask
    """Every card of the led suit (for following)."""
    match_scores: list[int]
    """Each side's score in the match so far (``scores()``)."""
    sheet: list[DealSummary]
    """The score sheet's lines of the finished deals (``summaries()``)."""
    best_power: int
    """The power of the card winning the trick in progress."""
    best_seat: int
    """The seat of that card."""
    first_dealer: int
    play_phase: ClassVar[Any]
    """The game's phase of card play (its ``Phase.PLAY``)."""

    # -- the step API -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` when a deal is due, ``TERMINAL`` when decided."""
        return self.to_act

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (empty at chance and terminal)."""

    # Engines keep the match-level facts before each deal as a "mark" and rebuild the
    # current deal from its start to undo, so a state holds no per-step snapshots.
    _marks: list[Any]

    @abstractmethod
    def _step(self, action: Action) -> None:
        """Apply a legal decision (the engine's transition function)."""

    @abstractmethod
    def _start_deal(self, deal: Deal) -> None:
        """Set up the deal-level state for ``deal`` (match-level facts untouched)."""

    @abstractmethod
    def _save_mark(self) -> Any:
        """The match-level facts to restore when the current deal is rebuilt."""

    @abstractmethod
    def _restore_mark(self, mark: Any) -> None:
        """Restore what ``_save_mark`` returned."""

    def _start_match(self, first_dealer: int) -> None:
        """The match-level bookkeeping every game starts with (no deal yet)."""
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.deals = []
        self.actions = []
        self.actors = []
        self._marks = []
        self.sheet = []

    def _begin_deal(self, deal: Deal) -> None:
        self._marks.append(self._save_mark())
        self.deals.append(deal)
        self.actions.append([])
        self.actors.append([])
        self._start_deal(deal)

    def push(self, action: Action) -> None:
        """Apply a legal action without checking it; ``pop`` undoes it."""
        self.actions[-1].append(action)
        self.actors[-1].append(self.current_player)
        self._step(action)

    def pop(self) -> Action:
        """Undo the last decision of the current deal and return it.

        The deal is rebuilt from its start without that decision (one replay of the
        deal so far); undoing the deal itself is not supported.
        """
        if not self.actions or not self.actions[-1]:
            raise IndexError("no decision to undo since the last deal")
        last = self.actions[-1].pop()
        self.actors[-1].pop()
        self._restore_mark(self._marks[-1])
        self._start_deal(self.deals[-1])
        for action in self.actions[-1]:
            self._step(action)
        return last

    def clone(self) -> Self:
        """An independent copy: lists and dicts are copied two levels deep; cards, masks,
        deals and tables are immutable and shared."""
        cls = type(self)
        names = _SLOT_NAMES.get(cls)
        if names is None:
            names = instance_attributes(cls)
            _SLOT_NAMES[cls] = names
        other = cls.__new__(cls)  # compiled classes run __init__() here: a blank state
        for name in names:
            try:
                value = getattr(self, name)
            except AttributeError:
                continue
            kind = type(value)
            setattr(other, name, _copy_value(value) if kind is list or kind is dict else value)
        return other

    @abstractmethod
    def deal(self, deal: Deal) -> None:
        """Play the chance event of a deal with exactly these cards."""

    @abstractmethod
    def random_deal(self, rng: random.Random) -> Deal:
        """The cards of the next deal shuffled from ``rng`` (not applied)."""

    @abstractmethod
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now."""

    def public_facts(self, seat: int) -> PublicFacts:
        """The game's public facts as ``seat`` may know them now (its view's ``public``);
        a game makes them without the rest of the view by overriding this."""
        return self.view(seat).public

    def present_view(self, seat: int) -> SeatView:
        """``view(seat)`` with its ``history`` and ``legal`` left empty: the present alone,
        for a reader that keeps this deal's decisions itself (``seat_history``) and takes
        the legal actions as actions (``legal_actions``).

        >>> import random
        >>> from dataclasses import replace
        >>> from tricktable.games import load_game
        >>> state = load_game("euchre(preset=north_american)").new_match(random.Random(7))
        >>> state.deal_random(random.Random(7))
        >>> state.apply_text("pass")
        >>> seat = state.current_player
        >>> state.present_view(seat) == replace(state.view(seat), history=(), legal=())
        True
        """
        public = self.public_facts(seat)
        return self._seat_view(seat, public, public.own_hand_hidden, present_only=True)

    def summaries(self) -> list[DealSummary]:
        """The score sheet: one summary per deal so far (the last may be incomplete)."""
        out = list(self.sheet)
        if len(self.sheet) < len(self.deals):
            out.append(self._summary_so_far())
        return out

    def deal_summary(self, index: int) -> DealSummary:
        """Deal ``index``'s line of the score sheet (``summaries()[index]``), made without
        copying the sheet: a walk over a record asks for one line per deal."""
        if 0 <= index < len(self.sheet):
            return self.sheet[index]
        if index == len(self.sheet) < len(self.deals):
            return self._summary_so_far()
        raise IndexError(f"no deal {index}: the match has {len(self.deals)} deal(s)")

    @abstractmethod
    def _summary_so_far(self) -> DealSummary:
        """The score sheet's line of the deal in progress (``complete`` false)."""

    def scores(self) -> list[int]:
        """Current score of each side."""
        return list(self.match_scores)

    @abstractmethod
    def winner(self) -> int | list[int] | None:
        """The winning side (a list for ties) once the match is decided."""

    @abstractmethod
    def hidden_from(self, seat: int) -> int:
        """Mask of cards whose location ``seat`` may not know (others' hands, stock ...)."""

    # -- shared conveniences -------------------------------------------------------------------
    def is_chance(self) -> bool:
        """Whether the next event is a deal."""
        return self.to_act == CHANCE

    def is_terminal(self) -> bool:
        """Whether the match is decided."""
        return self.to_act == TERMINAL

    def deal_random(self, rng: random.Random) -> None:
        """Deal the next deal from ``rng``."""
        self.deal(self.random_deal(rng))

    def _reset_trick(self) -> None:
        """Clear this class's trick fields for a new deal: no trick in progress, none
        completed, no led suit and no card winning yet (a game resets its own fields)."""
        self.trick = []
        self.trick_seats = []
        self.completed = []
        self.trick_winners = []
        self.led_suit = -1
        self.led_mask = 0
        self.best_power = -1
        self.best_seat = -1

    def _play_to_trick(
        self,
        seat: int,
        card: Card,
        table: TrickRules,
        trick_size: int,
        next_seat: tuple[int, ...],
    ) -> int:
        """The play loop every game shares: ``seat`` lays ``card``; while the trick holds fewer
        than ``trick_size`` cards the turn passes to ``next_seat[seat]`` and -1 is returned;
        a full trick is closed and its winner, who leads next, is to act and returned (the
        game then counts the trick and ends the deal after the last)."""
        self._lay_card(seat, card, table)
        if len(self.trick) < trick_size:
            self.to_act = next_seat[seat]
            return -1
        winner = self._close_trick()
        self.to_act = winner
        return winner

    def _lay_card(self, seat: int, card: Card, table: TrickRules) -> None:
        """Move ``card`` from ``seat``'s hand to the trick, keeping track of the led suit
        and of the card winning so far (the trick mechanics every game shares)."""
        power = table.power[card]
        if self.trick:
            suit = table.eff_suit[card]
            if (suit == self.led_suit or suit == table.trump) and power > self.best_power:
                self.best_power, self.best_seat = power, seat
        else:
            self.led_suit = table.eff_suit[card]
            self.led_mask = table.suit_masks[self.led_suit]
            self.best_power, self.best_seat = power, seat
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.trick_seats.append(seat)

    def _close_trick(self) -> int:
        """Record the full trick as completed and return the seat that won it; the next
        trick starts in a new list (the closed trick's list is left as it was)."""
        winner = self.best_seat
        self.completed.append(tuple(zip(self.trick_seats, self.trick, strict=True)))
        self.trick_winners.append(winner)
        self.trick = []
        self.trick_seats = []
        return winner

    def _seat_view(
        self, seat: int, public: PublicFacts, hand_hidden: bool = False, present_only: bool = False
    ) -> SeatView:
        """The ``SeatView`` of ``seat`` from the shared trick-taking state, with the game's
        ``public`` facts (``hand_hidden``: the seat may not see its own cards now;
        ``present_only``: no history nor legal actions, as ``present_view``)."""
        acting = seat == self.to_act and not present_only
        return SeatView(
            game=self.game.name,
            seat=seat,
            players=self.game.players,
            dealer=self.dealer,
            to_act=self.to_act,
            phase=self.phase.name.lower(),
            hand=() if hand_hidden else tuple(cards_of(self.hands[seat])),
            history=() if present_only else self.masked_history(seat),
            trick=tuple(zip(self.trick_seats, self.trick, strict=True)),
            tricks=tuple(self.completed),
            trick_winners=tuple(self.trick_winners),
            scores=tuple(self.scores()),
            legal=tuple(self.legal_texts()) if acting else (),
            public=public,
        )

    def masked_history(self, seat: int) -> tuple[tuple[int, str], ...]:
        """This deal's decisions as ``(seat, text)`` as ``seat`` may see them: a card action
        ``seat`` sees face down (``face_down``) shows as its word alone, ``"discard"``."""
        if not self.actions:
            return ()
        return tuple(
            (
                actor,
                face_down_text(action)
                if self.face_down(seat, actor, action)
                else action_text(action),
            )
            for actor, action in zip(self.actors[-1], self.actions[-1], strict=True)
        )

    def face_down(self, seat: int, actor: int, action: Action) -> bool:
        """Whether ``seat`` sees ``actor``'s ``action`` face down, its card not shown:
        another seat's discard. A game where a card passes face down between seats
        overrides it (``masked_history`` and ``seat_history`` both ask it)."""
        return actor != seat and kind_of(action) == CoreKind.DISCARD

    def seat_history(self, seat: int, start: int = 0) -> list[tuple[int, Action]]:
        """This deal's decisions from the ``start``-th on as ``(seat, action)``, as ``seat``
        may see them: what it sees face down is ``FACE_DOWN`` (``masked_history`` as
        actions; ``start`` lets a reader that kept the earlier ones take only the new).

        >>> import random
        >>> from tricktable.games import load_game
        >>> state = load_game("euchre(preset=north_american)").new_match(random.Random(7))
        >>> state.deal_random(random.Random(7))
        >>> state.replay_actions(["order", "discard 9D"])
        >>> state.dealer, state.seat_history(0) == [(3, parse_action("order")), (2, FACE_DOWN)]
        (2, True)
        >>> [(seat, action_text(action)) for seat, action in state.seat_history(2, start=1)]
        [(2, 'discard 9D')]
        """
        if not self.actions:
            return []
        actors, actions = self.actors[-1], self.actions[-1]
        out: list[tuple[int, Action]] = []
        for index in range(start, len(actions)):
            actor, action = actors[index], actions[index]
            if self.face_down(seat, actor, action):
                action = FACE_DOWN
            out.append((actor, action))
        return out

    def legal_texts(self) -> list[str]:
        """The legal actions as canonical text, sorted."""
        return sorted(action_text(action) for action in self.legal_actions())

    def _playable(self, seat: int) -> CardMask:
        """The cards ``seat`` may play to the trick now: any card to lead, else the led suit
        if it holds one, else any card. Games with a duty to trump override this."""
        hand = self.hands[seat]
        if not self.trick:
            return hand
        following = hand & self.led_mask
        return following if following else hand

    def _playable_actions(self) -> list[Action]:
        """The card plays open to the seat to act, as a fresh list of actions."""
        hand = self._playable(self.to_act)
        listed = _CARDS_OF_CACHE.get(hand)
        return listed[:] if listed is not None else cards_of(hand)

    def _legal_card_play(self, action: Action) -> bool:
        """A fast test that ``action`` is a legal card play now (False: check the long way),
        so that ``apply`` of a card need not build the legal list."""
        return (
            self.phase is self.play_phase
            and 0 <= action < 64
            and bool(self._playable(self.to_act) >> action & 1)
        )

    def apply(self, action: Action) -> None:
        """Apply ``action`` if legal, else raise ``IllegalActionError`` (state unchanged)."""
        if self._legal_card_play(action):
            self.push(action)
            return
        legal = self.legal_actions()
        if action not in legal:
            text = _safe_text(action)
            reason = self.why_illegal(action) if is_action(action) else "it is not an action"
            raise IllegalActionError(text, reason, self.legal_texts())
        self.push(action)

    def apply_text(self, text: str) -> None:
        """Apply an action given as text (canonical or any accepted spelling)."""
        try:
            action = parse_action(text)
        except ActionParseError as error:
            raise IllegalActionError(text, str(error), self.legal_texts()) from None
        self.apply(action)

    def why_illegal(self, action: Action) -> str:
        """A reason ``action`` is not legal now (subclasses give game-specific reasons)."""
        if self.is_terminal():
            return "the match is over"
        if self.is_chance():
            return "a deal is due, no seat acts now"
        return f"not a legal action for seat {self.current_player} now"

    def history_texts(self) -> list[list[str]]:
        """Each deal's actions as canonical text."""
        return [[action_text(action) for action in deal] for deal in self.actions]

    def replay_actions(self, texts: Iterable[str]) -> None:
        """Apply several actions in text form (checked)."""
        for text in texts:
            self.apply_text(text)


_SLOT_NAMES: dict[type, tuple[str, ...]] = {}
"""Every instance attribute of each State class, its bases' included (found once per class)."""


def instance_attributes(cls: type) -> tuple[str, ...]:
    """The instance attributes of ``cls``: its classes' ``__slots__`` and, where a class is
    compiled by mypyc, the native attributes it lists in ``__mypyc_attrs__``.

    >>> from tricktable import load_game
    >>> names = instance_attributes(type(load_game("euchre(preset=north_american)").new_state(0)))
    >>> {"game", "hands", "trump"} <= set(names)
    True
    """
    names: dict[str, None] = {}
    for klass in cls.__mro__:
        for name in (*klass.__dict__.get("__slots__", ()), *getattr(klass, "__mypyc_attrs__", ())):
            if name not in ("__dict__", "__weakref__"):
                names[name] = None
    return tuple(names)


def _copy_value(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy_value(item) if isinstance(item, (list, dict)) else item for item in value]
    if isinstance(value, dict):
        return {
            key: _copy_value(item) if isinstance(item, (list, dict)) else item
            for key, item in value.items()
        }
    return value


def _safe_text(action: Action) -> str:
    try:
        return action_text(action)
    except ValueError:
        return repr(action)


def does_not_hold(seat: int, card: int) -> str:
    """The refusal of a card that ``seat`` does not hold: the first reason every game's
    ``why_illegal`` gives for a card play (the tests hold its words).

    >>> does_not_hold(2, 14)
    'seat 2 does not hold AS'
    """
    return f"seat {seat} does not hold {card_text(card)}"


def deal_in_rounds(
    deck: Sequence[Card],
    seats: int,
    order: Sequence[int],
    packets: Sequence[int],
    turn_up: bool = True,
) -> Deal:
    """Deal ``deck`` (already shuffled) round-robin: for each size in ``packets`` one packet
    of that many cards to each seat of ``order`` in turn (a seat not in ``order`` is not
    dealt in and holds no card). With ``turn_up`` the next card is the turned card and the
    rest the stock below it, top first; a deal that takes the whole deck turns no card.

    >>> deal = deal_in_rounds(list(range(9)), seats=3, order=(1, 2), packets=(2, 1))
    >>> deal.hands, deal.turned, deal.stock
    (((), (0, 1, 4), (2, 3, 5)), 6, (7, 8))
    >>> deal_in_rounds(list(range(4)), 2, (0, 1), (1,), turn_up=False).stock
    (2, 3)
    """
    hands: list[list[Card]] = [[] for _ in range(seats)]
    position = 0
    for packet in packets:
        for seat in order:
            hands[seat].extend(deck[position : position + packet])
            position += packet
    dealt = tuple(tuple(hand) for hand in hands)
    if not turn_up:
        return Deal(dealt, None, tuple(deck[position:]))
    if position >= len(deck):
        return Deal(dealt, None, ())
    return Deal(dealt, deck[position], tuple(deck[position + 1 :]))


def dealt_sizes(seats: int, dealt_in: Iterable[int], size: int) -> list[int]:
    """Each seat's hand size in a deal of ``size`` cards to the seats ``dealt_in``: 0 for a
    seat not dealt in (for ``check_deal_cards``).

    >>> dealt_sizes(4, [1, 2, 3], 5)
    [0, 5, 5, 5]
    """
    dealt = set(dealt_in)
    return [size if seat in dealt else 0 for seat in range(seats)]


def check_deal_cards(
    deal: Deal,
    deck: Sequence[Card],
    hand_sizes: Sequence[int],
    require_full: bool,
    turned_required: bool | None = True,
) -> None:
    """Raise ``RecordError`` for impossible cards: duplicates, cards outside the deck,
    wrong hand sizes, or (``require_full``) a deal that does not hold the whole deck."""
    deck_set = set(deck)
    if len(deal.hands) != len(hand_sizes):
        raise RecordError(f"deal has {len(deal.hands)} hands, expected {len(hand_sizes)}")
    seen: set[Card] = set()
    everything = [card for hand in deal.hands for card in hand]
    if deal.turned is not None:
        everything.append(deal.turned)
    everything.extend(deal.stock)
    for card in everything:
        if card not in deck_set:
            raise RecordError(f"card {card_name(card)} is not in this game's deck")
        if card in seen:
            raise RecordError(f"card {card_name(card)} appears twice in the deal")
        seen.add(card)
    for seat, (hand, size) in enumerate(zip(deal.hands, hand_sizes, strict=True)):
        if len(hand) != size:
            raise RecordError(f"seat {seat} holds {len(hand)} cards, expected {size}")
    if turned_required is True and deal.turned is None:
        raise RecordError("this deal needs a turned card")
    if turned_required is False and deal.turned is not None:
        raise RecordError("this deal turns no card, but 'turned' is given")
    if require_full and len(seen) != len(deck_set):
        raise RecordError(
            f"the deal holds {len(seen)} cards; it must hold the whole deck of {len(deck_set)}"
            " (the stock is dealt from)"
        )
