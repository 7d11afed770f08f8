"""The engine protocol as JSON Schemas (draft 2020-12): a contract a machine can read.

``protocol_schema()`` describes every message either side sends; ``game_schema(name)`` one
game's own parts: its views' ``public`` block (from the ``wire`` of each facts class the
game's forms use), its action grammar (from the action space of each of its tables, as its
``observation`` encoder declares it), its rules (every option of its rules dataclass) and
the whole view with them. Nothing here knows a game by name: every piece comes from the
game's own declarations. The schemas ship as package data (``tricktable/engine/schemas``),
written by ``python -m tricktable.engine.schema``; ``load_schema`` reads them.

>>> from tricktable.games import GAME_NAMES
>>> schema = game_schema(GAME_NAMES[0])
>>> sorted(schema["$defs"])
['action', 'public', 'rules', 'view']
>>> schema["$defs"]["public"]["properties"]["trump"]
{'anyOf': [{'enum': ['S', 'H', 'D', 'C']}, {'type': 'null'}]}
>>> {"const": "pass"} in schema["$defs"]["action"]["anyOf"]
True
>>> load_schema(f"games/{GAME_NAMES[0]}") == schema
True
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, cast

from tricktable.actions import (
    CoreKind,
    action_text,
    argument_of,
    is_card_action,
    kind_of,
)
from tricktable.cards import card_name
from tricktable.core import Game
from tricktable.engine.protocol import PROTOCOL_VERSION
from tricktable.errors import RuleError
from tricktable.json_fields import CARD, Wire
from tricktable.public_facts import FactsBase

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema here."""
BASE_ID = "https://tricktable.invalid/schemas/"
"""The base of the schemas' ``$id`` (a name, not an address that serves them)."""
PROTOCOL = "engine-protocol"
"""The protocol schema's name (``load_schema(PROTOCOL)``)."""

SEAT = {"type": "integer", "minimum": 0}
PLAYED = {"type": "array", "prefixItems": [SEAT, dict(CARD.schema or {})], "items": False}
"""A card played by a seat: ``[seat, card]``."""


