"""Actions: canonical text of RULES.md section 4, parsing and the int encoding."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.actions import (
    ARGUMENT_BITS,
    ARGUMENT_LIMIT,
    Action,
    ActionKind,
    Argument,
    CoreKind,
    Verb,
    VocabularyError,
    action_text,
    argument_of,
    is_action,
    is_card_action,
    kind_of,
    make_action,
    parse_action,
    register_verbs,
    verb_of,
    verbs,
)
from tricktable.cards import JOKER, SUITS, card_name, make_card, parse_card
from tricktable.errors import ActionParseError, TricktableError
from tricktable.games.euchre.verbs import EuchreKind
from tricktable.games.euchre_family.verbs import FamilyKind

ALL_CARDS = [make_card(suit, rank) for suit in SUITS for rank in range(1, 15)] + [JOKER]
KINDS = [verb.kind for verb in verbs()]
"""Every registered game's kinds."""
CARD_KINDS = tuple(verb.kind for verb in verbs() if verb.argument == Argument.CARD)
SUIT_KINDS = tuple(verb.kind for verb in verbs() if verb.argument == Argument.SUIT)

RULES_TEXTS = [
    "pass", "order", "order alone", "call H", "call H alone", "discard 9S", "take over",
    "defend alone", "play JH", "stand", "beg", "give", "run", "bid 3", "stay", "drop",
    "throw in", "declare", "call renege", "name H", "blind alone", "ace no face",
    "farmers hand", "high", "low", "alone", "score", "set back",
]  # fmt: skip
"""Every canonical form listed in RULES.md section 4."""


@st.composite
def actions(draw: st.DrawFn) -> Action:
    """Any valid action of any kind."""
    kind = draw(st.sampled_from(KINDS))
    if kind in CARD_KINDS:
        return make_action(kind, draw(st.sampled_from(ALL_CARDS)))
    if kind in SUIT_KINDS:
        return make_action(kind, draw(st.sampled_from(SUITS)))
    if kind == CoreKind.BID:
        return make_action(kind, draw(st.integers(0, 127)))
    return make_action(kind)


@pytest.mark.parametrize("text", RULES_TEXTS)
def test_every_rules_md_form_is_canonical(text: str) -> None:
    assert action_text(parse_action(text)) == text


def test_every_kind_has_a_distinct_text() -> None:
    argument = {kind: parse_card("AS") for kind in CARD_KINDS}
    texts = {action_text(make_action(kind, argument.get(kind, 1))) for kind in KINDS}
    assert len(texts) == len(KINDS) == 33


@given(actions())
def test_action_text_round_trips(action: Action) -> None:
    text = action_text(action)
    assert parse_action(text) == action
    # canonical form: lowercase keywords, single spaces, upper-case cards and suits
    assert text == " ".join(text.split())
    words = text.split()
    kind = kind_of(action)
    if kind in CARD_KINDS:
        assert words[1] == card_name(argument_of(action))
        assert words[0].islower()
    elif kind in SUIT_KINDS:
        assert words[1] in "SHDC" and all(w.islower() for w in words if w != words[1])
    else:
        assert text.lower() == text


def _scramble_case(text: str, flips: list[bool]) -> str:
    return "".join(
        ch.swapcase() if flip else ch
        for ch, flip in zip(text, [*flips, *[False] * len(text)], strict=False)
    )


@given(actions(), st.lists(st.booleans(), max_size=30), st.sampled_from([" ", "  ", "\t"]))
def test_parsing_is_case_and_space_insensitive(
    action: Action, flips: list[bool], space: str
) -> None:
    text = space.join(_scramble_case(action_text(action), flips).split(" "))
    assert parse_action(f" {text} ") == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Play 10h", "play TH"),
        ("PLAY t♥", "play TH"),
        ("discard jo", "discard JO"),
        ("discard Joker", "discard JO"),
        ("play 1♦", "play 1D"),
        ("call ♠ alone", "call S alone"),
        ("CALL d", "call D"),
        ("Name ♡", "name H"),
        ("Order Alone", "order alone"),
        ("SET BACK", "set back"),
        ("bid 007", "bid 7"),
        ("bid 0", "bid 0"),
        ("Farmers   Hand", "farmers hand"),
    ],
)
def test_accepted_spellings(text: str, canonical: str) -> None:
    assert action_text(parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "plays AS",
        "play",
        "play AS KS",
        "play XX",
        "discard 10",
        "call",
        "call X",
        "call JO",
        "call H together",
        "call H alone now",
        "name",
        "name HH",
        "bid",
        "bid -1",
        "bid 128",
        "bid three",
        "order please",
        "pass pass",
        "alone order",
        "defend",
        "ace no",
        "renege",
    ],
)
def test_bad_text_raises_action_parse_error(text: str) -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(text)
    message = str(info.value)
    assert "action" in message
    assert isinstance(info.value, TricktableError)


