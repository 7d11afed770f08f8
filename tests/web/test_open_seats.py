"""Open seats: the table's creator gives them to bots (the ``fill`` message), and the lobby's
catalog offers the bot levels with a line each."""

from __future__ import annotations

import json
from typing import Any

from tests.web.conftest import Server, hello, receive, reply_to
from tricktable.web.catalog import DEFAULT_BOT
from tricktable.web.store import Store
from tricktable.web.tables import TableConfig


def table_with_open_seat(server: Server) -> dict[str, Any]:
    """Euchre: seat 0 the creator, seat 2 open, bots elsewhere (no delay)."""
    bot = {"kind": "bot", "bot": "random"}
    return server.create(
        game="euchre",
        rules={"target": None},
        seats=[{"kind": "human"}, bot, {"kind": "human"}, bot],
        sit=0,
        bot_delay=0,
    )


def test_the_creator_seats_a_bot_and_the_table_plays_on(server: Server) -> None:
    table = table_with_open_seat(server)
    runtime = server.manager.tables[table["id"]]
    assert runtime.config.creator == 0
    with server.socket(table["id"]) as ws:
        welcome = hello(ws, 0, table["token"])
        assert welcome["table"]["creator"] == 0
        assert not welcome["table"]["seats"][2]["taken"]
        ws.send(json.dumps({"type": "fill", "seats": [2], "bot": "easy"}))
        seats = receive(ws, "seats")["seats"]
        while seats[2]["kind"] != "bot":
            seats = receive(ws, "seats")["seats"]
        assert seats[2] == {
            **seats[2],
            "kind": "bot",
            "bot": "easy",
            "taken": True,
            "name": "North",  # presentation.names: as its record replays (was "Bot 3")
        }
    # Kept in the database: a restarted server builds the table with the bot seated.
    store = Store(server.database)
    try:
        row = store.table_row(table["id"])
        assert row is not None
        config = TableConfig.from_json(json.loads(row["config"]))
        assert config.seats[2].kind == "bot" and config.seats[2].bot == "easy"
        assert config.creator == 0
        assert store.seat_rows(table["id"])[2]["name"] == "North"
    finally:
        store.close()


def test_only_the_creator_may_fill_and_only_open_seats(server: Server) -> None:
    table = table_with_open_seat(server)
    status, joined = server.request(
        "POST", f"/api/tables/{table['id']}/join", {"seat": 2, "name": "Bea"}
    )
    assert status == 200
    with server.socket(table["id"]) as guest:
        hello(guest, 2, joined["token"])
        refused = reply_to(guest, {"type": "fill", "seats": [2], "bot": "easy"}, ("error",))
        assert refused["code"] == "not_creator"
    with server.socket(table["id"]) as creator:
        hello(creator, 0, table["token"])
        taken = reply_to(creator, {"type": "fill", "seats": [2], "bot": "easy"}, ("error",))
        assert taken["code"] == "seat_taken"
        unknown = reply_to(creator, {"type": "fill", "seats": [2], "bot": "oracle"}, ("error",))
        assert unknown["code"] == "bad_request" and "oracle" in unknown["message"]
        malformed = reply_to(creator, {"type": "fill", "seats": "all", "bot": "easy"}, ("error",))
        assert malformed["code"] == "malformed"
    with server.socket(table["id"]) as watcher:
        hello(watcher)
        spectator = reply_to(watcher, {"type": "fill", "seats": [1], "bot": "easy"}, ("error",))
        assert spectator["code"] == "not_creator"


def test_the_catalog_offers_levels_first_and_engines_apart(server: Server) -> None:
    games = server.get("/api/games")
    assert [level["name"] for level in games["levels"]] == ["easy", "medium", "hard", "expert"]
    assert all(level["description"] for level in games["levels"] + games["engines"])
    assert {engine["name"] for engine in games["engines"]} == {
        "random",
        "heuristic",
        "pimc",
        "ismcts",
    }
    assert games["default_bot"] == DEFAULT_BOT == "medium"
    for game in games["games"]:
        for option in game["options"]:
            assert option["label"] and "_" not in option["label"], option
            assert option["sentence"].endswith("."), option


def test_a_seat_without_a_bot_name_gets_the_default_level(server: Server) -> None:
    table = server.create(
        game="euchre", seats=[{"kind": "bot"}] * 4, bot_delay=5, rules={"target": None}
    )
    assert [s.bot for s in server.manager.tables[table["id"]].config.seats] == ["medium"] * 4


def test_a_name_that_passes_for_a_bot_is_refused(server: Server) -> None:
    """The review seated a person called ``bot:expert``: their record then named a bot."""
    table = table_with_open_seat(server)
    path = f"/api/tables/{table['id']}/join"
    for name in ("bot:expert", "  BOT : Expert", "Bot 3", "north"):
        status, answer = server.request("POST", path, {"seat": 2, "name": name})
        assert status == 400 and answer["error"] == "bad_request", name
        assert "passes for a bot's" in answer["message"] and "choose another" in answer["message"]
    assert server.manager.tables[table["id"]].token_hashes[2] is None
    status, _ = server.request("POST", path, {"seat": 2, "name": "Botond"})
    assert status == 200
    status, answer = server.request(
        "POST",
        "/api/tables",
        {"game": "euchre", "seats": [{"kind": "human"}] * 4, "sit": 0, "name": "bot:hard"},
    )
    assert status == 400 and "passes for a bot's" in answer["message"]
    assert len(server.manager.tables) == 1  # the refused table was not opened
