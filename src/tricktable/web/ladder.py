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

Remote bots enter too: every bot account connected to the room (it asked for seats within
``remote_bots.PRESENT_S``: ``tricktable connect`` does so all the time) is entered in the
ladder once (``tt_ladder_bots``, after the levels and engines) and, each round while it is
connected, meets every other entry on that round's deal seed in both seatings. Those
matches are real tables of the room (``LadderTables``): the ladder's process opens each with
the account's seats marked "bot wanted" for it, the others played by the levels and engines
(or other accounts), dealt from the table seed ``ladder-SEED``, so both seatings of a
pairing play the same cards; the tables are private (no person finds one to sit at). Its
outcome is stored with the others' and rated with them. An account that does not take its
seats within ``JOIN_S``, or loses a seat at the table (it left, let its turn pass, or broke
a rule), forfeits that match; the ladder goes on.

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
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import (
    Column,
    Float,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    func,
    select,
    text,
)
from sqlalchemy.exc import IntegrityError

from tricktable.bots import make_bot
from tricktable.errors import TricktableError
from tricktable.games import load_game
from tricktable.presentation.labels import bot_label, remote_bot_label
from tricktable.sim.arena import forfeit_winner
from tricktable.sim.tournament import (
    Key,
    Tournament,
    first_score,
    pairing_seatings,
    play_job,
    summarise,
)
from tricktable.web.engines import STAND_IN, SeatEngines
from tricktable.web.remote_bots import bot_accounts, present_accounts
from tricktable.web.room import new_process_id
from tricktable.web.store import NOW, Store, metadata
from tricktable.web.tables import Rejected

if TYPE_CHECKING:
    import asyncio

    from tricktable.web.manager import TableManager

log = logging.getLogger("tricktable.web")
T = TypeVar("T")

LEASE = 120.0
"""Seconds the ladder's lease holds without renewal (it is renewed after every match, so a
match may last this long before another process could take the ladder over)."""
SEED = 1
"""The seed of every ladder's deal seeds."""
FORFEITS_SHOWN = 20
"""The latest forfeits ``/api/ladder`` lists."""
JOIN_S = 60.0
"""Seconds a remote bot has to take its seats at a ladder table before it forfeits."""
AWAY_S = 5.0
"""Seconds a remote bot may be away from its ladder table (its connection gone) before it
loses the seat on its turn, and forfeits the match."""
LOOK_S = 0.25
"""Seconds between two looks of the ladder at a table it plays."""
REMOTE = "remote:"
"""What an account's entry is called in the ladder's tournament (``remote:NAME``)."""

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

