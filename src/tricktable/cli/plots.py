"""Figures of tournaments and simulations as PNG files (matplotlib, the ``plots`` extra).

``tournament_plots`` draws the ratings with their 95% intervals, the pairwise win-rate
heatmap and the points-per-deal distributions; ``sim_plots`` the win rates with their
intervals, the points-per-deal distributions and, for a duplicate run of two bots, the
paired difference by deal seed. matplotlib is imported only here, when a figure is asked
for, and only its object API is used (no pyplot state), with the Agg renderer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tricktable.core import Game
from tricktable.sim import SimResult
from tricktable.sim.stats import PairedDifference, entry_deal_points, paired_margins
from tricktable.sim.tournament import TournamentResult


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=110, layout="constrained")


def _label(name: str, width: int = 32) -> str:
    return name if len(name) <= width else "…" + name[-(width - 1) :]


def tournament_plots(result: TournamentResult, directory: Path) -> list[Path]:
    """Write ``ratings.png``, ``win_rates.png`` and ``points_per_deal.png``; their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    names = [_label(name) for name in result.entries]
    rules = result.settings["rules"]
    paths = [
        _ratings(names, result.ratings.elo, result.ratings.ci95, rules, directory),
        _heatmap(result, names, rules, directory),
        _distributions(names, result.match_points, rules, directory / "points_per_deal.png"),
    ]
    return paths


def _ratings(
    names: Sequence[str],
    elo: Sequence[float],
    ci95: Sequence[tuple[float, float]],
    title: str,
    directory: Path,
) -> Path:
    order = sorted(range(len(names)), key=lambda i: elo[i])
    figure = _figure(7, 0.5 * len(names) + 1.6)
    axes = figure.add_subplot()
    values = [elo[i] for i in order]
    errors = [[elo[i] - ci95[i][0] for i in order], [ci95[i][1] - elo[i] for i in order]]
    axes.errorbar(values, range(len(order)), xerr=errors, fmt="o", capsize=4, color="#1f5fa8")
    axes.set_yticks(range(len(order)), [names[i] for i in order])
    axes.axvline(0, color="grey", linewidth=0.8, linestyle=":")
    axes.set_xlabel("rating (Elo scale, mean 0), with its 95% interval")
    axes.set_title(f"Bradley-Terry ratings\n{title}", fontsize=10)
    path = directory / "ratings.png"
    figure.savefig(path)
    return path


def _heatmap(result: TournamentResult, names: Sequence[str], title: str, directory: Path) -> Path:
    count = len(names)
    rates = [[math.nan] * count for _ in range(count)]
    for a in range(count):
        for b in range(count):
            pair = result.pair(a, b) if a != b else None
            if pair is not None and pair.matches:
                rates[a][b] = pair.win_rate
    figure = _figure(1.1 * count + 3, 0.9 * count + 2)
    axes = figure.add_subplot()
    image = axes.imshow(rates, cmap="RdBu", vmin=0, vmax=1)
    for a in range(count):
        for b in range(count):
            if not math.isnan(rates[a][b]):
                pair = result.pair(a, b)
                assert pair is not None
                low, high = pair.ci95
                colour = "white" if abs(rates[a][b] - 0.5) > 0.3 else "black"
                axes.text(
                    b,
                    a,
                    f"{rates[a][b]:.0%}\n[{low:.0%}, {high:.0%}]",
                    ha="center",
                    va="center",
                    fontsize=8,
                    color=colour,
                )
    axes.set_xticks(range(count), names, rotation=30, ha="right")
    axes.set_yticks(range(count), names)
    axes.set_xlabel("opponent")
    figure.colorbar(image, ax=axes, label="the row's win rate")
    axes.set_title(f"win rate of the row against the column\n{title}", fontsize=10)
    path = directory / "win_rates.png"
    figure.savefig(path)
    return path