def _object(properties: Mapping[str, Any], *optional: str, closed: bool = True) -> dict[str, Any]:
    """An object schema: every property required but ``optional``; no others if ``closed``."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": dict(properties),
        "required": [name for name in properties if name not in optional],
    }
    if closed:
        schema["additionalProperties"] = False
    return schema


def _message(kind: str, description: str, *optional: str, **fields: Any) -> dict[str, Any]:
    schema = _object({"type": {"const": kind}, **fields}, *optional)
    return {"description": description, **schema}


def view_schema(public: Mapping[str, Any], action: Mapping[str, Any]) -> dict[str, Any]:
    """A seat view (``decide``'s ``view``) with ``public`` and each legal ``action`` as given."""
    card = dict(CARD.schema or {})
    return _object(
        {
            "game": {"type": "string"},
            "seat": SEAT,
            "players": {"type": "integer", "minimum": 2},
            "dealer": SEAT,
            "to_act": SEAT,
            "phase": {"type": "string"},
            "hand": {"type": "array", "items": card},
            "history": {
                "type": "array",
                "items": {
                    "type": "array",
                    "prefixItems": [SEAT, {"type": "string"}],
                    "items": False,
                },
            },
            "trick": {"type": "array", "items": PLAYED},
            "tricks": {"type": "array", "items": {"type": "array", "items": PLAYED}},
            "trick_winners": {"type": "array", "items": SEAT},
            "scores": {"type": "array", "items": {"type": "integer"}},
            "legal": {"type": "array", "items": dict(action)},
            "public": dict(public),
        }
    )


def protocol_schema() -> dict[str, Any]:
    """Every message of the protocol (docs/engine-protocol.md), either way: the schema of
    one line, and each message under ``$defs`` by its ``type``."""
    number_or_none = {"type": ["integer", "null"], "minimum": 0}
    messages = {
        "hello": _message(
            "hello",
            "tricktable's first message.",
            protocol={"type": "integer"},
            tricktable={"type": "string"},
        ),
        "ready": {
            "description": "The program's answer to hello: its protocol, name and options.",
            **_object(
                {
                    "type": {"const": "ready"},
                    "protocol": {"const": PROTOCOL_VERSION},
                    "name": {"type": "string"},
                    "author": {"type": "string"},
                    "options": {
                        "type": "array",
                        "items": _object({"name": {"type": "string"}}, closed=False),
                    },
                },
                "name",
                "author",
                "options",
                closed=False,
            ),
        },
        "options": _message(
            "options", "The options' values, when any are set.", values={"type": "object"}
        ),
        "game": _message(
            "game",
            "The game, its rules in full (every option's value), the seats and the program's.",
            game={"type": "string"},
            rules={"type": "string"},
            options={"type": "object"},
            players={"type": "integer", "minimum": 2},
            sides={"type": "array", "items": {"type": "array", "items": SEAT}},
            seat=SEAT,
        ),
        "decide": _message(
            "decide",
            "A request for one action: the seat's view, a seed, the time.",
            view={"$ref": "#/$defs/view"},
            seed={"type": "integer", "minimum": 0},
            time=_object({"move_ms": number_or_none, "remaining_ms": number_or_none}),
        ),
        "action": _message(
            "action",
            "The program's answer to decide: one of view.legal.",
            action={"type": "string"},
        ),
        "ok": _message("ok", "The program accepts options or game."),
        "error": _message(
            "error", "Either side: why it refuses, resigns or stops.", message={"type": "string"}
        ),
        "info": {
            "description": "The program's own notes, before an answer (skipped; kept as a tail).",
            **_object({"type": {"const": "info"}}, closed=False),
        },
        "quit": _message("quit", "The match is over: the program exits."),
    }
    return {
        "$schema": DIALECT,
        "$id": f"{BASE_ID}{PROTOCOL}.schema.json",
        "title": f"The tricktable engine protocol, version {PROTOCOL_VERSION}: one line",
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in messages],
        "$defs": {
            **messages,
            "view": view_schema({"type": "object"}, {"type": "string"}),
        },
    }


def tables(name: str) -> Iterator[Game[Any]]:
    """Every form of the game ``name``: each preset at each player count it accepts."""
    from tricktable.games import game_class, load_game, player_counts

    for preset in game_class(name).presets:
        for players in player_counts(name):
            try:
                yield load_game(name, {"preset": preset}, players=players)
            except RuleError:
                continue  # a preset that needs another option at this count


def facts_schema(wire: Wire, title: str) -> dict[str, Any]:
    """The ``public`` block a facts class with this ``wire`` writes."""
    properties: dict[str, Any] = {}
    for field in wire:
        if field.codec.schema is None:
            raise TypeError(f"{title}: the codec of wire field {field.name!r} declares no schema")
        for name in (field.name, field.copy):
            if name:
                properties[name] = dict(field.codec.schema)
    return {"title": title, **_object(properties)}


def public_schema(name: str) -> dict[str, Any]:
    """The ``public`` block of the game ``name``'s views, in any of its forms."""
    kinds = {game.facts_type: None for game in tables(name)}
    schemas = [facts_schema(cast(type[FactsBase], kind).wire, kind.__name__) for kind in kinds]
    return schemas[0] if len(schemas) == 1 else {"anyOf": schemas}