ladder_bots = Table(
    "tt_ladder_bots",
    metadata,
    Column("ladder", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("account", String(32), nullable=False),
    UniqueConstraint("ladder", "account", name="tt_ladder_bots_account"),
)
"""The bot accounts a ladder has entered, each with its number among them (its entry in
the ladder's tournament comes after the levels and engines)."""


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

    def tournament(self, rounds: int, accounts: Sequence[str] = ()) -> Tournament:
        """The ladder's first ``rounds`` rounds as a tournament (one deal seed a round),
        with the bot ``accounts`` it entered after the levels and engines."""
        entries = (*self.bots, *(f"{REMOTE}{name}" for name in accounts))
        return Tournament(load_game(self.rules), entries, max(1, rounds), SEED)

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

    # -- the remote bots -----------------------------------------------------------------------
    def accounts(self) -> list[tuple[str, str]]:
        """The bot accounts the ladder entered, in entry order: each one's name and owner
        (``""``: the account was removed since)."""
        b, a = ladder_bots.c, bot_accounts.c
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(b.account, a.owner)
                .select_from(ladder_bots.outerjoin(bot_accounts, a.name == b.account))
                .where(b.ladder == self.key)
                .order_by(b.number)
            ).all()
        return [(str(name), str(owner or "")) for name, owner in rows]

    def enter(self, account: str) -> int:
        """Enter the bot ``account`` (once); its entry's index in the ladder's tournament."""
        for _ in range(5):  # another process may enter one at the same number meanwhile
            names = [name for name, _ in self.accounts()]
            if account in names:
                return len(self.settings.names) + names.index(account)
            try:
                with self.store.engine.begin() as conn:
                    conn.execute(
                        ladder_bots.insert().values(
                            ladder=self.key, number=len(names), account=account
                        )
                    )
            except IntegrityError:
                continue
        names = [name for name, _ in self.accounts()]
        return len(self.settings.names) + names.index(account)

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
        fixed = len(self.settings.names)
        met = {entry for (first, second, _), _ in outcomes for entry in (first, second)}
        entered = self.accounts()  # shown once they played (a rating needs a match)
        kept = [index for index in range(fixed + len(entered)) if index < fixed or index in met]
        renumber = {old: new for new, old in enumerate(kept)}
        outcomes = [((renumber[a], renumber[b], n), o) for (a, b, n), o in outcomes]
        accounts = [entered[index - fixed] for index in kept[fixed:]]
        names = (*self.settings.names, *(name for name, _ in accounts))
        owners: list[str | None] = [None] * len(self.settings.names)
        owners += [owner for _, owner in accounts]
        tournament = self.settings.tournament(rounds, [name for name, _ in accounts])
        result = summarise(tournament, _Fixed(outcomes)).to_json()
        ratings = [
            {
                **row,
                "bot": names[index],
                "owner": owners[index],
                "label": (
                    bot_label(names[index])
                    if owners[index] is None
                    else remote_bot_label(names[index], owners[index] or "?")
                ),
            }
            for index, row in enumerate(result["ratings"])
        ]
        ratings.sort(key=lambda row: (-row["elo"], row["bot"]))
        pairs = [
            {**pair, "first": names[pair["first"]], "second": names[pair["second"]]}
            for pair in result["pairs"]
        ]
        shown = {bot: name for bot, name in zip(tournament.entries, names, strict=True)}
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
    lease (``start``, then ``stop`` when the server closes). With ``tables`` (the room's
    tables) connected remote bots enter it too, their matches played at tables."""

    def __init__(
        self, store: Store, settings: LadderSettings, tables: LadderTables | None = None
    ) -> None:
        self.rows = LadderStore(store, settings, new_process_id())
        self.settings = settings
        self.tables = tables
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

    def _after_match(self) -> None:
        if self._stop.is_set() or not self.rows.take():
            raise _Stopped

    def play_round(self) -> None:
        """Play the next round (and any match of an earlier one left unplayed), then the
        connected remote bots' matches of that round."""
        if self._stop.is_set():
            raise _Stopped
        tournament = self.settings.tournament(self.rows.rounds() + 1)
        done = self.rows.finished()
        for job in tournament.jobs():
            if job.key not in done:
                self.rows.add(*play_job(job))
                self._after_match()
        if self.tables is not None:
            self.play_remote_round(tournament.games - 1, tournament.deal_seeds()[-1])

    def play_remote_round(self, index: int, seed: int) -> None:
        """The matches of round ``index`` (dealt from ``seed``) of every connected remote
        bot against every other entry, each at a table of the room."""
        assert self.tables is not None
        present = {account.name for account in present_accounts(self.rows.store)}
        if not present:
            return
        entered = {self.rows.enter(name): name for name in sorted(present)}
        fixed = range(len(self.settings.names))
        game = load_game(self.settings.rules)
        seatings = pairing_seatings(game)
        done = self.rows.finished()
        for first, second in combinations([*fixed, *sorted(entered)], 2):
            if second not in entered:
                continue
            for rotation, owner in enumerate(seatings):
                key = (first, second, index * len(seatings) + rotation)
                if key in done:
                    continue
                playing = {entered[e] for e in (first, second) if e in entered}
                if not playing <= {a.name for a in present_accounts(self.rows.store)}:
                    continue  # one left the room: it is not waited for
                entries = tuple(
                    entered[e] if e in entered else self.settings.names[e] for e in (first, second)
                )
                match = TableMatch(
                    self.settings.rules,
                    key,
                    (entries[0], entries[1]),
                    (first in entered, second in entered),
                    seed,
                    tuple(owner),
                )
                outcome = self.tables.play(match, self._stop, self.rows.take)
                if outcome is None:
                    raise _Stopped
                self.rows.add(key, outcome, None)
                self._after_match()


@dataclass(frozen=True, slots=True)
class TableMatch:
    """One ladder match with a remote bot in it, to play at a table of the room."""

    rules: str
    key: Key
    entries: tuple[str, str]
    """The first entry and the second: a level, ``engine:NAME`` or a bot account's name."""
    remote: tuple[bool, bool]
    """Whether each entry is a bot account (its seats are "bot wanted" for it)."""
    seed: int
    owner: tuple[int, ...]
    """Per seat, 0 for the first entry, 1 for the second."""

    def table_request(self) -> tuple[dict[str, Any], dict[int, str]]:
        """The table to open (as the lobby's form asks) and its seats wanted for accounts.

        >>> from tricktable.games import GAMES
        >>> four = next(name for name in GAMES if load_game(name).players == 4)
        >>> match = TableMatch(four, (0, 2, 1), ("random", "alpha"), (False, True), 7,
        ...                    (1, 0, 1, 0))
        >>> data, wanted = match.table_request()
        >>> [seat["kind"] for seat in data["seats"]], wanted, data["seed"]
        (['human', 'bot', 'human', 'bot'], {0: 'alpha', 2: 'alpha'}, 'ladder-7')
        """
        game = load_game(self.rules)
        seats: list[dict[str, Any]] = []
        wanted: dict[int, str] = {}
        for seat, entry in enumerate(self.owner):
            if self.remote[entry]:
                seats.append({"kind": "human"})
                wanted[seat] = self.entries[entry]
            else:
                seats.append({"kind": "bot", "bot": self.entries[entry]})
        data = {
            "game": game.name,
            "rules": game.rules_dict(),
            "players": game.players,
            "seats": seats,
            "seed": f"ladder-{self.seed}",
            "bot_delay": 0,
            "turn_timer": None,
            "autoplay_after": AWAY_S,
            "private": True,  # not in the lobby: no person takes a seat wanted for a bot
        }
        return data, wanted

    def outcome(self, state: Any, forfeit: tuple[int, str] | None) -> dict[str, Any]:
        """What the ladder stores of the match played to ``state`` (``forfeit``: the seat
        that forfeited it, and why), as ``sim.tournament.play_job`` stores a match."""
        game = load_game(self.rules)
        lost = None
        if forfeit is None:
            winner = state.winner()
        else:
            seat, reason = forfeit
            winner = forfeit_winner(game, seat)
            lost = {"seat": seat, "entry": self.owner[seat], "reason": reason}
            lost.update(stderr=[], info=[])
        return {
            "seed": self.seed,
            "owner": list(self.owner),
            "winner": winner,
            "final": state.scores(),
            "deal_points": [list(summary.points) for summary in state.summaries()],
            "forfeit": lost,
            "score": first_score(game, self.owner, winner, lost),
            "engine_logs": {},
        }


