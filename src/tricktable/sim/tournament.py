"""Tournaments: every pairing of bots (or one against all) on the same duplicate deals.

A ``Tournament`` names a game, its entries (any bot names: levels, ``pimc(worlds=N)``,
``cmd:`` engines), the deal seeds each pairing plays and a seed. Every pairing plays the
same deal seeds, each once in both seatings (the two bots swap seats on the same cards,
so the luck of the deal cancels). ``run_tournament`` plays the matches not yet in its
``TournamentStore`` (in this process, in worker processes, or as Ray tasks: the results
are the same), storing each as it ends, and sums them up from the store: a crosstable of
win rates with 95% intervals, the paired points per deal of each pairing, Bradley-Terry
ratings with 95% intervals, and each entry's points per deal.

>>> from tricktable import load_game
>>> tournament = Tournament(load_game("euchre(preset=north_american)"), ("a", "b", "c"), 2, 0)
>>> tournament.pairings()
[(0, 1), (0, 2), (1, 2)]
>>> pairing_seatings(tournament.game)
[[0, 1, 0, 1], [1, 0, 1, 0]]
"""

from __future__ import annotations

import logging
import random
import socket
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from tricktable.core import Game
from tricktable.errors import TricktableError
from tricktable.sim.arena import play_planned, seats_for, wilson_interval
from tricktable.sim.ratings import Ratings, bradley_terry
from tricktable.sim.stats import PairedDifference, entry_deal_points, paired_difference

FORMATS = ("round-robin", "gauntlet")
"""``round-robin``: every pair of entries; ``gauntlet``: the first entry against each other."""

RAY_CONNECT_TIMEOUT_S = 3.0
"""How long ``check_ray_address`` waits for a cluster's port to answer."""


class RayUnavailable(TricktableError):
    """No Ray cluster could be joined at the address given (or none could be started)."""


def check_ray_address(address: str, timeout: float = RAY_CONNECT_TIMEOUT_S) -> None:
    """``RayUnavailable`` naming ``address`` unless it is ``auto``/``local`` or a Ray
    cluster's gRPC server answers there within ``timeout`` seconds (Ray itself would keep
    trying for minutes).

    >>> check_ray_address("auto")
    >>> check_ray_address("10.0.0.5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tricktable.sim.tournament.RayUnavailable: --ray 10.0.0.5: give HOST:PORT (the head ...
    """
    if address in ("auto", "local"):
        return
    where = address.removeprefix("ray://")
    host, colon, port = where.rpartition(":")
    if not colon or not host or not port.isdigit():
        raise RayUnavailable(
            f"--ray {address}: give HOST:PORT (the head node's address, e.g. 10.0.0.5:6379),"
            " ray://HOST:PORT, auto or local"
        )
    start = f"start one there with `ray start --head --port {port}`, or leave out the address"
    try:
        line = socket.create_connection((host.strip("[]"), int(port)), timeout=timeout)
    except OSError as error:
        why = error.strerror or str(error) or type(error).__name__
        raise RayUnavailable(
            f"no Ray cluster answers at {address} ({why}); {start} for a local one"
        ) from None
    with line:
        try:
            line.sendall(HTTP2_PREFACE)
            answer = _receive(line, 9)
        except OSError:  # silence, or a reset: not a gRPC server
            answer = b""
    if len(answer) < 9 or answer[3] != HTTP2_SETTINGS:
        raise RayUnavailable(
            f"something answers at {address}, but not a Ray cluster (no gRPC there); {start}"
            " for a local one"
        )


HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
"""What an HTTP/2 client sends first (its preface and empty settings): a Ray cluster's
gRPC server answers with its settings."""
HTTP2_SETTINGS = 4
"""The type of an HTTP/2 settings frame (the fourth byte of its header)."""


def _receive(line: socket.socket, size: int) -> bytes:
    """Up to ``size`` bytes from ``line`` (fewer when it closes first)."""
    data = b""
    while len(data) < size:
        chunk = line.recv(size - len(data))
        if not chunk:
            break
        data += chunk
    return data


Key = tuple[int, int, int]
"""A match's place: ``(first entry, second entry, number within the pairing)``."""


class MatchStore(Protocol):
    """Where a tournament's finished matches are kept: a ``TournamentStore`` (a SQLite
    file), or the card room's database for its bot ladder (``web.ladder``)."""

    def finished(self) -> set[Key]: ...

    def add(self, key: Key, outcome: dict[str, Any], record: Any) -> None: ...

    def outcomes(self) -> list[tuple[Key, dict[str, Any]]]: ...


