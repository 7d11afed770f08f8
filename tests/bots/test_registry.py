"""The bot registry: one place names every kind of bot, its settings and how it is made.

Each rule of the registry has a test: an unknown name, an unknown or bad setting, a missing
required one, the names only a trusted place may give (refused with the names allowed), the
settings anyone may give, the defaults it documents (held to the bots' own), the names the
records keep, and the lists the levels, the lobby and the labels read from it.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

from tricktable.bots import BOT_NAMES, BOTS, make_bot, parse_bot_spec
from tricktable.bots.base import Bot
from tricktable.bots.levels import LEVELS
from tricktable.bots.random_bot import RandomBot
from tricktable.bots.registry import (
    ENGINE_SETTINGS,
    BotKind,
    BotRegistry,
    BotSpec,
    Setting,
)
from tricktable.bots.search.ismcts import IsmctsBot
from tricktable.bots.search.pimc import PimcBot
from tricktable.core import Game
from tricktable.engine.client import LIMIT_KEYS, TIME_KEYS, Limits, TimeControl
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.presentation.labels import BOT_WORDS, BotWords, bot_label
from tricktable.web.catalog import bot_engines, bot_levels

PLAIN = "random, heuristic, pimc, ismcts, easy, medium, hard, expert"
"""The names alone, as the refusals list them."""


@pytest.fixture(scope="module")
def euchre() -> Game[Any]:
    return load_game("euchre(preset=north_american)")


@pytest.mark.parametrize("trusted", [True, False])
def test_an_unknown_bot_is_refused_with_the_bots_there_are(
    euchre: Game[Any], trusted: bool
) -> None:
    with pytest.raises(RuleError) as caught:
        make_bot("oracle", euchre, trusted=trusted)
    message = str(caught.value)
    assert message.startswith(f"unknown bot 'oracle'; bots: {PLAIN}")
    # the forms with settings are offered only where they may be given
    assert ("pimc(worlds=N,...)" in message) == trusted
    assert ("cmd(move_ms=N,...):COMMAND" in message) == trusted


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("pimc(worlds=many)", "pimc setting worlds must be an integer, not 'many'"),
        ("pimc(worlds=0)", "pimc setting worlds must be >= 1, not 0"),
        ("pimc(bidding=maybe)", "pimc setting bidding must be true or false, not 'maybe'"),
        ("pimc(sampled_share=1.5)", "pimc setting sampled_share must be from 0 to 1, not 1.5"),
        ("ismcts(leaf=deep)", "ismcts setting leaf must be one of random, solver, not 'deep'"),
        ("ismcts(exploration=wide)", "ismcts setting exploration must be a number, not 'wide'"),
        ("cmd(move_ms=0):x", "cmd setting move_ms must be >= 1 (milliseconds), not 0"),
        ("cmd(move_ms=fast):x", "cmd setting move_ms must be an integer or none, not 'fast'"),
        ("cmd(line_kb=none):x", "cmd setting line_kb must be an integer, not 'none'"),
    ],
)
def test_a_bad_setting_says_what_is_allowed(euchre: Game[Any], name: str, says: str) -> None:
    with pytest.raises(RuleError) as caught:
        make_bot(name, euchre, trusted=True)
    assert str(caught.value) == says


def test_an_unknown_setting_is_refused_with_the_settings_there_are(euchre: Game[Any]) -> None:
    with pytest.raises(RuleError) as caught:
        make_bot("pimc(speed=3)", euchre, trusted=True)
    names = ", ".join(setting.name for setting in BOTS.kind("pimc").settings)
    assert str(caught.value).startswith(f"pimc has no setting speed; settings: {names} (")
    assert "worlds: an integer >= 1, default 20; depth: an integer >= 1, default 1;" in str(
        caught.value
    )
    assert "sampled_share: a number from 0 to 1, default the game's;" in str(caught.value)
    with pytest.raises(RuleError, match=r"^only pimc, ismcts, policy and cmd take settings, not"):
        make_bot("hard(worlds=3)", euchre, trusted=True)


def test_a_required_setting_is_asked_for_by_its_form(euchre: Game[Any]) -> None:
    with pytest.raises(RuleError) as caught:
        make_bot("policy", euchre, trusted=True)
    assert str(caught.value) == "policy needs the setting path: write policy(path=FILE.npz)"
    assert "policy" not in BOT_NAMES and "cmd" not in BOT_NAMES


@pytest.mark.parametrize(
    "name", ["pimc(worlds=100000)", "pimc()", "cmd:python mybot.py", "policy(path=w.npz)"]
)
def test_an_untrusted_name_may_not_set_settings_or_run_a_program(
    euchre: Game[Any], name: str
) -> None:
    """The web table's players name bots too: they get the names alone, and are told which."""
    with pytest.raises(RuleError) as caught:
        make_bot(name, euchre)
    assert str(caught.value) == (
        f"bot {name!r} is not allowed here: settings and cmd: programs come only from the"
        f" command line; bots here: {PLAIN}"
    )


