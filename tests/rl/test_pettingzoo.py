"""The PettingZoo environment of every game: PettingZoo's own API and seed tests, the
reward options, and the classic checks (illegal actions, actions out of bounds, the order
of calls) made exactly as PettingZoo's own wrappers make them."""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from tricktable.errors import IllegalActionError, RuleError
from tricktable.games import GAME_NAMES, load_game, player_counts
from tricktable.rl.pettingzoo import ClassicChecks, env, raw_env


def settings() -> list[tuple[str, int]]:
    return [(name, players) for name in GAME_NAMES for players in player_counts(name)]


@pytest.mark.parametrize(("name", "players"), settings())
def test_api_and_seed_tests_pass(name: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # the Dict space, as classic envs get
        api_test(env(name, players=players, max_deals=2), num_cycles=60)
        seed_test(lambda: env(name, players=players, max_deals=2), num_cycles=60)


def play_out(table: Any, seed: int) -> dict[str, float]:
    """Play random legal actions to the end; each agent's summed rewards."""
    table.reset(seed=seed)
    totals: dict[str, float] = dict.fromkeys(table.possible_agents, 0.0)
    generator = np.random.default_rng(seed)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(generator.choice(legal)))
    return totals


@pytest.mark.parametrize("name", GAME_NAMES)
def test_match_rewards_name_the_winner(name: str) -> None:
    table = env(name)
    totals = play_out(table, seed=11)
    state = table.unwrapped.match.state
    assert state.is_terminal()
    game = state.game
    winner = state.winner()
    sides = [winner] if isinstance(winner, int) else winner
    for seat, agent in enumerate(table.possible_agents):
        side = next(n for n, members in enumerate(game.sides) if seat in members)
        expected = (1.0 if len(sides) == 1 else 0.0) if side in sides else -1.0
        assert totals[agent] == expected


@pytest.mark.parametrize("name", GAME_NAMES)
def test_deal_rewards_add_up_to_the_score(name: str) -> None:
    table = env(name, rewards="deal", max_deals=3)
    totals = play_out(table, seed=5)
    state = table.unwrapped.match.state
    sign = -1 if state.game.scores_count_down else 1
    start = state.game.new_state(0).scores()
    for seat, agent in enumerate(table.possible_agents):
        side = next(n for n, members in enumerate(state.game.sides) if seat in members)
        assert totals[agent] == sign * (state.scores()[side] - start[side])


@pytest.mark.parametrize("name", GAME_NAMES)
def test_margin_rewards_are_the_gain_less_the_other_sides_mean(name: str) -> None:
    """``rewards="margin"``: each agent its side's score gain less the mean gain of the
    other sides (the same random play as with ``deal`` rewards); they sum to 0 over the
    seats where the sides are of one size."""
    gains = play_out(env(name, rewards="deal", max_deals=3), seed=5)
    table = env(name, rewards="margin", max_deals=3)
    margins = play_out(table, seed=5)
    game = table.unwrapped.match.game
    side_gain = [gains[table.possible_agents[side[0]]] for side in game.sides]
    for seat, agent in enumerate(table.possible_agents):
        side = next(n for n, members in enumerate(game.sides) if seat in members)
        others = [gain for n, gain in enumerate(side_gain) if n != side]
        assert margins[agent] == pytest.approx(side_gain[side] - sum(others) / len(others))
    if len({len(side) for side in game.sides}) == 1:
        assert sum(margins.values()) == pytest.approx(0.0)


@pytest.mark.parametrize(
    ("rules", "rewards"),
    [("setback_euchre", "deal"), ("euchre", "deal"), ("all_fours", "deal"), ("euchre", "match")],
)
def test_each_steps_rewards_are_what_it_changed(rules: str, rewards: str) -> None:
    """After every step, ``rewards`` holds that step's reward for every agent (the side's
    score gain, counted down where the game's scores count down: never ``-0.0``; or the
    match's outcome at its end) and ``_cumulative_rewards`` what each agent has not yet
    collected with ``last()``."""
    table = env(rules, rewards=rewards, max_deals=2)
    table.reset(seed=8)
    match = table.unwrapped.match
    sign = -1 if match.game.scores_count_down else 1
    uncollected = dict.fromkeys(table.agents, 0.0)
    generator = np.random.default_rng(8)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        assert reward == uncollected[agent]
        uncollected[agent] = 0.0
        if terminated or truncated:
            table.step(None)
            continue
        before = match.state.scores()
        table.step(int(generator.choice(np.flatnonzero(observation["action_mask"]))))
        after = match.state.scores()
        for seat, each in enumerate(table.agents):
            side = match.side_of[seat]
            if rewards == "deal":
                expected = float(sign * (after[side] - before[side]))
            else:
                expected = match.seat_rewards([])[seat] if match.state.is_terminal() else 0.0
            assert repr(table.rewards[each]) == repr(expected + 0.0)
            uncollected[each] += expected
            assert table._cumulative_rewards[each] == uncollected[each]


