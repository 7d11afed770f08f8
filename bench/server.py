"""Server load benchmark: N concurrent bot-only tables played through the real protocol.

Starts ``tricktable serve`` in its own process (SQLite in a temporary directory, unless
``--url`` names a running server or ``--database`` another database), creates ``--tables``
tables whose seats are all taken by clients of this script, and plays them over websockets for
``--seconds``. Each client is a bot: when its seat is to act it waits ``--think`` seconds (bot
thinking, not measured), picks a legal action with a seeded ``random.Random`` and sends it;
the latency measured is from sending an action to its ``ack`` (the action checked, committed
to the database and acknowledged). A table whose match ends is replaced by a new one.

The tables open one after another over the first ``--warmup`` seconds (by default 10; at a
real server they do not all open in the same second), and the figures are those of the
actions sent after the warm-up, when all tables are playing; the warm-up's own figures are
printed too (``warmup_*``). After ``--seconds`` no client sends a new action; the ones
already sent get up to ``GRACE`` seconds for their ``ack`` (one missing counts as an error).

Every table's clients come from their own loopback address (``127.1.x.y``; the server caps
tables and connections per address, as it would for real players), and every address used is
in 127.0.0.0/8. ``--expert-tables N`` also opens N tables of four ``expert`` bots that the
server plays itself without delay (its search worker processes busy all along), and a probe
measures cheap requests meanwhile (``GET /api/games``, ``GET /api/tables``, ``GET`` one table,
``POST /api/tables``): ``cheap_p99_ms``. ``--compare-durability`` runs the whole load twice,
with SQLite's ``synchronous=FULL`` (the default: an ack survives an OS crash) and ``NORMAL``
(it survives a crash of the server only), and prints both side by side.

    python bench/server.py --tables 200 --seconds 30
    python bench/server.py --tables 200 --seconds 30 --expert-tables 20
    python bench/server.py --tables 200 --seconds 30 --compare-durability
    python bench/server.py --tables 200 --seconds 30 --json
    python bench/server.py --tables 1000 --processes 2 --database postgresql://...

``--processes K`` starts K processes of one room sharing the PostgreSQL ``--database``, with
docs/deploy.md's haproxy in front (``--proxy`` puts it in front of one process too); with
``BENCH_HAPROXY_LOG=FILE`` haproxy logs every request there (to see what it refused).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

GRACE = 5.0
"""Seconds the clients wait, after the run, for the acks of actions already sent."""

PROBE_EVERY = 0.25
"""Seconds between two rounds of the cheap-request probe."""


def table_address(index: int) -> str:
    """The loopback address the clients of table ``index`` come from.

    >>> table_address(0), table_address(300)
    ('127.1.0.1', '127.1.1.51')
    """
    return f"127.1.{index // 250}.{index % 250 + 1}"


def other_address(block: int, index: int) -> str:
    """A loopback address of block ``block`` (2: expert tables, 3: the probe)."""
    return f"127.{block}.{index // 250 % 250}.{index % 250 + 1}"


@dataclass
class Stats:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
    """Acknowledgement latencies of the actions sent in the measured window."""
    sent: list[float] = field(default_factory=list)
    """When each of those actions was sent (``time.monotonic()``)."""
    warmup_latencies: list[float] = field(default_factory=list)
    measure_from: float = 0.0
    """``time.monotonic()`` when the measured window starts (the warm-up ends)."""
    pending: int = 0
    """Actions sent and not yet answered (the clients close only when none is left)."""
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    tables: int = 0
    cheap: list[float] = field(default_factory=list)
    """Latencies of the probe's cheap requests in the measured window."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def http(
    base: str, method: str, path: str, address: str, body: dict[str, Any] | None = None
) -> tuple[int, Any]:
    """One HTTP/1.1 request from ``address`` (a loopback address): its status and JSON."""
    host, port = base.split("://", 1)[1].rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port), local_addr=(address, 0))
    try:
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        )
        writer.write(head.encode() + data)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    header, _, payload = raw.partition(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1])
    try:
        return status, json.loads(payload)
    except ValueError:
        return status, payload.decode(errors="replace")


async def post(base: str, path: str, body: dict[str, Any], address: str) -> dict[str, Any]:
    status, answer = await http(base, "POST", path, address, body)
    if status not in (200, 201):
        raise RuntimeError(f"POST {path}: {status} {answer}")
    return dict(answer)


