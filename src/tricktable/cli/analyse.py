"""``tricktable analyse FILE``: each decision of one seat against the bots' best."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tricktable.cli.arguments import add_json, add_seed, seat_from_text
from tricktable.errors import TricktableError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable analyse``."""
    parser.add_argument("file", help="a game record (JSON)")
    parser.add_argument(
        "--seat",
        default="1",
        metavar="N",
        help="the seat to review, counted from 1, or its name in the replay (South, West,"
        " North, East at four, or a player's name), or 'all' (default 1)",
    )
    parser.add_argument("--worlds", default="30", metavar="N", help="worlds per decision")
    parser.add_argument(
        "--level",
        choices=("hard", "expert"),
        help="sample as many worlds as this bot level does (instead of --worlds)",
    )
    add_seed(parser, default="0")
    parser.add_argument(
        "--min-loss",
        default=None,
        metavar="X",
        help="flag only losses of at least X (tricks or points); smaller ones are sampling"
        " noise (default 0.1)",
    )
    add_json(parser)
    parser.add_argument(
        "--html",
        metavar="FILE",
        help="also write a self-contained page of the match with the mistakes marked and a"
        " chart of the loss per decision",
    )


def run(args: argparse.Namespace) -> int:
    from tricktable.bots.levels import level_worlds
    from tricktable.bots.tools.analysis import NOISE_LOSS, Decision, analyse_record, totals
    from tricktable.presentation.names import record_names, seat_names
    from tricktable.record import parse_record, replay_record

    try:
        worlds, seed = int(args.worlds), int(args.seed)
        min_loss = NOISE_LOSS if args.min_loss is None else float(args.min_loss)
    except ValueError:
        print(
            "error: --worlds and --seed must be integers, --min-loss a number",
            file=sys.stderr,
        )
        return 2
    if worlds < 1:
        print("error: --worlds must be >= 1", file=sys.stderr)
        return 2
    if not min_loss >= 0:
        print(f"error: --min-loss must be a number >= 0, not {args.min_loss}", file=sys.stderr)
        return 2
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as error:
        print(f"error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    reviews: dict[int, list[Decision]] = {}
    try:
        data = parse_record(text)
        state = replay_record(data)
        game = state.game
        recorded = data.get("names")
        known = recorded if isinstance(recorded, list) else None
        seats = None
        if args.seat.strip().lower() != "all":
            also = seat_names(known, game.players)
            seats = [seat_from_text(args.seat, seat_names(None, game.players), also)]
        if args.level is not None:
            worlds = level_worlds(args.level, game)
        for seat in seats if seats is not None else range(game.players):
            reviews[seat] = analyse_record(data, seat, worlds, seed, min_loss)
    except (TricktableError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)  # a bad --seat says what seats there are
        return 2
    names = record_names(known, game.sides)
    if args.html is not None:
        from tricktable.cli.analysis_page import analysis_page

        page = analysis_page(data, state, reviews, names, worlds)  # cards with their symbols
        try:
            Path(args.html).write_text(page, encoding="utf-8")
        except OSError as error:
            print(f"error: cannot write {args.html}: {error.strerror}", file=sys.stderr)
            return 2
    if args.json:
        reports = [
            {
                "seat": seat,
                "name": names.seat(seat),
                "decisions": [decision.to_json() for decision in decisions],
                "totals": totals(decisions).to_json(),
                "mistakes": totals(decisions).mistakes,
            }
            for seat, decisions in reviews.items()
        ]
        head = {"min_loss": min_loss, "worlds": worlds, "counting": COUNTING}
        print(
            json.dumps({**head, **reports[0]} if seats is not None else {**head, "seats": reports})
        )
        return 0
    from dataclasses import replace

    from tricktable.bots.tools.analysis import report_lines
    from tricktable.cli.terminal import card_writer

    shown = replace(names, card=card_writer(sys.stdout))  # 10♥ on a terminal, 10H in a pipe
    for index, (seat, decisions) in enumerate(reviews.items()):
        if index:
            print()
        for line in report_lines(decisions, seat, shown):
            print(line)
    return 0


COUNTING = (
    "deal and decision count from 1 (decision: the action's place in its deal, every seat's"
    " actions counted); deal_index and action_index are the record's indexes, from 0"
)
"""How the JSON report counts, said in the report itself."""
