"""``tricktable serve``: the web table (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import contextlib
import gc
import socket
import sys
from pathlib import Path
from typing import Any

from tricktable.web.connections import ConnectionLimits
from tricktable.web.limits import IPV6_PREFIX, ROOM_SHARDS, ServerLimits

YOUNG_COLLECTION_THRESHOLD = 20_000
"""Allocations between two young-generation collections in the server (Python's default: 700).

A server with many tables and connections holds a few hundred thousand objects; with the
default, short-lived objects of the requests in flight survive into the older generations
and soon trigger full collections that pause every table for tens of milliseconds. With this
threshold they are gone by the time of a collection, and young collections stay short."""

THREAD_SWITCH_INTERVAL = 0.0005
"""Seconds a thread may hold the interpreter while another waits (Python's default: 0.005).

Every action is committed by the database writer thread while the event loop keeps
serving; with the default the writer can wait 5 ms for its turn, and each action with it."""

LADDER_PAUSE = 5.0
"""Seconds between two rounds of the bot ladder (``--ladder-pause``), unless set."""
DEFAULT_DATABASE = "tricktable.db"
"""The SQLite file used when no ``--database`` is given (in the working directory)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable serve``."""
    from tricktable.bots import BOTS

    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", default="8000", help="port to listen on (default 8000)")
    parser.add_argument(
        "--database",
        metavar="URL",
        help=f"sqlite:///FILE or postgresql://user:pass@host/db (default sqlite:///{DEFAULT_DATABASE})",
    )
    parser.add_argument(
        "--request-rate",
        type=float,
        metavar="N",
        help="POST requests (new tables, joins, uploads) one client address may make a second"
        " on average, in bursts of up to 100 (default 20; 0: no limit)",
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name the server answers to, besides localhost and --host (repeat it;"
        " '*' for any)",
    )
    parser.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another site (https://example.org) whose pages may create tables and open"
        " websockets (repeat it; the server's own origin is always allowed)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="addresses of reverse proxies whose X-Forwarded-For/-Proto are trusted"
        " (default 127.0.0.1,::1)",
    )
    parser.add_argument(
        "--sqlite-synchronous",
        choices=("full", "normal"),
        default="full",
        help="full (default): an acknowledged action survives an OS crash or power cut;"
        " normal: it survives a crash of the server only (faster commits)",
    )
    limits = ServerLimits()
    _add_limit(
        parser,
        "--connections-per-address",
        ConnectionLimits().per_address,
        "open connections one client address may hold",
        "; 0: no limit; behind a proxy, limit there",
    )
    _add_limit(
        parser,
        "--tables-per-address",
        limits.tables_per_address,
        "unfinished tables one client address may have created",
    )
    _add_limit(
        parser,
        "--search-tables",
        limits.search_tables,
        "tables with searching bots (pimc, ismcts, easy ... expert) or --engine programs"
        " held at once",
    )
    _add_limit(
        parser,
        "--search-processes",
        limits.search_processes,
        "worker processes for searching bots",
    )
    parser.add_argument(
        "--processes",
        type=int,
        metavar="N",
        default=1,
        help="server processes sharing the port, one card room (needs PostgreSQL; default 1)",
    )
    parser.add_argument(
        "--room",
        action="store_true",
        help="this server is one of several sharing the PostgreSQL --database as one card"
        " room (on other ports or machines, behind a proxy); implied by --processes above 1",
    )
    parser.add_argument(
        "--room-shards",
        type=int,
        metavar="N",
        default=ROOM_SHARDS,
        help="in a room, the NOTIFY channels its tables' changes are spread over (a process"
        " listens only to those of the tables it holds); the same in every process of a room"
        f" (default {ROOM_SHARDS})",
    )
    parser.add_argument(
        "--ipv6-prefix",
        type=int,
        metavar="BITS",
        default=IPV6_PREFIX,
        help="an IPv6 client counts as one address per network of this many leading bits for"
        f" every per-address limit (default {IPV6_PREFIX}: one client holds a whole /64)",
    )
    parser.add_argument(
        "--engine",
        action="append",
        default=[],
        metavar="NAME=cmd:COMMAND",
        help="a program speaking the engine protocol (docs/engine-protocol.md) that tables"
        " may seat as the bot engine:NAME, beside the levels; the server runs it, and a"
        " medium bot takes its seat if it fails (repeat it; cmd(move_ms=2000,...):COMMAND"
        " sets its time and limits)",
    )
    parser.add_argument(
        "--ladder",
        metavar="GAME",
        help="run a continuous rated bot ladder of GAME (a game or rules, e.g. euchre) among"
        " the --ladder-bots and every --engine, shown at /ladder (docs/tournaments.md;"
        " default: none)",
    )
    parser.add_argument(
        "--ladder-bots",
        metavar="LEVELS",
        default="",
        help="the bot levels in the --ladder besides the engines, comma-separated (e.g."
        f" medium,hard; bots: {', '.join(BOTS.names())})",
    )
    parser.add_argument(
        "--ladder-pause",
        type=float,
        metavar="SECONDS",
        default=LADDER_PAUSE,
        help=f"seconds between two rounds of the --ladder (default {LADDER_PAUSE:g})",
    )
    parser.add_argument(
        "--log-level", default="warning", choices=("debug", "info", "warning", "error")
    )


def _add_limit(
    parser: argparse.ArgumentParser, flag: str, default: int, what: str, note: str = ""
) -> None:
    """An integer limit ``flag N``: ``what`` it counts, its default (and a ``note``) shown."""
    parser.add_argument(
        flag, type=int, metavar="N", default=default, help=f"{what} (default {default}{note})"
    )


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
    options: dict[str, Any] = {}
    rate = args.request_rate
    if rate is not None:
        if not rate >= 0:
            print(f"error: --request-rate must be 0 or more, not {rate}", file=sys.stderr)
            return 2
        options["request_rate"] = rate or None
    for name in ("connections_per_address", "tables_per_address", "search_tables"):
        if getattr(args, name) < 0:
            flag = "--" + name.replace("_", "-")
            print(f"error: {flag} must be 0 or more, not {getattr(args, name)}", file=sys.stderr)
            return 2
    if args.search_processes < 1:
        print(
            f"error: --search-processes must be 1 or more, not {args.search_processes}",
            file=sys.stderr,
        )
        return 2
    if args.room_shards < 1:
        print(f"error: --room-shards must be 1 or more, not {args.room_shards}", file=sys.stderr)
        return 2
    if not 1 <= args.ipv6_prefix <= 128:
        print(
            f"error: --ipv6-prefix must be a number of bits 1-128, not {args.ipv6_prefix}",
            file=sys.stderr,
        )
        return 2
    limits = ServerLimits(
        ipv6_prefix=args.ipv6_prefix,
        tables_per_address=args.tables_per_address,
        search_tables=args.search_tables,
        search_processes=args.search_processes,
    )
    from tricktable.web.engines import EngineSpecError, SeatEngines

    try:
        engines = SeatEngines.parse(args.engine)
    except EngineSpecError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    from tricktable.web.ladder import LadderSettings, LadderSpecError

    ladder = None
    if args.ladder is not None:
        levels = [level for level in args.ladder_bots.split(",") if level.strip()]
        try:
            ladder = LadderSettings.parse(args.ladder, levels, engines, args.ladder_pause)
        except LadderSpecError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    elif args.ladder_bots:
        print("error: --ladder-bots names the bots of a --ladder GAME; give one", file=sys.stderr)
        return 2
    app = create_app(
        url,
        engines=engines,
        ladder=ladder,
        limits=limits,
        allowed_hosts=allowed_hosts(args.host, args.allowed_host),
        allowed_origins=args.allowed_origin,
        synchronous=args.sqlite_synchronous,
        room=args.room or args.processes > 1,
        room_shards=args.room_shards,
        **options,
    )
    if args.processes < 1:
        print(f"error: --processes must be 1 or more, not {args.processes}", file=sys.stderr)
        return 2
    room = args.room or args.processes > 1
    if room and url.startswith("sqlite"):
        print(
            "error: --processes above 1 and --room need a PostgreSQL --database (processes"
            " share the room's tables through it); SQLite serves one process",
            file=sys.stderr,
        )
        return 2
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(f"tricktable web table: http://{shown}:{port}/", flush=True)
    from tricktable.web.connections import server_config

    extra: dict[str, Any] = {"log_level": args.log_level}
    if args.forwarded_allow_ips:
        extra["forwarded_allow_ips"] = args.forwarded_allow_ips
    config = server_config(
        app,
        args.host,
        port,
        ConnectionLimits(per_address=args.connections_per_address, ipv6_prefix=args.ipv6_prefix),
        **extra,
    )
    if args.processes > 1:
        return run_processes(config, args.host, port, args.processes)
    server = uvicorn.Server(config)
    tune_for_latency()
    server.run()
    return 0


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` that other processes may listen on too
    (``SO_REUSEPORT``: the kernel spreads new connections over them)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def run_processes(config: Any, host: str, port: int, count: int) -> int:
    """Serve with ``count`` processes on one port: each its own uvicorn server and its own
    socket (``SO_REUSEPORT``), one card room through PostgreSQL. A process that dies is
    started again; SIGTERM or SIGINT stops them all."""
    import os
    import signal
    import time

    import uvicorn

    children: dict[int, int] = {}  # pid: slot
    stopping = False

    def start(slot: int) -> None:
        pid = os.fork()
        if pid == 0:  # the child: its own socket, its own event loop
            code = 0
            try:
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                server = uvicorn.Server(config)
                tune_for_latency()
                server.run(sockets=[listening_socket(host, port)])
            except BaseException:  # reported by the parent, which starts another
                code = 1
            os._exit(code)
        children[pid] = slot

    def stop(_signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for slot in range(count):
        start(slot)
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        except InterruptedError:
            continue
        if pid not in children or stopping:
            children.pop(pid, 0)
            continue
        slot = children.pop(pid)
        print(
            f"tricktable: process {pid} stopped ({os.waitstatus_to_exitcode(status)});"
            " starting another",
            file=sys.stderr,
            flush=True,
        )
        time.sleep(1.0)
        start(slot)
    return 0


def allowed_hosts(host: str, extra: list[str]) -> list[str]:
    """The host names the server answers to: loopback names, ``host`` when it is a name or
    address of its own (not a wildcard), and ``extra``.

    >>> allowed_hosts("127.0.0.1", ["tables.example.org"])
    ['127.0.0.1', 'localhost', '::1', '[::1]', 'tables.example.org']
    >>> allowed_hosts("192.0.2.7", [])
    ['127.0.0.1', 'localhost', '::1', '[::1]', '192.0.2.7']
    """
    from tricktable.web.guard import LOOPBACK_HOSTS

    names = list(LOOPBACK_HOSTS)
    if host not in ("0.0.0.0", "::", "") and host not in names:
        names.append(f"[{host}]" if ":" in host else host)
    return names + [name for name in extra if name not in names]


def tune_for_latency() -> None:
    """Keep the server's pauses short: the garbage collector's and the writer thread's.

    What is loaded by now (modules, the app) lives as long as the process: it is frozen, so
    full collections no longer walk it; young collections run less often (see
    ``YOUNG_COLLECTION_THRESHOLD``); threads take turns sooner (``THREAD_SWITCH_INTERVAL``).
    """
    sys.setswitchinterval(THREAD_SWITCH_INTERVAL)
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, middle, old)
