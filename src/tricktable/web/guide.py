"""Learning to play: the "how to play" pages and the guided first match of each family.

``FAMILIES`` names each family's page (``pages/learn/<family>.html``), gathered from the
games' specs (``GameSpec.learn``), and the practice table its "guided first match" opens:
the person at seat 1 and bots at the others, dealt from a seed (so unrated). At such a table
``explain`` tells the person, at each decision, what the choices mean and what the hint
would take and why (``tricktable.presentation.guide``). ``MATCHES`` adds the games' guided
matches of their own (``Learn.more``: Pitch, Oh Hell), each linked from its family's page.

>>> page, family = next(iter(FAMILIES.items()))
>>> request = table_request(page, "Ann", seed=7)
>>> request["game"] == family.game, request["sit"], [seat["kind"] for seat in request["seats"]]
(True, 0, ['human', 'bot', 'bot', 'bot'])
>>> all(family_of_game(game) == page for page, f in FAMILIES.items() for game in f.games)
True
>>> all(MATCHES[page].game == family.game for page, family in FAMILIES.items())
True
>>> len(MATCHES) > len(FAMILIES)  # the games' guided matches of their own
True
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tricktable.bots.tools.advice import advise
from tricktable.core import Game, SeatView
from tricktable.games import GAME_NAMES, spec_of
from tricktable.games.spec import Learn, SpecError
from tricktable.presentation.guide import decision_guide
from tricktable.web.tables import Rejected, TableRuntime
from tricktable.web.views import shown_legal

LEARN_PAGES = Path(__file__).parent / "pages" / "learn"
"""The how-to pages' bodies, one per family."""

GUIDE_WORLDS = 12
"""Worlds the guide's hint samples per decision (fewer than ``--hints``: it answers at once)."""
KEPT_ANSWERS = 64
"""Explanations kept, by table, seat and decision: a page asking again (a reload, a second
tab) gets the same answer without the advice being worked out again."""
GUIDE_BOT = "medium"
"""The level of the bots at a guided table."""
GUIDE_BOT_DELAY = 0.6
"""Seconds a guided table's bots wait before each decision (time to follow them)."""


@dataclass(frozen=True, slots=True)
class Family:
    """One family's page and its guided first match."""

    title: str
    """The family as the page heads it."""
    game: str
    """The game the guided match plays."""
    preset: str
    players: int
    games: tuple[str, ...]
    """The games whose tables link to this page (the games it describes)."""


def _families() -> dict[str, Family]:
    """Each how-to page's family, gathered from the games' specs (``GameSpec.learn``): the
    games it describes, and the guided match of the one that hosts it."""
    described: dict[str, list[str]] = {}
    hosts: dict[str, tuple[str, Learn, tuple[str, int]]] = {}
    for name in GAME_NAMES:
        learn = spec_of(name).learn
        if learn is None:
            continue
        described.setdefault(learn.page, []).append(name)
        if learn.guided is not None:
            hosts[learn.page] = (name, learn, learn.guided)
    unhosted = sorted(set(described) - set(hosts))
    if unhosted:
        raise SpecError(f"no game hosts the guided match of the how-to page {unhosted[0]!r}")
    return {
        page: Family(learn.family, game, preset, players, tuple(described[page]))
        for page, (game, learn, (preset, players)) in hosts.items()
    }


FAMILIES: dict[str, Family] = _families()
"""The families a newcomer can learn, by the name in their page's address (``/learn/<name>``)."""


@dataclass(frozen=True, slots=True)
class Match:
    """A guided first match: its game, rules and players, and the family page linking it."""

    title: str
    game: str
    rules: dict[str, Any]
    players: int
    page: str


def _matches() -> dict[str, Match]:
    """Every guided first match by the name ``POST /api/learn/<name>`` takes: each family's
    own by its page's name, then the games' matches of their own (``Learn.more``)."""
    matches = {
        page: Match(f.title, f.game, {"preset": f.preset}, f.players, page)
        for page, f in FAMILIES.items()
    }
    for name in GAME_NAMES:
        learn = spec_of(name).learn
        if learn is None:
            continue
        for guided in learn.more:
            if guided.name in matches:
                raise SpecError(f"two guided matches are called {guided.name!r}")
            matches[guided.name] = Match(
                guided.title, name, guided.rules(), guided.players, learn.page
            )
    return matches


MATCHES: dict[str, Match] = _matches()
"""The guided first matches, by name (a family's page's name for the family's own)."""


