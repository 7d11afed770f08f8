"""The Game / State / SeatView design every game module follows.

A ``Game`` is frozen rules plus the number of seats. A ``State`` is one match in
progress: deals are chance events (``deal`` with a ``Deal``, or ``deal_random``
with a seeded ``random.Random``), every decision is an ``Action``. ``apply`` is
checked and raises ``IllegalActionError`` leaving the state unchanged; ``push``
and ``pop`` are the fast unchecked pair for search. ``view(seat)`` is the only
thing bots and clients receive.

The core's jobs each live in a module of their own, whose names this module re-exports:
``core_deal`` (``Deal`` and the dealing every game shares), ``core_summary``
(``DealSummary``, a line of the score sheet), ``core_views`` (``SeatView``, the public
facts' protocols and the making of a seat's view), ``core_play`` (the hands and the trick
mechanics, ``State``'s base) and ``core_undo`` (``push``, ``pop`` and ``clone``, the next
base); ``State`` itself is the step API, the match's bookkeeping and its score sheet.

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
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from tricktable.actions import Action, CoreKind, action_text, is_action, kind_of, parse_action
from tricktable.cards import card_text
from tricktable.core_deal import Deal as Deal
from tricktable.core_deal import check_deal_cards as check_deal_cards
from tricktable.core_deal import deal_in_rounds as deal_in_rounds
from tricktable.core_deal import dealt_sizes as dealt_sizes
from tricktable.core_summary import DealSummary as DealSummary
from tricktable.core_summary import SheetDetails as SheetDetails
from tricktable.core_undo import Undoable
from tricktable.core_undo import instance_attributes as instance_attributes
from tricktable.core_views import FACE_DOWN as FACE_DOWN
from tricktable.core_views import FactsT as FactsT
from tricktable.core_views import PublicFacts as PublicFacts
from tricktable.core_views import SeatView as SeatView
from tricktable.core_views import WireFacts as WireFacts
from tricktable.core_views import masked_history as _masked_history
from tricktable.core_views import seat_history as _seat_history
from tricktable.core_views import seat_view as _make_seat_view
from tricktable.errors import ActionParseError, IllegalActionError, RecordError

CHANCE = -1
"""``current_player`` when the next event is a deal."""
TERMINAL = -2
"""``current_player`` once the match is decided."""


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
class State(Undoable):
    """One match in progress. Subclasses implement the rules of one game.

    The attributes below are this class's slots, and its bases' are the hands and the
    tricks (``core_play.CardPlay``) and each deal's cards and decisions
    (``core_undo.Undoable``); a subclass declares only its own (re-declaring these would
    hide them from the compiled core).
    """

    __slots__ = ("dealer", "first_dealer", "game", "match_scores", "sheet")

    game: Game[Any]
    dealer: int
    """The seat that deals (or dealt) the current deal."""
    match_scores: list[int]
    """Each side's score in the match so far (``scores()``)."""
    sheet: list[DealSummary]
    """The score sheet's lines of the finished deals (``summaries()``)."""
    first_dealer: int

    # -- the step API -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` when a deal is due, ``TERMINAL`` when decided."""
        return self.to_act

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (empty at chance and terminal)."""

    def _start_match(self, first_dealer: int) -> None:
        """The match-level bookkeeping every game starts with (no deal yet)."""
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.deals = []
        self.actions = []
        self.actors = []
        self._marks = []
        self.sheet = []

    @abstractmethod
    def deal(self, deal: Deal) -> None:
        """Play the chance event of a deal with exactly these cards."""

    @abstractmethod
    def random_deal(self, rng: random.Random) -> Deal:
        """The cards of the next deal shuffled from ``rng`` (not applied)."""

    # -- views (made in core_views) -----------------------------------------------------------
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

    def _seat_view(
        self, seat: int, public: PublicFacts, hand_hidden: bool = False, present_only: bool = False
    ) -> SeatView:
        """The ``SeatView`` of ``seat`` from the shared trick-taking state, with the game's
        ``public`` facts (``core_views.seat_view``)."""
        return _make_seat_view(self, seat, public, hand_hidden, present_only)

    def masked_history(self, seat: int) -> tuple[tuple[int, str], ...]:
        """This deal's decisions as ``(seat, text)`` as ``seat`` may see them
        (``core_views.masked_history``)."""
        return _masked_history(self, seat)

    def face_down(self, seat: int, actor: int, action: Action) -> bool:
        """Whether ``seat`` sees ``actor``'s ``action`` face down, its card not shown:
        another seat's discard. A game where a card passes face down between seats
        overrides it (``masked_history`` and ``seat_history`` both ask it)."""
        return actor != seat and kind_of(action) == CoreKind.DISCARD

    def seat_history(self, seat: int, start: int = 0) -> list[tuple[int, Action]]:
        """This deal's decisions from the ``start``-th on as ``(seat, action)``, as ``seat``
        may see them, ``FACE_DOWN`` for what it sees face down
        (``core_views.seat_history``)."""
        return _seat_history(self, seat, start)

    # -- the score sheet ----------------------------------------------------------------------
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

    def legal_texts(self) -> list[str]:
        """The legal actions as canonical text, sorted."""
        return sorted(action_text(action) for action in self.legal_actions())

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
