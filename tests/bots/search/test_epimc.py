"""``epimc``: postponed perfect information in the play of every seat for its own bid."""

from __future__ import annotations

import random

import pytest

from tests.search.helpers import random_states
from tricktable.bots import make_bot
from tricktable.bots.search.epimc import postponed_totals
from tricktable.bots.search.pimc import PimcBot
from tricktable.cards import card_name, mask_of, parse_cards
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.games.romanian_whist.valuation import ExactBidScore
from tricktable.search.lookahead import summed_values
from tricktable.search.play_facts import FOLLOW
from tricktable.search.solver import Position, Solver
from tricktable.tricks import NO_TRUMP, plain_rules

OH_HELL = "romanian_whist(preset=oh_hell,hand_size=4)"

# A hand-made position where postponing matters. No trump, three seats, each for its own
# bid; seat 0 leads and holds 9D JS AD, bid 2 (the others bid 1 each). Four worlds of the
# others' hands (seat 1 | seat 2). In the first and third, after the jack of spades is led,
# the others play the eight of spades and the ace (seat 2 takes it) and seat 2 leads the
# eight of diamonds: the seat sees the same cards in both, and must guess where the ten of
# diamonds lies (with seat 1: play the ace; with seat 2: the nine, keeping the ace for the
# last trick). Plain PIMC solves each world as if it knew, and leads the jack; postponed,
# the jack is worth one guess over those two worlds, and the ace of diamonds is led.
SEAT_HAND = "9D JS AD"
WORLDS = (
    ("TH 8S QS", "TD 8D AS"),
    ("AS TH QS", "TD 8S 8D"),
    ("TD 8S QS", "AS 8D TH"),
    ("TH 8S AS", "TD 8D QS"),
)


def guess_worlds() -> list[Solver]:
    solvers = []
    for first, second in WORLDS:
        hands = [mask_of(parse_cards(hand)) for hand in (SEAT_HAND, first, second)]
        pos = Position.make(hands, plain_rules(NO_TRUMP), FOLLOW, [1, 2, 0], 0, 0b001)
        pos.valuation, pos.takens = ExactBidScore([2, 1, 1], 5, False), [0, 0, 0]
        pos.each_for_itself = True
        solvers.append(Solver(pos))
    return solvers


def named(totals: dict[int, float]) -> dict[str, float]:
    return {card_name(card): value for card, value in totals.items()}


def test_postponing_changes_the_card_where_the_seat_must_guess_later() -> None:
    plain = named(postponed_totals(guess_worlds(), 0, 0))
    postponed = named(postponed_totals(guess_worlds(), 0, 1))
    assert max(plain, key=plain.__getitem__) == "JS"
    assert max(postponed, key=postponed.__getitem__) == "AD"
    # The jack loses the second guess's world; the other cards need no guess.
    assert postponed["JS"] < plain["JS"]
    assert postponed["AD"] == plain["AD"] and postponed["9D"] == plain["9D"]


def test_no_postponing_is_plain_pimc_and_the_worlds_are_left_as_they_were() -> None:
    worlds = guess_worlds()
    before = [solver.solve() for solver in worlds]
    assert postponed_totals(worlds, 0, 0) == summed_values(((s, 0) for s in worlds), float)
    postponed_totals(worlds, 0, 2)
    assert [solver.solve() for solver in worlds] == before
    assert all(not solver.played for solver in worlds)


def test_postponed_pimc_plays_legal_cards_and_repeats_itself_with_a_seed() -> None:
    game = load_game(OH_HELL, players=4)
    bot = PimcBot(game, worlds=6, postpone=1)
    asked = 0
    for state in random_states(game, 3, 200, play_only=True):
        view = state.view(state.current_player)
        if len(view.legal) < 2:
            continue
        choice = bot.choose(view, random.Random(asked))
        assert choice in view.legal
        assert bot.choose(view, random.Random(asked)) == choice
        asked += 1
    assert asked > 5
    assert bot.fallbacks == 0


def test_postpone_is_a_pimc_setting() -> None:
    game = load_game(OH_HELL, players=4)
    bot = make_bot("pimc(postpone=2)", game, 0, trusted=True)
    assert isinstance(bot, PimcBot) and bot.postpone == 2
    with pytest.raises(RuleError, match="postpone must be >= 0"):
        make_bot("pimc(postpone=-1)", game, 0, trusted=True)
    with pytest.raises(ValueError, match="postpone must be >= 0"):
        postponed_totals(guess_worlds(), 0, -1)
