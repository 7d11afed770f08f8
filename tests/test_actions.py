"""Actions: canonical text of RULES.md section 4, parsing and the int encoding."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.actions import (
    ARGUMENT_LIMIT,
    CARD_KINDS,
    Action,
    ActionKind,
    action_text,
    argument_of,
    is_action,
    is_card_action,
    kind_of,
    make_action,
    parse_action,
)
from tricktable.cards import JOKER, SUITS, card_name, make_card, parse_card
from tricktable.errors import ActionParseError, TricktableError

ALL_CARDS = [make_card(suit, rank) for suit in SUITS for rank in range(1, 15)] + [JOKER]
SUIT_KINDS = (ActionKind.CALL, ActionKind.CALL_ALONE, ActionKind.NAME)
WORD_KINDS = tuple(
    kind for kind in ActionKind if kind not in (*CARD_KINDS, *SUIT_KINDS, ActionKind.BID)
)

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
    kind = draw(st.sampled_from(ActionKind))
    if kind in CARD_KINDS:
        return make_action(kind, draw(st.sampled_from(ALL_CARDS)))
    if kind in SUIT_KINDS:
        return make_action(kind, draw(st.sampled_from(SUITS)))
    if kind == ActionKind.BID:
        return make_action(kind, draw(st.integers(0, 127)))
    return make_action(kind)


@pytest.mark.parametrize("text", RULES_TEXTS)
def test_every_rules_md_form_is_canonical(text: str) -> None:
    assert action_text(parse_action(text)) == text


def test_every_kind_has_a_distinct_text() -> None:
    argument = {kind: parse_card("AS") for kind in CARD_KINDS}
    texts = {action_text(make_action(kind, argument.get(kind, 1))) for kind in ActionKind}
    assert len(texts) == len(ActionKind) == 33


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
    assert make_action(ActionKind.PLAY, card) == card  # playing a card is the card itself
    action = make_action(ActionKind.DISCARD, card)
    assert (kind_of(action), argument_of(action)) == (ActionKind.DISCARD, card)
    assert make_action(ActionKind.PASS) == ActionKind.PASS * ARGUMENT_LIMIT
    assert parse_action("bid 3") == make_action(ActionKind.BID, 3)


def test_concede_parses_and_round_trips() -> None:
    """Euchre's ``concede`` (RULES.md 1.5 and section 4)."""
    assert parse_action(" Concede ") == make_action(ActionKind.CONCEDE)
    assert action_text(make_action(ActionKind.CONCEDE)) == "concede"


@given(st.sampled_from(ActionKind), st.integers(0, ARGUMENT_LIMIT - 1))
def test_kind_and_argument_decode_make_action(kind: ActionKind, argument: int) -> None:
    action = make_action(kind, argument)
    assert (kind_of(action), argument_of(action)) == (kind, argument)
    assert kind_of(action) is kind  # the kind itself, not an int that equals it
    assert is_action(action)
    assert is_card_action(action) == (kind in CARD_KINDS)


def test_a_kind_is_not_the_action_of_that_kind() -> None:
    assert make_action(ActionKind.PASS) != ActionKind.PASS
    assert action_text(make_action(ActionKind.PASS)) == "pass"
    assert kind_of(parse_action("pass")) is ActionKind.PASS


@pytest.mark.parametrize("action", [len(ActionKind) * ARGUMENT_LIMIT, 40 * ARGUMENT_LIMIT, -1])
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
