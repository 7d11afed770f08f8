"""Server load benchmark: N concurrent bot-only tables played through the real protocol.

Starts ``tricktable serve`` in its own process (SQLite in a temporary directory, unless
``--url`` names a running server or ``--database`` another database), creates ``--tables``
tables whose seats are all taken by clients of this script, and plays them over websockets for
``--seconds``. Each client is a bot: when its seat is to act it waits ``--think`` seconds (bot
thinking, not measured), picks a legal action with a seeded ``random.Random`` and sends it;
the latency measured is from sending an action to its ``ack`` (the action checked, committed
to the database and acknowledged). A table whose match ends is replaced by a new one.

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


@dataclass
class Stats:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
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
        last_seq = -1
        while time.monotonic() < stop_at:
            if (
                view is not None
                and view["to_act"] == seat
                and sent_at is None
                and view["legal"]
                and view["seq"] != last_seq
            ):
                last_seq = view["seq"]
                if think > 0:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                action = rng.choice(view["legal"])
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "seq": view["seq"], "action": action}))
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.01, stop_at - time.monotonic())
                )
            except TimeoutError:
                break
            message = json.loads(raw)
            kind = message["type"]
            if kind == "welcome":
                view = message["state"]
            elif kind == "state":
                view = message["view"]
            elif kind == "ack":
                if sent_at is not None:
                    stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "error":
                stats.errors.append(f"{message['code']}: {message['message']}")
                sent_at = None
            if view is not None and view["finished"]:
                return True
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
    """Keep one table playing until time is up, starting a new one when a match ends."""
    round_ = 0
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
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--game", default="euchre")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--think", type=float, default=0.5, help="bot thinking per decision (s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--database", help="the started server's database URL")
    parser.add_argument("--json", action="store_true")
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
        stop_at = started + args.seconds
        cpu_before = cpu_seconds(proc.pid) if proc is not None else None
        own_before = time.process_time()

        async def run() -> None:
            await asyncio.gather(
                *(
                    table_loop(base, ws_base, args.game, args.players, i, args, stop_at, stats)
                    for i in range(args.tables)
                )
            )

        try:
            import uvloop  # installed with uvicorn[standard]; the clients need the CPU too

            uvloop.run(run())
        except ImportError:
            asyncio.run(run())
        elapsed = time.monotonic() - started
        cpu_after = cpu_seconds(proc.pid) if proc is not None else None
        own_cpu = time.process_time() - own_before
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
        "server_cpu_ms_per_action": (
            round(1000 * (cpu_after - cpu_before) / len(lat), 2)
            if lat and cpu_before is not None and cpu_after is not None
            else None
        ),
        "client_cpu_ms_per_action": round(1000 * own_cpu / len(lat), 2) if lat else None,
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
        for error in stats.errors[:10]:
            print(f"  error: {error}")
    return 0 if not stats.errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
