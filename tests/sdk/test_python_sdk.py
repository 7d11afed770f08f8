"""The Python SDK (sdk/python, ``tricktable_bot``): its conversation, its view's helpers
against tricktable's own reading of every game's views, its faults, and its independence."""

from __future__ import annotations

import doctest
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
import tricktable_bot
from tricktable_bot import Option, View, run

from tests.engine.test_protocol import TABLES
from tricktable.actions import CoreKind, argument_of, kind_of, parse_action
from tricktable.cards import JOKER, SUIT_LETTERS, card_name, parse_card, rank_of, suit_of
from tricktable.games.bid_euchre.verbs import BidEuchreKind
from tricktable.games.euchre_family.verbs import FamilyKind

from . import PYTHON_SDK, action_errors, conversation, protocol_errors

GAME = {
    "type": "game",
    "game": "euchre",
    "rules": "euchre(preset=north_american)",
    "options": {"preset": "north_american", "target": 10},
    "players": 4,
    "sides": [[0, 2], [1, 3]],
    "seat": 1,
}
VIEW = {
    "game": "euchre",
    "seat": 1,
    "players": 4,
    "dealer": 0,
    "to_act": 1,
    "phase": "play",
    "hand": ["JS", "9H", "AH"],
    "history": [],
    "trick": [[0, "KH"]],
    "tricks": [],
    "trick_winners": [],
    "scores": [3, 4],
    "legal": ["play 9H", "play AH"],
    "public": {"trump": "S", "upcard": "AC"},
}


def decide(view: dict[str, Any] = VIEW, seed: int = 7) -> dict[str, Any]:
    return {
        "type": "decide",
        "view": view,
        "seed": seed,
        "time": {"move_ms": 500, "remaining_ms": None},
    }


def converse(bot: Any, messages: list[Any], **settings: Any) -> list[dict[str, Any]]:
    """The messages ``run(bot)`` answers to ``messages`` (dicts, or raw lines as text), each
    checked against the protocol's schema."""
    out = io.StringIO()
    sent = [m if isinstance(m, str) else json.dumps(m) for m in messages]
    run(bot, input=[line + "\n" for line in sent], output=out, **settings)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    for answer in answers:
        assert protocol_errors(answer) == [], answer
    return answers


