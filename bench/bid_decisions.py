"""The decisions before the card play judged one by one, on the same positions, in any game.

Whole matches mix the bidding, the play and the luck of the cards. Here the positions are
fixed: decisions outside the card play (euchre's ``bid1``/``bid2`` and discard, All Fours'
stand / beg / give / run, the bids of bid euchre and Pitch ...) reached by ``medium`` at
every seat, one drawn at random from each deal's decisions with two legal actions or more.
Each legal action is applied to the true deal and the deal played out to its end (a thrown-in
deal ends it too), the judged seat's side by the continuation bot and the other seats by
``medium``, with the same generator for every action: the table of the action's values, each
the side's deal points minus the other sides' mean (counted the other way round where scores
count down). Each bot then chooses from the seat's view and is scored by the table; the best
action in hindsight is the table's maximum. For each bot after the first the paired
difference from the first is given with its standard error over the positions.

``python bench/bid_decisions.py --game euchre --positions 200 --workers 2 --bots medium,hard``

Bots are names ``make_bot`` accepts (``pimc(worlds=50,learned=false)`` included). The
continuation (``--continue``) is a level name or ``pimc:WORLDS[:DEPTH]`` (card play by
sampled worlds, its later decisions before the play by the heuristic). ``--json FILE`` writes
the tables and the choices; ``--tables FILE`` reads tables written earlier for the same game,
seed, positions, phases and continuation instead of computing them again. Use the compiled
build (``PYTHONPATH=build/accel:bench``) for the solver's speed.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from paired import against
from phases import PhaseSearch

from tricktable.bots import Bot, make_bot
from tricktable.bots.search.pimc import PimcBot
from tricktable.bots.search.sampled_worlds import side_of_seat
from tricktable.cli.sim import split_bot_list
from tricktable.core import Game, State
from tricktable.errors import TricktableError
from tricktable.games import load_game

JobT = TypeVar("JobT")
ResultT = TypeVar("ResultT")

FORMAT = "bid_decisions 1"
"""The ``format`` of the JSON files written by ``--json`` and read by ``--tables``."""


@dataclass(frozen=True)
class Setup:
    """What this run's positions and tables are made from (the key a tables file must match)."""

    game: str
    players: int
    seed: int
    positions: int
    phases: tuple[str, ...]
    continuation: str

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "positions": self.positions,
            "phases": list(self.phases),
            "continue": self.continuation,
        }


@dataclass
class Position:
    """A decision before the play: the state (a clone) and the seat to act."""

    state: State
    seat: int
    phase: str
    legal: tuple[str, ...]


GAME: list[Game[Any]] = []
POSITIONS: list[Position] = []
CONTINUATION: list[str] = []
"""The game, positions and continuation of this run, set before the worker processes fork."""


class TablesError(TricktableError):
    """A ``--tables`` file that cannot be read back for this run."""


def make_positions(
    game: Game[Any], count: int, seed: int, phases: Sequence[str] = ()
) -> list[Position]:
    """``count`` decisions before the play from matches of ``medium`` at every seat: one per
    deal, drawn uniformly from the deal's decisions outside the play with two legal actions
    or more (in ``phases`` where given) whose seat sees its own hand."""
    rng = random.Random(seed)
    bots = [make_bot("medium", game, seat) for seat in range(game.players)]
    out: list[Position] = []
    search = PhaseSearch(phases)
    while len(out) < count:
        search.next_match(found=len(out))
        state = game.new_match(random.Random(rng.getrandbits(32)))
        drawn: Position | None = None
        seen = 0
        while not state.is_terminal() and len(out) < count:
            if state.is_chance():
                state.deal_random(random.Random(rng.getrandbits(32)))
                continue
            seat = state.current_player
            view = state.view(seat)
            before_play = view.phase != "play" and not view.public.own_hand_hidden
            wanted = before_play and search.wants(view.phase)
            if wanted and len(view.legal) > 1:
                seen += 1
                if rng.randrange(seen) == 0:
                    drawn = Position(state.clone(), seat, view.phase, view.legal)
            deal = len(state.deals)
            state.apply_text(bots[seat].choose(view, rng))
            ended = state.is_chance() or state.is_terminal() or len(state.deals) != deal
            if ended and drawn is not None:
                out.append(drawn)
                drawn, seen = None, 0
    return out


def make_continuation(name: str, game: Game[Any], seat: int) -> Bot:
    """The bot playing the judged side to the deal's end: ``pimc:WORLDS[:DEPTH]`` (its later
    decisions before the play by the heuristic) or any name ``make_bot`` accepts."""
    if name.startswith("pimc:"):
        parts = name.split(":")[1:]
        try:
            worlds = int(parts[0])
            depth = int(parts[1]) if len(parts) > 1 else 1
        except ValueError:
            raise TricktableError(
                f"continuation {name!r}: expected pimc:WORLDS or pimc:WORLDS:DEPTH (numbers)"
            ) from None
        return PimcBot(game, seat, worlds=worlds, depth=depth, bidding=False)
    return make_bot(name, game, seat, trusted=True)


