"""Undo and copies of a match in progress, between ``CardPlay`` and ``State``: each deal's
cards and decisions and the match-level facts before it (``Undoable``), the unchecked
``push`` and its undo ``pop`` for search, the start of a deal that keeps them
(``_begin_deal``), and ``clone`` with the instance attributes it copies
(``instance_attributes``). Part of the rules core; the games reach it through
``tricktable.core.State``.

>>> import random
>>> from tricktable.games import load_game
>>> state = load_game("euchre(preset=north_american)").new_match(random.Random(7))
>>> state.deal_random(random.Random(7))
>>> state.push(state.legal_actions()[0])
>>> copy = state.clone()
>>> action = state.pop()
>>> len(state.actions[-1]), len(copy.actions[-1]), copy.actions[-1] == [action]
(0, 1, True)
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Self

from tricktable.actions import Action
from tricktable.core_deal import Deal
from tricktable.core_play import CardPlay

try:  # when built with mypyc, interpreted game modules may subclass the core classes
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - the rules core needs no third-party package

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


@mypyc_attr(allow_interpreted_subclasses=True)
class Undoable(CardPlay):
    """The deals of a match and their decisions, kept so that the last decision can be
    undone (``State`` builds on it).

    Engines keep the match-level facts before each deal as a "mark" and rebuild the
    current deal from its start to undo, so a state holds no per-step snapshots.
    """

    __slots__ = ("_marks", "actions", "actors", "deals")

    deals: list[Deal]
    actions: list[list[Action]]
    """Every decision of each deal, in order (the record's ``actions``)."""
    actors: list[list[int]]
    """The seat that took each decision of ``actions``."""
    _marks: list[Any]
    """The match-level facts before each deal (``_save_mark``)."""

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

    def _begin_deal(self, deal: Deal) -> None:
        self._marks.append(self._save_mark())
        self.deals.append(deal)
        self.actions.append([])
        self.actors.append([])
        self._start_deal(deal)

    def push(self, action: Action) -> None:
        """Apply a legal action without checking it; ``pop`` undoes it."""
        self.actions[-1].append(action)
        self.actors[-1].append(self.to_act)
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


_SLOT_NAMES: dict[type, tuple[str, ...]] = {}
"""Every instance attribute of each State class, its bases' included (found once per class)."""


def instance_attributes(cls: type) -> tuple[str, ...]:
    """The instance attributes of ``cls``: its classes' ``__slots__`` and, where a class is
    compiled by mypyc, the native attributes it lists in ``__mypyc_attrs__``.

    >>> from tricktable import load_game
    >>> names = instance_attributes(type(load_game("euchre(preset=north_american)").new_state(0)))
    >>> {"game", "hands", "trump", "actions"} <= set(names)
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