def pairing_seatings(game: Game[Any]) -> list[list[int]]:
    """The two seatings of a pairing: per seat, 0 for the first entry, 1 for the second.

    Two sides: each entry holds one side, then the other. More sides, each seat its own:
    the entries alternate round the table, then swap seats.

    >>> from tricktable import load_game
    >>> pairing_seatings(load_game("bid_euchre(preset=indiana)"))
    [[0, 1, 0, 1], [1, 0, 1, 0]]
    """
    if len(game.sides) == 2:
        return [seats_for(game, 2, rotation) for rotation in range(2)]
    if game.players % 2 == 0 and len(game.sides) == game.players:
        return [[(seat + rotation) % 2 for seat in range(game.players)] for rotation in range(2)]
    raise ValueError(
        f"{game.name} with {game.players} players cannot seat two bots equally; a tournament"
        " needs two sides, or an even number of seats each playing for itself"
    )


@dataclass(frozen=True, slots=True)
class MatchJob:
    """One match to play: everything a worker process or a Ray task needs."""

    rules: str
    players: int
    key: Key
    entries: tuple[str, str]
    seed: int
    owner: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tournament:
    """The settings of a tournament; ``jobs()`` lists every match it plays."""

    game: Game[Any]
    entries: tuple[str, ...]
    games: int
    """Deal seeds per pairing; each is played in both seatings (2 matches)."""
    seed: int
    format: str = "round-robin"

    def __post_init__(self) -> None:
        if len(self.entries) < 2:
            raise ValueError(f"a tournament needs at least 2 bots, not {len(self.entries)}")
        if len(set(self.entries)) != len(self.entries):
            raise ValueError(f"each bot may enter once: {', '.join(self.entries)}")
        if self.format not in FORMATS:
            raise ValueError(f"unknown format {self.format!r}; formats: {', '.join(FORMATS)}")
        if self.games < 1:
            raise ValueError(f"games must be >= 1, not {self.games}")
        pairing_seatings(self.game)

    def settings(self) -> dict[str, Any]:
        """What identifies the tournament (a store refuses another's)."""
        return {
            "rules": self.game.rule_string(),
            "players": self.game.players,
            "entries": list(self.entries),
            "games": self.games,
            "seed": self.seed,
            "format": self.format,
        }

    def pairings(self) -> list[tuple[int, int]]:
        """The pairs of entries that meet, each ``(first, second)`` with ``first < second``."""
        count = len(self.entries)
        if self.format == "gauntlet":
            return [(0, other) for other in range(1, count)]
        return [(a, b) for a in range(count) for b in range(a + 1, count)]

    def deal_seeds(self) -> list[int]:
        """The deal seeds every pairing plays."""
        master = random.Random(self.seed)
        return [master.getrandbits(63) for _ in range(self.games)]

    def jobs(self) -> list[MatchJob]:
        """Every match, pairing by pairing, seed by seed, seating by seating."""
        seatings = pairing_seatings(self.game)
        rules, players = self.game.rule_string(), self.game.players
        jobs = []
        for first, second in self.pairings():
            entries = (self.entries[first], self.entries[second])
            for index, seed in enumerate(self.deal_seeds()):
                for rotation, owner in enumerate(seatings):
                    key = (first, second, index * len(seatings) + rotation)
                    jobs.append(MatchJob(rules, players, key, entries, seed, tuple(owner)))
        return jobs


def play_job(job: MatchJob) -> tuple[Key, dict[str, Any], dict[str, Any]]:
    """Play one match: ``(key, outcome, record)``; the outcome is what the store keeps."""
    from tricktable.games import load_game

    game = load_game(job.rules, players=job.players)
    outcome, _ = play_planned(
        game, list(job.entries), job.key[2], job.seed, list(job.owner), want_record=True
    )
    forfeit = None
    if outcome.forfeit is not None:
        seat, reason = outcome.forfeit
        log = outcome.engine_logs.get(seat, {"stderr": [], "info": []})
        forfeit = {"seat": seat, "entry": job.owner[seat], "reason": reason, **log}
    stored = {
        "seed": job.seed,
        "owner": list(job.owner),
        "winner": outcome.winner,
        "final": outcome.final,
        "deal_points": outcome.deal_points,
        "forfeit": forfeit,
        "score": first_score(game, job.owner, outcome.winner, forfeit),
        "engine_logs": {str(seat): log for seat, log in sorted(outcome.engine_logs.items())},
    }
    assert outcome.record is not None
    return job.key, stored, outcome.record