RENEW_S = 20.0
"""Seconds between two renewals of the ladder's lease while a table match lasts."""


class LadderTables:
    """Plays the ladder's matches with remote bots at tables of the room: the ladder's
    thread asks, the server's event loop (``loop``) opens and follows the tables."""

    def __init__(self, manager: TableManager, loop: asyncio.AbstractEventLoop) -> None:
        self.manager = manager
        self.loop = loop

    def _call(self, work: Coroutine[Any, Any, T]) -> T:
        import asyncio

        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout=120)

    def play(
        self, match: TableMatch, stop: threading.Event, renew: Callable[[], bool]
    ) -> dict[str, Any] | None:
        """Play ``match`` at a new table to its end, or to a remote bot's forfeit; the
        outcome to store (``None``: ``stop`` was set, or ``renew`` lost the lease)."""
        data, wanted = match.table_request()
        created = self._call(self.manager.create(data, "ladder", bot_wanted=wanted))
        table_id, host_token = created["id"], created["host_token"]
        log.info("tricktable: ladder match %s at table %s", match.key, table_id)
        joined_by = time.monotonic() + JOIN_S
        renewed = asked_by = time.monotonic()
        while not stop.wait(LOOK_S):
            if time.monotonic() - renewed >= RENEW_S:
                if not renew():
                    return None
                renewed = time.monotonic()
            look = self._call(self._look(table_id, match, set(wanted)))
            if look is not None:
                return look
            if joined_by == float("inf"):
                continue
            missing = self._call(self._missing(table_id, set(wanted)))
            if not missing:
                joined_by = float("inf")  # every seat taken: the match is under way
                continue
            late: list[int] = []
            if time.monotonic() >= joined_by:
                late, reason = sorted(missing), f"did not take its seat within {JOIN_S:g} s"
            elif time.monotonic() >= asked_by:  # once a second: did it leave the room?
                present = {account.name for account in present_accounts(self.manager.store)}
                late = sorted(seat for seat in missing if wanted[seat] not in present)
                reason = "left the room before taking its seat"
                asked_by = time.monotonic() + 1.0
            if late:
                self._call(self._give_away(table_id, host_token, missing))
                seat = late[0]
                return self._call(self._forfeit(table_id, match, seat, reason))
        return None

    async def _table(self, table_id: str) -> Any:
        table = await self.manager.lookup(table_id)
        if table is None:
            raise TricktableError(f"the ladder's table {table_id} is gone")
        return table

    async def _look(
        self, table_id: str, match: TableMatch, wanted: set[int]
    ) -> dict[str, Any] | None:
        """The outcome once the match ended or a remote bot lost a seat, else ``None``."""
        table = await self._table(table_id)
        for seat in sorted(wanted):
            fault = table.engine_faults.get(seat)
            if fault is not None:
                return match.outcome(table.state, (seat, fault))
        if table.state.is_terminal():
            return match.outcome(table.state, None)
        return None

    async def _missing(self, table_id: str, wanted: set[int]) -> set[int]:
        table = await self._table(table_id)
        return {seat for seat in wanted if seat not in table.config.remote_bots}

    async def _forfeit(
        self, table_id: str, match: TableMatch, seat: int, reason: str
    ) -> dict[str, Any]:
        table = await self._table(table_id)
        return match.outcome(table.state, (seat, reason))

    async def _give_away(self, table_id: str, host_token: str, seats: set[int]) -> None:
        """The seats no remote bot took go to the stand-in level (the table plays out)."""
        for seat in sorted(seats):
            try:
                await self.manager.host(
                    table_id,
                    {"host_token": host_token, "op": "bot_seat", "seat": seat, "bot": STAND_IN},
                )
            except Rejected:
                log.warning("tricktable: the ladder's table %s kept seat %d open", table_id, seat)
