"""``tricktable engine --bot NAME``: one of our bots as a program speaking the engine protocol."""

from __future__ import annotations

import argparse
import sys

from tricktable.cli.sim import UsageError, reporting_usage_errors


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable engine``."""
    from tricktable.bots import BOTS

    forms = [kind.form() for kind in BOTS if kind.settings and not kind.command]
    parser.add_argument(
        "--bot",
        default="medium",
        help=f"the bot: {', '.join(BOTS.names())}, {', '.join(forms)} (default medium)",
    )


@reporting_usage_errors
def run(args: argparse.Namespace) -> int:
    from tricktable.bots import make_bot, parse_bot_spec
    from tricktable.engine import serve
    from tricktable.errors import TricktableError
    from tricktable.games import GAME_NAMES, load_game

    try:
        if parse_bot_spec(args.bot)[2] is not None:
            raise TricktableError("an engine serves one of tricktable's own bots, not cmd:")
        make_bot(
            args.bot, load_game(GAME_NAMES[0]), trusted=True
        )  # checks the name before any message
    except TricktableError as error:
        raise UsageError(f"--bot: {error}") from None
    return serve(args.bot, sys.stdin.buffer, sys.stdout.buffer)
