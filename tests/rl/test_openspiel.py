"""Every game as an OpenSpiel Python game: OpenSpiel's random simulation test with
serialization, its tensors, parameters, copies, and one of its algorithms on it."""

from __future__ import annotations

import functools
import os
import pickle
import random
import signal
import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.observation import make_observation

from tests.rl.configurations import config_id, configurations
from tricktable.cards import card_name, mask_of
from tricktable.errors import RuleError
from tricktable.games import GAME_NAMES, load_game, player_counts
from tricktable.rl.gymnasium import env_id
from tricktable.rl.match import encoder_for
from tricktable.rl.openspiel import rule_options, short_name
from tricktable.rl.pettingzoo import env as pettingzoo_env


def settings() -> list[tuple[str, int]]:
    return [(name, players) for name in GAME_NAMES for players in player_counts(name)]


@pytest.mark.parametrize(("name", "players"), settings())
def test_random_simulations_pass_with_serialization(name: str, players: int) -> None:
    game = pyspiel.load_game(f"{short_name(name)}(players={players})")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def play_to_a_decision(state: pyspiel.State, rng: random.Random, decisions: int) -> None:
    """Random chance outcomes and actions until ``decisions`` decisions are taken."""
    while decisions > 0 and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions -= 1


def test_the_tensors_are_the_encoding_of_the_seats_view() -> None:
    game = pyspiel.load_game(f"{short_name(GAME_NAMES[0])}(preset=british)")
    state = game.new_initial_state()
    play_to_a_decision(state, random.Random(4), 6)
    engine = state.state
    encoder = encoder_for(engine.game)
    for seat in range(game.num_players()):
        view = engine.view(seat)
        assert state.information_state_tensor(seat) == pytest.approx(
            encoder.information_state(view)
        )
        assert state.observation_tensor(seat) == pytest.approx(encoder.observation(view))
        assert state.information_state_string(seat) == encoder.information_state_string(view)


def test_a_state_survives_pickling_and_clones_are_independent() -> None:
    game = pyspiel.load_game(f"{short_name(GAME_NAMES[2])}(players=4)")
    state = game.new_initial_state()
    play_to_a_decision(state, random.Random(2), 5)
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.history() == state.history()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
    assert str(pickle.loads(pickle.dumps(state))) == str(copy)


def test_rule_options_and_episode_length_are_parameters() -> None:
    name = short_name(GAME_NAMES[0])
    game = pyspiel.load_game(f"{name}(preset=british,rules=target:5;packets:2-3,max_deals=3)")
    engine = game.new_initial_state()
    engine.apply_action(0)
    assert engine.state.game.rules.target == 5
    assert engine.state.game.rules.packets == "2-3"
    assert game.max_game_length() == 3 * encoder_for(engine.state.game).encoding.max_decisions
    assert rule_options("") == {}
    with pytest.raises(RuleError, match="name:value pairs joined by ';'"):
        rule_options("target=5")


