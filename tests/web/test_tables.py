"""The lobby's HTTP API and what tables do on their own: every game, private tables, bots
for absent players, turn timers, chat, storage failures, the replay API."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest

from tests.web.conftest import Server, hello, receive
from tests.web.test_websocket import BOTS, act, one_hand_table, play_to_end, wait_my_turn
from tricktable.games import GAMES
from tricktable.presentation.names import COMPASS
from tricktable.record import record_of
from tricktable.web.tables import DEAL_PANEL_GRACE, Rejected


def test_every_game_is_offered_with_its_options(server: Server) -> None:
    games = server.get("/api/games")
    assert [g["name"] for g in games["games"]] == list(GAMES)
    for game in games["games"]:
        assert game["default_players"] in game["players"]
        assert game["options"] and game["presets"]
        assert game["title"][0].isupper() and "_" not in game["title"]  # words for people
        assert set(game["preset_titles"]) == set(game["presets"])
        assert not any("_" in title for title in game["preset_titles"].values())
        for values in game["presets"].values():
            assert set(values) == {o["name"] for o in game["options"]}
    assert {"random", "heuristic"} <= set(games["bots"])


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_plays_at_a_table(server: Server, game: str) -> None:
    table = server.create_with_bots(game, seed=7)
    play_twelve_decisions(server, table)


def play_twelve_decisions(server: Server, table: dict[str, Any]) -> None:
    """Seat 0 takes twelve decisions at ``table`` (its last legal action each time), the
    bots theirs in between."""
    with server.socket(table["id"]) as ws:
        view = hello(ws, 0, table["token"])["state"]
        for _ in range(12):
            view = wait_my_turn(ws, 0, view)
            if view["finished"]:
                break
            assert view["legal"]
            assert act(ws, view["seq"], view["legal"][-1])["type"] == "ack"
            view = receive(ws, "state")["view"]
        assert view["seq"] >= 12


def test_partnership_bid_euchre_plays_at_a_table(server: Server) -> None:
    """A preset with a form of its own (its own sides, decisions and options): offered with
    its options, and a table of it plays (bids, shoot's passed card and discard included)."""
    info = next(g for g in server.get("/api/games")["games"] if g["name"] == "bid_euchre")
    assert info["presets"]["partnership"]["lone_bids"] == "both"
    table = server.create(
        game="bid_euchre",
        players=4,
        rules={"preset": "partnership", "target": 10},
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3,
        sit=0,
        bot_delay=0,
        seed=7,
    )
    play_twelve_decisions(server, table)
    status, answer = server.request(
        "POST",
        "/api/tables",
        {"game": "bid_euchre", "rules": {"preset": "partnership", "start_score": 30}},
    )
    assert status == 400 and "belongs only to bid_euchre's individual form" in answer["message"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "whist"}, "'game' must be one of"),
        ({"game": "euchre", "rules": {"target": "many"}}, "option 'target' cannot be"),
        ({"game": "euchre", "rules": {"colour": 1}}, "unknown option 'colour'"),
        ({"game": "euchre", "seats": [{"kind": "human"}]}, "'seats' must list 4 seats"),
        ({"game": "euchre", "seats": [{"kind": "bot", "bot": "oracle"}] * 4}, "unknown bot"),
        ({"game": "euchre", "players": 3}, "euchre is played by 4 players"),
        ({"game": "euchre", "seats": [{"kind": "bot"}] * 4, "sit": 1}, "'sit' must be"),
        ({"game": "euchre", "seats": [{"kind": "human"}] * 4, "bot_delay": -1}, "'bot_delay'"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(
    server: Server, body: dict[str, Any], message: str
) -> None:
    status, answer = server.request("POST", "/api/tables", body)
    assert status == 400
    assert message in answer["message"]


def test_private_tables_need_their_invite_code(server: Server) -> None:
    # a secret seed: anyone may sit (at a seeded table only its creator)
    table = one_hand_table(server, private=True, sit=None, seed=None)
    assert table["invite"] and len(table["invite"]) >= 22  # 128 bits
    assert server.get("/api/tables")["tables"] == []
    status, _ = server.request("GET", f"/api/tables/{table['id']}")
    assert status == 404
    status, _ = server.request("POST", f"/api/tables/{table['id']}/join", {"seat": 0})
    assert status == 404
    assert server.get(f"/api/invites/{table['invite']}") == {
        "id": table["id"],
        "invite": table["invite"],
    }
    assert server.request("GET", "/api/invites/guess")[0] == 404
    with server.socket(table["id"]) as ws:
        ws.send(json.dumps({"type": "hello"}))
        assert receive(ws, "error")["code"] == "not_found"
    with server.socket(table["id"]) as ws:  # not even a strange code upsets the server
        ws.send(json.dumps({"type": "hello", "invite": "é\u0000" * 8}))
        assert receive(ws, "error")["code"] == "not_found"
    assert server.request("GET", f"/api/tables/{table['id']}?invite=%C3%A9")[0] == 404
    with server.socket(table["id"]) as ws:
        assert hello(ws, invite=table["invite"])["seat"] is None
    status, joined = server.request(
        "POST", f"/api/tables/{table['id']}/join", {"seat": 0, "invite": table["invite"]}
    )
    assert status == 200 and joined["seat"] == 0
    with server.socket(table["id"]) as ws:  # the seat's token alone opens the private table
        assert hello(ws, 0, joined["token"])["seat"] == 0
    with server.socket(table["id"]) as ws:
        ws.send(json.dumps({"type": "hello", "seat": 0, "token": "nope"}))
        assert receive(ws, "error")["code"] == "not_found"  # no hint that the table exists


def test_a_bot_plays_for_an_absent_player_until_they_return(server: Server) -> None:
    table = one_hand_table(server, autoplay_after=0.3)
    runtime = server.manager.tables[table["id"]]
    with server.socket(table["id"]) as watcher:
        hello(watcher)
        with server.socket(table["id"]) as ws:
            view = wait_my_turn(ws, 0, hello(ws, 0, table["token"])["state"])
            seq = view["seq"]
        while not receive(watcher, "seats")["seats"][0]["autoplay"]:
            pass  # the watcher is told when a bot takes the seat
    deadline = time.monotonic() + 20
    while runtime.seq <= seq + 4 and not runtime.state.is_terminal():
        assert time.monotonic() < deadline, "no bot took the seat"
        time.sleep(0.05)
    assert any(d.seat == 0 for d in runtime.decisions[seq:])
    with server.socket(table["id"]) as ws:
        welcome = hello(ws, 0, table["token"])
        assert welcome["table"]["seats"][0]["autoplay"] is False
        assert runtime.autoplayed(0) is False


def test_the_turn_timer_lets_a_bot_decide(server: Server) -> None:
    table = one_hand_table(server, turn_timer=2)
    with server.socket(table["id"]) as ws:
        view = hello(ws, 0, table["token"])["state"]
        while not (view["to_act"] == 0 and view["timer"] > 1.0):  # a turn just begun
            assert not view["finished"]
            view = receive(ws, "state")["view"]
        assert view["timer"] <= 2
        started = time.monotonic()
        later = receive(ws, "state")["view"]  # nobody acts: the timer runs out
        assert later["seq"] == view["seq"] + 1
        assert time.monotonic() - started >= 0.3  # not before the time was up
        assert later["history"][len(view["history"])][0] == 0  # seat 0's decision


def test_the_next_deal_s_turn_timer_waits_until_the_player_continues(server: Server) -> None:
    """Issue 37: while the end-of-deal panel is open the next deal's turn timer does not run
    on the server (it ran down behind the panel, and a bot took the person's first decision
    of the deal); it starts when their page says they continued (``continue``)."""
    table = one_hand_table(server, rules={}, turn_timer=1)  # a match of several deals
    runtime = server.manager.tables[table["id"]]
    with server.socket(table["id"]) as ws:
        view = hello(ws, 0, table["token"])["state"]
        while not (view["deal"] == 2 and view["to_act"] == 0):
            assert not view["finished"]
            if view["to_act"] == 0 and view["deal"] == 1:  # deal 1 as the timer allows
                ws.send(json.dumps({"type": "act", "seq": view["seq"], "action": view["legal"][0]}))
            view = receive(ws, "state")["view"]
        seq = view["seq"]
        assert view["timer"] == 1.0  # the whole time: the timer has not started
        time.sleep(2.5)  # longer than the timer: the panel is open, nobody acts for seat 1
        assert runtime.seq == seq and runtime.state.current_player == 0
        ws.send(json.dumps({"type": "continue", "deals": 1}))
        later = receive(ws, "state")["view"]
        while later["seq"] == seq:  # its view again, then the timer runs out
            later = receive(ws, "state")["view"]
        assert later["seq"] == seq + 1
        assert runtime.decisions[seq].seat == 0  # the fallback bot took the decision


def test_an_absent_persons_timer_does_not_wait_for_a_panel(server: Server) -> None:
    """A person with no page open reads no end-of-deal panel: in the deals after the first
    their turn timer starts with the turn (it waited out the panel's minute of grace, which
    held a table with an absent player up for a minute each deal)."""
    table = one_hand_table(server, rules={}, turn_timer=1, autoplay_after=3600)
    runtime = server.manager.tables[table["id"]]
    with server.socket(table["id"]) as watcher:  # a spectator: seat 0's person never comes
        view = hello(watcher)["state"]
        while not (view["deal"] == 2 and view["to_act"] == 0):
            assert not view["finished"]
            view = receive(watcher, "state")["view"]
        seq = view["seq"]
        deadline = time.monotonic() + DEAL_PANEL_GRACE / 2
        while runtime.seq == seq:
            assert time.monotonic() < deadline, "the timer waited for a panel nobody reads"
            time.sleep(0.05)
    assert runtime.decisions[seq].seat == 0  # the fallback bot took the decision


def test_chat_presets_reach_every_connection(server: Server) -> None:
    table = one_hand_table(server, bot_delay=5)
    with server.socket(table["id"]) as player, server.socket(table["id"]) as watcher:
        presets = hello(player, 0, table["token"])["chat_presets"]
        hello(watcher)
        player.send(json.dumps({"type": "chat", "preset": 2}))
        said = receive(watcher, "chat")
        assert said == {"type": "chat", "seat": 0, "text": presets[2]}
        assert receive(player, "chat")["text"] == presets[2]


def test_an_action_that_cannot_be_stored_changes_nothing(server: Server) -> None:
    table = one_hand_table(server, bot_delay=5)
    runtime = server.manager.tables[table["id"]]
    writer = runtime.writer

    class Broken:
        async def write(self, batch: Any) -> None:
            raise OSError("disk full")

    with server.socket(table["id"]) as ws:
        view = wait_my_turn(ws, 0, hello(ws, 0, table["token"])["state"])
        before = server.call(_record(runtime))
        runtime.writer = Broken()
        try:
            reply = act(ws, view["seq"], view["legal"][0])
        finally:
            runtime.writer = writer
        assert reply["code"] == "storage" and reply["legal"] == view["legal"]
        assert "disk full" not in reply["message"]
        assert server.call(_record(runtime)) == before
        assert act(ws, view["seq"], view["legal"][0])["type"] == "ack"


async def _record(runtime: Any) -> dict[str, Any]:
    async with runtime.lock:
        await asyncio.sleep(0)
        return record_of(runtime.state)


def test_the_replay_api_checks_records(server: Server) -> None:
    status, answer = server.request("POST", "/api/replay", {"game": "euchre"})
    assert status == 400 and "lacks field" in answer["message"]
    table = one_hand_table(server, bot_delay=5)
    runtime = server.manager.tables[table["id"]]
    record = server.call(_record(runtime))
    status, answer = server.request("POST", "/api/replay", record)
    assert status == 200 and len(answer["frames"]) == 1 + len(record["deals"][0]["actions"])
    assert server.request("GET", "/api/records/nothing")[0] == 404
    status, answer = server.request("POST", "/api/replay", {"pad": "x" * 1_100_000})
    assert status == 413 and answer["error"] == "too_large"
    status, answer = server.request("POST", "/api/tables", ["not", "an", "object"])
    assert status == 400 and "JSON object" in answer["message"]


def test_pages_and_assets_are_served_locally(server: Server) -> None:
    for path in ("/", "/table/x", "/replay", "/static/table.js", "/static/style.css"):
        status, body = server.request("GET", path)
        assert status == 200, path
        assert "http://" not in str(body) and "https://" not in str(body), path


def test_a_card_the_player_may_not_see_is_played_for_them(server: Server) -> None:
    """Romanian whist "on the forehead": the seat's one card is never named to it."""
    table = server.create(
        game="romanian_whist",
        rules={"forehead": "first_and_last"},
        players=3,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 2,
        sit=0,
        bot_delay=0,
        seed=2,
    )
    runtime = server.manager.tables[table["id"]]
    forced_seen = False
    with server.socket(table["id"]) as ws:
        view = hello(ws, 0, table["token"])["state"]
        while view["deal"] <= 3 and not view["finished"]:
            if view["to_act"] == 0 and view["public"].get("own_hand_hidden"):
                assert all(not a.startswith("play") for a in view["legal"])
                forced_seen = forced_seen or view["forced"]
                assert view["hand"] == []
            if view["to_act"] == 0 and view["legal"]:
                assert act(ws, view["seq"], view["legal"][0])["type"] == "ack"
            view = receive(ws, "state")["view"]
    assert forced_seen
    assert runtime.seq > 0


def test_any_action_text_is_refused_cleanly(server: Server) -> None:
    """Random texts sent as actions: each a clear refusal; nothing changes."""
    table = one_hand_table(server, bot_delay=5)
    runtime = server.manager.tables[table["id"]]
    rng = random.Random(8)
    alphabet = "playdiscrbnoe ASHDCJQKT9871230-_♠♥é\\u0000"
    texts = ["play", "play  ", "bid -1", "call X", "discard JO JO", "order alone alone"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 20))) for _ in range(300)]

    async def send_all() -> list[str]:
        codes = []
        for text in texts:
            seat = runtime.state.current_player
            try:
                await runtime.act(seat if len(codes) % 2 else (seat + 1) % 4, runtime.seq, text)
                codes.append("accepted")
            except Rejected as error:
                codes.append(error.code)
        return codes

    before = server.call(_record(runtime))
    codes = server.call(send_all())
    assert set(codes) <= {"bad_action", "not_your_turn", "illegal"}
    assert server.call(_record(runtime)) == before


