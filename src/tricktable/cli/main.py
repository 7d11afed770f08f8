"""``tricktable``: play, simulate, replay and list rules.

Each subcommand lives in its own module (its ``add_arguments`` and ``run``), imported only
when the parser is built; its name and its words for ``--help`` are listed here, once.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Subcommand:
    """One subcommand: its name, its module in ``tricktable.cli`` and its help texts."""

    name: str
    module: str
    summary: str
    """One line for the list of subcommands."""
    description: str
    """What ``tricktable NAME --help`` says first."""
    add_arguments: str = "add_arguments"
    """The module's function that adds the subcommand's arguments to its parser."""
    run: str = "run"
    """The module's function that runs it."""


SUBCOMMANDS = (
    Subcommand(
        "replay",
        "replay",
        "replay a game record and print the match",
        "Check a game record (RECORDS.md) and print the match as a person reads it, or as JSON.",
    ),
    Subcommand(
        "play",
        "play",
        "play against bots at the terminal",
        "Play a match against bots. You see only your own cards; answer each"
        " prompt with a number, an action, or a card. With --from RECORD --at N, play"
        " on from decision N of a record instead (what if).",
    ),
    Subcommand(
        "sim",
        "sim",
        "play bots against bots and report win rates",
        "Play many matches between bots (sides change seats each match) and"
        " report matches won, win rate with a 95% Wilson interval and mean"
        " points per deal.",
    ),
    Subcommand(
        "rules",
        "rules_command",
        "list games, presets and rule options",
        "Without GAME, list the games and their presets; with GAME, list its"
        " presets (what each changes) and every option with its type, default,"
        " allowed values and meaning. With --json, print a game's rules in full (every"
        " option's value) as the engine protocol's game message carries them.",
    ),
    Subcommand(
        "analyse",
        "analyse",
        "review a game record: each decision of a seat against the best found",
        "Replay a record and, for each decision of the chosen seat, estimate"
        " every legal action by sampled double-dummy search (pimc); the best action is the"
        " one of top value and the loss is measured from it. Deals and decisions count"
        " from 1; in the JSON, deal_index and action_index are the record's indexes (from"
        " 0) and seat the record's seat index.",
    ),
    Subcommand(
        "connect",
        "connect",
        "play a web card room's tables as a remote bot",
        "Connect a program speaking the engine protocol to a web card room as a bot"
        " account: it takes the seats tables' hosts marked 'bot wanted' for it and plays them"
        " over the table websocket (docs/remote-bots.md).",
    ),
    Subcommand(
        "bot-account",
        "bot_account",
        "create a bot account of a web card room",
        "Create a bot account (its name and owner) in the room's database and print its"
        " token once; tricktable connect plays with it (docs/remote-bots.md).",
    ),
    Subcommand(
        "serve",
        "serve",
        "serve the web table (lobby, tables, records) over HTTP",
        "Serve the lobby and tables in the browser. Tables are kept in a SQLite"
        " file in the working directory unless --database names another database.",
    ),
    Subcommand(
        "tournament",
        "tournament",
        "rank bots: every pairing on the same duplicate deals, with ratings",
        "Play a round robin (or a gauntlet) between bots: each pairing plays"
        " the same deal seeds, each in both seatings, and the results give win rates with"
        " 95% intervals, Bradley-Terry ratings and points per deal. Matches are stored"
        " in --db as they end; the same command resumes an interrupted tournament.",
    ),
    Subcommand(
        "train",
        "train",
        "self-play examples and the learned models trained on them",
        "Play seeded self-play matches and write per-decision examples (train data), or"
        " train a game's bidding model from them (train bidding; needs the train extra).",
    ),
    Subcommand(
        "engine",
        "engine",
        "serve a bot over the engine protocol on stdin/stdout",
        "Answer the engine protocol (docs/engine-protocol.md: JSON lines on"
        " standard input and output) with one of tricktable's bots, so any program that"
        " drives engines can play it.",
    ),
    Subcommand(
        "engine-check",
        "engine_check",
        "check that an engine speaks the engine protocol well: a checklist",
        "Start an engine (cmd:COMMAND, as sim and tournament name it) and check its"
        " handshake, each game it plays (legal answers from many positions, its time) and"
        " that it leaves cleanly after quit; a game it answers with error is declined, not"
        " failed. Exit status 1 when a check fails.",
    ),
    Subcommand(
        "import",
        "egn",
        "read a game in another format (EGN) as a tricktable record",
        "Read a game written in another notation and print its tricktable record"
        " (RECORDS.md), which `tricktable replay` and `tricktable analyse` read.",
        add_arguments="add_import_arguments",
        run="run_import",
    ),
    Subcommand(
        "export",
        "egn",
        "write a tricktable record in another format (EGN)",
        "Write a tricktable record as a game in another notation.",
        add_arguments="add_export_arguments",
        run="run_export",
    ),
)
"""Every subcommand, in the order ``tricktable --help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tricktable",
        description="Play, simulate and analyse trick-taking card games.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for subcommand in SUBCOMMANDS:
        module = importlib.import_module(f"tricktable.cli.{subcommand.module}")
        command = commands.add_parser(
            subcommand.name, help=subcommand.summary, description=subcommand.description
        )
        getattr(module, subcommand.add_arguments)(command)
        command.set_defaults(run=getattr(module, subcommand.run))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return result


if __name__ == "__main__":
    raise SystemExit(main())