def family_named(name: str) -> Family:
    """The family called ``name``, or ``Rejected`` naming the families there are."""
    family = FAMILIES.get(name)
    if family is None:
        raise Rejected(
            "not_found", f"no how-to page for {name!r}: there are {', '.join(sorted(FAMILIES))}"
        )
    return family


def family_of_game(game: str) -> str | None:
    """The family whose page describes ``game`` (``None``: no page does)."""
    return next((name for name, family in FAMILIES.items() if game in family.games), None)


def page_body(name: str) -> str:
    """The body of family ``name``'s how-to page."""
    family_named(name)
    return (LEARN_PAGES / f"{name}.html").read_text(encoding="utf-8")


def table_request(name: str, player: Any, seed: Any = None) -> dict[str, Any]:
    """The create-table request (``TableManager.create``) of the guided match ``name``
    (``MATCHES``): a private practice table, the person at seat 1, bots elsewhere, no
    timers."""
    match = MATCHES.get(name)
    if match is None:
        raise Rejected(
            "not_found",
            f"no guided match {name!r}: there are {', '.join(sorted(MATCHES))}",
        )
    return {
        "game": match.game,
        "players": match.players,
        "rules": dict(match.rules),
        "seats": [{"kind": "human"}]
        + [{"kind": "bot", "bot": GUIDE_BOT} for _ in range(match.players - 1)],
        "sit": 0,
        "name": player,
        "seed": secrets.token_hex(8) if seed is None else seed,
        "private": True,
        "bot_delay": GUIDE_BOT_DELAY,
        "turn_timer": None,
        "autoplay_after": None,
    }


GuideWork = Callable[[Game[Any], SeatView, list[str], str, int], Awaitable[dict[str, Any] | None]]
"""Works out the guide's words elsewhere (``workers.HeavyWork.guide``): ``(game, view, legal
actions, rng seed, worlds)``."""


async def explain(
    table: TableRuntime, seat: Any, token: Any, work: GuideWork | None = None
) -> dict[str, Any]:
    """The guide at ``seat``'s decision (its ``token`` proves the seat): the decision's
    ``seq``, and ``guide`` (``presentation.guide.decision_guide``) or ``None`` when the seat
    has no decision to take now. Only at practice tables (known deals, never rated). The
    advice is worked out by ``work`` (the server's worker pool), else in a thread."""
    if (
        isinstance(seat, bool)
        or not isinstance(seat, int)
        or not isinstance(token, str)
        or not table.check_token(seat, token)
    ):
        raise Rejected("bad_token", "the guide needs your seat's number and token")
    if table.known_deal() is None:
        raise Rejected(
            "not_practice",
            "the guide explains decisions only at practice tables (Learn to play): at a"
            " table of fair deals it would be a hint nobody else has",
        )
    seq = table.seq
    state = table.state
    if state.is_terminal() or state.current_player != seat or table.held_now(seat):
        return {"seq": seq, "guide": None}
    view = state.view(seat)
    legal, forced = shown_legal(view)
    if forced or not legal:
        return {"seq": seq, "guide": None}
    key = (table.id, seat, seq)
    pending = _answers.get(key)
    if pending is None:
        rng_seed = f"{table.seed}:guide:{seq}"  # the sampled worlds: the same for a reload
        job: Awaitable[dict[str, Any] | None]
        if work is None:
            job = asyncio.to_thread(worked_out, table.state.game, view, legal, rng_seed)
        else:
            job = work(table.state.game, view, legal, rng_seed, GUIDE_WORLDS)
        pending = asyncio.ensure_future(job)
        _answers[key] = pending
        while len(_answers) > KEPT_ANSWERS:
            _answers.popitem(last=False)
    try:
        answer = await asyncio.shield(pending)
    except Exception:
        _answers.pop(key, None)  # asked again, it is worked out again
        raise
    return {"seq": seq, "guide": answer}


_answers: OrderedDict[tuple[str, int, int], asyncio.Future[dict[str, Any] | None]] = OrderedDict()
"""The explanations being worked out or given (``KEPT_ANSWERS`` of them, the newest)."""


def worked_out(
    game: Game[Any], view: SeatView, legal: list[str], rng_seed: str, worlds: int = GUIDE_WORLDS
) -> dict[str, Any] | None:
    """The guide's words at ``view``'s decision (``None``: the hint names a card the seat
    may not see, never shown); its hint samples ``worlds`` worlds from ``rng_seed``. Heavy:
    the server runs it in its worker pool (``workers.HeavyWork.guide``)."""
    advice = advise(game, view, random.Random(rng_seed), worlds)
    if advice.recommended not in legal:
        return None
    return decision_guide(game, view, advice, worlds, legal)
