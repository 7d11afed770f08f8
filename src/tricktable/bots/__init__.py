"""Bots by name: ``make_bot("heuristic", game)``, from the registry (``bots.registry``).

Every bot takes a ``SeatView`` and a seeded ``random.Random`` and returns the
canonical text of one legal action (see ``tricktable.bots.base``).

>>> from tricktable.games import load_game
>>> make_bot("heuristic", load_game("euchre(preset=north_american)")).name
'heuristic'
>>> make_bot("oracle", load_game("euchre(preset=north_american)"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tricktable.errors.RuleError: unknown bot 'oracle'; bots: random, heuristic, pimc, ...

Where the name comes from a trusted place (the command line, the caller's own code:
``trusted=True``), settings may follow it in brackets, and ``cmd:COMMAND`` is a program that
speaks the engine protocol (``tricktable.engine``, docs/engine-protocol.md). Names from
elsewhere (the web table's players) may do neither: a program runs as the server's user,
and settings could ask for any amount of work. ``policy(path=FILE)`` plays a network
trained on the batched euchre (``tricktable.batched.policy``; the ``jax`` extra).

>>> euchre = load_game("euchre(preset=north_american)")
>>> make_bot("pimc(worlds=8)", euchre, trusted=True).worlds
8
>>> make_bot("cmd(move_ms=500):python mybot.py", euchre, trusted=True).name
'cmd:python mybot.py'
>>> make_bot("cmd:python mybot.py", euchre)
Traceback (most recent call last):
...
tricktable.errors.RuleError: bot 'cmd:python mybot.py' is not allowed here: settings and cmd: ...
"""

from __future__ import annotations

from typing import Any

from tricktable.bots.base import Bot, NoDecisionError
from tricktable.bots.random_bot import RandomBot
from tricktable.bots.registry import BOTS, BotFactory, heuristic_factory, read_bot_name
from tricktable.core import Game

BOT_NAMES: tuple[str, ...] = BOTS.names()
"""Every bot name ``make_bot`` accepts alone (no settings, no command)."""


def parse_bot_spec(text: str) -> tuple[str, dict[str, str], str | None]:
    """``(name, settings, command)`` of a bot name with optional bracketed settings.

    >>> parse_bot_spec("pimc(worlds=30, depth=2)")
    ('pimc', {'worlds': '30', 'depth': '2'}, None)
    >>> parse_bot_spec("cmd(move_ms=200):python my bot.py")
    ('cmd', {'move_ms': '200'}, 'python my bot.py')
    """
    spec = read_bot_name(text)
    return spec.kind, spec.settings, spec.command


def make_bot(name: str, game: Game[Any], seat: int | None = None, *, trusted: bool = False) -> Bot:
    """The bot called ``name`` for ``game`` (and ``seat``, if it is made for one).

    Only a ``trusted`` name may carry settings or start a program (``cmd:``).
    """
    return BOTS.make(name, game, seat, trusted=trusted)


__all__ = [
    "BOTS",
    "BOT_NAMES",
    "Bot",
    "BotFactory",
    "NoDecisionError",
    "RandomBot",
    "heuristic_factory",
    "make_bot",
    "parse_bot_spec",
]
