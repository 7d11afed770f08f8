"""Every tricktable game as a single-agent Gymnasium environment: the agent holds one seat,
tricktable bots of any level hold the others.

Importing this module registers ``tricktable/<Game>-v0`` for every game of the registry
(``tricktable/Euchre-v0``, ``tricktable/RomanianWhist-v0`` ...). Observations are
``{"observation", "action_mask"}`` as in the PettingZoo environment (docs/rl.md); an
illegal action ends the episode with ``illegal_reward``.

An episode is the agent's: ``reset`` and ``step`` return a state in which the agent has a
legal action, or (``step``) the episode's end, the bots playing on until one or the other;
every score of the agent's side on the way is in the reward. A match (with ``max_deals``,
its first deals) in which the agent has no decision at all (its partner goes alone, it has
no bid) is not an episode: ``reset`` plays it out and draws the next, and lists what it
gave the agent in ``info["skipped_returns"]``.

>>> import gymnasium
>>> import tricktable.rl.gymnasium
>>> env = gymnasium.make("tricktable/Euchre-v0", opponents="medium", max_deals=1)
>>> observation, info = env.reset(seed=5)
>>> observation["action_mask"].sum() == len(info["legal"])
np.True_
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

import gymnasium
from gymnasium import spaces
from numpy.typing import NDArray

from tricktable.bots import make_bot
from tricktable.bots.base import Bot
from tricktable.core import Deal, Game, State
from tricktable.errors import RuleError
from tricktable.games import GAME_NAMES
from tricktable.rl.match import RENDER_MODES, Match, checked_render_mode, make_game, rendered

Observation = dict[str, NDArray[Any]]
MOST_SKIPPED = 1000
"""The most episodes in a row without a decision of the agent before ``reset`` gives up."""


Policy = Callable[[Observation], int]
"""An opponent as a policy: the seat's observation to an action index."""
Opponent = str | Bot | Policy
"""A bot spec, a tricktable bot or a policy."""


def opponent_for(opponent: Opponent, game: Game[Any], seat: int) -> Bot | Policy:
    """The bot or policy that plays ``seat``: a bot spec is made as the command line makes
    it (settings such as ``pimc(worlds=10)`` allowed: the environment is the researcher's
    own code)."""
    if isinstance(opponent, str):
        return make_bot(opponent, game, seat, trusted=True)
    if isinstance(opponent, Bot) or callable(opponent):
        return opponent
    raise RuleError(
        f"an opponent is a bot spec, a Bot or a callable policy, not {type(opponent).__name__}"
    )


START_OPTIONS = ("state", "deal")
"""What ``reset(options=...)`` may give: a position to start from (an engine ``State`` of
the same game, such as ``tricktable.record.replay_record``'s), and the cards of the first
deal (a ``Deal``)."""


def start_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``reset``'s options, checked: only ``START_OPTIONS``, of their types."""
    given = dict(options or {})
    unknown = sorted(set(given) - set(START_OPTIONS))
    if unknown:
        raise RuleError(
            f"reset has no option {', '.join(unknown)}; options: {', '.join(START_OPTIONS)}"
        )
    if "state" in given and not isinstance(given["state"], State):
        raise RuleError("reset's option 'state' is an engine State of the environment's game")
    if "deal" in given and not isinstance(given["deal"], Deal):
        raise RuleError("reset's option 'deal' is a Deal (tricktable.core.Deal)")
    return given


def env_id(game: str) -> str:
    """The registered id of a game's environment.

    >>> [env_id(name) for name in GAME_NAMES[:3]]
    ['tricktable/Euchre-v0', 'tricktable/AllFours-v0', 'tricktable/RomanianWhist-v0']
    """
    return f"tricktable/{''.join(word.title() for word in game.split('_'))}-v0"


