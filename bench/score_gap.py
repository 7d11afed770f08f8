"""One bot's points a deal above the other seats' mean, per match, from saved records.

Romanian whist's target is a score gap, not a win rate: ``hard``'s mean points a deal at
least 1.0 above the three ``medium`` seats'. ``tricktable sim`` prints each bot's points a
deal; this script takes the gap match by match from the records ``sim --save DIR`` writes,
so the 95% interval comes from the spread between matches (duplicate matches counted as
independent, which overstates the variance: the interval is conservative).

``tricktable sim romanian_whist --players 4 --bots hard,medium,medium,medium --duplicate
--games 16 --seed 42 --workers 2 --save out/42``, then
``python bench/score_gap.py 'out/*/*.json' --bot hard``.

>>> gap_of({"names": ["bot:hard", "bot:medium"]}, [[5, 1], [3, -1]], "hard")
4.0
"""

from __future__ import annotations

import argparse
import glob
import json
import statistics
from collections.abc import Sequence
from typing import Any

from tricktable.record import replay_record


def gap_of(record: dict[str, Any], points: Sequence[Sequence[int]], bot: str) -> float:
    """``bot``'s points a deal minus the other seats' mean, from each deal's ``points``."""
    names = list(record["names"])
    seat = names.index(f"bot:{bot}")
    totals = [sum(deal[index] for deal in points) for index in range(len(names))]
    others = [total for index, total in enumerate(totals) if index != seat]
    return (totals[seat] - sum(others) / len(others)) / len(points)


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
        if f"bot:{args.bot}" not in record["names"]:
            raise SystemExit(f"{path}: no seat is bot:{args.bot} (seats: {record['names']})")
        points = [summary.points for summary in replay_record(record).summaries()]
        deals += len(points)
        gaps.append(gap_of(record, points, args.bot))
    mean = statistics.mean(gaps)
    half = 1.96 * statistics.stdev(gaps) / len(gaps) ** 0.5
    print(
        f"{len(gaps)} matches, {deals} deals: {args.bot} {mean:+.3f} points a deal above the "
        f"others' mean (95% CI {mean - half:+.3f} to {mean + half:+.3f})"
    )


if __name__ == "__main__":
    main()
