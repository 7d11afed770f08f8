"""``tricktable train``: self-play examples, and the learned models trained on them.

``tricktable train data GAME --matches N --seed S --out FILE`` plays seeded matches between
the chosen bots in ``--workers`` processes and writes one example per learned decision
(gzipped JSON lines, ``sim.selfplay``). ``tricktable train bidding GAME --seed S --out
FILE`` plays the game's own training tables (or reads ``--data``) and trains its bidding
model (``learn.fit``, NumPy: the ``train`` extra), from ``--start``'s weights if given;
with the shipped model's settings it writes the shipped weights byte for byte, and says
whether it did. Where the game's forms learn apart (``learn.part.FormsOfPart``),
``--players`` and ``--rules`` pick the form.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tricktable.cli.arguments import add_game_arguments, add_seed
from tricktable.cli.sim import (
    UsageError,
    _positive_int,
    bot_names_from_args,
    game_from_args,
    matches_workers_seed,
    reporting_usage_errors,
    seed_from,
)
from tricktable.core import Game
from tricktable.learn.part import Example, LearnedDecisions, Table

DEFAULT_EXPLORE = "0.25"
"""Share of the learned decisions taken at random in self-play unless told otherwise."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable train data`` and ``tricktable train bidding``."""
    commands = parser.add_subparsers(dest="train_command", metavar="WHAT", required=True)
    data = commands.add_parser(
        "data",
        help="play seeded self-play matches and write per-decision examples",
        description="Play seeded matches between bots (in processes) and write, for each"
        " decision the game's learned part learns, the seat's view features, the action and"
        " what followed (the tricks and points the seat's side took), as gzipped JSON lines.",
    )
    add_game_arguments(data)
    _add_play_arguments(data, matches="200")
    data.add_argument(
        "--bots", default="medium", help="one bot for every seat, or one per seat (medium)"
    )
    data.add_argument("--out", required=True, metavar="FILE", help="the examples file to write")
    bidding = commands.add_parser(
        "bidding",
        help="train the game's bidding model from self-play",
        description="Play the game's training tables with medium bots (or read --data) and"
        " train its bidding model; the weights are written to --out as JSON. Where the game's"
        " forms learn apart, --players and --rules pick the form whose model is trained.",
    )
    add_game_arguments(bidding)
    _add_play_arguments(bidding, matches=None)
    bidding.add_argument("--data", metavar="FILE", help="train on this examples file instead")
    bidding.add_argument("--epochs", default="12", metavar="N", help="passes over the data")
    bidding.add_argument("--rate", default="0.003", metavar="R", help="Adam's step size (0.003)")
    bidding.add_argument(
        "--start",
        metavar="FILE",
        help="train on from these weights (kept: their inputs' scaling and hidden units)",
    )
    bidding.add_argument(
        "--save-data", metavar="FILE", help="also write the self-play examples to this file"
    )
    bidding.add_argument("--out", required=True, metavar="FILE", help="the weights file to write")


def _add_play_arguments(parser: argparse.ArgumentParser, matches: str | None) -> None:
    """The self-play arguments; ``matches`` ``None``: the game's own number of matches (the
    learned part's ``matches``, which made its shipped weights)."""
    add_seed(parser, default="1")
    told = matches or "the number that made the game's shipped weights"
    parser.add_argument("--matches", default=matches, metavar="N", help=f"matches ({told})")
    parser.add_argument(
        "--explore",
        default=DEFAULT_EXPLORE,
        metavar="P",
        help=f"share of learned decisions taken at random ({DEFAULT_EXPLORE})",
    )
    parser.add_argument("--workers", default="1", metavar="N", help="processes (1)")


