"""The games, found by name: ``load_game("euchre(preset=british)")``.

>>> load_game("euchre", {"preset": "cornish"}).rules.joker_upcard
'blind_call'
>>> load_game("whist")
Traceback (most recent call last):
...
tricktable.errors.RuleError: unknown game 'whist'; games: euchre, all_fours, romanian_whist
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tricktable.core import Game
from tricktable.errors import RuleError
from tricktable.games.all_fours import AllFours
from tricktable.games.euchre import Euchre
from tricktable.games.romanian_whist import RomanianWhist
from tricktable.rules import parse_rule_string


def _euchre(options: Mapping[str, Any], players: int | None) -> Game[Any]:
    if players not in (None, 4):
        raise RuleError(f"euchre is played by 4 players, not {players}")
    return Euchre.from_spec(dict(options))


def _all_fours(options: Mapping[str, Any], players: int | None) -> Game[Any]:
    return AllFours.from_spec(dict(options), players)


def _romanian_whist(options: Mapping[str, Any], players: int | None) -> Game[Any]:
    return RomanianWhist.from_spec(dict(options), players)


GAMES: dict[str, Callable[[Mapping[str, Any], int | None], Game[Any]]] = {
    "euchre": _euchre,
    "all_fours": _all_fours,
    "romanian_whist": _romanian_whist,
}
"""Every game by name: a factory from rule options and a player count."""


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
    if name not in GAMES:
        raise RuleError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
    return GAMES[name](options, players)
