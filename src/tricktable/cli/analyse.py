"""``tricktable analyse FILE``: each decision of one seat against the bots' best."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tricktable.cli.arguments import add_json, add_seed
from tricktable.errors import TricktableError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable analyse``."""
    parser.add_argument("file", help="a game record (JSON)")
    parser.add_argument(
        "--seat", default="0", metavar="N", help="the seat to review, or 'all' (default 0)"
    )
    parser.add_argument("--worlds", default="30", metavar="N", help="worlds per decision")
    parser.add_argument(
        "--level",
        choices=("hard", "expert"),
        help="sample as many worlds as this bot level does (instead of --worlds)",
    )
    add_seed(parser, default="0")
    add_json(parser)


def run(args: argparse.Namespace) -> int:
    from tricktable.bots.levels import level_worlds
    from tricktable.bots.tools.analysis import Decision, analyse_record, report_lines
    from tricktable.record import replay_record

    try:
        worlds, seed = int(args.worlds), int(args.seed)
        seats = None if args.seat == "all" else [int(args.seat)]
    except ValueError:
        print("error: --seat (or 'all'), --worlds and --seed must be integers", file=sys.stderr)
        return 2
    if worlds < 1:
        print("error: --worlds must be >= 1", file=sys.stderr)
        return 2
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as error:
        print(f"error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    reviews: dict[int, list[Decision]] = {}
    try:
        game = replay_record(text).game
        if args.level is not None:
            worlds = level_worlds(args.level, game)
        for seat in seats if seats is not None else range(game.players):
            reviews[seat] = analyse_record(text, seat, worlds, seed)
    except (TricktableError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        data = [
            {
                "seat": seat,
                "decisions": [decision.to_json() for decision in decisions],
                "mistakes": sum(decision.mistake for decision in decisions),
            }
            for seat, decisions in reviews.items()
        ]
        print(json.dumps(data[0] if seats is not None else {"seats": data}))
        return 0
    for seat, decisions in reviews.items():
        for line in report_lines(decisions, seat):
            print(line)
    return 0
