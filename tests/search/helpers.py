"""Shared helpers for the search tests: views from random play of every game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tricktable.cards import parse_card, parse_cards
from tricktable.core import Deal, Game, SeatView, State
from tricktable.games import load_game

SPECS: list[tuple[str, int | None]] = [
    ("euchre", None),
    ("euchre(preset=british)", None),
    ("euchre(preset=cornish)", None),
    ("euchre(farmers_hand=true,ace_no_face=exchange)", None),
    (
        "euchre(maker_may_concede=true,dealer_opens=true,deck=36,defend_alone=true,"
        "defend_alone_any=true)",
        None,
    ),
    ("two_handed_euchre", None),
    ("three_handed_euchre", None),
    ("bid_euchre", 3),
    ("bid_euchre", 4),
    ("setback_euchre", None),
    ("all_fours", 2),
    ("all_fours(void_rule=must_trump)", 3),
    ("all_fours", 4),
    ("romanian_whist", 4),
    ("romanian_whist(forehead=first_and_last)", 3),
    ("romanian_whist(preset=oh_hell,hand_size=5)", 5),
]
"""Games and seat counts the search is checked on (every game, several presets)."""


def random_states(
    game: Game[Any], seed: int, steps: int, play_only: bool = False
) -> Iterator[State]:
    """States met while playing ``steps`` random actions from a new match."""
    rng = random.Random(seed)
    state = game.new_match(rng)
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance():
            state.deal_random(rng)
            continue
        if not play_only or state.phase.name == "PLAY":
            yield state
        state.apply(rng.choice(state.legal_actions()))


def play_views(
    spec: str, players: int | None, seed: int, count: int
) -> Iterator[tuple[Game[Any], State, SeatView]]:
    """``count`` play-phase states of ``spec`` with the view of the seat to move."""
    game = load_game(spec, players=players)
    found = 0
    round_seed = seed
    while found < count:
        for state in random_states(game, round_seed, 300, play_only=True):
            yield game, state, state.view(state.current_player)
            found += 1
            if found >= count:
                return
        round_seed += 1000


def conceding_euchre(tricks: list[str]) -> tuple[Game[Any], SeatView]:
    """Euchre where the maker may concede: seat 3 deals, seat 0 orders up 9H, the dealer
    discards TS, then ``tricks`` are played (each four cards in play order); the game and
    seat 0's view."""
    game = load_game("euchre(maker_may_concede=true)")
    state = game.new_state(3)
    hands = ["JH AH AS QC 9C", "JD KS QS AC TD", "KH QH AD 9D TC", "TH KD QD KC TS"]
    state.deal(
        Deal(
            tuple(tuple(parse_cards(h)) for h in hands),
            parse_card("9H"),
            tuple(parse_cards("9S JS JC")),
        )
    )
    for text in ["order", "discard TS", *(f"play {c}" for t in tricks for c in t.split())]:
        state.apply_text(text)
    return game, state.view(0)
