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
['Kc', 'Qd', 'Jh', 'Qc', 'Xx']
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from tricktable.errors import RecordError, TricktableError
from tricktable.games import all_specs
from tricktable.record import json_source, parse_record

FILE_TYPE = "Euchre Game Notation"
"""EGN's ``fileType``."""
VERSION = "1.6"
"""The EGN version tricktable writes (and the newest it reads)."""

EXAMPLE_TEXT = """{
  "fileType": "Euchre Game Notation", "version": "1.6",
  "metadata": {"players": ["Ann", "Bob", "Cid", "Dee"], "initialScore": [0, 0]},
  "deals": [{"dealNumber": 0, "initialState": {"dealer": 3, "upCard": "Jd"},
    "phases": [
      {"type": "EUCHRE_BIDDING", "calls": ["Pass", "Pass", "Pass", "Order"], "isAlone": false},
      {"type": "TRICK_PLAY", "tricks": [["Ac", "Tc", "9c", "Kc"], ["Ah", "Kh", "Th", "Qd"],
        ["Jd", "9d", "Ad", "Kd"], ["Jh", "Td", "Ks", "Ts"], ["Qc", "Qs", "Js", "Jc"]]}]}]
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
def egn_schema() -> dict[str, Any]:
    """tricktable's JSON Schema of the EGN it reads and writes (a subset of EGN 1.2-1.6)."""
    text = resources.files("tricktable.interop").joinpath("egn.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def validate_egn(egn: object) -> None:
    """Check ``egn`` against ``egn_schema()``; ``EgnError`` says where it is wrong.

    >>> validate_egn({"fileType": "Euchre Game Notation", "version": "1.6", "deals": []})
    Traceback (most recent call last):
    ...
    tricktable.interop.egn.EgnError: not an EGN game this tricktable reads: 'metadata' is ...
    """
    try:
        import jsonschema  # type: ignore[import-untyped,unused-ignore]
    except ImportError as missing:  # pragma: no cover - depends on the environment
        raise EgnError(
            "checking EGN needs the jsonschema package: pip install 'tricktable[egn]'"
        ) from missing
    validator = jsonschema.Draft7Validator(egn_schema())
    fault = jsonschema.exceptions.best_match(validator.iter_errors(egn))
    if fault is not None:
        while fault.context:  # a oneOf / anyOf: the alternative that came nearest
            fault = jsonschema.exceptions.best_match(fault.context)
        path = "/".join(str(part) for part in fault.absolute_path)
        where = f"at {path}" if path else "at the top"
        message = fault.message if len(fault.message) <= 200 else fault.message[:200] + "..."
        raise EgnError(f"not an EGN game this tricktable reads: {message} ({where})")


def read_egn(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """The tricktable record of an EGN game (JSON text or its object)."""
    egn = json_source(source, EgnError)
    validate_egn(egn)
    return translation().to_record(egn)


def write_egn(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """The EGN game of a record (checked against the schema before it is given back)."""
    try:
        record = parse_record(source)
    except RecordError as error:
        raise EgnError(f"not a record: {error}") from None
    egn = translation().to_egn(record)
    validate_egn(egn)
    return egn
