"""Bots by name: ``make_bot("heuristic", game)``.

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

from collections.abc import Callable
from typing import Any

from tricktable.bots.base import Bot, NoDecisionError
from tricktable.bots.random_bot import RandomBot
from tricktable.core import Game
from tricktable.errors import RuleError
from tricktable.games import spec_of

BotFactory = Callable[[Game[Any], int | None], Bot]
"""Makes a bot for a game and (optionally) a seat."""


def heuristic_factory(game: Game[Any]) -> BotFactory:
    """The heuristic bot of ``game`` (its spec's ``heuristic`` part)."""
    factory: BotFactory = spec_of(game).part("heuristic")
    return factory


BOT_NAMES: tuple[str, ...] = (
    "random",
    "heuristic",
    "pimc",
    "ismcts",
    "easy",
    "medium",
    "hard",
    "expert",
)
"""Every bot name ``make_bot`` accepts."""


PIMC_SETTINGS = {
    "worlds": int,
    "depth": int,
    "bidding": bool,
    "learned": bool,
    "inference": bool,
    "sampled_share": float,
    "each_for_itself": int,
    "postpone": int,
}
"""The settings ``pimc(...)`` takes, with their types."""
ISMCTS_SETTINGS = {
    "iterations": int,
    "exploration": float,
    "leaf": str,
    "worlds": int,
    "rollout": str,
    "objective": str,
    "spite": float,
    "switch": int,
}
"""The settings ``ismcts(...)`` takes, with their types."""


def parse_bot_spec(text: str) -> tuple[str, dict[str, str], str | None]:
    """``(name, settings, command)`` of a bot name with optional bracketed settings.

    >>> parse_bot_spec("pimc(worlds=30, depth=2)")
    ('pimc', {'worlds': '30', 'depth': '2'}, None)
    >>> parse_bot_spec("cmd(move_ms=200):python my bot.py")
    ('cmd', {'move_ms': '200'}, 'python my bot.py')
    """
    head, command = text.strip(), None
    if head.lower().startswith("cmd"):
        head, colon, rest = head.partition(":")
        if head.startswith("cmd(") and not head.endswith(")"):  # a ':' inside the brackets
            raise RuleError(f"bad engine bot {text!r}; write cmd(name=value,...):COMMAND")
        if not colon or not rest.strip():
            raise RuleError(f"bad engine bot {text!r}; write cmd:COMMAND, e.g. cmd:python bot.py")
        command = rest.strip()
    name, bracket, inside = head.partition("(")
    settings: dict[str, str] = {}
    if bracket:
        if not inside.endswith(")"):
            raise RuleError(f"bad bot settings in {text!r}; write name(setting=value,...)")
        for item in inside[:-1].split(","):
            if not item.strip():
                continue
            key, equals, value = item.partition("=")
            if not equals or not key.strip() or not value.strip():
                raise RuleError(f"bad bot setting {item.strip()!r} in {text!r}; write name=value")
            settings[key.strip()] = value.strip()
    return name.strip().lower(), settings, command


def _setting(name: str, key: str, value: str, kind: type) -> int | bool | float | str:
    if kind is str:
        return value
    if kind is bool:
        if value.lower() not in ("true", "false"):
            raise RuleError(f"{name} setting {key} must be true or false, not {value!r}")
        return value.lower() == "true"
    if kind is float:
        try:
            return float(value)
        except ValueError:
            raise RuleError(f"{name} setting {key} must be a number, not {value!r}") from None
    try:
        return int(value)
    except ValueError:
        raise RuleError(f"{name} setting {key} must be an integer, not {value!r}") from None


def make_bot(name: str, game: Game[Any], seat: int | None = None, *, trusted: bool = False) -> Bot:
    """The bot called ``name`` for ``game`` (and ``seat``, if it is made for one).

    Only a ``trusted`` name may carry settings or start a program (``cmd:``).
    """
    key, settings, command = parse_bot_spec(name)
    if (command is not None or settings or "(" in name) and not trusted:
        raise RuleError(
            f"bot {name.strip()!r} is not allowed here: settings and cmd: programs come"
            " only from the command line"
        )
    if command is not None:
        return _engine_bot(game, seat, command, settings)
    if key == "policy":  # a network trained on the batched euchre (the jax extra)
        if not settings:  # refused before JAX is imported (a web table's name takes none)
            raise RuleError("the policy bot needs its weights: policy(path=FILE.npz)")
        try:
            from tricktable.batched.policy import make_policy_bot
        except ImportError as error:
            raise RuleError(
                f"the policy bot needs the jax extra (pip install tricktable[jax]): {error}"
            ) from None
        return make_policy_bot(game, seat, settings)
    if settings:
        if key not in ("pimc", "ismcts"):
            raise RuleError(f"only pimc, ismcts, policy and cmd take settings, not {key!r}")
        from tricktable.bots.search.ismcts import IsmctsBot
        from tricktable.bots.search.pimc import PimcBot

        known = PIMC_SETTINGS if key == "pimc" else ISMCTS_SETTINGS
        unknown = sorted(set(settings) - set(known))
        if unknown:
            raise RuleError(
                f"{key} has no setting {', '.join(unknown)}; settings: {', '.join(known)}"
            )
        values = {k: _setting(key, k, v, known[k]) for k, v in settings.items()}
        maker = PimcBot if key == "pimc" else IsmctsBot
        try:
            bot: Bot = maker(game, seat, **values)  # type: ignore[arg-type]
        except ValueError as error:
            raise RuleError(f"{name}: {error}") from None
        bot.name = name.strip()
        return bot
    if key == "random":
        return RandomBot(game, seat)
    if key == "heuristic":
        return heuristic_factory(game)(game, seat)
    if key in ("pimc", "ismcts", "easy", "medium", "hard", "expert"):
        from tricktable.bots.levels import make_level
        from tricktable.bots.search.pimc import PimcBot

        if key == "ismcts":
            from tricktable.bots.search.ismcts import IsmctsBot

            return IsmctsBot(game, seat)
        return PimcBot(game, seat) if key == "pimc" else make_level(key, game, seat)
    raise RuleError(
        f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}, pimc(worlds=N,...),"
        " policy(path=FILE), cmd:COMMAND"
    )


