"""Every tricktable game as a PettingZoo ``AECEnv``, as PettingZoo's classic environments are.

Agents are ``player_0`` .. ``player_<n-1>`` (the seats); observations are
``{"observation": float32 vector, "action_mask": int8 vector}`` over the game's fixed
action space (docs/rl.md); an illegal action ends the match with ``illegal_reward`` for
the agent that made it (as ``TerminateIllegalWrapper``), an action outside the action
space fails its assertion (``AssertOutOfBoundsWrapper``) and the order of calls is
enforced (``OrderEnforcingWrapper``): ``env`` does what those three wrappers do, in one
class. Deals are drawn from a generator seeded by ``reset(seed=...)``.

>>> from tricktable.rl.pettingzoo import env
>>> table = env("euchre(preset=british)", rewards="deal", max_deals=1)
>>> table.reset(seed=3)
>>> observation, reward, terminated, truncated, info = table.last()
>>> table.agent_selection, observation["action_mask"].sum()
('player_2', np.int64(3))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from tricktable.core import Game
from tricktable.rl.match import RENDER_MODES, Match, checked_render_mode, make_game, rendered

Observation = dict[str, NDArray[Any]]


class AgentsInPlay(AECEnv):  # type: ignore[misc]  # AECEnv is untyped
    """An AEC environment's book of its agents (this package's two environments), with
    what its ``reset`` clears."""

    agents: list[str]
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    def restart_agents(self) -> None:
        """Every agent in play again, with no reward, termination, truncation or info (the
        caller then selects the agent to act)."""
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}

    def stepped_out(self, action: Any) -> bool:
        """Whether the agent to act is out of play (terminated or truncated), its step then
        taken as PettingZoo takes such a step (``_was_dead_step``)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return True
        return False


def env(
    game: Game[Any] | str,
    rules: Mapping[str, Any] | str | None = None,
    players: int | None = None,
    *,
    observation: str = "information_state",
    rewards: str = "match",
    max_deals: int | None = None,
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
) -> ClassicEnv:
    """The environment of ``game`` (a name, a rule string or a game), checked as the
    classic environments' wrappers check theirs (``ClassicChecks``).

    ``observation``: ``"information_state"`` (everything the seat knows) or
    ``"observation"`` (the present); ``rewards``: ``"match"`` (+1 / -1 at the end),
    ``"deal"`` (each change of the side's score) or ``"margin"`` (that change less the mean
    of the other sides'); ``max_deals``: end the episode, truncated, after
    that many deals (``None``: play the match out); ``illegal_reward``: the reward of an
    agent whose action its mask forbids (the match ends there)."""
    return ClassicEnv(
        game,
        rules,
        players,
        observation=observation,
        rewards=rewards,
        max_deals=max_deals,
        render_mode=render_mode,
        illegal_reward=illegal_reward,
    )


class BeforeReset:
    """A per-step attribute (``agents``, ``rewards`` ...) until ``reset`` sets the
    environment's own: reading it is an ``AttributeError``, "<name> cannot be accessed
    before reset", as ``OrderEnforcingWrapper`` makes it. (A class attribute that the
    instance's shadows, rather than a ``__getattr__``: that would slow every attribute read
    of the environment.)"""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: object, owner: type | None = None) -> Any:
        if table is None:
            return self
        raise AttributeError(f"{self.name} cannot be accessed before reset")


