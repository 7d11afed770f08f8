"""Learned inference: sampled worlds drawn as likely as the others' choices make them.

The resampler (``tricktable.search.resample``) places the unseen cards uniformly among the
deals that fit what the seat has seen; it knows nothing of what the other seats chose. In
Romanian whist a seat that bid 3 of 5 holds strong cards, yet uniform worlds give it weak
hands as often as strong ones. Where a game's learned model values the other seats' earlier
decisions (its spec's ``learned`` part, ``LearnedDecisions.earlier_choices``: Romanian whist
and Oh Hell's bids), the model is also a model of how they choose: a seat takes an action
with a chance in proportion to ``exp(value / temperature)`` (``softmax_policy``). A world is
then as likely as the product of those chances for the choices the others made
(``choice_likelihood``), and ``inferred_worlds`` draws ``DRAW_FACTOR`` times the worlds asked
for and keeps as many in proportion to their likelihood (systematic resampling).

Everything it reads is the seat's own view and the worlds drawn from it: the others' views
are rebuilt from a world, never from the state. Its only randomness is the ``rng`` passed in.

>>> import random
>>> from tricktable.testing import first_trick
>>> state = first_trick("romanian_whist(preset=oh_hell,hand_size=7)", 4)
>>> game = state.game
>>> view = state.view(state.current_player)
>>> worlds = inferred_worlds(game, view, random.Random(1), 5)
>>> worlds is not None and len(worlds) == 5
True
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, TypeVar

from tricktable.core import Game, SeatView
from tricktable.games import spec_of
from tricktable.learn.part import FormsOfPart, LearnedDecisions
from tricktable.search.resample import Resampler, World

DRAW_FACTOR = 4
"""Candidate worlds drawn per world kept."""
POLICY_CACHE = 1 << 14
"""How many rebuilt views' policies are kept (``choice_policy``)."""
PROBE_SEED = 0x1F
"""Seed of the one world that tells whether a view has choices to read."""

Item = TypeVar("Item")


def learned_part(game: Game[Any]) -> LearnedDecisions | None:
    """The game's learned part (its spec's ``learned``; the part of the game's form where
    its forms learn apart, ``FormsOfPart``), or ``None`` where it has none."""
    part = spec_of(game).learned
    if part is None:
        return None
    learned: LearnedDecisions = part.load()
    if isinstance(learned, FormsOfPart):
        return learned.part_in(game)
    return learned


def softmax_policy(values: dict[str, float], temperature: float) -> dict[str, float]:
    """The chance of each action of a seat that chooses in proportion to
    ``exp(value / temperature)``.

    >>> policy = softmax_policy({"bid 0": 1.0, "bid 1": 1.0, "bid 2": -2.0}, 1.0)
    >>> round(policy["bid 0"], 3), round(policy["bid 2"], 3)
    (0.488, 0.024)
    """
    top = max(values.values())
    weights = {text: math.exp((value - top) / temperature) for text, value in values.items()}
    total = sum(weights.values())
    return {text: weight / total for text, weight in weights.items()}


def choice_likelihood(game: Game[Any], view: SeatView, world: World) -> float:
    """How likely the other seats' choices of this deal are had the cards lain as ``world``
    says: the product of each choice's chance under ``softmax_policy`` of the game's learned
    model's values from the view its seat had (``LearnedDecisions.earlier_choices``)."""
    part = learned_part(game)
    if part is None:
        return 1.0
    likelihood = 1.0
    for then, action in part.earlier_choices(game, view, world):
        policy = choice_policy(game, then)
        if policy is not None and action in policy:
            likelihood *= policy[action]
    return likelihood


@lru_cache(maxsize=POLICY_CACHE)
def choice_policy(game: Game[Any], then: SeatView) -> dict[str, float] | None:
    """The chance of each action of the seat of ``then`` (``softmax_policy`` of the values
    of the game's learned model), or ``None`` where the model does not value its decision.
    Kept for the next draws: late in a deal many worlds give a seat the same cards it was
    dealt."""
    part = learned_part(game)
    values = None if part is None else part.values(game, then)
    return softmax_policy(values, part.temperature) if part and values else None


def inferred_worlds(
    game: Game[Any], view: SeatView, rng: random.Random, count: int
) -> list[World] | None:
    """``count`` worlds for ``view`` drawn in proportion to how likely the others' choices
    are in them, or ``None`` where the game has no learned model or it reads no other seat's
    choice in this view (the caller draws its worlds another way)."""
    part = learned_part(game)
    if part is None:
        return None
    sampler = Resampler(game, view)
    # Whether a choice is read depends on the view only: a probe world says, without
    # drawing from ``rng`` (a caller that draws its worlds otherwise draws them as ever).
    if not part.earlier_choices(game, view, sampler.sample(random.Random(PROBE_SEED))):
        return None
    candidates = [sampler.sample(rng) for _ in range(count * DRAW_FACTOR)]
    weights = [choice_likelihood(game, view, world) for world in candidates]
    return drawn_in_proportion(candidates, weights, count, rng)


def drawn_in_proportion(
    items: Sequence[Item], weights: Sequence[float], count: int, rng: random.Random
) -> list[Item]:
    """``count`` of ``items``, each about ``count * weight / total`` times (systematic
    resampling: one random offset, then evenly spaced points over the weights' running sum);
    all alike when every weight is 0.

    >>> drawn_in_proportion("abc", [0.0, 3.0, 1.0], 4, random.Random(2))
    ['b', 'b', 'b', 'c']
    >>> drawn_in_proportion("abc", [0.0, 0.0, 0.0], 2, random.Random(2))
    ['b', 'c']
    """
    total = sum(weights)
    if total <= 0:  # nothing to tell the items apart: all alike
        weights, total = [1.0] * len(items), float(len(items))
    elif total / count < sys.float_info.min:  # the points' spacing would lose its precision
        top = max(weights)
        weights = [weight / top for weight in weights]
        total = sum(weights)
    step = total / count
    point = rng.random() * step
    out: list[Item] = []
    running = 0.0
    for item, weight in zip(items, weights, strict=True):
        running += weight
        while point < running and len(out) < count:
            out.append(item)
            point += step
    while len(out) < count:  # the running sum fell short of the last point by rounding
        out.append(items[-1])
    return out