def test_openspiels_mcts_plays_a_deal() -> None:
    game = pyspiel.load_game(f"{short_name(GAME_NAMES[1])}(players=2)")
    generator = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=generator)
    bots = [
        mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=generator),
        pyspiel.make_uniform_random_bot(1, 5),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, generator)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_preset_loads_with_the_options_its_rules_require() -> None:
    """Oh Hell's hand size has no default in the rules: given, the preset loads and plays in
    every interface; missing, each says which option and how OpenSpiel takes it."""
    game = pyspiel.load_game("tricktable_romanian_whist(preset=oh_hell,rules=hand_size:5)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    table = pettingzoo_env("romanian_whist(preset=oh_hell,hand_size=5)", max_deals=1)
    table.reset(seed=1)
    solo = gymnasium.make(
        env_id("romanian_whist"), rules={"preset": "oh_hell", "hand_size": 5}, max_deals=1
    )
    assert solo.reset(seed=1)[0]["action_mask"].any()
    with pytest.raises(RuleError, match=r"needs option 'hand_size' .*rules=target:5"):
        pyspiel.load_game("tricktable_romanian_whist(preset=oh_hell)")
    with pytest.raises(RuleError, match="needs option 'hand_size'"):
        pettingzoo_env("romanian_whist", rules={"preset": "oh_hell"})
    with pytest.raises(RuleError, match="needs option 'hand_size'"):
        gymnasium.make(env_id("romanian_whist"), rules={"preset": "oh_hell"})


def configuration_name(config: tuple[str, dict[str, Any], int]) -> str:
    """The OpenSpiel game string of a configuration, two deals an episode."""
    name, rules, players = config
    options = ";".join(f"{key}:{value}" for key, value in rules.items() if key != "preset")
    extra = f",rules={options}" if options else ""
    return f"{short_name(name)}(players={players},preset={rules['preset']}{extra},max_deals=2)"


SMALL_TABLES = [config for config in configurations() if config[2] <= 4]
"""The configurations of up to 4 players: with more (pitch's 5 to 7), the engine's
resampler counts its placements exactly for seconds to minutes late in a deal (docs/rl.md)."""


@pytest.mark.parametrize("config", SMALL_TABLES, ids=config_id)
def test_a_resampled_state_has_the_seats_information_state(
    config: tuple[str, dict[str, Any], int],
) -> None:
    """At random decisions of two-deal episodes: the resampled state gives the seat the
    same information state and legal actions, and its unseen cards are drawn anew."""
    game = pyspiel.load_game(configuration_name(config))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    moved = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            player = state.current_player()
            if rng.random() < 0.3:
                other = state.resample_from_infostate(player, sampler)
                assert other.information_state_string(player) == (
                    state.information_state_string(player)
                )
                assert other.legal_actions() == state.legal_actions()
                assert len(other.history()) == len(state.history())
                moved += other.state.hands != state.state.hands
            state.apply_action(rng.choice(state.legal_actions()))
    assert moved > 0


@pytest.mark.parametrize("name", GAME_NAMES)
def test_openspiels_python_ismcts_plays_every_game(name: str) -> None:
    game = pyspiel.load_game(short_name(name))
    generator = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=generator)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=generator)
        for _ in range(game.num_players())
    ]
    rng = random.Random(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert sorted(set(state.returns())) in ([-1.0, 1.0], [-1.0, 0.0], [0.0])


CPP_ISMCTS = """
import random, sys
import pyspiel
import open_spiel.python.games  # OpenSpiel's own Python games
import tricktable.rl.openspiel
game = pyspiel.load_game(sys.argv[1])
evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
bots = [pyspiel.ISMCTSBot(seat, evaluator, 2.0, 8) for seat in range(game.num_players())]
rng = random.Random(1)
state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    else:
        state.apply_action(bots[state.current_player()].step(state))
print(state.returns())
"""


def cpp_ismcts(game: str) -> subprocess.CompletedProcess[str]:
    """A game of ``game`` by OpenSpiel's C++ ISMCTS in every seat, in a process of its own
    (a crash there is a return code here)."""
    return subprocess.run(
        [sys.executable, "-c", CPP_ISMCTS, game],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )


@functools.cache
def cpp_ismcts_crashes_on_python_games() -> bool:
    """Whether the C++ ISMCTS crashes on OpenSpiel's own Python game ``python_kuhn_poker``:
    ``pyspiel.ISMCTSBot.step`` releases Python's lock and then calls the Python state
    (its information-state string), and OpenSpiel's bridge for Python games does not
    forward ``ResampleFromInfostate`` to the Python state at all (docs/rl.md)."""
    return cpp_ismcts("python_kuhn_poker").returncode == -signal.SIGSEGV


@pytest.mark.parametrize("name", GAME_NAMES)
def test_openspiels_cpp_ismcts_plays_every_game(name: str) -> None:
    ours = cpp_ismcts(short_name(name))
    if ours.returncode == -signal.SIGSEGV and cpp_ismcts_crashes_on_python_games():
        pytest.xfail("pyspiel's C++ ISMCTSBot cannot play any Python game (docs/rl.md)")
    assert ours.returncode == 0, ours.stderr


def observer(game: Any, public: bool, private: bool) -> Any:
    """OpenSpiel's observation of ``game`` with or without each kind of information."""
    kind = pyspiel.PrivateInfoType.SINGLE_PLAYER if private else pyspiel.PrivateInfoType.NONE
    return make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=False, public_info=public, private_info=kind),
    )


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_observer_gives_the_information_it_is_asked_for(name: str) -> None:
    """Public information only is the same for every seat and names no card of a hand
    that not every seat sees; private information only is what the seat alone sees."""
    game = pyspiel.load_game(short_name(name))
    public, private = observer(game, True, False), observer(game, False, True)
    encoder = encoder_for(load_game(name))
    for seed in range(3):
        state = game.new_initial_state()
        play_to_a_decision(state, random.Random(seed), 4 + 3 * seed)
        engine = state.state
        players = range(game.num_players())
        common = set.intersection(*(engine.view(seat).known_cards() for seat in players))
        publics = []
        for seat in players:
            hand = set(engine.view(seat).hand)
            public.set_from(state, seat)
            named = encoder.named_cards(public.tensor)
            assert not named & (hand - common)
            publics.append(named)
            assert public.string_from(state, seat) == state.public_observation_string()
            assert not any(
                f" {card_name(card)}" in public.string_from(state, seat) for card in hand - common
            )
            private.set_from(state, seat)
            alone = {encoder.cards[i] for i in np.flatnonzero(private.tensor)}
            assert alone == engine.view(seat).known_cards() - common
            assert hand - common <= alone
            assert not mask_of(alone) & engine.hidden_from(seat)
            text = state.private_observation_string(seat)
            assert text == private.string_from(state, seat)
            assert all(card_name(card) in text for card in hand)
        assert all(named == publics[0] for named in publics)


