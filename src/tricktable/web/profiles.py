"""Profiles: a name that stays, without a password or an e-mail address.

A profile is a name reserved in the room (unique however it is written: ``name_key``) and
the secrets that open it: the browser keeps one (``localStorage``) and sends it in the
``X-Tricktable-Profile`` header; ``profile_of(request)`` is who a request comes from. A
profile is carried to another device by a one-use code (``carry``) that the other device
trades for a secret of its own (``redeem``). Only SHA-256 digests of secrets and codes are
stored. Every profile's ratings per game and each rated match's changes are kept here too
(``apply_rating`` runs in the transaction that stores a finished match's record).

>>> name_key("  Ann   Lee "), name_key("ＡＮＮ lee")
('ann lee', 'ann lee')
>>> carry_form("abcd2345wxyz")
'ABCD-2345-WXYZ'
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Float, Integer, String, Table, delete, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from tricktable.web.ratings import NEWCOMER, Rating, RatingPlan, rate
from tricktable.web.store import metadata, records, seats, tables

HEADER = "x-tricktable-profile"
"""The request header that carries a profile's secret."""
CARRY_SECONDS = 15 * 60
"""How long a carry code works (once)."""
CARRY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A carry code's letters: no 0/O or 1/I to mistake."""
CARRY_LENGTH = 12

profiles = Table(
    "tt_profiles",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(160), nullable=False, unique=True),
    Column("created", Float, nullable=False),
)
"""One row per profile: its name as written and the form that keeps it unique."""

