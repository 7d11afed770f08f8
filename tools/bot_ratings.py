"""Measure the bots' fixed ratings for the web table's ratings of people.

``python tools/bot_ratings.py --games 20 --bots random,easy,medium,heuristic`` plays, for
every game, a ``tricktable tournament`` round robin of those bots (each pairing on the same
deal seeds, in both seatings), then rates the bots from its matches with the same OpenSkill
model that rates people (``tricktable.web.ratings.fit_bots``: everyone starts as a
newcomer, 25 with uncertainty 8.33), and writes the figures, with the command that made
them, to ``src/tricktable/web/bot_ratings.json``. A bot of the list left out of the file
plays at no rated table (its matches count for no rating).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "tricktable" / "web" / "bot_ratings.json"


def matches_of(
    db: Path, entries: list[str], sides: list[list[int]]
) -> list[tuple[list[list[str]], list[int]]]:
    """Each stored match as (bot names per side, side ranks), in an order that mixes the
    pairings (match number first)."""
    from tricktable.web.ratings import side_ranks

    rows = sqlite3.connect(db).execute(
        "SELECT first, second, number, outcome FROM matches ORDER BY number, first, second"
    )
    out = []
    for first, second, _number, text in rows:
        outcome = json.loads(text)
        pair = (entries[first], entries[second])
        teams = [[pair[outcome["owner"][seat]] for seat in side] for side in sides]
        out.append((teams, side_ranks(len(sides), outcome["winner"])))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="deal seeds per pairing")
    parser.add_argument("--bots", default="random,easy,medium,heuristic")
    parser.add_argument("--only", default="", help="comma-separated games (default: all)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    from tricktable.games import GAME_NAMES, load_game
    from tricktable.web.ratings import fit_bots

    entries = [bot.strip() for bot in args.bots.split(",")]
    games = [g for g in args.only.split(",") if g] or list(GAME_NAMES)
    previous = json.loads(OUT.read_text()) if OUT.exists() else {"games": {}}
    results = dict(previous.get("games", {}))
    unmeasured: dict[str, str] = dict(previous.get("unmeasured", {}))
    with tempfile.TemporaryDirectory() as folder:
        for game_name in games:
            db = Path(folder) / f"{game_name}.db"
            command = [
                sys.executable, "-m", "tricktable", "tournament", game_name,
                "--bots", ",".join(entries), "--games", str(args.games), "--seed", "0",
                "--db", str(db), "--workers", str(args.workers), "--json",
            ]  # fmt: skip
            played = subprocess.run(
                command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT
            )
            if played.returncode != 0:  # a game a two-sided tournament cannot seat
                unmeasured[game_name] = played.stderr.decode().strip().splitlines()[-1]
                results.pop(game_name, None)
                print(game_name, "not measured:", unmeasured[game_name], flush=True)
                write(results, unmeasured, args)
                continue
            game = load_game(game_name)
            fitted = fit_bots(matches_of(db, entries, [list(s) for s in game.sides]))
            results[game_name] = {
                bot: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3)}
                for bot, r in sorted(fitted.items(), key=lambda item: item[1].mu)
            }
            unmeasured.pop(game_name, None)
            print(game_name, json.dumps(results[game_name]), flush=True)
            write(results, unmeasured, args)
    return 0


def write(results: dict[str, Any], unmeasured: dict[str, str], args: argparse.Namespace) -> None:
    """Write the figures so far, with the command that measures them all."""
    command_line = "python tools/bot_ratings.py " + shlex.join(
        ["--games", str(args.games), "--bots", args.bots]
    )
    data = {
        "about": (
            "Fixed OpenSkill (Plackett-Luce) ratings of the bots, per game: a round robin of"
            " tricktable tournament matches (same deal seeds for every pairing, both seatings),"
            " rated in order by the model that rates people, every bot starting as a newcomer"
            " (mu 25, sigma 8.333). Reproduce with the command below."
        ),
        "command": command_line,
        "games": dict(sorted(results.items())),
        "unmeasured": dict(sorted(unmeasured.items())),
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
