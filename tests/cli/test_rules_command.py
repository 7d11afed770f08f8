"""``tricktable rules``."""

from __future__ import annotations

import json

import pytest

from tricktable.games.euchre.engine import PRESETS, EuchreRules
from tricktable.rules import option_infos

from . import one_line, tricktable


def test_lists_games_and_presets() -> None:
    result = tricktable(["rules"])
    assert result.returncode == 0
    assert "euchre" in result.stdout
    for preset in PRESETS:
        assert preset in result.stdout


def test_lists_a_games_presets_and_options() -> None:
    result = tricktable(["rules", "euchre"])
    assert result.returncode == 0
    out = result.stdout
    assert "british: deck=25, target=5" in out
    assert "tournament: stick_the_dealer=true" in out
    for info in option_infos(EuchreRules):
        assert f"  {info.name}: {info.kind}, default " in out
        assert f"{info.label}: {info.sentence}" in out.replace("\n      ", " ")
    assert "allowed: eldest_skip, left_of_loner" in out
    assert "allowed: true, false" in out


def test_a_preset_that_picks_another_form_says_so() -> None:
    out = tricktable(["rules", "bid_euchre"]).stdout
    assert "  indiana (default): the individual form: 3 or 4 players" in out
    assert "  partnership: the partnership form: 4 players, seats 1 and 3 against 2 and 4" in out
    assert "the defaults" not in out


def test_unknown_game() -> None:
    result = tricktable(["rules", "whist"])
    assert result.returncode == 2
    assert "games: euchre" in one_line(result.stderr)
    assert result.stdout == ""


def test_each_option_is_shown_with_its_label_and_a_sentence() -> None:
    out = tricktable(["rules", "euchre"]).stdout.replace("\n      ", " ")
    assert "Stick the dealer: If all pass twice the dealer must call a suit." in out


def test_option_labels_and_help_are_words_for_people() -> None:
    """What the lobby's form and `tricktable rules` show beside each option: no option's
    internal name (``minimum_trump``), no ``null``, no ``x = y`` shorthand; a preset's note
    likewise."""
    import re

    from tricktable.games import GAMES, load_game, spec_of

    internal = re.compile(r"\b[a-z]+_[a-z_]+\b|\bnull\b|\s=\s")
    for name in GAMES:
        game = load_game(name)
        for info in option_infos(type(game.rules)):
            text = f"{info.label}: {info.sentence}"
            assert not internal.search(text), f"{name}.{info.name}: {text}"
            assert "_" not in info.label, f"{name}.{info.name}: {info.label}"
        for preset, note in spec_of(name).preset_notes.items():
            assert not internal.search(note), f"{name} preset {preset}: {note}"
    shown = tricktable(["rules", "euchre"]).stdout.replace("\n      ", " ")
    assert "Minimum_trump:" not in shown and "Defend_alone:" not in shown
    assert "Target: Points to win a game (none: a single hand)." in shown


def test_json_rules_in_full() -> None:
    result = tricktable(["rules", "euchre", "--rules", "british", "--json"])
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    assert printed["rules"] == "euchre(preset=british)"
    assert printed["options"]["preset"] == "british"
    assert printed["options"]["deck"] == 25  # set by the preset: given all the same
    assert printed["options"]["stick_the_dealer"] is False  # a default, given too
    assert set(printed["options"]) == {"preset"} | {i.name for i in option_infos(EuchreRules)}


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["rules", "--json"], "--json and --rules need a game"),
        (["rules", "euchre", "--rules", "british"], "--rules goes with --json"),
        (["rules", "euchre", "--rules", "trump=blue", "--json"], "unknown option 'trump'"),
    ],
)
def test_json_rules_mistakes(args: list[str], says: str) -> None:
    result = tricktable(args)
    assert result.returncode == 2
    assert says in one_line(result.stderr)
