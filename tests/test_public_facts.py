"""The facts' optional capabilities and their readers, and the facts' JSON form from ``wire``
(``tricktable.public_facts``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from tricktable.cards import Card, parse_card
from tricktable.errors import JsonFieldError
from tricktable.games import GAMES, load_game
from tricktable.json_fields import CARD, INTEGERS, WireField
from tricktable.public_facts import (
    CAPABILITIES,
    FactsBase,
    HasGamesWon,
    HasLoneHand,
    HasMaker,
    HasSittingOut,
    HasTurnedCard,
    HasUpCard,
    alone_of,
    games_won_of,
    has,
    maker_of,
    sitting_out_of,
    turned_of,
    upcard_of,
    upcard_suit_of,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnedFacts(FactsBase):
    turned: Card | None
    tricks: tuple[int, ...]

    wire = (
        WireField("tricks_won", INTEGERS, attribute="tricks"),
        WireField("turned", CARD.optional()),
    )


class ByProperty(FactsBase):
    __slots__ = ()

    @property
    def alone(self) -> bool:
        return False


@dataclass(frozen=True, slots=True, kw_only=True)
class LoneHandFacts(ByProperty):
    alone: bool
    games_won: tuple[int, ...] = (0, 0)


def test_a_field_named_like_a_property_above_is_required() -> None:
    """Not given the property ``ByProperty.alone`` as its default by ``dataclasses``."""
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'alone'"):
        LoneHandFacts()  # type: ignore[call-arg]
    facts = LoneHandFacts(alone=True)
    assert (alone_of(facts), games_won_of(facts), upcard_of(facts)) == (True, (0, 0), None)  # type: ignore[arg-type]


def test_a_facts_class_has_the_capabilities_it_declares_and_no_other() -> None:
    facts = TurnedFacts(turned=parse_card("JH"), tricks=(1, 0))
    assert [has(facts, capability) for capability in CAPABILITIES] == [
        False,  # maker
        False,  # lone hand
        False,  # sitting out
        False,  # up-card
        True,  # turned card
        False,  # games won
    ]
    readers = (maker_of, alone_of, sitting_out_of, upcard_of, upcard_suit_of, games_won_of)
    answers = [reader(facts) for reader in readers]  # type: ignore[arg-type]
    assert answers == [None, False, (), None, None, ()]
    assert turned_of(facts) == parse_card("JH")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_reader_answers_every_game_in_play(name: str) -> None:
    """The readers answer every game's facts, through a few deals played at random: what a
    game has from its facts, a blank where it has none (nothing stands in for it)."""
    blanks = {maker_of: None, alone_of: False, sitting_out_of: (), upcard_of: None}
    blanks |= {upcard_suit_of: None, turned_of: None, games_won_of: ()}
    owner = {maker_of: HasMaker, alone_of: HasLoneHand, sitting_out_of: HasSittingOut}
    owner |= {upcard_of: HasUpCard, upcard_suit_of: HasUpCard, turned_of: HasTurnedCard}
    owner |= {games_won_of: HasGamesWon}
    state = load_game(name).new_match(random.Random(5))
    rng = random.Random(5)
    while not state.is_terminal() and len(state.deals) <= 2:
        if state.is_chance():
            state.deal_random(rng)
            continue
        facts = state.view(state.current_player).public
        for reader, blank in blanks.items():
            if not has(facts, owner[reader]):
                assert reader(facts) == blank, (name, reader.__name__)
        state.apply(rng.choice(state.legal_actions()))


def test_the_template_game_declares_no_stand_ins() -> None:
    """Plain whist has no maker and no seat sitting out: its facts declare neither (they
    used to answer ``None`` and ``()`` for every game's sake)."""
    state = load_game("plain_whist").new_match(random.Random(1))
    state.deal_random(random.Random(1))
    public = state.view(0).public
    assert not has(public, HasMaker) and not has(public, HasSittingOut)
    assert has(public, HasTurnedCard)


def test_the_facts_are_written_by_their_wire_and_read_back() -> None:
    facts = TurnedFacts(turned=parse_card("JH"), tricks=(1, 0))
    assert facts.to_json() == {"tricks_won": [1, 0], "turned": "JH"}
    assert list(facts.to_json()) == ["tricks_won", "turned"]
    assert TurnedFacts.from_json(facts.to_json()) == facts


def test_reading_names_where_the_facts_were_found() -> None:
    with pytest.raises(JsonFieldError, match=r"view.public.turned: "):
        TurnedFacts.from_json({"tricks_won": [], "turned": "ZZ"}, "view.public")
