"""What the batched games share: choosing between states, and shuffling a spare deck a few
swaps a step so that no step pays for a whole shuffle.

>>> import jax, jax.numpy as jnp
>>> deck, shuffled = jnp.arange(6, dtype=jnp.int32), i32(0)
>>> for number in range(3):
...     deck, shuffled = shuffle_deck(deck, shuffled, jax.random.PRNGKey(number), 2, 5)
>>> int(shuffled), sorted(deck.tolist())
(5, [0, 1, 2, 3, 4, 5])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Self, TypeVar, cast

import jax
import jax.numpy as jnp
from jax import Array

TRUE = jnp.bool_(True)
HOLLOW = jnp.zeros(0, jnp.bool_)
"""What a state carries in place of its mask and observation until they are made."""
RADIX_LIMIT = 1 << 16
"""Swaps share a random 32-bit word while the product of their ranges stays below this (a
bias below one in 65,536 of the word's range for any partner)."""

StateT = TypeVar("StateT")


class Replaceable:
    """The base of a batched game's ``State`` (a frozen dataclass): ``replace``, a copy with
    some fields changed, as pgx's states have it."""

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes``."""
        copied: Self = dataclasses.replace(cast(Any, self), **changes)
        return copied


def take(
    state: StateT,
    action: Array,
    advance: Callable[[StateT, Array], StateT],
    penalty: Array,
    over: int,
) -> tuple[StateT, Array]:
    """The state after ``action`` (an index of the action space) and whether it was legal:
    ``advance`` takes it in the state without its mask, observation and spare deck (made
    again after), unless it is illegal, which ends the game (phase ``over``, no seat to act,
    ``penalty`` the rewards). A game already over stays over (every action is legal).

    The state is a batched game's (``Replaceable``, with ``legal_action_mask``, ``phase``,
    ``current_player``, ``rewards`` and ``step_count``)."""
    now: Any = state
    action = jnp.asarray(action, jnp.int32)
    legal = now.legal_action_mask[action]
    # The transitions carry the state without its mask, observation and spare deck: every
    # branch and choice is then a choice of a few numbers.
    before = now.replace(observation=HOLLOW, legal_action_mask=HOLLOW, spare=HOLLOW)
    moved: Any = advance(before, action)
    taken: StateT = moved.replace(
        phase=jnp.where(legal, moved.phase, over).astype(jnp.int32),
        current_player=jnp.where(legal, moved.current_player, -1),
        rewards=jnp.where(legal, moved.rewards, penalty),
        step_count=now.step_count + 1,
    )
    return taken, legal


def i32(value: int) -> Array:
    """``value`` as a JAX int32 scalar."""
    return jnp.asarray(value, jnp.int32)


def where(condition: Array, if_true: StateT, if_false: StateT) -> StateT:
    """Field by field, ``if_true`` where ``condition`` holds, else ``if_false``."""
    chosen: StateT = jax.tree.map(lambda a, b: jnp.where(condition, a, b), if_true, if_false)
    return chosen


def swaps_per_word(size: int) -> int:
    """How many Fisher-Yates swaps of a ``size``-card deck one random word draws.

    >>> swaps_per_word(24), swaps_per_word(52)
    (3, 2)
    """
    count, product = 0, 1
    while product * size <= RADIX_LIMIT:
        count, product = count + 1, product * size
    return max(count, 1)


def partners(
    key: Array, shuffled: Array, size: int, swaps: int, limit: int
) -> tuple[list[tuple[Array, Array, Array]], Array]:
    """The next ``swaps`` steps of a Fisher-Yates shuffle of a ``size``-card deck whose first
    ``shuffled`` positions are fixed: each step's position, its partner (uniform among the
    positions not yet fixed, drawn by mixed radix from random words) and whether it is taken
    (positions from ``limit`` on are not: the deal uses no more); and the count after."""
    per_word = swaps_per_word(size)
    words = -(-swaps // per_word)
    drawn = jax.random.bits(key, () if words == 1 else (words,), jnp.uint32)
    steps = []
    word = drawn
    for number in range(swaps):
        if number % per_word == 0:
            word = drawn if words == 1 else drawn[number // per_word]
        left = jnp.maximum(size - shuffled, 1).astype(jnp.uint32)
        partner = shuffled + (word % left).astype(jnp.int32)
        word = word // left
        steps.append((shuffled, partner, shuffled < limit))
        shuffled = jnp.minimum(shuffled + 1, limit)
    return steps, shuffled


def shuffle_deck(
    deck: Array, shuffled: Array, key: Array, swaps: int, limit: int
) -> tuple[Array, Array]:
    """``swaps`` more Fisher-Yates swaps of ``deck`` (the card at each position), up to
    position ``limit``; the deck and how many positions are shuffled."""
    positions = jnp.arange(deck.shape[0], dtype=jnp.int32)
    steps, shuffled = partners(key, shuffled, deck.shape[0], swaps, limit)
    for position, partner, taken in steps:
        here, there = deck[position], deck[partner]
        swapped = jnp.where(
            positions == position, there, jnp.where(positions == partner, here, deck)
        )
        deck = jnp.where(taken, swapped, deck)
    return deck, shuffled


def shuffle_places(
    places: Array, shuffled: Array, key: Array, swaps: int, limit: int
) -> tuple[Array, Array]:
    """As ``shuffle_deck`` for a deck kept the other way round, each card's position: the
    same swaps, without looking any card up."""
    steps, shuffled = partners(key, shuffled, places.shape[0], swaps, limit)
    for position, partner, taken in steps:
        swapped = jnp.where(
            places == position, partner, jnp.where(places == partner, position, places)
        )
        places = jnp.where(taken, swapped, places)
    return places, shuffled
