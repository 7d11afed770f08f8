"""The small research game ``tricktable_mini_euchre`` (``tricktable.rl.mini_euchre``) as a
PettingZoo AEC environment: ``player_0`` (eldest) and ``player_1`` (the dealer) play one
deal, the rules, actions and returns of the OpenSpiel game (a research variant, never a
preset anyone plays).

Observations are ``{"observation", "action_mask"}`` as in the PettingZoo environment of the
games (``tricktable.rl.pettingzoo``): the observation is the seat's information state
(perfect recall) as 0/1 numbers (``information_tensor``); the mask marks the legal actions
(all 0 for the seat not to act). The deal is drawn from the environment's generator, seeded by
``reset(seed=...)``. Rewards come at the end: the points won (+) and lost (-), zero-sum (0 to
each when both pass). ``env`` adds the checks of PettingZoo's classic environments
(``ClassicChecks``): an illegal action ends the deal with ``illegal_reward`` to its agent.

>>> table = env(hand_size=1)
>>> table.reset(seed=2)
>>> table.agent_selection, table.observation_space("player_0")["observation"].shape
('player_0', (33,))
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from gymnasium import spaces
from numpy.typing import NDArray

from tricktable.errors import RuleError
from tricktable.rl.match import RENDER_MODES, checked_render_mode, rendered
from tricktable.rl.mini_euchre import CARD_ACTIONS, DEALER, SHORT_NAME, MiniEuchreState
from tricktable.rl.pettingzoo import AgentsInPlay, ClassicChecks

Observation = dict[str, NDArray[Any]]
BID_FIELDS = 3
"""A seat's bid, one-hot: none yet, pass, make."""


def tensor_size(cards: int, hand_size: int) -> int:
    """The length of the information tensor for a deck of ``cards`` cards: the hand now, the
    hand as dealt, the up-card and the seat's own discard (a card each), whether the seat
    deals, each seat's bid, and each card played in order (the card and whether the seat
    played it).

    >>> tensor_size(4, 1)
    33
    """
    return 4 * cards + 1 + 2 * BID_FIELDS + 2 * hand_size * (cards + 1)


def information_tensor(state: MiniEuchreState, player: int) -> NDArray[np.float32]:
    """What ``player`` knows, as 0/1 numbers (``tensor_size``): the same facts as the
    information state string (``information_string``)."""
    deck = state.deck
    cards = len(deck)
    index = {card: i for i, card in enumerate(deck)}
    out = np.zeros(tensor_size(cards, state.hand_size), np.float32)
    if state.up is None:
        return out
    for card in deck:
        if state.hands[player] >> card & 1:
            out[index[card]] = 1.0
    for card in state.dealt[player]:
        out[cards + index[card]] = 1.0
    out[2 * cards + index[state.up]] = 1.0
    if player == DEALER and state.discard is not None:
        out[3 * cards + index[state.discard]] = 1.0
    start = 4 * cards
    out[start] = float(player == DEALER)
    for seat in range(2):
        bid = state.bids[seat] + 1 if seat < len(state.bids) else 0
        out[start + 1 + seat * BID_FIELDS + bid] = 1.0
    start += 1 + 2 * BID_FIELDS
    for number, (seat, card) in enumerate(state.plays):
        at = start + number * (cards + 1)
        out[at + index[card]] = 1.0
        out[at + cards] = float(seat == player)
    return out


class raw_env(AgentsInPlay):  # PettingZoo's name
    """The environment without the classic checks: an illegal action raises a
    ``RuleError``."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - as in AECEnv
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
        "name": f"{SHORT_NAME}_v0",
        "is_parallelizable": False,
    }

    def __init__(self, hand_size: int = 2, render_mode: str | None = None) -> None:
        super().__init__()
        checked_render_mode(render_mode)
        self.render_mode = render_mode
        self.game = pyspiel.load_game(f"{SHORT_NAME}(hand_size={hand_size})")
        self.deal_state: MiniEuchreState = self.game.new_initial_state()
        self.rng = np.random.default_rng()
        self.possible_agents = ["player_0", "player_1"]
        cards = len(self.deal_state.deck)
        actions = CARD_ACTIONS + cards
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (tensor_size(cards, hand_size),), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, spaces.Discrete(actions))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        state = self.deal_state
        mask = np.zeros(self.action_spaces[agent].n, np.int8)
        if not state.is_terminal() and state.current_player() == seat:
            mask[state.legal_actions()] = 1
        return {"observation": information_tensor(state, seat), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.deal_state = self.game.new_initial_state()
        deals = len(self.deal_state.chance_outcomes())
        self.deal_state.apply_action(int(self.rng.integers(deals)))
        self.restart_agents()
        self.agent_selection = self.possible_agents[self.deal_state.current_player()]

    def step(self, action: int) -> None:
        if self.stepped_out(action):
            return
        agent = self.agent_selection
        state = self.deal_state
        if int(action) not in state.legal_actions():
            raise RuleError(
                f"action {action} is not legal for {agent}; legal: {state.legal_actions()}"
            )
        self._cumulative_rewards[agent] = 0.0
        state.apply_action(int(action))
        if state.is_terminal():
            self.rewards = dict(zip(self.agents, state.returns(), strict=True))
            self._accumulate_rewards()
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.current_player()]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The seat to act's information state as text (printed for ``human``, returned
        for ``ansi``)."""
        if self.render_mode is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        return rendered(self.deal_state.information_string(seat), self.render_mode)

    def close(self) -> None:
        pass


class ClassicEnv(ClassicChecks, raw_env):
    """The environment with the classic checks (what ``env`` gives)."""


def env(hand_size: int = 2, *, illegal_reward: float = -1.0, render_mode: str | None = None) -> Any:
    """The mini euchre environment of ``hand_size`` (1 to 3) with PettingZoo's classic
    checks."""
    return ClassicEnv(hand_size, render_mode=render_mode, illegal_reward=illegal_reward)
