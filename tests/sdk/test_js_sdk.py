"""The JavaScript SDK (sdk/js): its own ``node --test`` suite, and what it sends, over every
game's views and through each fault, checked against the protocol's schema."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tricktable.cards import parse_card, rank_of
from tricktable.games import GAME_NAMES

from . import JS_EXAMPLE, JS_SDK, NO_NODE, NODE, action_errors, conversation, protocol_errors

pytestmark = pytest.mark.skipif(NODE is None, reason=NO_NODE)

FAULTY = f"{NODE} {Path(__file__).resolve().parent / 'faulty_bot.mjs'}"


def talk(command: str, messages: list[Any]) -> tuple[list[dict[str, Any]], str, int]:
    """What the program ``command`` answers to ``messages`` (dicts, or raw lines as text), each
    answer checked against the protocol's schema; its stderr and exit status."""
    sent = [m if isinstance(m, str) else json.dumps(m) for m in messages]
    result = subprocess.run(
        command.split(),
        input="".join(line + "\n" for line in sent),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    for answer in answers:
        assert protocol_errors(answer) == [], answer
    return answers, result.stderr, result.returncode


def test_the_sdks_own_suite_passes() -> None:
    result = subprocess.run(
        [str(NODE), "--test", str(JS_SDK / "test" / "sdk.test.js")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout
    passed = int(result.stdout.split("# pass ")[1].split()[0])
    assert passed >= 10


def test_the_package_has_no_dependencies() -> None:
    package = json.loads((JS_SDK / "package.json").read_text())
    assert package["name"] == "tricktable-bot" and package["exports"]["."] == "./index.js"
    assert not {"dependencies", "peerDependencies", "optionalDependencies"} & set(package)
    assert not (JS_SDK / "node_modules").exists()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_example_answers_every_game_within_the_schema(name: str) -> None:
    sent = list(conversation(name, 40, seed=2))
    answers, stderr, status = talk(JS_EXAMPLE, sent)
    assert status == 0 and stderr == ""
    decides = [m for m in sent if m["type"] == "decide"]
    assert [a["type"] for a in answers] == ["ready"] + ["ok", "action"] * len(decides)
    for message, answer in zip(decides, answers[2::2], strict=True):
        legal = message["view"]["legal"]
        assert answer["action"] in legal
        plays = [text.split()[1] for text in legal if text.startswith("play ")]
        if plays:  # the highest card by rank (the Joker above all)
            best = max(rank_of(parse_card(card)) if card != "JO" else 15 for card in plays)
            chosen = answer["action"].split()[1]
            assert (15 if chosen == "JO" else rank_of(parse_card(chosen))) == best
        assert action_errors(name, answer["action"]) == []
    assert talk(JS_EXAMPLE, sent)[0] == answers  # seeded: the same answers again


def test_an_option_reaches_the_bot() -> None:
    sent = list(conversation("euchre", 60, seed=3))
    lowest = [sent[0], {"type": "options", "values": {"lowest": True}}, *sent[1:]]
    answers, _, _ = talk(JS_EXAMPLE, lowest)
    assert answers[1] == {"type": "ok"}
    decides = [m for m in sent if m["type"] == "decide"]
    for message, answer in zip(decides, answers[3::2], strict=True):
        plays = [t.split()[1] for t in message["view"]["legal"] if t.startswith("play ")]
        if plays:
            assert rank_of(parse_card(answer["action"].split()[1])) == min(
                rank_of(parse_card(card)) for card in plays
            )
    refused, _, _ = talk(JS_EXAMPLE, [sent[0], {"type": "options", "values": {"depth": 1}}])
    assert refused[1] == {"type": "error", "message": "no option 'depth'; options: lowest"}


def first_decision() -> list[dict[str, Any]]:
    """hello, game and the first decide of a euchre match."""
    return list(conversation("euchre", 1))[:3]


@pytest.mark.parametrize(
    ("fault", "says"),
    [
        ("throw", "the bot threw RangeError: no idea"),
        ("illegal", 'the bot chose "play 2Z", not one of the legal actions: '),
        ("nothing", "the bot chose undefined, not one of the legal actions: "),
    ],
)
def test_a_faulty_bot_resigns_with_an_error_saying_why(fault: str, says: str) -> None:
    answers, stderr, status = talk(f"{FAULTY} {fault}", [*first_decision(), {"type": "quit"}])
    assert [a["type"] for a in answers] == ["ready", "ok", "error"]
    assert answers[2]["message"].startswith(says)
    assert says in stderr and status == 0


def test_protocol_faults_are_answered_and_the_bot_plays_on() -> None:
    hello, game, decide = first_decision()
    answers, stderr, status = talk(
        f"{FAULTY} euchre-only",
        [
            hello,
            "not json",
            "[1]",
            {"type": "ponder"},
            {"type": "options", "values": {"depth": "deep"}},
            {**game, "game": "pitch"},
            {"type": "error", "message": "you declined"},
            decide,
            game,
            decide,
            {"type": "quit"},
        ],
    )
    assert [a.get("message", a["type"]) for a in answers] == [
        "ready",
        'not a JSON line: "not json"',
        "not a message object with a string 'type': \"[1]\"",
        "unknown message type 'ponder' (this SDK speaks protocol 1)",
        'option depth takes an integer, not "deep"',
        "I play only euchre, not pitch",
        "a decide before any game message",
        "ok",
        "action",
    ]
    assert "tricktable says: you declined" in stderr and status == 0


def test_an_async_bot_and_a_closed_input() -> None:
    hello, game, decide = first_decision()
    answers, stderr, status = talk(f"{FAULTY} async", [hello, game, decide])  # no quit
    legal = decide["view"]["legal"]
    assert answers[2:] == [
        {"type": "info", "message": f"thinking about {len(legal)} actions"},
        {"type": "action", "action": legal[-1]},
    ]
    assert status == 0 and stderr == ""


def test_the_ready_declares_the_options() -> None:
    answers, _, _ = talk(JS_EXAMPLE, first_decision()[:1])
    assert answers == [
        {
            "type": "ready",
            "protocol": 1,
            "name": "highest",
            "author": "tricktable",
            "options": [{"name": "lowest", "type": "bool", "default": False}],
        }
    ]