profile_keys = Table(
    "tt_profile_keys",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("profile_id", String(32), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("until", Float, nullable=True),
)
"""What opens a profile: the SHA-256 of each device's ``secret``, or of a ``carry`` code
(one use, until ``until``)."""

ratings = Table(
    "tt_ratings",
    metadata,
    Column("profile_id", String(32), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)
"""Each profile's rating in each game it played a rated match of."""

rated = Table(
    "tt_rated",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("profile_id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rated", Float, nullable=False),
)
"""Each rated match's change of each profile's rating: its key (match, profile) is why a
match changes a rating once at most."""


class NameTaken(Exception):
    """Another profile has this name (however it is written)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A player's profile: its id (public: its page's address) and its name."""

    id: str
    name: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name}


def name_key(name: str) -> str:
    """The form of a name that must be unique: compatibility-normalised, case-folded, its
    spaces collapsed (``Ann Lee``, ``ann  lee`` and ``ＡＮＮ ＬＥＥ`` are one name)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def digest(secret: str) -> str:
    """The stored form of a secret or a carry code (SHA-256, hex)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def carry_form(code: str) -> str:
    """A carry code as shown and as compared: capitals, in groups of four."""
    letters = "".join(ch for ch in code.upper() if ch.isalnum())
    return "-".join(letters[i : i + 4] for i in range(0, len(letters), 4))


class Profiles:
    """Storage calls for profiles and ratings (run in worker threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, name: str) -> tuple[Profile, str]:
        """A new profile called ``name`` and its first secret; ``NameTaken`` when another
        profile has the name."""
        profile = Profile(secrets.token_urlsafe(9), name)
        secret = secrets.token_urlsafe(32)
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(profiles).values(
                        id=profile.id, name=name, name_key=name_key(name), created=time.time()
                    )
                )
                conn.execute(
                    insert(profile_keys).values(
                        key_hash=digest(secret), profile_id=profile.id, kind="secret", until=None
                    )
                )
        except IntegrityError:
            raise NameTaken(name) from None
        return profile, secret

    def by_secret(self, secret: str) -> Profile | None:
        """The profile ``secret`` opens."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(profiles.c.id, profiles.c.name)
                .select_from(
                    profiles.join(profile_keys, profile_keys.c.profile_id == profiles.c.id)
                )
                .where(profile_keys.c.key_hash == digest(secret), profile_keys.c.kind == "secret")
            ).first()
        return None if row is None else Profile(str(row.id), str(row.name))

    def by_id(self, profile_id: str) -> Profile | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(profiles.c.id, profiles.c.name).where(profiles.c.id == profile_id)
            ).first()
        return None if row is None else Profile(str(row.id), str(row.name))

    def name_owner(self, name: str) -> str | None:
        """The id of the profile whose name ``name`` is (however it is written)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(profiles.c.id).where(profiles.c.name_key == name_key(name))
            ).first()
        return None if row is None else str(row.id)

    def carry(self, profile_id: str) -> tuple[str, float]:
        """A new one-use code that opens the profile on another device, and until when
        (seconds since the epoch) it works."""
        code = carry_form("".join(secrets.choice(CARRY_ALPHABET) for _ in range(CARRY_LENGTH)))
        until = time.time() + CARRY_SECONDS
        with self.engine.begin() as conn:
            conn.execute(
                delete(profile_keys).where(
                    profile_keys.c.kind == "carry", profile_keys.c.until < time.time()
                )
            )
            conn.execute(
                insert(profile_keys).values(
                    key_hash=digest(code), profile_id=profile_id, kind="carry", until=until
                )
            )
        return code, until

    def redeem(self, code: str) -> tuple[Profile, str] | None:
        """Trade a carry code (once, in time) for a new secret of its profile; ``None``
        when the code is unknown, used or too old."""
        key = digest(carry_form(code))
        with self.engine.begin() as conn:
            gone = conn.execute(
                delete(profile_keys)
                .where(
                    profile_keys.c.key_hash == key,
                    profile_keys.c.kind == "carry",
                    profile_keys.c.until >= time.time(),
                )
                .returning(profile_keys.c.profile_id)
            ).first()
            if gone is None:
                return None
            profile_id = str(gone.profile_id)
            secret = secrets.token_urlsafe(32)
            conn.execute(
                insert(profile_keys).values(
                    key_hash=digest(secret), profile_id=profile_id, kind="secret", until=None
                )
            )
            row = conn.execute(select(profiles.c.name).where(profiles.c.id == profile_id)).one()
        return Profile(profile_id, str(row.name)), secret

    def ratings_of(self, profile_id: str) -> list[dict[str, Any]]:
        """The profile's rating in each game it has one, best first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(ratings).where(ratings.c.profile_id == profile_id))
            out = [
                {"game": row.game, "matches": row.matches, **Rating(row.mu, row.sigma).to_json()}
                for row in rows
            ]
        return sorted(out, key=lambda r: -float(r["shown"]))

    def matches_of(self, profile_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """The finished matches the profile held a seat at (public tables), newest first,
        with the rating change each brought."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    records.c.table_id,
                    records.c.game,
                    records.c.finished,
                    records.c.summary,
                    seats.c.seat,
                    rated.c.mu_before,
                    rated.c.sigma_before,
                    rated.c.mu,
                    rated.c.sigma,
                )
                .select_from(
                    seats.join(records, records.c.table_id == seats.c.table_id)
                    .join(tables, tables.c.id == seats.c.table_id)
                    .outerjoin(
                        rated,
                        (rated.c.table_id == seats.c.table_id)
                        & (rated.c.profile_id == seats.c.profile_id),
                    )
                )
                .where(seats.c.profile_id == profile_id, tables.c.private.is_(False))
                .order_by(records.c.finished.desc())
                .limit(limit)
            ).all()
        out = []
        for row in rows:
            entry: dict[str, Any] = {
                "table": row.table_id,
                "game": row.game,
                "finished": row.finished,
                "seat": row.seat,
                **json.loads(row.summary),
                "rating": None,
            }
            if row.mu is not None:
                entry["rating"] = {
                    "before": Rating(row.mu_before, row.sigma_before).to_json(),
                    "after": Rating(row.mu, row.sigma).to_json(),
                }
            out.append(entry)
        return out

    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        """The rated profiles of ``game``, best first (by ``mu - 3 sigma``)."""
        shown = ratings.c.mu - 3 * ratings.c.sigma
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    profiles.c.id, profiles.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.matches
                )
                .select_from(ratings.join(profiles, profiles.c.id == ratings.c.profile_id))
                .where(ratings.c.game == game)
                .order_by(shown.desc(), profiles.c.name_key)
                .limit(limit)
            )
            return [
                {
                    "rank": index + 1,
                    "profile": {"id": row.id, "name": row.name},
                    "matches": row.matches,
                    **Rating(row.mu, row.sigma).to_json(),
                }
                for index, row in enumerate(rows)
            ]


def apply_rating(conn: Connection, table_id: str, plan: RatingPlan) -> int:
    """Rate a finished match in the transaction that stores its record (``Store.finish``):
    each seat's profile (as ``tt_seats`` holds it) gets its new rating, and a row of
    ``tt_rated`` that no second rating of the match could add again. The profiles' rows are
    locked first (in one order) so that two matches ending at once with a player in common
    both count. Returns how many profiles were rated."""
    rows = conn.execute(
        select(seats.c.seat, seats.c.profile_id).where(
            seats.c.table_id == table_id, seats.c.profile_id.is_not(None)
        )
    )
    by_seat = {int(row.seat): str(row.profile_id) for row in rows if int(row.seat) in plan.people}
    if not by_seat:
        return 0
    ids = sorted(set(by_seat.values()))
    done = conn.execute(select(rated.c.profile_id).where(rated.c.table_id == table_id)).first()
    if done is not None:
        return 0
    conn.execute(
        select(profiles.c.id)
        .where(profiles.c.id.in_(ids))
        .order_by(profiles.c.id)
        .with_for_update()
    )
    stored = {
        str(row.profile_id): row
        for row in conn.execute(
            select(ratings).where(ratings.c.profile_id.in_(ids), ratings.c.game == plan.game)
        )
    }
    current = {
        seat: Rating(stored[pid].mu, stored[pid].sigma) if pid in stored else NEWCOMER
        for seat, pid in by_seat.items()
    }
    after = rate(plan, current)
    now = time.time()
    for seat, profile_id in sorted(by_seat.items()):
        new, old = after[seat], current[seat]
        conn.execute(
            insert(rated).values(
                table_id=table_id,
                profile_id=profile_id,
                game=plan.game,
                mu_before=old.mu,
                sigma_before=old.sigma,
                mu=new.mu,
                sigma=new.sigma,
                rated=now,
            )
        )
        if profile_id in stored:
            conn.execute(
                update(ratings)
                .where(ratings.c.profile_id == profile_id, ratings.c.game == plan.game)
                .values(mu=new.mu, sigma=new.sigma, matches=ratings.c.matches + 1, updated=now)
            )
        else:
            conn.execute(
                insert(ratings).values(
                    profile_id=profile_id,
                    game=plan.game,
                    mu=new.mu,
                    sigma=new.sigma,
                    matches=1,
                    updated=now,
                )
            )
    return len(by_seat)


def profile_of_secret(store: Profiles, secret: Any) -> Profile | None:
    """The profile a secret opens (``None`` for no secret or a wrong one)."""
    if not isinstance(secret, str) or not 10 <= len(secret) <= 100:
        return None
    return store.by_secret(secret)
