"""The games the lobby offers, described from the rules modules themselves.

Every game of ``tricktable.games.GAMES`` appears with its presets, the player counts it
accepts and every rule option (kind, default, choices, minimum, help) so the lobby's
create-table form is generated, never written by hand per game.

>>> entry = catalog()[0]  # Euchre, the first of GAME_NAMES
>>> entry["players"], entry["default_players"]
([4], 4)
>>> stick = next(o for o in entry["options"] if o["name"] == "stick_the_dealer")
>>> stick["kind"], stick["label"], stick["sentence"]
('bool', 'Stick the dealer', 'If all pass twice the dealer must call a suit.')
>>> [level["name"] for level in bot_levels()], DEFAULT_BOT
(['easy', 'medium', 'hard', 'expert'], 'medium')
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from tricktable.bots import BOT_NAMES, BOTS
from tricktable.games import GAMES, load_game, player_counts, spec_of
from tricktable.presentation.labels import preset_words
from tricktable.rules import build_rules, option_infos


@functools.cache
def catalog() -> list[dict[str, Any]]:
    """Every game with its presets, player counts and options (computed once)."""
    out = []
    for name in GAMES:
        game = load_game(name)
        rules_class = type(game.rules)
        players = list(player_counts(name))
        minimums = {f.name: f.metadata.get("minimum") for f in dataclasses.fields(rules_class)}
        options = [
            {
                "name": info.name,
                "kind": info.kind,
                "default": info.default,
                "help": info.help,
                "label": info.label,
                "sentence": info.sentence,
                "choices": list(info.choices) if info.choices else None,
                "minimum": minimums.get(info.name),
            }
            for info in option_infos(rules_class)
        ]
        presets = {}
        for preset in game.presets:
            rules = build_rules(rules_class, game.presets, {"preset": preset}, name)
            presets[preset] = {
                info.name: getattr(rules, info.name) for info in option_infos(rules_class)
            }
        out.append(
            {
                "name": name,
                "title": spec_of(game).title,
                "preset_titles": {preset: preset_words(preset) for preset in presets},
                "players": players,
                "default_players": game.players,
                "presets": presets,
                "options": options,
            }
        )
    return out


def bot_names() -> list[str]:
    """The bot names seats may be given (whatever ``make_bot`` accepts)."""
    return list(BOT_NAMES)


DEFAULT_BOT = "medium"
"""The level the lobby offers for a bot seat, and fills open seats with, unless told."""


def _described(names: tuple[str, ...]) -> list[dict[str, str]]:
    return [{"name": name, "description": BOTS.kind(name).words.description} for name in names]


def bot_levels() -> list[dict[str, str]]:
    """The levels people choose from (weakest first), each with one line about it."""
    return _described(BOTS.levels())


def bot_engines() -> list[dict[str, str]]:
    """The bots behind the levels, for those who want one by name ("more" in the lobby)."""
    return _described(tuple(name for name in BOT_NAMES if name not in BOTS.levels()))
