"""The All Fours / Seven Up heuristic bot.

Legality over random matches of both presets with 2, 3 and 4 players and the rule
options, chosen situations from fixed deals (stand or beg, give or run, discards,
card play under both ``low_point`` rules), and its strength against the random bot.
"""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

import pytest

from tricktable.bots import Bot, NoDecisionError, RandomBot
from tricktable.cards import (
    HEARTS,
    card_name,
    mask_of,
    parse_card,
    parse_cards,
    standard_deck,
)
from tricktable.core import Deal, Game, State
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.all_fours.heuristic import (
    AllFoursHeuristic,
    game_value,
    none_drawn,
)

DECK = standard_deck(range(2, 15))

OPTION_MIXES: list[dict[str, Any]] = [
    {},
    {"void_rule": "must_trump", "gift_may_win": True},
    {"low_point": "dealt", "game_tie": "non_dealer", "target": 3},
    {"direction": "anticlockwise", "low_point": "captured", "game_tie": "nobody"},
    {"gift_may_win": True, "target": 2, "void_rule": "must_trump", "low_point": "dealt"},
]


# -- helpers -------------------------------------------------------------------------------------
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


def make_deal(hands: list[str], turned: str, stock_top: str = "") -> Deal:
    """These hands and turn-up; the stock starts with ``stock_top``, then the rest in order."""
    named = [card for hand in hands for card in parse_cards(hand)]
    named += [parse_card(turned), *parse_cards(stock_top)]
    stock = [*parse_cards(stock_top), *(card for card in DECK if card not in set(named))]
    return Deal(tuple(tuple(parse_cards(hand)) for hand in hands), parse_card(turned), tuple(stock))


def situation(
    hands: list[str],
    turned: str,
    actions: list[str] | tuple[str, ...] = (),
    dealer: int | None = None,
    stock_top: str = "",
    **options: Any,
) -> tuple[Game[Any], State]:
    """A match whose first deal is exactly these cards, after ``actions``."""
    game = load_game("all_fours", options, players=len(hands))
    state = game.new_state(len(hands) - 1 if dealer is None else dealer)
    state.deal(make_deal(hands, turned, stock_top))
    state.replay_actions(actions)
    return game, state


def choose(game: Game[Any], state: State, **changes: Any) -> str:
    """What the heuristic chooses for the seat to act (``changes`` edit its view)."""
    view = state.view(state.current_player)
    if changes:
        view = dataclasses.replace(view, **changes)
    return AllFoursHeuristic(game).choose(view, random.Random(0))


def hand_text(state: State, seat: int) -> set[str]:
    return {card_name(card) for card in state.view(seat).hand}


# -- construction and small helpers ---------------------------------------------------------------
def test_refuses_other_games_and_views_without_decision() -> None:
    with pytest.raises(RuleError, match="all_fours"):
        AllFoursHeuristic(load_game("euchre"))
    game, state = situation(["AH JH TH 4H AS 2C", "9S 8S 7D 6D 5C 4C"], "5H")
    with pytest.raises(NoDecisionError):
        AllFoursHeuristic(game).choose(state.view(1), random.Random(0))


def test_probability_and_count_helpers() -> None:
    assert none_drawn(0, 6, 40) == 1.0
    assert none_drawn(3, 0, 40) == 1.0
    assert none_drawn(38, 6, 40) == 0.0
    assert none_drawn(1, 6, 40) == pytest.approx(34 / 40)
    assert [game_value(parse_card(c)) for c in ("TS", "AS", "KS", "QS", "JS", "9S")] == [
        10,
        4,
        3,
        2,
        1,
        0,
    ]


def test_prospect_ranks_hands_in_the_trump_suit() -> None:
    bot = AllFoursHeuristic(load_game("all_fours", players=2))
    strong = bot.prospect(mask_of(parse_cards("AH JH TH 4H AS 2C")), HEARTS, 0, seat=0)
    middling = bot.prospect(mask_of(parse_cards("KH 7H 9S AD 5C 6C")), HEARTS, 0, seat=0)
    weak = bot.prospect(mask_of(parse_cards("3S 9S 8D 5D 4C 6C")), HEARTS, 0, seat=0)
    assert strong > middling > weak
    assert weak < 0 < strong


# -- legality -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["seven_up", "all_fours"])
@pytest.mark.parametrize("options", OPTION_MIXES, ids=lambda options: repr(options))
def test_plays_only_legal_actions(preset: str, players: int, options: dict[str, Any]) -> None:
    game = load_game("all_fours", {"preset": preset, **options}, players=players)
    heuristic, other = AllFoursHeuristic(game), RandomBot(game)
    rng = random.Random(f"{preset}-{players}-{options!r}")
    for match in range(4):
        if match == 3:
            bots: list[Bot] = [heuristic] * players  # against itself
        else:
            bots = [heuristic if seat % 2 == match % 2 else other for seat in range(players)]
        state = play_match(game, bots, rng)
        assert state.winner() is not None


