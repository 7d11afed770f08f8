"""Where a tournament keeps its matches as they finish: one SQLite file (stdlib ``sqlite3``).

The file holds the tournament's settings and one row per finished match (its outcome and
its record), written as each match ends, so an interrupted tournament resumes where it
stopped: ``finished()`` says which matches need not be played again. Each run of the
tournament gets a number, kept beside the matches it played.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    first INTEGER NOT NULL,
    second INTEGER NOT NULL,
    number INTEGER NOT NULL,
    run INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (first, second, number)
);
"""


class StoreError(Exception):
    """The database holds another tournament, or cannot be read or written."""


class TournamentStore:
    """A tournament's SQLite file: its settings, its runs and its finished matches."""

    def __init__(self, path: str | Path, settings: Mapping[str, Any]) -> None:
        self.path = Path(path)
        try:
            self._db = sqlite3.connect(self.path)
            self._db.executescript(SCHEMA)
            stored = self._setting("tournament")
        except sqlite3.Error as error:
            raise StoreError(f"cannot use {self.path} as a tournament database: {error}") from None
        wanted = json.dumps(dict(settings), sort_keys=True)
        if stored is not None and stored != wanted:
            raise StoreError(
                f"{self.path} holds another tournament ({_describe(json.loads(stored))});"
                " give another --db, or the same settings to resume it"
            )
        self.run = int(self._setting("runs") or 0) + 1
        """This run's number (1 for a new tournament)."""
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO settings VALUES ('tournament', ?)", (wanted,))
            self._db.execute("INSERT OR REPLACE INTO settings VALUES ('runs', ?)", (self.run,))

    def _setting(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def finished(self) -> set[tuple[int, int, int]]:
        """The ``(first, second, number)`` of every match already stored."""
        return {
            (int(a), int(b), int(n))
            for a, b, n in self._db.execute("SELECT first, second, number FROM matches")
        }

    def add(self, key: tuple[int, int, int], outcome: dict[str, Any], record: Any) -> None:
        """Store one finished match (committed at once)."""
        with self._db:
            self._db.execute(
                "INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?)",
                (*key, self.run, json.dumps(outcome), json.dumps(record)),
            )

    def outcomes(self) -> list[tuple[tuple[int, int, int], dict[str, Any]]]:
        """Every stored match's key and outcome, in key order."""
        rows = self._db.execute(
            "SELECT first, second, number, outcome FROM matches ORDER BY first, second, number"
        )
        return [((int(a), int(b), int(n)), json.loads(text)) for a, b, n, text in rows]

    def runs_of(self) -> dict[tuple[int, int, int], int]:
        """Which run played each stored match."""
        rows = self._db.execute("SELECT first, second, number, run FROM matches")
        return {(int(a), int(b), int(n)): int(run) for a, b, n, run in rows}

    def record(self, key: tuple[int, int, int]) -> Any:
        """The game record (RECORDS.md) of one stored match."""
        row = self._db.execute(
            "SELECT record FROM matches WHERE first = ? AND second = ? AND number = ?", key
        ).fetchone()
        if row is None:
            raise KeyError(key)
        return json.loads(row[0])

    def close(self) -> None:
        self._db.close()


def _describe(settings: Mapping[str, Any]) -> str:
    bots = ", ".join(map(str, settings.get("entries", [])))
    games, seed = settings.get("games"), settings.get("seed")
    return f"{settings.get('rules')}, bots {bots}, {games} games, seed {seed}"