def test_an_address_posting_too_fast_is_told_to_slow_down(sqlite_url: str) -> None:
    from tricktable.web.app import REQUEST_BURST

    limited = Server(sqlite_url, request_rate=0.5).start()
    try:
        statuses = [limited.request("POST", "/api/tables", {})[0] for _ in range(REQUEST_BURST)]
        assert 429 not in statuses  # a burst is allowed (each refused as a bad table)
        status, data = limited.request("POST", "/api/tables", {})
        assert status == 429
        assert data["error"] == "rate_limited"
        assert "at most 0.5 a second" in data["message"]
        assert limited.get("/api/tables")["tables"] == []  # reads are not limited
    finally:
        limited.stop()


def test_a_refusal_never_names_the_seats_hidden_card() -> None:
    """Romanian whist "on the forehead": during the seat's forced play, an action it sends is
    refused with the legal actions its view shows (none), never naming its own card."""
    from tricktable.web.tables import Client, SeatConfig, TableConfig, new_runtime
    from tricktable.web.views import shown_legal

    async def run() -> tuple[str, list[Rejected]]:
        table = new_runtime(
            table_id="t",
            game_name="romanian_whist",
            rules={"forehead": "first_and_last"},
            players=3,
            config=TableConfig(seats=[SeatConfig("human", "heuristic")] * 3),
            private=False,
            invite=None,
            seed="s",
            first_dealer=0,
            names=["A", "B", "C"],
            token_hashes=[None] * 3,
            writer=None,
            store=None,
        )
        table.next_deal_event()
        while True:
            seat = table.state.current_player
            view = table.state.view(seat)
            if seat == 0 and shown_legal(view)[1]:
                break
            await table.act(seat, table.seq, view.legal[0])
        own = table.state.view(0).legal[0]  # "play XX": the card seat 0 may not see
        refusals = []
        for attempt in ("play 2C", own, "bid 0"):
            try:
                await table.act(0, table.seq, attempt, Client(0))
            except Rejected as error:
                refusals.append(error)
        return own, refusals

    own, refusals = asyncio.run(run())
    card = own.split()[1]
    assert len(refusals) == 3
    for refusal in refusals:
        assert refusal.legal == []
        assert card not in refusal.message or refusal.message.startswith(f"'{own}'")
        assert "does not hold" not in refusal.message


