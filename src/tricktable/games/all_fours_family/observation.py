"""What All Fours' and Pitch's observation encodings share (``tricktable.games.encoding``;
docs/rl.md): the 52 cards, and the extra fields that open both games' own: the eldest
hand, the target and each side's count towards the point for Game (``points_encoder``).

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("pitch(preset=auction)", players=3)
>>> state = game.new_match(random.Random(3))
>>> state.deal_random(random.Random(3))
>>> count_names(game)
('eldest_0', 'eldest_1', 'eldest_2', 'target', 'game_points_0', 'game_points_1', 'game_points_2')
>>> len(count_extras(state.view(0), 3)) == len(count_names(game))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.actions import Action
from tricktable.core import Game, SeatView
from tricktable.games.all_fours_family.facts import PointsFacts
from tricktable.games.encoding import (
    Encoder,
    Encoding,
    Extras,
    card_universe,
    seat_names,
    seat_one_hot,
)

CARDS = card_universe(2)
"""The cards either game deals: all 52."""


def side_names(prefix: str, sides: int) -> tuple[str, ...]:
    """The names of a field with one value per side (``per_side``)."""
    return tuple(f"{prefix}_{side}" for side in range(sides))


def per_side(values: Sequence[int], sides: int) -> list[float]:
    """One value per side, padded with 0 to ``sides`` (and cut to it)."""
    return [*map(float, values), *[0.0] * sides][:sides]


def count_extras(view: SeatView, sides: int) -> list[float]:
    """The fields ``count_names`` names: the eldest hand one-hot, the target and each
    side's Game count."""
    facts = view.facts(PointsFacts)
    return [
        *seat_one_hot(view, facts.eldest),
        float(facts.target),
        *per_side(facts.game_points, sides),
    ]


def count_names(game: Game[Any]) -> tuple[str, ...]:
    """The names of ``count_extras``'s fields for ``game``."""
    return (
        *seat_names("eldest", game.players),
        "target",
        *side_names("game_points", len(game.sides)),
    )


def points_encoder(
    game: Game[Any],
    actions: tuple[Action, ...],
    max_decisions: int,
    *,
    extra_names: Sequence[str],
    extras: Extras,
) -> Encoder:
    """A game's encoder over ``CARDS`` with ``actions``, room for ``max_decisions``
    decisions a deal; its extra fields are the counts (``count_names``) then the game's own
    (``extra_names``, filled by ``extras``)."""
    sides = len(game.sides)

    def all_extras(view: SeatView) -> list[float]:
        return [*count_extras(view, sides), *extras(view)]

    return Encoder(
        game,
        Encoding(
            cards=CARDS,
            actions=actions,
            max_decisions=max_decisions,
            extra_names=(*count_names(game), *extra_names),
            extras=all_extras,
        ),
    )
