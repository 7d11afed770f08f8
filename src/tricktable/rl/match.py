"""What the PettingZoo and Gymnasium environments share: one match stepped from decision to
decision (deals drawn from the environment's seeded generator), its rewards, and a seat's
observation as NumPy arrays."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from tricktable.core import Deal, Game, SeatView, State
from tricktable.errors import RuleError
from tricktable.games import load_game, spec_of
from tricktable.games.encoding import Encoder, SeatHistory

UNBOUNDED_FIELDS = ("scores", "games_won", "extras")
"""The encoding's fields of raw numbers whose range each game's rules set."""
OBSERVATIONS = ("information_state", "observation")
"""What ``observation`` may name: everything the seat knows, or the present only."""
REWARDS = ("match", "deal", "margin")
"""When rewards come: +1 / -1 for the match's winner and losers (0 for a shared win); each
change of the seat's side's score as it is scored (mostly at the end of each deal); or that
change less the mean change of the other sides' scores (zero-sum where the sides are of one
size: a euchre deal's points won less the points conceded)."""


RENDER_MODES = ("human", "ansi")
"""How an environment may render (``render_mode``)."""


def checked_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` when it is ``None`` or one of ``RENDER_MODES``, else ``RuleError``.

    >>> checked_render_mode("text")
    Traceback (most recent call last):
    ...
    tricktable.errors.RuleError: render_mode cannot be 'text'; allowed: human, ansi
    """
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise RuleError(
            f"render_mode cannot be {render_mode!r}; allowed: {', '.join(RENDER_MODES)}"
        )
    return render_mode


def rendered(text: str, render_mode: str) -> str | None:
    """What ``render`` gives for ``text``: printed for ``human`` (``None``), returned for
    ``ansi`` (the environments make no text without a render mode)."""
    if render_mode == "human":
        print(text)
        return None
    return text


def make_game(
    game: Game[Any] | str, rules: Mapping[str, Any] | str | None, players: int | None
) -> Game[Any]:
    """A game object from a game, a name or a rule string (with rules and players)."""
    if isinstance(game, Game):
        if rules is not None or players is not None:
            raise RuleError("give rules and players in the game's rule string or game object")
        return game
    return load_game(game, rules, players)


def encoder_for(game: Game[Any]) -> Encoder:
    """The observation encoder of ``game`` (its spec's ``observation`` part)."""
    part = spec_of(game).observation
    if part is None:
        raise RuleError(f"game {game.name!r} has no observation encoding")
    encoder: Encoder = part.load()(game)
    return encoder


def check_choice(option: str, value: str, allowed: tuple[str, ...]) -> str:
    """``value`` when it is one of ``allowed``, else a ``RuleError`` naming them."""
    if value not in allowed:
        raise RuleError(f"{option} cannot be {value!r}; allowed: {', '.join(allowed)}")
    return value


class Match:
    """One match of a game, stepped decision by decision; deals are drawn as they fall due.

    ``max_deals`` ends the episode (truncated) once that many deals are done."""

    def __init__(
        self,
        game: Game[Any],
        observation: str = "information_state",
        rewards: str = "match",
        max_deals: int | None = None,
    ) -> None:
        self.game = game
        self.encoder = encoder_for(game)
        self.kind = check_choice("observation", observation, OBSERVATIONS)
        self.rewards = check_choice("rewards", rewards, REWARDS)
        if max_deals is not None and max_deals < 1:
            raise RuleError(f"max_deals must be a positive number of deals, not {max_deals}")
        self.max_deals = max_deals
        self.side_of = {seat: n for n, side in enumerate(game.sides) for seat in side}
        self.sign = -1 if game.scores_count_down else 1
        """A score's gain counted up (an int: no change is 0.0, never -0.0)."""
        self.size = (
            self.encoder.information_state_size
            if self.kind == "information_state"
            else self.encoder.observation_size
        )
        self.rng = random.Random()
        self.state: State = game.new_match(self.rng)
        self.truncated = False
        self.deals_before = 0
        """Deals of the match before the episode's first."""
        self.no_actions = np.zeros(self.encoder.num_actions, np.int8)
        self.rows = [np.zeros(self.size, np.float32) for _ in range(game.players)]
        """Each seat's history rows (information states), kept up to date decision by
        decision; ``observe`` writes the present over a copy."""
        self.histories = [
            SeatHistory(self.encoder, seat, rows) for seat, rows in enumerate(self.rows)
        ]

    def observation_space(self) -> spaces.Dict:
        """``{"observation": Box, "action_mask": Box of int8}``, as PettingZoo's classic
        environments give them; the observation's bounds are ``observation_bounds``."""
        low, high = self.observation_bounds()
        return spaces.Dict(
            {
                "observation": spaces.Box(low, high, (self.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
            }
        )

    def observation_bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """Each element's least and greatest value: 0 and 1 for the one-hot and card fields
        and the history, 0 to the number of cards for the tricks won; the raw scores, games
        won and the game's own extras are numbers whose range the rules set (unbounded here:
        ``UNBOUNDED_FIELDS``)."""
        low = np.zeros(self.size, np.float32)
        high = np.ones(self.size, np.float32)
        for field in UNBOUNDED_FIELDS:
            low[self.encoder.slice(field)] = -np.inf
            high[self.encoder.slice(field)] = np.inf
        high[self.encoder.slice("tricks_won")] = len(self.encoder.cards)
        return low, high

    def state_space(self) -> spaces.Box:
        """The space of ``global_state``: every seat's observation in seat order."""
        low, high = self.observation_bounds()
        count = self.game.players
        size = self.encoder.observation_size
        return spaces.Box(
            np.tile(low[:size], count), np.tile(high[:size], count), (size * count,), np.float32
        )

    def global_state(self) -> NDArray[np.float32]:
        """Every seat's observation tensor (the present) in seat order: every hand, for a
        centralised critic (it is no seat's information)."""
        size = self.encoder.observation_size
        out = np.zeros(size * self.game.players, np.float32)
        for seat in range(self.game.players):
            part = out[seat * size : (seat + 1) * size]
            self.encoder.write_observation(self.state.present_view(seat), part)
        return out

    def reset(self, seed: int | None) -> None:
        """A new match from ``seed`` (``None``: fresh entropy), dealt to its first decision."""
        self.rng = random.Random(seed)
        self.start_from(self.game.new_match(self.rng))

    def start_from(self, state: State, deal: Deal | None = None) -> None:
        """The episode from a copy of ``state`` (a position of this game: a record's, a
        match of one's own), ``deal`` dealt first if one is due; then dealt to its first
        decision from the generator. ``max_deals`` counts from the deal in progress (or the
        next one)."""
        if state.game.name != self.game.name or state.game.players != self.game.players:
            raise RuleError(
                f"the position is of {state.game.name} with {state.game.players} players, not"
                f" of {self.game.name} with {self.game.players}"
            )
        if state.game.rules != self.game.rules:
            raise RuleError("the position's rules are not the environment's")
        self.state = state.clone()
        self.deals_before = len(self.state.deals) - (0 if self.state.is_chance() else 1)
        self.truncated = False
        for history in self.histories:
            history.clear()
        if deal is not None:
            if not self.state.is_chance():
                raise RuleError("a deal is given, but the position is not between deals")
            self.state.deal(deal)
        self._deal_if_due()

    @property
    def done(self) -> bool:
        return self.state.is_terminal() or self.truncated

    def play(self, action: int) -> list[float]:
        """Apply the action at index ``action`` of the action space (legal: the caller checks
        the mask) and deal what falls due; each seat's reward for it."""
        state = self.state
        before = state.scores() if self.rewards != "match" else []
        state.apply(self.encoder.actions[action])
        if state.is_chance():
            self._deal_if_due()
        return self.seat_rewards(before)

    def seat_rewards(self, before: list[int]) -> list[float]:
        seats = range(self.game.players)
        if self.rewards != "match":
            after = self.state.scores()
            change: list[float] = [self.sign * (a - b) for a, b in zip(after, before, strict=True)]
            if self.rewards == "margin":
                others = len(change) - 1
                total = sum(change)
                change = [gain - (total - gain) / others for gain in change]
            return [float(change[self.side_of[seat]]) + 0.0 for seat in seats]
        if not self.state.is_terminal():
            return [0.0] * self.game.players
        winner = self.state.winner()
        winners = [winner] if isinstance(winner, int) else list(winner or [])
        won = 1.0 if len(winners) == 1 else 0.0
        return [won if self.side_of[seat] in winners else -1.0 for seat in seats]

    def view(self, seat: int) -> SeatView:
        return self.state.view(seat)

    def observe(self, seat: int) -> dict[str, NDArray[Any]]:
        """The seat's observation and action mask (the mask all 0 when it is not to act)."""
        state, encoder = self.state, self.encoder
        if self.kind == "information_state":
            self.histories[seat].update(state)
        vector = self.rows[seat].copy()
        encoder.write_observation(state.present_view(seat), vector)
        mask = self.no_actions.copy()
        if not self.done:
            for index in encoder.legal_indices(state, seat):  # quicker than a fancy index
                mask[index] = 1
        return {"observation": vector, "action_mask": mask}

    def text(self, seat: int) -> str:
        """The seat's information state (or observation) as text."""
        view = self.state.view(seat)
        if self.kind == "information_state":
            return self.encoder.information_state_string(view)
        return self.encoder.observation_string(view)

    def _deal_if_due(self) -> None:
        while self.state.is_chance():
            done = len(self.state.deals) - self.deals_before
            if self.max_deals is not None and done >= self.max_deals:
                self.truncated = True
                return
            self.state.deal_random(self.rng)
