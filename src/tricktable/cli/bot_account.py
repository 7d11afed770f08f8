"""``tricktable bot-account create NAME --owner WHO``: a bot account of a web card room.

The account lets a remote bot (``tricktable connect``, or any program speaking the table
websocket) take the seats a table's host marked "bot wanted". Its token is printed once;
the room keeps only its SHA-256 (docs/remote-bots.md).
"""

from __future__ import annotations

import argparse
import sys

from tricktable.cli.serve import database_url


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("create",), help="create: a new account")
    parser.add_argument("name", help="the bot's name (2-32 lower-case letters, digits, - and _)")
    parser.add_argument("--owner", required=True, help="who answers for the bot (shown with it)")
    parser.add_argument(
        "--database",
        metavar="URL",
        help="the room's database, as tricktable serve --database (default sqlite:///tricktable.db)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        from tricktable.web.remote_bots import create_account
        from tricktable.web.store import Store
    except ImportError as error:
        print(
            f"error: bot accounts need the 'web' extra ({error.name} is missing)", file=sys.stderr
        )
        return 2
    store = Store(database_url(args.database))
    try:
        token = create_account(store, args.name, args.owner)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    finally:
        store.close()
    print(f"bot account {args.name} (of {args.owner.strip()}) created; its token, shown once:")
    print(token)
    return 0