async def new_table(base: str, game: str, players: int, address: str) -> tuple[str, list[str]]:
    """A table whose every seat is a person's; returns its id and the seat tokens."""
    created = await post(
        base,
        "/api/tables",
        {
            "game": game,
            "players": players,
            "seats": [{"kind": "human"}] * players,
            "sit": 0,
            "autoplay_after": None,
        },
        address,
    )
    tokens = [str(created["token"])]
    for seat in range(1, players):
        joined = await post(base, f"/api/tables/{created['id']}/join", {"seat": seat}, address)
        tokens.append(str(joined["token"]))
    return str(created["id"]), tokens


async def seat_client(
    ws_base: str,
    table: str,
    seat: int,
    token: str,
    rng: random.Random,
    think: float,
    stop_at: float,
    stats: Stats,
    address: str,
) -> bool:
    """Play one seat until the match ends (True) or time is up (False)."""
    async with connect(
        f"{ws_base}/ws/{table}", max_size=2**22, compression=None, local_addr=(address, 0)
    ) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        view: dict[str, Any] | None = None
        sent_at: float | None = None
        measured = False
        last_seq = -1
        while time.monotonic() < stop_at or sent_at is not None:
            if (
                time.monotonic() < stop_at
                and view is not None
                and view["to_act"] == seat
                and sent_at is None
                and view["legal"]
                and view["seq"] != last_seq
            ):
                last_seq = view["seq"]
                if think > 0:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                if time.monotonic() >= stop_at:
                    break
                action = rng.choice(view["legal"])
                sent_at = time.perf_counter()
                sent_clock = time.monotonic()
                measured = sent_clock >= stats.measure_from
                stats.pending += 1
                await ws.send(json.dumps({"type": "act", "seq": view["seq"], "action": action}))
            try:
                raw = await asyncio.wait_for(
                    ws.recv(),
                    timeout=max(0.01, stop_at + (GRACE if sent_at else 0) - time.monotonic()),
                )
            except TimeoutError:
                if sent_at is not None:
                    stats.errors.append("no ack within the grace time after the run")
                    stats.pending -= 1
                break
            message = json.loads(raw)
            kind = message["type"]
            if kind == "welcome":
                view = message["state"]
            elif kind == "state":
                view = message["view"]
            elif kind == "ack":
                if sent_at is not None:
                    stats.pending -= 1
                    latency = time.perf_counter() - sent_at
                    if measured:
                        stats.latencies.append(latency)
                        stats.sent.append(sent_clock - stats.measure_from)
                    else:
                        stats.warmup_latencies.append(latency)
                sent_at = None
            elif kind == "error":
                stats.errors.append(f"{message['code']}: {message['message']}")
                if sent_at is not None:
                    stats.pending -= 1
                sent_at = None
            if view is not None and view["finished"]:
                return True
        # Closing now would load the server while others still wait for their acks.
        while stats.pending > 0 and time.monotonic() < stop_at + GRACE:
            await asyncio.sleep(0.05)
    return False


async def table_loop(
    base: str,
    ws_base: str,
    game: str,
    players: int,
    index: int,
    args: argparse.Namespace,
    stop_at: float,
    stats: Stats,
) -> None:
    """Keep one table playing until time is up, starting a new one when a match ends.

    Table ``index`` opens its first match ``index / tables`` of the way through the ramp."""
    round_ = 0
    address = table_address(index)
    await asyncio.sleep(args.warmup * RAMP_SHARE * index / args.tables)
    while time.monotonic() < stop_at:
        seed = args.seed * 100_000 + index * 100 + round_
        try:
            table, tokens = await new_table(base, game, players, address)
        except Exception as error:
            stats.errors.append(f"new table: {error!r}")
            return
        stats.tables += 1
        rngs = [random.Random(f"{seed}:{seat}") for seat in range(players)]
        try:
            done = await asyncio.gather(
                *(
                    seat_client(
                        ws_base,
                        table,
                        seat,
                        tokens[seat],
                        rngs[seat],
                        args.think,
                        stop_at,
                        stats,
                        address,
                    )
                    for seat in range(players)
                )
            )
        except Exception as error:  # a refused or dropped connection is an error of the run
            stats.errors.append(f"connection: {error!r}")
            return
        if all(done):
            stats.finished += 1
        round_ += 1


RAMP_SHARE = 0.7
"""Share of the warm-up over which the tables open (the rest lets them settle)."""


async def expert_tables(base: str, args: argparse.Namespace, stats: Stats) -> list[str]:
    """Open ``--expert-tables`` tables of four expert bots, played by the server at once."""
    ids = []
    for index in range(args.expert_tables):
        created = await post(
            base,
            "/api/tables",
            {
                "game": args.game,
                "players": args.players,
                "seats": [{"kind": "bot", "bot": "expert"}] * args.players,
                "bot_delay": 0,
            },
            other_address(2, index),
        )
        ids.append(str(created["id"]))
    return ids