def test_three_player_gift_to_both_and_partnerships_off() -> None:
    for options, players in (({"three_player_gift": "both"}, 3), ({"partnerships": False}, 4)):
        game = load_game("all_fours", options, players=players)
        rng = random.Random(5)
        for _ in range(4):
            play_match(game, [AllFoursHeuristic(game) for _ in range(players)], rng)


def test_same_seed_same_choices() -> None:
    game = load_game("all_fours", players=2)
    records = []
    bots: list[Bot] = [AllFoursHeuristic(game), AllFoursHeuristic(game)]
    for _ in range(2):
        state = play_match(game, bots, random.Random(9))
        records.append(state.history_texts())
    assert records[0] == records[1]


# -- stand or beg, give or run -------------------------------------------------------------------
WEAK_ELDEST = "3S 9S 8D 5D 4C 6C"


def test_eldest_stands_strong_and_begs_weak() -> None:
    game, state = situation(["AH JH TH 4H AS 2C", "9S 8S 7D 6D 5C 4C"], "5H")
    assert choose(game, state) == "stand"
    game, state = situation([WEAK_ELDEST, "AH 8S 7D 6D 5C QC"], "5H")
    assert choose(game, state) == "beg"


def test_eldest_needing_one_point_stands_on_a_sure_high() -> None:
    """Holding the ace of the turn-up suit, High wins the match: no beg, no run."""
    game, state = situation(["AH 9S 8D 5D 4C 6C", "KH 8S 7D 6D 5C QC"], "5H", target=1)
    assert choose(game, state) == "stand"
    game, state = situation(["AH 9S 8D 5D 4C 6C", "KH 8S 7D 6D 5C QC"], "5H")
    assert choose(game, state, scores=(6, 3)) == "stand"


def test_eldest_needing_one_point_begs_when_weak() -> None:
    """The dealer then must run (or, with gift_may_win, may give the match away)."""
    for gift_may_win in (False, True):
        game, state = situation(
            [WEAK_ELDEST, "AH 8S 7D 6D 5C QC"], "5H", target=1, gift_may_win=gift_may_win
        )
        assert choose(game, state) == "beg"


def test_three_players_no_beg_when_a_gift_hands_the_third_player_the_match() -> None:
    hands = [WEAK_ELDEST, "2S 7S 6D 7C 8C 9C", "AH 8S 7D 2D 5C QC"]
    game, state = situation(hands, "5H", three_player_gift="both", gift_may_win=True)
    assert choose(game, state) == "beg"
    assert choose(game, state, scores=(0, 6, 0)) == "stand"  # seat 1 would win on the gift
    assert choose(game, state, scores=(6, 6, 0)) == "beg"  # eldest scores first and wins
    game, state = situation(hands, "5H", three_player_gift="both")
    assert choose(game, state, scores=(0, 6, 0)) == "beg"  # no gift possible: a run


def test_dealer_gives_when_strong_and_runs_when_weak() -> None:
    game, state = situation([WEAK_ELDEST, "AH JH TH 7D 5C QC"], "5H", ["beg"])
    assert choose(game, state) == "give"
    game, state = situation([WEAK_ELDEST, "2H 8S 7D 6D 5C QC"], "5H", ["beg"])
    assert choose(game, state) == "run"


def test_dealer_never_gives_the_match_away() -> None:
    game, state = situation(
        [WEAK_ELDEST, "AH JH TH 7D 5C QC"], "5H", ["beg"], target=1, gift_may_win=True
    )
    assert state.legal_texts() == ["give", "run"]
    assert choose(game, state) == "run"


def test_dealer_needing_one_point_gives_on_a_sure_high() -> None:
    """High is scored before anything else, so the gift cannot cost the match."""
    game, state = situation([WEAK_ELDEST, "AH 2S 8S 7D 5C QC"], "5H", ["beg"])
    for scores in ((3, 6), (5, 6)):
        assert choose(game, state, scores=scores) == "give"


def test_dealer_runs_rather_than_leave_eldest_one_point_short() -> None:
    game, state = situation([WEAK_ELDEST, "KH 9H 8S 7D 5C QC"], "5H", ["beg"])
    assert choose(game, state) == "give"
    assert choose(game, state, scores=(5, 0)) == "run"


# -- discards after a run ------------------------------------------------------------------------
def test_discards_keep_trumps_aces_and_tens() -> None:
    game, state = situation(
        [WEAK_ELDEST, "2H 8S 7D 6D 5C QC"], "5H", ["beg", "run"], stock_top="TC JC AD 2C 9H KD 7C"
    )
    assert state.view(0).public.to_json()["trump"] == "C"
    bot = AllFoursHeuristic(game)
    while state.view(state.current_player).phase == "discard":
        seat = state.current_player
        state.apply_text(bot.choose(state.view(seat), random.Random(0)))
    assert hand_text(state, 0) == {"4C", "6C", "TC", "JC", "AD", "9S"}
    assert {"2C", "5C", "QC", "KD"} <= hand_text(state, 1)


