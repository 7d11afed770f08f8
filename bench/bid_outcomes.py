"""Oh Hell bids and the tricks the bidder's play then takes: ``hard``'s play and ``medium``'s.

Each seeded deal (Oh Hell of 4 seats, 7 cards unless told) is bid by ``hard`` at every seat
(the learned bids; with ``--explore P`` a seat takes a uniformly random legal bid at that
share of its bids, from its own generator), then played out twice from the same bids: every
seat by ``hard``, and every seat by ``medium``. One JSON line a deal is appended to
``--out`` (the seats' view features, bids and both play-outs' tricks and points), so a run
can be stopped and its deals kept.

``--report FILE...`` reads such files and prints, by bid level, how often the bids were
exact under each play, how often the two plays agree on it, and (with ``--weights W``) what
that model said the chance was; ``--examples OUT`` writes the deals' hard play-outs as
training examples (``tricktable train bidding romanian_whist --data OUT``).

``--weights W`` also makes ``hard`` bid by the model ``W`` instead of the shipped one (the
same deals with two models: the bids' outcomes before and after).

``PYTHONPATH=build/accel nice -n 10 python bench/bid_outcomes.py --deals 200 --seed 41
--explore 0.25 --out hard.jsonl`` (the compiled build, for the solver's speed).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from tricktable.bots import make_bot
from tricktable.games import load_game
from tricktable.games.romanian_whist.learned import LEARNED
from tricktable.learn.model import OutcomeModel
from tricktable.learn.part import Example

RULES = "romanian_whist(preset=oh_hell,hand_size={size})"


def level(bid: int) -> str:
    """The bid's row in the report: 0, 1, 2, and 3 or more."""
    return str(bid) if bid < 3 else "3+"


def play_deal(rules: str, seed: int, explore: float) -> dict[str, Any]:
    """One deal: bids by ``hard`` (some explored), then played out by ``hard`` and by
    ``medium`` from the same bids."""
    game = load_game(rules, players=4)
    deal_rng = random.Random(seed)
    explore_rng = random.Random(seed ^ 0xE4)
    state = game.new_state(game.choose_first_dealer(deal_rng))
    state.deal_random(deal_rng)
    hard = [make_bot("hard", game, seat, trusted=True) for seat in range(4)]
    medium = [make_bot("medium", game, seat, trusted=True) for seat in range(4)]
    bot_rng = random.Random(seed ^ 0x5EED)
    seats: dict[int, dict[str, Any]] = {}
    while state.view(state.current_player).phase == "bid":
        seat = state.current_player
        view = state.view(seat)
        text = hard[seat].choose(view, bot_rng)
        explored = False
        if explore > 0 and explore_rng.random() < explore:
            text = explore_rng.choice(view.legal)
            explored = True
        if LEARNED.applies(game, view):
            seats[seat] = {
                "seat": seat,
                "features": [round(v, 6) for v in LEARNED.features(game, view)],
                "action": text,
                "aim": LEARNED.aim(text),
                "most": LEARNED.most(game, view),
                "explored": explored,
            }
        state.apply_text(text)
    out: dict[str, Any] = {"rules": game.rule_string(), "seed": seed, "seats": []}
    for name, bots in (("hard", hard), ("medium", medium)):
        played = state.clone()
        rng = random.Random(seed ^ 0xC0DE)
        started = time.process_time()
        while not played.is_chance() and not played.is_terminal():
            actor = played.current_player
            played.apply_text(bots[actor].choose(played.view(actor), rng))
        summary = played.summaries()[0]
        out[f"cpu_{name}"] = round(time.process_time() - started, 3)
        for seat, row in seats.items():
            row[f"tricks_{name}"] = summary.tricks[seat]
            row[f"points_{name}"] = summary.points[seat]
    out["seats"] = [seats[seat] for seat in sorted(seats)]
    return out


def read(paths: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for path in paths for line in Path(path).read_text().splitlines()]


