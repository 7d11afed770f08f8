"""``tricktable sim``: bots against bots, with win rates and 95% confidence intervals."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tricktable.cli.arguments import add_game_arguments, add_json, add_seed
from tricktable.core import Game
from tricktable.errors import TricktableError
from tricktable.games import GAMES, load_game
from tricktable.rules import parse_rule_string


class UsageError(Exception):
    """A bad command-line value: printed as one line on stderr, exit status 2."""


Runner = Callable[[argparse.Namespace], int]
"""A subcommand's ``run``: the parsed arguments in, the exit status out."""


def game_from_args(name: str, rules: str | None, players: str | None = None) -> Game[Any]:
    """The game from its name and a ``--rules`` value.

    ``rules`` is a rule string (``euchre(preset=british,target=11)``), a preset name
    alone (``british``) or ``name=value,...`` options (``preset=british,target=11``);
    ``players`` a seat count for games that allow several.
    """
    if name not in GAMES:
        raise UsageError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
    count: int | None = None
    if players is not None:
        count = _positive_int(players, "--players", 2)
    try:
        if rules is None or not rules.strip():
            return load_game(name, players=count)
        text = rules.strip()
        if "(" in text:
            rule_game, options = parse_rule_string(text)
            if rule_game != name:
                raise UsageError(f"--rules is for game {rule_game!r}, not {name!r}")
            return load_game(name, options, players=count)
        if "=" in text:
            return load_game(name, parse_rule_string(f"{name}({text})")[1], players=count)
        presets = load_game(name).presets
        if text not in presets:
            raise UsageError(
                f"unknown preset {text!r} for {name}; presets: {', '.join(presets)}"
                " (or give options as name=value,...)"
            )
        return load_game(name, {"preset": text}, players=count)
    except TricktableError as error:
        raise UsageError(str(error)) from None


def split_bot_list(text: str) -> list[str]:
    """Comma-separated bot names; a comma inside brackets or quotes does not split.

    >>> split_bot_list("hard,pimc(worlds=8,depth=2),cmd:python 'my,bot.py'")
    ['hard', 'pimc(worlds=8,depth=2)', "cmd:python 'my,bot.py'"]
    """
    names: list[str] = []
    current: list[str] = []
    depth = 0
    quote = ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            names.append("".join(current).strip())
            current = []
            continue
        current.append(char)
    names.append("".join(current).strip())
    return names


def bot_names_from_args(text: str, game: Game[Any]) -> list[str]:
    """Comma-separated bot names, each one that exists and can play ``game``."""
    from tricktable.bots import BOTS, make_bot

    names = split_bot_list(text)
    for name in names:
        if not name:
            raise UsageError(f"--bots: unknown bot '(empty)'; bots: {BOTS.summary()}")
        try:
            make_bot(name, game, trusted=True)
        except TricktableError as error:
            raise UsageError(f"--bots: {error}") from None
    return names


