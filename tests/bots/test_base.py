"""The bot interface's common parts: every game's heuristic is a ``Heuristic`` that plays
its own game alone and judges by its tuning."""

from __future__ import annotations

import pytest

from tricktable.bots import make_bot
from tricktable.bots.base import Heuristic
from tricktable.errors import RuleError
from tricktable.games import GAME_NAMES, load_game


@pytest.mark.parametrize("name", GAME_NAMES)
def test_each_heuristic_keeps_its_games_rules_and_default_tuning(name: str) -> None:
    game = load_game(name)
    bot = make_bot("heuristic", game)
    assert isinstance(bot, Heuristic)
    assert bot.rules is game.rules
    assert bot.tuning is type(bot).default_tuning


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_heuristic_keeps_the_tuning_it_is_given(name: str) -> None:
    game = load_game(name)
    heuristic = type(make_bot("heuristic", game))
    tuning = type(heuristic.default_tuning)()
    assert heuristic(game, 0, tuning).tuning is tuning


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_heuristic_refuses_another_game_by_name(name: str) -> None:
    heuristic = type(make_bot("heuristic", load_game(name)))
    other = next(n for n in GAME_NAMES if not isinstance(load_game(n), heuristic.game_class))
    with pytest.raises(RuleError, match=f"the {name} heuristic plays {name}, not '{other}'"):
        heuristic(load_game(other))
