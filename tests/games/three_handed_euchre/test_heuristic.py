"""The three-handed Euchre heuristic: legality under every option set, chosen situations
from fixed deals, and its strength against the random bot."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktable.bots import make_bot
from tricktable.cards import HEARTS, mask_of, parse_card, parse_cards
from tricktable.core import Deal, Game, State
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.three_handed_euchre.heuristic import (
    ThreeHandedEuchreHeuristic,
    expected_tricks,
)
from tricktable.sim import play_match, simulate

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"preset": "cutthroat"},
    {"stick_the_dealer": True},
    {"ace_no_face": "redeal"},
    {"preset": "cutthroat", "ace_no_face": "redeal", "stick_the_dealer": True},
    {"target": None, "packets": "4-3"},
]

GAME = load_game("three_handed_euchre")
A_HANDS = ["JH JD AH AS KS 9C TC", "KH QH 9S QS AD KD QD", "TH TS JS 9D TD AC KC"]


def fixed_state(hands: list[str], turned: str, stock: str, game: Game[Any] = GAME) -> State:
    state = game.new_state(2)
    state.deal(
        Deal(
            tuple(tuple(parse_cards(h)) for h in hands),
            parse_card(turned),
            tuple(parse_cards(stock)),
        )
    )
    return state


def choose(state: State) -> str:
    bot = make_bot("heuristic", state.game, state.current_player)
    return bot.choose(state.view(state.current_player), random.Random(0))


def test_registry_gives_the_heuristic() -> None:
    bot = make_bot("heuristic", GAME, 1)
    assert isinstance(bot, ThreeHandedEuchreHeuristic) and bot.name == "heuristic"
    with pytest.raises(RuleError, match="three_handed_euchre"):
        ThreeHandedEuchreHeuristic(load_game("euchre"))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: str(sorted(o.items())))
def test_heuristic_plays_legal_actions(options: dict[str, Any]) -> None:
    game = load_game("three_handed_euchre", options)
    rng = random.Random(len(str(options)))
    for match in range(4):
        names = ["heuristic", "random", "heuristic"] if match % 2 else ["heuristic"] * 3
        bots = [make_bot(names[seat], game, seat) for seat in range(3)]
        state = play_match(game, bots, rng)  # raises BotError on an illegal choice
        assert state.is_terminal()


def test_expected_tricks_orders_hands() -> None:
    strong = mask_of(parse_cards("JH JD AH KH AS 9C TC"))
    weak = mask_of(parse_cards("9H TS QS 9D TD QC 9C"))
    assert expected_tricks(strong, HEARTS, 7) > 4 > 1 > expected_tricks(weak, HEARTS, 7)


def test_orders_a_strong_hand_and_passes_a_weak_one() -> None:
    state = fixed_state(A_HANDS, "9H", "JC QC")
    assert choose(state) == "order"  # JH JD AH + AS KS: four tricks alone
    state.apply_text("pass")
    assert choose(state) == "pass"  # KH QH and no bower: seat 1 passes


def test_shows_ace_no_face() -> None:
    game = load_game("three_handed_euchre(ace_no_face=redeal)")
    hands = ["JH JD KH QH KS QS JS", "AS AH 9S TS 9D TD 9C", "TH 9H AD KD QD JC QC"]
    state = fixed_state(hands, "AC", "TC KC", game)
    assert state.current_player == 1 and choose(state) == "ace no face"


def test_stuck_dealer_calls_its_best_suit() -> None:
    game = load_game("three_handed_euchre(stick_the_dealer=true)")
    state = fixed_state(
        ["KH QH 9S QS AD KD QD", "TH TS JS 9D TD AC KC", A_HANDS[0]], "9H", "JC QC", game
    )
    state.replay_actions(["pass"] * 5)
    assert state.current_player == 2
    assert choose(state) == "call D"  # JD and JH are the bowers in diamonds


def test_dealer_discard_keeps_trumps_and_aces() -> None:
    state = fixed_state(A_HANDS, "9H", "JC QC")
    state.replay_actions(["pass", "pass", "order"])
    text = choose(state)
    assert text.startswith("discard") and text.split()[1] not in ("9H", "TH", "AC")


def test_maker_leads_the_right_bower() -> None:
    state = fixed_state(A_HANDS, "9H", "JC QC")
    state.replay_actions(["order", "discard TS"])
    assert choose(state) == "play JH"


def test_wins_cheaply_when_last() -> None:
    state = fixed_state(A_HANDS, "9H", "JC QC")
    state.replay_actions(["order", "discard TS"])
    state.replay_actions(["play JH", "play QH", "play 9H", "play JD", "play KH", "play TH"])
    state.replay_actions(["play AH", "play 9S", "play 9D", "play AS", "play QS", "play JS"])
    state.replay_actions(["play 9C", "play QD"])  # dealer (seat 2) last with AC KC
    assert choose(state) == "play KC"


def test_heuristic_beats_random() -> None:
    """Over 99 seeded matches the heuristic wins at least 70% against two random bots."""
    result = simulate(GAME, ["heuristic", "random", "random"], matches=99, seed=1)
    assert result.win_rate[0] >= 0.7, result.to_json()
    assert result.mean_score[0] > max(result.mean_score[1:])


def test_heuristic_beats_random_cutthroat() -> None:
    game = load_game("three_handed_euchre(preset=cutthroat)")
    result = simulate(game, ["heuristic", "random", "random"], matches=45, seed=2)
    assert result.win_rate[0] >= 0.6 and result.mean_score[0] > max(result.mean_score[1:])