def test_parse_error_lists_the_forms() -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action("frobnicate")
    message = str(info.value)
    for form in ("play CARD", "discard CARD", "bid N", "call SUIT", "pass", "order alone"):
        assert form in message


def test_parse_error_explains_a_bad_card() -> None:
    with pytest.raises(ActionParseError, match="rank then suit"):
        parse_action("play QX")


def test_encoding() -> None:
    card = parse_card("JH")
    assert make_action(CoreKind.PLAY, card) == card  # playing a card is the card itself
    action = make_action(CoreKind.DISCARD, card)
    assert (kind_of(action), argument_of(action)) == (CoreKind.DISCARD, card)
    assert make_action(CoreKind.PASS) == CoreKind.PASS * ARGUMENT_LIMIT
    assert parse_action("bid 3") == make_action(CoreKind.BID, 3)


def test_concede_parses_and_round_trips() -> None:
    """Euchre's ``concede`` (RULES.md 1.5 and section 4)."""
    assert parse_action(" Concede ") == make_action(EuchreKind.CONCEDE)
    assert action_text(make_action(EuchreKind.CONCEDE)) == "concede"


@given(st.sampled_from(KINDS), st.integers(0, ARGUMENT_LIMIT - 1))
def test_kind_and_argument_decode_make_action(kind: ActionKind, argument: int) -> None:
    action = make_action(kind, argument)
    assert (kind_of(action), argument_of(action)) == (kind, argument)
    assert is_action(action)
    assert is_card_action(action) == (kind in CARD_KINDS)


def test_a_kind_is_not_the_action_of_that_kind() -> None:
    assert make_action(CoreKind.PASS) != CoreKind.PASS
    assert action_text(make_action(CoreKind.PASS)) == "pass"
    assert kind_of(parse_action("pass")) == CoreKind.PASS


@pytest.mark.parametrize("action", [len(KINDS) * ARGUMENT_LIMIT, 40 * ARGUMENT_LIMIT, -1])
def test_action_text_of_a_non_action_raises(action: int) -> None:
    assert not is_action(action)
    with pytest.raises(ActionParseError):
        action_text(action)
    with pytest.raises(ActionParseError, match="not an action"):
        kind_of(action)


@pytest.mark.parametrize("kind", SUIT_KINDS)
def test_action_text_of_a_bad_suit_raises_parse_error(kind: ActionKind) -> None:
    with pytest.raises(ActionParseError):
        action_text(make_action(kind, 5))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Bid Shoot", "bid shoot"),
        ("bid  alone", "bid alone"),
        ("BID smudge", "bid smudge"),
        ("give 10h", "give TH"),
        ("give", "give"),
    ],
)
def test_lone_bids_smudge_and_a_passed_card_parse(text: str, canonical: str) -> None:
    assert action_text(parse_action(text)) == canonical


KIND_NUMBERS = {
    "play {card}": 0, "discard {card}": 1, "pass": 2, "order": 3, "order alone": 4,
    "call {suit}": 5, "call {suit} alone": 6, "take over": 7, "defend alone": 8,
    "name {suit}": 9, "blind alone": 10, "ace no face": 11, "farmers hand": 12, "alone": 13,
    "score": 14, "set back": 15, "call renege": 16, "stand": 17, "beg": 18, "give": 19,
    "run": 20, "bid {number}": 21, "stay": 22, "drop": 23, "throw in": 24, "declare": 25,
    "high": 26, "low": 27, "concede": 28, "bid shoot": 29, "bid alone": 30,
    "bid smudge": 31, "give {card}": 32,
}  # fmt: skip
"""Each verb's kind as the closed enum numbered it: the action ints every game's action space
(the research interfaces' action ids) is built from."""


def test_every_verb_keeps_its_kind_number() -> None:
    assert {verb.words: verb.kind for verb in verbs()} == KIND_NUMBERS


