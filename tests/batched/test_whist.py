"""Batched Oh Hell and Romanian whist against the engine: the same deals and actions through
both, the player to act, the legal actions, the rewards, the end and the observation's
cards, bids and tricks compared at every step (docs/rl.md, "Batched in JAX"), for several
numbers of players and both presets, and planted rule changes that the comparison must
catch."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip(
    "jax", reason="the batched engine needs JAX (the `jax` extra; `dev` installs it)"
)
import jax.numpy as jnp  # noqa: E402

from tests.batched.differential import Replay  # noqa: E402
from tests.batched.differential import differential as shared_differential  # noqa: E402
from tricktable import load_game  # noqa: E402
from tricktable.batched.whist import Phase, State, WhistEnv  # noqa: E402
from tricktable.cards import cards_of  # noqa: E402
from tricktable.core import Deal  # noqa: E402
from tricktable.core import State as EngineState  # noqa: E402
from tricktable.errors import RuleError  # noqa: E402


def field(env: WhistEnv, observation: Any, name: str) -> Any:
    start = 0
    for other, size in env.observation_fields:
        if other == name:
            return observation[start : start + size]
        start += size
    raise KeyError(name)


class WhistReplay(Replay):
    """The engine's games, each deal dealt as the batched env dealt it, stepped alongside."""

    def __init__(self, env: WhistEnv, spec: str) -> None:
        self.env = env
        self.game = load_game(spec, players=env.num_players)
        self.turned: dict[int, list[int]] = {}
        """Each game's turned cards, deal after deal."""

    def deal_like(self, host: State, index: int, state: EngineState | None = None) -> EngineState:
        """The engine's game (``state``, or a new one) dealt the batched deal ``index``."""
        if state is None:
            state = self.game.new_state(int(host.dealer[index]))
        owner = host.owner[index]
        hands = tuple(
            tuple(self.env.engine_card(c) for c in np.flatnonzero(owner == seat))
            for seat in range(self.env.num_players)
        )
        turned = int(host.turned[index])
        state.deal(Deal(hands, self.env.engine_card(turned) if turned >= 0 else None, ()))
        self.turned.setdefault(index, []).append(turned)
        return state

    def mismatch(self, reference: EngineState, host: State, index: int) -> str | None:
        """How the batched game ``index``'s observation differs from the engine's, or None."""
        env = self.env
        seat, n = reference.current_player, env.num_players
        observation = host.observation[index]
        seen = {env.engine_card(c) for c in np.flatnonzero(field(env, observation, "hand"))}
        if seen != set(cards_of(reference.hands[seat])):
            return f"observed hand {sorted(seen)}, engine {cards_of(reference.hands[seat])}"
        trick = field(env, observation, "trick").reshape(n, env.cards)
        seen_trick = {
            ((seat + offset) % n, env.engine_card(card))
            for offset, card in zip(*np.nonzero(trick), strict=True)
        }
        if seen_trick != set(zip(reference.trick_seats, reference.trick, strict=True)):
            return f"observed trick {sorted(seen_trick)}, engine {reference.trick}"
        counts = env.largest + 1
        for name, values in (("bids", reference.bids), ("tricks_won", reference.tricks_won)):
            hot = field(env, observation, name).reshape(n, counts)
            expected = [values[(seat + offset) % n] for offset in range(n)]
            found = [int(np.argmax(row)) if row.any() else None for row in hot]
            if found != expected:
                return f"observed {name} {found}, engine {expected}"
        turned = np.flatnonzero(field(env, observation, "turned")).tolist()
        expected_turned = [c for c in range(env.cards) if env.engine_card(c) == reference.turned]
        if turned != expected_turned:
            return f"observed turned {turned}, engine {expected_turned}"
        if list(host.scores[index]) != reference.scores():
            return f"scores: batched {list(host.scores[index])}, engine {reference.scores()}"
        return None

    def engine_action(self, action: int) -> str:
        return self.env.engine_actions[action]

    def rewards(self, reference: EngineState, before: list[int]) -> list[float]:
        return [float(a - b) for a, b in zip(reference.scores(), before, strict=True)]


def differential(
    env: WhistEnv, spec: str, batch: int, steps: int, seed: int
) -> tuple[int, int, str | None, WhistReplay]:
    """The shared differential driver over ``batch`` games of ``spec``; the deals and the
    games completed, the first difference (None if none) and the engine's replay."""
    replay = WhistReplay(env, spec)
    return (*shared_differential(env, replay, batch, steps, seed), replay)


OH_HELL = "romanian_whist(preset=oh_hell, hand_size={})"


def test_oh_hell_plays_as_the_engine_with_fresh_deals_from_the_key() -> None:
    spec = OH_HELL.format(2)
    env = WhistEnv.from_rules(spec, 4, auto_reset=True)
    deals, completed, found, replay = differential(env, spec, 256, 72, seed=1)
    assert found is None, found
    assert completed == deals >= 1500
    # every card turns up for trump, and a deal's turned card repeats the last one's about
    # as often as chance has it (1 in 52)
    turned = [card for cards in replay.turned.values() for card in cards]
    counts = np.bincount(turned, minlength=env.cards)
    assert counts.min() > len(turned) / env.cards / 3, counts
    pairs = [pair for cards in replay.turned.values() for pair in itertools.pairwise(cards)]
    repeats = sum(first == second for first, second in pairs)
    assert repeats < len(pairs) / 20, (repeats, len(pairs))


