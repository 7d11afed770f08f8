"""The Romanian Whist heuristic bot: always legal, sensible in set situations, and strong.

Legality runs seeded matches of every preset with 3 to 7 players and the options that
change what a seat sees or may do (forehead deals, the blind and zero tie-breaks,
``void_rule``, seven players with jokers); the bots there sample few deals to stay fast.
Targeted tests deal fixed cards with ``state.deal``. The strength test pits one heuristic
against three random bots.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktable.bots.random_bot import RandomBot
from tricktable.cards import HEARTS, SPADES, mask_of, parse_card, parse_cards
from tricktable.core import Deal, SeatView, State
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.romanian_whist.engine import WhistRules
from tricktable.games.romanian_whist.facts import WhistFacts
from tricktable.games.romanian_whist.heuristic import (
    Tuning,
    WhistHeuristic,
    best_bid,
    forehead_chance,
    one_card_chance,
    playout,
)
from tricktable.tricks import NO_TRUMP, plain_rules

FAST = Tuning(samples=6)
"""Few sampled deals per bid: legality does not depend on judgement."""


def whist(players: int = 4, **options: Any) -> Any:
    return load_game("romanian_whist", {"preset": "romanian_whist", **options}, players=players)


def play_match(
    game: Any, bots: list[Any], rng: random.Random, max_decisions: int | None = None
) -> State:
    """Drive a match with ``bots`` (checking every choice is legal) until it ends."""
    state: State = game.new_match(rng)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance():
            state.deal_random(rng)
            continue
        seat = state.current_player
        view = state.view(seat)
        choice = bots[seat].choose(view, rng)
        assert choice in view.legal
        assert choice in state.legal_texts()
        state.apply_text(choice)
        decisions += 1
        if max_decisions is not None and decisions >= max_decisions:
            break
    return state


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def advance_to_deal(state: State, deal_index: int, seed: int = 0) -> None:
    """Play random legal actions until deal ``deal_index`` is due (not yet dealt)."""
    rng = random.Random(seed)
    while not (state.is_chance() and state.view(0).public.to_json()["deal_index"] == deal_index):
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply_text(rng.choice(state.legal_texts()))


def act(state: State, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def heuristic_choice(game: Any, state: State, seed: int = 0) -> str:
    seat = state.current_player
    return WhistHeuristic(game, seat).choose(state.view(seat), random.Random(seed))


# -- legality ----------------------------------------------------------------------------------
PRESET_MATRIX = [
    (preset, players)
    for preset in ("romanian_whist", "parlett", "eight_one_eight", "doizece")
    for players in range(3, 8)
]


@pytest.mark.parametrize(("preset", "players"), PRESET_MATRIX)
def test_heuristic_is_legal_through_a_whole_match(preset: str, players: int) -> None:
    game = whist(players, preset=preset)
    rng = random.Random(players * 31 + len(preset))
    bots = [WhistHeuristic(game, tuning=FAST) for _ in range(players)]
    state = play_match(game, bots, rng)
    assert state.is_terminal()


@pytest.mark.parametrize("players", range(3, 8))
def test_heuristic_is_legal_in_oh_hell(players: int) -> None:
    most = 51 // players
    for hand_size in sorted({1, 2, most // 2 or 1, most}):
        game = whist(players, preset="oh_hell", hand_size=hand_size)
        for match in range(3):
            rng = random.Random(1000 * players + 10 * hand_size + match)
            bots: list[Any] = [WhistHeuristic(game, tuning=FAST) for _ in range(players)]
            bots[match % players] = RandomBot(game)
            assert play_match(game, bots, rng).is_terminal()


OPTION_MIXES: list[tuple[int, dict[str, Any]]] = [
    (3, {"forehead": "last"}),
    (4, {"forehead": "first_and_last", "void_rule": "any"}),
    (5, {"forehead": "last", "preset": "parlett"}),
    (7, {"forehead": "first_and_last"}),
    (7, {"seven_players": "jokers", "forehead": "last"}),
    (7, {"seven_players": "jokers", "preset": "eight_one_eight"}),
    (6, {"void_rule": "any", "exact_bonus": 2, "miss_scoring": "tricks"}),
    (4, {"preset": "doizece", "zero_bid_voids_bonus": True, "zero_finish": True}),
    (3, {"tie_break": "blind", "exact_bonus": 0}),
    (4, {"tie_break": "zero", "forehead": "last"}),
    (5, {"tie_break": "blind", "void_rule": "any"}),
    (6, {"preset": "oh_hell", "hand_size": 8, "miss_scoring": "difference"}),
]


@pytest.mark.parametrize(("players", "options"), OPTION_MIXES)
def test_heuristic_is_legal_with_options(players: int, options: dict[str, Any]) -> None:
    game = whist(players, **options)
    rng = random.Random(7 * players + len(options))
    bots = [WhistHeuristic(game, tuning=FAST) for _ in range(players)]
    assert play_match(game, bots, rng).is_terminal()


def test_forehead_views_hide_the_own_card_and_the_bot_still_bids() -> None:
    game = whist(3, forehead="last")
    state = game.new_state(0)
    advance_to_deal(state, len(game.schedule) - 1)
    state.deal_random(random.Random(4))
    view = state.view(state.current_player)
    assert view.public.to_json()["own_hand_hidden"] and view.hand == ()
    assert len(view.public.to_json()["forehead"]) == 2
    choice = WhistHeuristic(game, tuning=FAST).choose(view, random.Random(0))
    assert choice in view.legal


@pytest.mark.parametrize(("players", "tie_break"), [(3, "blind"), (3, "zero"), (5, "blind")])
def test_heuristic_is_legal_in_tie_break_deals(players: int, tie_break: str) -> None:
    """Random bots play seeded matches until one ends level; the heuristic takes the tie-break."""
    game = whist(players, tie_break=tie_break)
    heuristic = WhistHeuristic(game, tuning=FAST)
    rows: set[str] = set()
    for seed in range(600):
        rng = random.Random(seed)
        state = game.new_match(rng)
        tie_deal = False
        while not state.is_terminal():
            if state.is_chance():
                state.deal_random(rng)
                public = state.view(0).public.to_json()
                tie_deal = public["deal_index"] >= public["deals_in_schedule"]
                continue
            if not tie_deal:  # random play until a tie-break deal comes
                state.apply_text(rng.choice(state.legal_texts()))
                continue
            view = state.view(state.current_player)
            rows.add(view.public.to_json()["row"])
            if view.public.to_json()["blind"] and view.phase == "bid":
                assert view.hand == () and view.public.to_json()["own_hand_hidden"]
            choice = heuristic.choose(view, rng)
            assert choice in view.legal
            state.apply_text(choice)
        if rows:
            break
    assert rows == {"NV" if tie_break == "blind" else "0"}


def test_heuristic_refuses_other_games() -> None:
    with pytest.raises(RuleError):
        WhistHeuristic(load_game("euchre"))


# -- fixed deals: bidding ----------------------------------------------------------------------
def two_card_deal(hands: list[str], turned: str) -> Deal:
    """A deal of 2 cards each (seats 0..3) from the 32-card deck."""
    return Deal(tuple(cards(h) for h in hands), parse_card(turned), ())


def at_two_card_deal(deal: Deal) -> tuple[Any, State]:
    """Four players, dealer 0 (the hooked seat), the first 2-card deal dealt as ``deal``."""
    game = whist(4)
    state = game.new_state(0)
    advance_to_deal(state, 4)
    assert state.view(0).public.to_json()["hand_size"] == 2 and state.view(0).dealer == 0
    state.deal(deal)
    return game, state


STRONG = two_card_deal(["AH KH", "7S 8S", "7D 8D", "7C 8C"], "9H")


def test_a_strong_hand_bids_its_tricks() -> None:
    game, state = at_two_card_deal(STRONG)
    act(state, "bid 1", "bid 0", "bid 0")  # others total 1: bid 1 is barred, 2 is free
    assert state.current_player == 0
    assert heuristic_choice(game, state) == "bid 2"


def test_the_hook_picks_the_nearest_legal_bid() -> None:
    game, state = at_two_card_deal(STRONG)
    act(state, "bid 0", "bid 0", "bid 0")  # others total 0: bid 2 is barred
    assert "bid 2" not in state.legal_texts()
    assert heuristic_choice(game, state) == "bid 1"


def test_a_weak_hand_bids_zero() -> None:
    game, state = at_two_card_deal(two_card_deal(["AS AD", "7S 8C", "KH KD", "QC JH"], "TH"))
    assert state.current_player == 1
    assert heuristic_choice(game, state) == "bid 0"


def test_forehead_bid_reads_the_others_cards() -> None:
    game = whist(3, forehead="last")
    state = game.new_state(0)
    advance_to_deal(state, len(game.schedule) - 3)
    assert state.view(0).dealer == 0  # eldest 1, then 2, then the dealer
    # Seat 2 shows the ace of trumps: seat 1's own card cannot win.
    state.deal(Deal((cards("9S"), cards("KD"), cards("AH")), parse_card("9H"), ()))
    view = state.view(1)
    assert view.hand == () and view.public.to_json()["forehead"] == {0: "9S", 2: "AH"}
    assert WhistHeuristic(game).choose(view, random.Random(0)) == "bid 0"
    advance_to_deal(state, len(game.schedule) - 2)
    # The dealer is now seat 1: eldest 2 sees 9S and TD with AH turned; only 9D loses.
    state.deal(Deal((cards("9S"), cards("TD"), cards("QC")), parse_card("AH"), ()))
    assert state.current_player == 2
    assert WhistHeuristic(game).choose(state.view(2), random.Random(0)) == "bid 1"


# -- fixed deals: play -------------------------------------------------------------------------
def test_short_of_the_bid_it_wins_with_the_lowest_card_that_holds() -> None:
    game, state = at_two_card_deal(two_card_deal(["AS 9S", "7S 7C", "8S 8C", "7D 8D"], "9H"))
    act(state, "bid 0", "bid 0", "bid 0", "bid 1")
    act(state, "play 7S", "play 8S", "play 7D")  # seat 0 plays last
    assert heuristic_choice(game, state) == "play 9S"


def test_bid_made_it_plays_the_highest_card_that_still_loses() -> None:
    game, state = at_two_card_deal(two_card_deal(["QS 7S", "KS 7C", "8S 8C", "7D 8D"], "9H"))
    act(state, "bid 1", "bid 0", "bid 0", "bid 0")
    act(state, "play KS", "play 8S", "play 7D")
    assert heuristic_choice(game, state) == "play QS"


def test_bid_made_and_void_it_throws_away_its_ace() -> None:
    game, state = at_two_card_deal(two_card_deal(["AC 7D", "KS 7C", "8S 8C", "QS 8D"], "9H"))
    act(state, "bid 1", "bid 0", "bid 0", "bid 0")
    act(state, "play KS", "play 8S", "play QS")
    assert set(state.legal_texts()) == {"play AC", "play 7D"}
    assert heuristic_choice(game, state) == "play AC"


def test_short_and_void_it_trumps_in_even_when_free_to_discard() -> None:
    game = load_game("romanian_whist", {"preset": "oh_hell", "hand_size": 2}, players=4)
    state = game.new_state(0)
    hands = ["2H 3C", "KS 4C", "5S 6C", "QS 7D"]
    state.deal(Deal(tuple(cards(h) for h in hands), parse_card("AH"), ()))
    act(state, "bid 0", "bid 0", "bid 0", "bid 1")
    act(state, "play KS", "play 5S", "play QS")
    assert {"play 2H", "play 3C"} <= set(state.legal_texts())  # void_rule any
    assert heuristic_choice(game, state) == "play 2H"


def test_bid_made_and_void_with_void_rule_any_it_sheds_a_losing_trump() -> None:
    game = load_game("romanian_whist", {"preset": "oh_hell", "hand_size": 2}, players=4)
    state = game.new_state(0)
    hands = ["9H 3C", "KS 4C", "QH 6C", "QS 7D"]
    state.deal(Deal(tuple(cards(h) for h in hands), parse_card("2H"), ()))
    act(state, "bid 1", "bid 0", "bid 0", "bid 0")
    act(state, "play KS", "play QH", "play QS")  # seat 2 ruffs: both of seat 0's cards lose
    assert heuristic_choice(game, state) == "play 9H"


def test_must_trump_leaves_one_choice_and_the_bot_takes_it() -> None:
    game, state = at_two_card_deal(two_card_deal(["7H AC", "KS 7C", "8S 8C", "QS 8D"], "9H"))
    act(state, "bid 1", "bid 0", "bid 0", "bid 0")
    act(state, "play KS", "play 8S", "play QS")
    assert state.legal_texts() == ["play 7H"]
    assert heuristic_choice(game, state) == "play 7H"


# -- the pieces --------------------------------------------------------------------------------
def test_one_card_chance_counts_the_cards_that_beat_it() -> None:
    deck = mask_of(card for card in whist(4).deck)
    ace = parse_card("AH")
    nine = parse_card("9S")
    unseen = deck & ~(1 << ace) & ~(1 << parse_card("7H"))
    assert one_card_chance(ace, HEARTS, unseen, eldest=False, players=4) == 1.0
    unseen = deck & ~(1 << nine) & ~(1 << parse_card("7H"))
    assert one_card_chance(nine, HEARTS, unseen, eldest=True, players=4) < 0.25
    assert one_card_chance(nine, NO_TRUMP, unseen, eldest=True, players=4) > 0.3


def test_forehead_chance_enumerates_the_own_card() -> None:
    pool = mask_of(cards("AS KS"))
    shown = {1: parse_card("QS")}
    assert forehead_chance(0, [0, 1], shown, NO_TRUMP, pool) == 1.0
    assert forehead_chance(1, [0, 1], {0: parse_card("QS")}, NO_TRUMP, pool) == 1.0
    assert forehead_chance(0, [1, 0], shown, SPADES, mask_of(cards("JS TS"))) == 0.0


def test_best_bid_weighs_the_scoring() -> None:
    rules = WhistRules()
    dist = [0.009, 0.163, 0.747, 0.081]  # two cards at 0.9 and one at 0.1
    assert best_bid(dist, [0, 1, 2, 3], rules) == 2
    assert best_bid(dist, [0, 1, 3], rules) == 1
    assert best_bid([0.0, 1.0], [0, 1], rules) == 1


def test_playout_gives_each_trick_one_winner() -> None:
    rng = random.Random(3)
    deck = list(whist(5).deck)
    for _ in range(50):
        rng.shuffle(deck)
        hands = [mask_of(deck[5 * seat : 5 * seat + 5]) for seat in range(5)]
        trump = rng.choice([NO_TRUMP, SPADES, HEARTS])
        won = playout(hands, plain_rules(trump), must_trump=rng.random() < 0.5)
        assert sum(won) == 5


def test_view_only_knowledge() -> None:
    """The bot decides from a hand-made SeatView alone (no engine state behind it)."""
    game = whist(4)
    view = SeatView(
        game="romanian_whist",
        seat=2,
        players=4,
        dealer=1,
        to_act=2,
        phase="bid",
        hand=(),
        history=((2, "bid 2"), (3, "bid 1"), (0, "bid 3")),
        trick=(),
        tricks=(),
        trick_winners=(),
        scores=(10, 4, 7, 0),
        legal=tuple(f"bid {n}" for n in range(9)),
        public=WhistFacts(
            turned=None,
            trump=None,
            hand_size=8,
            row="NV",
            bids=(3, None, None, 1),
            tricks_won=(0, 0, 0, 0),
            active=(2, 3, 0, 1),
            deal_index=8,
            deals_in_schedule=24,
            forehead=(),
            blind=True,
            own_hand_hidden=True,
            hand_count=8,
        ),
    )
    assert WhistHeuristic(game).choose(view, random.Random(0)) == "bid 2"


# -- strength ----------------------------------------------------------------------------------
def test_heuristic_beats_random_bots_by_forty_points() -> None:
    game = whist(4)
    rng = random.Random(1)
    heuristic_scores: list[int] = []
    random_scores: list[int] = []
    for match in range(30):
        seat = match % 4
        bots: list[Any] = [RandomBot(game) for _ in range(4)]
        bots[seat] = WhistHeuristic(game, seat)
        state = play_match(game, bots, rng)
        scores = state.scores()
        heuristic_scores.append(scores[seat])
        random_scores.extend(score for other, score in enumerate(scores) if other != seat)
    heuristic_mean = sum(heuristic_scores) / len(heuristic_scores)
    random_mean = sum(random_scores) / len(random_scores)
    assert heuristic_mean >= random_mean + 40, (heuristic_mean, random_mean)