def _engine_bot(game: Game[Any], seat: int | None, command: str, settings: dict[str, str]) -> Bot:
    """A ``SubprocessBot``: time settings (``move_ms`` ...) set its clock, limit settings
    (``cpu_s``, ``memory_mb``, ``line_kb``) its limits, the rest are options."""
    from tricktable.engine.client import LIMIT_KEYS, TIME_KEYS, Limits, SubprocessBot, TimeControl

    numbers: dict[str, int | None] = {}
    for key in (*TIME_KEYS, *LIMIT_KEYS):
        if key in settings:
            text = settings.pop(key)
            value = None if text.lower() == "none" else int(_setting("cmd", key, text, int))
            if isinstance(value, int) and value < 1:
                unit = "milliseconds" if key in TIME_KEYS else key.rsplit("_", 1)[1]
                raise RuleError(f"cmd setting {key} must be >= 1 ({unit}), not {text!r}")
            numbers[key] = value
    needed = [k for k in ("startup_ms", "grace_ms", "quit_ms", "line_kb") if k in numbers]
    if any(numbers[key] is None for key in needed):
        raise RuleError("cmd settings startup_ms, grace_ms, quit_ms and line_kb need a number")
    control = TimeControl(**{k: v for k, v in numbers.items() if k in TIME_KEYS})  # type: ignore[arg-type]
    limits = Limits(**{k: v for k, v in numbers.items() if k in LIMIT_KEYS})  # type: ignore[arg-type]
    options = {key: _option_value(value) for key, value in settings.items()}
    return SubprocessBot(game, seat, command, control, options=options, limits=limits)


def _option_value(text: str) -> object:
    """An engine option's value: a JSON number, ``true``/``false``/``null``, else the text."""
    import json

    try:
        value: object = json.loads(text)
    except json.JSONDecodeError:
        return text
    return value if isinstance(value, (int, float, bool)) or value is None else text


__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotFactory",
    "NoDecisionError",
    "RandomBot",
    "heuristic_factory",
    "make_bot",
    "parse_bot_spec",
]
