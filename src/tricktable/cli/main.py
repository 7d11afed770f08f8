"""``tricktable``: play, simulate, replay and list rules.

Each subcommand lives in its own module, imported only when used.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tricktable",
        description="Play, simulate and analyse trick-taking card games.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    from tricktable.cli import (
        analyse,
        egn,
        engine,
        play,
        replay,
        rules_command,
        serve,
        sim,
        tournament,
    )

    replay.add_parser(commands)
    play.add_parser(commands)
    sim.add_parser(commands)
    rules_command.add_parser(commands)
    analyse.add_parser(commands)
    serve.add_parser(commands)
    egn.add_parser(commands)
    engine.add_parser(commands)
    tournament.add_parser(commands)
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
