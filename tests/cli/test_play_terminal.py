"""``tricktable play`` in a pseudo-terminal, as a person sees it: colour, suit symbols, tens
as ``10``; and the transcripts of docs/terminal-game.md.

Set ``TRICKTABLE_TRANSCRIPTS=docs`` to write the transcripts there (docs/terminal-game.md).
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

pytest.importorskip("rich")

from . import assert_in_order

ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = "or help]: "
COLUMNS = 90


def drive(
    args: Sequence[str],
    answers: Sequence[str],
    env: Mapping[str, str] | None = None,
    timeout: float = 60,
    cwd: Path | None = None,
) -> str:
    """Run ``tricktable ARGS`` on a pseudo-terminal of ``COLUMNS`` columns, typing each of
    ``answers`` at a prompt (then ``quit``); everything the terminal showed, as it came."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, COLUMNS, 0, 0))
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in ("NO_COLOR", "COLUMNS", "LINES", "FORCE_COLOR")
    }
    environ.update({"TERM": "xterm-256color", "PYTHONIOENCODING": "utf-8", **(env or {})})
    if cwd is not None:  # the sources stay importable from elsewhere
        environ["PYTHONPATH"] = os.pathsep.join(
            [str(Path(__file__).resolve().parents[2] / "src"), environ.get("PYTHONPATH", "")]
        )
    process = subprocess.Popen(
        [sys.executable, "-m", "tricktable", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=environ,
        close_fds=True,
        cwd=cwd,
    )
    os.close(slave)
    pending = [*answers, "quit"]
    shown = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the program closed the terminal
                    break
                if not chunk:
                    break
                shown += chunk
                text = ESCAPE.sub("", shown.decode("utf-8", "replace"))
                if text.endswith(PROMPT) and pending:
                    os.write(master, (pending.pop(0) + "\n").encode())
            elif process.poll() is not None:
                break
        else:
            raise AssertionError("the game did not finish in time:\n" + shown.decode()[-2000:])
    finally:
        process.kill()
        process.wait()
        os.close(master)
    return shown.decode("utf-8", "replace").replace("\r\n", "\n")


def plain(shown: str) -> str:
    """What the person read: the terminal's text without its colour codes."""
    return ESCAPE.sub("", shown)


def transcript(name: str, title: str, command: str, shown: str) -> None:
    """Write the session into ``$TRICKTABLE_TRANSCRIPTS/terminal-game.md`` (its section
    ``name``), when that variable is set."""
    target = os.environ.get("TRICKTABLE_TRANSCRIPTS")
    if not target:
        return
    path = Path(target) / "terminal-game.md"
    sections = {}
    if path.exists():
        for part in path.read_text(encoding="utf-8").split("\n<!-- section: ")[1:]:
            key, _, body = part.partition(" -->\n")
            sections[key] = body.rstrip("\n")
    sections[name] = f"## {title}\n\n```console\n$ {command}\n{plain(shown).rstrip()}\n```"
    head = (
        "# The terminal game, as a person sees it\n\n"
        "Sessions of `tricktable play` captured from a pseudo-terminal by\n"
        "`tests/cli/test_play_terminal.py` (`TRICKTABLE_TRANSCRIPTS=docs`). On the terminal the\n"
        "cards are in colour (red suits red), the trick's winning card and the headings\n"
        "bold; here the colour codes are left out. The person's answers follow the prompts.\n"
    )
    body = "".join(f"\n<!-- section: {key} -->\n{sections[key]}\n" for key in sorted(sections))
    path.write_text(head + body, encoding="utf-8")


def test_colour_and_suit_symbols_on_a_terminal() -> None:
    shown = drive(["play", "euchre", "--seed", "4"], ["1"])
    assert ESCAPE.search(shown), "no colour on a terminal"
    text = plain(shown)
    assert "Up-card: 10♠" in text
    assert re.search(r"Your hand: J♣ \(left bower\) A♠", text), text
    assert not re.search(r"(?<!\w)T[♠♥♦♣SHDC](?!\w)", text), "a ten printed as T"


def test_no_color_keeps_the_symbols_without_colour() -> None:
    shown = drive(["play", "euchre", "--seed", "4"], ["1"], env={"NO_COLOR": "1"})
    assert "\x1b[3" not in shown and "\x1b[1m" not in shown, "colour despite NO_COLOR"
    assert "Up-card: 10♠" in shown


def test_all_fours_running_the_cards() -> None:
    """After a beg the dealer runs: each turn-up, the same suit's run again and the new trump
    appear before the person is asked to discard, with the count of discards left."""
    answers = ["beg", "help", "3S", "6S", "7S", "8S", "7H", "last", "3H"]
    args = ["play", "all_fours", "--seed", "0", "--auto"]
    shown = drive(args, [*answers, *["1"] * 6])
    text = plain(shown)
    order = [
        "Stand (hearts trump), or beg?",
        "Seat 2 runs the cards.",
        "5♥ turned: same suit, run again.",
        "Run: 3♣ turned, trump.",
        "Clubs are trump.",
        "Discard 6 more cards, down to 6 (clubs are trump).",
        "an action                         e.g. stand, beg, give, run",
        "You discard 3♠.",
        "Discard 1 more card, down to 6 (clubs are trump).",
        "Seat 2 discards 6 cards face down.",
        "--- End of deal 1 ---",
    ]
    assert_in_order(text, order)
    assert "order alone" not in text
    transcript(
        "1-all-fours",
        "All Fours: a beg, and the dealer runs the cards",
        " ".join(["tricktable", *args]),
        shown,
    )


def test_euchre_deal_with_the_left_bower() -> None:
    args = ["play", "euchre", "--seed", "4", "--auto"]
    shown = drive(args, ["order", "QD", "hand", "JC", "last", "AS", "KC"])
    text = plain(shown)
    assert "Order up 10♠ (spades trump; West picks it up), or pass?" in text
    assert "You order up 10♠ to West." in text
    assert "Your hand: J♣ (left bower) A♠ | K♣ | 10♦" in text
    assert "This trick: North A♦ (winning), East J♦" in text
    assert "Last trick: West A♥, North Q♠, East 9♥, You J♣; You won it." in text
    assert "Your only move: play 10♦ (--auto)." in text
    transcript(
        "2-euchre",
        "Euchre: a deal with the left bower",
        " ".join(["tricktable", *args]),
        shown,
    )


def test_what_if_playing_on_from_a_record(tmp_path: Path) -> None:
    """``play --from RECORD --at D:K``: the deal so far as the seat taken over saw it, then
    the person plays on against bots; the branch is saved and replays."""
    import json
    import random

    from tricktable.bots import make_bot
    from tricktable.games import load_game
    from tricktable.record import record_of
    from tricktable.sim import play_match

    game = load_game("euchre(target=5)")
    bots = [make_bot("heuristic", game, seat) for seat in range(4)]
    state = play_match(game, bots, random.Random(3))
    source = tmp_path / "match.json"
    names = ["Ann", "Bob", "Cid", "Dee"]
    source.write_text(json.dumps(record_of(state, names=names)), encoding="utf-8")
    save = tmp_path / "what-if.json"
    args = ["play", "--from", "match.json", "--at", "2:2", "--seat", "Bob", "--bots", "medium"]
    args += ["--seed", "2", "--auto", "--save", "what-if.json"]
    shown = drive(args, ["order", "1", "last", "1", "1"], cwd=tmp_path)
    text = plain(shown)
    assert "playing on from decision" in text and "(deal 2, decision 2) of the record" in text
    assert "you take over seat 2 of 4 (Bob in the record)" in text
    assert "=== Deal 2:" in text and "Your hand:" in text
    assert "Record saved to what-if.json." in text
    branch = json.loads(save.read_text(encoding="utf-8"))
    assert branch["names"][1] == "You" and branch["branch"]["names"] == names
    assert (
        subprocess.run(
            [sys.executable, "-m", "tricktable", "replay", str(save)],
            capture_output=True,
            check=False,
        ).returncode
        == 0
    )
    transcript(
        "3-what-if",
        "What if: playing on from a point of a record",
        " ".join(["tricktable", *args]),
        shown,
    )


def test_pitch_bid_and_the_lead_that_makes_trump() -> None:
    """Pitch, seed 3: North and East pass, the person bids 2 and West passes; the person
    pitches, is told that its lead makes trump, leads the ace of spades: spades are trump."""
    shown = drive(["play", "pitch", "--seed", "3"], ["2", "1"])
    text = plain(shown)
    order = [
        "North passes.",
        "East passes.",
        "No bid yet: bid 2 to 4, or pass?",
        "You bid 2.",
        "West passes.",
        "The suit of the card you lead is trump for this deal.",
        "You: A♠",
        "Spades are trump.",
    ]
    assert_in_order(text, order)


def _heuristic_record(path: Path) -> None:
    """A five-point euchre match of heuristic bots (seed 3), saved with names as a record."""
    import json
    import random

    from tricktable.bots import make_bot
    from tricktable.games import load_game
    from tricktable.record import record_of
    from tricktable.sim import play_match

    game = load_game("euchre(target=5)")
    bots = [make_bot("heuristic", game, seat) for seat in range(4)]
    state = play_match(game, bots, random.Random(3))
    path.write_text(json.dumps(record_of(state, names=["Ann", "Bob", "Cid", "Dee"])), "utf-8")


def test_what_if_recap_tells_the_deal_as_it_happened(tmp_path: Path) -> None:
    """Taken over in the middle of a trick: the recap shows the hand as dealt (five cards,
    the dealer's before it picks up), the bidding before trump is announced, and each trick's
    result after its four cards, so the trick counts are right."""
    _heuristic_record(tmp_path / "match.json")
    args = ["play", "--from", "match.json", "--at", "1:16", "--seed", "2"]
    text = plain(drive(args, [], cwd=tmp_path, env={"NO_COLOR": "1"}))
    recap = text[text.index("=== Deal 1") : text.index(PROMPT)]
    hand = re.search(r"Your hand: (.*)", recap)
    assert hand is not None and len(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", hand[1])) == 5, recap
    order = [
        "=== Deal 1: You deal ===",
        "West passes.",
        "You pick up Q♥.",
        "Hearts are trump.",
        "You: K♠",
        "-> West wins trick 1.  Tricks this deal: West & East 1, You & North 0",
        "West: A♦",
        "You: Q♦",
        "-> North wins trick 2.  Tricks this deal: West & East 1, You & North 1",
        "North: Q♠",
        "This trick: North Q♠, East 10♥ (winning)",
    ]
    assert_in_order(recap, order)
    assert recap.index("Hearts are trump.") > recap.index("East passes.")


def test_all_fours_a_stand_is_told_once() -> None:
    """Eldest's stand is one line ("You stand."), not the decision and then its event."""
    text = plain(drive(["play", "all_fours", "--seed", "1", "--seat", "2"], ["stand"]))
    assert_in_order(text, ["Stand (", "You stand.", "are trump."])
    assert "stands" not in text.lower(), text


def test_all_fours_discards_listed_in_one_answer() -> None:
    """After running the cards the six discards go in one answer (commas or spaces); a card
    listed twice, or more cards than the discards left, is refused saying so."""
    answers = ["beg", "3s 6s 6s", "3S 6S 7S 8S 7H 3H 2H", "3S, 6S 7S 8S 7H 3H"]
    text = plain(drive(["play", "all_fours", "--seed", "0", "--auto"], answers))
    order = [
        "Discard 6 more cards, down to 6 (clubs are trump).",
        "Not allowed: 6♠ is listed twice",
        "Not allowed: you discard 6 cards now, not 7",
        "You discard 3♠.",
        "You discard 6♠.",
        "You discard 7♠.",
        "You discard 8♠.",
        "You discard 7♥.",
        "You discard 3♥.",
        "Seat 2 discards 6 cards face down.",
        "You lead.",
    ]
    assert_in_order(text, order)
    assert "Discard 5 more cards" not in text and "Discard 1 more card" not in text


RECORD_CARD = re.compile(r"(?<![\w])(?:[2-9TJQKA][SHDC])(?![\w])")
"""A card as the records write it (``TD``, ``9S``)."""


def test_replay_and_analyse_write_card_symbols_on_a_terminal(tmp_path: Path) -> None:
    """``replay`` and ``analyse`` on a terminal write ``10♦`` as the play command does (in a
    pipe ``10D``); the hands as dealt are grouped with the deal's trumps first."""
    _heuristic_record(tmp_path / "match.json")
    replayed = plain(drive(["replay", "match.json"], [], cwd=tmp_path))
    deal = replayed[replayed.index("Deal 1") : replayed.index("Deal 2")]
    assert "Ann: 10♥ A♣ 9♣ K♦ 10♠" in deal  # hearts trump, then the colours alternating
    assert "Bob: discard 10♣" in deal and "trick 1: Cid A♠, Dee 9♠, Ann 10♠, Bob K♠" in deal
    assert not RECORD_CARD.search(replayed.replace("— euchre(", "")), replayed
    analysed = plain(drive(["analyse", "match.json", "--worlds", "2"], [], cwd=tmp_path))
    assert "play 10♥" in analysed and not RECORD_CARD.search(analysed), analysed
    piped = subprocess.run(
        [sys.executable, "-m", "tricktable", "replay", "match.json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")},
        check=True,
    ).stdout
    assert "Ann: 10H AC 9C KD 10S" in piped and "♥" not in piped


def test_analysis_page_writes_card_symbols(tmp_path: Path) -> None:
    _heuristic_record(tmp_path / "match.json")
    args = ["analyse", "match.json", "--worlds", "2", "--html", "page.html"]
    subprocess.run(
        [sys.executable, "-m", "tricktable", *args],
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")},
        check=True,
    )
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert "<td>10♥ A♣ 9♣ K♦ 10♠</td>" in page and "Bob: discard 10♣" in page
    body = page[page.index("Seats:") :]
    assert not RECORD_CARD.search(body), RECORD_CARD.findall(body)[:5]
    assert "Euchre, North American rules; Target: 5" in page
