"""Every game, preset and player count the research interfaces are tested on."""

from __future__ import annotations

from typing import Any

from tricktable.errors import RuleError
from tricktable.games import GAME_NAMES, game_class, load_game, player_counts

NEEDED: dict[tuple[str, str], dict[str, Any]] = {("romanian_whist", "oh_hell"): {"hand_size": 5}}
"""Options a preset requires (RULES.md gives Oh Hell's hand size no default)."""


def configurations() -> list[tuple[str, dict[str, Any], int]]:
    """``(game, rules, players)`` for every preset of every game at every player count it
    is played by (a preset for fewer player counts than its game is left out where the
    engine refuses the count)."""
    found = []
    for name in GAME_NAMES:
        for preset in game_class(name).presets:
            rules = {"preset": preset, **NEEDED.get((name, preset), {})}
            for players in player_counts(name):
                try:
                    load_game(name, rules, players)
                except RuleError as error:
                    assert "is played by" in str(error), error
                    continue
                found.append((name, rules, players))
    return found


def config_id(config: tuple[str, dict[str, Any], int]) -> str:
    name, rules, players = config
    return f"{name}-{rules['preset']}-{players}"
