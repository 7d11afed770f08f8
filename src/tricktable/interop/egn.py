"""Euchre Game Notation (EGN): real games in, tricktable's games out.

EGN (github.com/NextSuit-Labs/euchre-game-notation) is a JSON format for recorded euchre
games: the rules, each deal's dealer and up-card, the calls, the discard and the cards as they
fell. ``read_egn`` turns an EGN game into a tricktable record (RECORDS.md) that ``replay`` and
``analyse`` read; ``write_egn`` turns a record into an EGN game. Both check the EGN side
against tricktable's JSON Schema of the EGN it reads and writes (``egn.schema.json``, with
the ``jsonschema`` package of the ``egn`` extra). What an EGN field means in euchre is the
game's ``Translation`` (``GameSpec.egn``); docs/egn.md has the whole mapping, and every EGN
feature tricktable cannot represent is refused with an ``EgnError`` that names it.

>>> from tricktable.record import replay_json, replay_record
>>> record = read_egn(EXAMPLE_TEXT)
>>> replay_json(replay_record(record))["scores"]
[0, 1]
>>> write_egn(record)["deals"][0]["initialState"]["playerCards"][3]
['Kc', 'Qd', 'Jh', 'Qc']
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from tricktable.errors import RecordError, TricktableError
from tricktable.games import all_specs
from tricktable.record import json_source, parse_record

FILE_TYPE = "Euchre Game Notation"
"""EGN's ``fileType``."""
VERSION = "1.4"
"""The EGN version tricktable writes (the newest EGN's own validator, package 1.4.0, takes)."""
VERSIONS = "1.2 to 1.4"
"""The EGN versions tricktable reads, in words (``egn.schema.json`` has them exactly)."""
MATCH_FILE_TYPE = "Euchre Match Notation"
"""EMN's ``fileType``: a match of several EGN games."""
MATCH_VERSION = "1.0"
"""The EMN version tricktable writes and reads."""

BINARY_MAGIC = {0: "expanded", 1: "condensed", 2: "match (EMN)"}
"""The first byte of an EGN binary file (``.egnb``) and the form it names."""

EXAMPLE_TEXT = """{
  "fileType": "Euchre Game Notation", "version": "1.4",
  "metadata": {"players": ["Ann", "Bob", "Cid", "Dee"], "initialScore": [0, 0]},
  "deals": [{"dealNumber": 0, "initialState": {"dealer": 3, "upCard": "Jd"},
    "phases": [
      {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Pass", "Pass", "Order"],
       "isAlone": false},
      {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [["Ac", "Tc", "9c", "Kc"],
        ["Ah", "Kh", "Th", "Qd"], ["Jd", "9d", "Ad", "Kd"], ["Jh", "Td", "Ks", "Ts"],
        ["Qc", "Qs", "Js", "Jc"]]}]}]
}"""
"""A one-deal EGN game: the dealer (seat 3) takes up the JD and makes 4 tricks; its discard
was not recorded, so the record leaves it unseen."""


class EgnError(TricktableError):
    """An EGN game tricktable cannot read, or a record EGN cannot say."""


