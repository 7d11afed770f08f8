"""Bot-against-bot matches: play one match, or many with win rates and confidence intervals.

``play_match`` drives one match: chance events are dealt from ``rng``, every decision is
asked of the seat's bot through that seat's view only. ``simulate`` plays many matches
between named bots, swapping which seats each side holds from match to match, and
returns per-entry figures (matches won, win rate with a Wilson 95% interval, mean points
per deal). Everything follows from the seed: the same seed gives the same result.

>>> from tricktable import load_game
>>> wilson_interval(50, 100)
(0.4038, 0.5962)
>>> seats_for(load_game("euchre(preset=north_american)"), 2, match_index=1)
[1, 0, 1, 0]
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tricktable.core import Game, SeatView, State
from tricktable.engine import EngineError
from tricktable.engine.client import SubprocessBot, seat_words
from tricktable.record import record_of

MAX_DEALS = 10_000
"""A match still undecided after this many deals is abandoned with an error."""

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


class Chooser(Protocol):
    """What ``play_match`` asks of a bot: an action text from one seat's view."""

    def choose(self, view: SeatView, rng: random.Random) -> str:
        """One action of ``view.legal`` in canonical text."""
        ...


class BotError(RuntimeError):
    """A bot answered with an action that is not legal."""


class MatchForfeited(RuntimeError):
    """An engine (``tricktable.engine``) failed: its seat forfeits the match.

    ``state`` is the match as it stood; ``reason`` says what the engine did wrong
    (``seat`` is counted from 0, as the protocol counts; the reason names it both ways).
    """

    def __init__(self, seat: int, reason: str, state: State) -> None:
        super().__init__(f"{seat_words(seat)} forfeits: {reason}")
        self.seat = seat
        self.reason = reason
        self.state = state


def deal_if_due(state: State, rng: random.Random, max_deals: int = MAX_DEALS) -> bool:
    """Deal ``state``'s next deal from ``rng`` if one is due (True when it dealt); a match
    still undecided after ``max_deals`` deals is a ``RuntimeError``."""
    if not state.is_chance():
        return False
    if len(state.deals) >= max_deals:
        raise RuntimeError(f"match undecided after {max_deals} deals")
    state.deal_random(rng)
    return True


def play_match(
    game: Game[Any],
    bots: Sequence[Chooser],
    rng: random.Random,
    *,
    bot_rng: random.Random | None = None,
    first_dealer: int | None = None,
    max_deals: int = MAX_DEALS,
) -> State:
    """Play one whole match; ``bots[s]`` decides for seat ``s``.

    The first dealer (unless given) and every deal come from ``rng``; the bots draw
    their randomness from ``bot_rng`` (default: ``rng`` too). Returns the finished state.
    """
    if len(bots) != game.players:
        raise ValueError(f"{game.name} needs {game.players} bots, got {len(bots)}")
    choice_rng = rng if bot_rng is None else bot_rng
    dealer = game.choose_first_dealer(rng) if first_dealer is None else first_dealer
    state = game.new_state(dealer)
    while not state.is_terminal():
        if deal_if_due(state, rng, max_deals):
            continue
        seat = state.current_player
        view = state.view(seat)
        try:
            text = bots[seat].choose(view, choice_rng)
        except EngineError as error:
            raise MatchForfeited(seat, error.reason, state) from None
        if text not in view.legal:
            raise BotError(f"bot at seat {seat + 1} chose {text!r}; legal: {', '.join(view.legal)}")
        state.apply_text(text)
    return state


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion, rounded to 4 places ((0, 1) for no trials)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def seats_for(game: Game[Any], entries: int, match_index: int) -> list[int]:
    """Which entry (bot name) sits at each seat in match ``match_index``.

    With one entry per side, side ``j`` of the list plays the game's side
    ``(j + match_index) % sides``; with one entry per seat, entry ``i`` sits at seat
    ``(i + match_index) % players`` (partners stay partners, sides change seats).
    """
    sides = game.sides
    if entries == len(sides):
        owner = [0] * game.players
        for j in range(entries):
            for seat in sides[(j + match_index) % len(sides)]:
                owner[seat] = j
        return owner
    if entries == game.players:
        owner = [0] * game.players
        for i in range(entries):
            owner[(i + match_index) % game.players] = i
        return owner
    if len(sides) == game.players:
        wanted = f"{game.players} bot names (one per seat)"
    else:
        wanted = f"{len(sides)} bot names (one per side) or {game.players} (one per seat)"
    raise ValueError(f"{game.name} needs {wanted}, got {entries}")


