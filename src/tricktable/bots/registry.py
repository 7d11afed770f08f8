"""The bot registry: every kind of bot named once, with its settings, its words and its maker.

A bot name is a kind (``hard``), optionally with settings in brackets (``pimc(worlds=30)``)
and, for a program speaking the engine protocol, a command (``cmd(move_ms=500):python
bot.py``). ``BOTS`` holds each kind as a ``BotKind``: its typed ``Setting``s (default,
allowed values, whether only a trusted name may set it), its words for people (made in
``presentation.labels``) and its maker. ``make_bot``, the levels, the command line's bot
options and the web lobby's lists all read it, and its refusals say what was wrong and
what is allowed:

>>> from tricktable.games import load_game
>>> euchre = load_game("euchre(preset=north_american)")
>>> BOTS.make("pimc(worlds=8)", euchre, trusted=True).name
'pimc(worlds=8)'
>>> BOTS.make("pimc(worlds=0)", euchre, trusted=True)
Traceback (most recent call last):
...
tricktable.errors.RuleError: pimc setting worlds must be >= 1, not 0
>>> BOTS.kind("pimc").setting("worlds").allowed()
'an integer >= 1, default 20'

Adding a kind of bot is one ``BotKind`` in ``BOTS`` (and its words in
``presentation.labels.BOT_WORDS``); adding a setting to one is one ``Setting`` in its
tuple (and the keyword in its bot's constructor, which a test holds to the same default).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from tricktable.bots.base import Bot
from tricktable.bots.random_bot import RandomBot
from tricktable.core import Game
from tricktable.errors import RuleError
from tricktable.games import spec_of
from tricktable.presentation.labels import BOT_WORDS, BotWords

SettingValue = int | float | bool | str | None
"""A setting's value, read from its text."""

BotFactory = Callable[[Game[Any], int | None], Bot]
"""Makes a bot for a game and (optionally) a seat."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot name taken apart: its kind, its bracketed settings as text, its command."""

    text: str
    """The name as given (stripped): the name a bot made with settings keeps."""
    kind: str
    settings: dict[str, str]
    command: str | None
    bracket: bool
    """Whether the name has brackets (empty ones too)."""


def read_bot_name(text: str) -> BotSpec:
    """A bot name taken apart (``RuleError`` if its brackets or command are malformed).

    >>> read_bot_name("pimc(worlds=30, depth=2)").settings
    {'worlds': '30', 'depth': '2'}
    >>> read_bot_name("cmd(move_ms=200):python my bot.py").command
    'python my bot.py'
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
    return BotSpec(text.strip(), name.strip().lower(), settings, command, bool(bracket))


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting a kind of bot takes in brackets: its type, default and allowed values.

    >>> share = Setting("sampled_share", "number", None, minimum=0, maximum=1)
    >>> share.read("pimc", "0.5"), share.allowed()
    (0.5, "a number from 0 to 1, default the game's")
    >>> share.read("pimc", "2")
    Traceback (most recent call last):
    ...
    tricktable.errors.RuleError: pimc setting sampled_share must be from 0 to 1, not 2
    """

    name: str
    kind: Literal["integer", "number", "boolean", "text"]
    default: SettingValue
    """The value the bot plays with when the setting is not given (``None``: the game's, or
    none)."""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    none: bool = False
    """Whether ``none`` is allowed (no limit)."""
    unit: str = ""
    """What the number counts, for the refusal (``milliseconds``)."""
    placeholder: str = ""
    """How a text setting is shown in a bot's form (``FILE``)."""
    required: bool = False
    """Whether the bot cannot be made without it."""
    trusted: bool = True
    """Whether only a trusted name (the command line, the caller's code) may set it: a
    setting that could ask for any amount of work, or reach the machine, does."""

    def read(self, bot: str, text: str) -> SettingValue:
        """The value of ``text`` (``RuleError`` saying what is allowed if it is not one)."""
        where = f"{bot} setting {self.name}"
        if self.none and text.lower() == "none":
            return None
        if self.kind == "text":
            if self.choices and text not in self.choices:
                raise RuleError(f"{where} must be one of {', '.join(self.choices)}, not {text!r}")
            return text
        if self.kind == "boolean":
            if text.lower() not in ("true", "false"):
                raise RuleError(f"{where} must be true or false, not {text!r}")
            return text.lower() == "true"
        value: float
        try:
            value = int(text) if self.kind == "integer" else float(text)
        except ValueError:
            what = "an integer" if self.kind == "integer" else "a number"
            raise RuleError(
                f"{where} must be {what}{' or none' if self.none else ''}, not {text!r}"
            ) from None
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            unit = f" ({self.unit})" if self.unit else ""
            raise RuleError(f"{where} must be {self._range()}{unit}, not {text}")
        return value

    def _range(self) -> str:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f"from {low:g} to {high:g}"
        if low is not None:
            return f">= {low:g}"
        return f"<= {high:g}" if high is not None else ""

    def allowed(self) -> str:
        """The values it takes, and its default, in words.

        >>> Setting("leaf", "text", "random", choices=("random", "solver")).allowed()
        'one of random, solver, default random'
        """
        if self.kind == "text":
            what = f"one of {', '.join(self.choices)}" if self.choices else "text"
        elif self.kind == "boolean":
            what = "true or false"
        else:
            what = "an integer" if self.kind == "integer" else "a number"
            if self._range():
                what += f" {self._range()}"
        if self.none:
            what += " or none"
        if self.required:
            return f"{what}, required"
        if self.default is None:
            return f"{what}, default {'none' if self.none else 'the game' + chr(39) + 's'}"
        shown = str(self.default).lower() if isinstance(self.default, bool) else self.default
        return f"{what}, default {shown}"

    def form(self) -> str:
        """``name=VALUE``, as a bot's form shows it (``worlds=N``)."""
        if self.placeholder:
            shown = self.placeholder
        elif self.choices:
            shown = "|".join(self.choices)
        else:
            shown = {"integer": "N", "number": "X", "boolean": "true|false"}.get(self.kind, "TEXT")
        return f"{self.name}={shown}"