def _explore(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise UsageError(f"--explore must be a share from 0 to 1, not {text!r}")
    return value


def _examples(
    tables: Sequence[Table],
    bots: list[str],
    matches: int,
    seed: int,
    explore: float,
    workers: int,
    label: str,
) -> list[Example]:
    from tricktable.cli.progress import Progress
    from tricktable.sim.selfplay import plan, play_examples

    bar = Progress(label, len(plan(tables, matches, seed)))
    try:
        return list(
            play_examples(
                tables, bots, matches, seed, explore, workers=workers, progress=bar.update
            )
        )
    finally:
        bar.close()


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 < value <= 1.0:
        raise UsageError(f"--rate must be a step size above 0 and at most 1, not {text!r}")
    return value


def _learned(game: Game[Any]) -> LearnedDecisions:
    from tricktable.sim.selfplay import learned_part

    try:
        return learned_part(game)
    except ValueError as error:
        raise UsageError(str(error)) from None


@reporting_usage_errors
def run(args: argparse.Namespace) -> int:
    if args.train_command == "data":
        return _run_data(args)
    return _run_bidding(args)


def _run_data(args: argparse.Namespace) -> int:
    from tricktable.sim.selfplay import write_examples

    game = game_from_args(args.game, args.rules, args.players)
    _learned(game)
    bots = bot_names_from_args(args.bots, game)
    if len(bots) not in (1, game.players):
        raise UsageError(f"--bots: one name, or {game.players} (one per seat), not {len(bots)}")
    matches, workers, seed = matches_workers_seed(args, "--matches")
    explore = _explore(args.explore)
    tables = [Table(game.rule_string(), game.players)]
    label = f"train data {game.name} {','.join(bots)}"
    rows = _examples(tables, bots, matches, seed, explore, workers, label)
    try:
        written = write_examples(rows, Path(args.out))
    except OSError as error:
        raise UsageError(f"cannot write {args.out}: {error.strerror}") from None
    print(f"{written} examples from {matches} matches written to {args.out}")
    return 0


def _run_bidding(args: argparse.Namespace) -> int:
    from tricktable.learn.fit import FitSettings, fit
    from tricktable.sim.selfplay import read_examples

    game = game_from_args(args.game, args.rules, args.players)
    learned = _learned(game)
    seed = seed_from(args.seed)
    epochs = _positive_int(args.epochs, "--epochs", 1)
    rate = _rate(args.rate)
    meta: dict[str, Any] = {"game": game.name, "learns": learned.name}
    start = None
    if args.start is not None:
        from tricktable.learn.model import ModelError, OutcomeModel

        try:
            start = OutcomeModel.load(Path(args.start))
        except ModelError as error:
            raise UsageError(f"--start: {error}") from None
        meta["start"] = Path(args.start).name
    if args.data is not None:
        try:
            rows = read_examples(Path(args.data))
        except (OSError, ValueError) as error:
            raise UsageError(f"--data: cannot read {args.data}: {error}") from None
        meta["data"] = Path(args.data).name
    else:
        matches = (
            learned.matches if args.matches is None else _positive_int(args.matches, "--matches", 1)
        )
        workers = _positive_int(args.workers, "--workers", 1)
        explore = _explore(args.explore)
        label = f"train bidding {game.name}"
        rows = _examples(learned.tables, ["medium"], matches, seed, explore, workers, label)
        meta.update({"matches": matches, "explore": explore, "bots": "medium"})
        meta["tables"] = [[table.rules, table.players, table.share] for table in learned.tables]
        if args.save_data is not None:
            from tricktable.sim.selfplay import write_examples

            try:
                write_examples(rows, Path(args.save_data))
            except OSError as error:
                raise UsageError(f"cannot write {args.save_data}: {error.strerror}") from None
    try:
        settings = FitSettings(epochs=epochs, rate=rate)
        model, report = fit(rows, learned, seed, settings, meta, start)
    except ValueError as error:
        raise UsageError(str(error)) from None
    out = Path(args.out)
    try:
        model.save(out)
    except OSError as error:
        raise UsageError(f"cannot write {args.out}: {error.strerror}") from None
    shipped = Path(learned.weights)
    same = shipped.exists() and shipped.read_bytes() == out.read_bytes()
    print(
        f"{report.train_examples} examples trained, {report.holdout_examples} held out: "
        f"log-loss {report.log_loss:.4f}"
        + ("" if report.start_log_loss is None else f" (from {report.start_log_loss:.4f})")
        + f", aim (bid) hit {report.hit_rate:.1%} "
        f"(the model says {report.predicted_hit_rate:.1%}); weights in {args.out}"
        + (" (identical to the shipped weights)" if same else " (not the shipped weights)")
    )
    return 0
