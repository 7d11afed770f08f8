"""Rule options: rule strings, presets, validation and the round trip to text."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.errors import RuleError
from tricktable.games import GAMES, load_game
from tricktable.games.euchre.engine import PRESETS, Euchre, EuchreRules
from tricktable.rules import (
    build_rules,
    option,
    option_infos,
    parse_rule_string,
    rule_string,
    rules_to_dict,
)

INFOS = {info.name: info for info in option_infos(EuchreRules)}


# -- parsing rule strings ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "game", "options"),
    [
        ("euchre", "euchre", {}),
        ("euchre()", "euchre", {}),
        ("  euchre  ", "euchre", {}),
        ("euchre(preset=british)", "euchre", {"preset": "british"}),
        (
            "euchre(preset=british, target=11, stick_the_dealer=true)",
            "euchre",
            {"preset": "british", "target": 11, "stick_the_dealer": True},
        ),
        ("euchre(target=null)", "euchre", {"target": None}),
        # ``none`` stays text (a choice of some options); build_rules reads it as null where
        # the option takes null (test_none_in_a_rule_string_is_a_choice_where_an_option_has_it)
        ("euchre(target=None,robson=FALSE)", "euchre", {"target": "None", "robson": False}),
        ("euchre( packets = 2-3 )", "euchre", {"packets": "2-3"}),
        ("romanian_whist(players=-3)", "romanian_whist", {"players": -3}),
    ],
)
def test_parse_rule_string(text: str, game: str, options: dict[str, Any]) -> None:
    assert parse_rule_string(text) == (game, options)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "not a rule string"),
        ("Euchre", "not a rule string"),
        ("euchre(", "not a rule string"),
        ("euchre(target)", "is not option=value"),
        ("euchre(target=7,)", "is not option=value"),
        ("euchre(target=7,target=8)", "given twice"),
        ("eu-chre", "not a rule string"),
    ],
)
def test_bad_rule_strings(text: str, fragment: str) -> None:
    with pytest.raises(RuleError, match=fragment):
        parse_rule_string(text)


def test_rule_string_formatting() -> None:
    assert rule_string("euchre", {}) == "euchre"
    assert (
        rule_string("euchre", {"preset": "british", "target": None, "robson": True})
        == "euchre(preset=british,target=null,robson=true)"
    )


# -- presets and round trips -------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_round_trips(preset: str) -> None:
    game = Euchre.from_spec({"preset": preset})
    assert game.rules.preset == preset
    assert game.rules_dict() == {"preset": preset}
    assert game.rule_string() == f"euchre(preset={preset})"
    assert Euchre.from_spec(game.rule_string()).rules == game.rules
    assert load_game(game.rule_string()).rules == game.rules
    assert repr(game) == f"load_game('euchre(preset={preset})', players=4)"


def test_default_preset_is_north_american() -> None:
    assert Euchre.from_spec(None).rules == EuchreRules()
    assert Euchre.from_spec("euchre").rules.preset == "north_american"
    assert load_game("euchre").rules == EuchreRules()


@st.composite
def option_values(draw: st.DrawFn) -> dict[str, Any]:
    """A valid preset plus a few valid option overrides."""
    options: dict[str, Any] = {"preset": draw(st.sampled_from(list(PRESETS)))}
    names = draw(st.lists(st.sampled_from(sorted(INFOS)), max_size=6, unique=True))
    for name in names:
        info = INFOS[name]
        if name in ("deck", "benny"):
            continue
        if info.choices:
            options[name] = draw(st.sampled_from(info.choices))
        elif info.kind == "bool":
            options[name] = draw(st.booleans())
        elif name == "target":
            options[name] = draw(st.one_of(st.none(), st.integers(1, 50)))
        elif info.kind == "int":
            options[name] = draw(st.integers(0, 9))
    deck = draw(st.sampled_from([None, 24, 25, 28, 32, 33, 36]))
    if deck is not None:
        options["deck"] = deck
        if deck in (25, 33):
            options["benny"] = draw(st.sampled_from(["joker", "2S"]))
    return options


@given(option_values())
def test_rules_round_trip_through_dict_and_string(options: dict[str, Any]) -> None:
    if options.get("benny") is None and "deck" not in options:
        options.pop("benny", None)
    try:
        game = Euchre.from_spec(options)
    except RuleError as error:
        # the invalid combinations: a 2S Benny needs a deck with a Joker; dealer_opens
        # excludes stick_the_dealer; defend_alone_any needs defend_alone
        rules = {**PRESETS[options["preset"]], **options}
        if rules.get("benny") == "2S" and rules.get("deck", 24) not in (25, 33):
            assert "benny" in str(error)
        elif rules.get("dealer_opens") and rules.get("stick_the_dealer"):
            assert "dealer_opens" in str(error)
        else:
            assert rules.get("defend_alone_any") and not rules.get("defend_alone")
            assert "defend_alone_any" in str(error)
        return
    for name, value in options.items():
        assert getattr(game.rules, name) == value
    text = game.rule_string()
    assert Euchre.from_spec(text).rules == game.rules
    assert Euchre.from_spec(game.rules_dict()).rules == game.rules
    assert parse_rule_string(text)[1] == game.rules_dict()
    # the short form holds only the options that differ from the preset
    preset = EuchreRules(preset=game.rules.preset, **PRESETS[game.rules.preset])
    for name, value in game.rules_dict().items():
        if name != "preset":
            assert getattr(preset, name) != value


def test_rules_to_dict_lists_only_differences() -> None:
    rules = Euchre.from_spec("euchre(preset=british,target=5,robson=true)").rules
    assert rules_to_dict(rules, PRESETS) == {"preset": "british", "robson": True}


def test_string_values_are_converted() -> None:
    rules = Euchre.from_spec(
        {"target": "7", "robson": "yes", "farmers_hand": "on", "stick_the_dealer": "off",
         "deck": "25"}
    ).rules  # fmt: skip
    assert (rules.target, rules.robson, rules.farmers_hand, rules.stick_the_dealer) == (
        7, True, True, False,
    )  # fmt: skip
    assert rules.deck == 25
    assert Euchre.from_spec({"target": "null"}).rules.target is None


def test_none_in_a_rule_string_is_a_choice_where_an_option_has_it() -> None:
    # ``none`` is a value of some options (Romanian whist's tie_break, bid euchre's
    # lone_bids): a rule string used to read it as null and refuse it.
    from tricktable.games import load_game

    assert load_game("romanian_whist(tie_break=none)").rules.tie_break == "none"
    partnership = load_game("bid_euchre(preset=partnership,lone_bids=none)")
    assert partnership.rules.lone_bids == "none"
    assert load_game("euchre(target=none)").rules.target is None


def test_rules_are_frozen_and_keyword_only() -> None:
    rules = EuchreRules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        EuchreRules("british")  # type: ignore[call-arg]


def test_option_infos_describe_every_option() -> None:
    fields = [field.name for field in dataclasses.fields(EuchreRules) if field.name != "preset"]
    assert list(INFOS) == fields
    for info in INFOS.values():
        assert info.help, info.name
    assert INFOS["packets"].choices == ("3-2", "2-3")
    assert INFOS["target"].kind == "int or null"
    assert INFOS["robson"].kind == "bool" and INFOS["robson"].default is False


def test_canadian_loner_alias_in_a_rules_object() -> None:
    game = Euchre.from_spec({"canadian_loner": True})
    assert game.rules.dealer_partner_must_go_alone
    assert load_game("euchre(canadian_loner=true)").rules.dealer_partner_must_go_alone


def test_canadian_loner_alias_in_a_rule_string() -> None:
    assert Euchre.from_spec("euchre(canadian_loner=true)").rules.dealer_partner_must_go_alone


# -- errors name what is allowed ---------------------------------------------------------------


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(RuleError) as info:
        Euchre.from_spec("euchre(stick=true)")
    message = str(info.value)
    assert "'stick'" in message
    for name in ("stick_the_dealer", "deck", "target", "joker_upcard"):
        assert name in message


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(RuleError) as info:
        Euchre.from_spec({"preset": "klondike"})
    message = str(info.value)
    assert "'klondike'" in message
    for preset in PRESETS:
        assert preset in message


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({"packets": "4-1"}, ["3-2", "2-3"]),
        ({"lone_lead": "random"}, ["eldest_skip", "left_of_loner"]),
        ({"ace_no_face": True}, ["off", "exchange", "redeal"]),
        ({"minimum_trump": "some"}, ["off", "all", "dealer"]),
        ({"match": "best_of_5"}, ["single", "best_of_3"]),
        ({"benny": "2H"}, ["joker", "2S"]),
        ({"first_dealer": "youngest"}, ["random", "draw_low", "draw_high", "first_jack"]),
        ({"renege": "allowed"}, ["forbidden", "callable"]),
        ({"joker_upcard": "turn"}, ["name_suit", "blind_call"]),
        ({"deck": 26}, ["24", "25", "28", "32", "33"]),
        ({"stick_the_dealer": "maybe"}, ["bool"]),
        ({"robson": 2}, ["bool"]),
        ({"target": 0}, [">= 1"]),
        ({"target": "ten"}, ["int", "null"]),
        ({"make_points": -1}, [">= 0"]),
        ({"super_euchre_points": "x"}, ["int"]),
    ],
)
def test_bad_values_name_the_allowed_values(options: dict[str, Any], allowed: list[str]) -> None:
    name = next(iter(options))
    with pytest.raises(RuleError) as info:
        Euchre.from_spec(options)
    message = str(info.value)
    assert repr(name) in message
    for value in allowed:
        assert value in message


def test_non_numeric_deck_names_the_allowed_decks() -> None:
    with pytest.raises(RuleError, match="24, 25, 28, 32, 33"):
        Euchre.from_spec("euchre(deck=big)")


def test_benny_2s_needs_a_joker_deck() -> None:
    with pytest.raises(RuleError, match="25 or 33"):
        Euchre.from_spec({"benny": "2S"})
    assert Euchre.from_spec({"deck": 33, "benny": "2S"}).rules.benny_card is not None


def test_rule_string_for_another_game_is_refused() -> None:
    with pytest.raises(RuleError, match="'whist'"):
        Euchre.from_spec("whist(target=5)")
    with pytest.raises(RuleError, match="'whist'"):
        load_game("euchre", "whist(target=5)")


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(RuleError) as info:
        load_game("skat")
    for name in GAMES:
        assert name in str(info.value)


def test_euchre_needs_four_players() -> None:
    with pytest.raises(RuleError, match="4 players"):
        load_game("euchre", players=3)
    assert load_game("euchre", players=4).players == 4


def test_bad_rules_objects() -> None:
    with pytest.raises(RuleError):
        Euchre.from_spec(5)  # type: ignore[arg-type]
    with pytest.raises(RuleError):
        load_game("euchre", 5)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="unknown preset"):
        build_rules(EuchreRules, PRESETS, {"preset": 3}, "euchre")


def test_load_game_merges_rule_string_and_rules_object() -> None:
    game = load_game("euchre(preset=british)", {"target": 7})
    assert (game.rules.preset, game.rules.target, game.rules.deck) == ("british", 7, 25)
    game = load_game("euchre(preset=british)", "euchre(target=9)")
    assert (game.rules.preset, game.rules.target) == ("british", 9)


# -- the presets of RULES.md 1.9 ---------------------------------------------------------------


def test_preset_table() -> None:
    def rules(preset: str) -> EuchreRules:
        return Euchre.from_spec({"preset": preset}).rules

    na = rules("north_american")
    assert (na.deck, na.target, na.stick_the_dealer, na.dealer_partner_must_go_alone) == (
        24, 10, False, False,
    )  # fmt: skip
    assert not na.partner_may_take_over and not na.defend_alone
    assert na.lone_lead == "eldest_skip" and na.packets == "3-2" and na.first_dealer == "random"
    assert rules("tournament").stick_the_dealer
    assert rules("canadian").dealer_partner_must_go_alone
    british = rules("british")
    assert (british.deck, british.target, british.lone_lead, british.joker_upcard) == (
        25, 5, "left_of_loner", "name_suit",
    )  # fmt: skip
    assert british.partner_may_take_over and british.defend_alone
    assert british.lone_defender_points == 4
    bt = rules("british_tournament")
    assert (bt.deck, bt.target, bt.match) == (25, 21, "best_of_3")
    assert bt.partner_may_take_over and bt.defend_alone and bt.lone_lead == "left_of_loner"
    cornish = rules("cornish")
    assert (cornish.deck, cornish.target, cornish.joker_upcard) == (25, 11, "blind_call")
    assert cornish.dealer_partner_must_go_alone and cornish.defend_alone
    assert not cornish.partner_may_take_over and not cornish.stick_the_dealer
    assert cornish.lone_lead == "left_of_loner"
    mathews = rules("mathews_1844")
    assert (mathews.deck, mathews.target, mathews.first_dealer) == (32, 5, "draw_high")
    openspiel = rules("openspiel")
    assert openspiel.target is None and openspiel.stick_the_dealer
    assert openspiel.alone_timing == "after_discard"
    assert not openspiel.dealer_may_discard_upcard
    assert openspiel.deck == 24


def test_deck_sizes() -> None:
    for deck, size in ((24, 24), (25, 25), (28, 28), (32, 32), (33, 33)):
        game = Euchre.from_spec({"deck": deck})
        assert len(game.deck) == len(set(game.deck)) == size


def test_every_option_of_every_game_has_a_label_and_a_sentence() -> None:
    for name in GAMES:
        for info in option_infos(type(load_game(name).rules)):
            assert info.label and info.label[0].isupper() and "_" not in info.label, info
            assert not info.sentence[0].islower() and info.sentence.endswith("."), info


def test_an_option_may_name_its_own_label() -> None:
    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class Labelled:
        target: int = option(10, "points to win", label="Points to win")
        stick_the_dealer: bool = option(False, "the dealer must call")

    labels = [info.label for info in option_infos(Labelled)]
    assert labels == ["Points to win", "Stick the dealer"]