Maker = Callable[[Game[Any], int | None, dict[str, Any], BotSpec], Bot]
"""Makes a bot of one kind: the game, the seat, the settings read (only those given) and the
name taken apart."""


@dataclass(frozen=True, slots=True)
class BotKind:
    """One kind of bot: its name, its settings, its words for people and its maker."""

    name: str
    make: Maker
    words: BotWords
    settings: tuple[Setting, ...] = ()
    level: bool = False
    """Whether it is a level people choose (``easy`` ... ``expert``, weakest first)."""
    command: bool = False
    """Whether it runs a program: ``NAME:COMMAND``."""
    options: bool = False
    """Whether settings it does not name pass through as text (an engine's options)."""
    trusted: bool = False
    """Whether only a trusted name may make it at all (it runs a program, reads a file)."""

    def setting(self, name: str) -> Setting:
        """Its setting called ``name`` (``KeyError`` if none)."""
        for setting in self.settings:
            if setting.name == name:
                return setting
        raise KeyError(name)

    @property
    def plain(self) -> bool:
        """Whether its name alone makes it, from any place (no command, no required setting,
        no trust needed)."""
        return not (self.command or self.trusted or any(s.required for s in self.settings))

    def form(self) -> str:
        """How a name of this kind is written, with settings where it takes them.

        >>> BOTS.kind("cmd").form(), BOTS.kind("hard").form()
        ('cmd(move_ms=N,...):COMMAND', 'hard')
        """
        text = self.name
        if self.settings:
            shown = [s for s in self.settings if s.required] or [self.settings[0]]
            more = ",..." if len(self.settings) > len(shown) or self.options else ""
            text += f"({','.join(s.form() for s in shown)}{more})"
        return f"{text}:COMMAND" if self.command else text

    def read(self, spec: BotSpec) -> dict[str, Any]:
        """The settings of ``spec`` read by their types (``RuleError`` for an unknown or bad
        one, or a required one missing).

        >>> BOTS.kind("pimc").read(read_bot_name("pimc(worlds=8,bidding=false)"))
        {'worlds': 8, 'bidding': False}
        """
        known = {setting.name: setting for setting in self.settings}
        unknown = sorted(set(spec.settings) - set(known))
        if unknown and not self.options:
            each = "; ".join(f"{s.name}: {s.allowed()}" for s in self.settings)
            raise RuleError(
                f"{self.name} has no setting {', '.join(unknown)}; settings: {', '.join(known)}"
                f" ({each})"
            )
        values: dict[str, Any] = {}
        for key, text in spec.settings.items():
            setting = known.get(key)
            values[key] = text if setting is None else setting.read(self.name, text)
        for setting in self.settings:
            if setting.required and setting.name not in values:
                raise RuleError(
                    f"{self.name} needs the setting {setting.name}: write {self.form()}"
                )
        return values

    def needs_trust(self, spec: BotSpec) -> bool:
        """Whether only a trusted name may ask for ``spec``: a kind that runs a program or
        reads a file, or brackets holding anything but settings anyone may give."""
        if self.trusted or spec.command is not None:
            return True
        if not spec.bracket:
            return False
        known = {setting.name: setting for setting in self.settings}
        given = [known.get(key) for key in spec.settings]
        return not given or any(setting is None or setting.trusted for setting in given)