def test_a_bot_seat_is_named_as_the_replay_of_the_tables_record_names_it(server: Server) -> None:
    table = server.create(
        game="euchre",
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3,
        sit=0,
        bot_delay=5,
        seed=7,
    )
    runtime = server.manager.tables[table["id"]]
    record = runtime.record()
    assert record["names"][1:] == ["bot:heuristic"] * 3
    status, answer = server.request("POST", "/api/replay", record)
    assert status == 200
    assert runtime.names[1:] == answer["names"][1:] == ["West", "North", "East"]


def test_a_table_drawn_for_partners_seats_and_records_the_draw(server: Server) -> None:
    from tricktable.games import load_game
    from tricktable.record import replay_json, replay_record
    from tricktable.seating import draw_for_partners, partners_seed
    from tricktable.web.tables import TableConfig

    table = one_hand_table(server, draw_partners="low")
    game = load_game("euchre", {"target": None})
    draw = draw_for_partners(game, "low", random.Random(partners_seed("11")))
    seat = draw.seat_of(0)  # the lobby's first entry, the creator, sits where the draw says
    assert table["seat"] == seat
    runtime = server.manager.tables[table["id"]]
    assert runtime.config.creator == seat
    assert [s.kind for s in runtime.config.seats] == draw.seated(["human", "bot", "bot", "bot"])
    assert TableConfig.from_json(runtime.config.to_json()) == runtime.config  # kept on restart
    with server.socket(table["id"]) as ws:
        welcome = hello(ws, seat, table["token"])
        lines = welcome["table"]["partner_draw"]
        assert lines[0] == "Drawing for partners: the two lowest cards play together (aces low)."
        assert any(line.startswith("Tess draws ") for line in lines)
        partner = "North"  # the seat across, as Tess's table draws it
        assert f"Tess and {partner} play together" in lines[-1] or (
            f"{partner} and Tess play together" in lines[-1]
        )
        play_to_end(ws, seat, welcome["state"])
    status, text = server.request("GET", f"/api/records/{table['id']}")
    assert status == 200
    record = json.loads(text) if isinstance(text, str) else text
    assert record["partner_draw"] == draw.to_json()
    assert record["names"][seat] == "Tess"
    assert replay_json(replay_record(record))["finished"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"draw_partners": "middle"}, "'draw_partners' must be high, low or absent"),
        (
            {
                "game": "three_handed_euchre",
                "seats": [{"kind": "human"}, *BOTS[:2]],
                "draw_partners": "high",
            },
            "needs a partnership game",
        ),
    ],
)
def test_a_draw_for_partners_is_refused_with_a_reason(
    server: Server, body: dict[str, Any], message: str
) -> None:
    full = {
        "game": "euchre",
        "seats": [{"kind": "human"}, *BOTS],
        "sit": 0,
        "bot_delay": 0,
        **body,
    }
    status, answer = server.request("POST", "/api/tables", full)
    assert status == 400
    assert message in answer["message"]


