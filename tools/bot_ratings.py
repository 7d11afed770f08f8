"""Measure the bots' fixed ratings for the web table's ratings of people.

Every way rates bots with the OpenSkill model that rates people (``tricktable.web.ratings``:
each match's sides ranked by its winner, ``side_ranks``, partners as a team), so the
figures are on the scale a person is rated on; they go, with the command that made them,
to ``src/tricktable/web/bot_ratings.json``.

* ``python tools/bot_ratings.py --games 40 --bots random,easy,medium,heuristic`` (the
  pool): in every game, a ``tricktable tournament`` round robin of those bots (each pairing
  on the same deal seeds, in both seatings), the bots rated from its matches in order,
  every one starting as a newcomer (``fit_bots``). A game a two-sided tournament cannot
  seat (Three-handed Euchre: three players, each for itself) plays a ring instead: on each
  deal seed, every set of as many different bots as the game has players, in every order
  round the table (``ring_seatings``).
* ``python tools/bot_ratings.py --games 4 --bots hard,expert --against medium``: each bot
  of ``--bots`` alone against bots already rated, which keep their fixed ratings while it
  is rated from a newcomer's, as a person is at the web's tables (``fit_bots(fixed=...)``):
  the matches a ``tricktable tournament --format gauntlet --seed 0`` of it against the
  ``--against`` bots plays (the same deal seeds and seatings), or in a ring game every
  distinct order of it and the ``--against`` bots (repeated to fill the seats) round the
  table. Fewer matches than the pool (a searching bot thinks for a second or more a
  decision), so a larger uncertainty: each rating's sigma is what the model leaves after
  the matches it played, and ``matches`` says how many. Run it with ``PYTHONPATH`` naming
  the compiled build (README, "Compiled engine"): the same play, a few times faster.

A level ``expert`` that samples as many worlds as ``hard`` in a game (``GameSpec.levels``)
is the same bot: it takes ``hard``'s rating. Matches are kept under ``--cache`` as they
end (a tournament's SQLite file; one line a match otherwise), so running a command again,
or with more ``--games``, plays only the matches still missing. A bot left out of the file
plays at no rated table.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import random
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "tricktable" / "web" / "bot_ratings.json"
CACHE = ROOT / "build" / "bot_ratings"

Match = tuple[list[list[str]], list[int]]
"""A match as the ratings see it: the bot names per side and each side's rank."""


def matches_of(db: Path, entries: list[str], sides: list[list[int]]) -> list[Match]:
    """Each match a tournament stored, in an order that mixes the pairings (match number
    first)."""
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


def ring_seatings(bots: list[str], players: int, *, anchored: bool) -> list[tuple[str, ...]]:
    """The seatings a ring plays on every deal seed: each seat's bot.

    The pool: every set of ``players`` different bots in every order. Anchored: the first
    bot with the others, repeated in turn to fill the seats, in every distinct order.

    >>> ring_seatings(["a", "b", "c"], 3, anchored=False)[:3]
    [('a', 'b', 'c'), ('a', 'c', 'b'), ('b', 'a', 'c')]
    >>> ring_seatings(["hard", "medium"], 3, anchored=True)
    [('hard', 'medium', 'medium'), ('medium', 'hard', 'medium'), ('medium', 'medium', 'hard')]
    """
    if anchored:
        others = list(itertools.islice(itertools.cycle(bots[1:]), players - 1))
        return sorted(set(itertools.permutations([bots[0], *others])), key=lambda s: s)
    if len(bots) < players:
        raise SystemExit(f"a ring of {players} players needs {players} bots, not {len(bots)}")
    return [
        order
        for group in itertools.combinations(bots, players)
        for order in itertools.permutations(group)
    ]


