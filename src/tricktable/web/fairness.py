"""Fair deals at tables of people: each deal's seed is a server secret, committed before the
deal and revealed in the finished record, so anyone can check that no deal was chosen.

A table's seed is 128 random bits from ``secrets`` unless the table is a practice table (no
more than one person; the creator may give the seed). Deal *k* is dealt by
``random.Random(deal_seed(seed, k))``; when it starts, every view carries
``commitment(deal_seed(seed, k))``; the finished record lists every deal seed under
``deal_seeds``. ``verify_deals`` checks a record against the commitments seen.

>>> commitment("abc:deal:0")[:16]
'd6e28d31b9d0c6c9'
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from tricktable.cards import parse_card
from tricktable.core import Deal, State
from tricktable.errors import TricktableError
from tricktable.games import load_game


def new_table_seed() -> str:
    """A fresh secret table seed: 128 bits from the operating system's CSPRNG."""
    return secrets.token_hex(16)


def deal_seed(table_seed: str, index: int) -> str:
    """The seed of deal ``index`` (0 first) at a table seeded ``table_seed``.

    >>> deal_seed("abc", 2)
    'abc:deal:2'
    """
    return f"{table_seed}:deal:{index}"


def commitment(seed: str) -> str:
    """The published commitment to a deal seed: its SHA-256, in hex."""
    return hashlib.sha256(seed.encode()).hexdigest()


def verify_deals(record: Mapping[str, Any], commitments: Sequence[str] | None = None) -> list[str]:
    """What is wrong with ``record``'s deals (an empty list: all verified).

    Each deal must be the one its revealed seed deals, and, when ``commitments`` (as seen
    during the match, one per deal) are given, hash to the commitment of that deal. A deal
    whose seed is ``null`` was taken from the record a table played on from ("Play from
    here", docs/records.md "branch"): no seed dealt it and it is not checked.
    """
    seeds = record.get("deal_seeds")
    deals = record.get("deals") or []
    if not isinstance(seeds, list) or len(seeds) != len(deals):
        return ["the record does not reveal one seed per deal ('deal_seeds')"]
    problems: list[str] = []
    game = load_game(record["game"], record.get("rules"), players=record.get("players"))
    state = game.new_state(int(record["first_dealer"]))
    for index, (seed, entry) in enumerate(zip(seeds, deals, strict=True)):
        if seed is not None:  # a deal with no seed came from the record a branch plays on from
            if commitments is not None:
                if index >= len(commitments):
                    problems.append(f"deal {index}: no commitment was seen")
                elif commitment(str(seed)) != commitments[index]:
                    problems.append(f"deal {index}: the seed does not match its commitment")
            if state.random_deal(random.Random(str(seed))) != _deal_or_none(entry):
                problems.append(f"deal {index}: the cards are not those its seed deals")
        fault = _replay_deal(state, entry)
        if fault is not None:  # the match cannot go on from here: nothing later can be checked
            problems.append(f"deal {index}: {fault}; the record was altered")
            break
    return problems


def _deal_or_none(entry: Any) -> Deal | None:
    """A record's deal object as a ``Deal``, or ``None`` when it is not one."""
    try:
        return deal_from_json(entry)
    except (KeyError, TypeError, ValueError):  # ValueError: TricktableError included
        return None


def _replay_deal(state: State, entry: Any) -> str | None:
    """Deal and play one deal of a record on ``state``; what is wrong, or ``None``.

    A tampered record (two hands swapped, a card changed) makes a deal or an action
    impossible: that is reported, never raised."""
    deal = _deal_or_none(entry)
    if deal is None:
        return "the deal is not a deal of cards"
    try:
        state.deal(deal)
    except ValueError as error:  # TricktableError and the checks of the cards themselves
        return f"the cards cannot be dealt ({error})"
    actions = entry.get("actions", []) if isinstance(entry, Mapping) else []
    for number, action in enumerate(actions if isinstance(actions, list) else []):
        try:
            state.apply_text(str(action))
        except TricktableError as error:
            reason = getattr(error, "reason", None) or str(error)
            return f"action {number} {action!r} cannot be taken with these cards ({reason})"
    return None


def deal_from_json(data: Mapping[str, Any]) -> Deal:
    """A record's deal object as a ``Deal``."""
    return Deal(
        tuple(tuple(parse_card(c) for c in hand) for hand in data["hands"]),
        None if data["turned"] is None else parse_card(data["turned"]),
        tuple(parse_card(c) for c in data["stock"]),
    )
