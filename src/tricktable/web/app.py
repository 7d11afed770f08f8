"""The ASGI application: pages, the JSON API and the websocket of each table.

``create_app(database_url)`` builds a Starlette app; ``tricktable serve`` runs it with
uvicorn. Pages and assets are plain files of ``tricktable/web/static``, served here (no
outside network). The websocket protocol is described in ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from tricktable.branch import AT_FORMS, BranchError
from tricktable.errors import RecordError
from tricktable.web import guide, players, quick
from tricktable.web.catalog import (
    DEFAULT_BOT,
    bot_engines,
    bot_levels,
    bot_names,
    catalog,
)
from tricktable.web.engines import SeatEngines
from tricktable.web.guard import GuardMiddleware
from tricktable.web.ladder import Ladder, LadderSettings, LadderStore, LadderTables
from tricktable.web.limits import IPV6_PREFIX, ROOM_SHARDS, ServerLimits, address_key
from tricktable.web.manager import TableManager, clean_name
from tricktable.web.protocol import MAX_MESSAGE, AddressLimits, RateLimit, load_json, parse_message
from tricktable.web.remote_bots import (
    MISBEHAVIOUR,
    BotAccount,
    account_of,
    bearer_token,
    mark_present,
)
from tricktable.web.store import Store
from tricktable.web.tables import CHAT_PRESETS, Client, Rejected, TableRuntime
from tricktable.web.views import listed_record
from tricktable.web.workers import HeavyWork

log = logging.getLogger("tricktable.web")

STATIC = Path(__file__).parent / "static"
PAGES = Path(__file__).parent / "pages"
"""The pages' bodies; ``page_html`` puts the head they share before each."""
PAGE_HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tricktable — {title}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<script src="/static/common.js" defer></script>
{scripts}<script src="/static/{name}.js" defer></script>
</head>
"""
"""The head every page shares: the style, the icon, the common script and the page's own."""
PAGE_SCRIPTS: dict[str, tuple[str, ...]] = {
    "table": ("render", "guide"),
    "replay": ("render",),
    "lobby": ("learn",),
    "profile": ("player",),
    "leaderboard": ("player",),
    "ladder": ("player",),
}
"""The scripts a page loads besides ``common`` and its own (before its own)."""
MAX_BODY = 1_000_000
"""The largest request body accepted (an uploaded record), in bytes."""
BODY_TIMEOUT = 30.0
"""Seconds a request body has to arrive (a body sent a byte at a time holds a connection)."""
HELLO_TIMEOUT = 15.0
"""Seconds a new websocket has to say hello."""
MAX_REFUSED = 200
"""Messages refused for flooding before the connection is closed."""
REQUEST_RATE = 20.0
"""Requests that create or upload (``POST``) one client address may make a second, on average
(``tricktable serve --request-rate``)."""
REQUEST_BURST = 100
"""How many such requests one address may make at once."""

FRAMES_CACHE = 16
"""Stored records whose replay frames are kept, ready (the most recently asked)."""

BUSY_CLOSE = 4503
"""The websocket close code of a refused spectator (too many): try again later."""


def page_html(name: str, body: str | None = None, title: str | None = None) -> str:
    """Page ``name`` of the site (``lobby``, ``table``, ``replay``, ``learn``): the shared
    head, then its body (``pages/<name>.html``, or ``body``), whose script is
    ``/static/<name>.js``; ``title`` names it in the head (default: ``name``).

    >>> html = page_html("replay")
    >>> "<title>tricktable — replay</title>" in html, html.rstrip().endswith("</html>")
    (True, True)
    """
    scripts = "".join(
        f'<script src="/static/{script}.js" defer></script>\n'
        for script in PAGE_SCRIPTS.get(name, ())
    )
    head = PAGE_HEAD.format(name=name, scripts=scripts, title=title or name)
    if body is None:
        body = (PAGES / f"{name}.html").read_text(encoding="utf-8")
    return head + body


