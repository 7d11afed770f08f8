"""The web routes of players: profiles, their pages and the leaderboards (docs/protocol.md,
"Profiles and ratings").

``profile_of(request)`` is who a request comes from: the profile whose secret its
``X-Tricktable-Profile`` header carries, or ``None``. Every route that seats a person takes
its profile from there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from tricktable.bots.levels import LEVELS
from tricktable.games import GAMES
from tricktable.presentation.labels import bot_label
from tricktable.web.profiles import HEADER, NameTaken, Profile, Profiles, profile_of_secret
from tricktable.web.ratings import bot_ratings
from tricktable.web.tables import Rejected
from tricktable.web.views import listed_record


def _profiles(request: HTTPConnection) -> Profiles:
    store: Profiles = request.app.state.manager.profiles
    return store


async def profile_of(request: HTTPConnection) -> Profile | None:
    """The profile a request (or websocket) comes from: the one whose secret its
    ``X-Tricktable-Profile`` header carries; ``None`` without one (or with a wrong one)."""
    secret = request.headers.get(HEADER)
    if not secret:
        return None
    return await asyncio.to_thread(profile_of_secret, _profiles(request), secret)


def _rejected(error: Rejected) -> JSONResponse:
    statuses = {"name_taken": 409, "no_profile": 401, "not_found": 404, "bad_code": 404}
    return JSONResponse(
        {"error": error.code, "message": error.message},
        status_code=statuses.get(error.code, 400),
    )


def _game(name: str) -> str:
    if name not in GAMES:
        raise Rejected("not_found", f"no game {name!r}; games: {', '.join(GAMES)}")
    return name


def routes(
    page_html: Callable[[str, str | None, str | None], str],
    read_json: Callable[[Request], Awaitable[Any]],
    clean_name: Callable[[Any, str], str],
) -> list[Route]:
    """The players' routes; ``page_html``, ``read_json`` and ``clean_name`` are the app's
    (a page with the shared head, a request's JSON body, a checked person's name)."""

    def page(name: str, title: str) -> Callable[[Request], Any]:
        async def endpoint(_request: Request) -> Response:
            return HTMLResponse(page_html(name, None, title))

        return endpoint

    async def create(request: Request) -> Response:
        try:
            data = await read_json(request)
            if not isinstance(data, dict):
                raise Rejected("bad_request", "the body must be a JSON object")
            name = clean_name(data.get("name"), "")
            if not name:
                raise Rejected("bad_request", "'name' must be the name to keep (1-24 letters)")
            try:
                profile, secret = await asyncio.to_thread(_profiles(request).create, name)
            except NameTaken:
                raise Rejected(
                    "name_taken", f"the name {name!r} belongs to another player; choose another"
                ) from None
        except Rejected as error:
            return _rejected(error)
        return JSONResponse({"profile": profile.to_json(), "secret": secret}, status_code=201)

    async def mine(request: Request) -> Response:
        profile = await profile_of(request)
        if profile is None:
            return _rejected(Rejected("no_profile", f"no profile: send its secret in {HEADER}"))
        return JSONResponse(await _public(request, profile))

    async def carry(request: Request) -> Response:
        profile = await profile_of(request)
        if profile is None:
            return _rejected(Rejected("no_profile", f"no profile: send its secret in {HEADER}"))
        code, until = await asyncio.to_thread(_profiles(request).carry, profile.id)
        return JSONResponse({"code": code, "until": until, "link": f"/profile#carry={code}"})

    async def redeem(request: Request) -> Response:
        try:
            data = await read_json(request)
            code = data.get("code") if isinstance(data, dict) else None
            if not isinstance(code, str) or not 4 <= len(code) <= 40:
                raise Rejected("bad_request", "'code' must be a carry code (ABCD-EFGH-JKLM)")
            found = await asyncio.to_thread(_profiles(request).redeem, code)
            if found is None:
                raise Rejected(
                    "bad_code",
                    "this carry code opens no profile: it works once, for 15 minutes; make"
                    " a new one on the device that has the profile",
                )
        except Rejected as error:
            return _rejected(error)
        profile, secret = found
        return JSONResponse({"profile": profile.to_json(), "secret": secret})

    async def player(request: Request) -> Response:
        found = await asyncio.to_thread(_profiles(request).by_id, request.path_params["id"])
        if found is None:
            return _rejected(Rejected("not_found", "no player with this id"))
        return JSONResponse(await _public(request, found))

    async def leaderboard(request: Request) -> Response:
        try:
            game = _game(request.path_params["game"])
        except Rejected as error:
            return _rejected(error)
        rows = await asyncio.to_thread(_profiles(request).leaderboard, game)
        return JSONResponse({"game": game, "players": rows, "bots": _bots(game)})

    return [
        Route("/profile", page("profile", "your profile")),
        Route("/players/{id}", page("player", "player")),
        Route("/leaderboard", page("leaderboard", "leaderboard")),
        Route("/api/profiles", create, methods=["POST"]),
        Route("/api/profile", mine),
        Route("/api/profile/carry", carry, methods=["POST"]),
        Route("/api/profile/redeem", redeem, methods=["POST"]),
        Route("/api/players/{id}", player),
        Route("/api/leaderboard/{game}", leaderboard),
    ]


def _bots(game: str) -> list[dict[str, Any]]:
    """The bots' fixed ratings in ``game``, strongest first, each as people know it (a
    level's name; an engine shown as a level, ``heuristic`` as ``Medium bot``, only once).
    Bots are ordered by ``mu``, their measured strength, not by the conservative figure
    people are ranked by: a level measured in fewer matches is no weaker for it."""
    measured = bot_ratings().get(game, {})
    ordered = sorted(measured, key=lambda bot: (bot not in LEVELS, -measured[bot].mu))
    shown: dict[str, dict[str, Any]] = {}
    for bot in ordered:
        shown.setdefault(
            bot_label(bot), {"bot": bot, "label": bot_label(bot), **measured[bot].to_json()}
        )
    return sorted(shown.values(), key=lambda row: -float(row["mu"]))


async def _public(request: Request, profile: Profile) -> dict[str, Any]:
    """A profile as its page shows it: its name, ratings and finished matches."""
    store = _profiles(request)
    ratings = await asyncio.to_thread(store.ratings_of, profile.id)
    matches = await asyncio.to_thread(store.matches_of, profile.id)
    return {
        "profile": profile.to_json(),
        "ratings": ratings,
        "matches": [listed_record(match) for match in matches],
    }
