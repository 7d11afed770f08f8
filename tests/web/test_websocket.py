"""The websocket protocol against a real server on loopback (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from tests.web.conftest import Server, hello, receive, reply_to
from tricktable.record import replay_json, replay_record

BOTS = [{"kind": "bot", "bot": "heuristic"}] * 3


def one_hand_table(server: Server, **extra: Any) -> dict[str, Any]:
    """A euchre table of one hand: seat 0 for the test, three bots that act at once."""
    body: dict[str, Any] = {
        "game": "euchre",
        "rules": {"target": None},
        "seats": [{"kind": "human"}, *BOTS],
        "sit": 0,
        "name": "Tess",
        "bot_delay": 0,
        "seed": 11,
    }
    body.update(extra)
    return server.create(**body)


def wait_my_turn(ws: ClientConnection, seat: int, view: dict[str, Any]) -> dict[str, Any]:
    """The first view (this one or a later) where ``seat`` is to act or the match is over."""
    while not (view["to_act"] == seat or view["finished"]):
        view = receive(ws, "state")["view"]
    return view


def act(ws: ClientConnection, seq: int, action: str) -> dict[str, Any]:
    """Send an action; the ack or error that answers it."""
    return reply_to(ws, {"type": "act", "seq": seq, "action": action}, ("ack", "error"))


def play_to_end(ws: ClientConnection, seat: int, view: dict[str, Any]) -> dict[str, Any]:
    """Play ``seat``'s first legal action at each turn until the match is over."""
    while True:
        view = wait_my_turn(ws, seat, view)
        if view["finished"]:
            return view
        reply = act(ws, view["seq"], view["legal"][0])
        assert reply["type"] == "ack", reply
        view = receive(ws, "state")["view"]


def test_join_act_and_finish(server: Server) -> None:
    table = one_hand_table(server)
    assert len(table["token"]) >= 43  # 32 random bytes, URL-safe
    with server.socket(table["id"]) as ws:
        welcome = hello(ws, 0, table["token"])
        assert welcome["seat"] == 0
        view = welcome["state"]
        assert sum(len(group) for group in view["hand"]) == 5
        final = play_to_end(ws, 0, view)
    assert final["finished"] and final["winner"] in (0, 1)
    listed = server.get("/api/records")["records"]
    assert [r["table"] for r in listed] == [table["id"]]
    status, text = server.request("GET", f"/api/records/{table['id']}")
    assert status == 200
    state = replay_record(text)
    assert replay_json(state)["finished"]
    assert replay_json(state)["scores"] == final["scores"]


def test_illegal_action_is_refused_with_the_legal_ones(server: Server) -> None:
    table = one_hand_table(server)
    with server.socket(table["id"]) as ws:
        view = wait_my_turn(ws, 0, hello(ws, 0, table["token"])["state"])
        not_legal = next(
            f"play {card}"
            for card in ("AS", "KS", "QS", "AH", "KH", "QH", "AD", "KD", "9C", "TC")
            if f"play {card}" not in view["legal"]
        )
        reply = act(ws, view["seq"], not_legal)
        assert reply["type"] == "error" and reply["code"] == "illegal"
        assert reply["legal"] == view["legal"]
        assert "not legal" in reply["message"]
        reply = act(ws, view["seq"], "shout hooray")
        assert reply["code"] == "bad_action" and reply["legal"] == view["legal"]
        # Nothing changed: the first legal action is still accepted with the same number.
        assert act(ws, view["seq"], view["legal"][0])["type"] == "ack"