def _distributions(
    names: Sequence[str], values: Sequence[Sequence[float]], title: str, path: Path
) -> Path:
    figure = _figure(1.2 * len(names) + 3, 4.2)
    axes = figure.add_subplot()
    shown = [list(v) if v else [math.nan] for v in values]
    axes.boxplot(shown, showmeans=True, tick_labels=list(names))
    for index, points in enumerate(shown, 1):  # every match as a dot, spread evenly
        spread = [index - 0.2 + 0.4 * k / max(1, len(points) - 1) for k in range(len(points))]
        axes.plot(spread, points, ".", color="#1f5fa8", alpha=0.35, markersize=4)
    axes.tick_params(axis="x", rotation=30)
    axes.set_ylabel("mean points per deal, one dot per match")
    heading = "points per deal (box: quartiles; triangle: mean of the matches)"
    axes.set_title(f"{heading}\n{title}", fontsize=10)
    figure.savefig(path)
    return path


def sim_plots(
    result: SimResult, game: Game[Any], directory: Path, paired: PairedDifference | None = None
) -> list[Path]:
    """Write ``win_rates.png``, ``points_per_deal.png`` and, given the ``paired`` difference
    of a duplicate run of two bots, ``paired_difference.png``; their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    names = [f"{_label(name)} (#{index + 1})" for index, name in enumerate(result.bots)]
    figure = _figure(7, 0.5 * len(names) + 1.6)
    axes = figure.add_subplot()
    rates = result.win_rate
    errors = [
        [rate - low for rate, (low, _) in zip(rates, result.ci95, strict=True)],
        [high - rate for rate, (_, high) in zip(rates, result.ci95, strict=True)],
    ]
    axes.errorbar(rates, range(len(names)), xerr=errors, fmt="o", capsize=4, color="#1f5fa8")
    axes.set_yticks(range(len(names)), names)
    axes.set_xlim(0, 1)
    axes.axvline(0.5, color="grey", linewidth=0.8, linestyle=":")
    axes.set_xlabel(f"matches won of {result.matches}, with the 95% Wilson interval")
    axes.set_title(f"win rates\n{result.rules}", fontsize=10)
    paths = [directory / "win_rates.png"]
    figure.savefig(paths[0])
    per_match: list[list[float]] = [[] for _ in result.bots]
    for outcome in result.outcomes:
        for entry in range(len(result.bots)):
            points = entry_deal_points(game, outcome.owner, outcome.deal_points, entry)
            if points:
                per_match[entry].append(sum(points) / len(points))
    paths.append(_distributions(names, per_match, result.rules, directory / "points_per_deal.png"))
    seeds = paired_seed_means(result, game)
    if seeds and paired is not None:
        figure = _figure(7, 4)
        axes = figure.add_subplot()
        axes.hist(seeds, bins=min(30, max(5, len(seeds) // 3)), color="#1f5fa8", alpha=0.7)
        label = f"mean per deal {paired.mean:+.3f}"
        if paired.ci95 is not None:
            low, high = paired.ci95
            axes.axvspan(low, high, color="black", alpha=0.12, label="its 95% interval")
            label += f" [{low:+.3f}, {high:+.3f}]"
        axes.axvline(paired.mean, color="black", label=label)
        axes.axvline(0, color="grey", linestyle=":")
        axes.legend(fontsize=8)
        axes.set_xlabel(
            f"points per deal, {names[0]} minus {names[1]}, on the same deals (seed by seed)"
        )
        axes.set_ylabel("deal seeds")
        axes.set_title(f"paired difference by deal seed\n{result.rules}", fontsize=10)
        paths.append(directory / "paired_difference.png")
        figure.savefig(paths[-1])
    return paths


def paired_seed_means(result: SimResult, game: Game[Any]) -> list[float]:
    """Per deal seed of a duplicate run of two bots, the mean paired margin of its deals."""
    if not result.duplicate or len(result.bots) != 2:
        return []
    means = []
    for seatings in paired_margins(game, result.outcomes).values():
        paired = min(len(margins) for margins in seatings)
        if paired:
            means.append(
                sum(sum(margins[k] for margins in seatings) for k in range(paired))
                / (paired * len(seatings))
            )
    return means
