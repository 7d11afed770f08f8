"""Our bots against OpenSpiel's own bots, inside OpenSpiel, at equal time per decision.

A tricktable bot (``--bot``, any name ``tricktable sim`` accepts) plays one side of
OpenSpiel's ``euchre`` (or ``oh_hell`` with ``--game oh_hell``) through the bridge
``tricktable.interop.openspiel``; OpenSpiel's ``ISMCTSBot`` (or ``MCTSBot``, which searches
the true state, so it sees every card) plays the other seats. Its simulation budget is set
from a calibration run so that it spends the same mean time per decision as our bot
(``--simulations`` overrides), and set again after every batch of hands (``--batch``) from
the time both sides spent so far, so that the run's time ratio (ours to theirs) stays near 1
however much our decisions' times vary (``steered``). Every deal is played twice with the
sides swapped, so the luck of the cards cancels, and the figure is our seats' mean points
per hand minus the opponents' mean, with its 95% confidence interval (in ``oh_hell``, which
is not zero-sum, our own mean alone says nothing of who played better); both means are shown
too.

    python bench/openspiel_match.py --bot heuristic --hands 200
    python bench/openspiel_match.py --bot heuristic --opponent mcts --json
    python bench/openspiel_match.py --bot hard --hands 1000 --workers 2

Times are CPU time by default (``--clock cpu``: each decision's process time, right on a
shared machine; ``--clock wall`` for the wall clock). With ``--breakdown`` (``oh_hell``,
``--json``) the result also holds each side's hands, exact bids and mean points by place from
the dealer's left, by bid and by the trick after which a bid could no longer be exact
(``by_lost_at``: 0 for the bids made), to show where a side loses.

With ``--workers N`` the hands are shared among N processes after the calibration; every
hand is seeded by its number, wherever it is played. OpenSpiel's ``ISMCTSBot`` is not exactly
reproducible from run to run even with its seed (two runs of the same command can differ by
a hand or two), so figures move a little between runs.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tricktable.interop.openspiel import Bridge, load_pyspiel, tricktable_bot

CLOCK = [time.process_time]
"""How a decision's time is measured: the process's CPU time (``--clock cpu``, the default,
right on a loaded machine: both sides run in the same process, one after the other) or the
wall clock (``--clock wall``)."""
LAST_SEATS: list[Seat] = []
"""``seat_records`` of the hand ``play_hand`` played last."""
CALIBRATION_ROUNDS = 3
"""Probes of the opponents' time at the calibrated simulations, each setting them again."""
CALIBRATION_TOLERANCE = 0.05
"""A probe whose time ratio is this close to 1 ends the calibration."""


def opponent_bot(pyspiel: Any, bridge: Bridge, kind: str, simulations: int, seed: int) -> Any:
    """OpenSpiel's ISMCTS or MCTS bot with random-rollout evaluation."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    if kind == "ismcts":
        return pyspiel.ISMCTSBot(
            seed,
            evaluator,
            2.0,
            simulations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )
    return pyspiel.MCTSBot(
        bridge.openspiel_game, evaluator, 2.0, simulations, 1000, False, seed, False
    )


Seat = tuple[int, int, int, float, int]
"""One seat's hand in ``oh_hell``: ``(place from the dealer's left, 0 first, bid, tricks
taken, points, the trick after which its bid could no longer be exact)`` (0: the bid was
made; ``lost_at``)."""


def lost_at(bid: int, winners: list[int], seat: int) -> int:
    """The number of the trick (1 first) after which ``seat``, taking the tricks
    ``winners`` says in turn, could no longer take exactly ``bid``: it had taken one too
    many, or too few tricks were left; 0 where it took exactly ``bid``.

    >>> lost_at(1, [0, 0, 2, 1], 0), lost_at(3, [0, 1, 2, 2], 0), lost_at(1, [1, 0, 2, 2], 0)
    (2, 3, 0)
    """
    taken = 0
    for number, winner in enumerate(winners, 1):
        taken += winner == seat
        if taken > bid or taken + len(winners) - number < bid:
            return number
    return 0


def seat_records(bridge: Bridge, state: Any) -> list[Seat]:
    """Every seat's place, bid, tricks and points in a finished ``oh_hell`` hand (none in
    other games)."""
    if bridge.openspiel_game.get_type().short_name != "oh_hell":
        return []
    from tricktable.games.romanian_whist.facts import WhistFacts
    from tricktable.search.play_facts import play_facts
    from tricktable.tricks import trick_winner

    view = bridge.tricktable_state(state).view(0)
    facts = view.facts(WhistFacts)
    players = len(facts.tricks_won)
    returns = state.returns()
    played = play_facts(bridge.game, view)
    assert played is not None
    winners = [
        trick[trick_winner([card for _, card in trick], played.table)][0] for trick in view.tricks
    ]
    return [
        (
            (seat - view.dealer - 1) % players,
            facts.bids[seat] or 0,
            facts.tricks_won[seat],
            returns[seat],
            lost_at(facts.bids[seat] or 0, winners, seat),
        )
        for seat in range(players)
    ]


def play_hand(
    bridge: Bridge, bots: list[Any], deal_seed: int
) -> tuple[list[float], list[float], list[int]]:
    """One hand: the returns, each seat's total decision time and its number of decisions."""
    rng = random.Random(deal_seed)
    state = bridge.openspiel_game.new_initial_state()
    spent = [0.0] * len(bots)
    decisions = [0] * len(bots)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        seat = state.current_player()
        start = CLOCK[0]()
        action = bots[seat].step(state)
        spent[seat] += CLOCK[0]() - start
        decisions[seat] += 1
        state.apply_action(action)
    LAST_SEATS[:] = seat_records(bridge, state)
    return list(state.returns()), spent, decisions


