"""Self-play examples: seeded matches between chosen bots, one row per learned decision.

At every decision the game's learned part learns (``LearnedDecisions.applies``), the row
keeps the seat's view features, the action taken, its aim and the largest outcome; when the
deal ends, what followed: the tricks and points the seat's side took in that deal under real,
hidden-card play. With ``explore`` the seat takes a uniformly random legal action instead of
its bot's at that share of those decisions (from its own seeded generator), so the examples
show what follows the choices a bot seldom makes.

Match ``i`` of a plan deals from its own seed drawn from ``random.Random(seed)``, so the
examples are the same for any number of worker processes.

>>> from tricktable.games import all_specs, load_game
>>> learning = next(spec.name for spec in all_specs() if spec.learned is not None)
>>> game = load_game(learning)
>>> rows = match_examples(game, ("medium",), 7, explore=0.0)
>>> len(rows) > 0 and all(0 <= row.tricks <= row.most for row in rows)
True
"""

from __future__ import annotations

import gzip
import io
import json
import random
from collections.abc import Callable, Iterator, Sequence
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from tricktable.bots.search.inference import learned_part as learned_part_of
from tricktable.core import Game
from tricktable.games import all_specs, load_game
from tricktable.learn.part import Example, LearnedDecisions, Table
from tricktable.sim.arena import deal_if_due


def learned_part(game: Game[Any]) -> LearnedDecisions:
    """The game's learned part (``ValueError`` naming the games that have one)."""
    part = learned_part_of(game)
    if part is None:
        having = [other.name for other in all_specs() if other.learned is not None]
        raise ValueError(
            f"{game.name} has no learned decisions; games with them: {', '.join(having)}"
        )
    return part


def match_examples(
    game: Game[Any], bots: Sequence[str], match_seed: int, explore: float, match: int = 0
) -> list[Example]:
    """The examples of one match: ``bots`` names a bot per seat, or one for every seat."""
    from tricktable.bots import make_bot

    if len(bots) not in (1, game.players):
        raise ValueError(f"{game.name} needs 1 or {game.players} bot names, got {len(bots)}")
    learned = learned_part(game)
    players = [
        make_bot(bots[seat % len(bots)], game, seat, trusted=True) for seat in range(game.players)
    ]
    side_of = {seat: index for index, side in enumerate(game.sides) for seat in side}
    deal_rng = random.Random(match_seed)
    bot_rng = random.Random(match_seed ^ 0x5EED)
    explore_rng = random.Random(match_seed ^ 0xE4)
    state = game.new_state(game.choose_first_dealer(deal_rng))
    rules = game.rule_string()
    pending: list[tuple[int, tuple[float, ...], str, int, int]] = []
    rows: list[Example] = []
    while not state.is_terminal():
        if deal_if_due(state, deal_rng):
            continue
        seat = state.current_player
        view = state.view(seat)
        text = players[seat].choose(view, bot_rng)
        if learned.applies(game, view):
            if explore > 0 and explore_rng.random() < explore:
                text = explore_rng.choice(view.legal)
            features = tuple(round(value, 6) for value in learned.features(game, view))
            pending.append((seat, features, text, learned.aim(text), learned.most(game, view)))
        state.apply_text(text)
        if pending and (state.is_chance() or state.is_terminal()):
            deal = len(state.deals) - 1
            summary = state.summaries()[deal]
            for who, features, action, aim, most in pending:
                side = side_of[who]
                rows.append(
                    Example(
                        rules=rules,
                        players=game.players,
                        match=match,
                        deal=deal,
                        seat=who,
                        features=features,
                        action=action,
                        aim=aim,
                        most=most,
                        tricks=summary.tricks[side],
                        points=summary.points[side],
                        others=sum(summary.points) - summary.points[side],
                    )
                )
            pending.clear()
    return rows


Job = tuple[str, int, tuple[str, ...], int, float, int]
"""A worker's task: rules, players, bots, match seed, explore share, match index."""


def plan(tables: Sequence[Table], matches: int, seed: int) -> list[Job]:
    """The matches of a run: ``matches`` shared among ``tables`` by their shares (at least one
    each), in table order, each with its seed from ``random.Random(seed)``.

    >>> [job[0] for job in plan([Table("a", 4, 3), Table("b", 4, 1)], 4, 0)]
    ['a', 'a', 'a', 'b']
    """
    if matches < 1:
        raise ValueError(f"matches must be >= 1, not {matches}")
    total = sum(table.share for table in tables)
    master = random.Random(seed)
    jobs: list[Job] = []
    for table in tables:
        count = max(1, round(matches * table.share / total))
        for _ in range(count):
            jobs.append((table.rules, table.players, (), master.getrandbits(63), 0.0, len(jobs)))
    return jobs


def _run_job(job: Job) -> list[Example]:
    rules, players, bots, match_seed, explore, index = job
    game = load_game(rules, players=players)
    return match_examples(game, bots, match_seed, explore, index)


def play_examples(
    tables: Sequence[Table],
    bots: Sequence[str],
    matches: int,
    seed: int,
    explore: float,
    *,
    workers: int = 1,
    progress: Callable[[int], object] | None = None,
) -> Iterator[Example]:
    """The examples of ``matches`` self-play matches over ``tables``, in plan order (the same
    for any ``workers``); ``progress(1)`` after each match."""
    if not 0.0 <= explore <= 1.0:
        raise ValueError(f"explore is a share from 0 to 1, not {explore}")
    if workers < 1:
        raise ValueError(f"workers must be >= 1, not {workers}")
    jobs = [
        (rules, players, tuple(bots), match_seed, explore, index)
        for rules, players, _, match_seed, _, index in plan(tables, matches, seed)
    ]
    if workers == 1:
        for job in jobs:
            yield from _run_job(job)
            if progress is not None:
                progress(1)
        return
    with get_context("spawn").Pool(workers) as pool:
        for rows in pool.imap(_run_job, jobs, chunksize=4):
            yield from rows
            if progress is not None:
                progress(1)


def write_examples(examples: Iterator[Example] | Sequence[Example], path: Path) -> int:
    """Write ``examples`` as gzipped JSON lines (the same bytes for the same examples);
    returns how many."""
    written = 0
    with (
        path.open("wb") as raw,
        gzip.GzipFile(filename="", fileobj=raw, mode="wb", mtime=0) as packed,
        io.TextIOWrapper(packed, encoding="utf-8") as text,
    ):
        for example in examples:
            text.write(json.dumps(example.to_json(), separators=(",", ":")) + "\n")
            written += 1
    return written


def read_examples(path: Path) -> list[Example]:
    """The examples of a file ``write_examples`` wrote (``ValueError`` naming a bad line)."""
    rows: list[Example] = []
    with gzip.open(path, "rt", encoding="utf-8") as text:
        for number, line in enumerate(text, 1):
            try:
                rows.append(Example.from_json(json.loads(line)))
            except ValueError as error:
                raise ValueError(f"{path}:{number}: {error}") from None
    return rows