def action_schema(name: str) -> dict[str, Any]:
    """The game ``name``'s action grammar: every action text a seat of any of its forms may
    be offered (the action spaces of its ``observation`` encoders), grouped by kind."""
    from tricktable.games import spec_of

    spec = spec_of(name)
    if spec.observation is None:
        raise TypeError(f"{name} declares no observation encoder, so no action space")
    encoder = spec.observation.load()
    actions: dict[int, None] = {}
    for game in tables(name):
        actions.update(dict.fromkeys(encoder(game).actions))
    cards: dict[str, list[int]] = {}
    bids: list[int] = []
    grammar: list[dict[str, Any]] = []
    for action in actions:
        kind, text = kind_of(action), action_text(action)
        if is_card_action(action):
            cards.setdefault(text.split()[0], []).append(argument_of(action))
        elif kind == CoreKind.BID:
            bids.append(argument_of(action))
        else:
            grammar.append({"const": text})
    for word, arguments in cards.items():
        names = "|".join(card_name(card) for card in sorted(arguments))
        grammar.append({"pattern": f"^{word} (?:{names})$"})
    if bids:
        grammar.append({"pattern": f"^bid (?:{'|'.join(map(str, sorted(bids)))})$"})
    return {"type": "string", "anyOf": grammar}


def rules_schema(name: str) -> dict[str, Any]:
    """The game ``name``'s rules in full, as ``game``'s ``options`` and ``tricktable rules
    GAME --json`` carry them: every option of its rules dataclass, with its allowed values."""
    from tricktable.games import game_class
    from tricktable.rules import option_infos

    kind = game_class(name)
    rules_class = type(next(tables(name)).rules)
    minimums = {f.name: f.metadata.get("minimum") for f in dataclasses.fields(rules_class)}
    json_types = {"bool": "boolean", "int": "integer", "float": "number", "str": "string"}
    properties: dict[str, Any] = {"preset": {"enum": list(kind.presets)}}
    for info in option_infos(rules_class):
        types = [json_types.get(part, part) for part in info.kind.split(" or ")]
        option: dict[str, Any] = {"type": types[0] if len(types) == 1 else types}
        if info.choices:
            values: list[Any] = [
                int(choice) if "integer" in types else choice for choice in info.choices
            ]
            option["enum"] = values + ([None] if "null" in types else [])
        if minimums.get(info.name) is not None:
            option["minimum"] = minimums[info.name]
        option["description"] = f"{info.label}: {info.sentence}"
        properties[info.name] = option
    return _object(properties)


def game_schema(name: str) -> dict[str, Any]:
    """The game ``name``'s own parts of the protocol: ``public``, ``action``, ``rules`` and
    ``view`` (a whole seat view of the game) under ``$defs``."""
    public, action = public_schema(name), action_schema(name)
    view = view_schema({"$ref": "#/$defs/public"}, {"$ref": "#/$defs/action"})
    view["properties"]["game"] = {"const": name}
    return {
        "$schema": DIALECT,
        "$id": f"{BASE_ID}games/{name}.schema.json",
        "title": f"{name}: the public facts, action grammar and rules of its views",
        "$ref": "#/$defs/view",
        "$defs": {"public": public, "action": action, "rules": rules_schema(name), "view": view},
    }


def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema by its name (``engine-protocol``, ``games/`` and each game's name)."""
    from tricktable.games import GAME_NAMES

    schemas = {PROTOCOL: protocol_schema()}
    for name in GAME_NAMES:
        schemas[f"games/{name}"] = game_schema(name)
    return schemas


def schema_text(schema: Mapping[str, Any]) -> str:
    """A schema as its file holds it."""
    return json.dumps(schema, indent=2) + "\n"


def load_schema(name: str) -> dict[str, Any]:
    """A shipped schema by its name (``engine-protocol``, ``games/`` and a game's name)."""
    place = resources.files("tricktable.engine").joinpath("schemas", f"{name}.schema.json")
    schema: dict[str, Any] = json.loads(place.read_text(encoding="utf-8"))
    return schema


def write_schemas(directory: Path) -> list[Path]:
    """Write every schema under ``directory``; the paths written."""
    written = []
    for name, schema in all_schemas().items():
        path = directory / f"{name}.schema.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(schema_text(schema), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # python -m tricktable.engine.schema [DIR]
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "schemas"
    for path in write_schemas(target):
        print(path)