class ClassicChecks(AECEnv):  # type: ignore[misc]  # AECEnv is untyped
    """What PettingZoo's classic environments get from their three wrappers, built into the
    environment: put it before an ``AECEnv`` whose observations are dictionaries with an
    ``"action_mask"`` (``class ClassicEnv(ClassicChecks, raw_env)``).

    * as ``TerminateIllegalWrapper(illegal_reward)``: an action that the mask of the agent's
      last observation forbids (observed now if it was not) ends the episode, terminated
      and truncated for every agent, with ``illegal_reward`` for its maker and 0 for the
      others, and a PettingZoo warning;
    * as ``AssertOutOfBoundsWrapper``: an action outside the agent's action space (or
      ``None`` for an agent still playing) is an ``AssertionError``, "action is not in
      action space";
    * as ``OrderEnforcingWrapper``: ``step``, ``observe``, ``render``, ``state`` and
      ``agent_iter`` before ``reset`` are ``AssertionError`` s, reading ``agents``,
      ``rewards``, ``agent_selection`` ... an ``AttributeError`` ("... cannot be accessed
      before reset"); ``step`` once every agent is done is a warning and nothing else; a
      loop over ``agent_iter`` must step (or reset) on each turn.

    The same checks, in the same order, with the same errors and warnings as the wrappers
    (tests/rl/test_pettingzoo.py plays both side by side), without three wrappers' layers
    between each call and the environment (docs/rl.md, "Speed").

    >>> from tricktable.games import GAME_NAMES
    >>> table = env(GAME_NAMES[0])
    >>> table.step(0)
    Traceback (most recent call last):
    AssertionError: reset() needs to be called before step.
    """

    agents = BeforeReset()
    agent_selection = BeforeReset()
    rewards = BeforeReset()
    terminations = BeforeReset()
    truncations = BeforeReset()
    infos = BeforeReset()

    def __init__(self, *args: Any, illegal_reward: float = -1.0, **options: Any) -> None:
        self.illegal_reward = illegal_reward
        self._has_reset = False
        self._has_updated = False
        """Stepped or reset since ``agent_iter`` last gave an agent."""
        self._mask: NDArray[Any] | None = None
        """The action mask of the acting agent's last observation (``None``: not observed
        since the last step)."""
        self._ended_illegally = False
        super().__init__(*args, **options)
        self._plain_actions = {
            agent: plain_action_count(self.action_space(agent)) for agent in self.possible_agents
        }
        """Each agent's number of actions when they are the ints ``0 .. n-1`` (0 when the
        action space is not that: every action is then checked by the space itself)."""

    @property
    def num_agents(self) -> int:
        if not self._has_reset:
            raise AttributeError("num_agents cannot be accessed before reset")
        return len(self.agents)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self._has_updated = True
        self._ended_illegally = False
        self._mask = None
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        observation = super().observe(agent)
        if agent == self.agent_selection:
            self._mask = observation["action_mask"]
        return observation

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        done = self.terminations[agent] or self.truncations[agent]
        assert (
            (action is None and done)
            or (type(action) is int and 0 <= action < self._plain_actions[agent])
            or self.action_space(agent).contains(action)
        ), "action is not in action space"
        mask = self._mask if self._mask is not None else self.observe(agent)["action_mask"]
        self._mask = None
        if self._ended_illegally and done:
            self._was_dead_step(action)
        elif not done and not mask[action]:
            self._end_illegally(agent)
        else:
            super().step(action)

    def _end_illegally(self, agent: str) -> None:
        """As ``TerminateIllegalWrapper``: every agent done, ``illegal_reward`` for ``agent``."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.truncations, 0)
        self.rewards[agent] = float(self.illegal_reward)
        self._accumulate_rewards()
        self._deads_step_first()
        self._ended_illegally = True

    def render(self) -> Any:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render()

    def state(self) -> Any:
        if not self._has_reset:
            EnvLogger.error_state_before_reset()
        return super().state()

    def agent_iter(self, max_iter: int = 2**63) -> AgentTurns:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return AgentTurns(self, max_iter)


def plain_action_count(space: spaces.Space[Any]) -> int:
    """``n`` for ``Discrete(n)`` (from 0): its ``contains`` takes an ``int`` exactly when
    ``0 <= action < n``, so ``step`` may check a plain ``int`` so without calling it (every
    other action, and every action of another space, goes to ``contains``); else 0."""
    if isinstance(space, spaces.Discrete) and int(space.start) == 0:
        return int(space.n)
    return 0


class AgentTurns:
    """``agent_iter`` of an order-enforced environment: the agent to act, until no agent is
    left or ``max_iter`` turns are taken, each turn stepped (an ``AssertionError`` if not),
    as ``OrderEnforcingWrapper``'s iterator."""

    def __init__(self, table: ClassicChecks, max_iter: int) -> None:
        self.table = table
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        table, turns = self.table, self.max_iter
        while table.agents and turns > 0:
            turns -= 1
            assert table._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
            table._has_updated = False
            yield table.agent_selection


class raw_env(AgentsInPlay):  # PettingZoo's name
    """The environment without the classic checks: an illegal action raises the engine's
    ``IllegalActionError``, and nothing checks the order of calls."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - as in AECEnv
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
        "name": "tricktable",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game[Any] | str,
        rules: Mapping[str, Any] | str | None = None,
        players: int | None = None,
        *,
        observation: str = "information_state",
        rewards: str = "match",
        max_deals: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        checked_render_mode(render_mode)
        self.match = Match(make_game(game, rules, players), observation, rewards, max_deals)
        self.metadata = {**self.metadata, "name": f"tricktable_{self.match.game.name}_v0"}
        self.render_mode = render_mode
        seats = range(self.match.game.players)
        self.possible_agents = [f"player_{seat}" for seat in seats]
        self.agent_seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        space = self.match.observation_space()
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        actions = spaces.Discrete(self.match.encoder.num_actions)
        self.action_spaces = {agent: actions for agent in self.possible_agents}
        self.state_space = self.match.state_space()

    def state(self) -> Any:
        """The global state, for a centralised critic: every seat's observation tensor (the
        present) in seat order, so every hand (``state_space``)."""
        return self.match.global_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        return self.match.observe(self.agent_seat[agent])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match.reset(seed)
        self.restart_agents()
        self.agent_selection = self._seat_to_act()

    def step(self, action: int) -> None:
        if self.stepped_out(action):
            return
        agent = self.agent_selection
        match = self.match
        self._cumulative_rewards[agent] = 0.0
        rewards = match.play(int(action))
        if any(rewards) or any(self.rewards.values()):  # else the zeros stay as they are
            # while an agent acts, every agent is in play: the agents are the seats in order
            self.rewards = dict(zip(self.agents, rewards, strict=True))
            self._accumulate_rewards()
        if match.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
        elif match.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._seat_to_act()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The seat to act's view as text (printed for ``human``, returned for ``ansi``)."""
        if self.render_mode is None:
            return None
        return rendered(self.match.text(self.agent_seat[self.agent_selection]), self.render_mode)

    def close(self) -> None:
        pass

    def _seat_to_act(self) -> str:
        seat = self.match.state.current_player
        return self.possible_agents[seat] if seat >= 0 else self.possible_agents[0]


class ClassicEnv(ClassicChecks, raw_env):
    """The environment with the classic checks (what ``env`` gives): ``raw_env``'s
    arguments and ``illegal_reward``."""
