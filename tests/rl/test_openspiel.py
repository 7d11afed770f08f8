"""Every game as an OpenSpiel Python game: OpenSpiel's random simulation test with
serialization, its tensors, parameters, copies, and one of its algorithms on it."""

from __future__ import annotations

import pickle
import random

import gymnasium
import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

from tricktable.errors import RuleError
from tricktable.games import GAME_NAMES, player_counts
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
