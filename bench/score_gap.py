"""One bot's points a deal above the other sides' mean, per match, from saved records.

Romanian whist's target is a score gap, not a win rate: ``hard``'s mean points a deal at
least 1.0 above the three ``medium`` seats'. ``tricktable sim`` prints each bot's points a
deal; this script takes the gap match by match from the records ``sim --save DIR`` writes,
so the 95% interval comes from the spread between matches (duplicate matches counted as
independent, which overstates the variance: the interval is conservative).

``tricktable sim romanian_whist --players 4 --bots hard,medium,medium,medium --duplicate
--games 16 --seed 42 --workers 2 --save out/42``, then
``python bench/score_gap.py 'out/*/*.json' --bot hard``.

>>> gap_of([[5, 1, 0], [3, -1, 2]], 0)
3.5
"""

from __future__ import annotations

import argparse
import glob
import json
import statistics
from collections.abc import Sequence

from tricktable.record import replay_record


def gap_of(points: Sequence[Sequence[int]], side: int) -> float:
    """``side``'s points a deal minus the other sides' mean, from each deal's ``points``
    (one entry per side)."""
    totals = [sum(deal[index] for deal in points) for index in range(len(points[0]))]
    others = [total for index, total in enumerate(totals) if index != side]
    return (totals[side] - sum(others) / len(others)) / len(points)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("records", help="a glob of record files, e.g. 'out/*/*.json'")
    parser.add_argument("--bot", default="hard", help="the bot whose gap is taken")
    args = parser.parse_args()
    paths = sorted(glob.glob(args.records))
    if len(paths) < 2:
        raise SystemExit(f"{args.records!r} matches {len(paths)} record(s); at least 2 needed")
    gaps: list[float] = []
    deals = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            record = json.load(handle)
        names = list(record["names"])
        if f"bot:{args.bot}" not in names:
            raise SystemExit(f"{path}: no seat is bot:{args.bot} (seats: {names})")
        state = replay_record(record)
        seat = names.index(f"bot:{args.bot}")
        side = next(index for index, side in enumerate(state.game.sides) if seat in side)
        points = [summary.points for summary in state.summaries()]
        deals += len(points)
        gaps.append(gap_of(points, side))
    mean = statistics.mean(gaps)
    half = 1.96 * statistics.stdev(gaps) / len(gaps) ** 0.5
    print(
        f"{len(gaps)} matches, {deals} deals: {args.bot} {mean:+.3f} points a deal above the "
        f"others' mean (95% CI {mean - half:+.3f} to {mean + half:+.3f})"
    )


if __name__ == "__main__":
    main()