def interval(hits: int, n: int) -> str:
    """A share with its Wilson 95% interval."""
    if n == 0:
        return "-"
    p, z = hits / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{p:.3f} ({centre - half:.3f}-{centre + half:.3f})"


def report(deals: list[dict[str, Any]], weights: str | None, chosen_only: bool) -> None:
    model = OutcomeModel.load(Path(weights)) if weights else None
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for deal in deals:
        for seat in deal["seats"]:
            if chosen_only and seat["explored"]:
                continue
            rows[level(seat["aim"])].append(seat)
            rows["all"].append(seat)
    print(
        "bid | seats | exact, hard's play (95%) | exact, medium's play | same made/missed"
        " | hard's tricks minus medium's | model's chance | points, hard's play"
    )
    for key in ("0", "1", "2", "3+", "all"):
        seats = rows.get(key, [])
        if not seats:
            continue
        hard_hits = sum(s["tricks_hard"] == s["aim"] for s in seats)
        medium_hits = sum(s["tricks_medium"] == s["aim"] for s in seats)
        agree = sum(
            (s["tricks_hard"] == s["aim"]) == (s["tricks_medium"] == s["aim"]) for s in seats
        )
        shift = sum(s["tricks_hard"] - s["tricks_medium"] for s in seats) / len(seats)
        said = "-"
        if model is not None:
            chances = [
                model.chances_each(
                    [LEARNED.inputs(s["features"], s["action"])], [s["aim"]], s["most"]
                )[0][s["aim"]]
                for s in seats
            ]
            said = f"{sum(chances) / len(chances):.3f}"
        print(
            f"{key} | {len(seats)} | {interval(hard_hits, len(seats))} | "
            f"{interval(medium_hits, len(seats))} | {agree / len(seats):.3f} | "
            f"{shift:+.3f} | {said} | {sum(s['points_hard'] for s in seats) / len(seats):.3f}"
        )
    cpu = sum(deal["cpu_hard"] for deal in deals)
    print(f"{len(deals)} deals; hard's play-outs took {cpu:.0f} s of CPU")


def examples(deals: list[dict[str, Any]], out: Path) -> int:
    from tricktable.sim.selfplay import write_examples

    rows = [
        Example(
            rules=deal["rules"],
            players=4,
            match=index,
            deal=0,
            seat=seat["seat"],
            features=tuple(seat["features"]),
            action=seat["action"],
            aim=seat["aim"],
            most=seat["most"],
            tricks=seat["tricks_hard"],
            points=seat["points_hard"],
            others=0,
        )
        for index, deal in enumerate(deals)
        for seat in deal["seats"]
    ]
    return write_examples(rows, out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--size", type=int, default=7, help="cards a hand")
    parser.add_argument("--explore", type=float, default=0.0)
    parser.add_argument("--weights", help="hard bids by this model (and --report reads it)")
    parser.add_argument("--out", help="append the deals' JSON lines here")
    parser.add_argument("--report", nargs="+", metavar="FILE")
    parser.add_argument("--chosen", action="store_true", help="report the unexplored bids only")
    parser.add_argument("--examples", metavar="OUT", help="write training examples (gzipped)")
    args = parser.parse_args()
    if args.report:
        deals = read(args.report)
        if args.examples:
            print(f"{examples(deals, Path(args.examples))} examples written to {args.examples}")
        report(deals, args.weights, args.chosen)
        return
    if args.out is None:
        parser.error("--out is needed to play deals")
    if args.weights:
        LEARNED._model = OutcomeModel.load(Path(args.weights))
    master = random.Random(args.seed)
    rules = RULES.format(size=args.size)
    with open(args.out, "a") as out:
        for number in range(args.deals):
            deal = play_deal(rules, master.getrandbits(63), args.explore)
            out.write(json.dumps(deal, separators=(",", ":")) + "\n")
            out.flush()
            print(f"deal {number + 1}/{args.deals}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