def play_seatings(
    game_name: str, seatings: list[tuple[str, ...]], games: int, cache: Path
) -> list[Match]:
    """Play (or read from ``cache``) every seating on each of ``games`` deal seeds (those of
    ``tricktable tournament --seed 0``); the matches in order, seed by seed."""
    from tricktable.games import load_game
    from tricktable.sim.arena import play_planned
    from tricktable.web.ratings import side_ranks

    game = load_game(game_name)
    master = random.Random(0)
    seeds = [master.getrandbits(63) for _ in range(games)]
    done: dict[str, Any] = {}
    if cache.exists():
        for line in cache.read_text().splitlines():
            row = json.loads(line)
            done[row["key"]] = row
    out = []
    for index, seed in enumerate(seeds):
        for seating in seatings:
            key = f"{seed}:{','.join(seating)}"
            if key not in done:
                names = sorted(set(seating))
                owner = [names.index(bot) for bot in seating]
                outcome, _ = play_planned(game, names, index, seed, owner)
                done[key] = {"key": key, "winner": outcome.winner, "final": outcome.final}
                with cache.open("a") as file:
                    file.write(json.dumps(done[key]) + "\n")
                print(" ", game_name, seating, "winner", outcome.winner, flush=True)
            teams = [[seating[seat] for seat in side] for side in game.sides]
            out.append((teams, side_ranks(len(game.sides), done[key]["winner"])))
    return out


def play_tournament(game_name: str, bots: list[str], games: int, db: Path) -> str | None:
    """Run ``tricktable tournament`` (it resumes from ``db``): ``None``, or why it refused."""
    command = [
        sys.executable, "-m", "tricktable", "tournament", game_name,
        "--bots", ",".join(bots), "--games", str(games), "--seed", "0",
        "--db", str(db), "--json",
    ]  # fmt: skip
    played = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    if played.returncode != 0:
        return played.stderr.decode().strip().splitlines()[-1]
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="deal seeds per pairing")
    parser.add_argument("--bots", default="random,easy,medium,heuristic")
    parser.add_argument(
        "--against",
        default="",
        help="comma-separated bots already rated: rate each of --bots against them",
    )
    parser.add_argument("--only", default="", help="comma-separated games (default: all)")
    parser.add_argument("--cache", default=str(CACHE), help="where matches are kept")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("tricktable") is None:  # PYTHONPATH may name a compiled build
        sys.path.insert(0, str(ROOT / "src"))
    from tricktable.games import GAME_NAMES, load_game
    from tricktable.sim.tournament import pairing_seatings

    entries = [bot.strip() for bot in args.bots.split(",")]
    against = [bot.strip() for bot in args.against.split(",") if bot.strip()]
    games = [g for g in args.only.split(",") if g] or list(GAME_NAMES)
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    data = load()
    for game_name in games:
        game = load_game(game_name)
        try:
            pairing_seatings(game)
            ring = False
        except ValueError:
            ring = True
        measured = data["games"].setdefault(game_name, {})
        if against:
            missing = [bot for bot in against if bot not in measured]
            if missing:
                why = f"{', '.join(missing)} not measured in {game_name}: measure them first"
                data["unmeasured"][game_name] = why
                print(game_name, "not measured:", why, flush=True)
                continue
            for bot in entries:
                same = same_bot(game, bot)
                if same is not None and same in measured and same not in entries:
                    measured[bot] = {**measured[same], "how": f"the same bot as {same}"}
                    print(game_name, bot, "=", same, flush=True)
                    continue
                fixed = {name: rating_of(measured[name]) for name in against}
                fixed_names = f"{', '.join(against)} (fixed)"
                if ring:
                    seatings = ring_seatings([bot, *against], game.players, anchored=True)
                    how = f"a ring of {bot} with {fixed_names}"
                else:  # the matches of `tricktable tournament --format gauntlet --seed 0`
                    seatings = [
                        tuple((bot, other)[entry] for entry in owner)
                        for other in against
                        for owner in pairing_seatings(game)
                    ]
                    how = f"the tournament matches of {bot} against {fixed_names}"
                path = cache / f"{game_name}.{bot}.matches"
                matches = play_seatings(game_name, seatings, args.games, path)
                how += f", {args.games} deal seeds"
                record(measured, matches, how, fixed)
                print(game_name, bot, json.dumps(measured[bot]), flush=True)
                write(data, args, entries, against)
        else:
            if ring:
                seatings = ring_seatings(entries, game.players, anchored=False)
                path = cache / f"{game_name}.ring"
                matches = play_seatings(game_name, seatings, args.games, path)
                how = f"a ring of {', '.join(entries)}, {args.games} deal seeds"
            else:
                db = cache / f"{game_name}.pool.db"
                refused = play_tournament(game_name, entries, args.games, db)
                if refused is not None:
                    data["unmeasured"][game_name] = refused
                    print(game_name, "not measured:", refused, flush=True)
                    continue
                matches = matches_of(db, entries, [list(side) for side in game.sides])
                how = f"a round robin of {', '.join(entries)}, {args.games} deal seeds"
            record(measured, matches, how, {})
            print(game_name, json.dumps({bot: measured[bot] for bot in entries}), flush=True)
        data["unmeasured"].pop(game_name, None)
        write(data, args, entries, against)
    return 0


