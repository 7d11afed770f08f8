"""Romanian whist: bots judged decision by decision, on the same positions (low noise).

Whole matches of ``hard`` against three ``medium`` move a lot from seed to seed (the other
seats' scores depend on every card the bot plays). This script compares bots on the same
positions instead, so that only the decisions differ:

* **bids**: positions where a seat bids (deals of 2 cards or more, reached by ``medium`` at
  every seat). Each legal bid is made on the true deal and the deal played out (the bidder
  by ``pimc``, the others by ``medium``, a fixed generator): that is the bid's value. Each
  bot's bid is scored by that table, and so is the best bid in hindsight.
* **play**: positions at the first lead (bids by ``medium``); one seat is played by each bot,
  the others by ``medium``. The figure is the seat's deal score, the others' mean, and the
  difference (the issue's "points per deal above theirs"), with the difference against the
  first bot listed and its standard error over the positions.

``python bench/whist_decisions.py --positions 400 --workers 2`` (use the compiled build,
``PYTHONPATH=build/accel``, for the solver's speed).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from paired import against

from tricktable.bots import Bot, make_bot
from tricktable.bots.search.pimc import PimcBot
from tricktable.cli.sim import split_bot_list
from tricktable.core import State
from tricktable.games import load_game
from tricktable.games.romanian_whist.facts import WhistFacts

GAME = load_game("romanian_whist", players=4)
POSITIONS: list[tuple[State, int]] = []
"""The positions of this run, made before the worker processes fork (states do not pickle)."""


def make_positions(count: int, seed: int, phase: str) -> list[tuple[State, int]]:
    """``count`` positions from matches of ``medium`` at every seat: a seat to bid
    (``phase="bid"``), or the first lead with a seat drawn to be judged (``"play"``)."""
    rng = random.Random(seed)
    bots = [make_bot("medium", GAME, seat) for seat in range(GAME.players)]
    out: list[tuple[State, int]] = []
    while len(out) < count:
        state = GAME.new_match(random.Random(rng.getrandbits(32)))
        while not state.is_terminal() and len(out) < count:
            if state.is_chance():
                state.deal_random(random.Random(rng.getrandbits(32)))
                continue
            seat = state.current_player
            view = state.view(seat)
            big = view.facts(WhistFacts).hand_size >= 2
            if phase == "bid" and big and view.phase == "bid" and rng.random() < 0.25:
                out.append((state.clone(), seat))
            state.apply_text(bots[seat].choose(view, rng))
            first_lead = state.phase.name == "PLAY" and not any(
                text.startswith("play") for _, text in state.view(seat).history
            )
            if phase == "play" and big and first_lead:
                out.append((state.clone(), rng.randrange(GAME.players)))
    return out


def play_out(state: State, seat: int, bot: Bot, seed: int) -> list[int]:
    """The deal's points of every seat once ``seat`` plays by ``bot`` and the others by
    ``medium`` to the end of the deal."""
    others = [make_bot("medium", GAME, s) for s in range(GAME.players)]
    rng = random.Random(seed)
    deal = len(state.deals) - 1
    while not state.is_chance() and not state.is_terminal():
        actor = state.current_player
        chooser = bot if actor == seat else others[actor]
        state.apply_text(chooser.choose(state.view(actor), rng))
    return state.summaries()[deal].points


def bid_table(index: int) -> dict[str, int]:
    """The value of every legal bid of position ``index`` on its true deal."""
    state, seat = POSITIONS[index]
    player = PimcBot(GAME, seat, bidding=False)
    table: dict[str, int] = {}
    for text in state.legal_texts():
        after = state.clone()
        after.apply_text(text)
        table[text] = play_out(after, seat, player, 1000 + index)[seat]
    return table


def bot_bid(job: tuple[str, int]) -> str:
    name, index = job
    state, seat = POSITIONS[index]
    bot = make_bot(name, GAME, seat, trusted=True)
    return bot.choose(state.view(seat), random.Random(7 + index))


def bot_play(job: tuple[str, int]) -> tuple[int, float]:
    name, index = job
    state, seat = POSITIONS[index]
    points = play_out(state.clone(), seat, make_bot(name, GAME, seat, trusted=True), 31 + index)
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat], sum(others) / len(others)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--bots", default="medium,hard", help="bots compared, first the reference")
    parser.add_argument("--only", choices=("bids", "play"), help="one of the two parts")
    parser.add_argument(
        "--tables", help="a JSON file keeping the bids' tables: read if there, else written"
    )
    args = parser.parse_args()
    names = split_bot_list(args.bots)
    count = args.positions
    with_pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None

    def each(function, jobs):  # type: ignore[no-untyped-def]
        if with_pool is None:
            return [function(job) for job in jobs]
        return list(with_pool.map(function, jobs, chunksize=4))

    if args.only in (None, "bids"):
        POSITIONS[:] = make_positions(count, args.seed, "bid")
        start = time.perf_counter()
        kept = Path(args.tables) if args.tables else None
        key = f"{count} positions, seed {args.seed}"
        if kept is not None and kept.exists() and json.loads(kept.read_text())["key"] == key:
            tables = json.loads(kept.read_text())["tables"]
        else:
            tables = each(bid_table, range(count))
            if kept is not None:
                kept.write_text(json.dumps({"key": key, "tables": tables}))
        best = statistics.mean(max(table.values()) for table in tables)
        print(f"bids: {count} positions, tables {time.perf_counter() - start:.0f} s")
        print(f"  best bid in hindsight: {best:.3f} points")
        reference: list[float] = []
        for name in names:
            start = time.perf_counter()
            choices = each(bot_bid, [(name, index) for index in range(count)])
            values = [float(table[choice]) for table, choice in zip(tables, choices, strict=True)]
            line = f"  {name}: {statistics.mean(values):.3f} points"
            if reference:
                line += ", " + against(values, reference, names[0])
            reference = reference or values
            print(line + f" ({time.perf_counter() - start:.0f} s)", flush=True)

    if args.only in (None, "play"):
        POSITIONS[:] = make_positions(count, args.seed, "play")
        print(f"play: {count} positions from the first lead")
        first: list[float] = []
        for name in names:
            start = time.perf_counter()
            results = each(bot_play, [(name, index) for index in range(count)])
            edges = [own - others for own, others in results]
            own = statistics.mean(r[0] for r in results)
            rest = statistics.mean(r[1] for r in results)
            line = f"  {name}: own {own:.3f}, others {rest:.3f}, above them {own - rest:+.3f}"
            if first:
                line += "; " + against(edges, first, names[0])
            first = first or edges
            print(line + f" ({time.perf_counter() - start:.0f} s)", flush=True)
    if with_pool is not None:
        with_pool.shutdown()


if __name__ == "__main__":
    main()
