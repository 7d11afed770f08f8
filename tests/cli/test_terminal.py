"""The terminal game's screen: when it has colour and symbols, and how options are laid out."""

from __future__ import annotations

import io
import re

import pytest

from tricktable.cards import parse_card
from tricktable.cli import terminal
from tricktable.cli.terminal import NO_RICH, Screen, item_lines


class FakeTerminal(io.StringIO):
    """A text stream that says it is a terminal writing UTF-8."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


def test_a_pipe_gets_plain_text_with_letters() -> None:
    screen = Screen.for_stream(io.StringIO(), environ={})
    assert (screen.colour, screen.symbols, screen.note) == (False, False, "")
    assert screen.card(parse_card("TD")) == "10D"
    screen.write("Up-card: 10D")
    assert screen.stream.getvalue() == "Up-card: 10D\n"  # type: ignore[attr-defined]


def test_a_terminal_gets_colour_and_symbols_unless_no_color() -> None:
    pytest.importorskip("rich")
    coloured = Screen.for_stream(FakeTerminal(), environ={"TERM": "xterm"})
    assert coloured.colour and coloured.symbols
    coloured.write("Up-card: " + coloured.card(parse_card("TD")))
    written = coloured.stream.getvalue()  # type: ignore[attr-defined]
    assert "\x1b[" in written and re.sub(r"\x1b\[[0-9;]*m", "", written) == "Up-card: 10♦\n"
    plain = Screen.for_stream(FakeTerminal(), environ={"NO_COLOR": "1"})
    assert (plain.colour, plain.symbols, plain.note) == (False, True, "")
    dumb = Screen.for_stream(FakeTerminal(), environ={"TERM": "dumb"})
    assert (dumb.colour, dumb.symbols) == (False, False)


def test_without_rich_a_terminal_is_told_why_it_has_no_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(terminal, "_rich_installed", lambda: False)
    screen = Screen.for_stream(FakeTerminal(), environ={})
    assert (screen.colour, screen.symbols, screen.note) == (False, True, NO_RICH)


def test_items_are_never_split_between_lines() -> None:
    items = [f"{n}) discard {rank}♣" for n, rank in enumerate(["10", "9", "8", "7"] * 4, 1)]
    for width in range(20, 120, 7):
        lines = item_lines(items, width, first="Your options: ")
        assert " ".join(lines).split() == ("Your options: " + "  ".join(items)).split()
        for line in lines:
            assert len(line) <= width or line.count(")") == 1, (width, line)
            assert re.fullmatch(
                r"(Your options: |  )(\d+\) discard \S+)(  \d+\) discard \S+)*", line
            )
