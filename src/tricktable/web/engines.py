"""Engines the operator lets the room seat: ``tricktable serve --engine NAME=cmd:…``.

A seat given to ``engine:NAME`` is played by a ``SubprocessBot`` running the operator's
command in the server (one program per seat, started at its first decision, each decision
in a thread: the event loop never waits for it). When the program breaks the engine
protocol, answers illegally, is silent past its time or crashes, it loses the seat, never
the table: a level bot (``STAND_IN``) plays the seat from then on, and the seat says why
(``seat_status``'s ``engine_fault``).

>>> engines = SeatEngines.parse(["alpha=cmd(move_ms=2000):python alpha.py"])
>>> engines.listing()[0]["name"], is_engine("engine:alpha"), is_engine("medium")
('engine:alpha', True, False)
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from tricktable.bots import make_bot
from tricktable.bots.base import Bot
from tricktable.core import Game
from tricktable.engine.client import SubprocessBot
from tricktable.errors import TricktableError

T = TypeVar("T")

ENGINE_PREFIX = "engine:"
"""How a seat's bot name names one of the operator's engines (``engine:NAME``)."""

STAND_IN = "medium"
"""The level that takes over the seat of an engine that failed."""

ENGINE_THREADS = 64
"""Threads waiting for the operator's programs at once (more wait their turn)."""

NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
"""An engine's name: lower-case letters, digits, ``-`` and ``_`` (at most 32)."""


def is_engine(bot: str) -> bool:
    """Whether a seat's bot name names one of the operator's engines.

    >>> is_engine("engine:alpha"), is_engine("cmd:python x.py")
    (True, False)
    """
    return bot.strip().lower().startswith(ENGINE_PREFIX)


class EngineSpecError(TricktableError):
    """A ``--engine`` setting that is not ``NAME=cmd:COMMAND``."""


@dataclass(frozen=True, slots=True)
class SeatEngine:
    """One engine the operator named: its name and its bot spec (``cmd:…``)."""

    name: str
    spec: str

    @property
    def seat_bot(self) -> str:
        """The bot name a seat gives it (``engine:NAME``)."""
        return f"{ENGINE_PREFIX}{self.name}"


class SeatEngines:
    """The operator's engines by name (none unless ``--engine`` names some)."""

    def __init__(self, engines: Iterable[SeatEngine] = ()) -> None:
        self.by_name = {engine.name: engine for engine in engines}
        self._pool: ThreadPoolExecutor | None = None

    async def call(self, work: Callable[..., T], *args: Any) -> T:
        """Run ``work(*args)`` (a program's decision, its start or its end) in a thread of
        the engines' own pool: the event loop goes on, and programs that think long never
        hold up the default pool the tables store their moves through."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(ENGINE_THREADS, thread_name_prefix="tricktable-engine")
        return await asyncio.get_running_loop().run_in_executor(self._pool, work, *args)

    @classmethod
    def parse(cls, settings: Iterable[str]) -> SeatEngines:
        """The engines of ``--engine NAME=cmd:COMMAND`` settings (``EngineSpecError`` for a
        malformed one, a name given twice or a command that ``cmd:`` cannot run).

        >>> SeatEngines.parse(["Alpha=python a.py"])
        Traceback (most recent call last):
        ...
        tricktable.web.engines.EngineSpecError: --engine 'Alpha=python a.py': the command must \
start with cmd: or cmd(...): (e.g. alpha=cmd:python mybot.py)
        """
        engines: list[SeatEngine] = []
        for setting in settings:
            name, equals, spec = setting.partition("=")
            name, spec = name.strip().lower(), spec.strip()
            where = f"--engine {setting!r}"
            if not equals or not NAME_PATTERN.fullmatch(name):
                raise EngineSpecError(
                    f"{where}: give NAME=cmd:COMMAND, NAME of lower-case letters, digits, - and _"
                    " (e.g. alpha=cmd:python mybot.py)"
                )
            if not spec.startswith(("cmd:", "cmd(")):
                raise EngineSpecError(
                    f"{where}: the command must start with cmd: or cmd(...): (e.g."
                    f" {name}=cmd:python mybot.py)"
                )
            if any(engine.name == name for engine in engines):
                raise EngineSpecError(f"{where}: the engine {name!r} is named twice")
            try:
                from tricktable.games import GAMES, load_game

                any_game = load_game(next(iter(GAMES)))  # the settings are every game's
                make_bot(spec, any_game, trusted=True)  # its settings checked, not started
            except TricktableError as error:
                raise EngineSpecError(f"{where}: {error}") from None
            engines.append(SeatEngine(name, spec))
        return cls(engines)

    def __bool__(self) -> bool:
        return bool(self.by_name)

    def listing(self) -> list[dict[str, str]]:
        """The engines as the lobby offers them (beside the levels)."""
        return [
            {
                "name": engine.seat_bot,
                "description": f"A program the server runs ({engine.name}); a Medium bot"
                " takes its seat if it fails.",
            }
            for engine in self.by_name.values()
        ]

    def find(self, bot: str) -> SeatEngine:
        """The engine a seat's ``engine:NAME`` names (``TricktableError`` if there is none)."""
        name = bot.strip().lower().removeprefix(ENGINE_PREFIX)
        engine = self.by_name.get(name)
        if engine is None:
            known = ", ".join(e.seat_bot for e in self.by_name.values()) or "none"
            raise TricktableError(f"no engine {bot.strip()!r} here; the server's engines: {known}")
        return engine

    def make(self, bot: str, game: Game[Any], seat: int) -> SubprocessBot:
        """A new (not yet started) program for ``seat``."""
        made = make_bot(self.find(bot).spec, game, seat, trusted=True)
        assert isinstance(made, SubprocessBot)
        return made


def check_seat_bot(
    bot: str, game: Game[Any], seat: int | None, engines: SeatEngines | None
) -> Bot | None:
    """Check a bot name a person gave a seat: a level or bot (``make_bot``, returned) or one
    of the server's engines (``None``: nothing is started). ``TricktableError`` says why
    not."""
    if is_engine(bot):
        (engines or SeatEngines()).find(bot)
        return None
    return make_bot(bot, game, seat)