async def probe(base: str, stop_at: float, stats: Stats) -> None:
    """Cheap requests, one round every ``PROBE_EVERY`` seconds, timed in the measured window."""
    round_ = 0
    some_table: str | None = None
    while time.monotonic() < stop_at:
        address = other_address(3, round_)
        requests: list[tuple[str, str, dict[str, Any] | None]] = [
            ("GET", "/api/games", None),
            ("GET", "/api/tables", None),
        ]
        if some_table is not None:
            requests.append(("GET", f"/api/tables/{some_table}", None))
        if round_ % 4 == 0:
            body = {"game": "euchre", "seats": [{"kind": "bot", "bot": "random"}] * 4}
            requests.append(("POST", "/api/tables", {**body, "bot_delay": 10}))
        for method, path, body in requests:
            started = time.perf_counter()
            try:
                status, answer = await http(base, method, path, address, body)
            except OSError as error:
                stats.errors.append(f"probe {method} {path}: {error!r}")
                continue
            latency = time.perf_counter() - started
            if status >= 400:
                stats.errors.append(f"probe {method} {path}: {status} {answer}")
            elif method == "POST":
                some_table = answer["id"]
            if time.monotonic() >= stats.measure_from:
                stats.cheap.append(latency)
        round_ += 1
        await asyncio.sleep(PROBE_EVERY)


async def expert_decisions(base: str, ids: list[str]) -> int:
    """Decisions taken so far at the expert tables (finished ones count as gone)."""
    total = 0
    for table in ids:
        status, answer = await http(base, "GET", f"/api/tables/{table}", "127.3.255.1")
        if status == 200:
            total += int(answer["decisions"])
    return total