# -- card play -----------------------------------------------------------------------------------
def test_trumps_in_with_the_jack_when_it_holds() -> None:
    game, state = situation(["9S 3S 8D 7D 6C 2C", "JH 4S 8C 7C 6D 5D"], "5H", ["stand", "play 9S"])
    assert choose(game, state) == "play JH"


def test_captures_a_led_ten() -> None:
    game, state = situation(["TS 3S 8D 7D 6C 2C", "AS 4H 8C 7C 6D 5D"], "5H", ["stand", "play TS"])
    assert choose(game, state) in ("play AS", "play 4H")


def test_throws_a_low_card_when_it_cannot_win() -> None:
    game, state = situation(["AD 3S 8D 7D 6C 2C", "TD 2D KC 8C 6S 7S"], "5H", ["stand", "play AD"])
    assert choose(game, state) == "play 2D"


def test_leads_high_trumps_to_pull_the_jack() -> None:
    game, state = situation(["AH KH 4H 9S 8D 7C", "TD 2D KC 8C 6S 7S"], "5H", ["stand"])
    assert choose(game, state) in ("play AH", "play KH")


def test_does_not_lead_an_unguarded_jack_into_higher_trumps() -> None:
    game, state = situation(["JH 4H 9S 8D 7C 6C", "TD 2D KC 8C 6S 7S"], "5H", ["stand"])
    assert choose(game, state) not in ("play JH", "play 4H")


def test_keeps_the_jack_back_when_trumps_are_led() -> None:
    game, state = situation(["KH 3S 8D 7D 6C 2C", "JH 4H 8C 7C 6D 5D"], "5H", ["stand", "play KH"])
    assert choose(game, state) == "play 4H"


def test_gives_a_ten_to_the_partners_sure_trick() -> None:
    hands = [
        "AS 3C 8D 7D 6C 2C",
        "3S 9H 8H 7H 6H 4C",
        "TD 4D 9C KH QH JD",
        "2H 3H 4H 5D 6D 7S",
    ]
    game, state = situation(hands, "5S", ["stand", "play AS", "play 3S"], dealer=3)
    assert choose(game, state) == "play TD"


LOW_DEAL = [
    "2D 3C 8H 7H 6C 4C",
    "AD 9H 8C 7C 6H 5C",
    "3D 4D 9C KH QH JD",
    "2S 7D 9D TC 3H 4H",  # seat 3 holds the lowest trump, 2S
]


def test_low_trump_goes_into_the_partners_trick_only_when_low_is_captured() -> None:
    actions = ["stand", "play 2D", "play AD", "play 3D"]
    game, state = situation(LOW_DEAL, "5S", actions, dealer=3, low_point="captured")
    assert choose(game, state) == "play 2S"  # the partner's ace holds: bank the Low
    game, state = situation(LOW_DEAL, "5S", actions, dealer=3, low_point="dealt")
    assert choose(game, state) == "play 7D"  # Low already scores to its holder


def test_must_trump_leaves_only_trumps_to_a_void_seat() -> None:
    hands = ["9S 3S 8D 7D 6C 2C", "JH 4H 8C 7C 6D 5D"]
    game, state = situation(hands, "5H", ["stand", "play 9S"], void_rule="must_trump")
    assert state.legal_texts() == ["play 4H", "play JH"]
    assert choose(game, state) in state.legal_texts()


def test_plays_every_card_of_a_deal_legally_and_keeps_the_trump_suit() -> None:
    game, state = situation(["AH JH TH 4H AS 2C", "9S 8S 7D 6D 5C 4C"], "5H", ["stand"])
    bot = AllFoursHeuristic(game)
    while state.view(state.current_player).phase == "play":
        view = state.view(state.current_player)
        assert view.public.to_json()["trump"] == "H"
        text = bot.choose(view, random.Random(0))
        assert text in view.legal
        state.apply_text(text)
    points = state.summaries()[0].points
    assert points[0] >= 3  # High, Jack and Game at least


# -- strength ----------------------------------------------------------------------------------
def test_heuristic_beats_random_in_two_player_seven_up() -> None:
    game = load_game("all_fours", {"preset": "seven_up"}, players=2)
    heuristic, other = AllFoursHeuristic(game), RandomBot(game)
    rng = random.Random(1)
    start = time.perf_counter()
    wins, matches = 0, 200
    for match in range(matches):
        side = match % 2
        bots: list[Bot] = [heuristic if seat == side else other for seat in range(2)]
        wins += play_match(game, bots, rng).winner() == side
    assert wins >= 0.75 * matches, f"heuristic won {wins} of {matches}"
    assert time.perf_counter() - start < 20.0