def mean_decision_time(bridge: Bridge, bots: list[Any], seats: list[int], hands: int) -> float:
    """Mean seconds per decision of ``seats`` over ``hands`` calibration hands."""
    total = 0.0
    decisions = 0
    for hand in range(hands):
        _, spent, taken = play_hand(bridge, bots, 10_000 + hand)
        total += sum(spent[seat] for seat in seats)
        decisions += sum(taken[seat] for seat in seats)
    return total / max(1, decisions)


def make_bridge(args: argparse.Namespace) -> Bridge:
    if args.game == "euchre":
        return Bridge.for_openspiel_game("euchre")
    return Bridge.for_openspiel_game("oh_hell", players=args.players, num_tricks_fixed=args.tricks)


def lineup(
    args: argparse.Namespace, bridge: Bridge, our_seats: list[int], simulations: int, seed: int
) -> list[Any]:
    """The bots of one hand: ours at ``our_seats``, OpenSpiel's at the others."""
    pyspiel = load_pyspiel()
    return [
        tricktable_bot(bridge, args.bot, seat, seed + seat, trusted=True)
        if seat in our_seats
        else opponent_bot(pyspiel, bridge, args.opponent, simulations, seed + seat)
        for seat in range(bridge.openspiel_game.num_players())
    ]


Played = tuple[int, float, float, float, float, list[tuple[bool, Seat]]]
"""One hand played both ways: ``(hand, our mean points, their mean points, our seconds, their
seconds, every seat's record of both plays with whether it was ours)``."""


def play_hands(args: argparse.Namespace, hands: list[int], simulations: int) -> list[Played]:
    """Each of ``hands`` played both ways."""
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    bridge = make_bridge(args)
    players = bridge.openspiel_game.num_players()
    ours_first = [seat for seat in range(players) if seat % 2 == 0]
    out = []
    for hand in hands:
        ours = theirs = spent_ours = spent_theirs = 0.0
        records: list[tuple[bool, Seat]] = []
        for our_seats in (ours_first, [s for s in range(players) if s not in ours_first]):
            their_seats = [seat for seat in range(players) if seat not in our_seats]
            bots = lineup(args, bridge, our_seats, simulations, args.seed + 1000 * hand)
            returns, spent, _ = play_hand(bridge, bots, args.seed + hand)
            records += [(seat in our_seats, row) for seat, row in enumerate(LAST_SEATS)]
            ours += statistics.fmean(returns[seat] for seat in our_seats)
            theirs += statistics.fmean(returns[seat] for seat in their_seats)
            spent_ours += sum(spent[seat] for seat in our_seats)
            spent_theirs += sum(spent[seat] for seat in their_seats)
        out.append((hand, ours / 2, theirs / 2, spent_ours, spent_theirs, records))
    return out


