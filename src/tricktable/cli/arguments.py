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


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The game to play, its ``--rules`` and its ``--players``."""
    parser.add_argument("game", help="the game, e.g. euchre")
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