class BotRegistry:
    """The kinds of bot, in the order people meet them."""

    def __init__(self, kinds: tuple[BotKind, ...]) -> None:
        self.kinds = kinds
        self._by_name = {kind.name: kind for kind in kinds}

    def __iter__(self) -> Iterator[BotKind]:
        return iter(self.kinds)

    def kind(self, name: str) -> BotKind:
        """The kind called ``name`` (``RuleError`` saying which there are, if none)."""
        kind = self._by_name.get(name.strip().lower())
        if kind is None:
            raise RuleError(f"unknown bot {name.strip()!r}; bots: {self.summary()}")
        return kind

    def names(self) -> tuple[str, ...]:
        """The names that make a bot alone (no settings, no command)."""
        return tuple(kind.name for kind in self.kinds if kind.plain)

    def levels(self) -> tuple[str, ...]:
        """The levels people choose, weakest first."""
        return tuple(kind.name for kind in self.kinds if kind.level)

    def summary(self) -> str:
        """Every name alone, then the forms with settings (from a trusted place).

        >>> BOTS.summary()  # doctest: +ELLIPSIS
        'random, heuristic, pimc, ..., expert; with settings: pimc(worlds=N,...), ...'
        """
        forms = [kind.form() for kind in self.kinds if kind.settings or kind.command]
        return f"{', '.join(self.names())}; with settings: {', '.join(forms)}"

    def make(
        self, name: str, game: Game[Any], seat: int | None = None, *, trusted: bool = False
    ) -> Bot:
        """The bot called ``name`` for ``game`` (and ``seat``, if it is made for one); only a
        ``trusted`` name may give settings that need trust or run a program."""
        spec = read_bot_name(name)
        kind = self._by_name.get(spec.kind)
        if kind is None:
            allowed = self.summary() if trusted else ", ".join(self.names())
            raise RuleError(f"unknown bot {spec.kind!r}; bots: {allowed}")
        if not trusted and kind.needs_trust(spec):
            raise RuleError(
                f"bot {spec.text!r} is not allowed here: settings and cmd: programs come only"
                f" from the command line; bots here: {', '.join(self.names())}"
            )
        if spec.settings and not (kind.settings or kind.options):
            takers = [kind.name for kind in self.kinds if kind.settings or kind.options]
            raise RuleError(
                f"only {', '.join(takers[:-1])} and {takers[-1]} take settings, not {kind.name!r}"
                f" (write {kind.name} alone)"
            )
        values = kind.read(spec)
        try:
            return kind.make(game, seat, values, spec)
        except ValueError as error:
            raise RuleError(f"{spec.text}: {error}") from None


def heuristic_factory(game: Game[Any]) -> BotFactory:
    """The heuristic bot of ``game`` (its spec's ``heuristic`` part)."""
    factory: BotFactory = spec_of(game).part("heuristic")
    return factory


def _random(game: Game[Any], seat: int | None, values: dict[str, Any], spec: BotSpec) -> Bot:
    return RandomBot(game, seat)


def _heuristic(game: Game[Any], seat: int | None, values: dict[str, Any], spec: BotSpec) -> Bot:
    return heuristic_factory(game)(game, seat)


def _pimc(game: Game[Any], seat: int | None, values: dict[str, Any], spec: BotSpec) -> Bot:
    from tricktable.bots.search.pimc import PimcBot

    return _named(PimcBot(game, seat, **values), spec)


def _ismcts(game: Game[Any], seat: int | None, values: dict[str, Any], spec: BotSpec) -> Bot:
    from tricktable.bots.search.ismcts import IsmctsBot

    return _named(IsmctsBot(game, seat, **values), spec)


def _named(bot: Bot, spec: BotSpec) -> Bot:
    """A search bot made with settings keeps its name as given (records keep it)."""
    if spec.settings:
        bot.name = spec.text
    return bot


def _level(game: Game[Any], seat: int | None, values: dict[str, Any], spec: BotSpec) -> Bot:
    from tricktable.bots.levels import make_level

    return make_level(spec.kind, game, seat)


def _policy(game: Game[Any], seat: int | None, values: dict[str, Any], spec: BotSpec) -> Bot:
    try:  # a network trained on the batched euchre (the jax extra)
        from tricktable.batched.policy import make_policy_bot
    except ImportError as error:
        raise RuleError(
            f"the policy bot needs the jax extra (pip install tricktable[jax]): {error}"
        ) from None
    return make_policy_bot(game, seat, {"path": str(values["path"])})