def filled_seats(game: Game[Any], names: Sequence[str]) -> list[str]:
    """The entries ``sim`` plays from its ``--bots``: one per side or one per seat as given;
    fewer, cycled round the seats (an entry per seat); more than the seats, a ``ValueError``
    saying how many it takes.

    >>> from tricktable import load_game
    >>> filled_seats(load_game("euchre(preset=north_american)"), ["hard", "easy", "random"])
    ['hard', 'easy', 'random', 'hard']
    >>> filled_seats(load_game("euchre(preset=north_american)"), ["hard", "easy"])
    ['hard', 'easy']
    """
    if len(names) in (len(game.sides), game.players):
        return list(names)
    if not names or len(names) > game.players:
        sides = "" if len(game.sides) == game.players else f" (or {len(game.sides)}, one per side)"
        raise ValueError(
            f"{game.name} seats {game.players} players: give 1 to {game.players} bot names,"
            f" one per seat{sides}; fewer are cycled round the seats; got {len(names)}"
        )
    return [names[seat % len(names)] for seat in range(game.players)]


@dataclass(slots=True)
class MatchResult:
    """One simulated match: its state, who sat where and the seed of its cards."""

    index: int
    state: State | None
    """The finished match (``None`` when it was played in a worker process)."""
    names: list[str]
    """Per seat, ``bot:NAME``."""
    owner: list[int]
    """Per seat, the index of its entry in the bot list."""
    seed: int
    saved: dict[str, Any] | None = None
    """The record made in a worker process (when ``state`` is ``None``)."""

    def record(self) -> dict[str, Any]:
        """The match as a game record (RECORDS.md)."""
        if self.state is None:
            if self.saved is None:
                raise ValueError("this match kept neither its state nor its record")
            return self.saved
        return record_of(self.state, names=self.names, seed=self.seed)


@dataclass(slots=True)
class SimResult:
    """Per-entry figures of a simulation, in the order the bots were given."""

    game: str
    rules: str
    """The rule string."""
    bots: list[str]
    matches: int
    deals: int = 0
    wins: list[int] = field(default_factory=list)
    ties: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    """Points scored by each entry's side over all deals."""
    final_scores: list[float] = field(default_factory=list)
    """Sum over matches of each entry's final score (averaged over its sides)."""
    duplicate: bool = False
    """Whether every card seed was replayed in each seating."""
    forfeits: list[dict[str, Any]] = field(default_factory=list)
    """Each match an engine forfeited: ``match`` (its index), ``bot`` and ``reason``."""
    outcomes: list[MatchOutcome] = field(default_factory=list)
    """Every match's outcome, in the order of the plan (for paired figures and plots)."""

    @property
    def win_rate(self) -> list[float]:
        """Matches won / matches played (ties count as not won)."""
        return [round(w / self.matches, 4) if self.matches else 0.0 for w in self.wins]

    @property
    def ci95(self) -> list[tuple[float, float]]:
        """Wilson 95% interval of each win rate."""
        return [wilson_interval(w, self.matches) for w in self.wins]

    @property
    def points_per_deal(self) -> list[float]:
        """Mean points each entry's side scored per deal (thrown-in deals count as 0)."""
        return [round(p / self.deals, 4) if self.deals else 0.0 for p in self.points]

    @property
    def mean_score(self) -> list[float]:
        """Mean final match score of each entry's side."""
        return [round(s / self.matches, 4) if self.matches else 0.0 for s in self.final_scores]

    def to_json(self) -> dict[str, Any]:
        """The object ``tricktable sim --json`` prints."""
        return {
            "game": self.game,
            "rules": self.rules,
            "bots": list(self.bots),
            "matches": self.matches,
            "deals": self.deals,
            "wins": list(self.wins),
            "win_rate": self.win_rate,
            "ci95": [list(ci) for ci in self.ci95],
            "points_per_deal": self.points_per_deal,
            "mean_score": self.mean_score,
            "duplicate": self.duplicate,
            "forfeits": list(self.forfeits),
        }