def test_an_illegal_action_ends_the_match_against_its_maker() -> None:
    table = env("euchre", illegal_reward=-5.0)
    table.reset(seed=2)
    observation, *_ = table.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    maker = table.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        table.step(illegal)
    assert all(table.terminations.values())
    assert table.rewards[maker] == -5.0


def pettingzoo_wrapped(rules: str, **options: Any) -> Any:
    """``raw_env`` in PettingZoo's own classic wrappers, as its classic environments wrap
    theirs: what ``env`` must behave exactly as."""
    illegal_reward = options.pop("illegal_reward", -1.0)
    wrapped = wrappers.TerminateIllegalWrapper(raw_env(rules, **options), illegal_reward)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))


def outcome(call: Callable[..., Any], *arguments: Any) -> tuple[Any, list[str]]:
    """What ``call(*arguments)`` gives, comparable between two environments: its result (arrays as
    lists), or its exception's type and message (but the class a missing attribute is
    missing from, named in Python's own message), and the PettingZoo warnings it logged."""
    logged = len(EnvLogger.mqueue)
    try:
        result: Any = ("result", comparable(call(*arguments)))
    except Exception as error:
        message = re.sub(r"^'\w+' object has no attribute", "no attribute", str(error))
        result = (type(error).__name__, message)
    return result, EnvLogger.mqueue[logged:]


