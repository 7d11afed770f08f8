"""The OpenSpiel bridge: both engines agree move by move, and our bots play inside pyspiel."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="the OpenSpiel bridge needs the openspiel extra")

from tricktable.errors import RuleError
from tricktable.interop.openspiel import Bridge, BridgeError, tricktable_bot

GAMES = [
    ("euchre", {}),
    ("oh_hell", {"players": 3, "num_tricks_fixed": 5}),
    ("oh_hell", {"players": 4, "num_tricks_fixed": 7}),
    ("oh_hell", {"players": 5, "num_tricks_fixed": 1}),
]


def _random_step(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "parameters"), GAMES)
def test_both_engines_agree_on_every_decision_and_the_result(
    name: str, parameters: dict[str, int]
) -> None:
    bridge = Bridge.for_openspiel_game(name, **parameters)
    rng = random.Random(7)
    for _ in range(40):
        state = bridge.openspiel_game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                ours = bridge.tricktable_state(state)
                assert ours.current_player == state.current_player()
                texts = [text for _, text in bridge.legal_pairs(state)]
                assert sorted(texts) == sorted(ours.legal_texts())
            _random_step(state, rng)
        ours = bridge.tricktable_state(state)
        assert ours.is_terminal()
        returns = state.returns()
        if name == "euchre":  # OpenSpiel: each seat gets its side's points, negated for the other
            points = ours.scores()
            assert [returns[0], returns[1]] == [points[0] - points[1], points[1] - points[0]]
        else:
            assert returns == [float(score) for score in ours.scores()]


def test_actions_translate_both_ways() -> None:
    bridge = Bridge.for_openspiel_game("euchre")
    rng = random.Random(3)
    state = bridge.openspiel_game.new_initial_state()
    while state.is_chance_node():
        _random_step(state, rng)
    for action, text in bridge.legal_pairs(state):
        assert bridge.to_openspiel(state, text) == action
    with pytest.raises(BridgeError, match="not legal in this OpenSpiel state; legal: "):
        bridge.to_openspiel(state, "play AS")


def test_a_state_still_dealing_is_refused() -> None:
    bridge = Bridge.for_openspiel_game("euchre")
    state = bridge.openspiel_game.new_initial_state()
    state.apply_action(0)
    with pytest.raises(BridgeError, match="still dealing"):
        bridge.tricktable_state(state)


@pytest.mark.parametrize(
    ("name", "parameters", "message"),
    [
        ("chess", {}, "no bridge for OpenSpiel game 'chess'"),
        ("oh_hell", {"players": 4}, "num_tricks_fixed >= 1"),
        ("oh_hell", {"players": 4, "num_tricks_fixed": 3, "num_suits": 3}, "num_suits=4"),
        ("euchre", {"allow_lone_defender": True}, "default euchre"),
    ],
)
def test_unsupported_games_are_refused(name: str, parameters: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        Bridge.for_openspiel_game(name, **parameters)


@pytest.mark.parametrize(("name", "parameters"), GAMES[:2])
def test_our_bots_play_whole_games_inside_pyspiel(name: str, parameters: dict[str, int]) -> None:
    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    bridge = Bridge.for_openspiel_game(name, **parameters)
    players = bridge.openspiel_game.num_players()

    def play(seed: int) -> list[float]:
        bots = [
            tricktable_bot(bridge, "heuristic", seat, seed)
            if seat % 2 == 0
            else pyspiel.make_uniform_random_bot(seat, seed)
            for seat in range(players)
        ]
        state = bridge.openspiel_game.new_initial_state()
        returns: list[float] = pyspiel.evaluate_bots(state, bots, seed)
        return returns

    assert play(5) == play(5)  # the same seed, the same game
    results = [play(seed) for seed in range(12)]
    totals = [sum(returns[seat] for returns in results) for seat in range(players)]
    assert totals[0] > totals[1]  # the heuristic side beats uniform random play


def test_bot_settings_come_only_from_a_trusted_name() -> None:
    bridge = Bridge.for_openspiel_game("oh_hell", players=3, num_tricks_fixed=2)
    with pytest.raises(RuleError, match="only from the command line"):
        tricktable_bot(bridge, "pimc(worlds=2)", 0, 1)
    bot = tricktable_bot(bridge, "pimc(worlds=2,inference=false)", 0, 1, trusted=True)
    assert bot.bot.worlds == 2 and not bot.bot.inference