def four_people(server: Server) -> tuple[dict[str, Any], list[str]]:
    """A one-hand euchre table of four people; returns the table and each seat's token."""
    table = server.create(
        game="euchre", rules={"target": None}, seats=[{"kind": "human"}] * 4, sit=0
    )
    tokens = [table["token"]]
    for seat in (1, 2, 3):
        status, joined = server.request("POST", f"/api/tables/{table['id']}/join", {"seat": seat})
        assert status == 200, joined
        tokens.append(joined["token"])
    status, again = server.request("POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    assert status == 409 and again["error"] == "seat_taken"
    return table, tokens


def test_out_of_turn_resend_and_stale(server: Server) -> None:
    table, tokens = four_people(server)
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(server.socket(table["id"])) for _ in range(4)]
        views = [hello(ws, seat, tokens[seat])["state"] for seat, ws in enumerate(sockets)]
        for _ in range(8):
            seat = views[0]["to_act"]
            seq, legal = views[seat]["seq"], views[seat]["legal"]
            assert legal and all(views[s]["legal"] == [] for s in range(4) if s != seat)
            other = (seat + 1) % 4
            reply = act(sockets[other], seq, legal[0])
            assert reply["code"] == "not_your_turn" and reply["legal"] == []
            assert act(sockets[seat], seq, legal[0]) == {
                "type": "ack",
                "seq": seq,
                "action": legal[0],
                "duplicate": False,
            }
            # The same action resent (its ack lost): acknowledged again, applied once.
            assert act(sockets[seat], seq, legal[0])["duplicate"] is True
            different = next(a for a in ("pass", "order", "play 9S", "play AH") if a != legal[0])
            stale = act(sockets[seat], seq, different)
            assert stale["code"] == "stale"
            assert legal[0] not in stale["message"]  # another seat's action is never named
            assert act(sockets[seat], seq + 5, legal[0])["code"] == "bad_seq"
            views = [receive(ws, "state")["view"] for ws in sockets]
            assert all(v["seq"] == seq + 1 for v in views)


def test_wrong_token_is_refused(server: Server) -> None:
    table = one_hand_table(server)
    with server.socket(table["id"]) as ws:
        ws.send(json.dumps({"type": "hello", "seat": 0, "token": "x" * 43}))
        error = json.loads(ws.recv(timeout=10))
        assert error["type"] == "error" and error["code"] == "bad_token"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    with server.socket(table["id"]) as ws:  # another seat's token does not work either
        ws.send(json.dumps({"type": "hello", "seat": 1, "token": table["token"]}))
        assert json.loads(ws.recv(timeout=10))["code"] == "bad_token"
    with server.socket("no-such-table") as ws:
        ws.send(json.dumps({"type": "hello"}))
        assert json.loads(ws.recv(timeout=10))["code"] == "not_found"


def test_malformed_oversized_and_flooding_messages(server: Server) -> None:
    table = one_hand_table(server, bot_delay=5)
    with server.socket(table["id"]) as ws:
        view = hello(ws, 0, table["token"])["state"]
        bad = [
            "not json",
            "[1, 2]",
            json.dumps({"type": "dance"}),
            json.dumps({"type": "act", "seq": -1, "action": "pass"}),
            json.dumps({"type": "act", "seq": 0, "action": 7}),
            json.dumps({"type": "act", "seq": True, "action": "pass"}),
            json.dumps({"type": "chat", "preset": 99}),
            json.dumps({"type": "hello", "seat": 0, "token": "t"}),
        ]
        for text in bad:
            ws.send(text)
            error = receive(ws, "error")
            assert error["code"] == "malformed", (text, error)
        ws.send(json.dumps({"type": "act", "seq": 0, "action": "x" * 5000}))
        assert receive(ws, "error")["code"] == "too_large"
        time.sleep(1.5)  # let the rate limit refill
        for _ in range(60):
            ws.send(json.dumps({"type": "ping"}))
        kinds = []
        for _ in range(60):
            kinds.append(json.loads(ws.recv(timeout=10))["type"])
            if "error" in kinds:
                break
        assert "error" in kinds  # the flood is refused
        time.sleep(2.5)
        ws.send(json.dumps({"type": "ping"}))
        assert receive(ws, "pong") == {"type": "pong"}
    assert server.manager.tables[table["id"]].seq == view["seq"]  # nothing was applied
    with server.socket(table["id"]) as ws:  # far beyond the frame limit: closed, server fine
        hello(ws, 0, table["token"])
        ws.send("y" * 100_000)
        with pytest.raises(ConnectionClosed):
            for _ in range(10):
                ws.recv(timeout=10)
    with server.socket(table["id"]) as ws:
        assert hello(ws, 0, table["token"])["state"]["seq"] == view["seq"]