class Translation(ABC):
    """What EGN's fields mean in the one game that plays EGN's games."""

    @abstractmethod
    def to_record(self, egn: Mapping[str, Any]) -> dict[str, Any]:
        """The record of an EGN game (checked against the schema already)."""

    @abstractmethod
    def to_egn(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """The EGN game of a record of this game."""


def translation() -> Translation:
    """The EGN translation of the game whose spec names one."""
    for spec in all_specs():
        if spec.egn is not None:
            found: Translation = spec.egn.load()
            return found
    raise EgnError("no game of this tricktable reads EGN")  # pragma: no cover


@cache
def _schema(name: str) -> dict[str, Any]:
    text = resources.files("tricktable.interop").joinpath(name).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def egn_schema() -> dict[str, Any]:
    """tricktable's JSON Schema of the EGN it reads and writes (a subset of EGN 1.2-1.4)."""
    return _schema("egn.schema.json")


def emn_schema() -> dict[str, Any]:
    """tricktable's JSON Schema of an EMN match file (its games are checked as EGN games)."""
    return _schema("emn.schema.json")


def _check(schema: dict[str, Any], data: object, what: str) -> None:
    try:
        import jsonschema  # type: ignore[import-untyped,unused-ignore]
    except ImportError as missing:  # pragma: no cover - depends on the environment
        raise EgnError(
            "checking EGN needs the jsonschema package: pip install 'tricktable[egn]'"
        ) from missing
    validator = jsonschema.Draft7Validator(schema)
    fault = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if fault is not None:
        while fault.context:  # an anyOf: the alternative that came nearest
            fault = jsonschema.exceptions.best_match(fault.context)
        path = "/".join(str(part) for part in fault.absolute_path)
        where = f"at {path}" if path else "at the top"
        message = fault.message if len(fault.message) <= 200 else fault.message[:200] + "..."
        raise EgnError(f"not {what} this tricktable reads: {message} ({where})")


def _check_version(data: object, file_type: str, allowed: str, pattern: str) -> None:
    """A clear word for a version the schema refuses (before its generic message)."""
    if not isinstance(data, Mapping) or data.get("fileType") != file_type:
        return
    version = data.get("version")
    if isinstance(version, str) and not re.fullmatch(pattern, version):
        raise EgnError(
            f"version {version!r} is no {file_type} version this tricktable reads"
            f" ({allowed}); EGN's egn-upgrade brings 1.0 and 1.1 games to 1.4"
        )


def validate_egn(egn: object) -> None:
    """Check ``egn`` against ``egn_schema()``; ``EgnError`` says where it is wrong.

    >>> validate_egn({"fileType": "Euchre Game Notation", "version": "1.4", "deals": []})
    Traceback (most recent call last):
    ...
    tricktable.interop.egn.EgnError: not an EGN game this tricktable reads: 'metadata' is ...
    """
    _check_version(egn, FILE_TYPE, VERSIONS, r"1\.[234](\.[0-9]+)?")
    _check(egn_schema(), egn, "an EGN game")


def validate_emn(emn: object) -> None:
    """Check an EMN match file: its shape, its player registry and each game as EGN.

    >>> validate_emn({"fileType": "Euchre Match Notation", "version": "2.0"})
    Traceback (most recent call last):
    ...
    tricktable.interop.egn.EgnError: version '2.0' is no Euchre Match Notation version ...
    """
    _check_version(emn, MATCH_FILE_TYPE, MATCH_VERSION, r"1\.0(\.[0-9]+)?")
    _check(emn_schema(), emn, "an EMN match")
    assert isinstance(emn, Mapping)
    ids = [player["id"] for player in emn["metadata"]["players"]]
    twice = sorted({pid for pid in ids if ids.count(pid) > 1})
    if twice:
        raise EgnError(f"EMN metadata players: the id {twice[0]!r} is given twice")
    for number, game in enumerate(emn["games"], 1):
        unknown = [pid for pid in game["players"] if pid not in ids]
        if unknown:
            raise EgnError(
                f"game {number}: player {unknown[0]!r} is not in the match's metadata players"
            )
        try:
            validate_egn(game["gameData"])
        except EgnError as error:
            raise EgnError(f"game {number} (gameIndex {game['gameIndex']}): {error}") from None


def notation_source(source: str | bytes | Mapping[str, Any]) -> Any:
    """The JSON object of an EGN or EMN file's text or bytes; ``EgnError`` says what the
    file is when it is not JSON in UTF-8 (an EGN binary file is named as one).

    >>> notation_source(b"\\x01\\n\\x14Euchre Game Notation")
    Traceback (most recent call last):
    ...
    tricktable.interop.egn.EgnError: an EGN binary file (.egnb, condensed form): ...
    """
    if isinstance(source, bytes):
        if source[:1] and source[0] in BINARY_MAGIC:
            raise EgnError(binary_refusal(BINARY_MAGIC[source[0]]))
        try:
            source = source.decode("utf-8-sig")  # a byte order mark is no fault
        except UnicodeDecodeError as fault:
            raise EgnError(
                f"not UTF-8 text: byte 0x{source[fault.start]:02x} at offset {fault.start}"
                " (EGN and EMN files are JSON in UTF-8)"
            ) from None
    return json_source(source, EgnError)


def binary_refusal(form: str) -> str:
    """Why an EGN binary file is refused, and what to do with it."""
    return (
        f"an EGN binary file (.egnb, {form} form): tricktable reads EGN's JSON form only;"
        " convert it with EGN's own tool first: egn-convert GAME.egnb GAME.egn (docs/egn.md)"
    )


def read_egn(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """The tricktable record of an EGN game (JSON text, its bytes or its object)."""
    egn = notation_source(source)
    if isinstance(egn, Mapping) and egn.get("fileType") == MATCH_FILE_TYPE:
        raise EgnError("an EMN match file, not an EGN game: read it with read_emn")
    validate_egn(egn)
    return translation().to_record(egn)


def write_egn(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """The EGN game of a record (checked against the schema before it is given back)."""
    try:
        record = parse_record(source)
    except RecordError as error:
        raise EgnError(f"not a record: {error}") from None
    if isinstance(record.get("metadata"), Mapping) and MATCH_KEY in record["metadata"]:
        record["metadata"] = {k: v for k, v in record["metadata"].items() if k != MATCH_KEY}
    egn = translation().to_egn(record)
    validate_egn(egn)
    return egn


MATCH_KEY = "emn"
"""The key of a record's ``metadata`` that keeps where an EMN match file placed the game."""


def read_emn(source: str | bytes | Mapping[str, Any]) -> list[dict[str, Any]]:
    """One record per game of an EMN match file, in the file's order.

    Each record's ``names`` are the match's names of the four seats' players, and its
    ``metadata.emn`` keeps the match (``match``: the EMN metadata), the game's ``gameIndex``
    and its seats' player ids (``players``), so that ``write_emn`` gives the file back.
    """
    emn = notation_source(source)
    validate_emn(emn)
    if not emn["games"]:
        raise EgnError("the EMN match holds no game (games is empty)")
    registry = {player["id"]: player for player in emn["metadata"]["players"]}
    records = []
    for number, game in enumerate(emn["games"], 1):
        try:
            record = translation().to_record(game["gameData"])
        except EgnError as error:
            raise EgnError(f"game {number} (gameIndex {game['gameIndex']}): {error}") from None
        record["names"] = [registry[pid]["name"] for pid in game["players"]]
        record["metadata"] = {
            **record.get("metadata", {}),
            MATCH_KEY: {
                "match": dict(emn["metadata"]),
                "gameIndex": game["gameIndex"],
                "players": list(game["players"]),
            },
        }
        records.append(record)
    return records


def write_emn(sources: Sequence[str | bytes | Mapping[str, Any]]) -> dict[str, Any]:
    """The EMN match file of several records, one game each, in order.

    Records read from one EMN file give it back. Other records make a new match: its
    players are the distinct names of the seats (ids ``p-01``, ``p-02``, ... in order of
    appearance) and the games are numbered from 0.
    """
    if not sources:
        raise EgnError("an EMN match needs at least one record")
    records = []
    for number, source in enumerate(sources, 1):
        try:
            records.append(parse_record(source))
        except RecordError as error:
            raise EgnError(f"record {number}: not a record: {error}") from None
    found = [(record.get("metadata") or {}).get(MATCH_KEY) for record in records]
    places: list[Mapping[str, Any]] = [place for place in found if place]
    games = []
    if len(places) == len(records) and all(p["match"] == places[0]["match"] for p in places):
        metadata = dict(places[0]["match"])
        seats = [list(place["players"]) for place in places]
        indexes = [place["gameIndex"] for place in places]
    elif places:
        raise EgnError(
            "these records come from different EMN matches (or only some from one):"
            " a match file holds the games of one match"
        )
    else:
        # A player is a name (two seats of one game with one name are two players).
        ids: dict[tuple[str, int], str] = {}
        seats = []
        for record in records:
            names = record.get("names") or [f"Seat {seat}" for seat in range(record["players"])]
            keys = [(name, names[:seat].count(name)) for seat, name in enumerate(names)]
            for key in keys:
                ids.setdefault(key, f"p-{len(ids) + 1:02d}")
            seats.append([ids[key] for key in keys])
        metadata = {"players": [{"id": pid, "name": key[0]} for key, pid in ids.items()]}
        indexes = list(range(len(records)))
    for number, (record, players, index) in enumerate(zip(records, seats, indexes, strict=True), 1):
        try:
            game = write_egn(record)
        except EgnError as error:
            raise EgnError(f"record {number}: {error}") from None
        games.append({"gameIndex": index, "players": players, "gameData": game})
    emn = {
        "fileType": MATCH_FILE_TYPE,
        "version": MATCH_VERSION,
        "metadata": metadata,
        "games": games,
    }
    validate_emn(emn)
    return emn