def comparable(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return (value.dtype.name, value.tolist())
    if isinstance(value, dict):
        return {key: comparable(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [comparable(item) for item in value]
    return repr(value)  # 0 and 0.0 differ


PER_STEP = (
    "agents",
    "num_agents",
    "agent_selection",
    "rewards",
    "_cumulative_rewards",
    "terminations",
    "truncations",
    "infos",
)


def play_side_by_side(rules: str, moves: list[Callable[[Any], Any]], **options: Any) -> list[Any]:
    """Each move made on ``env`` and on ``pettingzoo_wrapped`` alike; after each, the two
    must agree on what it gave (result, error, warnings), on every per-step attribute
    and on ``last()`` (or fail alike). The trace, for the test's own checks."""
    ours, theirs = env(rules, **options), pettingzoo_wrapped(rules, **options)
    assert str(ours) == str(theirs) == f"tricktable_{ours.unwrapped.match.game.name}_v0"
    trace = []
    for move in [lambda table: None, *moves]:
        mine = outcome(move, ours)
        assert mine == outcome(move, theirs)
        for name in PER_STEP:
            assert outcome(getattr, ours, name) == outcome(getattr, theirs, name), name
        assert outcome(ours.last) == outcome(theirs.last)
        trace.append(mine)
    return trace


def a_legal_action(table: Any) -> int:
    mask = table.observe(table.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask)[0])


def an_illegal_action(table: Any) -> int:
    mask = table.observe(table.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


def step_legally(table: Any) -> None:
    table.step(a_legal_action(table))


def test_an_illegal_move_ends_the_match_as_pettingzoos_wrapper_ends_it() -> None:
    """Its maker gets ``illegal_reward``, every agent is terminated and truncated, the
    dead agents then step out with ``None`` one by one (any other action is an error);
    stepping once none is left is a warning."""
    illegal: dict[str, int] = {}

    def step_illegally(table: Any) -> None:
        illegal.setdefault("action", an_illegal_action(table))
        table.step(illegal["action"])

    moves = [
        lambda table: table.reset(seed=2),
        step_legally,
        step_legally,
        lambda table: table.last(),
        step_illegally,
        lambda table: table.step(0),  # a dead agent may only pass None
        *[lambda table: table.step(None)] * 4,
        lambda table: table.step(None),  # none left
        lambda table: table.reset(seed=3),  # and a new match is whole again
        step_legally,
    ]
    trace = play_side_by_side("euchre", moves, illegal_reward=-5.0)
    assert trace[5][1] and "Illegal move made" in trace[5][1][0]
    assert trace[6][0][0] == "ValueError"
    assert trace[11][1] and "step() called after all agents" in trace[11][1][0]


def test_an_illegal_move_never_observed_is_checked_against_the_mask_all_the_same() -> None:
    """``step`` straight after ``reset``, without ``last()`` or ``observe``: the wrapper
    observes the agent itself to find its mask (the illegal action is read from the match
    directly, which the checks do not see)."""

    def reset_and_step(table: Any, legal: bool) -> None:
        table.reset(seed=4)
        match = table.unwrapped.match
        mask = match.observe(match.state.current_player)["action_mask"]
        table.step(int(np.flatnonzero(mask == int(legal))[-1]))

    moves = [
        lambda table: reset_and_step(table, legal=True),
        lambda table: reset_and_step(table, legal=False),
        lambda table: table.step(None),
    ]
    trace = play_side_by_side("all_fours", moves, illegal_reward=-2.0)
    assert trace[1] == (("result", "None"), [])
    assert "Illegal move made" in trace[2][1][0]


@pytest.mark.parametrize(
    "action",
    [-1, 131, 10**30, 2.0, "1", None, np.int64(131), np.uint64(3), np.array([3]), True],
    ids=repr,
)
def test_an_action_outside_the_action_space_fails_as_the_bounds_wrapper_fails(
    action: Any,
) -> None:
    """The same ``AssertionError``, "action is not in action space" (``True`` is the
    action 1 to ``Discrete`` and then an ambiguous mask index, in both)."""
    moves = [lambda table: table.reset(seed=1), lambda table: table.step(action)]
    trace = play_side_by_side("euchre", moves)
    if action is not True:
        assert trace[2][0] == ("AssertionError", "action is not in action space")


def test_numpy_integers_in_bounds_are_actions() -> None:
    moves = [
        lambda table: table.reset(seed=1),
        lambda table: table.step(np.int64(a_legal_action(table))),
        lambda table: table.step(np.int8(a_legal_action(table))),
    ]
    trace = play_side_by_side("euchre", moves)
    assert trace[2] == trace[3] == (("result", "None"), [])


def test_the_order_of_calls_is_enforced_as_the_order_wrapper_enforces_it() -> None:
    """Before ``reset``: the per-step attributes are ``AttributeError`` s, ``step``,
    ``observe``, ``render``, ``state`` and ``agent_iter`` ``AssertionError`` s; after it,
    a loop over ``agent_iter`` must step on each turn."""

    def iterate_without_stepping(table: Any) -> list[str]:
        return [agent for agent, _ in zip(table.agent_iter(), range(3), strict=False)]

    def iterate_twice(table: Any) -> list[str]:
        turns = table.agent_iter(2)
        first = []
        for agent in turns:
            first.append(agent)
            step_legally(table)
        return first + [agent for agent in turns if table.step(a_legal_action(table)) is None]

    moves = [
        lambda table: table.step(0),
        lambda table: table.observe("player_0"),
        lambda table: table.render(),
        lambda table: table.state(),
        lambda table: table.agent_iter(),
        lambda table: table.agent_selection,
        lambda table: table.reset(seed=5),
        lambda table: table.state(),
        iterate_without_stepping,
        lambda table: table.reset(seed=6),
        iterate_twice,
        lambda table: table.private_thing,
    ]
    trace = play_side_by_side("romanian_whist", moves, render_mode="ansi")
    before_reset = [error for error, _ in trace[1:6]]
    assert before_reset == [
        ("AssertionError", f"reset() needs to be called before {what}")
        for what in ("step.", "observe.", "render.", "state.", "agent_iter().")
    ]
    assert trace[6][0] == ("AttributeError", "agent_selection cannot be accessed before reset")
    assert trace[9][0] == (
        "AssertionError",
        "need to call step() or reset() in a loop over `agent_iter`",
    )
    assert trace[11][0] == ("result", ["'player_1'", "'player_2'", "'player_3'", "'player_0'"])


@pytest.mark.parametrize("render_mode", [None, "ansi", "human"])
def test_render_and_a_whole_random_match_are_the_wrapped_environments(
    render_mode: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A whole match of random legal moves, rendered, through ``agent_iter``: the same
    everything, the same printed text."""
    printed = []

    def play_out_rendering(table: Any) -> Any:
        generator = np.random.default_rng(7)
        table.reset(seed=9)
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(generator.choice(legal)))
            table.render()
        printed.append(capsys.readouterr().out)
        return table.unwrapped.match.state.scores()

    trace = play_side_by_side(
        "euchre(preset=british)", [play_out_rendering], render_mode=render_mode
    )
    assert trace[1][0][0] == "result"
    assert printed[0] == printed[1]
    assert (printed[0] != "") == (render_mode == "human")


def test_env_is_one_environment_with_the_checks_and_raw_env_has_none() -> None:
    table = env("euchre")
    assert isinstance(table, ClassicChecks) and table.unwrapped is table
    bare = raw_env("euchre")
    assert not isinstance(bare, ClassicChecks)
    bare.reset(seed=2)
    with pytest.raises(IllegalActionError):
        bare.step(an_illegal_action(bare))


@pytest.mark.parametrize("kind", ["information_state", "observation"])
@pytest.mark.parametrize(
    "rules",
    ["euchre(preset=north_american)", "romanian_whist(forehead=first_and_last)", "all_fours"],
)
def test_observations_are_the_encoding_of_the_seats_view(kind: str, rules: str) -> None:
    """What the environment keeps step by step is exactly the encoding of the seat's
    ``SeatView`` (which the hidden-card scan of tests/games/test_encoding.py reads), for
    every seat, over several deals."""
    table = raw_env(rules, observation=kind, rewards="deal", max_deals=3)
    table.reset(seed=4)
    match = table.match
    encoder = match.encoder
    generator = np.random.default_rng(4)
    steps = 0
    while not match.done:
        for agent, seat in table.agent_seat.items():
            observed = table.observe(agent)
            view = match.state.view(seat)
            expected = (
                encoder.information_state(view)
                if kind == "information_state"
                else encoder.observation(view)
            )
            assert observed["observation"].tolist() == expected
            assert observed["action_mask"].tolist() == encoder.action_mask(view)
        legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
        table.step(int(generator.choice(legal)))
        steps += 1
    assert len(match.state.deals) == 3 and steps >= 3 * match.game.players


def test_the_present_only_is_smaller() -> None:
    full = raw_env("all_fours", players=3)
    present = raw_env("all_fours", players=3, observation="observation")
    big = full.observation_space("player_0")["observation"].shape[0]
    small = present.observation_space("player_0")["observation"].shape[0]
    assert small < big
    present.reset(seed=1)
    assert present.observe("player_1")["observation"].shape == (small,)


def test_a_game_object_or_rule_string_is_taken() -> None:
    table = raw_env("euchre(preset=cornish)")
    assert table.match.game.rules.joker_upcard == "blind_call"
    assert raw_env(load_game("all_fours", players=4)).possible_agents[-1] == "player_3"
    with pytest.raises(RuleError, match="rewards cannot be 'trick'; allowed: match, deal"):
        raw_env("euchre", rewards="trick")
    with pytest.raises(RuleError, match="give rules and players in the game's rule string"):
        raw_env(load_game("euchre"), players=4)


@pytest.mark.parametrize(("name", "players"), settings())
def test_the_global_state_holds_every_seats_observation(name: str, players: int) -> None:
    """``state()``: every seat's observation in seat order (so every hand), within
    ``state_space``; the observations lie within their bounds, one-hot fields in 0..1."""
    table = env(name, players=players, max_deals=1)
    table.reset(seed=players)
    match = table.unwrapped.match
    generator = np.random.default_rng(players)
    for _ in range(6):
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            break
        state = table.state()
        assert table.state_space.contains(state)
        size = match.encoder.observation_size
        for seat in range(players):
            part = state[seat * size : (seat + 1) * size]
            hand = match.encoder.slice("hand")
            cards = {match.encoder.cards[i] for i in np.flatnonzero(part[hand])}
            assert cards == set(match.state.view(seat).hand)
        space = table.observation_space(table.agent_selection)["observation"]
        assert space.contains(observation["observation"])
        assert space.high[match.encoder.slice("hand")].max() == 1.0
        table.step(int(generator.choice(np.flatnonzero(observation["action_mask"]))))
    assert table.unwrapped.metadata["render_fps"] == 1
