"""The words of every verb (``presentation.verbs``): each game's in its own package, gathered
from the specs, and a game whose verb has none refused with the verbs that lack them."""

from __future__ import annotations

import dataclasses
import importlib
import itertools
from pathlib import Path

import pytest

from tricktable.actions import (
    ActionKind,
    Argument,
    CoreKind,
    kind_of,
    make_action,
    parse_action,
    verb_of,
    verbs,
)
from tricktable.cards import parse_card
from tricktable.games import CHECKED_NAMES, spec_of
from tricktable.games.spec import GameSpec, Part
from tricktable.presentation.verbs import (
    WORDS,
    VerbWords,
    VerbWordsError,
    spec_verb_words,
    verb_text,
    verb_words,
)

PACKAGES = itertools.count()
"""Numbers the packages the tests write (a module imported once stays imported)."""

NEW_VERBS = """
from tricktable.actions import ActionKind, Verb

VERBS = (Verb(ActionKind(40), "knock"), Verb(ActionKind(41), "trump {suit}"))
"""
"""The verbs of a new game (a package written by the tests)."""


def new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, words: str) -> GameSpec:
    """A spec like the template's whose package (``knockout``, under a name of its own for
    each test) declares ``NEW_VERBS`` and whose ``words`` module is ``words``."""
    name = f"knockout{next(PACKAGES)}"
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "verbs.py").write_text(NEW_VERBS)
    (package / "words.py").write_text(words)
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    template = spec_of(CHECKED_NAMES[-1])
    return dataclasses.replace(template, name="knockout", verbs=Part(f"{name}.verbs:VERBS"))


@pytest.mark.parametrize("name", CHECKED_NAMES)
def test_every_verb_of_a_game_has_its_words_in_the_game(name: str) -> None:
    spec = spec_of(name)
    found = spec_verb_words(spec)
    assert spec.verbs is None or spec.verbs.module.startswith("tricktable.games.")
    for kind, words in found.items():
        assert words.meaning.endswith("."), (name, verb_of(kind).words)
        assert all(told and told == told.strip() for told in words.told)


def test_every_registered_verb_has_a_meaning_and_a_telling() -> None:
    missing = [verb.words for verb in verbs() if verb_words(verb.kind) is None]
    assert not missing, f"verbs without words: {missing}"
    assert set(WORDS) == {getattr(CoreKind, name) for name in vars(CoreKind) if name.isupper()}


def test_a_verb_without_words_is_refused_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = """
from tricktable.actions import ActionKind
from tricktable.presentation.verbs import VerbWords

VERB_WORDS = {ActionKind(40): VerbWords("Knock.", ("knock", "knocks"))}
"""
    spec = new_game(tmp_path, monkeypatch, words)
    with pytest.raises(VerbWordsError) as refused:
        spec_verb_words(spec)
    message = str(refused.value)
    assert "game 'knockout': no words for the verbs 'trump {suit}'" in message
    assert "VERB_WORDS of knockout" in message
    assert "'knock'," not in message


def test_a_game_without_a_words_module_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = new_game(tmp_path, monkeypatch, "")
    next(tmp_path.glob("*/words.py")).unlink()
    with pytest.raises(VerbWordsError, match=r"no words for the verbs 'knock', 'trump \{suit\}'"):
        spec_verb_words(spec)


def test_words_that_name_a_field_the_verb_lacks_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = """
from tricktable.actions import ActionKind
from tricktable.presentation.verbs import VerbWords

VERB_WORDS = {
    ActionKind(40): VerbWords("Knock with {card}.", ("knock", "knocks")),
    ActionKind(41): VerbWords("Make {suit} trump.", ("trump {suit}", "trumps {suit}")),
}
"""
    spec = new_game(tmp_path, monkeypatch, words)
    with pytest.raises(VerbWordsError, match="the words of 'knock' name card; they may name"):
        spec_verb_words(spec)


def test_a_new_games_words_are_found_in_its_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = """
from tricktable.actions import ActionKind
from tricktable.presentation.verbs import VerbWords

VERB_WORDS = {
    ActionKind(40): VerbWords("Knock.", ("knock", "knocks")),
    ActionKind(41): VerbWords("Make {suit} trump.", ("trump {suit}", "trumps {suit}")),
}
"""
    spec = new_game(tmp_path, monkeypatch, words)
    found = spec_verb_words(spec)
    assert sorted(found) == [40, 41]
    assert found[ActionKind(41)].told == ("trump {suit}", "trumps {suit}")


def test_the_words_fill_in_the_argument_and_the_table() -> None:
    assert verb_text(parse_action("call D"), "meaning") == (
        "Make diamonds trump: your side must then win most of the tricks."
    )
    assert verb_text(parse_action("order"), "meaning", turned=0) == (
        "Make spades trump: the dealer takes the up-card, and your side must win most of the"
        " tricks."
    )
    told = verb_text(parse_action("order"), "told", you=False, up="10♠", dealer="North")
    assert told == "orders up 10♠ to North"
    by_dealer = verb_text(parse_action("order"), "told", by_dealer=True, up="10♠")
    assert by_dealer == "pick up 10♠"
    give = parse_action("give AS")
    assert verb_of(kind_of(give)).argument == Argument.CARD
    assert verb_text(give, "told", you=False, card=lambda card: f"<{card}>") == (
        f"gives <{parse_card('AS')}> to the shooter"
    )
    assert verb_text(make_action(CoreKind.BID, 4), "told", you=False) == "bids 4"


def test_a_registered_game_without_words_is_refused_at_every_look_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tricktable.presentation import verbs as module

    real = module.spec_verb_words
    refused = CHECKED_NAMES[1]

    def lacking(spec: GameSpec) -> dict[ActionKind, VerbWords]:
        if spec.name == refused:
            raise VerbWordsError(f"game {spec.name!r}: no words for the verbs 'x'")
        return real(spec)

    monkeypatch.setattr(module, "_GATHERED", {})
    monkeypatch.setattr(module, "spec_verb_words", lacking)
    order = kind_of(parse_action("order"))
    for _ in range(2):  # not found once and then forgotten
        with pytest.raises(VerbWordsError, match=refused):
            verb_words(order)
    monkeypatch.setattr(module, "spec_verb_words", real)
    assert verb_words(order) is not None


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        # RULES.md 1.7: a farmer's hand discards three and takes three of the stock
        ("farmers hand", "discard three cards and take the next three of the stock"),
        # RULES.md 1.7, 1.10: one ace (three-handed: aces), otherwise only 9s and 10s
        ("ace no face", "an ace (or aces) and otherwise only 9s and 10s"),
        # RULES.md 1.7 robson (b): the up-card (a jack) is seen; the dealer goes before bidding
        ("blind alone", "Make hearts trump before anyone bids"),
        # RULES.md 1.5: a concession once the makers have made scores them a make
        ("concede", "your side scores a make (no march)"),
    ],
)
def test_a_verbs_meaning_tells_its_rule(action: str, rule: str) -> None:
    """The guide's meaning of each verb says what RULES.md makes of it."""
    assert rule in (verb_text(parse_action(action), "meaning", turned=1) or "")