def start_server(
    database: str | None,
    synchronous: str = "full",
    processes: int = 1,
    proxy: bool = False,
) -> tuple[str, list[subprocess.Popen[bytes]], str, subprocess.Popen[bytes] | None]:
    """Start ``processes`` servers of one room (``tricktable serve``), with docs/deploy.md's
    haproxy in front when ``proxy``; returns the base URL, the servers, the database URL and
    the proxy."""
    folder = tempfile.mkdtemp(prefix="tricktable-bench-")
    url = database or f"sqlite:///{folder}/bench.db"
    servers: list[subprocess.Popen[bytes]] = []
    ports = [free_port() for _ in range(processes)]
    for port in ports:
        servers.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tricktable",
                    "serve",
                    "--port",
                    str(port),
                    "--database",
                    url,
                    "--log-level",
                    "error",
                    # One table's four players share an address; their joins come in one burst.
                    "--request-rate",
                    "0",
                    "--sqlite-synchronous",
                    synchronous,
                    *(["--connections-per-address", "0"] if proxy else []),
                    *(["--room"] if processes > 1 else []),
                ],
                stdout=subprocess.DEVNULL,
            )
        )
        wait_until_up(f"http://127.0.0.1:{port}", servers[-1])
    if not proxy:
        return f"http://127.0.0.1:{ports[0]}", servers, url, None
    port = free_port()
    config = Path(folder) / "haproxy.cfg"
    config.write_text(haproxy_config(port, ports))
    log = open(os.environ.get("BENCH_HAPROXY_LOG", os.devnull), "wb")  # noqa: SIM115
    haproxy = subprocess.Popen(["haproxy", "-db", "-f", str(config)], stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    wait_until_up(base, haproxy)
    return base, servers, url, haproxy


def wait_until_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/api/tables", timeout=2).read()
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{base} did not start") from None
            time.sleep(0.2)


DEPLOY = Path(__file__).resolve().parents[1] / "docs" / "deploy.md"


def haproxy_config(port: int, backends: list[int]) -> str:
    """docs/deploy.md's haproxy configuration on loopback port ``port``, in front of the
    servers on ``backends`` (only the addresses changed)."""
    config = re.search(r"```haproxy\n(.*?)```", DEPLOY.read_text(encoding="utf-8"), re.S)
    if config is None:
        raise SystemExit("docs/deploy.md has no haproxy configuration")
    body = re.sub(r"(?m)^(\s*bind) .*$", rf"\1 127.0.0.1:{port}", config.group(1))
    lines = [line for line in body.splitlines() if not line.strip().startswith("server ")]
    lines += [f"    server tt{i} 127.0.0.1:{p} check" for i, p in enumerate(backends)]
    # The clients of a table share a loopback address here, and a run holds them all at once.
    text = "\n".join(lines).replace("maxconn 8000", "maxconn 9000") + "\n"
    if os.environ.get("BENCH_HAPROXY_LOG"):  # each request logged, for a look at refusals
        text = text.replace("global\n", "global\n    log stdout format raw local0\n", 1)
        text = text.replace("defaults\n", "defaults\n    log global\n    option httplog\n", 1)
    return text


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) a process has used so far (Linux ``/proc``), else ``None``."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_of(pids: list[int]) -> float | None:
    """CPU seconds the processes ``pids`` have used so far (``None``: none, or unknown)."""
    used = [cpu_seconds(pid) for pid in pids]
    return None if not used or None in used else sum(u for u in used if u is not None)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds")
    parser.add_argument("--game", default="euchre")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--think", type=float, default=0.8, help="bot thinking per decision (s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--warmup",
        type=float,
        default=10.0,
        help="seconds over which the tables open, not measured (default 10)",
    )
    parser.add_argument(
        "--expert-tables",
        type=int,
        default=0,
        metavar="N",
        help="also N tables of expert bots the server plays without delay (default 0)",
    )
    parser.add_argument(
        "--compare-durability",
        action="store_true",
        help="run twice, SQLite synchronous=FULL and NORMAL, and print both",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        metavar="K",
        help="server processes of one room (PostgreSQL --database) behind docs/deploy.md's"
        " haproxy (default 1: one process, no proxy)",
    )
    parser.add_argument("--proxy", action="store_true", help="haproxy in front even of one process")
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--database", help="the started server's database URL")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--timeline", type=float, metavar="S", help="also print the figures of every S seconds"
    )
    args = parser.parse_args(argv)
    if args.processes > 1 and not (args.database or "").startswith("postgres"):
        parser.error("--processes above 1 needs a PostgreSQL --database")
    settings = ["full", "normal"] if args.compare_durability else ["full"]
    results = []
    failed = False
    for synchronous in settings:
        result, stats = run_load(args, synchronous)
        results.append(result)
        failed = failed or bool(stats.errors)
        if args.json:
            print(json.dumps(result))
            continue
        if len(settings) == 1:
            for key, value in result.items():
                print(f"{key:>24}: {value}")
            print_timeline(args, stats)
        for error in stats.errors[:10]:
            print(f"  error: {error}")
    if args.compare_durability and not args.url:
        for result, synchronous in zip(results, settings, strict=True):
            result.update(commit_cost(synchronous))
    if len(results) > 1 and not args.json:
        print(f"{'':>24}  " + "  ".join(f"{f'synchronous={s}':>18}" for s in settings))
        for key in results[0]:
            print(f"{key:>24}: " + "  ".join(f"{r[key]!s:>18}" for r in results))
    return 1 if failed else 0


