"""The template game, plain whist: the model a new game copies (docs/architecture.md,
"Adding a game").

It proves the checklist: a copy of its package under a new name, with that name added to
the registry's list and nothing else, passes the shared suites (conformance, perft, the
view's facts, the observation encoding, the spec, the events' words), so adding a game
touches no shared file but the name list. And it is registered for the tests and the docs
only: no list a player chooses a game from names it.
"""

from __future__ import annotations

import importlib
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tricktable.games
from tricktable.cli.main import main
from tricktable.events import Event
from tricktable.games import CHECKED_NAMES, GAME_NAMES, TEMPLATES, game_class, spec_of
from tricktable.presentation.events import event_text
from tricktable.web.catalog import catalog

from . import test_conformance, test_encoding, test_facts, test_perft, test_spec

TEMPLATE = Path(tricktable.games.__file__).parent / "plain_whist"
COPY = "scratch_whist"
"""The name the copy is registered under."""


def test_the_template_is_registered_but_listed_to_no_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "plain_whist" in TEMPLATES and "plain_whist" in CHECKED_NAMES
    assert "plain_whist" not in GAME_NAMES
    assert "plain_whist" not in {entry["name"] for entry in catalog()}
    assert main(["rules"]) == 0
    listed = capsys.readouterr().out
    assert "plain_whist" not in listed and "euchre:" in listed
    for command in (["rules", "plain_whist"], ["sim", "plain_whist", "--games", "1"]):
        assert main(command) == 2
        assert "unknown game 'plain_whist'" in capsys.readouterr().err


def test_the_template_reads_in_one_sitting() -> None:
    lines = sum(len(path.read_text("utf-8").splitlines()) for path in TEMPLATE.glob("*.py"))
    assert lines < 600, f"the template has grown to {lines} lines"


@pytest.fixture
def copied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The template's package copied as ``tricktable.games.scratch_whist`` (its own name
    written in its files), and that name added to the registry's list: a new game as the
    checklist makes it."""
    package = tmp_path / COPY
    shutil.copytree(TEMPLATE, package, ignore=shutil.ignore_patterns("__pycache__"))
    for path in package.glob("*.py"):
        path.write_text(path.read_text("utf-8").replace("plain_whist", COPY), "utf-8")
    monkeypatch.setattr(tricktable.games, "__path__", [*tricktable.games.__path__, str(tmp_path)])
    monkeypatch.setattr(tricktable.games, "CHECKED_NAMES", (*CHECKED_NAMES, COPY))
    yield COPY
    tricktable.games._SPECS.pop(COPY, None)
    for name in [name for name in sys.modules if name.startswith(f"tricktable.games.{COPY}")]:
        del sys.modules[name]


def test_a_copy_of_the_template_passes_the_shared_suites(copied: str) -> None:
    spec = spec_of(copied)
    assert spec.engine is not None and spec.engine.module == f"tricktable.games.{copied}.engine"
    test_spec.test_every_game_names_every_part_and_each_loads(copied)
    test_spec.test_every_decision_outside_the_play_has_a_question_in_words(copied)
    test_conformance.test_other_player_counts_are_refused(copied)
    for preset in game_class(copied).presets:
        test_conformance.test_conformance(copied, preset, 4)
        test_encoding.test_random_deals_fit_the_encoding_and_hide_what_is_hidden(
            copied, f"{copied}(preset={preset})", 4
        )
    for check in (
        test_conformance.test_whole_random_matches_end_with_a_winner,
        test_conformance.test_the_record_replays_the_score_sheet,
        test_conformance.test_random_playout_is_deterministic,
        test_conformance.test_card_places_hold_every_card_of_the_deal_once,
        test_conformance.test_single_checks_pass_on_a_good_state,
        test_conformance.test_conservation_catches_a_lost_card,
        test_conformance.test_conservation_catches_a_card_in_two_places,
        test_conformance.test_leak_check_catches_a_visible_hidden_card,
    ):
        check(copied, 4)
    test_perft.test_opening_perft(copied)
    test_perft.test_late_trick_perft(copied)
    test_facts.test_view_json_is_what_the_wire_carried(copied)
    test_facts.test_known_cards_are_the_cards_the_view_names(copied)
    test_facts.test_facts_are_read_back_from_their_json(copied)


def test_the_copys_sentences_come_from_its_own_package(copied: str) -> None:
    testdata = importlib.import_module(f"tricktable.games.{copied}.testdata")
    examples: list[tuple[Event, str]] = testdata.SENTENCES
    assert examples
    for event, sentence in examples:
        assert type(event.kind).__module__ == f"tricktable.games.{copied}.events"
        assert event_text(event) == sentence
