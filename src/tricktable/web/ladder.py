"""The room's bot ladder: a continuous rated tournament among the bots it seats without people.

``tricktable serve --ladder GAME --ladder-bots medium,hard`` enters those bot levels and
every ``--engine`` program in one ladder of ``GAME``. The ladder is a tournament
(``sim.tournament``) whose number of deal seeds grows by one each round: a round plays every
pairing on one new duplicate deal seed, in both seatings, and the seeds of the rounds before
stay the same (``Tournament.deal_seeds`` is a prefix of one random stream). Its matches are
kept in the room's database (``tt_ladder_matches``), so every process shows the same ladder,
and summed up by ``sim.tournament.summarise``: Bradley-Terry ratings with 95% intervals.

One process plays the ladder at a time: the one holding its lease (the row of
``tt_ladders``), renewed after each match; when that process stops or dies, another takes
the lease over once it lapses. The matches are played in a background thread of that
process (the event loop never waits for them); an engine that fails forfeits its match, and
nothing a match does stops the ladder.

>>> from tricktable.games import GAMES
>>> game = next(iter(GAMES))
>>> LadderSettings.parse(game, ["random", "easy"], SeatEngines()).names
('random', 'easy')
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Float, Integer, String, Table, Text, func, select, text
from sqlalchemy.exc import IntegrityError

from tricktable.bots import make_bot
from tricktable.errors import TricktableError
from tricktable.games import load_game
from tricktable.presentation.labels import bot_label
from tricktable.sim.tournament import Key, Tournament, run_tournament, summarise
from tricktable.web.engines import SeatEngines
from tricktable.web.room import new_process_id
from tricktable.web.store import NOW, Store, metadata

log = logging.getLogger("tricktable.web")

LEASE = 120.0
"""Seconds the ladder's lease holds without renewal (it is renewed after every match, so a
match may last this long before another process could take the ladder over)."""
SEED = 1
"""The seed of every ladder's deal seeds."""
FORFEITS_SHOWN = 20
"""The latest forfeits ``/api/ladder`` lists."""

ladders = Table(
    "tt_ladders",
    metadata,
    Column("key", String(32), primary_key=True),
    Column("settings", Text, nullable=False),
    Column("owner", String(80), nullable=False),
    Column("until", Float, nullable=False),
)
"""Each ladder (its key: a hash of its settings), which process plays it (``owner``) and
until when (the database's clock, seconds since the epoch) unless it renews the lease."""

