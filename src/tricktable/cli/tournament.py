"""``tricktable tournament``: bots against bots, every pairing on the same duplicate deals.

Prints the ratings (Bradley-Terry on the Elo scale, 95% intervals), the points per deal,
the crosstable of win rates with 95% intervals and any forfeits; ``--json`` prints one
object instead. Matches are stored in an SQLite file as they end (``--db``), so running
the same command again after an interruption plays only the matches still missing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tricktable.cli.arguments import add_game_arguments, add_json, add_seed
from tricktable.cli.sim import (
    UsageError,
    bot_names_from_args,
    game_from_args,
    matches_workers_seed,
    reporting_usage_errors,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable tournament``."""
    from tricktable.bots import BOTS

    add_game_arguments(parser)
    parser.add_argument(
        "--bots",
        required=True,
        help=f"comma-separated entries, each a bot: {BOTS.summary()}",
    )
    parser.add_argument(
        "--games",
        default="10",
        metavar="N",
        help="deal seeds per pairing, each played in both seatings (default 10)",
    )
    add_seed(parser, default="0")
    parser.add_argument(
        "--format",
        default="round-robin",
        choices=("round-robin", "gauntlet"),
        help="round-robin: every pair; gauntlet: the first bot against each other",
    )
    parser.add_argument(
        "--db",
        default="tournament.db",
        metavar="PATH",
        help="the SQLite file that keeps every match (default tournament.db)",
    )
    parser.add_argument(
        "--workers", default="1", metavar="N", help="play in N processes (default 1)"
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="run the matches as Ray tasks: on the cluster at ADDRESS, or a local one",
    )
    add_json(parser)
    parser.add_argument("--plots", metavar="DIR", help="write the figures as PNG files to DIR")


@reporting_usage_errors
def run(args: argparse.Namespace) -> int:
    from tricktable.cli.progress import Progress
    from tricktable.sim.store import StoreError, TournamentStore
    from tricktable.sim.tournament import RayUnavailable, Tournament, run_tournament

    game = game_from_args(args.game, args.rules, args.players)
    entries = bot_names_from_args(args.bots, game)
    games, workers, seed = matches_workers_seed(args, "--games")
    try:
        tournament = Tournament(game, tuple(entries), games, seed, args.format)
    except ValueError as error:
        raise UsageError(f"--bots: {error}") from None
    if args.ray is not None:
        try:
            import ray  # noqa: F401
        except ImportError:
            raise UsageError("--ray needs Ray: pip install 'tricktable[ray]'") from None
    if args.plots is not None:
        _check_plots(args.plots)
    try:
        store = TournamentStore(args.db, tournament.settings())
    except StoreError as error:
        raise UsageError(str(error)) from None
    try:
        total = len(tournament.jobs())
        done = len(store.finished())
        if done and not args.json:
            print(f"resuming {args.db}: {done} of {total} matches already played", file=sys.stderr)
        progress = Progress(f"tournament {game.name}", total, done)
        try:
            result = run_tournament(
                tournament,
                store,
                workers=workers,
                use_ray=args.ray is not None,
                ray_address=args.ray or None,
                progress=progress.update,
            )
        except RayUnavailable as error:
            raise UsageError(str(error)) from None
        finally:
            progress.close()
    finally:
        store.close()
    if args.plots is not None:
        from tricktable.cli.plots import tournament_plots

        written = tournament_plots(result, Path(args.plots))
        if not args.json:
            print("plots: " + ", ".join(str(path) for path in written), file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    print("\n".join(tournament_lines(result, game.scores_count_down)))
    return 0


def _check_plots(directory: str) -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("--plots needs matplotlib: pip install 'tricktable[plots]'") from None
    try:
        Path(directory).mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot create --plots directory {directory}: {error.strerror}") from None


def tournament_lines(result: Any, count_down: bool = False) -> list[str]:
    """The report for people: ratings, crosstable and forfeits."""
    settings = result.settings
    entries: list[str] = result.entries
    pairings = len(result.pairs)
    lines = [
        f"{settings['rules']}: {len(entries)} bots, {settings['format']}, {pairings} pairings"
        f" x {settings['games']} deal seeds x 2 seatings, seed {settings['seed']}"
        f" ({result.played} of {result.planned} matches played)",
        "",
        "ratings: Bradley-Terry on the Elo scale (mean 0), 95% intervals",
        f"{'rank':>4}  {'':>3}  {'bot':<30} {'Elo':>7}  {'95% CI':<17} {'score':>7}"
        f"  {'points/deal':>11}  {'matches':>7}",
    ]
    order = sorted(range(len(entries)), key=lambda i: -result.ratings.elo[i])
    for rank, index in enumerate(order, 1):
        low, high = result.ratings.ci95[index]
        matches = result.matches[index]
        share = result.score[index] / matches if matches else 0.0
        lines.append(
            f"{rank:>4}  #{index + 1:<2}  {_short(entries[index], 30):<30}"
            f" {result.ratings.elo[index]:>+7.0f}  {f'[{low:+.0f}, {high:+.0f}]':<17}"
            f" {share:>7.1%}  {result.points_per_deal[index]:>11.3f}  {matches:>7}"
        )
    lines += ["", "crosstable: the row's win rate against the column, [95% interval]"]
    width = 16
    lines.append(" " * 4 + "".join(f"{f'#{i + 1}':>{width}}" for i in range(len(entries))))
    for a in range(len(entries)):
        cells = []
        for b in range(len(entries)):
            pair = result.pair(a, b) if a != b else None
            if pair is None or not pair.matches:
                cells.append(f"{'-':>{width}}")
                continue
            low, high = pair.ci95
            cells.append(f"{f'{pair.win_rate:.0%} [{low:.0%},{high:.0%}]':>{width}}")
        lines.append(f"{f'#{a + 1}':>4}" + "".join(cells))
    lines += ["", "paired points per deal (row minus column, same deals), [95% interval]"]
    for pair in result.pairs:
        if pair.paired is None:
            continue
        ci = pair.paired.ci95
        shown = "" if ci is None else f" [{ci[0]:+.3f}, {ci[1]:+.3f}]"
        lines.append(
            f"  #{pair.first + 1} - #{pair.second + 1}: {pair.paired.mean:+.3f}{shown}"
            f" over {pair.paired.deals} deals"
        )
    if count_down:
        lines.append("scores count down in this game: fewer points per deal is better")
    if result.forfeits:
        lines += ["", f"forfeits ({len(result.forfeits)} matches):"]
        for forfeit in result.forfeits:
            lines.append(f"  {forfeit['bot']} against {forfeit['against']}: {forfeit['reason']}")
            for kind in ("stderr", "info"):
                if forfeit.get(kind):
                    lines.append(f"    its last {kind} line: {forfeit[kind][-1]}")
    return lines


def _short(text: str, width: int) -> str:
    return text if len(text) <= width else "..." + text[-(width - 3) :]
