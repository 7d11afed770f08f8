"""The two-handed Euchre heuristic: legality under every option set, chosen situations
from fixed deals, and its strength against the random bot."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktable.bots import Bot, NoDecisionError, make_bot
from tricktable.cards import HEARTS, SPADES, mask_of, parse_card, parse_cards
from tricktable.core import Deal, Game, State
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.two_handed_euchre.heuristic import TwoHandedEuchreHeuristic, expected_tricks

OPTION_SETS: list[dict[str, Any]] = [
    {"preset": "keller"},
    {"preset": "mathews_1844"},
    {"deck": 28, "packets": "2-3"},
    {"stick_the_dealer": True},
    {"dealer_may_discard_upcard": False},
    {"minimum_trump": "all", "stick_the_dealer": True},
    {"minimum_trump": "dealer"},
    {"make_points": 2, "march_points": 3, "euchre_points": 4, "super_euchre_points": 6},
    {"target": None},
]
KELLER = load_game("two_handed_euchre")
DECK24 = [rank + suit for suit in "SHDC" for rank in "9TJQKA"]


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


def fixed(hands: list[str], turned: str = "9H", dealer: int = 1, **options: Any) -> State:
    held = [*" ".join(hands).split(), turned]
    state = load_game("two_handed_euchre", options).new_state(dealer)
    state.deal(
        Deal(
            tuple(tuple(parse_cards(hand)) for hand in hands),
            parse_card(turned),
            tuple(parse_cards([card for card in DECK24 if card not in held])),
        )
    )
    return state


def choose(state: State) -> str:
    bot = make_bot("heuristic", state.game)
    return bot.choose(state.view(state.current_player), random.Random(0))


# -- registry and legality -------------------------------------------------------------------
def test_registry_gives_the_heuristic() -> None:
    bot = make_bot("heuristic", KELLER, seat=1)
    assert isinstance(bot, TwoHandedEuchreHeuristic) and bot.name == "heuristic"
    with pytest.raises(RuleError, match="plays two_handed_euchre"):
        TwoHandedEuchreHeuristic(load_game("euchre"))
    with pytest.raises(RuleError, match=r"seats are 0\.\.1"):
        make_bot("heuristic", KELLER, seat=2)
    state = KELLER.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    idle = 1 - state.current_player
    with pytest.raises(NoDecisionError):
        bot.choose(state.view(idle), random.Random(0))


@pytest.mark.parametrize("options", OPTION_SETS, ids=repr)
def test_legal_in_random_matches(options: dict[str, Any]) -> None:
    game = load_game("two_handed_euchre", options)
    heuristic, other = make_bot("heuristic", game), make_bot("random", game)
    rng = random.Random(repr(sorted(options.items())))
    for match in range(8):
        bots = [heuristic, other] if match % 2 else [other, heuristic]
        if match % 4 == 3:
            bots = [heuristic, heuristic]
        assert play_match(game, bots, rng).winner() is not None


def test_never_discards_the_upcard_when_not_allowed() -> None:
    game = load_game("two_handed_euchre", {"dealer_may_discard_upcard": False})
    bot = make_bot("heuristic", game)
    rng = random.Random(9)
    seen = 0
    for _ in range(60):
        state = game.new_match(rng)
        state.deal_random(rng)
        while state.current_player >= 0 and state.view(0).phase in ("bid1", "bid2"):
            seat = state.current_player
            state.apply_text(bot.choose(state.view(seat), rng))
        if state.current_player >= 0 and state.view(0).phase == "dealer_discard":
            seen += 1
            view = state.view(state.current_player)
            assert bot.choose(view, rng) != f"discard {view.public.to_json()['upcard']}"
    assert seen > 0


# -- judgement ---------------------------------------------------------------------------------
def test_expected_tricks_orders_hands_sensibly() -> None:
    deck = mask_of(parse_cards(DECK24))

    def value(text: str, trump: int = HEARTS) -> float:
        hand = mask_of(parse_cards(text))
        return expected_tricks(hand, trump, deck & ~hand)

    assert value("JH JD AH KH QH") > 4.5
    assert value("JH JD AH AS 9C") > value("JH AH KS QC 9D") > value("9H TS 9D TC QC")
    assert value("JS JC AS 9D 9H", SPADES) > value("JS JC AS 9D 9H", HEARTS)


def test_orders_a_strong_hand_and_passes_junk() -> None:
    strong = fixed(["JH JD AH AS 9C", "KS QS AC TD 9D"])
    assert choose(strong) == "order"
    junk = fixed(["9S TS 9D TC QC", "JH JD AH KS AC"])
    assert choose(junk) == "pass"


def test_dealer_takes_up_with_trumps_and_discards_well() -> None:
    state = fixed(["9S TS 9D TC QC", "JH JD KH AS 9C"])
    state.apply_text("pass")
    assert choose(state) == "order"
    state.apply_text("order")
    assert choose(state) == "discard 9C"  # the lone club: a void, trumps and the ace kept


def test_calls_its_best_suit_in_round_two() -> None:
    state = fixed(["JS JC AS KS 9D", "AH KH QH AD KD"])
    state.apply_text(choose(state))  # seat 0: nothing in hearts
    assert state.view(0).history[-1] == (0, "pass")
    state.apply_text("pass")
    assert choose(state) == "call S"


def test_stuck_dealer_calls() -> None:
    state = fixed(["9S TS 9D TD 9C", "QC KC QD TH TC"], stick_the_dealer=True)
    state.replay_actions(["pass", "pass", "pass"])
    assert choose(state) == "call C"


# -- play -------------------------------------------------------------------------------------
def test_maker_leads_the_right_bower() -> None:
    state = fixed(["JH JD AH AS 9C", "KS QS AC TD 9D"])
    state.replay_actions(["order", "discard 9D"])
    assert choose(state) == "play JH"


def test_wins_cheaply_when_second() -> None:
    # hearts trump; seat 0 leads KS; the dealer wins with AS, not a trump
    state = fixed(["KS 9C TC QC KC", "AS 9S QH JD TD"])
    state.replay_actions(["pass", "order", "discard TD", "play KS"])
    assert choose(state) == "play AS"


def test_trumps_low_when_void_and_throws_off_when_beaten() -> None:
    state = fixed(["AC 9S TS QS KS", "JH JD 9H AD TD"], turned="QH")
    state.replay_actions(["pass", "order", "discard QH", "play AC"])
    assert choose(state) == "play 9H"  # void in clubs: the lowest trump wins
    beaten = fixed(["JH TS QS KS AS", "9S JD 9H AD TD"], turned="QH")
    beaten.replay_actions(["order", "discard 9S", "play JH"])
    assert choose(beaten) == "play 9H"  # must follow trump: the lowest, keeping the left bower


# -- strength ----------------------------------------------------------------------------------
def test_heuristic_beats_random_clearly() -> None:
    heuristic, randomly = make_bot("heuristic", KELLER), make_bot("random", KELLER)
    rng = random.Random(2024)
    matches, wins = 100, 0
    for match in range(matches):
        seat = match % 2
        bots = [heuristic, randomly] if seat == 0 else [randomly, heuristic]
        wins += play_match(KELLER, bots, rng).winner() == seat
    assert wins / matches >= 0.85
