"""The view on the wire: every field of the seat view, in canonical text, and back with its
typed facts, for every game, preset and player count the registry has."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tricktable import load_game
from tricktable.bots import make_bot
from tricktable.cards import parse_cards
from tricktable.core import Deal, Game, State
from tricktable.engine import ProtocolError, view_from_message, view_message
from tricktable.engine.protocol import decode, encode
from tricktable.errors import RuleError
from tricktable.games import GAME_NAMES, game_class, player_counts


def _tables() -> Iterator[Any]:
    for name in GAME_NAMES:
        for preset in game_class(name).presets:
            for players in player_counts(name):
                try:
                    load_game(name, {"preset": preset}, players=players)
                except RuleError:
                    continue  # a preset that needs an option for this count (Oh Hell)
                yield pytest.param(name, preset, players, id=f"{name}-{preset}-{players}p")


TABLES = list(_tables())
"""Every game x preset x accepted player count (as the conformance suite's cases)."""


def wired(message: dict[str, Any]) -> dict[str, Any]:
    """A view message as the other side reads it: through a ``decide`` line of JSON."""
    view: dict[str, Any] = json.loads(encode({"type": "decide", "view": message}))["view"]
    return view


def assert_views_survive(state: State) -> int:
    """Every seat's view of ``state`` comes back from the wire equal, its facts typed by the
    game's ``facts_type``; the number of views checked."""
    game = state.game
    for seat in range(game.players):
        view = state.view(seat)
        back = view_from_message(wired(view_message(view)), game)
        assert back == view, (seat, state.phase)
        assert type(back.public) is game.facts_type
    return game.players


@pytest.mark.parametrize(("name", "preset", "players"), TABLES)
def test_every_view_survives_the_wire(name: str, preset: str, players: int) -> None:
    game = load_game(name, {"preset": preset}, players=players)
    rng = random.Random(5)
    checked = 0
    while checked <= 50:  # matches of two seats can end within a few deals: play on
        state = game.new_match(rng)
        for _ in range(300):
            if state.is_terminal():
                break
            if state.is_chance():
                state.deal_random(rng)
                continue
            checked += assert_views_survive(state)
            assert view_message(state.view(state.current_player))["legal"] == state.legal_texts()
            state.apply_text(rng.choice(state.legal_texts()))


def test_cards_on_foreheads_survive_the_wire() -> None:
    """The forehead deals' facts are keyed by seat: strings once through JSON."""
    state = load_game("romanian_whist(forehead=first_and_last)").new_match(random.Random(2))
    state.deal_random(random.Random(2))
    assert state.view(0).public.own_hand_hidden
    assert len(state.view(0).facts(state.game.facts_type).forehead) == state.game.players - 1
    assert_views_survive(state)


def test_shown_hands_survive_the_wire() -> None:
    """A farmer's hand is shown to everyone: shown cards keyed by seat."""
    game = load_game("euchre(farmers_hand=true)")
    state = game.new_state(3)
    hands = ["JH JD AH AS KS", "9S TS 9D TD 9C", "KH QH QS AC KC", "TH AD KD QC JC"]
    cards = [tuple(parse_cards(hand)) for hand in hands]
    state.deal(Deal(tuple(cards), parse_cards("9H")[0], tuple(parse_cards("JS QD TC"))))
    state.apply_text("farmers hand")
    assert state.view(0).public.cards()
    assert view_message(state.view(0))["public"]["shown"] == {1: list(hands[1].split())}
    assert_views_survive(state)


def test_hard_chooses_the_same_from_the_wire() -> None:
    game = load_game("euchre")
    rng = random.Random(2)
    state = game.new_match(rng)
    state.deal_random(rng)
    bot = make_bot("pimc(worlds=4)", game, trusted=True)
    for _ in range(8):
        view = state.view(state.current_player)
        back = view_from_message(wired(view_message(view)), game)
        direct = bot.choose(view, random.Random(9))
        assert bot.choose(back, random.Random(9)) == direct
        state.apply_text(direct)


@pytest.mark.parametrize(
    ("line", "says"),
    [(b"play AS", "not a JSON line"), (b"[1, 2]", "string 'type'"), (b'{"type": 3}', "'type'")],
)
def test_bad_lines_say_what_is_wrong(line: bytes, says: str) -> None:
    with pytest.raises(ProtocolError, match=says):
        decode(line)


def a_view(rules: str, players: int | None = None, steps: int = 3) -> tuple[Game[Any], Any]:
    """A game and the JSON of a view a few decisions into its first deal."""
    game = load_game(rules, players=players)
    rng = random.Random(4)
    state = game.new_match(rng)
    state.deal_random(rng)
    for _ in range(steps):
        state.apply_text(rng.choice(state.legal_texts()))
    return game, wired(view_message(state.view(state.current_player)))


def test_a_view_without_its_fields_is_refused() -> None:
    game, _ = a_view("euchre")
    with pytest.raises(ProtocolError, match="not a seat view: view has no field 'seat'"):
        view_from_message({"game": "euchre"}, game)
    with pytest.raises(ProtocolError, match="view must be a JSON object, not"):
        view_from_message(["euchre"], game)


@pytest.mark.parametrize(
    ("rules", "field", "value", "says"),
    [
        ("euchre", "hand", ["AS", "ZZ"], r"view.hand\[1\]: 'ZZ' is not a card"),
        ("euchre", "trick", [[0]], r"view.trick\[0\] must be a list of two items"),
        ("euchre", "seat", "0", "view.seat must be an integer, not '0'"),
        ("euchre", "legal", "pass", "view.legal must be a list, not 'pass'"),
        ("euchre", "public", None, "view.public must be a JSON object, not None"),
    ],
)
def test_a_malformed_view_names_its_field(rules: str, field: str, value: Any, says: str) -> None:
    game, view = a_view(rules)
    with pytest.raises(ProtocolError, match=f"not a seat view: {says}"):
        view_from_message({**view, field: value}, game)


@pytest.mark.parametrize(
    ("rules", "field", "value", "says"),
    [
        ("euchre", "upcard", "1Z", "view.public.upcard: '1Z' is not a card"),
        ("euchre", "trump", "X", "view.public.trump: 'X' is not a suit"),
        ("euchre", "alone", 0, "view.public.alone must be true or false, not 0"),
        ("euchre", "shown", {"north": ["AS"]}, "view.public.shown must be keyed by seat numbers"),
        ("euchre", "games", None, "view.public.games must be a list, not None"),
        (
            "setback_euchre",
            "sitting_out",
            [3],
            "view.public.sitting_out must repeat view.public.threw_in",
        ),
        ("bid_euchre", "trump", "none", "view.public.trump must be a suit letter, 'high' or 'low'"),
        ("bid_euchre", "bids", [1, "2"], r"view.public.bids\[1\] must be an integer"),
        ("all_fours", "sides", [[0], 1], r"view.public.sides\[1\] must be a list, not 1"),
        ("romanian_whist", "forehead", {"1": 5}, "view.public.forehead.1 must be a string, not 5"),
        ("two_handed_euchre", "stock_size", None, "view.public.stock_size must be an integer"),
        ("three_handed_euchre", "hand_size", True, "view.public.hand_size must be an integer"),
    ],
)
def test_malformed_facts_name_their_field(rules: str, field: str, value: Any, says: str) -> None:
    game, view = a_view(rules)
    assert field in view["public"]
    public = {**view["public"], field: value}
    with pytest.raises(ProtocolError, match=f"not a seat view: {says}"):
        view_from_message({**view, "public": public}, game)
    del public[field]
    with pytest.raises(ProtocolError, match=f"view.public has no field '{field}'"):
        view_from_message({**view, "public": public}, game)


def test_a_view_of_another_game_or_table_is_refused() -> None:
    game, _ = a_view("euchre")
    _, whist = a_view("romanian_whist", players=3)
    with pytest.raises(ProtocolError, match="a view of 'romanian_whist', but the game is 'euchre'"):
        view_from_message(whist, game)
    three = load_game("romanian_whist", players=4)
    with pytest.raises(ProtocolError, match="'romanian_whist' for 3 players, but the game is"):
        view_from_message(whist, three)