ladder_matches = Table(
    "tt_ladder_matches",
    metadata,
    Column("ladder", String(32), primary_key=True),
    Column("first", Integer, primary_key=True),
    Column("second", Integer, primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("outcome", Text, nullable=False),
    Column("finished", Float, nullable=False),
)
"""A ladder's finished matches: the tournament's key and the outcome it stores."""


class LadderSpecError(TricktableError):
    """A ``--ladder`` setting the room cannot run."""


@dataclass(frozen=True, slots=True)
class LadderSettings:
    """What the operator asked for: a game and its entries (levels, then engines)."""

    rules: str
    names: tuple[str, ...]
    """The entries as people see them: a level's name, or ``engine:NAME``."""
    bots: tuple[str, ...]
    """The entries as bots are made from them: a level's name, or the engine's ``cmd:``."""
    pause: float = 0.0
    """Seconds between two rounds (``--ladder-pause``)."""

    @classmethod
    def parse(
        cls, game: str, levels: Sequence[str], engines: SeatEngines, pause: float = 0.0
    ) -> LadderSettings:
        """The ladder of ``game`` among ``levels`` and every engine (``LadderSpecError``
        says what is wrong).

        >>> from tricktable.games import GAMES
        >>> LadderSettings.parse(next(iter(GAMES)), ["random"], SeatEngines())
        Traceback (most recent call last):
        ...
        tricktable.web.ladder.LadderSpecError: --ladder needs at least 2 bots: name levels \
with --ladder-bots (e.g. medium,hard) or engines with --engine; it has random
        """
        try:
            loaded = load_game(game)
        except (TricktableError, ValueError) as error:
            raise LadderSpecError(f"--ladder {game!r}: {error}") from None
        names: list[str] = []
        for level in levels:
            level = level.strip()
            try:
                make_bot(level, loaded)
            except TricktableError as error:
                raise LadderSpecError(f"--ladder-bots {level!r}: {error}") from None
            names.append(level)
        bots = [*names, *(engine.spec for engine in engines.by_name.values())]
        names += [engine.seat_bot for engine in engines.by_name.values()]
        if len(names) < 2:
            raise LadderSpecError(
                "--ladder needs at least 2 bots: name levels with --ladder-bots (e.g."
                f" medium,hard) or engines with --engine; it has {', '.join(names) or 'none'}"
            )
        if len(set(names)) != len(names):
            raise LadderSpecError(f"--ladder-bots: each bot may enter once: {', '.join(names)}")
        if not pause >= 0:
            raise LadderSpecError(f"--ladder-pause must be 0 or more seconds, not {pause}")
        try:
            Tournament(loaded, tuple(bots), 1, SEED)
        except ValueError as error:
            raise LadderSpecError(f"--ladder {game!r}: {error}") from None
        return cls(loaded.rule_string(), tuple(names), tuple(bots), pause)

    def tournament(self, rounds: int) -> Tournament:
        """The ladder's first ``rounds`` rounds as a tournament (one deal seed a round)."""
        return Tournament(load_game(self.rules), self.bots, max(1, rounds), SEED)

    @property
    def key(self) -> str:
        """The ladder's name in the database: another game or other entries, another ladder."""
        settings = self.tournament(1).settings()
        settings.pop("games")
        digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()
        return digest[:32]


class LadderStore:
    """A ladder's rows in the room's database: its lease and its matches (synchronous;
    a ``sim.tournament.MatchStore``)."""

    def __init__(self, store: Store, settings: LadderSettings, process: str) -> None:
        self.store = store
        self.settings = settings
        self.key = settings.key
        self.process = process
        postgres = store.engine.dialect.name == "postgresql"
        self._now = NOW if postgres else "((julianday('now') - 2440587.5) * 86400.0)"
        self._standings: dict[str, Any] | None = None

    # -- the lease ----------------------------------------------------------------------------
    def take(self) -> bool:
        """Take or renew the ladder's lease; whether this process holds it now."""
        described = {"rules": self.settings.rules, "bots": list(self.settings.names)}
        with self.store.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO tt_ladders (key, settings, owner, until)"
                    " VALUES (:key, :settings, '', 0) ON CONFLICT (key) DO NOTHING"
                ),
                {"key": self.key, "settings": json.dumps(described)},
            )
            taken = conn.execute(
                text(
                    f"UPDATE tt_ladders SET owner = :me, until = {self._now} + :ttl"
                    f" WHERE key = :key AND (owner = :me OR until < {self._now})"
                ),
                {"me": self.process, "ttl": LEASE, "key": self.key},
            )
            return bool(taken.rowcount == 1)

    def release(self) -> None:
        """Hand the lease over at once (this process stops)."""
        with self.store.engine.begin() as conn:
            conn.execute(
                text("UPDATE tt_ladders SET until = 0 WHERE key = :key AND owner = :me"),
                {"key": self.key, "me": self.process},
            )

    def running(self) -> bool:
        """Whether some process holds the ladder's lease."""
        with self.store.engine.connect() as conn:
            held = conn.execute(
                text(f"SELECT count(*) FROM tt_ladders WHERE key = :key AND until >= {self._now}"),
                {"key": self.key},
            ).scalar_one()
        return bool(held)

    # -- the matches --------------------------------------------------------------------------
    def finished(self) -> set[Key]:
        m = ladder_matches.c
        with self.store.engine.connect() as conn:
            rows = conn.execute(select(m.first, m.second, m.number).where(m.ladder == self.key))
            return {(int(a), int(b), int(n)) for a, b, n in rows}

    def add(self, key: Key, outcome: dict[str, Any], record: Any) -> None:
        """Store one finished match (one another process stored first is kept as it is)."""
        first, second, number = key
        try:
            with self.store.engine.begin() as conn:
                finished = conn.execute(text(f"SELECT {self._now}")).scalar_one()
                conn.execute(
                    ladder_matches.insert().values(
                        ladder=self.key,
                        first=first,
                        second=second,
                        number=number,
                        outcome=json.dumps(outcome),
                        finished=finished,
                    )
                )
        except IntegrityError:
            pass

    def outcomes(self) -> list[tuple[Key, dict[str, Any]]]:
        """Every stored match's key and outcome, in key order."""
        m = ladder_matches.c
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(m.first, m.second, m.number, m.outcome)
                .where(m.ladder == self.key)
                .order_by(m.first, m.second, m.number)
            ).all()
        return [((int(a), int(b), int(n)), json.loads(o)) for a, b, n, o in rows]

    # -- the figures --------------------------------------------------------------------------
    def rounds(self) -> int:
        """How many rounds (deal seeds) the stored matches reach."""
        m = ladder_matches.c
        with self.store.engine.connect() as conn:
            last = conn.execute(select(func.max(m.number)).where(m.ladder == self.key)).scalar_one()
        return 0 if last is None else int(last) // 2 + 1

    def standings(self) -> dict[str, Any]:
        """The ladder as ``/api/ladder`` shows it: ratings with 95% intervals, best first,
        the pairings' results and the latest forfeits (summed up again only when a match
        was added since the last time)."""
        m = ladder_matches.c
        with self.store.engine.connect() as conn:
            played = conn.execute(
                select(func.count()).select_from(ladder_matches).where(m.ladder == self.key)
            ).scalar_one()
        if self._standings is None or self._standings["played"] != played:
            self._standings = self._sum_up()
        return {**self._standings, "running": self.running()}

    def _sum_up(self) -> dict[str, Any]:
        outcomes = self.outcomes()
        rounds = max((number // 2 + 1 for (_, _, number), _ in outcomes), default=0)
        names = self.settings.names
        result = summarise(self.settings.tournament(rounds), _Fixed(outcomes)).to_json()
        ratings = [
            {**row, "bot": names[index], "label": bot_label(names[index])}
            for index, row in enumerate(result["ratings"])
        ]
        ratings.sort(key=lambda row: (-row["elo"], row["bot"]))
        pairs = [
            {**pair, "first": names[pair["first"]], "second": names[pair["second"]]}
            for pair in result["pairs"]
        ]
        shown = {bot: name for bot, name in zip(self.settings.bots, names, strict=True)}
        forfeits = [
            {
                "bot": shown[forfeit["bot"]],
                "against": shown[forfeit["against"]],
                "seed": forfeit["seed"],
                "reason": forfeit["reason"],
            }
            for forfeit in result["forfeits"][-FORFEITS_SHOWN:]
        ]
        return {
            "rules": self.settings.rules,
            "game": load_game(self.settings.rules).name,
            "bots": list(names),
            "rounds": rounds,
            "played": result["played"],
            "ratings": ratings,
            "pairs": pairs,
            "forfeits": forfeits,
        }


class _Fixed:
    """Outcomes already read, as ``summarise`` reads a store."""

    def __init__(self, outcomes: list[tuple[Key, dict[str, Any]]]) -> None:
        self._outcomes = outcomes

    def finished(self) -> set[Key]:
        return {key for key, _ in self._outcomes}

    def add(self, key: Key, outcome: dict[str, Any], record: Any) -> None:
        raise TypeError("the ladder's figures are read-only")

    def outcomes(self) -> list[tuple[Key, dict[str, Any]]]:
        return self._outcomes


class _Stopped(Exception):
    """The ladder stops (the server closes, or another process took its lease)."""


class Ladder:
    """The background thread that plays the ladder's rounds while this process holds its
    lease (``start``, then ``stop`` when the server closes)."""

    def __init__(self, store: Store, settings: LadderSettings) -> None:
        self.rows = LadderStore(store, settings, new_process_id())
        self.settings = settings
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tricktable-ladder", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, wait: float = 30.0) -> None:
        """Stop after the match being played (waiting for it up to ``wait`` seconds), and
        hand the lease over."""
        self._stop.set()
        self._thread.join(timeout=wait)
        try:
            self.rows.release()
        except Exception:  # the database is away: the lease lapses by itself
            log.exception("tricktable: the ladder's lease could not be released")

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                if self.rows.take():
                    self.play_round()
            except _Stopped:
                pass
            except Exception:  # a round's failure never stops the ladder
                log.exception("tricktable: a round of the ladder failed; the next one follows")
            self._stop.wait(self.settings.pause)

    def play_round(self) -> None:
        """Play the next round (and any match of an earlier one left unplayed)."""
        tournament = self.settings.tournament(self.rows.rounds() + 1)

        def after_match(_count: int) -> None:
            if self._stop.is_set() or not self.rows.take():
                raise _Stopped

        if self._stop.is_set():
            raise _Stopped
        run_tournament(tournament, self.rows, progress=after_match)