def same_bot(game: Any, level: str) -> str | None:
    """``hard`` when ``level`` is ``expert`` and samples as many worlds in ``game``."""
    from tricktable.bots.levels import level_worlds

    if level == "expert" and level_worlds("expert", game) == level_worlds("hard", game):
        return "hard"
    return None


def rating_of(entry: dict[str, Any]) -> Any:
    from tricktable.web.ratings import Rating

    return Rating(float(entry["mu"]), float(entry["sigma"]))


def record(measured: dict[str, Any], matches: list[Match], how: str, fixed: dict[str, Any]) -> None:
    """Rate the bots of ``matches`` (those of ``fixed`` keep theirs) into ``measured``."""
    from tricktable.web.ratings import fit_bots

    fitted = fit_bots(matches, fixed=fixed)
    for bot, rating in fitted.items():
        if bot in fixed:
            continue
        played = sum(1 for teams, _ in matches if any(bot in side for side in teams))
        measured[bot] = {
            "mu": round(rating.mu, 3),
            "sigma": round(rating.sigma, 3),
            "matches": played,
            "how": how,
        }


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(OUT.read_text()) if OUT.exists() else {}
    data.setdefault("games", {})
    data.setdefault("unmeasured", {})
    data.setdefault("commands", [])
    if "command" in data:  # a file from before each rating said its matches and how
        legacy = data.pop("command")
        data["commands"].insert(0, legacy)
        words = shlex.split(legacy)
        seeds, bots = int(words[words.index("--games") + 1]), words[words.index("--bots") + 1]
        pool = bots.split(",")
        for measured in data["games"].values():
            for entry in measured.values():
                entry.setdefault("matches", seeds * 2 * (len(pool) - 1))
                entry.setdefault("how", f"a round robin of {', '.join(pool)}, {seeds} deal seeds")
    return data


def write(
    data: dict[str, Any], args: argparse.Namespace, entries: list[str], against: list[str]
) -> None:
    """Write the figures so far, with the commands that measured them."""
    words = ["--games", str(args.games), "--bots", ",".join(entries)]
    if against:
        words += ["--against", ",".join(against)]
    if args.only:
        words += ["--only", args.only]
    command = "python tools/bot_ratings.py " + shlex.join(words)
    data["commands"] = [c for c in data["commands"] if not_seeds(c) != not_seeds(command)]
    data["commands"].append(command)
    out = {
        "about": (
            "Fixed OpenSkill (Plackett-Luce) ratings of the bots, per game, on the scale of"
            " the people's ratings: random, easy, medium and heuristic from a round robin of"
            " tricktable tournament matches (a ring of every order round the table where a"
            " two-sided tournament cannot seat the game), rated in order from newcomers"
            " (mu 25, sigma 8.333); hard and expert each from fewer matches against bots"
            " already rated, which keep their ratings (so a larger sigma). Each rating says"
            " its matches and how; reproduce with the commands below, in order."
        ),
        "commands": data["commands"],
        "games": {
            game: dict(sorted(bots.items(), key=lambda item: item[1]["mu"]))
            for game, bots in sorted(data["games"].items())
        },
        "unmeasured": dict(sorted(data["unmeasured"].items())),
    }
    OUT.write_text(json.dumps(out, indent=1) + "\n")


def not_seeds(command: str) -> list[str]:
    """A command's words but its deal seeds (a run with more seeds replaces one with fewer).

    >>> not_seeds("python tools/bot_ratings.py --games 4 --bots hard --against medium")
    ['python', 'tools/bot_ratings.py', '--bots', 'hard', '--against', 'medium']
    """
    words = shlex.split(command)
    if "--games" in words:
        at = words.index("--games")
        del words[at : at + 2]
    return words


if __name__ == "__main__":
    raise SystemExit(main())