def first_score(
    game: Game[Any],
    owner: Iterable[int],
    winner: int | list[int] | None,
    forfeit: dict[str, Any] | None,
) -> float:
    """The first entry's share of the match: 1 won, 0 lost, 0.5 tied (a forfeit loses).

    >>> from tricktable import load_game
    >>> first_score(load_game("euchre(preset=north_american)"), [1, 0, 1, 0], 1, None)
    1.0
    """
    if forfeit is not None:
        return 0.0 if forfeit["entry"] == 0 else 1.0
    seats = list(owner)
    winners = [winner] if isinstance(winner, int) else list(winner or [])
    holders = {seats[seat] for side in winners for seat in game.sides[side]}
    if holders == {0}:
        return 1.0
    if holders == {1}:
        return 0.0
    return 0.5


@dataclass(slots=True)
class PairResult:
    """How the first entry of a pairing did against the second."""

    first: int
    second: int
    matches: int = 0
    score: float = 0.0
    """The first entry's matches won, ties counting half."""
    ties: int = 0
    forfeits: int = 0
    paired: PairedDifference | None = None
    """Points per deal of the first minus the second on the same deals."""

    @property
    def win_rate(self) -> float:
        return round(self.score / self.matches, 4) if self.matches else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.score, self.matches)

    def to_json(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "second": self.second,
            "matches": self.matches,
            "score": self.score,
            "win_rate": self.win_rate,
            "ci95": list(self.ci95),
            "ties": self.ties,
            "forfeits": self.forfeits,
            "paired_points_per_deal": None if self.paired is None else self.paired.to_json(),
        }


@dataclass(slots=True)
class TournamentResult:
    """The sums of a tournament's stored matches."""

    settings: dict[str, Any]
    entries: list[str]
    planned: int
    """Matches the tournament plays in all."""
    pairs: list[PairResult]
    ratings: Ratings
    matches: list[int]
    """Matches each entry played."""
    score: list[float]
    """Each entry's matches won (ties half)."""
    deals: list[int]
    points: list[float]
    """Each entry's points over all its deals."""
    match_points: list[list[float]] = field(default_factory=list)
    """Per entry, each of its matches' mean points per deal (for the distributions)."""
    forfeits: list[dict[str, Any]] = field(default_factory=list)

    @property
    def played(self) -> int:
        return sum(pair.matches for pair in self.pairs)

    @property
    def points_per_deal(self) -> list[float]:
        return [round(p / d, 4) if d else 0.0 for p, d in zip(self.points, self.deals, strict=True)]

    def pair(self, a: int, b: int) -> PairResult | None:
        """The pairing of ``a`` and ``b`` as seen from ``a`` (``None``: they did not meet)."""
        for pair in self.pairs:
            if (pair.first, pair.second) == (a, b):
                return pair
            if (pair.first, pair.second) == (b, a):
                flipped = PairResult(b, a, pair.matches, pair.matches - pair.score, pair.ties)
                flipped.forfeits = pair.forfeits
                if pair.paired is not None:
                    ci = pair.paired.ci95
                    flipped.paired = PairedDifference(
                        -pair.paired.mean,
                        None if ci is None else (-ci[1], -ci[0]),
                        pair.paired.deals,
                        pair.paired.seeds,
                    )
                return flipped
        return None

    def to_json(self) -> dict[str, Any]:
        """The object ``tricktable tournament --json`` prints."""
        return {
            "settings": self.settings,
            "entries": list(self.entries),
            "planned": self.planned,
            "played": self.played,
            "ratings": [
                {
                    "bot": name,
                    "elo": self.ratings.elo[index],
                    "ci95": list(self.ratings.ci95[index]),
                    "matches": self.matches[index],
                    "score": self.score[index],
                    "points_per_deal": self.points_per_deal[index],
                    "deals": self.deals[index],
                }
                for index, name in enumerate(self.entries)
            ],
            "pairs": [pair.to_json() for pair in self.pairs],
            "forfeits": list(self.forfeits),
        }