def run_load(args: argparse.Namespace, synchronous: str) -> tuple[dict[str, Any], Stats]:
    """One run of the load against a server (started here with ``synchronous``)."""
    servers: list[subprocess.Popen[bytes]] = []
    haproxy = None
    if args.url:
        base, database = args.url.rstrip("/"), "(running server)"
    else:
        proxy = args.proxy or args.processes > 1
        base, servers, database, haproxy = start_server(
            args.database, synchronous, args.processes, proxy
        )
    ws_base = "ws" + base[len("http") :]
    stats = Stats()
    expert_decisions_taken: list[int] = []
    try:
        started = time.monotonic()
        stats.measure_from = started + args.warmup
        stop_at = stats.measure_from + args.seconds
        cpu: dict[str, float | None] = {}

        async def measure_cpu() -> None:
            """CPU time of the servers, the proxy and the clients over the measured window."""
            pids = [proc.pid for proc in servers]
            proxy_pid = [haproxy.pid] if haproxy is not None else []
            await asyncio.sleep(max(0.0, stats.measure_from - time.monotonic()))
            cpu["server"] = cpu_of(pids)
            cpu["proxy"] = cpu_of(proxy_pid)
            cpu["own"] = time.process_time()
            await asyncio.sleep(max(0.0, stop_at - time.monotonic()))
            for key, now in (("server", cpu_of(pids)), ("proxy", cpu_of(proxy_pid))):
                before = cpu[key]
                cpu[key] = None if before is None or now is None else now - before
            cpu["own"] = time.process_time() - (cpu["own"] or 0.0)

        async def run() -> None:
            experts = await expert_tables(base, args, stats) if args.expert_tables else []
            await asyncio.gather(
                measure_cpu(),
                probe(base, stop_at, stats),
                *(
                    table_loop(base, ws_base, args.game, args.players, i, args, stop_at, stats)
                    for i in range(args.tables)
                ),
            )
            if experts:
                expert_decisions_taken.append(await expert_decisions(base, experts))

        run_loop(run)
        elapsed = min(time.monotonic(), stop_at) - stats.measure_from
    finally:
        for proc in [*servers, *([haproxy] if haproxy is not None else [])]:
            proc.send_signal(signal.SIGTERM)
        for proc in [*servers, *([haproxy] if haproxy is not None else [])]:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    lat = stats.latencies
    cheap = stats.cheap
    result = {
        "tables": args.tables,
        "expert_tables": args.expert_tables,
        "synchronous": synchronous if database.startswith("sqlite") else None,
        "tables_played": stats.tables,
        "matches_finished": stats.finished,
        "seconds": round(elapsed, 1),
        "actions": len(lat),
        "actions_per_s": round(len(lat) / elapsed, 1),
        "ack_p50_ms": ms(statistics.median(lat)) if lat else None,
        "ack_p99_ms": ms(percentile(lat, 0.99)) if lat else None,
        "ack_max_ms": ms(max(lat)) if lat else None,
        "errors": len(stats.errors),
        "cheap_requests": len(cheap),
        "cheap_p50_ms": ms(statistics.median(cheap)) if cheap else None,
        "cheap_p99_ms": ms(percentile(cheap, 0.99)) if cheap else None,
        "cheap_max_ms": ms(max(cheap)) if cheap else None,
        "expert_decisions": sum(expert_decisions_taken) if expert_decisions_taken else None,
        "warmup_s": args.warmup,
        "warmup_actions": len(stats.warmup_latencies),
        "warmup_ack_p99_ms": (
            ms(percentile(stats.warmup_latencies, 0.99)) if stats.warmup_latencies else None
        ),
        "server_cpu_ms_per_action": (
            ms(server_cpu / len(lat))
            if lat and (server_cpu := cpu.get("server")) is not None
            else None
        ),
        "proxy_cpu_ms_per_action": (
            ms(proxy_cpu / len(lat))
            if lat and (proxy_cpu := cpu.get("proxy")) is not None
            else None
        ),
        "processes": args.processes,
        "client_cpu_ms_per_action": (
            ms(own_cpu / len(lat)) if lat and (own_cpu := cpu.get("own")) is not None else None
        ),
        "load_average": round(os.getloadavg()[0], 2),
        "think_s": args.think,
        "database": database.split("://")[0],
        "cpus": os.cpu_count(),
    }
    return result, stats


COMMITS = 400
"""Single-event commits timed on their own by ``commit_cost``."""


def commit_cost(synchronous: str) -> dict[str, Any]:
    """What one action's commit costs alone (no load): ``COMMITS`` one-event transactions
    into a fresh SQLite file, each timed (the durability setting's own price)."""
    from tricktable.web.store import Event, Store

    folder = tempfile.mkdtemp(prefix="tricktable-commit-")
    store = Store(f"sqlite:///{folder}/commits.db", synchronous)
    times = []
    try:
        for seq in range(COMMITS):
            started = time.perf_counter()
            store.append([Event("t", seq, "act", 0, "play JS")])
            times.append(time.perf_counter() - started)
    finally:
        store.close()
    return {
        "commit_alone_p50_ms": ms(statistics.median(times)),
        "commit_alone_p99_ms": ms(percentile(times, 0.99)),
    }


def ms(seconds: float) -> float:
    return round(1000 * seconds, 2)


def run_loop(run: Callable[[], Any]) -> None:
    try:
        import uvloop  # installed with uvicorn[standard]; the clients need the CPU too

        uvloop.run(run())
    except ImportError:
        asyncio.run(run())


def print_timeline(args: argparse.Namespace, stats: Stats) -> None:
    if not args.timeline:
        return
    print(f"{'from s':>8} {'actions':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    windows: dict[int, list[float]] = {}
    for sent, latency in zip(stats.sent, stats.latencies, strict=True):
        windows.setdefault(int(sent // args.timeline), []).append(latency)
    for index, values in sorted(windows.items()):
        print(
            f"{index * args.timeline:>8.0f} {len(values):>8}"
            f" {1000 * statistics.median(values):>8.1f}"
            f" {1000 * percentile(values, 0.99):>8.1f} {1000 * max(values):>8.1f}"
        )


if __name__ == "__main__":
    raise SystemExit(main())
