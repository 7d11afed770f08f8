"""The differential driver both batched games share: a batch of games stepped with random legal
actions, the engine's game beside each, compared before every decision and after every step
(docs/rl.md, "Batched in JAX"). A game's test says how its engine game is dealt like the
batched one, how the two differ before a decision and what each seat's reward is."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from tricktable.core import State as EngineState


class Replay(ABC):
    """The engine's games, each dealt as the batched env dealt it, stepped alongside."""

    @abstractmethod
    def deal_like(self, host: Any, index: int, state: EngineState | None = None) -> EngineState:
        """The engine's game (``state``, or a new one) dealt as the batched game ``index``."""

    @abstractmethod
    def mismatch(self, reference: EngineState, host: Any, index: int) -> str | None:
        """How the batched game ``index``'s observation (its player to act and legal actions
        agree) differs from the engine's before a decision, or None."""

    @abstractmethod
    def engine_action(self, action: int) -> str:
        """The engine's action of the batched action number ``action``."""

    @abstractmethod
    def rewards(self, reference: EngineState, before: list[int]) -> list[float]:
        """Each seat's reward for the deal just scored (``before``: the scores before it)."""


def decision_mismatch(replay: Replay, reference: EngineState, host: Any, index: int) -> str | None:
    """How the batched game ``index`` differs from the engine before a decision, or None."""
    seat = reference.current_player
    if int(host.current_player[index]) != seat:
        return f"to act: batched {int(host.current_player[index])}, engine {seat}"
    batched = np.flatnonzero(host.legal_action_mask[index])
    legal = {replay.engine_action(int(action)) for action in batched}
    if legal != set(reference.legal_actions()):
        return f"legal actions: batched {sorted(legal)}, engine {sorted(reference.legal_actions())}"
    return replay.mismatch(reference, host, index)


def differential(
    env: Any, replay: Replay, batch: int, steps: int, seed: int
) -> tuple[int, int, str | None]:
    """Step ``batch`` games of ``env`` for ``steps`` steps (auto reset) with random legal
    actions, the engine beside each (``replay``); the deals scored, the games completed and
    the first difference (None if none)."""
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(seed)
    key, sub = jax.random.split(key)
    states = init(jax.random.split(sub, batch))
    host = jax.device_get(states)
    references = [replay.deal_like(host, i) for i in range(batch)]
    rng = np.random.default_rng(seed)
    deals = completed = 0
    for number in range(steps):
        actions = np.empty(batch, np.int32)
        before = [reference.scores() for reference in references]
        for i, reference in enumerate(references):
            found = decision_mismatch(replay, reference, host, i)
            if found is not None:
                return deals, completed, f"game {i}, step {number}: {found}"
            actions[i] = rng.choice(np.flatnonzero(host.legal_action_mask[i]))
            reference.apply(replay.engine_action(int(actions[i])))
        key, sub = jax.random.split(key)
        states = step(states, jnp.asarray(actions), jax.random.split(sub, batch))
        host = jax.device_get(states)
        for i, reference in enumerate(references):
            ended = bool(host.terminated[i])
            scored = reference.is_terminal() or reference.is_chance()
            found = None
            if ended != reference.is_terminal():
                found = f"ended {ended}, engine {reference.is_terminal()}"
            expected = replay.rewards(reference, before[i]) if scored else [0.0] * env.num_players
            if list(host.rewards[i]) != expected:
                found = f"rewards {list(host.rewards[i])}, engine {expected}"
            if reference.is_chance() and int(host.dealer[i]) != reference.dealer:
                found = f"next dealer: batched {int(host.dealer[i])}, engine {reference.dealer}"
            if found is not None:
                return deals, completed, f"game {i}, step {number}: {found}"
            deals += scored
            if ended:
                completed += 1
                references[i] = replay.deal_like(host, i)
            elif reference.is_chance():  # the match goes on: the batched next deal, dealt
                replay.deal_like(host, i, reference)
    return deals, completed, None