def test_an_answer_to_its_own_turn_is_never_a_flood(server: Server) -> None:
    """The table paces a seat's actions (one a decision), so a fast bot answering every turn
    at once is no flood: its action for the decision it is asked goes through even when its
    messages' allowance is spent (a remote bot lost its seat for that against quick bots)."""
    table = one_hand_table(server)
    with server.socket(table["id"]) as ws:
        view = wait_my_turn(ws, 0, hello(ws, 0, table["token"])["state"])
        for _ in range(60):  # the allowance spent: the pings beyond it refused
            ws.send(json.dumps({"type": "ping"}))
        assert receive(ws, "error")["code"] == "flood"
        ws.send(json.dumps({"type": "act", "seq": view["seq"], "action": view["legal"][0]}))
        assert receive(ws, "ack")["seq"] == view["seq"]
    assert server.manager.tables[table["id"]].seq > view["seq"]


def test_reconnect_returns_to_the_same_place(server: Server) -> None:
    table = one_hand_table(server)
    with server.socket(table["id"]) as ws:
        view = wait_my_turn(ws, 0, hello(ws, 0, table["token"])["state"])
        assert act(ws, view["seq"], view["legal"][0])["type"] == "ack"
        view = wait_my_turn(ws, 0, receive(ws, "state")["view"])
    with server.socket(table["id"]) as ws:
        again = hello(ws, 0, table["token"])["state"]
        assert again["seq"] == view["seq"] and again["hand"] == view["hand"]
        assert again["legal"] == view["legal"]
        final = play_to_end(ws, 0, again)
        assert final["finished"]


CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JO)\b")


def test_spectators_and_other_seats_see_no_hidden_card(server: Server) -> None:
    table = one_hand_table(server, bot_delay=0.02)
    seen: list[tuple[str, dict[str, Any]]] = []
    with server.socket(table["id"]) as player, server.socket(table["id"]) as watcher:
        player_view = hello(player, 0, table["token"])["state"]
        welcome = hello(watcher)
        assert welcome["seat"] is None and welcome["state"]["hand"] == []
        seen.append(("watcher", welcome["state"]))
        status, _ = server.request("POST", f"/api/tables/{table['id']}/join", {"seat": 1})
        assert status == 409  # a bot's seat cannot be taken
        view = welcome["state"]
        final = None
        while True:
            seen.append(("player", player_view))
            if player_view["finished"]:
                final = player_view
                break
            if player_view["to_act"] == 0:
                reply = act(player, player_view["seq"], player_view["legal"][0])
                assert reply["type"] == "ack", reply
            player_view = receive(player, "state")["view"]
        while not view["finished"]:
            view = receive(watcher, "state")["view"]
            seen.append(("watcher", view))
        watcher.send(json.dumps({"type": "act", "seq": view["seq"], "action": "pass"}))
        assert receive(watcher, "error")["code"] in ("spectator", "finished")
    assert final is not None
    _, text = server.request("GET", f"/api/records/{table['id']}")
    record = json.loads(text) if isinstance(text, str) else text
    deal = record["deals"][0]
    played = [a.split()[1] for a in deal["actions"] if a.startswith("play ")]
    for who, view in seen:
        own = set(deal["hands"][0]) if who == "player" else set()
        visible = json.dumps(
            [view["hand"], view["legal"], view["history"], view["trick"], view["public"]]
        )
        history_len = len(view["history"])
        played_now = {a.split()[1] for a in deal["actions"][:history_len] if a.startswith("play ")}
        allowed = own | played_now | {deal["turned"]}
        if who == "player" and view["public"].get("dealer_took_up") and view["dealer"] == 0:
            allowed |= set(deal["hands"][0])
        leaked = set(CARD.findall(visible)) - allowed
        assert not leaked, (who, leaked, view)
    assert played  # the hand was played out


