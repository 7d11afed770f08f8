"""Every tricktable game as a PettingZoo ``AECEnv``, as PettingZoo's classic environments are.

Agents are ``player_0`` .. ``player_<n-1>`` (the seats); observations are
``{"observation": float32 vector, "action_mask": int8 vector}`` over the game's fixed
action space (docs/rl.md); an illegal action ends the match with ``illegal_reward`` for
the agent that made it (``TerminateIllegalWrapper``), and the environment is order
enforced. Deals are drawn from a generator seeded by ``reset(seed=...)``.

>>> from tricktable.rl.pettingzoo import env
>>> table = env("euchre(preset=british)", rewards="deal", max_deals=1)
>>> table.reset(seed=3)
>>> observation, reward, terminated, truncated, info = table.last()
>>> table.agent_selection, observation["action_mask"].sum()
('player_2', np.int64(3))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tricktable.core import Game
from tricktable.errors import RuleError
from tricktable.rl.match import Match, make_game

Observation = dict[str, NDArray[Any]]
RENDER_MODES = ("human", "ansi")


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
) -> AECEnv:
    """The environment of ``game`` (a name, a rule string or a game), wrapped as the
    classic environments are.

    ``observation``: ``"information_state"`` (everything the seat knows) or
    ``"observation"`` (the present); ``rewards``: ``"match"`` (+1 / -1 at the end) or
    ``"deal"`` (each change of the score); ``max_deals``: end the episode, truncated, after
    that many deals (``None``: play the match out)."""
    raw = raw_env(
        game,
        rules,
        players,
        observation=observation,
        rewards=rewards,
        max_deals=max_deals,
        render_mode=render_mode,
    )
    return classic_wrappers(raw, illegal_reward)


def classic_wrappers(raw: AECEnv, illegal_reward: float = -1.0) -> AECEnv:
    """``raw`` wrapped as the classic environments wrap theirs: PettingZoo's
    ``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``,
    each as a subclass that reads the per-step attributes (``agent_selection``,
    ``terminations`` ...) straight from ``raw`` rather than through every wrapper's
    ``__getattr__`` in turn (none of the three keeps its own); they check and behave
    exactly as PettingZoo's own. docs/rl.md measures what the wrappers cost."""
    wrapped = _TerminateIllegal(raw, illegal_reward=illegal_reward)
    return _OrderEnforcing(_AssertOutOfBounds(wrapped))


class _Forwarding:
    """The per-step attributes of the unwrapped environment, read from it directly."""

    env: AECEnv
    _source: Any
    """Where they are read: the unwrapped environment."""

    def __init__(self, env: AECEnv, **options: Any) -> None:
        super().__init__(env, **options)  # type: ignore[call-arg]  # the wrapper's own
        self._source = env.unwrapped

    @property
    def agent_selection(self) -> str:
        return self._source.agent_selection  # type: ignore[no-any-return]

    @property
    def agents(self) -> list[str]:
        return self._source.agents  # type: ignore[no-any-return]

    @property
    def rewards(self) -> dict[str, float]:
        return self._source.rewards  # type: ignore[no-any-return]

    @property
    def terminations(self) -> dict[str, bool]:
        return self._source.terminations  # type: ignore[no-any-return]

    @property
    def truncations(self) -> dict[str, bool]:
        return self._source.truncations  # type: ignore[no-any-return]

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        return self._source.infos  # type: ignore[no-any-return]

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self._source._cumulative_rewards  # type: ignore[no-any-return]


class _TerminateIllegal(_Forwarding, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    pass


class _AssertOutOfBounds(_Forwarding, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    pass


class _BeforeReset:
    """What an order-enforcing wrapper reads from before ``reset``: nothing, so that its
    own ``__getattr__`` answers, as PettingZoo's does."""

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"{name} cannot be accessed before reset")


class _OrderEnforcing(_Forwarding, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """As ``OrderEnforcingWrapper``: reading a per-step attribute before ``reset`` is an
    ``AttributeError``."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._source = _BeforeReset()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._source = self.env.unwrapped
        super().reset(seed=seed, options=options)

    def __str__(self) -> str:
        return str(self.env)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name
    """The unwrapped environment (``env`` wraps it)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - as in AECEnv
        "render_modes": list(RENDER_MODES),
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
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise RuleError(f"render_mode cannot be {render_mode!r}; allowed: human, ansi")
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

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        return self.match.observe(self.agent_seat[agent])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._seat_to_act()

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        rewards = self.match.play(int(action))
        self.rewards = {agent: rewards[self.agent_seat[agent]] for agent in self.agents}
        if self.match.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.match.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = agent if self.match.done else self._seat_to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The seat to act's view as text (printed for ``human``, returned for ``ansi``)."""
        if self.render_mode is None:
            return None
        text = self.match.text(self.agent_seat[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def _seat_to_act(self) -> str:
        seat = self.match.state.current_player
        return self.possible_agents[seat] if seat >= 0 else self.possible_agents[0]