def recalibrated(simulations: int, spent_ours: float, spent_theirs: float) -> int:
    """The opponents' simulations that would have spent ``spent_ours`` where they spent
    ``spent_theirs`` (their time grows about in step with their simulations), moved at most
    by half or double at a time.

    >>> recalibrated(100, 1.2, 1.0), recalibrated(100, 9.0, 1.0), recalibrated(100, 1.0, 0.0)
    (120, 200, 100)
    """
    if spent_theirs <= 0 or spent_ours <= 0:
        return simulations
    factor = min(2.0, max(0.5, spent_ours / spent_theirs))
    return max(1, round(simulations * factor))


STEP = 1.5
"""The most the opponents' simulations change from one batch to the next (up or down)."""


def steered(simulations: int, batches: list[tuple[int, int, float, float]]) -> int:
    """The opponents' simulations for the next hands: those that would spend, a hand, what our
    seats have spent a hand so far. ``batches`` holds each batch's ``(simulations, hands, our
    seconds, their seconds)``. Their time grows in step with their simulations (measured in
    OpenSpiel's ``oh_hell``: 30, 59, 125 and 249 ms a decision at 500 to 4,000), while ours
    varies much from hand to hand (a few first-trick solves take most of it), so both come
    from every batch so far, and the step is at most ``STEP`` either way.

    >>> steered(100, [(100, 10, 12.0, 10.0)])
    120
    >>> steered(100, [(100, 10, 10.0, 10.0), (100, 10, 50.0, 10.0)])  # too far: STEP
    150
    """
    hands = sum(batch[1] for batch in batches)
    ours = sum(batch[2] for batch in batches)
    theirs = sum(batch[3] for batch in batches)
    weight = sum(batch[0] * batch[1] for batch in batches)
    if hands <= 0 or theirs <= 0 or weight <= 0:
        return simulations
    target = (ours / hands) / (theirs / weight)
    return max(1, round(min(STEP * simulations, max(simulations / STEP, target))))


