"""Every game's observation encoding (``tricktable.games.encoding``): fixed sizes, a mask
that is the legal actions, and no card hidden from the seat in any vector."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from tricktable.cards import cards_of, parse_card
from tricktable.core import Game, State
from tricktable.errors import RuleError
from tricktable.games import CHECKED_NAMES, game_class, load_game, player_counts, spec_of
from tricktable.games.encoding import Encoder, Encoding, EncodingError, SeatHistory


def every_setting() -> list[tuple[str, str, int]]:
    """Every preset at every player count it takes (a pair it refuses, such as Oh Hell
    without its required hand size, is no case), then ``OPTIONS``."""
    presets = [
        (name, f"{name}(preset={preset})", players)
        for name in CHECKED_NAMES
        for preset in game_class(name).presets
        for players in player_counts(name)
    ]
    return [setting for setting in presets if settings_of(*setting) is not None] + OPTIONS


OPTIONS = [
    ("euchre", "euchre(deck=36, renege=callable, maker_may_concede=true)", 4),
    ("euchre", "euchre(farmers_hand=true, ace_no_face=exchange, robson=true)", 4),
    ("euchre", "euchre(deck=33, benny=2S, defend_alone=true, partner_may_take_over=true)", 4),
    ("romanian_whist", "romanian_whist(forehead=first_and_last)", 4),
    ("romanian_whist", "romanian_whist(forehead=first_and_last, schedule=parlett)", 3),
    ("romanian_whist", "romanian_whist(seven_players=jokers)", 7),
    ("romanian_whist", "romanian_whist(preset=oh_hell, hand_size=17)", 3),
    *[("romanian_whist", "romanian_whist(preset=oh_hell, hand_size=5)", n) for n in range(3, 8)],
]
"""Rule options beyond the presets that change what a view holds: forehead deals, renege
calls, concessions, exchanges, the Benny, the largest hands."""


def settings_of(name: str, rules: str, players: int) -> Game[Any] | None:
    try:
        return load_game(rules, players=players)
    except RuleError:  # a preset that does not take this player count
        return None


def encoder_of(game: Game[Any]) -> Encoder:
    encoder: Encoder = spec_of(game).observation.load()(game)
    return encoder


def check_every_seat(
    state: State, encoder: Encoder, histories: list[SeatHistory], rows: list[list[float]]
) -> None:
    """At this decision, for every seat: the sizes, the mask and the hidden cards, and the
    environments' way (``SeatHistory`` rows, the present view, the legal actions as
    actions) gives the same vectors and mask as the seat's view."""
    legal = {encoder.action_index[action] for action in state.legal_actions()}
    for seat in range(state.game.players):
        view = state.view(seat)
        observation = encoder.observation(view)
        information = encoder.information_state(view)
        present = state.present_view(seat)
        assert present == replace(view, history=(), legal=())
        assert encoder.observation(present) == observation
        histories[seat].update(state)
        kept = list(rows[seat])
        encoder.write_observation(present, kept)
        assert kept == information
        assert set(encoder.legal_indices(state, seat)) == (
            legal if seat == state.current_player else set()
        )
        assert len(observation) == encoder.observation_size
        assert len(information) == encoder.information_state_size
        assert information[: encoder.observation_size] == observation
        mask = encoder.action_mask(view)
        assert len(mask) == encoder.num_actions
        expected = legal if seat == state.current_player else set()
        assert {i for i, bit in enumerate(mask) if bit} == expected
        hidden = set(cards_of(state.hidden_from(seat)))
        for vector in (observation, information):
            leaked = encoder.named_cards(vector) & hidden
            assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)}"
        assert set(view.hand) <= encoder.named_cards(observation)
        assert encoder.information_state_string(view).startswith(encoder.observation_string(view))