def test_a_verb_taken_by_another_is_refused() -> None:
    with pytest.raises(VocabularyError, match="kind 2 is already 'pass', not 'fold'"):
        register_verbs([Verb(ActionKind(2), "fold")])
    with pytest.raises(VocabularyError, match="reads as kind 2"):
        register_verbs([Verb(ActionKind(90), "pass")])
    with pytest.raises(VocabularyError, match="reads as kind 5"):
        register_verbs([Verb(ActionKind(91), "call {suit}")])
    assert not is_action(90 << ARGUMENT_BITS) and not is_action(91 << ARGUMENT_BITS)
    register_verbs([Verb(CoreKind.PASS, "pass")])  # the same verb again: harmless


@pytest.mark.parametrize(
    ("words", "wrong"),
    [
        ("Knock", "lowercase"),
        ("knock-out", "lowercase"),
        ("{card} knock", "start with a word"),
        ("swap {card} {card}", "at most one"),
        ("", "lowercase"),
    ],
)
def test_a_badly_worded_verb_is_refused(words: str, wrong: str) -> None:
    with pytest.raises(VocabularyError, match=wrong):
        Verb(ActionKind(92), words)


def test_a_verb_names_what_its_argument_is() -> None:
    assert [verb_of(kind).argument for kind in (0, 2, 5, 21)] == [
        Argument.CARD,
        Argument.NONE,
        Argument.SUIT,
        Argument.NUMBER,
    ]
    assert verb_of(FamilyKind.CALL_ALONE).form == "call SUIT alone"


NEW_GAME = """
import sys
from tricktable.actions import action_text, is_card_action, kind_of, parse_action
from tricktable.games import spec_verbs
from tricktable.games.spec import game_spec

assert "tricktable.games.euchre.verbs" not in sys.modules
assert parse_action("Ace No Face") == 11 << 7  # a game's verb parses before the game loads
register = spec_verbs(game_spec("knockout", title="Knock-Out Whist", value_unit="tricks"))
from tricktable.actions import register_verbs
register_verbs(register)
knock = parse_action("knock")
assert action_text(knock) == "knock" and kind_of(knock) == 40
trump = parse_action("trump h")
assert action_text(trump) == "trump H" and not is_card_action(trump)
assert is_card_action(parse_action("swap 9S"))
print("ok")
"""
"""A scratch game package, ``knockout``, declaring its verbs in its own ``verbs`` module."""

KNOCKOUT_VERBS = """
from typing import Final
from tricktable.actions import ActionKind, Verb

class KnockOutKind:
    KNOCK: Final = ActionKind(40)
    TRUMP: Final = ActionKind(41)
    SWAP: Final = ActionKind(42)

VERBS: Final = (
    Verb(KnockOutKind.KNOCK, "knock"),
    Verb(KnockOutKind.TRUMP, "trump {suit}"),
    Verb(KnockOutKind.SWAP, "swap {card}"),
)
"""


def test_a_new_game_declares_its_verbs_in_its_own_package(tmp_path: Path) -> None:
    """Adding a game with new verbs edits only its package: its ``verbs`` module, found by its
    spec, adds them to the grammar."""
    package = tmp_path / "knockout"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "verbs.py").write_text(KNOCKOUT_VERBS)
    source = Path(__file__).resolve().parents[1] / "src"
    paths = os.pathsep.join([str(tmp_path), str(source)])
    done = subprocess.run(
        [sys.executable, "-c", NEW_GAME],
        env={**os.environ, "PYTHONPATH": paths},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout.strip() == "ok", done.stderr


CONCURRENT = """
import threading
from tricktable.actions import action_text, parse_action

texts = ["ace no face", "bid smudge", "give AS", "stand", "throw in", "stay"] * 4
found = {}
def parse(text):
    found[text] = action_text(parse_action(text))
threads = [threading.Thread(target=parse, args=(text,)) for text in texts]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(all(found[text] == text for text in texts) and len(found) == 6)
"""


def test_threads_parsing_games_verbs_at_once_all_wait_for_them() -> None:
    """The first game verb asked for loads every game's verbs; another thread asking meanwhile
    waits for them instead of being told the text is no action."""
    source = Path(__file__).resolve().parents[1] / "src"
    done = subprocess.run(
        [sys.executable, "-c", CONCURRENT],
        env={**os.environ, "PYTHONPATH": str(source)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout.strip() == "True", done.stderr
