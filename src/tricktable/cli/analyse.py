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
    parser.add_argument("--seat", default="0", metavar="N", help="the seat to review (default 0)")
    parser.add_argument("--worlds", default="30", metavar="N", help="worlds per decision")
    add_seed(parser, default="0")
    add_json(parser)


def run(args: argparse.Namespace) -> int:
    from tricktable.bots.tools.analysis import analyse_record, report_lines

    try:
        seat, worlds, seed = int(args.seat), int(args.worlds), int(args.seed)
    except ValueError:
        print("error: --seat, --worlds and --seed must be integers", file=sys.stderr)
        return 2
    if worlds < 1:
        print("error: --worlds must be >= 1", file=sys.stderr)
        return 2
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as error:
        print(f"error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        decisions = analyse_record(text, seat, worlds, seed)
    except (TricktableError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        data = {
            "seat": seat,
            "decisions": [decision.to_json() for decision in decisions],
            "mistakes": sum(decision.mistake for decision in decisions),
        }
        print(json.dumps(data))
        return 0
    for line in report_lines(decisions, seat):
        print(line)
    return 0