def test_a_connection_made_while_an_action_is_stored_sees_the_state_before_it(
    server: Server,
) -> None:
    writer = server.manager.writer
    store = writer.write

    async def slow_write(batch: Any) -> None:  # every commit takes 0.3 s: a window to join in
        await asyncio.sleep(0.3)
        await store(batch)

    writer.write = slow_write
    table = one_hand_table(server)
    with server.socket(table["id"]) as ws:
        view = wait_my_turn(ws, 0, hello(ws, 0, table["token"])["state"])
        assert act(ws, view["seq"], view["legal"][0])["type"] == "ack"
        # The bots now act one after another, each action stored for 0.3 s before it counts.
        for _ in range(4):
            with server.socket(table["id"]) as watcher:
                seen = hello(watcher)["state"]
            # One hand: every decision so far is in this deal's history, and only committed
            # ones may be shown.
            assert len(seen["history"]) == seen["seq"]
            time.sleep(0.1)


def test_spectators_never_lock_a_player_out(sqlite_url: str) -> None:
    """Spectators have their own cap (beyond it: ``busy``, close 4503, the page tries again);
    a seat's holder always gets in, its newest connection closing its oldest."""
    from tricktable.web.limits import ServerLimits

    server = Server(sqlite_url, limits=ServerLimits(spectators=2, seat_connections=2)).start()
    try:
        table = one_hand_table(server, bot_delay=5)
        with contextlib.ExitStack() as stack:
            for _ in range(2):
                assert hello(stack.enter_context(server.socket(table["id"])))["seat"] is None
            extra = stack.enter_context(server.socket(table["id"]))
            extra.send(json.dumps({"type": "hello"}))
            assert json.loads(extra.recv(timeout=10))["code"] == "busy"
            with pytest.raises(ConnectionClosed) as closed:
                extra.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4503
            players = [stack.enter_context(server.socket(table["id"])) for _ in range(3)]
            for ws in players:
                assert hello(ws, 0, table["token"])["seat"] == 0
            assert receive(players[0], "error")["code"] == "replaced"
            with pytest.raises(ConnectionClosed):
                for _ in range(50):
                    players[0].recv(timeout=10)
    finally:
        server.stop()


def test_chat_is_rate_limited_per_connection_and_per_table(server: Server) -> None:
    table = one_hand_table(server, bot_delay=5)
    with contextlib.ExitStack() as stack:
        player = stack.enter_context(server.socket(table["id"]))
        hello(player, 0, table["token"])
        talkers = [stack.enter_context(server.socket(table["id"])) for _ in range(4)]
        for ws in talkers:
            hello(ws)
        refused = {"connection": 0, "table": 0}
        for ws in talkers:
            for _ in range(5):
                ws.send(json.dumps({"type": "chat", "preset": 1}))
            ws.send(json.dumps({"type": "ping"}))
            while (reply := json.loads(ws.recv(timeout=10)))["type"] != "pong":
                if reply["type"] == "error":
                    assert reply["code"] == "flood"
                    refused["table" if "table's chat" in reply["message"] else "connection"] += 1
        assert refused["connection"] >= 4 * 2  # each connection: a burst of 3 at most
        assert refused["table"] >= 1  # 12 allowed by the connections, fewer by the table
        player.send(json.dumps({"type": "ping"}))
        heard = 0
        while True:
            message = json.loads(player.recv(timeout=10))
            if message["type"] == "pong":
                break
            heard += message["type"] == "chat"
        assert heard == 20 - refused["connection"] - refused["table"]