def summarise(tournament: Tournament, store: MatchStore) -> TournamentResult:
    """The figures of every match in ``store`` (in key order: the same whoever played them)."""
    game = tournament.game
    count = len(tournament.entries)
    pairs = {pair: PairResult(*pair) for pair in tournament.pairings()}
    margins: dict[tuple[int, int], dict[int, list[list[float]]]] = defaultdict(dict)
    result = TournamentResult(
        settings=tournament.settings(),
        entries=list(tournament.entries),
        planned=len(tournament.pairings()) * tournament.games * len(pairing_seatings(game)),
        pairs=list(pairs.values()),
        ratings=Ratings([], [], []),
        matches=[0] * count,
        score=[0.0] * count,
        deals=[0] * count,
        points=[0.0] * count,
        match_points=[[] for _ in range(count)],
    )
    for (first, second, _), outcome in store.outcomes():
        pair = pairs[(first, second)]
        score = float(outcome["score"])
        pair.matches += 1
        pair.score += score
        pair.ties += score == 0.5
        result.matches[first] += 1
        result.matches[second] += 1
        result.score[first] += score
        result.score[second] += 1 - score
        per_entry = []
        for side, entry in ((0, first), (1, second)):
            points = entry_deal_points(game, outcome["owner"], outcome["deal_points"], side)
            per_entry.append(points)
            result.deals[entry] += len(points)
            result.points[entry] += sum(points)
            if points:
                result.match_points[entry].append(round(sum(points) / len(points), 4))
        seatings = margins[(first, second)].setdefault(int(outcome["seed"]), [])
        seatings.append([a - b for a, b in zip(per_entry[0], per_entry[1], strict=True)])
        forfeit = outcome["forfeit"]
        if forfeit is not None:
            pair.forfeits += 1
            loser = (first, second)[forfeit["entry"]]
            result.forfeits.append(
                {
                    "bot": tournament.entries[loser],
                    "against": tournament.entries[second if loser == first else first],
                    "seed": outcome["seed"],
                    "seat": forfeit["seat"],
                    "reason": forfeit["reason"],
                    "stderr": forfeit.get("stderr", []),
                    "info": forfeit.get("info", []),
                }
            )
    for key, pair in pairs.items():
        if pair.matches:
            pair.paired = paired_difference(margins[key])
    met = [(p.first, p.second, p.score, p.matches) for p in pairs.values() if p.matches]
    if met:
        result.ratings = bradley_terry(count, met)
    else:
        result.ratings = Ratings([0.0] * count, [(0.0, 0.0)] * count, [0.0] * count)
    return result


Progress = Callable[[int], object]


def run_tournament(
    tournament: Tournament,
    store: MatchStore,
    *,
    workers: int = 1,
    ray_address: str | None = None,
    use_ray: bool = False,
    progress: Progress | None = None,
) -> TournamentResult:
    """Play the matches ``store`` lacks, store each as it ends, and sum them all up.

    ``workers`` > 1 plays in that many processes; ``use_ray`` runs each match as a Ray task
    (on the cluster at ``ray_address``, or a local one). Every way gives the same result.
    """
    done = store.finished()
    jobs = [job for job in tournament.jobs() if job.key not in done]

    def keep(answer: tuple[Key, dict[str, Any], dict[str, Any]]) -> None:
        store.add(*answer)
        if progress is not None:
            progress(1)

    if use_ray:
        _run_on_ray(jobs, keep, ray_address)
    elif workers > 1 and len(jobs) > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_job, job) for job in jobs]
            try:
                for future in as_completed(futures):
                    keep(future.result())
            finally:
                for future in futures:
                    future.cancel()
    else:
        for job in jobs:
            keep(play_job(job))
    return summarise(tournament, store)


def _run_on_ray(
    jobs: list[MatchJob],
    keep: Callable[[tuple[Key, dict[str, Any], dict[str, Any]]], None],
    address: str | None,
) -> None:
    """Each match a Ray task (one CPU each), kept as it ends."""
    import ray  # the `ray` extra

    started = not ray.is_initialized()
    if started:
        if address is not None:
            check_ray_address(address)
        try:
            ray.init(address=address, include_dashboard=False, logging_level=logging.WARNING)
        except Exception as error:  # Ray raises many kinds; each means the same here
            where = "a local Ray instance" if address is None else f"the Ray cluster at {address}"
            raise RayUnavailable(f"cannot join {where}: {error}") from None
    try:
        task = ray.remote(num_cpus=1)(play_job)
        pending = [task.remote(job) for job in jobs]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for reference in finished:
                keep(ray.get(reference))
    finally:
        if started:
            ray.shutdown()