@pytest.mark.parametrize(
    ("spec", "players", "batch", "steps"),
    [
        # 19 deals of 1 to 8 cards (8 without trump), must trump, misses lose the difference
        ("romanian_whist(preset=parlett)", 3, 32, 280),
        # seven players: the dealer sits out each deal, the hook on the seat on its right
        ("romanian_whist(schedule=1-8-1)", 7, 32, 90),
        # seven players with jokers: 56 cards, deals of 8 without trump first
        ("romanian_whist(preset=eight_one_eight, seven_players=jokers, exact_bonus=3)", 7, 16, 140),
    ],
)
def test_romanian_whist_schedules_play_as_the_engine(
    spec: str, players: int, batch: int, steps: int
) -> None:
    env = WhistEnv.from_rules(spec, players, auto_reset=True)
    deals, completed, found, _ = differential(env, spec, batch, steps, seed=players)
    assert found is None, found
    assert deals >= 2 * batch
    if players == 3:  # the schedule of 19 deals played out (261 steps), then the next
        assert completed == batch


class HookNotEnforced(WhistEnv):
    """A planted rule bug: the last bidder may make the bids total the hand size."""

    def barred_bid(self, state: Any) -> Any:
        return jnp.int32(-1)


class ExactBidOffByOne(WhistEnv):
    """A planted rule bug: an exact bid scores one point too many."""

    def deal_points(self, bids: Any, won: Any) -> Any:
        return super().deal_points(bids, won) + (bids == won)


@pytest.mark.parametrize(
    ("planted", "caught"), [(HookNotEnforced, "legal actions"), (ExactBidOffByOne, "rewards")]
)
def test_a_planted_rule_change_is_caught(planted: type[WhistEnv], caught: str) -> None:
    spec = OH_HELL.format(3)
    env = planted.from_rules(spec, 4, auto_reset=True)
    _, _, found, _ = differential(env, spec, batch=64, steps=16, seed=2)
    assert found is not None and caught in found, found


def test_without_auto_reset_a_finished_schedule_stays_finished() -> None:
    env = WhistEnv.from_rules("romanian_whist(preset=parlett)", 3)
    step = jax.jit(env.step)
    state = env.init(jax.random.PRNGKey(5))
    rng = np.random.default_rng(5)
    total, number = np.zeros(3), 0
    while not bool(state.terminated):
        action = int(rng.choice(np.flatnonzero(state.legal_action_mask)))
        state = step(state, action, jax.random.PRNGKey(100 + number))
        total += np.asarray(state.rewards)
        number += 1
    sizes = env.rules.sizes  # 19 deals of 1 to 8 cards: each seat bids, then plays each
    assert len(sizes) == 19 and number == 3 * (sum(sizes) + len(sizes))
    assert total.tolist() == np.asarray(state.scores).tolist()
    assert int(state.deal_index) == len(sizes)
    after = step(state, 0, jax.random.PRNGKey(6))
    assert bool(after.terminated) and not np.asarray(after.rewards).any()
    assert int(after.phase) == Phase.OVER and np.asarray(after.legal_action_mask).all()


def test_an_illegal_action_ends_the_game_until_the_spare_deck_is_shuffled() -> None:
    env = WhistEnv.from_rules(OH_HELL.format(12), 4, auto_reset=True)
    step = jax.jit(env.step)
    state = env.init(jax.random.PRNGKey(7))
    seat = int(state.current_player)
    assert not bool(state.legal_action_mask[0])  # no card is played while bidding
    state = step(state, 0, jax.random.PRNGKey(8))
    assert bool(state.terminated) and int(state.phase) == Phase.OVER
    assert [float(r) for r in state.rewards] == pytest.approx(
        [-1.0 if s == seat else 1 / 3 for s in range(4)]
    )
    waited = 0
    while int(state.phase) == Phase.OVER:
        state = step(state, 0, jax.random.PRNGKey(9 + waited))
        waited += 1
        assert bool(state.terminated) and not np.asarray(state.rewards).any()
    # one swap a step (a deal of 12 lasts 52 steps), 49 positions to shuffle: the hands
    # and the turned card
    assert env.swaps == 1 and waited == 48
    assert int(state.phase) == Phase.BID and int(state.spare_shuffled) == 0
    assert sorted(np.bincount(np.asarray(state.owner) + 1, minlength=5).tolist()) == [
        4,
        12,
        12,
        12,
        12,
    ]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("romanian_whist(preset=doizece)", "option 'streak_bonus'"),
        ("romanian_whist(forehead=last)", "option 'forehead'"),
        ("romanian_whist(tie_break=blind)", "option 'tie_break'"),
        ("romanian_whist(zero_finish=true)", "option 'zero_finish'"),
    ],
)
def test_options_it_does_not_play_are_refused_by_name(spec: str, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        WhistEnv.from_rules(spec, 4)