def breakdown(played: list[Played]) -> dict[str, list[dict[str, Any]]]:
    """Where the points go in ``oh_hell``: by place from the dealer's left, by bid and by the
    trick after which the bid was lost (``lost_at``, 0: made), our seats' and theirs' hands,
    exact bids and mean points.

    >>> row = (0, 0.0, 0.0, 0.0, 0.0, [(True, (0, 1, 1, 11.0, 0)), (False, (1, 1, 2, 2.0, 2))])
    >>> [(entry["ours"], entry["theirs"]["exact"]) for entry in breakdown([row])["by_bid"]]
    [({'hands': 1, 'exact': 1.0, 'points': 11.0}, 0.0)]
    >>> [(entry["lost_at"], entry["theirs"]["hands"]) for entry in breakdown([row])["by_lost_at"]]
    [(0, 0), (2, 1)]
    """
    out: dict[str, list[dict[str, Any]]] = {"by_place": [], "by_bid": [], "by_lost_at": []}
    rows = [record for row in played for record in row[5]]
    for key, index in (("by_place", 0), ("by_bid", 1), ("by_lost_at", 4)):
        for value in sorted({row[index] for _, row in rows}):
            entry: dict[str, Any] = {key[3:]: value}
            for label, side in (("ours", True), ("theirs", False)):
                mine = [row for ours, row in rows if ours == side and row[index] == value]
                entry[label] = {
                    "hands": len(mine),
                    "exact": round(sum(row[1] == row[2] for row in mine) / len(mine), 3)
                    if mine
                    else None,
                    "points": round(statistics.fmean(row[3] for row in mine), 3) if mine else None,
                }
            out[key].append(entry)
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval.

    >>> interval([1.0, 2.0, 3.0])
    (2.0, 0.8684, 3.1316)
    """
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, round(mean - half, 4), round(mean + half, 4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["euchre", "oh_hell"], default="euchre")
    parser.add_argument("--players", type=int, default=4, help="oh_hell players")
    parser.add_argument("--tricks", type=int, default=7, help="oh_hell hand size")
    parser.add_argument("--bot", default="heuristic", help="our bot (a tricktable bot name)")
    parser.add_argument("--opponent", choices=["ismcts", "mcts"], default="ismcts")
    parser.add_argument("--simulations", type=int, default=0, help="0: equal time per decision")
    parser.add_argument("--hands", type=int, default=100, help="deals, each played both ways")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes playing the hands")
    parser.add_argument(
        "--batch", type=int, default=10, help="hands between two recalibrations of the time"
    )
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    parser.add_argument(
        "--breakdown", action="store_true", help="oh_hell: points by place and by bid (--json)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.workers < 1:
        parser.error("--workers must be 1 or more")
    if args.batch < 1:
        parser.error("--batch must be 1 or more")

    bridge = make_bridge(args)
    players = bridge.openspiel_game.num_players()
    ours_first = [seat for seat in range(players) if seat % 2 == 0]
    our_time = mean_decision_time(
        bridge, lineup(args, bridge, ours_first, 50, args.seed), ours_first, 5
    )
    simulations = args.simulations
    if simulations <= 0:
        probe_simulations = 500
        probe_seats = [seat for seat in range(players) if seat not in ours_first]
        their_time = mean_decision_time(
            bridge, lineup(args, bridge, ours_first, probe_simulations, args.seed), probe_seats, 3
        )
        simulations = max(1, round(probe_simulations * our_time / their_time))
        for _ in range(CALIBRATION_ROUNDS):  # their time is not quite in step with simulations
            their_time = mean_decision_time(
                bridge, lineup(args, bridge, ours_first, simulations, args.seed), probe_seats, 3
            )
            if abs(our_time / their_time - 1) <= CALIBRATION_TOLERANCE:
                break
            simulations = recalibrated(simulations, our_time, their_time)

    played: list[Played] = []
    used: list[int] = []
    batches: list[tuple[int, int, float, float]] = []
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for start in range(0, args.hands, args.batch):
            hands = list(range(start, min(args.hands, start + args.batch)))
            used.append(simulations)
            if pool is not None:
                shares = [hands[i :: args.workers] for i in range(args.workers)]
                count = len(shares)
                parts = pool.map(play_hands, [args] * count, shares, [simulations] * count)
                played.extend(row for part in parts for row in part)
            else:
                played.extend(play_hands(args, hands, simulations))
            batch = played[-len(hands) :]
            spent = (sum(row[3] for row in batch), sum(row[4] for row in batch))
            batches.append((simulations, len(hands), *spent))
            if args.simulations <= 0:  # keep the whole run's time ratio near 1
                simulations = steered(simulations, batches)
    finally:
        if pool is not None:
            pool.shutdown()
    played.sort()
    spent_ours = sum(row[3] for row in played)
    spent_theirs = sum(row[4] for row in played)
    ours, ours_low, ours_high = interval([row[1] for row in played])
    theirs, theirs_low, theirs_high = interval([row[2] for row in played])
    gap, gap_low, gap_high = interval([row[1] - row[2] for row in played])
    result = {
        "game": bridge.openspiel_game.get_type().short_name,
        "bot": args.bot,
        "opponent": args.opponent,
        "opponent_simulations": used,
        "our_seconds_per_decision": round(our_time, 6),
        "hands": args.hands,
        "ours_minus_theirs_per_hand": round(gap, 4),
        "ci95": [gap_low, gap_high],
        "our_points_per_hand": round(ours, 4),
        "our_ci95": [ours_low, ours_high],
        "their_points_per_hand": round(theirs, 4),
        "their_ci95": [theirs_low, theirs_high],
        "time_ratio_ours_to_theirs": round(spent_ours / spent_theirs, 3) if spent_theirs else None,
        "clock": args.clock,
    }
    if args.breakdown:
        result.update(breakdown(played))
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{args.bot} vs OpenSpiel {args.opponent} in OpenSpiel's {result['game']}")
    print(f"  our time per decision     {our_time * 1000:10.3f} ms")
    print(f"  {args.opponent} simulations        {', '.join(map(str, used))}")
    print(f"  time spent, ours / theirs {result['time_ratio_ours_to_theirs']}")
    print(f"  hands (each both ways)    {args.hands:10d}")
    for label, mean, low, high in (
        ("our points per hand", ours, ours_low, ours_high),
        ("their points per hand", theirs, theirs_low, theirs_high),
        ("ours minus theirs", gap, gap_low, gap_high),
    ):
        print(f"  {label:<25} {mean:+10.3f}  (95% CI {low:+.3f} .. {high:+.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
