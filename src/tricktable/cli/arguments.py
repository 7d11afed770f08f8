"""The arguments several subcommands take with one meaning, written once.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="tricktable demo")
>>> add_game_arguments(parser)
>>> add_seed(parser, default="0")
>>> args = parser.parse_args(["euchre(preset=british)", "--players", "4"])
>>> args.game, args.players, args.rules, args.seed
('euchre(preset=british)', '4', None, '0')
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def add_game_arguments(parser: argparse.ArgumentParser, game_help: str | None = None) -> None:
    """The game to play, its ``--rules`` and its ``--players``; with ``game_help`` the game
    may be left out (the help says when)."""
    if game_help is None:
        parser.add_argument("game", help="the game, e.g. euchre")
    else:
        parser.add_argument("game", nargs="?", help=game_help)
    parser.add_argument(
        "--rules", metavar="R", help="a rule string, a preset name, or name=value,... options"
    )
    parser.add_argument(
        "--players", metavar="N", help="number of seats, for games that allow several"
    )


def add_seed(parser: argparse.ArgumentParser, default: str | None) -> None:
    """``--seed S``; without a ``default``, a fresh seed each run."""
    shown = "default: a fresh one" if default is None else f"default {default}"
    parser.add_argument("--seed", default=default, metavar="S", help=f"random seed ({shown})")


def add_json(parser: argparse.ArgumentParser, what: str = "one JSON object") -> None:
    """``--json``: print ``what`` instead of text for people."""
    parser.add_argument("--json", action="store_true", help=f"print {what}")


def seat_from_text(text: str, names: Sequence[str], also: Sequence[str] = ()) -> int:
    """The seat (an index, from 0) a person names by its number counted from 1, by its name
    in ``names`` or by its name in ``also`` (other names of the seats, in seat order; any
    case); ``ValueError`` says what is allowed.

    >>> names = ["South", "West", "North", "East"]
    >>> seat_from_text("2", names), seat_from_text("north", names)
    (1, 2)
    >>> seat_from_text("ann", names, also=["South", "Ann", "North", "Bob"])
    1
    >>> seat_from_text("0", names)
    Traceback (most recent call last):
    ...
    ValueError: '0' is not a seat: seats are 1-4 (counted from 1) or South, West, North, East
    """
    wanted = text.strip()
    if wanted.isdigit() and 1 <= int(wanted) <= len(names):
        return int(wanted) - 1
    for known in (names, also):
        for seat, name in enumerate(known):
            if wanted.casefold() == name.casefold():
                return seat
    others = [name for name in also if name not in names]
    listed = ", ".join([*names, *others])
    raise ValueError(
        f"{text!r} is not a seat: seats are 1-{len(names)} (counted from 1) or {listed}"
    )
