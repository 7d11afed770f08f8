"""The protocol's JSON Schemas: shipped as generated, valid draft 2020-12, and matched by every
message and every view of every game, preset and player count (and not by broken ones)."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import subprocess
import sys
from importlib import resources
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tricktable import load_game
from tricktable.engine.host import serve
from tricktable.engine.protocol import (
    decide_message,
    encode,
    error_message,
    game_message,
    hello_message,
    rules_in_full,
)
from tricktable.engine.schema import PROTOCOL, all_schemas, load_schema, schema_text
from tricktable.games import GAME_NAMES

from .test_protocol import TABLES, wired


def validator(name: str, part: str | None = None) -> Draft202012Validator:
    """A validator of the shipped schema ``name`` (of its ``$defs`` ``part``, if given)."""
    schema = load_schema(name)
    if part is not None:
        schema = {**schema, "$ref": f"#/$defs/{part}"}
    return Draft202012Validator(schema)


def errors(checker: Draft202012Validator, instance: Any) -> list[str]:
    return [error.message for error in checker.iter_errors(instance)]


def test_the_shipped_schemas_are_the_generated_ones() -> None:
    shipped = resources.files("tricktable.engine").joinpath("schemas")
    names = {f"{path.name}" for path in shipped.iterdir() if path.name.endswith(".json")}
    names |= {f"games/{path.name}" for path in shipped.joinpath("games").iterdir()}
    generated = all_schemas()
    assert names == {f"{name}.schema.json" for name in generated}
    for name, schema in generated.items():
        text = shipped.joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
        assert text == schema_text(schema), f"run python -m tricktable.engine.schema ({name})"


@pytest.mark.parametrize("name", [PROTOCOL, *(f"games/{game}" for game in GAME_NAMES)])
def test_each_schema_is_valid_draft_2020_12(name: str) -> None:
    schema = load_schema(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


PROTOCOL_LINE = validator(PROTOCOL)


@pytest.mark.parametrize(("name", "preset", "players"), TABLES)
def test_every_view_and_message_matches_the_schemas(name: str, preset: str, players: int) -> None:
    game = load_game(name, {"preset": preset}, players=players)
    view_check, rules_check = validator(f"games/{name}"), validator(f"games/{name}", "rules")
    rng = random.Random(11)
    sent: list[dict[str, Any]] = [hello_message()]
    for seat in range(players):
        sent.append(game_message(game, seat))
    assert errors(rules_check, game_message(game, 0)["options"]) == []
    checked = 0
    while checked < 25:
        state = game.new_match(rng)
        for _ in range(200):
            if state.is_terminal():
                break
            if state.is_chance():
                state.deal_random(rng)
                continue
            for seat in range(players):
                assert errors(view_check, wired(state.view(seat).to_json())) == [], state.phase
            seat = state.current_player
            sent.append(decide_message(state.view(seat), rng.getrandbits(63), 1000, None))
            checked += 1
            state.apply_text(rng.choice(state.legal_texts()))
    sent += [error_message("stopped"), {"type": "quit"}]
    for message in sent:
        assert errors(PROTOCOL_LINE, json.loads(encode(message))) == [], message["type"]
    # what our own engine answers, through the same conversation (one game message)
    conversation = [sent[0], sent[1], *(m for m in sent if m["type"] == "decide")][:8]
    out = io.BytesIO()
    serve("random", io.BytesIO(b"".join(encode(m) for m in conversation)), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["type"] for a in answers][:2] == ["ready", "ok"]
    for answer in answers:
        assert errors(PROTOCOL_LINE, answer) == [], answer


@pytest.mark.parametrize(
    ("message", "says"),
    [
        ({"type": "ready", "protocol": 1, "options": None}, "None is not of type 'array'"),
        ({"type": "ready", "protocol": 1, "options": [{"type": "bool"}]}, "'name' is a required"),
        ({"type": "action"}, "'action' is a required property"),
        ({"type": "ponder"}, "is not valid under any of the given schemas"),
        ({"type": "decide", "view": {}, "seed": 1, "time": {}}, "'game' is a required"),
    ],
)
def test_a_broken_message_does_not_match(message: dict[str, Any], says: str) -> None:
    found = [error.message for error in PROTOCOL_LINE.iter_errors(message)]
    found += [e.message for error in PROTOCOL_LINE.iter_errors(message) for e in error.context]
    assert any(says in text for text in found), found


def first_view(rules: str) -> dict[str, Any]:
    game = load_game(rules)
    state = game.new_match(random.Random(3))
    state.deal_random(random.Random(3))
    return wired(state.view(state.current_player).to_json())


@pytest.mark.parametrize(
    ("rules", "change"),
    [
        ("euchre", {"legal": ["play 2Z"]}),
        ("euchre", {"hand": ["ZZ"]}),
        ("euchre", {"game": "pitch"}),
        ("euchre", {"public": {"trump": "X"}}),
        ("euchre", {"public": {"surprise": 1}}),
        ("bid_euchre(preset=partnership)", {"public": {"high_bid": "moon"}}),
        ("romanian_whist", {"legal": ["bid 99"]}),
        ("romanian_whist", {"public": {"forehead": {"north": "AS"}}}),
    ],
)
def test_a_broken_view_does_not_match(rules: str, change: dict[str, Any]) -> None:
    view = first_view(rules)
    public = {**view["public"], **change.pop("public", {})}
    broken = {**view, **change, "public": public}
    name = rules.split("(")[0]
    assert errors(validator(f"games/{name}"), view) == []
    assert errors(validator(f"games/{name}"), broken) != []


@pytest.mark.parametrize(
    ("args", "rules"),
    [(["euchre"], "euchre"), (["bid_euchre", "--rules", "preset=partnership,target=11"], None)],
)
def test_rules_json_prints_what_the_game_message_carries(
    args: list[str], rules: str | None
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tricktable", "rules", *args, "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    game = load_game(rules or "bid_euchre(preset=partnership,target=11)")
    assert printed == rules_in_full(game)
    message = game_message(game, 0)
    assert {key: message[key] for key in printed} == printed
    assert printed["options"]["target"] == game.rules.target  # every option, not the changes
    assert set(printed["options"]) == {f.name for f in dataclasses.fields(game.rules)}
    assert errors(validator(f"games/{game.name}", "rules"), printed["options"]) == []