def _error(error: Rejected, status: int = 400) -> JSONResponse:
    statuses = {
        "not_found": 404,
        "seat_taken": 409,
        "seat_held": 409,
        "seat_reserved": 409,
        "name_reserved": 409,
        "profile_seated": 409,
        "known_deal": 403,
        "busy": 503,
        "too_large": 413,
        "too_slow": 408,
        "too_many": 429,
        "rate_limited": 429,
        "bad_token": 403,
        "finished": 409,
        "not_practice": 409,
        "conflict": 409,
        "not_wanted": 409,
        "unknown_bot": 404,
        "no_bot_account": 401,
    }
    code = statuses.get(error.code, status)
    headers = {"Retry-After": "5"} if code in (429, 503) else None
    return JSONResponse(
        {"error": error.code, "message": error.message}, status_code=code, headers=headers
    )


def _address(request: Request | WebSocket, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The client a request counts as for the per-address limits (``limits.address_key``:
    an IPv6 client by its /64)."""
    return address_key(request.client.host if request.client else "unknown", ipv6_prefix)


async def _read_body(request: Request) -> bytes:
    """The request body, refused (without reading it all) beyond ``MAX_BODY`` bytes or when
    it takes more than ``BODY_TIMEOUT`` seconds to arrive."""
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(BODY_TIMEOUT):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise Rejected("too_large", f"request bodies are limited to {MAX_BODY} bytes")
                chunks.append(chunk)
    except TimeoutError:
        raise Rejected(
            "too_slow", f"the request body must arrive within {BODY_TIMEOUT:g} seconds"
        ) from None
    return b"".join(chunks)


async def _json_body(request: Request) -> Any:
    return load_json(await _read_body(request), "the request body")


class RequestLimitMiddleware:
    """Refuses an address's ``POST`` requests beyond its rate with ``429 Too Many Requests``.

    Creating tables, joining seats and uploading records cost the server work and storage;
    pages, reads and the websocket are not counted here (the websocket has its own limit).
    """

    def __init__(self, app: Any, rate: float, burst: int, ipv6_prefix: int = IPV6_PREFIX) -> None:
        self.app = app
        self.limits = AddressLimits(rate, burst)
        self.ipv6_prefix = ipv6_prefix

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            client = scope.get("client")
            address = address_key(client[0] if client else "unknown", self.ipv6_prefix)
            if not self.limits.allow(address):
                rate = self.limits.rate
                response = JSONResponse(
                    {
                        "error": "rate_limited",
                        "message": f"too many requests from {address}: at most {rate:g} a"
                        " second on average; try again in a moment",
                    },
                    status_code=429,
                    headers={"Retry-After": str(max(1, round(1 / rate)))},
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(
    database_url: str,
    request_rate: float | None = REQUEST_RATE,
    limits: ServerLimits | None = None,
    allowed_hosts: Sequence[str] | None = None,
    allowed_origins: Sequence[str] = (),
    synchronous: str = "full",
    worker_processes: bool = True,
    room: bool = False,
    room_shards: int = ROOM_SHARDS,
    engines: SeatEngines | None = None,
    ladder: LadderSettings | None = None,
) -> Starlette:
    """The tricktable web app keeping its tables in ``database_url``.

    Each client address may make ``request_rate`` ``POST`` requests a second on average
    (bursts up to ``REQUEST_BURST``); ``None`` sets no limit. ``limits`` bound tables,
    connections and heavy work; ``allowed_hosts`` are the host names the server answers to
    (default: loopback names; ``["*"]`` for any) and ``allowed_origins`` the other origins
    (``https://example.org``) whose pages may open tables and websockets besides the server's
    own. ``synchronous`` is SQLite's durability (``full``: an ack survives an OS crash).
    ``worker_processes=False`` runs heavy work in threads (for tests). ``room``: this
    process is one of several sharing the (PostgreSQL) database as one card room
    (docs/architecture.md, "One room, many processes"), its tables' notifications spread
    over ``room_shards`` channels (the same in every process). ``engines``: the programs the
    operator lets seats be given to (``--engine NAME=cmd:…``, web/engines.py). ``ladder``:
    the bot ladder this room plays (``--ladder``, web/ladder.py; ``None``: none).
    """

    state: dict[str, Any] = {}
    server_limits = limits or ServerLimits()
    replay_limits = AddressLimits(server_limits.replay_rate, server_limits.replay_burst)
    frames_cache: OrderedDict[str, bytes] = OrderedDict()

    def manager() -> TableManager:
        manager_: TableManager = state["manager"]
        return manager_

    def heavy() -> HeavyWork:
        work: HeavyWork = state["heavy"]
        return work

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, database_url, synchronous, room, room_shards)
        state["heavy"] = app.state.heavy = HeavyWork(server_limits, worker_processes)
        state["manager"] = app.state.manager = TableManager(
            store, server_limits, state["heavy"].choose, engines
        )
        loaded = await state["manager"].load()
        log.info("tricktable: %d table(s) restored from %s", loaded, _safe_url(database_url))
        running = None
        if ladder is not None:  # remote bots play their ladder matches at the room's tables
            tables = LadderTables(state["manager"], asyncio.get_running_loop())
            running = Ladder(store, ladder, tables)
        if running is not None:
            running.start()
        try:
            yield
        finally:
            if running is not None:
                await asyncio.to_thread(running.stop)
            await state["manager"].close()
            state["heavy"].close()

    def page(name: str) -> Any:
        html = page_html(name)

        async def endpoint(_request: Request) -> Response:
            return HTMLResponse(html)

        return endpoint

    def replay_allowed(request: Request) -> None:
        address = _address(request, server_limits.ipv6_prefix)
        if not replay_limits.allow(address):
            raise Rejected(
                "rate_limited",
                f"too many replays from {address}: at most {server_limits.replay_rate:g} a"
                f" second on average (bursts of {server_limits.replay_burst})",
            )

    async def api_games(_request: Request) -> Response:
        return JSONResponse(
            {
                "games": catalog(),
                "bots": bot_names(),
                "levels": bot_levels(),
                "engines": bot_engines(),
                "server_engines": manager().engines.listing(),
                "default_bot": DEFAULT_BOT,
                "chat_presets": list(CHAT_PRESETS),
            }
        )

    async def api_tables(request: Request) -> Response:
        if request.method == "GET":
            listing = await manager().lobby_listing()
            waits = quick.waiting([table for table, _ in listing])
            return JSONResponse({"tables": [summary for _, summary in listing], "waiting": waits})
        try:
            data = await _json_body(request)
            if not isinstance(data, dict):
                raise Rejected("bad_request", "the body must be a JSON object")
            plan = None
            if "branch" in data:
                await manager().check_room(
                    _address(request, server_limits.ipv6_prefix)
                )  # before any work on the record
                replay_allowed(request)
                plan = await branch_plan(data["branch"])
            created = await manager().create(
                data,
                _address(request, server_limits.ipv6_prefix),
                branch=plan,
                profile=await players.profile_of(request),
            )
        except Rejected as error:
            return _error(error)
        return JSONResponse(created, status_code=201)

    async def api_ladder(_request: Request) -> Response:
        """The bot ladder's standings (``web.ladder``); ``{"ladder": null}`` without one."""
        if ladder is None:
            return JSONResponse({"ladder": None})
        if "ladder" not in state:  # one reader, its figures kept until a match is added
            state["ladder"] = LadderStore(manager().store, ladder, "")
        rows: LadderStore = state["ladder"]
        return JSONResponse({"ladder": await asyncio.to_thread(rows.standings)})

    async def api_quick(request: Request) -> Response:
        """Play now (``web.quick``): a seat at a table waiting for people, a bot's seat that
        gives way at the end of the deal, or a new table with bots that give way."""
        try:
            data = await _json_body(request)
            if not isinstance(data, dict):
                raise Rejected("bad_request", "the body must be a JSON object")
            seated = await quick.quick_play(
                manager(),
                data,
                _address(request, server_limits.ipv6_prefix),
                await players.profile_of(request),
            )
        except Rejected as error:
            return _error(error)
        return JSONResponse(seated, status_code=200)

    async def branch_plan(spec: Any) -> dict[str, Any]:
        """Where a table played on from a record starts (``replays.branch_plan``): only from
        a record this server stored (``{"table": id}``) or one sent in the request, within
        its size limit (``{"record": {...}}``), at decision ``at`` (docs/protocol.md)."""
        if not isinstance(spec, dict) or ("table" in spec) == ("record" in spec):
            raise Rejected(
                "bad_request",
                '\'branch\' must be {"table": ID} (a finished match here) or {"record":'
                ' RECORD} (a record sent with the request), with "at": the decision to take'
                " over",
            )
        at = spec.get("at")
        if isinstance(at, bool) or not isinstance(at, (int, str)) or len(str(at)) > 20:
            raise Rejected(
                "bad_request",
                f"'branch' 'at' must be {AT_FORMS}: a number or a text like \"3:4\"",
            )
        if "table" in spec:
            table_id = spec["table"]
            if not isinstance(table_id, str) or len(table_id) > 64:
                raise Rejected("bad_request", "'branch' 'table' must be a table id")
            text = await asyncio.to_thread(manager().store.record_text, table_id)
            if text is None:
                raise Rejected("not_found", "no finished match with this id")
        else:
            if not isinstance(spec["record"], dict):
                raise Rejected("bad_record", "a record is one JSON object (RECORDS.md)")
            text = json.dumps(spec["record"])
        try:
            return await heavy().branch_plan(text, str(at))
        except RecordError as error:
            raise Rejected("bad_record", str(error)) from None
        except BranchError as error:
            raise Rejected("bad_branch", str(error)) from None

    async def api_host(request: Request) -> Response:
        try:
            data = await _json_body(request)
            if not isinstance(data, dict):
                raise Rejected("bad_request", "the body must be a JSON object")
            summary = await manager().host(request.path_params["table_id"], data)
        except Rejected as error:
            return _error(error)
        return JSONResponse(summary)

    async def api_table(request: Request) -> Response:
        try:
            table = await manager().get(
                request.path_params["table_id"], request.query_params.get("invite")
            )
            table = await manager().current(table)
        except Rejected as error:
            return _error(error)
        return JSONResponse(table.summary())

    async def api_join(request: Request) -> Response:
        try:
            data = await _json_body(request)
            if not isinstance(data, dict):
                raise Rejected("bad_request", "the body must be a JSON object")
            invite = data.get("invite")
            if invite is not None and not isinstance(invite, str):
                raise Rejected("bad_request", "'invite' must be a text")
            seat_invite = data.get("seat_invite")
            if seat_invite is not None and not isinstance(seat_invite, str):
                raise Rejected("bad_request", "'seat_invite' must be a text")
            joined = await manager().join(
                request.path_params["table_id"],
                data.get("seat"),
                data.get("name"),
                invite,
                seat_invite=seat_invite,
                profile=await players.profile_of(request),
            )
        except Rejected as error:
            return _error(error)
        return JSONResponse(joined)

    async def bot_account(request: Request) -> BotAccount:
        token = bearer_token(request.headers.get("authorization"))
        account = None
        if token is not None:
            account = await asyncio.to_thread(account_of, manager().store, token)
        if account is None:
            raise Rejected(
                "no_bot_account", "a bot account's token must come as 'Authorization: Bearer T'"
            )
        return account

    async def api_bots_wanted(request: Request) -> Response:
        try:
            account = await bot_account(request)
        except Rejected as error:
            return _error(error)
        await asyncio.to_thread(mark_present, manager().store, account)  # it is connected
        seats = await manager().wanted_seats(account)
        return JSONResponse({"bot": {"name": account.name, "owner": account.owner}, "seats": seats})

    async def api_bots_join(request: Request) -> Response:
        try:
            account = await bot_account(request)
            data = await _json_body(request)
            if not isinstance(data, dict) or not isinstance(data.get("table"), str):
                raise Rejected("bad_request", 'the body must be {"table": ID, "seat": N}')
            joined = await manager().join_bot(data["table"], data.get("seat"), account)
        except Rejected as error:
            return _error(error)
        return JSONResponse(joined)

    async def api_invite(request: Request) -> Response:
        code = request.path_params["code"]
        table_id = await manager().invite_table(code)
        if table_id is None:
            return _error(Rejected("not_found", "no table has this invite code"))
        return JSONResponse({"id": table_id, "invite": code})

    async def api_records(_request: Request) -> Response:
        rows = await asyncio.to_thread(manager().store.list_records)
        return JSONResponse({"records": [listed_record(row) for row in rows]})

    async def api_frames(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        cached = frames_cache.get(table_id)
        if cached is not None:
            frames_cache.move_to_end(table_id)
            return Response(cached, media_type="application/json")
        try:
            replay_allowed(request)
            text = await asyncio.to_thread(manager().store.record_text, table_id)
            if text is None:
                raise Rejected("not_found", "no finished match with this id")
            try:
                body = await heavy().frames_json(text)
            except RecordError as error:
                raise Rejected("bad_record", str(error)) from None
        except Rejected as error:
            return _error(error)
        frames_cache[table_id] = body
        while len(frames_cache) > FRAMES_CACHE:
            frames_cache.popitem(last=False)
        return Response(body, media_type="application/json")

    async def api_record(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        text = await asyncio.to_thread(manager().store.record_text, table_id)
        if text is None:
            return _error(Rejected("not_found", "no finished match with this id"))
        filename = f"tricktable-{table_id}.json"
        return Response(
            json.dumps(json.loads(text), indent=1) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    async def api_replay(request: Request) -> Response:
        try:
            replay_allowed(request)
            body = await _read_body(request)
            data = load_json(body, "the record")
            if not isinstance(data, dict):
                raise Rejected("bad_record", "a record is one JSON object (RECORDS.md)")
            try:
                answer = await heavy().frames_json(body.decode("utf-8"))
            except RecordError as error:
                raise Rejected("bad_record", str(error)) from None
        except Rejected as error:
            return _error(error)
        return Response(answer, media_type="application/json")

    async def learn_page(request: Request) -> Response:
        name = request.path_params["family"]
        try:
            family = guide.family_named(name)
        except Rejected as error:
            return HTMLResponse(error.message, status_code=404)
        html = page_html("learn", guide.page_body(name), f"how to play {family.title}")
        return HTMLResponse(html)

    async def learn_for_game(request: Request) -> Response:
        name = guide.family_of_game(request.query_params.get("game", ""))
        return RedirectResponse(f"/learn/{name}" if name else "/#learn", status_code=303)

    async def api_learn(request: Request) -> Response:
        try:
            data = await _json_body(request)
            if not isinstance(data, dict):
                raise Rejected("bad_request", "the body must be a JSON object")
            wanted = guide.table_request(
                request.path_params["family"], data.get("name"), data.get("seed")
            )
            created = await manager().create(wanted, _address(request))
        except Rejected as error:
            return _error(error)
        return JSONResponse(created, status_code=201)

    async def api_guide(request: Request) -> Response:
        try:
            data = await _json_body(request)
            if not isinstance(data, dict):
                raise Rejected("bad_request", "the body must be a JSON object")
            table = manager().tables.get(request.path_params["table_id"])
            if table is None:
                raise Rejected("not_found", "no table with this id is open here")
            answer = await guide.explain(table, data.get("seat"), data.get("token"), heavy().guide)
        except Rejected as error:
            return _error(error)
        return JSONResponse(answer)

    async def api_health(_request: Request) -> Response:
        """For a proxy's health checks: 200 while the database answers, else 503."""
        tables = manager()
        try:
            await asyncio.to_thread(tables.store.ping)
        except Exception:
            return JSONResponse({"ok": False, "error": "database"}, status_code=503)
        return JSONResponse(
            {
                "ok": True,
                "process": None if tables.room is None else tables.room.process,
                "tables": len(tables.tables),
                "driving": len(tables.driving),
            }
        )

    async def table_socket(websocket: WebSocket) -> None:
        await serve_socket(manager(), websocket)

    routes = [
        Route("/", page("lobby")),
        Route("/table/{table_id}", page("table")),
        Route("/replay", page("replay")),
        Route("/learn", learn_for_game),
        Route("/learn/{family}", learn_page),
        Route("/api/learn/{family}", api_learn, methods=["POST"]),
        Route("/api/tables/{table_id}/guide", api_guide, methods=["POST"]),
        Route("/api/games", api_games),
        Route("/ladder", page("ladder")),
        Route("/api/ladder", api_ladder),
        Route("/api/health", api_health),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/tables/{table_id}", api_table),
        Route("/api/quick", api_quick, methods=["POST"]),
        Route("/api/tables/{table_id}/join", api_join, methods=["POST"]),
        Route("/api/tables/{table_id}/host", api_host, methods=["POST"]),
        Route("/api/invites/{code}", api_invite),
        Route("/api/bots/wanted", api_bots_wanted),
        Route("/api/bots/join", api_bots_join, methods=["POST"]),
        Route("/api/records", api_records),
        Route("/api/records/{table_id}", api_record),
        Route("/api/records/{table_id}/frames", api_frames),
        Route("/api/replay", api_replay, methods=["POST"]),
        *players.routes(page_html, _json_body, clean_name),
        WebSocketRoute("/ws/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [
        Middleware(
            GuardMiddleware,
            allowed_hosts=list(allowed_hosts) if allowed_hosts is not None else None,
            allowed_origins=list(allowed_origins),
        )
    ]
    if request_rate is not None:
        middleware.append(
            Middleware(
                RequestLimitMiddleware,
                rate=request_rate,
                burst=REQUEST_BURST,
                ipv6_prefix=server_limits.ipv6_prefix,
            )
        )
    return Starlette(routes=routes, lifespan=lifespan, middleware=middleware)


def _safe_url(url: str) -> str:
    """A database URL without its password (for logs)."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.rsplit('@', 1)[1]}"
    return url


async def serve_socket(manager: TableManager, websocket: WebSocket) -> None:
    """One websocket connection: hello, then actions, chat and pings until it closes.

    A seat's holder always gets in (a newer connection of a seat closes its oldest beyond
    ``seat_connections``); spectators are limited apart (``spectators``), and one refused
    is closed with ``BUSY_CLOSE`` so that the page tries again later."""
    await websocket.accept()
    table_id = websocket.path_params["table_id"]
    try:
        hello = await asyncio.wait_for(_receive(websocket), timeout=HELLO_TIMEOUT)
    except (TimeoutError, WebSocketDisconnect):
        await _close(websocket, 1008)
        return
    try:
        if hello is None:
            raise Rejected("malformed", "the first message must be a hello")
        message = parse_message(hello)
        if message["type"] != "hello":
            raise Rejected("malformed", "the first message must be a hello")
        seat = message.get("seat")
        held = await manager.lookup(table_id)
        if seat is not None and held is not None and not held.check_token(seat, message["token"]):
            held = await manager.current(held)  # a room: the seat may be taken elsewhere just now
        if seat is not None and held is not None and held.check_token(seat, message["token"]):
            table = held  # a seat's token opens its table, private or not
        else:
            table = await manager.get(table_id, message.get("invite"))
            if seat is not None:
                raise Rejected("bad_token", f"this token does not hold seat {seat + 1}")
        most = manager.limits.spectators
        if seat is None and table.spectators() >= most:
            raise Rejected("busy", f"this table has {most} spectators already; try again later")
    except Rejected as error:
        await websocket.send_text(json.dumps(error.to_json()))
        codes = {"bad_token": 4401, "busy": BUSY_CLOSE}
        await _close(websocket, codes.get(error.code, 4400))
        return
    limits = manager.limits
    client = Client(seat, RateLimit(limits.chat_rate, limits.chat_burst))
    sender = asyncio.get_running_loop().create_task(_send_loop(websocket, client))
    await table.attach(client)
    try:
        await _receive_loop(websocket, table, client)
    finally:
        table.detach(client)
        with contextlib.suppress(Exception):
            await sender


async def _receive(websocket: WebSocket) -> str | None:
    """The next text (or bytes) message; ``None`` for anything else."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes")
    if data is not None:
        return bytes(data).decode("utf-8", errors="replace")
    return None


async def _send_loop(websocket: WebSocket, client: Client) -> None:
    try:
        while True:
            message = await client.outbox.get()
            if message is None:
                break
            await websocket.send_text(message)
    except Exception:  # the peer went away; the receive loop notices too
        client.closed = True
    await _close(websocket, 1000)


async def _close(websocket: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.close(code)


async def _receive_loop(websocket: WebSocket, table: TableRuntime, client: Client) -> None:
    limit = RateLimit()
    refused = 0
    while not client.closed:
        try:
            text = await _receive(websocket)
        except (WebSocketDisconnect, RuntimeError):
            return
        if not _answers_its_turn(table, client, text) and not limit.allow():
            if client.seat in table.config.remote_bots:  # a remote bot's flood: its seat
                await _bot_misbehaved(table, client, "flooded the table with messages")
                return
            refused += 1
            if refused == 1 or refused % 20 == 0:
                client.send(Rejected("flood", "too many messages; slow down").to_json())
            if refused >= MAX_REFUSED:
                client.close()
                return
            continue
        refused = 0
        try:
            if text is None:
                raise Rejected("malformed", "a message must be one JSON object")
            if len(text) > MAX_MESSAGE:
                raise Rejected("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
            message = parse_message(text)
            await _handle(table, client, message)
        except Rejected as error:
            if error.code in MISBEHAVIOUR and client.seat in table.config.remote_bots:
                await _bot_misbehaved(table, client, f"sent a bad message: {error.message}")
                return
            reply = error.to_json()
            seq = _seq_of(text)
            if seq is not None:
                reply["seq"] = seq
            client.send(reply)
        except Exception:  # a bug must not take the table or the server down
            log.exception("table %s: message failed", table.id)
            client.send(Rejected("internal", "the server could not handle this message").to_json())


async def _bot_misbehaved(table: TableRuntime, client: Client, reason: str) -> None:
    """A remote bot broke the rules of the table (web/remote_bots.py): it loses the seat."""
    seat = client.seat
    if seat is None:
        return
    async with table.lock:
        await table.bot_lost(seat, reason)
    client.close()


def _answers_its_turn(table: TableRuntime, client: Client, text: str | None) -> bool:
    """Whether ``text`` is the client's action for the decision its seat is asked now. The
    table paces those (one a decision), so they never count as a flood: a fast bot answers
    every turn at once, and the turns come as fast as the table's bots play."""
    if client.seat is None or client.seat != table.state.current_player:
        return False
    if text is None or len(text) > MAX_MESSAGE or '"act"' not in text:
        return False
    with contextlib.suppress(ValueError, RecursionError):
        data = json.loads(text)
        return isinstance(data, dict) and data.get("type") == "act" and _seq_of(text) == table.seq
    return False


def _seq_of(text: str | None) -> int | None:
    """The ``seq`` of a refused message, when it has a readable one (echoed in the error)."""
    if text is None or len(text) > MAX_MESSAGE:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    seq = data.get("seq") if isinstance(data, dict) else None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


async def _handle(table: TableRuntime, client: Client, message: dict[str, Any]) -> None:
    kind = message["type"]
    if kind == "ping":
        client.send({"type": "pong"})
    elif kind == "hello":
        raise Rejected("malformed", "hello is only the first message")
    elif kind == "chat":
        table.chat(client, message["preset"])
    elif kind == "act":
        if client.seat is None:
            raise Rejected("spectator", "spectators cannot act")
        await table.act(client.seat, message["seq"], message["action"], client)
    elif kind == "fill":
        await table.fill_with_bots(client.seat, message["seats"], message["bot"])
    elif kind == "continue":
        await table.continue_deal(client, message["deals"])
