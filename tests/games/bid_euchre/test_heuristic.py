"""The bid euchre bots: legal play under every option set, judgement in fixed situations,
and the heuristic's strength against random play."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from tricktable.bots import make_bot
from tricktable.bots.random_bot import RandomBot
from tricktable.cards import mask_of, parse_card
from tricktable.core import Deal, Game
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.bid_euchre.engine import BidEuchreState
from tricktable.games.bid_euchre.heuristic import BidEuchreHeuristic, estimate
from tricktable.sim import play_match, simulate

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"set_points": 0},
    {"set_points": 9, "start_score": 12},
    {"start_score": 5},
]
TRUMP = ["JH AH KH AS KS 9C", "JD QH 9H QS TS AC", "TH AD KD QD 9D JS", "JC KC QC TC TD 9S"]


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(card) for card in text.split())


def fixed(hands: list[str], dealer: int = 3, **options: Any) -> BidEuchreState:
    game = load_game("bid_euchre", options, players=len(hands))
    state = game.new_state(dealer)
    assert isinstance(state, BidEuchreState)
    state.deal(Deal(tuple(cards(hand) for hand in hands), None, ()))
    return state


def choose(state: BidEuchreState) -> str:
    bot = make_bot("heuristic", state.game, state.current_player)
    return bot.choose(state.view(state.current_player), random.Random(0))


# -- the registry ------------------------------------------------------------------------------
def test_registry_gives_the_bid_euchre_heuristic() -> None:
    game = load_game("bid_euchre", players=3)
    assert isinstance(make_bot("heuristic", game, 2), BidEuchreHeuristic)
    assert isinstance(make_bot("random", game), RandomBot)
    with pytest.raises(RuleError, match="plays bid_euchre"):
        BidEuchreHeuristic(load_game("euchre"))


# -- legality ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=repr)
def test_bots_play_legal_actions(players: int, options: dict[str, Any]) -> None:
    """``play_match`` refuses any bot answer outside ``view.legal``; each match has at
    least one heuristic seat, which drives it to an end."""
    game = load_game("bid_euchre", options, players=players)
    rng = random.Random(f"legal {players} {sorted(options.items())}")
    for match in range(6):
        names = ["heuristic" if (seat + match) % 2 == 0 else "random" for seat in range(players)]
        bots = [make_bot(name, game, seat) for seat, name in enumerate(names)]
        state = play_match(game, bots, rng, max_deals=500)
        assert state.is_terminal() and state.winner() is not None


def test_heuristic_self_play_ends() -> None:
    game = load_game("bid_euchre")
    rng = random.Random(3)
    bots = [make_bot("heuristic", game, seat) for seat in range(4)]
    for _ in range(5):
        assert play_match(game, bots, rng, max_deals=500).is_terminal()


# -- judgement ---------------------------------------------------------------------------------
def test_estimate_counts_top_cards() -> None:
    hearts = mask_of(cards("JH JD AH KH AS 9C"))
    assert estimate(hearts, "H") > 4.5 > estimate(hearts, "S")
    nines = mask_of(cards("9S TS 9H TH 9D JC"))
    assert estimate(nines, "low") >= 4 > estimate(nines, "high")


def test_bids_one_more_with_a_strong_hand_and_passes_junk() -> None:
    state = fixed(TRUMP)
    assert choose(state) == "bid 1"  # eldest with both bowers, A K of hearts: the cheapest bid
    state.apply_text("bid 1")
    state.apply_text(choose(state))  # seat 1: a middling hand
    junk = fixed(
        ["QC TC QD JH QS TS", "9S JS KS AS 9H TH", "QH KH AH 9D TD JD", "KD AD 9C JC KC AC"]
    )
    assert choose(junk) == "pass"  # no contract is worth a trick and a half


def test_stuck_dealer_bids_one() -> None:
    state = fixed(TRUMP)
    state.replay_actions(["pass", "pass", "pass"])
    assert "pass" not in state.legal_texts()
    assert choose(state) == "bid 1"


def test_names_the_best_contract() -> None:
    bowers = ["JH JD AH 9H TH 9C", "9S TS JS QS KS AS", "QH KH 9D TD QD KD", "AD TC JC QC KC AC"]
    state = fixed(bowers)
    state.replay_actions(["bid 1", "pass", "pass", "pass"])
    assert choose(state) == "name H"  # both bowers and five hearts
    low_hand = ["9S TS 9H TH 9D TD", "JH AH KH AS KS QC", "JD QH QS JS AC KC", "AD KD QD 9C TC JC"]
    state = fixed(low_hand)
    state.replay_actions(["bid 1", "pass", "pass", "pass"])
    assert choose(state) == "low"


def test_stays_with_winners_and_drops_junk() -> None:
    state = fixed(TRUMP)
    state.replay_actions(["bid 1", "pass", "pass", "pass", "name H"])
    assert state.current_player == 1
    assert choose(state) == "stay"  # the left bower, QH and 9H
    state.apply_text("stay")
    state.apply_text("stay")
    assert state.current_player == 3
    assert choose(state) == "drop"  # no trump, no ace: likely set


def test_always_stays_when_a_set_costs_nothing() -> None:
    state = fixed(TRUMP, set_points=0)
    state.replay_actions(["bid 1", "pass", "pass", "pass", "name H", "stay", "stay"])
    assert choose(state) == "stay"


def test_bidder_leads_the_right_bower() -> None:
    state = fixed(TRUMP)
    state.replay_actions(["bid 1", "pass", "pass", "pass", "name H", "stay", "stay", "stay"])
    assert choose(state) == "play JH"


HIGH_HANDS = ["9D AS KS QS JS TS", "TD 9S AH KH QH JH", "JD TH 9H 9C TC JC", "KD AD QD QC KC AC"]


def high_hand() -> BidEuchreState:
    state = fixed(HIGH_HANDS)
    state.replay_actions(["bid 1", "pass", "pass", "pass", "high", "stay", "stay", "stay"])
    return state


def test_last_seat_wins_with_the_cheapest_winner() -> None:
    state = high_hand()
    state.replay_actions(["play 9D", "play TD", "play JD"])
    assert state.current_player == 3
    assert choose(state) == "play QD"  # Q, K and A of diamonds all win: the queen will do


def test_cannot_win_throws_a_low_card() -> None:
    state = high_hand()
    state.replay_actions(["play AS", "play 9S"])
    assert state.current_player == 2  # void in spades: nothing wins
    assert choose(state) in ("play 9C", "play 9H")


def test_second_hand_wins_with_a_sure_card_not_a_risky_one() -> None:
    state = high_hand()
    state.replay_actions(["play 9D"])
    # seat 1 holds only TD in diamonds: forced; seat 2 then may take with JD while
    # seat 3 (K, A, Q of diamonds) is still to play: the bot does not waste cards it needs
    assert choose(state) == "play TD"
    state.apply_text("play TD")
    assert choose(state) == "play JD"  # its only diamond


def test_bot_respects_view_only() -> None:
    """The heuristic decides from the view: a view with another seat's legal list is refused."""
    state = fixed(TRUMP)
    view = state.view(0)
    bot = make_bot("heuristic", state.game, 0)
    other = dataclasses.replace(state.view(1), legal=())
    with pytest.raises(Exception, match="no legal action"):
        bot.choose(other, random.Random(0))
    assert bot.choose(view, random.Random(0)) in view.legal


# -- strength ----------------------------------------------------------------------------------
def _strength(game: Game[Any], matches: int, seed: int) -> tuple[float, list[float]]:
    players = game.players
    result = simulate(game, ["heuristic", *["random"] * (players - 1)], matches, seed)
    return result.win_rate[0], result.mean_score


@pytest.mark.parametrize("players", [3, 4])
def test_heuristic_beats_random_clearly(players: int) -> None:
    game = load_game("bid_euchre", players=players)
    rate, mean_scores = _strength(game, 100, seed=2024 + players)
    assert rate >= 0.7
    assert mean_scores[0] == min(mean_scores)  # lower is better in bid euchre
