"""The bot interface: a seat's view and a seeded RNG in, one legal action text out.

A bot never sees the ``State``: it receives ``state.view(seat)`` (a ``SeatView``)
and a ``random.Random`` that is its only source of randomness. The rules of the
game are public knowledge, so a bot may keep the ``Game`` it was made for.

>>> import random
>>> from tricktable.bots import make_bot
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre(preset=north_american)", 3)
>>> game = state.game
>>> bot = make_bot("random", game)
>>> bot.choose(state.view(state.current_player), random.Random(0)) in state.legal_texts()
True
"""

from __future__ import annotations

import logging
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from tricktable.actions import Action, action_text, kind_of, parse_action
from tricktable.core import Game, SeatView
from tricktable.errors import RuleError, TricktableError

Decision = Callable[[SeatView, list[Action], random.Random], Action]
"""One kind of decision: the view, the legal actions and the RNG in, an action out."""

LOG = logging.getLogger(__name__)

RulesT = TypeVar("RulesT")
"""A game's rules (its options dataclass)."""
TuningT = TypeVar("TuningT")
"""A heuristic's tuning: the thresholds and weights of its judgement."""


class NoDecisionError(TricktableError):
    """A bot was asked to act on a view that holds no legal action."""


class Bot(ABC):
    """A player that picks one of ``view.legal`` from what ``view`` shows."""

    name: str
    """The bot's registry name (``random``, ``heuristic`` ...)."""

    def __init__(self, game: Game[Any], seat: int | None = None) -> None:
        if seat is not None and seat not in range(game.players):
            raise RuleError(
                f"seat {seat!r} is not a seat of {game.name}; seats are 0..{game.players - 1}"
            )
        self.game = game
        """The game (its public rules) this bot plays."""
        self.seat = seat
        """The seat this bot was made for, or ``None`` for any seat."""

    @abstractmethod
    def choose(self, view: SeatView, rng: random.Random) -> str:
        """The canonical text of one action of ``view.legal``."""

    def __repr__(self) -> str:
        seat = "" if self.seat is None else f", seat={self.seat}"
        return f"make_bot({self.name!r}, {self.game!r}{seat})"


def require_legal(view: SeatView) -> tuple[str, ...]:
    """``view.legal``, or ``NoDecisionError`` when the seat has nothing to decide."""
    if not view.legal:
        raise NoDecisionError(
            f"seat {view.seat} has no legal action now (phase {view.phase!r}, "
            f"seat {view.to_act} is to act)"
        )
    return view.legal


class Heuristic(Bot, Generic[RulesT, TuningT]):
    """A game's heuristic bot: it plays ``game_class`` alone (another game is refused with a
    ``RuleError``), keeps its rules as ``rules`` and judges by ``tuning``, the game's
    ``default_tuning`` unless it is given one.

    >>> from tricktable.games import GAME_NAMES, load_game
    >>> from tricktable.bots import make_bot
    >>> bot = make_bot("heuristic", load_game(GAME_NAMES[0]))
    >>> isinstance(bot, Heuristic), bot.tuning is bot.default_tuning
    (True, True)
    """

    name = "heuristic"
    game_class: ClassVar[type[Game[Any]]]
    """The game this bot plays."""
    default_tuning: TuningT
    """The judgement the bot plays by when it is given none."""

    def __init__(
        self, game: Game[Any], seat: int | None = None, tuning: TuningT | None = None
    ) -> None:
        if not isinstance(game, self.game_class):
            name = self.game_class.name
            raise RuleError(f"the {name} heuristic plays {name}, not {game.name!r}")
        super().__init__(game, seat)
        self.rules: RulesT = game.rules
        """The game's rules (public knowledge)."""
        self.tuning: TuningT = self.default_tuning if tuning is None else tuning
        """The bot's judgement: thresholds and weights tuned in self-play."""


class DecisionTableBot(Bot):
    """A bot that answers each kind of question with its own decision (the heuristics).

    ``decisions()`` lists action kinds with their decisions; the first kind among the legal
    actions decides, and a question none of them asks goes to ``fallback``. A sole legal
    action is played without asking.
    """

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        actions = [parse_action(text) for text in legal]
        kinds = {kind_of(action) for action in actions}
        decide = next(
            (decision for kind, decision in self.decisions() if kind in kinds), self.fallback
        )
        choice = action_text(decide(view, actions, rng))
        if choice in legal:
            return choice
        # A decision that answers an illegal action is a bug: say so, and play on legally.
        LOG.warning(
            "%s chose %r, not legal here; it plays %r", type(self).__name__, choice, legal[0]
        )
        return legal[0]

    @abstractmethod
    def decisions(self) -> Sequence[tuple[int, Decision]]:
        """Each action kind with the decision that answers a question offering it."""

    def fallback(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """The decision for a question no kind of ``decisions()`` asks: the first action."""
        return actions[0]