def _engine(game: Game[Any], seat: int | None, values: dict[str, Any], spec: BotSpec) -> Bot:
    """A ``SubprocessBot``: time settings (``move_ms`` ...) set its clock, limit settings
    (``cpu_s``, ``memory_mb``, ``line_kb``) its limits, the rest are the engine's options."""
    from tricktable.engine.client import LIMIT_KEYS, TIME_KEYS, Limits, SubprocessBot, TimeControl

    assert spec.command is not None
    control = TimeControl(**{k: v for k, v in values.items() if k in TIME_KEYS})
    limits = Limits(**{k: v for k, v in values.items() if k in LIMIT_KEYS})
    options = {
        key: _option_value(text)
        for key, text in spec.settings.items()
        if key not in (*TIME_KEYS, *LIMIT_KEYS)
    }
    return SubprocessBot(game, seat, spec.command, control, options=options, limits=limits)


def _option_value(text: str) -> object:
    """An engine option's value: a JSON number, ``true``/``false``/``null``, else the text.

    >>> _option_value("30"), _option_value("fast"), _option_value("[1]")
    (30, 'fast', '[1]')
    """
    try:
        value: object = json.loads(text)
    except json.JSONDecodeError:
        return text
    return value if isinstance(value, (int, float, bool)) or value is None else text


def _ms(name: str, default: int | None, none: bool = False) -> Setting:
    return Setting(name, "integer", default, minimum=1, none=none, unit="milliseconds")


PIMC_SETTINGS = (
    Setting("worlds", "integer", 20, minimum=1),
    Setting("depth", "integer", 1, minimum=1),
    Setting("bidding", "boolean", True),
    Setting("learned", "boolean", True),
    Setting("inference", "boolean", True),
    Setting("sampled_share", "number", None, minimum=0, maximum=1),
    Setting("each_for_itself", "integer", None, minimum=0),
    Setting("postpone", "integer", 0, minimum=0),
)
"""The settings ``pimc(...)`` takes (``PimcBot``'s keywords)."""

ISMCTS_SETTINGS = (
    Setting("iterations", "integer", 1000, minimum=1),
    Setting("exploration", "number", 0.7),
    Setting("leaf", "text", "random", choices=("random", "solver")),
    Setting("worlds", "integer", None, minimum=1),
    Setting("rollout", "text", "random", choices=("random", "heuristic")),
    Setting("objective", "text", "camp", choices=("camp", "each")),
    Setting("spite", "number", 0.0),
    Setting("switch", "integer", 0, minimum=0),
)
"""The settings ``ismcts(...)`` takes (``IsmctsBot``'s keywords)."""

ENGINE_SETTINGS = (
    _ms("move_ms", 10_000, none=True),
    _ms("match_ms", None, none=True),
    _ms("startup_ms", 20_000),
    _ms("grace_ms", 100),
    _ms("quit_ms", 1_000),
    Setting("cpu_s", "integer", 3_600, minimum=1, none=True, unit="s"),
    Setting("memory_mb", "integer", 4_096, minimum=1, none=True, unit="mb"),
    Setting("line_kb", "integer", 1_024, minimum=1, unit="kb"),
)
"""The settings of ``cmd(...):COMMAND`` that set its time control and limits
(``engine.client.TimeControl`` and ``Limits``); any other is passed to the engine as an
option."""

BOTS = BotRegistry(
    (
        BotKind("random", _random, BOT_WORDS["random"]),
        BotKind("heuristic", _heuristic, BOT_WORDS["heuristic"]),
        BotKind("pimc", _pimc, BOT_WORDS["pimc"], PIMC_SETTINGS),
        BotKind("ismcts", _ismcts, BOT_WORDS["ismcts"], ISMCTS_SETTINGS),
        BotKind("easy", _level, BOT_WORDS["easy"], level=True),
        BotKind("medium", _level, BOT_WORDS["medium"], level=True),
        BotKind("hard", _level, BOT_WORDS["hard"], level=True),
        BotKind("expert", _level, BOT_WORDS["expert"], level=True),
        BotKind(
            "policy",
            _policy,
            BOT_WORDS["policy"],
            (Setting("path", "text", None, placeholder="FILE.npz", required=True),),
            trusted=True,
        ),
        BotKind(
            "cmd",
            _engine,
            BOT_WORDS["cmd"],
            ENGINE_SETTINGS,
            command=True,
            options=True,
            trusted=True,
        ),
    )
)
"""Every kind of bot, in the order people meet them: the plain names, the levels (weakest
first), then the bots a trusted name alone may make."""
