"""Where the terminal game writes: colour and suit symbols on a terminal, plain text elsewhere.

On a terminal (and unless ``NO_COLOR`` is set) lines go through ``rich`` (the ``terminal``
extra, imported only here and only then): red suits in red, headings and the trick's winning
card in bold. Suit symbols (``10♥``) are used on a terminal that writes UTF-8; elsewhere, in a
pipe or a file, cards read ``10H`` and no escape code is written.

>>> import io
>>> screen = Screen.for_stream(io.StringIO(), environ={})
>>> screen.colour, screen.symbols
(False, False)
>>> from tricktable.cards import parse_card
>>> screen.card(parse_card("TH"))
'10H'
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from tricktable.cards import Card
from tricktable.presentation.hands import card_label

CARD_PATTERN = r"(?<![\w])(?:10|[2-9JQKA])"
"""The rank of a card as people read it (a suit letter or symbol follows)."""


NO_RICH = "(Cards in colour need rich: pip install 'tricktable[terminal]'.)"
"""Said on a terminal that could have colour when rich is not installed."""


def item_lines(items: Sequence[str], width: int, first: str = "", indent: str = "  ") -> list[str]:
    """``items`` laid out in lines no wider than ``width`` (when an item fits), two spaces
    apart, breaking only between items: a long list never splits one in the middle.

    >>> item_lines(["1) play 10H", "2) play JS", "3) pass"], 26, first="Options: ")
    ['Options: 1) play 10H', '  2) play JS  3) pass']
    """
    lines: list[str] = []
    line = first
    for index, item in enumerate(items):
        if index == 0:
            line += item
        elif len(line) + 2 + len(item) <= width:
            line += "  " + item
        else:
            lines.append(line)
            line = indent + item
    lines.append(line)
    return lines


class Screen:
    """Lines for a person: with colour and symbols (``rich``) or plain."""

    def __init__(
        self, stream: TextIO, colour: bool, symbols: bool, width: int, note: str = ""
    ) -> None:
        self.stream = stream
        self.note = note
        """Why a terminal gets no colour where it could (said once at the start), or ``""``."""
        self.colour = colour
        """Whether lines are written in colour (through rich)."""
        self.symbols = symbols
        """Whether cards show their suit's symbol (``10♥``) rather than its letter."""
        self.width = width
        """Columns a line may use before the terminal wraps it."""
        self._console: Any = None
        self._highlighter: Any = None
        if colour:
            self._start_rich()

    @classmethod
    def for_stream(cls, stream: TextIO, environ: Mapping[str, str] | None = None) -> Screen:
        """The screen ``stream`` calls for: colour on a terminal without ``NO_COLOR`` (when
        rich is installed), symbols on a terminal that writes UTF-8, plain elsewhere."""
        env = os.environ if environ is None else environ
        terminal = _is_terminal(stream) and env.get("TERM") != "dumb"
        symbols = writes_symbols(stream, env)
        wanted = terminal and not env.get("NO_COLOR")
        colour = wanted and _rich_installed()
        note = NO_RICH if wanted and not colour else ""
        width = shutil.get_terminal_size().columns if terminal else 80
        return cls(stream, colour, symbols, max(width, 20), note)

    def _start_rich(self) -> None:
        from rich.console import Console
        from rich.highlighter import RegexHighlighter
        from rich.theme import Theme

        class CardHighlighter(RegexHighlighter):
            """Red suits in red, black suits bold, headings and marks bold."""

            base_style = "table."
            highlights = [  # noqa: RUF012 - rich's own class attribute
                rf"(?P<red>{CARD_PATTERN}[♥♦HD](?!\w))",
                rf"(?P<black>{CARD_PATTERN}[♠♣SC](?!\w))",
                r"(?P<heading>^(===|---) .*)",
                r"(?P<winning>\(winning\)|wins? trick \d+)",
                r"(?P<mark>\((left|right) bower\)|\(Benny\))",
                r"(?P<refused>^Not allowed:)",
            ]

        theme = Theme(
            {
                "table.red": "bold red",
                "table.black": "bold",
                "table.heading": "bold cyan",
                "table.winning": "bold green",
                "table.mark": "italic yellow",
                "table.refused": "bold yellow",
            }
        )
        self._console = Console(
            file=self.stream,
            force_terminal=True,
            no_color=False,
            highlight=False,
            theme=theme,
            width=self.width,
        )
        self._highlighter = CardHighlighter()

    def card(self, card: Card) -> str:
        """A card as the person reads it (``10♥`` or ``10H``)."""
        return card_label(card, self.symbols)

    def write(self, text: str, end: str = "\n") -> None:
        """Write ``text`` (and ``end``), in colour when the screen has it."""
        if self._console is None:
            self.stream.write(text + end)
            return
        from rich.text import Text

        styled = Text(text)
        self._highlighter.highlight(styled)
        self._console.print(styled, end=end, soft_wrap=True)

    def flush(self) -> None:
        self.stream.flush()


def writes_symbols(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether cards written to ``stream`` show their suit's symbol (``10♥``): on a terminal
    (not ``TERM=dumb``) that writes UTF-8; elsewhere, a pipe or a file, ``10H``."""
    env = os.environ if environ is None else environ
    if not _is_terminal(stream) or env.get("TERM") == "dumb":
        return False
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    return encoding == "utf8"


def card_writer(stream: TextIO) -> Callable[[Card], str]:
    """How cards are written to ``stream`` for people (``writes_symbols``).

    >>> import io
    >>> from tricktable.cards import parse_card
    >>> card_writer(io.StringIO())(parse_card("TD"))
    '10D'
    """
    symbols = writes_symbols(stream)
    return lambda card: card_label(card, symbols)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _rich_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("rich") is not None