@dataclass(slots=True)
class MatchOutcome:
    """What ``simulate`` keeps of one match (small and picklable, for worker processes)."""

    index: int
    seed: int
    owner: list[int]
    winner: int | list[int] | None
    final: list[int]
    deal_points: list[list[int]]
    """Each deal's points per side."""
    record: dict[str, Any] | None
    """The match record, when asked for."""
    forfeit: tuple[int, str] | None = None
    """``(seat, reason)`` when an engine at that seat failed and so lost the match."""
    engine_logs: dict[int, dict[str, list[str]]] = field(default_factory=dict)
    """Per seat an engine played, the tails of its stderr and ``info`` lines (where it
    wrote any)."""


def match_plan(
    game: Game[Any], entries: int, matches: int, seed: int, duplicate: bool = False
) -> list[tuple[int, int, list[int]]]:
    """``(index, card seed, owner per seat)`` of every match ``simulate`` plays.

    Without ``duplicate`` match ``m`` has its own card seed and seating ``m``. With it,
    each of ``matches`` card seeds is played once in every seating rotation (2 for two
    sides; one per seat when each seat has its own entry), so every entry holds every
    seat's cards of the same deals and the luck of the deal cancels.

    >>> from tricktable import load_game
    >>> game = load_game("euchre(preset=north_american)")
    >>> [(i, owner) for i, _, owner in match_plan(game, 2, 2, 0, True)]
    [(0, [0, 1, 0, 1]), (1, [1, 0, 1, 0]), (2, [0, 1, 0, 1]), (3, [1, 0, 1, 0])]
    """
    master = random.Random(seed)
    plan: list[tuple[int, int, list[int]]] = []
    if not duplicate:
        for index in range(matches):
            plan.append((index, master.getrandbits(63), seats_for(game, entries, index)))
        return plan
    rotations = len(game.sides) if entries == len(game.sides) else game.players
    for _ in range(matches):
        match_seed = master.getrandbits(63)
        for rotation in range(rotations):
            plan.append((len(plan), match_seed, seats_for(game, entries, rotation)))
    return plan


def play_planned(
    game: Game[Any],
    entries: Sequence[str],
    index: int,
    match_seed: int,
    owner: list[int],
    want_record: bool = False,
) -> tuple[MatchOutcome, State]:
    """Play one match of a plan (the deals from ``match_seed``, bots from a seed derived
    from it) and sum it up."""
    from tricktable.bots import make_bot

    bots = [
        make_bot(entries[owner[seat]], game, seat, trusted=True) for seat in range(game.players)
    ]
    forfeit: tuple[int, str] | None = None
    try:
        state = play_match(
            game, bots, random.Random(match_seed), bot_rng=random.Random(match_seed ^ 0x5EED)
        )
        winner = state.winner()
    except MatchForfeited as forfeited:
        state, forfeit = forfeited.state, (forfeited.seat, forfeited.reason)
        winner = forfeit_winner(game, forfeited.seat)
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if callable(close):
                close()
    engine_logs = {}
    for seat, bot in enumerate(bots):
        if isinstance(bot, SubprocessBot) and (log := bot.log()) != {"stderr": [], "info": []}:
            engine_logs[seat] = log
    names = [f"bot:{entries[o]}" for o in owner]
    outcome = MatchOutcome(
        index=index,
        seed=match_seed,
        owner=list(owner),
        winner=winner,
        final=state.scores(),
        deal_points=[list(summary.points) for summary in state.summaries()],
        record=record_of(state, names=names, seed=match_seed) if want_record else None,
        forfeit=forfeit,
        engine_logs=engine_logs,
    )
    return outcome, state


def forfeit_winner(game: Game[Any], seat: int) -> int | list[int]:
    """Who wins a match that ``seat`` forfeits: the other side, or the other sides together.

    >>> from tricktable import load_game
    >>> forfeit_winner(load_game("euchre(preset=north_american)"), 2)
    1
    """
    others = [index for index, side in enumerate(game.sides) if seat not in side]
    return others[0] if len(others) == 1 else others


