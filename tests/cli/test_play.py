"""``tricktable play`` driven through standard input."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from tricktable.cards import parse_card, parse_cards
from tricktable.cli.play import InputError, TerminalGame, interpret
from tricktable.events import Event
from tricktable.games import load_game
from tricktable.games.setback_euchre.events import SetbackEvent
from tricktable.presentation.events import event_text
from tricktable.presentation.hands import sort_hand

from . import one_line, tricktable

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][SHDC]|JO)(?![A-Za-z0-9])")
PLAY_LINE = re.compile(r"^  \w+: (?:[2-9TJQKA][SHDC]|JO)$")
ANSWERS = "XYZ\nplay 2C\n99\nhand\nscore\n" + "1\n" * 3000


def _replay(path: Path) -> dict[str, object]:
    result = tricktable(["replay", "--json", str(path)])
    assert result.returncode == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_whole_game_through_stdin_with_bad_answers(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = tricktable(["play", "euchre", "--seed", "7", "--save", str(save)], ANSWERS)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "'XYZ' is not an action" in out
    assert "you do not hold 2C" in out
    assert "99 is not a listed number" in out
    assert "win the match" in out
    assert "End of deal 1" in out and "Makers:" in out and "Score:" in out
    assert "wins trick 1" in out or "win trick 1" in out
    assert _replay(save)["finished"] is True
    record = json.loads(save.read_text())
    assert record["names"][0] == "You" and record["names"][1] == "bot:heuristic"  # was "human"
    assert record["seed"] == 7


def test_same_seed_and_answers_same_game(tmp_path: Path) -> None:
    args = ["play", "euchre", "--seed", "11", "--bots", "random", "--seat", "1"]
    first = tricktable(args, ANSWERS)
    second = tricktable(args, ANSWERS)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert "you sit at seat 1" in first.stdout


def test_never_shows_another_seats_cards(tmp_path: Path) -> None:
    """Before the first card of each deal, only the person's own cards and the up-card appear."""
    save = tmp_path / "game.json"
    result = tricktable(
        ["play", "euchre", "--seed", "3", "--bots", "random", "--save", str(save)], "1\n" * 3000
    )
    assert result.returncode == 0, result.stderr
    record = json.loads(save.read_text())
    lines = result.stdout.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("=== Deal ")]
    assert len(starts) == len(record["deals"])
    for start, deal in zip(starts, record["deals"], strict=True):
        allowed = {parse_card(c) for c in deal["hands"][0]} | {parse_card(deal["turned"])}
        for line in lines[start:]:
            if PLAY_LINE.match(line):
                break
            shown = {parse_card(c) for c in CARD.findall(line)}
            assert shown <= allowed, line
    assert "discards a card face down" in result.stdout


def test_short_forms_and_words(tmp_path: Path) -> None:
    # the first decision of seed 5 is a card to play; a card alone plays it
    probe = tricktable(["play", "euchre", "--seed", "5", "--bots", "random"], "")
    options = re.search(r"Your options: 1\) play (\S+)", probe.stdout)
    assert options is not None, probe.stdout
    card = options.group(1)
    short = card[0].replace("T", "10") + card[1].lower()
    result = tricktable(["play", "euchre", "--seed", "5", "--bots", "random"], f"{short}\nquit\n")
    assert result.returncode == 0
    assert f"  You: {card}" in result.stdout
    assert "You leave the game." in result.stdout


def test_end_of_input_saves_and_exits_cleanly(tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    result = tricktable(["play", "euchre", "--seed", "2", "--save", str(save)], "")
    assert result.returncode == 0, result.stderr
    assert "End of input" in result.stdout
    assert _replay(save)["finished"] is False


def test_quit_saves(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    result = tricktable(["play", "euchre", "--rules", "british", "--save", str(save)], "quit\n")
    assert result.returncode == 0
    record = json.loads(save.read_text())
    assert record["rules"]["preset"] == "british"


def test_errors() -> None:
    cases = {
        ("play", "whist"): "games: euchre",
        ("play", "euchre", "--seat", "7"): "--seat must be a seat 0..3",
        ("play", "euchre", "--bots", "oracle"): "bots: random, heuristic",
        ("play", "euchre", "--bots", "random,random"): "one name or 3",
        ("play", "euchre", "--rules", "nonesuch"): "presets: north_american",
        ("play", "euchre", "--seed", "x"): "--seed must be an integer",
    }
    for args, message in cases.items():
        result = tricktable(args)
        assert result.returncode == 2, args
        assert message in one_line(result.stderr)
        assert result.stdout == ""


def test_interpret() -> None:
    legal = ["play JS", "play TH", "discard 9C", "call H", "pass"]
    assert interpret("js", legal, []) == "play JS"
    assert interpret("10h", legal, []) == "play TH"
    assert interpret("9c", legal, []) == "discard 9C"
    assert interpret("hearts", legal, []) == "call H"
    assert interpret("PASS", legal, []) == "pass"
    assert interpret("5", legal, []) == "pass"
    for bad in ("XYZ", "6", "0", "play 2C", "call S", "AS", ""):
        try:
            interpret(bad, legal, [])
        except InputError as error:
            assert "allowed now: 1) play JS" in str(error)
        else:
            raise AssertionError(f"{bad!r} was accepted")


def test_hand_sorted_with_trumps_together() -> None:
    hand = parse_cards("9H JD AS JH KH QC")
    groups = sort_hand(hand, trump=1, benny=None)  # hearts
    assert groups[0] == parse_cards("JH JD KH 9H")
    flat = [c for g in groups for c in g]
    assert sorted(flat) == sorted(hand)
    benny_groups = sort_hand(parse_cards("JO 9S AS JC"), trump=0, benny=15)
    assert benny_groups[0] == parse_cards("JO JC AS 9S")


def test_deal_events_name_the_seats_and_sides_with_the_verb_agreeing() -> None:
    """Every four-player All Fours match ends with a side of two reaching the target: the
    verb agrees with the side's name ("You & North reach 7", which once read "reache")."""
    result = tricktable(
        ["play", "all_fours", "--players", "4", "--seed", "2", "--bots", "random"], "1\n" * 3000
    )
    assert result.returncode == 0, result.stderr
    ending = re.compile(r"^  (You & North|West & East) reach 7: the match is won$", re.MULTILINE)
    assert ending.search(result.stdout), result.stdout[-2000:]
    assert "reache" not in result.stdout


def test_deal_events_name_every_seat_of_a_tie() -> None:
    """A tie names its seats from the person's point of view, not as ``seats 0 and 1``."""
    game = load_game("setback_euchre")
    terminal = TerminalGame(game, 2, [None] * 4, 1, ["random"] * 4, io.StringIO(), io.StringIO())
    tie = Event(SetbackEvent.SHARE_THE_POOL, seats=(0, 1), counts=(0, 5))
    assert event_text(tie, terminal.names) == (
        "North and East tie at 0: they share the pool (5 stakes)"
    )
    pool = Event(SetbackEvent.WINS_THE_POOL, seat=2, counts=(5,))
    assert event_text(pool, terminal.names) == "You win the game and the pool (5 stakes)"