def row_labels(bots: Sequence[str], per_side: bool) -> list[str]:
    """How ``sim`` names each entry of ``--bots``: a side by its bot (every seat of the side
    plays it), a seat by its bot and its place in ``--bots`` (from 1); a bot named twice gets
    its place too.

    >>> row_labels(["heuristic", "random"], per_side=True)
    ['heuristic', 'random']
    >>> row_labels(["hard", "hard"], per_side=True)
    ['hard (1st)', 'hard (2nd)']
    >>> row_labels(["hard", "easy", "hard", "easy"], per_side=False)
    ['hard (1st)', 'easy (2nd)', 'hard (3rd)', 'easy (4th)']
    """
    places = ["1st", "2nd", "3rd"] + [f"{n}th" for n in range(4, len(bots) + 1)]
    if per_side and len(set(bots)) == len(bots):
        return list(bots)
    return [f"{bot} ({places[index]})" for index, bot in enumerate(bots)]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable sim``."""
    from tricktable.bots import BOTS

    add_game_arguments(parser)
    parser.add_argument(
        "--bots",
        default="heuristic,random",
        help="comma-separated bot names: one per side, or one per seat; fewer than the seats"
        " are cycled round them (hard,easy,random at four seats plays hard,easy,random,hard)."
        f" Bots: {BOTS.summary()} (default: heuristic,random)",
    )
    parser.add_argument(
        "--games", default="100", metavar="N", help="number of matches (default 100)"
    )
    add_seed(parser, default="0")
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="replay every deal with the bots' seats swapped, so the luck of the cards"
        " cancels (--games N then plays N deal seeds in every seating)",
    )
    parser.add_argument(
        "--workers",
        default="1",
        metavar="N",
        help="play in N processes (the same results as one; default 1)",
    )
    add_json(parser)
    parser.add_argument("--save", metavar="DIR", help="write one record JSON per match to DIR")
    parser.add_argument("--plots", metavar="DIR", help="write the figures as PNG files to DIR")
    parser.set_defaults(run=run)


def _positive_int(text: str, what: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = minimum - 1
    if value < minimum:
        raise UsageError(f"{what} must be an integer >= {minimum}, not {text!r}")
    return value


def seed_from(text: str) -> int:
    """The ``--seed`` value as an integer (``UsageError`` if it is not one)."""
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"--seed must be an integer, not {text!r}") from None


def matches_workers_seed(args: argparse.Namespace, matches_flag: str) -> tuple[int, int, int]:
    """How many matches a command plays (its ``matches_flag``: ``--games`` or ``--matches``),
    in how many ``--workers`` processes, from which ``--seed``: checked in that order, the
    first that is wrong a ``UsageError``.

    >>> matches_workers_seed(argparse.Namespace(games="10", workers="2", seed="7"), "--games")
    (10, 2, 7)
    """
    given = getattr(args, matches_flag.removeprefix("--").replace("-", "_"))
    matches = _positive_int(given, matches_flag, 1)
    workers = _positive_int(args.workers, "--workers", 1)
    return matches, workers, seed_from(args.seed)


def reporting_usage_errors(body: Runner) -> Runner:
    """A subcommand's ``run``: ``body(args)``, with a ``UsageError`` printed as one line on
    stderr and exit status 2."""

    def run(args: argparse.Namespace) -> int:
        try:
            return body(args)
        except UsageError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2

    return run


@reporting_usage_errors
def run(args: argparse.Namespace) -> int:
    from tricktable.cli.progress import Progress
    from tricktable.sim import MatchResult, filled_seats, simulate
    from tricktable.sim.stats import paired_difference, paired_margins

    game = game_from_args(args.game, args.rules, args.players)
    given = bot_names_from_args(args.bots, game)
    try:
        bots = filled_seats(game, given)
    except ValueError as error:
        raise UsageError(f"--bots: {error}") from None
    matches, workers, seed = matches_workers_seed(args, "--games")
    save_dir: Path | None = None
    if args.save is not None:
        save_dir = Path(args.save)
        try:
            save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(
                f"cannot create --save directory {args.save}: {error.strerror}"
            ) from None

    def save(match: MatchResult) -> None:
        assert save_dir is not None
        path = save_dir / f"match-{match.index + 1:05d}.json"
        path.write_text(json.dumps(match.record()) + "\n", encoding="utf-8")

    rotations = 1
    if args.duplicate:
        rotations = len(game.sides) if len(bots) == len(game.sides) else game.players
    if args.plots is not None:
        from tricktable.cli.tournament import _check_plots

        _check_plots(args.plots)
    label = f"sim {game.name} {' vs '.join(bots)}" + (" duplicate" if args.duplicate else "")
    bar = Progress(label, matches * rotations, enabled=not args.json)
    try:
        result = simulate(
            game,
            bots,
            matches,
            seed,
            progress=bar.update,
            on_match=save if save_dir is not None else None,
            duplicate=args.duplicate,
            workers=workers,
        )
    except OSError as error:
        raise UsageError(f"cannot write records to {args.save}: {error.strerror}") from None
    finally:
        bar.close()
    paired = None
    if args.duplicate and len(bots) == 2:
        paired = paired_difference(paired_margins(game, result.outcomes))
    if args.plots is not None:
        from tricktable.cli.plots import sim_plots

        written = sim_plots(result, game, Path(args.plots), paired)
        if not args.json:
            print("plots: " + ", ".join(str(path) for path in written), file=sys.stderr)
    if args.json:
        data = result.to_json()
        if paired is not None:
            data["paired_points_per_deal"] = paired.to_json()
        print(json.dumps(data))
        return 0
    per_side = len(bots) == len(game.sides)
    how = f", duplicate ({rotations} seatings per deal seed)" if args.duplicate else ""
    print(f"{result.rules}: {result.matches} matches, {result.deals} deals, seed {seed}{how}")
    if save_dir is not None:
        print(f"records written to {save_dir}/")
    if len(bots) != len(given):
        print(f"{len(given)} --bots cycled round the {game.players} seats: {', '.join(bots)}")
    labels = row_labels(bots, per_side)
    width = max(12, *(len(label) for label in labels))
    header = (
        f"{'side' if per_side else 'bot':<{width}} {'won':>6}  {'win rate':>8}  {'95% CI':<17}"
        f" {'points/deal':>11}  {'mean score':>10}"
    )
    print(header)
    for index, label in enumerate(labels):
        low, high = result.ci95[index]
        ci = f"[{low:.1%}, {high:.1%}]"
        print(
            f"{label:<{width}} {result.wins[index]:>6}  {result.win_rate[index]:>8.1%}"
            f"  {ci:<17} {result.points_per_deal[index]:>11.3f}"
            f"  {result.mean_score[index]:>10.2f}"
        )
    if paired is not None:
        interval = paired.ci95
        shown = "" if interval is None else f", 95% CI [{interval[0]:+.3f}, {interval[1]:+.3f}]"
        print(
            f"paired points per deal, {bots[0]} minus {bots[1]} on the same deals:"
            f" {paired.mean:+.3f}{shown} ({paired.deals} deals of {paired.seeds} seeds)"
        )
    if result.forfeits:
        print(f"forfeits ({len(result.forfeits)} matches):")
        for forfeit in result.forfeits:
            print(f"  match {forfeit['match'] + 1}, {forfeit['bot']}: {forfeit['reason']}")
    if any(result.ties):
        print("ties: " + ", ".join(f"{n} {t}" for n, t in zip(bots, result.ties, strict=True)))
    if game.scores_count_down:
        print(f"{game.name} scores count down to 0: lower points/deal and mean score are better")
    if per_side:
        print("sides change seats every match")
    else:
        partners = [" & ".join(labels[seat] for seat in side) for side in game.sides]
        print(f"partners: {'; '.join(partners)}; seats rotate every match")
    return 0