@pytest.mark.parametrize(("name", "rules", "players"), every_setting())
def test_random_deals_fit_the_encoding_and_hide_what_is_hidden(
    name: str, rules: str, players: int
) -> None:
    game = settings_of(name, rules, players)
    assert game is not None, f"{rules} with {players} players"
    encoder = encoder_of(game)
    rng = random.Random(f"{rules}-{players}")
    rows = [[0.0] * encoder.information_state_size for _ in range(players)]
    histories = [SeatHistory(encoder, seat, rows[seat]) for seat in range(players)]
    for _ in range(1):
        state = game.new_match(rng)
        deals = 0
        while not state.is_terminal() and deals <= 3:
            if state.is_chance():
                state.deal_random(rng)
                deals += 1
                continue
            check_every_seat(state, encoder, histories, rows)
            state.apply(rng.choice(state.legal_actions()))


def test_the_scan_finds_a_card_shown_anywhere() -> None:
    """The hidden-card scan is not blind: it reads a card from each kind of field."""
    game = load_game("romanian_whist(preset=romanian_whist)", players=4)
    encoder = encoder_of(game)
    ace = parse_card("AS")
    for field in ("hand", "upcard", "turned", "public_cards", "played"):
        vector = [0.0] * encoder.observation_size
        vector[encoder.slice(field).start + encoder.card_index[ace]] = 1.0
        assert encoder.named_cards(vector) == {ace}, field
    vector = [0.0] * encoder.observation_size
    vector[encoder.slice("extras").start + encoder.encoding.extra_names.index("forehead_2_AS")] = 1
    assert encoder.named_cards(vector) == {ace}
    vector = [0.0] * encoder.information_state_size
    vector[encoder.slice("history").start + encoder.players + encoder.index_of("play AS")] = 1
    assert encoder.named_cards(vector) == {ace}


def test_the_kept_history_follows_an_undone_decision_and_a_new_match() -> None:
    game = load_game("euchre(preset=north_american)")
    encoder = encoder_of(game)
    rng = random.Random(4)
    state = game.new_match(rng)
    state.deal_random(rng)
    rows = [0.0] * encoder.information_state_size
    history = SeatHistory(encoder, 0, rows)

    def kept() -> list[float]:
        history.update(state)
        vector = list(rows)
        encoder.write_observation(state.present_view(0), vector)
        return vector

    state.replay_actions(["pass", "pass", "pass"])
    assert kept() == encoder.information_state(state.view(0))
    state.pop()
    state.pop()
    state.apply_text("order")
    assert kept() == encoder.information_state(state.view(0))
    state = game.new_match(rng)
    history.clear()
    assert rows == [0.0] * encoder.information_state_size
    state.deal_random(rng)
    assert kept() == encoder.information_state(state.view(0))


def test_a_deal_longer_than_the_encoding_is_refused() -> None:
    game = load_game("euchre(preset=north_american)")
    state = game.new_match(random.Random(1))
    state.deal_random(random.Random(1))
    state.apply_text("pass")
    full = encoder_of(game)
    short = Encoder(game, Encoding(cards=full.cards, actions=full.actions, max_decisions=0))
    with pytest.raises(EncodingError, match="took 1 decisions; the encoding holds 0"):
        short.information_state(state.view(0))


def test_a_forehead_deal_shows_the_others_cards_and_not_the_seats_own() -> None:
    game = load_game("romanian_whist(forehead=first_and_last)", players=4)
    encoder = encoder_of(game)
    rng = random.Random(3)
    state = game.new_match(rng)
    state.deal_random(rng)
    seat = state.current_player
    view = state.view(seat)
    assert view.public.own_hand_hidden and not view.hand
    vector = encoder.observation(view)
    own = cards_of(state.hands[seat])
    others = {card for other, card in view.public.forehead if other != seat}  # type: ignore[attr-defined]
    assert len(others) == 3
    assert encoder.named_cards(vector) & set(own) == set()
    assert others <= encoder.named_cards(vector)
    assert vector[encoder.slice("own_hand_hidden").start] == 1.0