def _play_job(job: tuple[str, int, list[str], int, int, list[int], bool]) -> MatchOutcome:
    """A worker process's task: one match of a plan (the game rebuilt from its rules)."""
    from tricktable.games import load_game

    rules, players, entries, index, match_seed, owner, want_record = job
    game = load_game(rules, players=players)
    return play_planned(game, entries, index, match_seed, owner, want_record)[0]


def simulate(
    game: Game[Any],
    bot_names: Sequence[str],
    matches: int,
    seed: int,
    progress: Callable[[int], object] | None = None,
    on_match: Callable[[MatchResult], object] | None = None,
    *,
    duplicate: bool = False,
    workers: int = 1,
) -> SimResult:
    """Play ``matches`` matches between the named bots and gather the figures.

    ``bot_names`` holds one name per side or one per seat (see ``seats_for``).
    Match ``m`` deals from its own seed drawn from ``random.Random(seed)``, so each
    match can be replayed alone; ``progress(1)`` is called after each match and
    ``on_match`` receives every ``MatchResult`` (to save records, say). With
    ``duplicate`` every card seed is replayed in each seating (``match_plan``), so
    ``matches`` seeds give ``matches`` times the rotations matches. ``workers`` > 1
    plays the matches in that many processes; the result is the same as with one.
    """
    if matches < 0:
        raise ValueError(f"matches must be >= 0, not {matches}")
    if workers < 1:
        raise ValueError(f"workers must be >= 1, not {workers}")
    entries = list(bot_names)
    seats_for(game, len(entries), 0)  # checks the number of names
    plan = match_plan(game, len(entries), matches, seed, duplicate)
    result = SimResult(
        game=game.name,
        rules=game.rule_string(),
        bots=entries,
        matches=len(plan),
        wins=[0] * len(entries),
        ties=[0] * len(entries),
        points=[0] * len(entries),
        final_scores=[0.0] * len(entries),
        duplicate=duplicate,
    )
    side_of_seat = {seat: index for index, side in enumerate(game.sides) for seat in side}

    def add(outcome: MatchOutcome) -> None:
        owner = outcome.owner
        # the entries holding each side of the game this match (partners share results)
        side_entries: list[set[int]] = [set() for _ in game.sides]
        for seat in range(game.players):
            side_entries[side_of_seat[seat]].add(owner[seat])
        winner = outcome.winner
        if isinstance(winner, int):
            for entry in side_entries[winner]:
                result.wins[entry] += 1
        elif isinstance(winner, list):
            for side in winner:
                for entry in side_entries[side]:
                    result.ties[entry] += 1
        for entry in range(len(entries)):
            held = [side for side, owners in enumerate(side_entries) if entry in owners]
            if held:
                result.final_scores[entry] += sum(outcome.final[side] for side in held) / len(held)
        for deal in outcome.deal_points:
            result.deals += 1
            for side, points in enumerate(deal):
                for entry in side_entries[side]:
                    result.points[entry] += points
        if outcome.forfeit is not None:
            seat, reason = outcome.forfeit
            result.forfeits.append(
                {
                    "match": outcome.index,
                    "bot": entries[owner[seat]],
                    "seat": seat,
                    "reason": reason,
                    **outcome.engine_logs.get(seat, {"stderr": [], "info": []}),
                }
            )
        result.outcomes.append(outcome)
        if progress is not None:
            progress(1)

    if workers == 1:
        for index, match_seed, owner in plan:
            outcome, state = play_planned(game, entries, index, match_seed, owner)
            add(outcome)
            if on_match is not None:
                names = [f"bot:{entries[o]}" for o in owner]
                on_match(MatchResult(index, state, names, owner, match_seed))
        return result
    from concurrent.futures import ProcessPoolExecutor

    jobs = [
        (game.rule_string(), game.players, entries, index, match_seed, owner, on_match is not None)
        for index, match_seed, owner in plan
    ]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for outcome in pool.map(_play_job, jobs, chunksize=1):
            add(outcome)
            if on_match is not None:
                names = [f"bot:{entries[o]}" for o in outcome.owner]
                on_match(
                    MatchResult(
                        outcome.index,
                        None,
                        names,
                        outcome.owner,
                        outcome.seed,
                        saved=outcome.record,
                    )
                )
    return result
