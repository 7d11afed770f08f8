"""One bot's points a deal above the other sides' mean, per match, from saved records.

Romanian whist's target is a score gap, not a win rate: ``hard``'s mean points a deal at
least 1.0 above the three ``medium`` seats'. ``tricktable sim`` prints each bot's points a
deal; this script takes the gap match by match from the records ``sim --save DIR`` writes,
so the 95% interval comes from the spread between matches (duplicate matches counted as
independent, which overstates the variance: the interval is conservative).

``tricktable sim romanian_whist --players 4 --bots hard,medium,medium,medium --duplicate
--games 16 --seed 42 --workers 2 --save out/42``, then
``python bench/score_gap.py 'out/*/*.json' --bot hard``.

Two builds or bots on the same seeds: ``--before 'before/*/*.json' --before-bot NAME`` takes
the gap of the other run's match of the same file name too, and the paired difference of the
two gaps, match by match, with its 95% interval (the deals are the same, so the interval is
much narrower than the two intervals apart).

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


def gaps_of(pattern: str, bot: str) -> dict[str, tuple[float, int]]:
    """Each record file's gap for ``bot`` and its number of deals, by file path under the
    glob's directories (``42/match-00001.json``)."""
    paths = sorted(glob.glob(pattern))
    if len(paths) < 2:
        raise SystemExit(f"{pattern!r} matches {len(paths)} record(s); at least 2 needed")
    out: dict[str, tuple[float, int]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            record = json.load(handle)
        names = list(record["names"])
        if f"bot:{bot}" not in names:
            raise SystemExit(f"{path}: no seat is bot:{bot} (seats: {names})")
        state = replay_record(record)
        seat = names.index(f"bot:{bot}")
        side = next(index for index, side in enumerate(state.game.sides) if seat in side)
        points = [summary.points for summary in state.summaries()]
        key = "/".join(path.split("/")[-2:])
        out[key] = (gap_of(points, side), len(points))
    return out


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval.

    >>> interval([1.0, 2.0, 3.0])
    (2.0, 0.868, 3.132)
    """
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return mean, round(mean - half, 3), round(mean + half, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("records", help="a glob of record files, e.g. 'out/*/*.json'")
    parser.add_argument("--bot", default="hard", help="the bot whose gap is taken")
    parser.add_argument("--before", help="a glob of another run's records on the same seeds")
    parser.add_argument("--before-bot", default="hard", help="the bot of --before's records")
    args = parser.parse_args()
    after = gaps_of(args.records, args.bot)
    runs = [(args.bot, after)]
    if args.before is not None:
        runs.insert(0, (args.before_bot, gaps_of(args.before, args.before_bot)))
    for bot, gaps in runs:
        mean, low, high = interval([gap for gap, _ in gaps.values()])
        deals = sum(count for _, count in gaps.values())
        print(
            f"{len(gaps)} matches, {deals} deals: {bot} {mean:+.3f} points a deal above the "
            f"others' mean (95% CI {low:+.3f} to {high:+.3f})"
        )
    if args.before is not None:
        before = runs[0][1]
        common = sorted(set(before) & set(after))
        if len(common) < 2:
            raise SystemExit("the two runs share fewer than 2 matches by file name")
        mean, low, high = interval([after[key][0] - before[key][0] for key in common])
        print(
            f"{len(common)} matches on the same seeds: {args.bot} minus {args.before_bot} "
            f"{mean:+.3f} points a deal (95% CI {low:+.3f} to {high:+.3f})"
        )


if __name__ == "__main__":
    main()
