"""The set-back euchre heuristic: legality over random matches of every option set,
chosen situations from fixed deals, and its strength against the random bot."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktable.bots import make_bot
from tricktable.bots.base import Bot, NoDecisionError
from tricktable.cards import parse_card, parse_cards
from tricktable.core import Deal, Game, State
from tricktable.games import load_game
from tricktable.games.setback_euchre.heuristic import SetbackEuchreHeuristic
from tricktable.sim.arena import simulate

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"stick_the_dealer": True},
    {"declare_march": True},
    {"euchre_relief": True},
    {"declare_march": True, "start_score": 10, "euchre_relief": True},
    {"stick_the_dealer": True, "packets": "2-3", "start_score": 2, "ante": 0},
]


def play_match(game: Game[Any], bots: list[Bot], rng: random.Random) -> State:
    """One match; every choice must be one of ``view.legal``."""
    state = game.new_match(rng)
    while not state.is_terminal():
        if state.is_chance():
            state.deal_random(rng)
            continue
        seat = state.current_player
        view = state.view(seat)
        text = bots[seat].choose(view, rng)
        assert text in view.legal, (text, view.legal)
        state.apply_text(text)
    return state


def fixed_state(game: Game[Any], hands: list[str], upcard: str, stock: str) -> State:
    state = game.new_state(3)
    state.deal(
        Deal(
            tuple(tuple(parse_cards(h)) for h in hands),
            parse_card(upcard),
            tuple(parse_cards(stock)),
        )
    )
    return state


def choose(state: State) -> str:
    bot = make_bot("heuristic", state.game)
    return bot.choose(state.view(state.current_player), random.Random(0))


def test_registry() -> None:
    game = load_game("setback_euchre")
    bot = make_bot("heuristic", game, seat=2)
    assert isinstance(bot, SetbackEuchreHeuristic) and bot.name == "heuristic" and bot.seat == 2


@pytest.mark.parametrize("options", OPTION_SETS, ids=repr)
def test_legal_over_random_matches(options: dict[str, Any]) -> None:
    game = load_game("setback_euchre", options)
    rng = random.Random(f"legal {sorted(options.items())}")
    for match in range(6):
        bots: list[Bot] = [
            make_bot("heuristic" if (seat + match) % 2 else "random", game, seat)
            for seat in range(4)
        ]
        if match == 5:
            bots = [make_bot("heuristic", game, seat) for seat in range(4)]
        assert play_match(game, bots, rng).winner() is not None


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("options", [{}, {"declare_march": True, "start_score": 8}], ids=repr)
def test_legal_with_two_or_three_players(players: int, options: dict[str, Any]) -> None:
    game = load_game("setback_euchre", options, players=players)
    rng = random.Random(f"legal {players} {sorted(options.items())}")
    for match in range(4):
        bots: list[Bot] = [
            make_bot("heuristic" if (seat + match) % 2 else "random", game, seat)
            for seat in range(players)
        ]
        assert play_match(game, bots, rng).winner() is not None


def test_no_decision_is_refused() -> None:
    game = load_game("setback_euchre")
    state = game.new_state(3)
    state.deal_random(random.Random(1))
    with pytest.raises(NoDecisionError):
        make_bot("heuristic", game).choose(state.view(2), random.Random(0))


# Seat 0 (eldest) holds JH JD AH AS AC with 9H up: a lone hand that takes all five.
STRONG = ["JH JD AH AS AC", "KS QS QC TD 9D", "KH QH KD 9C TC", "TH AD QD KC TS"]
# Seat 0 holds nothing in hearts and no ace.
WEAK = ["9S TS QS 9D TD", "JH JD AH AS AC", "KH QH KD 9C TC", "TH AD QD KC KS"]


def test_orders_a_strong_hand_and_passes_a_weak_one() -> None:
    game = load_game("setback_euchre")
    assert choose(fixed_state(game, STRONG, "9H", "9S JS JC")) == "order"
    assert choose(fixed_state(game, WEAK, "9H", "JS JC QC")) == "pass"


def test_declares_only_above_five() -> None:
    for start, wanted in ((5, "pass"), (8, "declare")):
        game = load_game("setback_euchre", {"declare_march": True, "start_score": start})
        state = fixed_state(game, STRONG, "9H", "9S JS JC")
        state.replay_actions(["order", "discard TS"])
        assert choose(state) == wanted


def test_throws_in_a_hopeless_hand_and_stays_with_a_trick() -> None:
    game = load_game("setback_euchre")
    # seat 0 orders hearts with the bowers; seat 1 (KS QS QC TD 9D) throws in.
    state = fixed_state(game, STRONG, "9H", "9S JS JC")
    state.replay_actions(["order", "discard TS"])
    assert choose(state) == "throw in"
    # seat 1 of WEAK holds the bowers and aces against seat 3's order: it stays.
    state = fixed_state(game, WEAK, "9H", "JS JC QC")
    state.replay_actions(["pass", "pass", "pass", "order", "discard KS"])
    state.replay_actions(["throw in"])  # seat 0
    assert choose(state) == "pass"


def test_defender_declares_a_sure_march_and_throws_in_a_hopeless_hand() -> None:
    game = load_game("setback_euchre", {"declare_march": True, "start_score": 8})
    # dealer 3 orders hearts and discards KS; it does not declare.
    state = fixed_state(game, WEAK, "9H", "JS JC QC")
    state.replay_actions(["pass", "pass", "pass", "order", "discard KS", "pass"])
    assert state.legal_texts() == ["declare", "pass", "throw in"]
    assert choose(state) == "throw in"  # seat 0: no trump, no ace
    state.replay_actions(["throw in"])
    assert choose(state) == "declare"  # seat 1: JH JD AH AS AC, at 8


def test_maker_draws_trump_with_the_right_bower() -> None:
    game = load_game("setback_euchre")
    state = fixed_state(game, STRONG, "9H", "9S JS JC")
    state.replay_actions(["order", "discard TS", "pass", "pass", "pass"])
    assert choose(state) == "play JH"


def test_wins_cheaply_and_throws_low() -> None:
    game = load_game("setback_euchre")
    state = fixed_state(game, STRONG, "9H", "9S JS JC")
    state.replay_actions(["order", "discard TS", "pass", "pass", "pass", "play AS"])
    # seat 1 follows spades with KS or QS: KS cannot beat AS, so it plays the lower QS
    assert choose(state) == "play QS"


def test_heuristic_beats_random() -> None:
    """About 100 seeded matches: the heuristic (one seat) against three random bots."""
    game = load_game("setback_euchre")
    result = simulate(game, ["heuristic", "random", "random", "random"], matches=100, seed=7)
    rate = result.win_rate
    means = result.mean_score  # lower is better in set-back
    assert rate[0] >= 0.45 and rate[0] > 2 * max(rate[1:]), rate
    assert means[0] == min(means), means
