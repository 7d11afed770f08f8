"""The facts classes' common answers and their JSON form from ``wire``
(``tricktable.facts_defaults``)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tricktable.cards import Card, parse_card
from tricktable.errors import JsonFieldError
from tricktable.facts_defaults import FactsDefaults
from tricktable.json_fields import CARD, INTEGERS, WireField


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnedFacts(FactsDefaults):
    turned: Card | None
    tricks: tuple[int, ...]

    wire = (
        WireField("tricks_won", INTEGERS, attribute="tricks"),
        WireField("turned", CARD.optional()),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class LoneHandFacts(FactsDefaults):
    alone: bool
    games_won: tuple[int, ...] = (0, 0)


def test_a_field_named_like_a_default_answer_is_required() -> None:
    """Not given the property ``FactsDefaults.alone`` as its default by ``dataclasses``."""
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'alone'"):
        LoneHandFacts()  # type: ignore[call-arg]
    facts = LoneHandFacts(alone=True)
    assert (facts.alone, facts.games_won, facts.upcard) == (True, (0, 0), None)


def test_the_facts_are_written_by_their_wire_and_read_back() -> None:
    facts = TurnedFacts(turned=parse_card("JH"), tricks=(1, 0))
    assert facts.to_json() == {"tricks_won": [1, 0], "turned": "JH"}
    assert list(facts.to_json()) == ["tricks_won", "turned"]
    assert TurnedFacts.from_json(facts.to_json()) == facts
    assert (facts.alone, facts.upcard, facts.games_won) == (False, None, ())


def test_reading_names_where_the_facts_were_found() -> None:
    with pytest.raises(JsonFieldError, match=r"view.public.turned: "):
        TurnedFacts.from_json({"tricks_won": [], "turned": "ZZ"}, "view.public")