def _toy(game: Game[Any], seat: int | None, values: dict[str, Any], spec: BotSpec) -> Bot:
    bot = RandomBot(game, seat)
    bot.name = f"toy{values}"
    return bot


TOYS = BotRegistry(
    (
        BotKind(
            "toy",
            _toy,
            BotWords("Toy", "A bot for this test."),
            (
                Setting("pace", "integer", 1, minimum=1, trusted=False),
                Setting("depth", "integer", 1, minimum=1),
            ),
        ),
    )
)
"""A registry of one kind with one setting anyone may give and one that needs trust."""


def test_a_setting_anyone_may_give_is_taken_from_an_untrusted_name(euchre: Game[Any]) -> None:
    assert TOYS.make("toy(pace=3)", euchre).name == "toy{'pace': 3}"
    with pytest.raises(RuleError, match="'toy\\(pace=3,depth=2\\)' is not allowed here"):
        TOYS.make("toy(pace=3,depth=2)", euchre)
    assert TOYS.make("toy(pace=3,depth=2)", euchre, trusted=True).name == (
        "toy{'pace': 3, 'depth': 2}"
    )
    with pytest.raises(RuleError, match="toy setting pace must be >= 1, not 0"):
        TOYS.make("toy(pace=0)", euchre)  # read as strictly as from a trusted name


def _defaults(maker: Any) -> dict[str, Any]:
    return {
        name: parameter.default
        for name, parameter in inspect.signature(maker).parameters.items()
        if parameter.default is not inspect.Parameter.empty
    }


@pytest.mark.parametrize(("kind", "maker"), [("pimc", PimcBot), ("ismcts", IsmctsBot)])
def test_the_documented_defaults_are_the_bots_own(kind: str, maker: Any) -> None:
    """Each setting is a keyword of the bot's constructor, with the default the registry says."""
    own = _defaults(maker)
    for setting in BOTS.kind(kind).settings:
        assert setting.name in own, setting.name
        assert setting.default == own[setting.name], setting.name


def test_the_engine_settings_are_its_clock_and_limits() -> None:
    """``cmd``'s settings are ``TimeControl``'s and ``Limits``' fields: the same defaults, and
    ``none`` (no limit) exactly where the field may be ``None``."""
    assert tuple(setting.name for setting in ENGINE_SETTINGS) == (*TIME_KEYS, *LIMIT_KEYS)
    fields = {f.name: f for cls in (TimeControl, Limits) for f in dataclasses.fields(cls)}
    for setting in ENGINE_SETTINGS:
        field = fields[setting.name]
        assert setting.default == field.default, setting.name
        assert setting.none == ("None" in str(field.type)), setting.name


def test_settings_reach_the_bot_and_the_name_as_given_is_kept(euchre: Game[Any]) -> None:
    """Records keep a bot's name (``played_by``): every spelling names the bot as before."""
    bot = make_bot("pimc(worlds=8, bidding=false)", euchre, trusted=True)
    assert isinstance(bot, PimcBot) and (bot.worlds, bot.bidding) == (8, False)
    assert bot.name == "pimc(worlds=8, bidding=false)"
    assert make_bot("pimc", euchre).name == "pimc"
    assert make_bot(" HARD ", euchre).name == "hard"
    made = make_bot("ismcts(leaf=solver,iterations=5)", euchre, trusted=True)
    assert isinstance(made, IsmctsBot) and (made.leaf, made.iterations) == ("solver", 5)
    engine = make_bot("cmd(move_ms=500,depth=3):python mybot.py", euchre, trusted=True)
    assert engine.name == "cmd:python mybot.py"
    assert parse_bot_spec("cmd(move_ms=500,depth=3):python mybot.py") == (
        "cmd",
        {"move_ms": "500", "depth": "3"},
        "python mybot.py",
    )


def test_the_levels_lobby_and_labels_read_the_registry() -> None:
    assert tuple(kind.name for kind in BOTS if kind.plain) == BOT_NAMES
    assert LEVELS == BOTS.levels() == ("easy", "medium", "hard", "expert")
    assert bot_levels() == [
        {"name": name, "description": BOTS.kind(name).words.description} for name in LEVELS
    ]
    assert [entry["name"] for entry in bot_engines()] == ["random", "heuristic", "pimc", "ismcts"]
    assert set(BOT_WORDS) == {kind.name for kind in BOTS}
    for kind in BOTS:
        assert kind.words is BOT_WORDS[kind.name]
        if kind.plain:
            assert bot_label(kind.name) == f"{kind.words.title} bot"
    assert bot_label("cmd(move_ms=500):python x.py") == "Engine bot (python x.py)"
    assert bot_label("pimc(worlds=30)") == "PIMC bot (worlds=30)"
    assert bot_label("heuristic") == bot_label("medium") == "Medium bot"
