"""Every game's learned part (``learn.part.LearnedDecisions``), over every table it trains on:
what each game's own tests would otherwise repeat.

For each spec in the registry that names a ``learned`` part, ``medium`` plays the first deal
of a few matches of every training table, and at each decision:

- where the part applies, it values exactly the legal actions, with finite values, from
  inputs of the model's size, and the view read back from the wire gives the same features;
- where it does not apply, it values nothing;
- a deal that differs only in cards the seat cannot see gives the same features;

and every part's shipped weights say how to make them again.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from tricktable.bots import make_bot
from tricktable.bots.search.inference import learned_part
from tricktable.core import Game, SeatView, State
from tricktable.games import all_specs, load_game
from tricktable.learn.part import FormsOfPart, LearnedDecisions, Table


def parts_of_the_registry() -> list[tuple[str, LearnedDecisions]]:
    """Every game's learned part, each form's where its forms learn apart."""
    out = []
    for spec in all_specs():
        if spec.learned is None:
            continue
        part = spec.learned.load()
        forms = part.forms if isinstance(part, FormsOfPart) else (part,)
        out.extend((spec.name, form) for form in forms)
    return out


PARTS = parts_of_the_registry()
TABLES = [(name, part, table) for name, part in PARTS for table in part.tables]


def first_deal_states(table: Table, seeds: range) -> list[State]:
    """The states of ``medium`` matches' first deals at each decision, before it is made."""
    game = load_game(table.rules, players=table.players)
    out = []
    for seed in seeds:
        state = game.new_match(random.Random(seed))
        state.deal_random(random.Random(seed))
        bots = [make_bot("medium", game, seat) for seat in range(table.players)]
        rng = random.Random(seed)
        while not state.is_chance() and not state.is_terminal():
            out.append(state.clone())
            seat = state.current_player
            state.apply_text(bots[seat].choose(state.view(seat), rng))
    return out


def hidden_swap(state: State, seat: int) -> State | None:
    """A copy of ``state`` in which two other seats hold one card of each other's, or
    ``None`` where no two other seats hold cards."""
    others = [other for other in range(state.game.players) if other != seat and state.hands[other]]
    if len(others) < 2:
        return None
    first, second = others[:2]
    one = state.hands[first] & -state.hands[first]
    two = state.hands[second] & -state.hands[second]
    swapped = state.clone()
    swapped.hands[first] ^= one | two
    swapped.hands[second] ^= one | two
    return swapped


def test_the_registry_has_learned_parts() -> None:
    assert len(PARTS) >= 2 and TABLES


@pytest.mark.parametrize("name", sorted({name for name, _ in PARTS}))
def test_each_part_is_its_own_game_s(name: str) -> None:
    """A part's tables are of its own game, whose learned part there it is (what ``pimc``
    asks), and its share lies between 0 and 1."""
    for part in [part for game, part in PARTS if game == name]:
        assert part.tables and part.matches > 0 and part.weights.is_file()
        for table in part.tables:
            game = load_game(table.rules, players=table.players)
            assert game.name == name and learned_part(game) is part
            assert 0.0 <= part.share_in(game) <= 1.0


@pytest.mark.parametrize(
    ("name", "part"), PARTS, ids=[f"{name}:{part.weights.name}" for name, part in PARTS]
)
def test_the_shipped_weights_say_how_to_make_them_again(name: str, part: LearnedDecisions) -> None:
    """``tricktable train bidding GAME --seed 1`` with the part's matches and tables makes
    them (each form's weights their own file), and they stay small."""
    meta = part.model.meta
    assert meta["game"] == name and meta["learns"] == part.name and meta["seed"] == 1
    assert meta["matches"] == part.matches
    assert meta["tables"] == [[table.rules, table.players, table.share] for table in part.tables]
    assert {"explore", "epochs", "hidden"} <= set(meta) and part.model.outcomes > 1
    assert part.weights.stat().st_size < 200_000
    assert len({form.weights for _, form in PARTS}) == len(PARTS)


@pytest.mark.parametrize(
    ("name", "part", "table"),
    TABLES,
    ids=[f"{name}:{table.rules}x{table.players}" for name, _, table in TABLES],
)
def test_every_training_table_is_valued_from_the_view_alone(
    name: str, part: LearnedDecisions, table: Table
) -> None:
    valued = 0
    for state in first_deal_states(table, range(2)):
        seat = state.current_player
        view = state.view(seat)
        game: Game[Any] = state.game
        values = part.values(game, view)
        if not part.applies(game, view):
            assert values is None
            continue
        valued += 1
        assert values is not None and sorted(values) == sorted(view.legal)
        assert all(math.isfinite(value) for value in values.values())
        features = part.features(game, view)
        for action in view.legal:
            assert len(part.inputs(features, action)) == part.model.inputs
        wire = SeatView.from_json(json.loads(json.dumps(view.to_json())), game.facts_type)
        assert part.features(game, wire) == features
        swapped = hidden_swap(state, seat)
        if swapped is not None and swapped.view(seat) == view:
            assert part.features(swapped.game, swapped.view(seat)) == features
    assert valued, f"no decision of {table} was one {name}'s learned part values"