def test_the_sdk_imports_nothing_of_tricktable() -> None:
    code = (
        f"import sys; sys.path.insert(0, {str(PYTHON_SDK)!r}); import tricktable_bot;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'tricktable'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "[]"
    assert Path(tricktable_bot.__file__).parent == PYTHON_SDK / "tricktable_bot"


def test_the_sdk_docstrings_examples() -> None:
    failed, tried = doctest.testmod(tricktable_bot, raise_on_error=False)
    assert tried > 10 and failed == 0


def test_a_whole_conversation() -> None:
    seen: list[View] = []

    def bot(view: View) -> str:
        seen.append(view)
        view.log("thinking")
        return view.legal[-1]

    answers = converse(
        bot,
        [
            {"type": "hello", "protocol": 1, "tricktable": "0.1.0"},
            {"type": "options", "values": {"depth": 3}},
            GAME,
            decide(),
            {"type": "quit"},
            decide(),  # after quit: never read
        ],
        name="t",
        author="a",
        options=[Option("depth", "int", 1)],
    )
    assert answers == [
        {
            "type": "ready",
            "protocol": 1,
            "name": "t",
            "author": "a",
            "options": [{"name": "depth", "type": "int", "default": 1}],
        },
        {"type": "ok"},
        {"type": "ok"},
        {"type": "info", "message": "thinking"},
        {"type": "action", "action": "play AH"},
    ]
    [view] = seen
    assert view.options == {"depth": 3}
    assert view.table.options["target"] == 10 and view.table.partners == [3]
    assert view.table.side == 1 and view.scores[view.table.side] == 4
    assert view.trump == "S" and view.public["upcard"] == "AC"
    assert [card.rank for card in view.cards] == ["J", "9", "A"]
    assert [str(card) for card in view.legal_cards()] == ["9H", "AH"]
    assert view.legal_cards("discard") == []
    assert (view.move_ms, view.remaining_ms, view.seed) == (500, None, 7)


def test_a_parsed_action_is_an_answer_and_the_seed_repeats() -> None:
    assert converse(lambda view: view.actions[0], [GAME, decide()])[1] == {
        "type": "action",
        "action": "play 9H",
    }
    bids = {**VIEW, "legal": [f"bid {n}" for n in range(1, 7)] + ["pass"]}
    messages = [GAME, *(decide(bids, seed) for seed in range(8))]
    first = converse(lambda view: view.rng.choice(view.legal), messages)
    assert first == converse(lambda view: view.rng.choice(view.legal), messages)
    assert len({answer["action"] for answer in first[1:]}) > 1


def _raises(view: View) -> str:
    raise ZeroDivisionError("oops")


@pytest.mark.parametrize(
    ("bot", "messages", "says"),
    [
        (None, [{"type": "options", "values": {"depth": 1}}], "no option 'depth'; options: none"),
        (None, [{"type": "options", "values": [1]}], "options' values must be an object"),
        (None, [decide()], "a decide before any game message"),
        (None, [{"type": "ponder"}], "unknown message type 'ponder'"),
        (None, ["not json"], "not a JSON line: 'not json'"),
        (None, ["[1, 2]"], "not a message object with a string 'type'"),
        (None, [{"type": "game", "game": "euchre"}], "not a game message: KeyError('rules')"),
        (None, [GAME, {"type": "decide", "seed": 1}], "not a decide message: no field 'view'"),
        (None, [GAME, decide({**VIEW, "legal": None})], "not a decide message: view.legal must"),
        (lambda view: "play 2Z", [GAME, decide()], "the bot chose 'play 2Z', not one of the legal"),
        (lambda view: None, [GAME, decide()], "the bot chose None"),
        (_raises, [GAME, decide()], "the bot raised ZeroDivisionError: oops"),
    ],
)
def test_every_fault_is_answered_with_an_error_saying_what(
    bot: Any, messages: list[Any], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = converse(bot or (lambda view: view.legal[0]), messages)
    assert answers[-1]["type"] == "error" and answers[-1]["message"].startswith(says), answers
    assert says in capsys.readouterr().err


def test_a_bad_option_value_is_refused() -> None:
    answers = converse(
        lambda view: view.legal[0],
        [{"type": "options", "values": {"greedy": "yes"}}],
        options=[Option("greedy", "bool", False)],
    )
    assert answers == [
        {"type": "error", "message": "option greedy takes a bool (true or false), not 'yes'"}
    ]


def test_a_game_it_does_not_play_is_declined_and_it_plays_on_after_an_error() -> None:
    answers = converse(
        lambda view: view.legal[0],
        [{**GAME, "game": "pitch"}, {"type": "error", "message": "declined"}, GAME, decide()],
        games=["euchre", "bid_euchre"],
    )
    assert answers == [
        {"type": "error", "message": "I play only bid_euchre, euchre, not pitch"},
        {"type": "ok"},
        {"type": "action", "action": "play 9H"},
    ]


KINDS = {
    CoreKind.PLAY: "play",
    CoreKind.DISCARD: "discard",
    BidEuchreKind.GIVE_CARD: "give",
    CoreKind.BID: "bid",
    FamilyKind.CALL: "call",
    FamilyKind.CALL_ALONE: "call alone",
    FamilyKind.NAME: "name",
}
"""The SDK's ``kind`` of each of tricktable's action kinds with an argument (the others'
kind is their whole text)."""


def _card_parts(text: str) -> tuple[int, str | None]:
    """A card's rank number and suit letter as tricktable reads it."""
    card = parse_card(text)
    return (15, None) if card == JOKER else (rank_of(card), SUIT_LETTERS[suit_of(card)])


@pytest.mark.parametrize(("name", "preset", "players"), TABLES)
def test_the_views_helpers_agree_with_tricktable_on_every_game(
    name: str, preset: str, players: int
) -> None:
    """Over seeded matches of every game, preset and player count, what the SDK reads of each
    view (cards, legal actions, trump, rules) is what tricktable means."""
    rules = f"{name}(preset={preset})"
    sent = list(conversation(rules, 15, players=players))
    views: list[View] = []

    def bot(view: View) -> str:
        views.append(view)
        return view.rng.choice(view.legal)

    answers = converse(bot, sent)
    decides = [m for m in sent if m["type"] == "decide"]
    games = [m for m in sent if m["type"] == "game"]
    assert [a["type"] for a in answers] == ["ready"] + ["ok", "action"] * len(decides)
    for view, message, game, answer in zip(views, decides, games, answers[2::2], strict=True):
        wire = message["view"]
        assert answer["action"] in wire["legal"]
        assert action_errors(name, answer["action"]) == []
        assert view.table.options == game["options"] and view.table.seat == wire["seat"]
        assert [(c.value, c.suit) for c in view.cards] == [_card_parts(c) for c in wire["hand"]]
        assert [str(card) for card in view.cards] == wire["hand"]
        for text, action in zip(wire["legal"], view.actions, strict=True):
            ours = parse_action(text)
            assert action.text == text and action.kind == KINDS.get(kind_of(ours), text)
            if action.card is not None:
                assert str(action.card) == card_name(argument_of(ours))
            if action.number is not None:
                assert kind_of(ours) == CoreKind.BID and action.number == argument_of(ours)
            if action.suit is not None:
                assert SUIT_LETTERS[argument_of(ours)] == action.suit
        plays = [parse_action(t) for t in wire["legal"]]
        plays = [action for action in plays if kind_of(action) == CoreKind.PLAY]
        assert [str(c) for c in view.legal_cards()] == [card_name(argument_of(a)) for a in plays]
        assert view.trump == wire["public"].get("trump")
    assert answers == converse(bot, sent)  # the seeded generator: the same answers again


PIP_WHEEL = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]


def test_the_distribution_builds_offline_with_no_dependencies(tmp_path: Path) -> None:
    subprocess.run(
        [*PIP_WHEEL, "--wheel-dir", str(tmp_path), str(PYTHON_SDK)],
        check=True,
        timeout=300,
        capture_output=True,
    )
    [wheel] = tmp_path.glob("tricktable_bot-*.whl")
    with zipfile.ZipFile(wheel) as files:
        names = files.namelist()
        metadata = next(files.read(n).decode() for n in names if n.endswith("METADATA"))
    assert {"tricktable_bot/__init__.py", "tricktable_bot/py.typed"} <= set(names)
    assert "Requires-Dist" not in metadata
    assert not [n for n in names if n.startswith("tricktable/")]