def deal_value(game: Game[Any], state: State, deal: int, side: int) -> float:
    """Side ``side``'s points in deal ``deal`` minus the other sides' mean (their negation
    where scores count down); a side alone counts its own points."""
    points = state.summaries()[deal].points
    others = [p for index, p in enumerate(points) if index != side]
    value = points[side] - (sum(others) / len(others) if others else 0.0)
    return -value if game.scores_count_down else value


def value_table(index: int) -> dict[str, float]:
    """The value of each legal action of position ``index``: applied to its true deal, the
    deal played out by the continuation for the seat's side and ``medium`` for the others."""
    game = GAME[0]
    position = POSITIONS[index]
    side = side_of_seat(game, position.seat)
    deal = len(position.state.deals) - 1
    table: dict[str, float] = {}
    for text in position.legal:
        state = position.state.clone()
        state.apply_text(text)
        bots = [
            make_continuation(CONTINUATION[0], game, seat)
            if seat in game.sides[side]
            else make_bot("medium", game, seat)
            for seat in range(game.players)
        ]
        rng = random.Random(1000 + index)
        while not state.is_terminal() and not state.is_chance() and len(state.deals) - 1 == deal:
            actor = state.current_player
            state.apply_text(bots[actor].choose(state.view(actor), rng))
        table[text] = deal_value(game, state, deal, side)
    return table


def bot_choice(job: tuple[str, int]) -> tuple[str, float]:
    """Bot ``name``'s choice at position ``index`` and the seconds it took."""
    name, index = job
    position = POSITIONS[index]
    bot = make_bot(name, GAME[0], position.seat, trusted=True)
    start = time.perf_counter()
    choice = bot.choose(position.state.view(position.seat), random.Random(index))
    return choice, time.perf_counter() - start


def read_tables(path: Path, setup: Setup, positions: Sequence[Position]) -> list[dict[str, float]]:
    """The tables of a file written by ``--json`` for the same ``setup``, checked against
    ``positions`` (the same seat, phase and legal actions at each)."""
    try:
        data = json.loads(path.read_text())
    except OSError as error:
        raise TablesError(f"--tables {path}: cannot read it ({error.strerror})") from None
    except json.JSONDecodeError as error:
        raise TablesError(f"--tables {path}: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TablesError(f"--tables {path}: not a file written by --json (format {FORMAT!r})")
    made = data.get("setup")
    wanted = setup.to_json()
    if not isinstance(made, dict) or made != wanted:
        made = made if isinstance(made, dict) else {}
        differ = "; ".join(
            f"{key} {made.get(key)!r} there, {value!r} here"
            for key, value in wanted.items()
            if made.get(key) != value
        )
        raise TablesError(f"--tables {path}: made for another run ({differ})")
    rows = data.get("positions")
    if not isinstance(rows, list) or len(rows) != len(positions):
        raise TablesError(f"--tables {path}: expected a list of {len(positions)} positions")
    tables: list[dict[str, float]] = []
    for index, (row, position) in enumerate(zip(rows, positions, strict=True)):
        where = f"--tables {path}, position {index}"
        if not isinstance(row, dict):
            raise TablesError(f"{where}: expected an object with seat, phase and table")
        if row.get("seat") != position.seat or row.get("phase") != position.phase:
            raise TablesError(
                f"{where}: seat {row.get('seat')} in {row.get('phase')!r}, but this run's "
                f"position is seat {position.seat} in {position.phase!r}"
            )
        table = row.get("table")
        if not isinstance(table, dict) or sorted(table) != sorted(position.legal):
            raise TablesError(
                f"{where}: the table must value exactly the legal actions {list(position.legal)}"
            )
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in table.values()):
            raise TablesError(f"{where}: the table's values must be numbers")
        tables.append({text: float(value) for text, value in table.items()})
    return tables


def write_json(
    path: Path,
    setup: Setup,
    positions: Sequence[Position],
    tables: Sequence[dict[str, float]],
    choices: dict[str, list[str]],
) -> None:
    """The tables and each bot's choices, position by position (read back by ``--tables``)."""
    rows = [
        {
            "seat": position.seat,
            "phase": position.phase,
            "table": table,
            "choices": {name: picked[index] for name, picked in choices.items()},
        }
        for index, (position, table) in enumerate(zip(positions, tables, strict=True))
    ]
    data = {"format": FORMAT, "setup": setup.to_json(), "positions": rows}
    path.write_text(json.dumps(data, indent=1) + "\n")


def is_best(table: dict[str, float], choice: str) -> bool:
    return math.isclose(table[choice], max(table.values()), abs_tol=1e-9)


