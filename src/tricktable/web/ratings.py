"""Ratings of people, per game, with OpenSkill (Weng-Lin Plackett-Luce).

A rated match is played on fair deals (no seed its creator gave, no record it plays on
from), with every seat held by one player for the whole match, and only bots that held
their seats from the table's creation (a bot the host seated later chose its level knowing
the match: "host-controlled"). After it every person with a profile is rated, partners as a
team, every side ranked by the match's result; a bot plays at its level's fixed rating
(``bot_ratings.json``, measured by ``tools/bot_ratings.py`` from ``tricktable tournament``
matches on the same scale), and a person without a profile at a newcomer's rating (neither
is stored). ``openskill`` is imported lazily (the ``web`` extra).

>>> from tricktable.games import GAME_NAMES
>>> game = GAME_NAMES[0]  # Euchre: partners 0 and 2 against 1 and 3
>>> plan = rating_plan(game, [[0, 2], [1, 3]], 0,
...     [("human", ""), ("human", ""), ("human", ""), ("human", "")],
...     [[["Ann"], ["Bo"], ["Cy"], ["Di"]]], None, [])
>>> plan.ranks, plan.people
([1, 2], [0, 1, 2, 3])
>>> after = rate(plan, {})
>>> after[0].mu > NEWCOMER.mu > after[1].mu
True
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BOT_RATINGS = Path(__file__).parent / "bot_ratings.json"
"""The bots' fixed ratings per game and level, with how they were measured (one place)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill estimate: ``mu`` (the mean) and ``sigma`` (its uncertainty, one standard
    deviation); ``shown`` is ``mu - 3 sigma``, the conservative figure leaderboards sort by.

    >>> Rating(30.0, 2.0).shown
    24.0
    """

    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, float]:
        return {
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "shown": round(self.shown, 3),
        }


NEWCOMER = Rating(25.0, 25.0 / 3.0)
"""Where every person starts (OpenSkill's defaults)."""

UNRATED_REASONS = {
    "branch": "its deals were taken from a record its creator chose",
    "seeded": "its deals came from a seed its creator gave",
    "host_bot": "the host seated a bot after the table was created",
    "changed_hands": "a seat changed hands during the match",
    "unmeasured_bot": "a bot without a measured rating played",
}
"""Why a finished match counts for no rating, by the code its summary gives."""


@functools.cache
def bot_ratings() -> dict[str, dict[str, Rating]]:
    """Per game, per bot name, its fixed rating (``bot_ratings.json``)."""
    data = json.loads(BOT_RATINGS.read_text(encoding="utf-8"))
    return {
        game: {bot: Rating(float(r["mu"]), float(r["sigma"])) for bot, r in levels.items()}
        for game, levels in data["games"].items()
    }


def bot_rating(game: str, bot: str) -> Rating | None:
    """The fixed rating of bot ``bot`` in ``game`` (``None``: never measured).

    >>> from tricktable.games import GAME_NAMES
    >>> bot_rating(GAME_NAMES[0], "medium").mu > bot_rating(GAME_NAMES[0], "easy").mu
    True
    """
    return bot_ratings().get(game, {}).get(bot.strip().lower())


@dataclass(frozen=True, slots=True)
class RatingPlan:
    """What a finished rated match says: its sides (seats), each side's rank (1: first), the
    bots' fixed ratings by seat and the seats of people."""

    game: str
    sides: list[list[int]]
    ranks: list[int]
    bots: dict[int, Rating]
    people: list[int]


def side_ranks(sides: int, winner: int | Sequence[int] | None) -> list[int]:
    """Each side's rank: 1 for the winners (several tie), 2 for every other side. Only the
    winner is the game's verdict (scores mean different things in different games: in some
    the lowest wins), so the other sides tie.

    >>> side_ranks(2, 1), side_ranks(3, [0, 2]), side_ranks(4, 2)
    ([2, 1], [1, 2, 1], [2, 2, 1, 2])
    """
    won = {winner} if isinstance(winner, int) else set(winner or ())
    return [1 if side in won else 2 for side in range(sides)]


def unrated_reason(
    known: str | None,
    seats: Sequence[tuple[str, str]],
    game: str,
    seat_log: Sequence[tuple[int, str | None, bool]] | None,
) -> str | None:
    """Why a table's match counts for no rating (a key of ``UNRATED_REASONS``), or ``None``.

    ``seats``: each seat's ``(kind, bot)`` as now; ``seat_log``: ``(deal, player,
    until_deal_end)`` of each change of holder (deal ``-1``: from the creation).

    >>> from tricktable.games import GAME_NAMES
    >>> seats = [("bot", "easy"), ("human", "easy")]
    >>> unrated_reason(None, seats, GAME_NAMES[0], [(-1, "bot:easy", False)])
    >>> unrated_reason(None, [("bot", "easy")], GAME_NAMES[0], [(0, "bot:easy", False)])
    'host_bot'
    """
    if known is not None:
        return known
    if seat_log is None:
        return "changed_hands"  # a table from before the seats were logged
    for deal, player, until_deal_end in seat_log:
        if until_deal_end or (deal >= 0 and player is not None and player.startswith("bot:")):
            return "host_bot"
    for kind, bot in seats:
        if kind == "bot" and bot_rating(game, bot) is None:
            return "unmeasured_bot"
    return None


def rating_plan(
    game: str,
    sides: Sequence[Sequence[int]],
    winner: int | Sequence[int] | None,
    seats: Sequence[tuple[str, str]],
    played: Sequence[Sequence[Sequence[str]]],
    known: str | None,
    seat_log: Sequence[tuple[int, str | None, bool]] | None,
) -> RatingPlan | str:
    """The plan that rates a finished match, or the reason it is unrated.

    ``played``: per deal, per seat, who played it (the record's ``played_by``)."""
    reason = unrated_reason(known, seats, game, seat_log)
    if reason is not None:
        return reason
    for seat in range(len(seats)):
        holders = {tuple(deal[seat]) for deal in played}
        if len(holders) != 1 or len(next(iter(holders))) != 1:
            return "changed_hands"
    bots: dict[int, Rating] = {}
    for seat, (kind, bot) in enumerate(seats):
        if kind == "bot":
            rating = bot_rating(game, bot)
            if rating is None:
                return "unmeasured_bot"
            bots[seat] = rating
    people = [seat for seat, (kind, _) in enumerate(seats) if kind != "bot"]
    ranks = side_ranks(len(sides), winner)
    return RatingPlan(game, [list(side) for side in sides], ranks, bots, people)


def rate(plan: RatingPlan, current: Mapping[int, Rating]) -> dict[int, Rating]:
    """The people's ratings after the match, by seat, from ``current`` (by seat; a person
    missing there plays at ``NEWCOMER``); the bots' fixed ratings take part unchanged."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()

    def before(seat: int) -> Rating:
        return plan.bots.get(seat) or current.get(seat) or NEWCOMER

    teams = [
        [model.rating(mu=before(s).mu, sigma=before(s).sigma) for s in side] for side in plan.sides
    ]
    after = model.rate(teams, ranks=[float(rank) for rank in plan.ranks])
    out: dict[int, Rating] = {}
    for side, team in zip(plan.sides, after, strict=True):
        for seat, rating in zip(side, team, strict=True):
            if seat in plan.people:
                out[seat] = Rating(float(rating.mu), float(rating.sigma))
    return out


def fit_bots(
    matches: Sequence[tuple[Sequence[Sequence[str]], Sequence[int]]],
    fixed: Mapping[str, Rating] | None = None,
) -> dict[str, Rating]:
    """Ratings of bots from their matches, as OpenSkill rates people: each match's teams
    (bot names per side, a bot may fill several seats) and ranks, in order, everyone from
    ``NEWCOMER``. A bot filling several seats moves by their mean change. A bot of
    ``fixed`` plays at its rating there and keeps it, as a bot does at a rated table.

    >>> fitted = fit_bots([([["a", "a"], ["b", "b"]], [1, 2])] * 30)
    >>> fitted["a"].mu > 25 > fitted["b"].mu
    True
    >>> anchored = fit_bots([([["a"], ["b"]], [1, 2])] * 3, fixed={"b": Rating(30.0, 2.0)})
    >>> anchored["b"], anchored["a"].mu > 30
    (Rating(mu=30.0, sigma=2.0), True)
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, Rating] = dict(fixed or {})
    for teams, ranks in matches:
        current = [[ratings.get(bot, NEWCOMER) for bot in side] for side in teams]
        after = model.rate(
            [[model.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in current],
            ranks=[float(rank) for rank in ranks],
        )
        moved: dict[str, list[Rating]] = {}
        for side, team in zip(teams, after, strict=True):
            for bot, rating in zip(side, team, strict=True):
                moved.setdefault(bot, []).append(Rating(float(rating.mu), float(rating.sigma)))
        for bot, news in moved.items():
            if fixed is not None and bot in fixed:
                continue
            ratings[bot] = Rating(
                sum(r.mu for r in news) / len(news), sum(r.sigma for r in news) / len(news)
            )
    return ratings


def reason_text(code: str) -> str:
    """Why a match is unrated, in words.

    >>> reason_text("seeded")
    'its deals came from a seed its creator gave'
    """
    return UNRATED_REASONS.get(code, code)


def to_json(ratings: Mapping[str, Rating]) -> dict[str, Any]:
    return {name: rating.to_json() for name, rating in ratings.items()}
