"""What the batched games share without JAX: refusing, by name, an engine option a batched
game does not play.

>>> from tricktable.games import load_game
>>> rules = load_game("plain_whist(target=9)").rules
>>> refuse_unplayed(rules, {"preset", "target"}, "whist")
>>> refuse_unplayed(rules, {"preset"}, "whist")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tricktable.errors.RuleError: the batched whist does not play option 'target' = 9, ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Set
from typing import Any

from tricktable.errors import RuleError


def refuse_unplayed(rules: Any, played: Set[str], game: str) -> None:
    """A ``RuleError`` naming the first option of ``rules`` (an engine's rules dataclass)
    away from its default that is not among ``played``, and what the batched ``game``
    plays instead."""
    defaults = type(rules)()
    for field in dataclasses.fields(rules):
        if field.name in played:
            continue
        if getattr(rules, field.name) != getattr(defaults, field.name):
            raise RuleError(
                f"the batched {game} does not play option {field.name!r}"
                f" = {getattr(rules, field.name)!r}, only its default"
                f" {getattr(defaults, field.name)!r}; it plays any"
                f" {', '.join(sorted(played - {'preset'}))}"
            )
