"""The games, found by name: ``load_game("euchre(preset=british)")``.

>>> load_game("euchre", {"preset": "cornish"}).rules.joker_upcard
'blind_call'
>>> load_game("whist")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tricktable.errors.RuleError: unknown game 'whist'; games: euchre, all_fours, romanian_whist, ...
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from tricktable.core import Game
from tricktable.errors import RuleError
from tricktable.rules import parse_rule_string

GAMES: dict[str, str] = {
    "euchre": "tricktable.games.euchre.engine:Euchre",
    "all_fours": "tricktable.games.all_fours.engine:AllFours",
    "romanian_whist": "tricktable.games.romanian_whist.engine:RomanianWhist",
    "two_handed_euchre": "tricktable.games.two_handed_euchre.engine:TwoHandedEuchre",
    "three_handed_euchre": "tricktable.games.three_handed_euchre.engine:ThreeHandedEuchre",
    "bid_euchre": "tricktable.games.bid_euchre.engine:BidEuchre",
    "setback_euchre": "tricktable.games.setback_euchre.engine:SetbackEuchre",
}
"""Every game by name: where its ``Game`` class lives (imported when first used). Each
class has ``from_spec(rules, players)``."""


def game_class(name: str) -> type[Game[Any]]:
    """The ``Game`` class of a game name."""
    if name not in GAMES:
        raise RuleError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
    module_name, class_name = GAMES[name].split(":")
    cls: type[Game[Any]] = getattr(importlib.import_module(module_name), class_name)
    return cls


def load_game(
    spec: str, rules: Mapping[str, Any] | str | None = None, players: int | None = None
) -> Game[Any]:
    """A game from a name or rule string, optionally with a rules object and player count."""
    name, options = parse_rule_string(spec) if "(" in spec else (spec.strip(), {})
    if isinstance(rules, str):
        rule_game, rule_options = parse_rule_string(rules)
        if rule_game != name:
            raise RuleError(f"rule string is for {rule_game!r}, not {name!r}")
        options = {**options, **rule_options}
    elif rules is not None:
        if not isinstance(rules, Mapping):
            raise RuleError(f"rules must be an object of option names, not {rules!r}")
        options = {**options, **rules}
    return game_class(name).from_spec(options, players)
