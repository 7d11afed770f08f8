"""``tricktable engine-check cmd:COMMAND``: a conformance check of an engine, as a checklist.

Starts the program as ``sim`` and ``tournament`` would and checks its handshake, each game
it plays (legal answers from many positions, time use) and that every process it ran left
cleanly after ``quit`` (``tricktable.engine.check``). Exit status 0 when no check failed,
1 otherwise; ``--json`` prints the checks as one object.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tricktable.cli.arguments import add_json, add_seed
from tricktable.cli.sim import UsageError, _positive_int, reporting_usage_errors, seed_from


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable engine-check``."""
    parser.add_argument(
        "engine",
        help="the engine as sim and tournament name it: cmd:COMMAND, cmd(move_ms=500,...):COMMAND",
    )
    parser.add_argument(
        "--game",
        action="append",
        metavar="RULES",
        help="a game or rule string to check (repeat for more; default: every game)",
    )
    parser.add_argument(
        "--positions",
        default="50",
        metavar="N",
        help="decisions asked of the engine in each game it plays (default 50)",
    )
    add_seed(parser, default="0")
    add_json(parser)


MARKS = {True: "[ok]", False: "[FAIL]", None: "[--]"}
"""How the checklist marks a check passed, failed, or not applying (a declined game)."""


@reporting_usage_errors
def run(args: argparse.Namespace) -> int:
    from tricktable.bots import parse_bot_spec
    from tricktable.engine.check import check_engine
    from tricktable.errors import TricktableError
    from tricktable.games import GAME_NAMES, load_game

    try:
        if parse_bot_spec(args.engine)[2] is None:
            raise UsageError(f"engine-check checks an engine, cmd:COMMAND, not {args.engine!r}")
        games = [load_game(text) for text in (args.game or GAME_NAMES)]
    except TricktableError as error:
        raise UsageError(str(error)) from None
    positions = _positive_int(args.positions, "--positions", 1)
    try:
        checks = check_engine(args.engine, games, positions, seed_from(args.seed))
    except TricktableError as error:
        raise UsageError(str(error)) from None
    failed = [check for check in checks if check.passed is False]
    if args.json:
        report: dict[str, Any] = {
            "engine": args.engine,
            "passed": not failed,
            "checks": [check.to_json() for check in checks],
        }
        print(json.dumps(report))
    else:
        print(f"engine-check {args.engine}")
        for check in checks:
            about = check.name if check.game is None else f"{check.game}: {check.name}"
            print(f"  {MARKS[check.passed]:<6} {about}: {check.detail}")
        counted = [check for check in checks if check.passed is not None]
        print(f"{len(counted) - len(failed)} of {len(counted)} checks passed")
    return 1 if failed else 0