@pytest.mark.parametrize(("name", "players"), settings())
def test_the_declared_utility_is_what_the_returns_are(name: str, players: int) -> None:
    """Zero-sum exactly where two sides of as many seats play (the returns then sum to 0),
    general-sum elsewhere (one winning side of several: +1 for its seats, -1 for the
    rest); the returns always lie within the declared bounds."""
    game = pyspiel.load_game(f"{short_name(name)}(players={players})")
    sides = load_game(name, players=players).sides
    two_even = len(sides) == 2 and len(sides[0]) == len(sides[1])
    utility = game.get_type().utility
    assert (utility == pyspiel.GameType.Utility.ZERO_SUM) == two_even
    assert (
        (game.utility_sum() == 0.0)
        if two_even
        else utility == (pyspiel.GameType.Utility.GENERAL_SUM)
    )
    rng = random.Random(players)
    for _ in range(3):
        state = game.new_initial_state()
        play_to_a_decision(state, rng, 10**6)
        returns = state.returns()
        assert all(game.min_utility() <= value <= game.max_utility() for value in returns)
        if two_even:
            assert sum(returns) == 0.0


def returns_game(name: str, rules: dict[str, Any], players: int, **params: Any) -> Any:
    """The OpenSpiel game of a configuration, its rules as the ``rules`` parameter."""
    options = ";".join(f"{key}:{value}" for key, value in rules.items() if key != "preset")
    given = ",".join(f"{key}={value}" for key, value in params.items())
    return pyspiel.load_game(
        f"{short_name(name)}(players={players},preset={rules['preset']},rules={options},{given})"
    )


def random_returns(game: Any, rng: random.Random) -> tuple[list[float], Any]:
    """The returns of one episode of random play, and its final state."""
    state = game.new_initial_state()
    play_to_a_decision(state, rng, 10**6)
    return state.returns(), state


