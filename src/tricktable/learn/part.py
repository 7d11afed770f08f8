"""What a game's spec names as its ``learned`` part: the decisions a model learns.

A game that has one defines ``LEARNED`` in its package's ``learned`` module (found by
``games.spec``'s convention): which decisions it learns (``applies``), the features of the
seat's view it reads (``features``: from the ``SeatView`` only, never the state), each
action's aim (a bid's number; a euchre order's make), the inputs the model takes for an
action, the outcome it learns of what followed (a bidder's tricks; a side's net points), the
self-play tables that train it, and, once trained, each legal action's value (``values``;
``pimc`` weighs it with its sampled valuation by ``sampled_share``, so ``hard`` and
``expert`` bid by it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from tricktable.actions import ActionKind, kind_of, parse_action
from tricktable.core import Game, SeatView
from tricktable.learn.model import OutcomeModel

if TYPE_CHECKING:
    from tricktable.search.resample import World


GameT = TypeVar("GameT", bound=Game[Any])


def a_choice_among(view: SeatView, kinds: Collection[ActionKind]) -> bool:
    """Whether ``view`` is a choice a learned part values: the seat holds cards and has two
    legal actions or more, each of one of ``kinds``.

    >>> from tricktable.actions import CoreKind
    >>> from tricktable.testing import first_trick
    >>> state = first_trick("euchre(preset=north_american)", 8)
    >>> view = state.view(state.current_player)
    >>> a_choice_among(view, {CoreKind.PLAY}), a_choice_among(view, {CoreKind.PASS})
    (True, False)
    """
    if len(view.legal) < 2 or not view.hand:
        return False
    return all(kind_of(parse_action(text)) in kinds for text in view.legal)


def game_as(game: Game[Any], cls: type[GameT], what: str) -> GameT:
    """``game`` as the class of the game ``what`` (a learned part) plays, else
    ``TypeError`` naming both.

    >>> from tricktable.games import GAME_NAMES, load_game
    >>> game, other = (load_game(name) for name in GAME_NAMES[:2])
    >>> game_as(game, type(game), "learned bidding") is game
    True
    >>> game_as(game, type(other), "learned bidding")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: learned bidding plays ..., not '...'
    """
    if not isinstance(game, cls):
        raise TypeError(f"{what} plays {cls.name}, not {game.name!r}")
    return game


@dataclass(frozen=True, slots=True)
class Table:
    """One kind of self-play match: a rule string, its seats, and its share of the matches."""

    rules: str
    players: int
    share: int = 1


@dataclass(frozen=True, slots=True)
class Example:
    """One decision and what followed it."""

    rules: str
    players: int
    match: int
    """The match's index in its plan."""
    deal: int
    """The deal's index in its match."""
    seat: int
    features: tuple[float, ...]
    """The view's features (``LearnedDecisions.features``, to 6 places: as written)."""
    action: str
    aim: int
    most: int
    """The largest outcome the decision could have had (the hand size)."""
    tricks: int
    """Tricks the seat's side took in the deal."""
    points: int
    """Points the seat's side scored in the deal."""
    others: int
    """Points the other sides scored in the deal, together."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["features"] = list(self.features)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Example:
        try:
            return cls(
                rules=str(data["rules"]),
                players=int(data["players"]),
                match=int(data["match"]),
                deal=int(data["deal"]),
                seat=int(data["seat"]),
                features=tuple(float(value) for value in data["features"]),
                action=str(data["action"]),
                aim=int(data["aim"]),
                most=int(data["most"]),
                tricks=int(data["tricks"]),
                points=int(data["points"]),
                others=int(data["others"]),
            )
        except KeyError as error:
            raise ValueError(f"an example has no field {error.args[0]!r}") from None


class LearnedDecisions(Protocol):
    """A game's learned decisions (its spec's ``learned`` part)."""

    name: str
    """What it learns, for people and file names (``bidding``)."""
    tables: tuple[Table, ...]
    """The self-play matches ``tricktable train bidding`` plays to train it."""
    matches: int
    """How many of them it plays unless told otherwise (the shipped weights' number)."""
    weights: Path
    """Where its shipped weights are (package data)."""

    def applies(self, game: Game[Any], view: SeatView) -> bool:
        """Whether this decision is one it learns (and its model can value)."""
        ...

    def features(self, game: Game[Any], view: SeatView) -> list[float]:
        """The view's features: what the seat knows, from ``view`` alone."""
        ...

    def aim(self, action: str) -> int:
        """The outcome ``action`` aims at (a bid's tricks)."""
        ...

    def outcome(self, example: Example) -> int:
        """The outcome the model learns of what followed ``example`` (``0 .. most``)."""
        ...

    def most(self, game: Game[Any], view: SeatView) -> int:
        """The largest outcome this decision can have (the hand size)."""
        ...

    def inputs(self, features: Sequence[float], action: str) -> list[float]:
        """The model's inputs: the view's features and the action's."""
        ...

    def values(self, game: Game[Any], view: SeatView) -> dict[str, float] | None:
        """Each legal action's expected value by the shipped model, or ``None`` where it does
        not apply."""
        ...

    sampled_share: float
    """The share of the sampled worlds' values (the spec's ``decisions``) in a decision's
    value beside the model's: 0 for the model alone. ``pimc`` weighs the two so."""

    def share_in(self, game: Game[Any]) -> float:
        """``sampled_share`` in ``game`` (a game whose forms differ answers by the form)."""
        ...

    temperature: float
    """How widely the other seats' choices spread around their best value by the model, in
    the values' points: a seat takes an action with a chance in proportion to
    ``exp(value / temperature)`` (``bots.search.inference`` reads their hands by it)."""

    def earlier_choices(
        self, game: Game[Any], view: SeatView, world: World
    ) -> list[tuple[SeatView, str]]:
        """The other seats' decisions of this deal that the model values, each with the view
        its seat decided from had the cards lain as ``world`` says, and the action taken
        (from ``view`` and ``world`` alone: nothing the seat cannot see)."""
        ...


@runtime_checkable
class FormsOfPart(Protocol):
    """A learned part whose game's forms learn apart (each its own model, weights and
    training tables): ``part_in`` gives the part of a game's form, itself for the forms it
    learns (``bots.search.inference.learned_part`` asks it)."""

    forms: tuple[LearnedDecisions, ...]
    """Every form's part, itself among them."""

    def part_in(self, game: Game[Any]) -> LearnedDecisions:
        """The learned part of ``game``'s form."""
        ...


class ShippedModel:
    """What a learned part with shipped weights shares: its ``model``, read from ``weights``
    on first use (so that importing a game reads no file), and one ``sampled_share`` for
    every form of its game unless it says otherwise (``share_in``)."""

    weights: Path
    """Where its shipped weights are (package data)."""
    sampled_share: float
    """The share of the sampled worlds' values beside the model's (``LearnedDecisions``)."""

    def __init__(self) -> None:
        self._model: OutcomeModel | None = None

    def share_in(self, game: Game[Any]) -> float:
        """``sampled_share``, whatever the game's form."""
        return self.sampled_share

    @property
    def model(self) -> OutcomeModel:
        """The shipped model (read on first use)."""
        if self._model is None:
            self._model = OutcomeModel.load(self.weights)
        return self._model


class NetScoreDecisions(ShippedModel, ABC):
    """What a learned part whose outcome is a deal's **net score** shares (a decision with no
    trick count of its own to aim at, such as a pass): the seat's side's score less the
    others' in whole units (``net``), from ``-net_span`` to ``+net_span`` as the outcomes
    ``0 .. 2 * net_span``, and each action's value the expected ``worth`` of its outcome.
    The game's part gives which decisions it learns, their features and inputs, each
    action's aim and what each outcome is worth; it reads no earlier choices."""

    name = "bidding"
    net_span = 4
    """The largest net score of a deal the model tells apart (in ``net`` units); more counts
    as this much."""
    temperature = 1.0
    """Unused: no earlier choices are read (``earlier_choices`` is empty)."""

    def net(self, example: Example) -> int:
        """The deal's net score the model learns, in whole units: the side's points minus
        the others' by default."""
        return example.points - example.others

    @abstractmethod
    def worth(self, game: Game[Any], view: SeatView) -> list[float]:
        """What each outcome (a net score ``outcome - net_span``) is worth to the seat."""

    @abstractmethod
    def applies(self, game: Game[Any], view: SeatView) -> bool: ...

    @abstractmethod
    def features(self, game: Game[Any], view: SeatView) -> list[float]: ...

    @abstractmethod
    def aim(self, action: str) -> int: ...

    @abstractmethod
    def inputs(self, features: Sequence[float], action: str) -> list[float]: ...

    def outcome(self, example: Example) -> int:
        return self.net_span + max(-self.net_span, min(self.net_span, self.net(example)))

    def most(self, game: Game[Any], view: SeatView) -> int:
        return 2 * self.net_span

    def values(self, game: Game[Any], view: SeatView) -> dict[str, float] | None:
        if not self.applies(game, view):
            return None
        worth = self.worth(game, view)
        features = self.features(game, view)
        rows = [self.inputs(features, text) for text in view.legal]
        aims = [self.aim(text) for text in view.legal]
        chances = self.model.chances_each(rows, aims, 2 * self.net_span)
        return {
            text: sum(p * value for p, value in zip(each, worth, strict=True))
            for text, each in zip(view.legal, chances, strict=True)
        }

    def earlier_choices(
        self, game: Game[Any], view: SeatView, world: World
    ) -> list[tuple[SeatView, str]]:
        """None: the others' choices are read by the sampled worlds (``bid_reading``)."""
        return []