def report(
    names: Sequence[str],
    positions: Sequence[Position],
    tables: Sequence[dict[str, float]],
    choices: dict[str, list[str]],
    seconds: dict[str, tuple[float, float]],
) -> list[str]:
    """The lines printed: each bot's mean value, share of best choices, difference from the
    first bot, time; the positions where the bots disagree; a line per phase."""
    best = [max(table.values()) for table in tables]
    mattered = sum(1 for table in tables if len(set(table.values())) > 1)
    lines = [f"  {'best in hindsight':<24} {statistics.mean(best):+.3f} points a deal"]
    values = {
        name: [table[choice] for table, choice in zip(tables, choices[name], strict=True)]
        for name in names
    }
    for name in names:
        share = sum(map(is_best, tables, choices[name])) / len(tables)
        line = f"  {name:<24} {statistics.mean(values[name]):+.3f} points a deal, best {share:.0%}"
        if name != names[0]:
            line += ", " + against(values[name], values[names[0]], names[0])
        mean_s, wall_s = seconds[name]
        lines.append(f"{line}  [{mean_s:.3f} s a decision, {wall_s:.0f} s]")
    picks = zip(*(choices[name] for name in names), strict=True)
    disagreed = sum(1 for picked in picks if len(set(picked)) > 1)
    lines.append(
        f"  the bots disagreed at {disagreed} of {len(tables)} positions; "
        f"the choice changed the value at {mattered}"
    )
    phases = sorted({position.phase for position in positions})
    for phase in phases if len(phases) > 1 else []:
        at = [i for i, position in enumerate(positions) if position.phase == phase]
        each = ", ".join(
            f"{name} {statistics.mean(values[name][i] for i in at):+.3f}" for name in names
        )
        best_here = statistics.mean(best[i] for i in at)
        lines.append(f"  {phase} ({len(at)}): {each}, best {best_here:+.3f}")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--game", default="euchre", help="a game name or rule string")
    parser.add_argument("--players", type=int)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--bots", default="medium,hard", help="bots compared, first the reference")
    parser.add_argument(
        "--continue",
        dest="continuation",
        default="pimc:20",
        help="the judged side's bot after the decision: a level name or pimc:WORLDS[:DEPTH]",
    )
    parser.add_argument("--phases", help="only decisions in these view phases, e.g. bid1,bid2")
    parser.add_argument("--json", help="write the tables and choices to this file")
    parser.add_argument("--tables", help="read the tables from a file written by --json")
    args = parser.parse_args(argv)
    if args.positions < 2:
        parser.error(f"--positions must be 2 or more (for a standard error), not {args.positions}")
    if args.workers < 1:
        parser.error(f"--workers must be 1 or more, not {args.workers}")
    names = split_bot_list(args.bots)
    if not all(names):
        parser.error(f"--bots {args.bots!r}: a comma list of bot names, none empty")
    phases = tuple(p.strip() for p in args.phases.split(",")) if args.phases else ()
    if "play" in phases or "" in phases:
        parser.error(f"--phases {args.phases!r}: view phases of decisions before the play")
    try:
        game = load_game(args.game, players=args.players)
        for name in names:
            make_bot(name, game, 0, trusted=True)
        make_continuation(args.continuation, game, 0)
    except ValueError as error:  # tricktable's errors about bad input are ValueErrors
        parser.error(str(error))
    setup = Setup(
        game.rule_string(), game.players, args.seed, args.positions, phases, args.continuation
    )
    GAME[:] = [game]
    CONTINUATION[:] = [args.continuation]
    try:
        POSITIONS[:] = make_positions(game, args.positions, args.seed, phases)
    except ValueError as error:
        parser.error(str(error))
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None

    def each(function: Callable[[JobT], ResultT], jobs: Iterable[JobT]) -> list[ResultT]:
        if pool is None:
            return [function(job) for job in jobs]
        return list(pool.map(function, jobs, chunksize=2))

    try:
        counts = ", ".join(
            f"{phase} {sum(p.phase == phase for p in POSITIONS)}"
            for phase in sorted({p.phase for p in POSITIONS})
        )
        print(f"{game.rule_string()}: {args.positions} decisions before the play ({counts}),")
        print(f"  seed {args.seed}, continuation {args.continuation}")
        start = time.perf_counter()
        if args.tables:
            try:
                tables = read_tables(Path(args.tables), setup, POSITIONS)
            except TablesError as error:
                parser.error(str(error))
            print(f"  tables read from {args.tables}")
        else:
            tables = each(value_table, range(args.positions))
            print(f"  tables made in {time.perf_counter() - start:.0f} s", flush=True)
        choices: dict[str, list[str]] = {}
        seconds: dict[str, tuple[float, float]] = {}
        for name in names:
            start = time.perf_counter()
            results = each(bot_choice, [(name, index) for index in range(args.positions)])
            choices[name] = [choice for choice, _ in results]
            took = statistics.mean(spent for _, spent in results)
            seconds[name] = (took, time.perf_counter() - start)
        print("\n".join(report(names, POSITIONS, tables, choices, seconds)))
        if args.json:
            write_json(Path(args.json), setup, POSITIONS, tables, choices)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