EXTREME_RULES = [
    ("euchre", {"preset": "north_american", "robson": "true", "point_on_partner": "true"}, 4),
    (
        "euchre",
        {"preset": "north_american", "renege": "callable", "renege_penalty": "deduct"},
        4,
    ),
    ("romanian_whist", {"preset": "doizece", "long_streak": "true"}, 3),
    ("setback_euchre", {"preset": "american_hoyle", "euchre_relief": "true"}, 4),
    ("setback_euchre", {"preset": "american_hoyle", "declare_march": "true"}, 4),
    ("bid_euchre", {"preset": "partnership", "lone_bids": "none"}, 4),
]
"""Rules whose deals can take points away: Robson's set back, a renege deducted, a failed
streak; set-back's relief (and a declared march, whose failure has no bound: refused);
partnership bid euchre without lone bids."""


@pytest.mark.parametrize(
    ("name", "rules", "players"),
    configurations() + EXTREME_RULES,
    ids=[config_id(config) for config in configurations()]
    + [
        "euchre-robson",
        "euchre-renege-deducted",
        "whist-streaks",
        "setback-relief",
        "setback-declare",
        "bid-partnership-no-lone",
    ],
)
@pytest.mark.parametrize("returns", ["points", "margin"])
def test_points_returns_stay_within_the_bounds_the_rules_set(
    name: str, rules: dict[str, Any], players: int, returns: str
) -> None:
    """``returns=points``: each seat its side's score gain over the episode (counted up);
    ``returns=margin``: that gain less the mean of the other sides' (zero-sum, and declared
    so, where the sides are of one size). Over random episodes of one and of two deals they
    never leave the bounds the game declares from its rules (``Game.deal_points``);
    a game that states no bounds refuses points as returns, saying so."""
    engine = load_game(name, rules, players)
    if engine.deal_points() is None:
        with pytest.raises(RuleError, match="states no bounds of a deal's points"):
            returns_game(name, rules, players, returns=returns)
        return
    even = len({len(side) for side in engine.sides}) == 1
    rng = random.Random(f"{name}{players}{returns}")
    for deals in (1, 2):
        game = returns_game(name, rules, players, returns=returns, max_deals=deals)
        zero_sum = returns == "margin" and even
        assert (game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM) == zero_sum
        for _ in range(12):
            values, state = random_returns(game, rng)
            assert all(game.min_utility() <= value <= game.max_utility() for value in values)
            if zero_sum:
                assert sum(values) == pytest.approx(0.0, abs=1e-9)
            if returns == "points":
                engine_state = state.state
                start = engine.new_state(engine_state.first_dealer).scores()
                sign = -1 if engine.scores_count_down else 1
                for seat, value in enumerate(values):
                    side = next(n for n, members in enumerate(engine.sides) if seat in members)
                    assert value == sign * (engine_state.scores()[side] - start[side])


@pytest.mark.parametrize(
    ("name", "rules", "least", "greatest"),
    [
        # Oh Hell, one card: a bid of 1 made scores 10 + 1, a miss scores the tricks (0)
        ("romanian_whist", "preset:oh_hell;hand_size:1", 0.0, 11.0),
        # a single deal of one card, a miss losing the difference: 5 + 1 made, 1 missed
        ("romanian_whist", "schedule:single;hand_size:1", -1.0, 6.0),
        # a lone march (4); the other side scores, this one nothing
        ("euchre", "", 0.0, 4.0),
        # all four points made; a pitcher set back by a bid of 4
        ("pitch", "", -4.0, 4.0),
    ],
)
def test_the_points_bounds_are_reached(
    name: str, rules: str, least: float, greatest: float
) -> None:
    """The declared bounds of a deal's points are the rules' own extremes, not loose ones:
    random play reaches both in these games."""
    game = pyspiel.load_game(f"{short_name(name)}(rules={rules},returns=points)")
    assert (game.min_utility(), game.max_utility()) == (least, greatest)
    rng = random.Random(3)
    seen = {value for _ in range(300) for value in random_returns(game, rng)[0]}
    assert min(seen) == least and max(seen) == greatest


def test_match_returns_stay_the_default() -> None:
    game = pyspiel.load_game(short_name("euchre"))
    assert game.get_parameters()["returns"] == "match"
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    with pytest.raises(RuleError, match="returns cannot be 'deal'; allowed: match, points"):
        pyspiel.load_game(f"{short_name('euchre')}(returns=deal)")
