"""``tricktable serve``: the web table (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path
from typing import Any

DEFAULT_DATABASE = "tricktable.db"
"""The SQLite file used when no ``--database`` is given (in the working directory)."""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "serve",
        help="serve the web table (lobby, tables, records) over HTTP",
        description="Serve the lobby and tables in the browser. Tables are kept in a SQLite"
        " file in the working directory unless --database names another database.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", default="8000", help="port to listen on (default 8000)")
    parser.add_argument(
        "--database",
        metavar="URL",
        help=f"sqlite:///FILE or postgresql://user:pass@host/db (default sqlite:///{DEFAULT_DATABASE})",
    )
    parser.add_argument(
        "--log-level", default="warning", choices=("debug", "info", "warning", "error")
    )
    parser.set_defaults(run=run)


def database_url(value: str | None) -> str:
    """The database URL for ``--database`` (a bare path is a SQLite file).

    >>> database_url(None)
    'sqlite:///tricktable.db'
    >>> database_url("games.db")
    'sqlite:///games.db'
    >>> database_url("postgresql://tt@localhost/tt")
    'postgresql://tt@localhost/tt'
    """
    if value is None:
        return f"sqlite:///{DEFAULT_DATABASE}"
    if "://" in value:
        return value
    return f"sqlite:///{Path(value)}"


def run(args: argparse.Namespace) -> int:
    try:
        port = int(args.port)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        print(f"error: --port must be a port number 0-65535, not {args.port!r}", file=sys.stderr)
        return 2
    url = database_url(args.database)
    if not url.startswith(("sqlite://", "postgresql://", "postgres://", "postgresql+")):
        print(
            f"error: --database must be sqlite:///FILE or postgresql://..., not {url!r}",
            file=sys.stderr,
        )
        return 2
    try:
        import uvicorn

        from tricktable.web import create_app
    except ImportError as error:
        print(
            f"error: the web table needs the 'web' extra ({error.name} is missing);"
            " install it with: pip install -e '.[web]'",
            file=sys.stderr,
        )
        return 2
    try:  # a clear message now, rather than a URL that does not answer
        with socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((args.host, port))
    except OSError as error:
        print(f"error: cannot listen on {args.host}:{port}: {error.strerror}", file=sys.stderr)
        return 2
    app = create_app(url)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(f"tricktable web table: http://{shown}:{port}/", flush=True)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=port,
        log_level=args.log_level,
        ws_max_size=64 * 1024,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        ws_per_message_deflate=False,  # small JSON messages: compressing them costs more
    )
    server = uvicorn.Server(config)
    server.run()
    return 0
