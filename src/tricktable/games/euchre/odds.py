"""The chance of winning a four-handed euchre game from a score, so bots play for the game.

A deal's worth is not its points alone: at 9-9 in a game to 10 one point wins, and being
euchred loses no more than a make wins. ``deal_value`` turns a deal's points into the
change in the side's chance of winning the game (``win_chance``), expressed in points
worth at the current score, so that values keep their familiar size (about one point per
point early in a game) and the bots' margins keep their meaning.

The chance is worked out by a Markov model of the remaining deals: each deal ends in one
of the outcomes of ``DEAL_OUTCOMES`` (measured in self-play, ``bench/euchre_outcomes.py``)
for either side with equal chance, scored by the table's rules. The model leaves out who
deals next and the later games of a best-of-three match. With no target (a single hand)
the value is the deal's points difference.

>>> from tricktable.games import load_game
>>> rules = load_game("euchre").rules
>>> round(win_chance(rules, 9, 9), 3), round(win_chance(rules, 8, 0), 3)
(0.5, 0.973)
>>> deal_value(rules, (9, 9), 0, 0, 2)   # euchred at 9-9: one point lost, not two
-1.0
>>> round(deal_value(rules, (0, 0), 0, 1, 0), 2), round(deal_value(rules, (0, 0), 0, 0, 2), 2)
(1.0, -2.02)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

DEAL_OUTCOMES: dict[str, float] = {
    "make": 0.6029,
    "march": 0.1719,
    "euchred": 0.1678,
    "lone make": 0.0272,
    "lone march": 0.0274,
    "lone euchred": 0.0010,
    "thrown in": 0.0017,
}
"""How often a deal ends each way: ``medium`` self-play, ``north_american``, 20,011 deals
(``python bench/euchre_outcomes.py --deals 20000 --seed 5``)."""


def outcome_points(rules: Any) -> dict[str, tuple[int, bool]]:
    """``(points, to the makers?)`` of each outcome of ``DEAL_OUTCOMES`` under ``rules``."""
    return {
        "make": (rules.make_points, True),
        "march": (rules.march_points, True),
        "euchred": (rules.euchre_points, False),
        "lone make": (rules.make_points, True),
        "lone march": (rules.lone_march_points, True),
        "lone euchred": (rules.lone_euchre_points, False),
        "thrown in": (0, True),
    }


def win_chance(rules: Any, ours: int, theirs: int) -> float:
    """The modelled chance that the side with ``ours`` points wins the game against
    ``theirs`` (``rules.target`` must be set)."""
    target = rules.target
    if target is None:
        raise ValueError("win_chance needs a game to a target score")
    if ours >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return _rules_table(rules)[ours, theirs]


@lru_cache(maxsize=64)
def _rules_table(rules: Any) -> dict[tuple[int, int], float]:
    """The win-chance table of a table's rules (rules objects are frozen, so hashable)."""
    names = sorted(DEAL_OUTCOMES)
    scoring = outcome_points(rules)
    return _chance_table(
        int(rules.target),
        tuple(scoring[name][0] for name in names),
        tuple(DEAL_OUTCOMES[name] for name in names),
    )


def deal_value(rules: Any, scores: tuple[int, ...], side: int, ours: int, theirs: int) -> float:
    """What scoring ``ours`` points (and the others ``theirs``) in this deal is worth to
    ``side`` at ``scores``: the change in its chance of winning the game divided by what one
    point is worth here (half the difference between scoring it and conceding it); the
    plain points difference when the game has no target."""
    target = rules.target
    if target is None:
        return float(ours - theirs)
    mine, others = int(scores[side]), int(scores[1 - side])
    if mine >= target or others >= target:
        return float(ours - theirs)
    now = win_chance(rules, mine, others)
    one_point = (win_chance(rules, mine + 1, others) - win_chance(rules, mine, others + 1)) / 2
    if one_point <= 0:
        return float(ours - theirs)
    return (win_chance(rules, mine + ours, others + theirs) - now) / one_point


@lru_cache(maxsize=64)
def _chance_table(
    target: int, points: tuple[int, ...], weights: tuple[float, ...]
) -> dict[tuple[int, int], float]:
    """The win chances below ``target`` of a game whose deals give ``points[i]`` to one
    side, either side equally likely, with chance ``weights[i]``."""
    scoring = [(p, w / 2) for p, w in zip(points, weights, strict=True) if p > 0]
    moving = 2 * sum(w for _, w in scoring)
    table: dict[tuple[int, int], float] = {}

    def chance(ours: int, theirs: int) -> float:
        if ours >= target:
            return 1.0
        if theirs >= target:
            return 0.0
        return table[ours, theirs]

    # Fill from the highest total down: each entry needs only higher scores.
    for total in range(2 * (target - 1), -1, -1):
        for ours in range(max(0, total - target + 1), min(total, target - 1) + 1):
            theirs = total - ours
            if moving <= 0:  # no deal ever scores
                table[ours, theirs] = 0.5
                continue
            value = sum(
                w * (chance(ours + p, theirs) + chance(ours, theirs + p)) for p, w in scoring
            )
            table[ours, theirs] = value / moving
    return table