class TricktableEnv(gymnasium.Env[dict[str, Any], int]):
    """One seat of a match against tricktable bots.

    ``opponents``: one opponent for every other seat, or one per other seat in seat order;
    an opponent is a bot spec as the command line takes it (``random``, ``medium``,
    ``pimc(worlds=10)`` ...), a tricktable ``Bot``, or a policy: a callable given the
    seat's observation (``{"observation", "action_mask"}``, as the agent's) that returns
    an action index (a frozen copy of the agent, for self-play). ``seat``: the agent's
    seat. ``observation``, ``rewards`` and ``max_deals`` as in ``tricktable.rl.pettingzoo``.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: Game[Any] | str,
        rules: Mapping[str, Any] | str | None = None,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        observation: str = "information_state",
        rewards: str = "match",
        max_deals: int | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        checked_render_mode(render_mode)
        self.match = Match(make_game(game, rules, players), observation, rewards, max_deals)
        count = self.match.game.players
        if isinstance(seat, bool) or seat not in range(count):
            raise RuleError(f"seat must be a seat 0..{count - 1}, not {seat!r}")
        self.seat = seat
        others = [other for other in range(count) if other != seat]
        names = (
            list(opponents)
            if isinstance(opponents, Sequence) and not isinstance(opponents, str)
            else [opponents] * len(others)
        )
        if len(names) != len(others):
            raise RuleError(f"opponents names {len(names)} bots for {len(others)} other seats")
        self.bots: dict[int, Bot | Policy] = {
            other: opponent_for(name, self.match.game, other)
            for other, name in zip(others, names, strict=True)
        }
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = self.match.observation_space()
        # Discrete samples NumPy ints; any int (NumPy's or Python's) is an action
        self.action_space = cast(
            "spaces.Space[int]", spaces.Discrete(self.match.encoder.num_actions)
        )
        self.bot_rng = random.Random()
        self.pending_reward = 0.0
        """The agent's reward from the bots' decisions before its first one, given with the
        first step's."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        given = start_options(options)
        skipped: list[float] = []
        while True:
            match_seed = int(self.np_random.integers(2**62))
            self.bot_rng = random.Random(int(self.np_random.integers(2**62)))
            if given:
                self.match.rng = random.Random(match_seed)
                state = given.get("state") or self.match.game.new_match(self.match.rng)
                self.match.start_from(state, given.get("deal"))
            else:
                self.match.reset(match_seed)
            reward = self._let_the_bots_play()
            if not self.match.done:
                break
            if given:
                raise RuleError(
                    f"from the position given, seat {self.seat} has no decision before the"
                    " episode ends"
                )
            skipped.append(reward)
            if len(skipped) == MOST_SKIPPED:
                raise RuleError(
                    f"seat {self.seat} had no decision in {MOST_SKIPPED} episodes in a row;"
                    " choose another seat, more deals (max_deals) or other rules"
                )
        self.pending_reward = reward
        if self.render_mode == "human":
            self.render()
        return self._observe(), {**self._info(), "skipped_returns": skipped}

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        observation = self._observe()
        if self.match.done:
            raise RuleError("the episode is over: call reset()")
        if not observation["action_mask"][int(action)]:
            info = {**self._info(), "illegal": True}
            return observation, self.illegal_reward, True, False, info
        reward = self.pending_reward + self.match.play(int(action))[self.seat]
        self.pending_reward = 0.0
        reward += self._let_the_bots_play()
        if self.render_mode == "human":
            self.render()
        terminated = self.match.state.is_terminal()
        return self._observe(), reward, terminated, self.match.truncated, self._info()

    def render(self) -> str | None:
        """The agent's view as text (printed for ``human``, returned for ``ansi``)."""
        if self.render_mode is None:
            return None
        return rendered(self.match.text(self.seat), self.render_mode)

    def _let_the_bots_play(self) -> float:
        """Play the bots' decisions until the agent is to act or the episode ends; the
        agent's rewards meanwhile."""
        reward = 0.0
        while not self.match.done and self.match.state.current_player != self.seat:
            bot_seat = self.match.state.current_player
            bot = self.bots[bot_seat]
            if isinstance(bot, Bot):
                text = bot.choose(self.match.view(bot_seat), self.bot_rng)
                action = self.match.encoder.index_of(text)
            else:
                seen = self.match.observe(bot_seat)
                action = int(bot(seen))
                if not 0 <= action < len(seen["action_mask"]) or not seen["action_mask"][action]:
                    legal = [int(index) for index in seen["action_mask"].nonzero()[0]]
                    raise RuleError(
                        f"the policy of seat {bot_seat} chose action {action}, which is not"
                        f" legal; legal: {legal}"
                    )
            reward += self.match.play(action)[self.seat]
        return reward

    def _observe(self) -> Observation:
        return self.match.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        view = self.match.view(self.seat)
        return {"legal": list(view.legal) if not self.match.done else []}


for _name in GAME_NAMES:
    gymnasium.register(
        id=env_id(_name),
        entry_point="tricktable.rl.gymnasium:TricktableEnv",
        kwargs={"game": _name},
    )
