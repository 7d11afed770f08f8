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

    python bench/server.py --tables 200 --seconds 30
    python bench/server.py --tables 200 --seconds 30 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

GRACE = 5.0
"""Seconds the clients wait, after the run, for the acks of actions already sent."""


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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return dict(json.loads(response.read()))


def new_table(base: str, game: str, players: int, seed: int) -> tuple[str, list[str]]:
    """A table whose every seat is a person's; returns its id and the seat tokens."""
    created = post(
        base,
        "/api/tables",
        {
            "game": game,
            "players": players,
            "seats": [{"kind": "human"}] * players,
            "sit": 0,
            "seed": seed,
            "autoplay_after": None,
        },
    )
    tokens = [str(created["token"])]
    for seat in range(1, players):
        joined = post(base, f"/api/tables/{created['id']}/join", {"seat": seat})
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
) -> bool:
    """Play one seat until the match ends (True) or time is up (False)."""
    async with connect(f"{ws_base}/ws/{table}", max_size=2**22, compression=None) as ws:
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
    await asyncio.sleep(args.warmup * RAMP_SHARE * index / args.tables)
    while time.monotonic() < stop_at:
        seed = args.seed * 100_000 + index * 100 + round_
        table, tokens = await asyncio.to_thread(new_table, base, game, players, seed)
        stats.tables += 1
        rngs = [random.Random(f"{seed}:{seat}") for seat in range(players)]
        try:
            done = await asyncio.gather(
                *(
                    seat_client(
                        ws_base, table, seat, tokens[seat], rngs[seat], args.think, stop_at, stats
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


def start_server(database: str | None) -> tuple[str, subprocess.Popen[bytes], str]:
    folder = tempfile.mkdtemp(prefix="tricktable-bench-")
    url = database or f"sqlite:///{folder}/bench.db"
    port = free_port()
    proc = subprocess.Popen(
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
            # The clients stand for 800 players but all come from this one address.
            "--request-rate",
            "0",
        ],
        stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/api/tables", timeout=2).read()
            return base, proc, url
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start") from None
            time.sleep(0.2)


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) a process has used so far (Linux ``/proc``), else ``None``."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--database", help="the started server's database URL")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--timeline", type=float, metavar="S", help="also print the figures of every S seconds"
    )
    args = parser.parse_args(argv)
    proc = None
    if args.url:
        base, database = args.url.rstrip("/"), "(running server)"
    else:
        base, proc, database = start_server(args.database)
    ws_base = "ws" + base[len("http") :]
    stats = Stats()
    try:
        started = time.monotonic()
        stats.measure_from = started + args.warmup
        stop_at = stats.measure_from + args.seconds
        cpu: dict[str, float | None] = {}

        async def measure_cpu() -> None:
            """CPU time of the server and of the clients over the measured window."""
            pid = proc.pid if proc is not None else None
            await asyncio.sleep(max(0.0, stats.measure_from - time.monotonic()))
            cpu["server"] = cpu_seconds(pid) if pid is not None else None
            cpu["own"] = time.process_time()
            await asyncio.sleep(max(0.0, stop_at - time.monotonic()))
            server_after = cpu_seconds(pid) if pid is not None else None
            before = cpu["server"]
            used = None if before is None or server_after is None else server_after - before
            cpu["server"] = used
            cpu["own"] = time.process_time() - (cpu["own"] or 0.0)

        async def run() -> None:
            await asyncio.gather(
                measure_cpu(),
                *(
                    table_loop(base, ws_base, args.game, args.players, i, args, stop_at, stats)
                    for i in range(args.tables)
                ),
            )

        try:
            import uvloop  # installed with uvicorn[standard]; the clients need the CPU too

            uvloop.run(run())
        except ImportError:
            asyncio.run(run())
        elapsed = min(time.monotonic(), stop_at) - stats.measure_from
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    lat = stats.latencies
    result = {
        "tables": args.tables,
        "tables_played": stats.tables,
        "matches_finished": stats.finished,
        "seconds": round(elapsed, 1),
        "actions": len(lat),
        "actions_per_s": round(len(lat) / elapsed, 1),
        "ack_p50_ms": round(1000 * statistics.median(lat), 2) if lat else None,
        "ack_p99_ms": round(1000 * percentile(lat, 0.99), 2) if lat else None,
        "ack_max_ms": round(1000 * max(lat), 2) if lat else None,
        "errors": len(stats.errors),
        "warmup_s": args.warmup,
        "warmup_actions": len(stats.warmup_latencies),
        "warmup_ack_p99_ms": (
            round(1000 * percentile(stats.warmup_latencies, 0.99), 2)
            if stats.warmup_latencies
            else None
        ),
        "server_cpu_ms_per_action": (
            round(1000 * server_cpu / len(lat), 2)
            if lat and (server_cpu := cpu.get("server")) is not None
            else None
        ),
        "client_cpu_ms_per_action": (
            round(1000 * own_cpu / len(lat), 2)
            if lat and (own_cpu := cpu.get("own")) is not None
            else None
        ),
        "load_average": round(os.getloadavg()[0], 2),
        "think_s": args.think,
        "database": database.split("://")[0],
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>17}: {value}")
        if args.timeline:
            print(f"{'from s':>8} {'actions':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
            windows: dict[int, list[float]] = {}
            for sent, latency in zip(stats.sent, lat, strict=True):
                windows.setdefault(int(sent // args.timeline), []).append(latency)
            for index, values in sorted(windows.items()):
                print(
                    f"{index * args.timeline:>8.0f} {len(values):>8}"
                    f" {1000 * statistics.median(values):>8.1f}"
                    f" {1000 * percentile(values, 0.99):>8.1f} {1000 * max(values):>8.1f}"
                )
        for error in stats.errors[:10]:
            print(f"  error: {error}")
    return 0 if not stats.errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