def test_the_partner_draw_names_seats_as_the_viewer_sees_the_table(server: Server) -> None:
    """The draw's lines name a bot by its place as the viewer's table draws it (the compass
    turned so that the viewer sits South): the partner across is North, whatever seat the
    draw gave (issue 37: they were the server's names, so seat 3's partner was "South")."""
    from tricktable.games import load_game
    from tricktable.seating import draw_for_partners, partners_seed

    game = load_game("euchre", {"target": None})
    seed = next(  # a draw that seats the creator elsewhere than seat 1 (South)
        s
        for s in range(100)
        if draw_for_partners(game, "high", random.Random(partners_seed(str(s)))).seat_of(0)
    )
    table = one_hand_table(server, draw_partners="high", seed=seed)
    assert table["seat"] != 0
    with server.socket(table["id"]) as ws:
        lines = hello(ws, table["seat"], table["token"])["table"]["partner_draw"]
    together = lines[-1]
    assert "Tess and North play together" in together or "North and Tess" in together, lines
    assert "West and East play together" in together or "East and West" in together, lines
    with server.socket(table["id"]) as ws:  # a spectator sees the table from seat 1
        watched = hello(ws)["table"]["partner_draw"]
    partner = COMPASS[(table["seat"] + 2) % 4]
    assert f"Tess and {partner}" in watched[-1] or f"{partner} and Tess" in watched[-1]
