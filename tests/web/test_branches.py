"""Tables played on from a point of a record (the replay viewer's "Play from here"): only
from a stored record or one sent with the request, within the usual limits; the taken-up
part is the record's, the rest comes from the table's fair seed."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from tests.web.conftest import Server, hello
from tricktable.bots import make_bot
from tricktable.games import load_game
from tricktable.record import record_of, replay_json, replay_record
from tricktable.sim import play_match
from tricktable.web.app import MAX_BODY
from tricktable.web.fairness import verify_deals
from tricktable.web.limits import ServerLimits
from tricktable.web.tables import TableConfig

NAMES = ["Ann", "bot:pimc", "Cid", "bot:heuristic"]
BOTS = [{"kind": "bot", "bot": "random"}] * 4


def match_record(seed: int = 3) -> dict[str, Any]:
    """A finished euchre match to 5 of heuristic bots."""
    game = load_game("euchre(target=5)")
    bots = [make_bot("heuristic", game, seat) for seat in range(4)]
    state = play_match(game, bots, random.Random(seed))
    return record_of(state, names=NAMES)


def store(server: Server, table_id: str, record: dict[str, Any]) -> None:
    """Keep ``record`` as the finished match of ``table_id``."""
    summary = {"names": NAMES, "scores": [], "winner": None, "sides": [], "rules": ""}
    server.manager.store.finish(table_id, record["game"], summary, json.dumps(record))


def finished(server: Server, table_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        status, record = server.request("GET", f"/api/records/{table_id}")
        if status == 200:
            return dict(record)
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.05)


def test_a_stored_record_is_played_on_from_a_decision_and_recorded_as_a_branch(
    server: Server,
) -> None:
    source = match_record()
    store(server, "m1", source)
    first = len(source["deals"][0]["actions"])
    at = first + 3  # the third decision of deal 2
    table = server.create(branch={"table": "m1", "at": at}, seats=BOTS, bot_delay=0)
    assert table["branch"] == {"decision": at, "deal": 2, "step": 3, "kept": at - 1}
    runtime = server.manager.tables[table["id"]]
    assert runtime.config.branch == {"deals": 2, "decisions": at - 1, "names": NAMES}
    assert TableConfig.from_json(runtime.config.to_json()) == runtime.config  # kept on restart
    assert server.get(f"/api/tables/{table['id']}")["branch"] == {"decisions": at - 1}
    record = finished(server, table["id"])
    assert record["branch"] == {"decisions": at - 1, "names": NAMES}
    assert record["deals"][0] == source["deals"][0]
    assert record["deals"][1]["hands"] == source["deals"][1]["hands"]
    assert record["deals"][1]["actions"][:2] == source["deals"][1]["actions"][:2]
    assert record["names"] == ["bot:random"] * 4
    seeds = record["deal_seeds"]
    assert seeds[:2] == [None, None] and all(isinstance(s, str) for s in seeds[2:])
    assert verify_deals(record) == []  # the new deals are the fair seed's
    assert record["unrated"] == "branch"  # the creator chose those cards: never rated
    assert replay_json(replay_record(record))["finished"] is True


def test_an_uploaded_record_is_played_on_with_a_person_at_the_seat_chosen(server: Server) -> None:
    source = match_record()
    seats = [{"kind": "bot", "bot": "easy"}] * 4
    seats[2] = {"kind": "human"}
    table = server.create(
        branch={"record": source, "at": "2:1"}, seats=seats, sit=2, name="Tess", bot_delay=10
    )
    runtime = server.manager.tables[table["id"]]
    assert len(runtime.state.deals) == 2 and len(runtime.state.actions[1]) == 0
    assert runtime.seq == len(source["deals"][0]["actions"])
    with server.socket(table["id"]) as ws:
        state = hello(ws, 2, table["token"])["state"]
    assert state["deal_commitment"] is None  # the record dealt it, not the table's seed
    shown = [card for group in state["hand"] for card in group]  # grouped by suit
    assert sorted(shown) == sorted(source["deals"][1]["hands"][2])
    assert runtime.names[2] == "Tess"


def test_nobody_but_its_creator_sits_at_a_deal_taken_from_a_record(server: Server) -> None:
    """The review seated three other people at a deal its creator had uploaded card by card
    (with ``target=1`` the whole match is that deal). Such a table seats only its creator."""
    source = match_record()
    people = [{"kind": "human"}] * 4
    status, answer = server.request(
        "POST", "/api/tables", {"branch": {"record": source, "at": 1}, "seats": people, "sit": 0}
    )
    assert status == 400 and "it seats only its creator" in answer["message"]
    one = [{"kind": "human"}, *BOTS[1:]]
    status, answer = server.request(  # the one person's seat left open for someone else
        "POST", "/api/tables", {"branch": {"record": source, "at": 1}, "seats": one}
    )
    assert status == 400 and "'sit' at the one person's seat" in answer["message"]
    assert not server.manager.tables
    table = server.create(
        branch={"record": source, "at": 1}, seats=one, sit=0, name="Ann", bot_delay=10
    )
    summary = server.get(f"/api/tables/{table['id']}")
    assert summary["unrated"] == "branch"
    path = f"/api/tables/{table['id']}"
    freed = {"host_token": table["host_token"], "op": "free_seat", "seat": 0}
    assert server.request("POST", f"{path}/host", freed)[0] == 200
    status, answer = server.request("POST", f"{path}/join", {"seat": 0, "name": "Bea"})
    assert status == 403 and answer["error"] == "known_deal"
    assert "taken from a record its creator chose" in answer["message"]
    assert "counts for no rating" in answer["message"]
    assert server.manager.tables[table["id"]].token_hashes[0] is None


BAD = [
    ({"branch": "m1"}, 400, "'branch' must be {\"table\": ID}"),
    ({"branch": {"table": "m1", "record": {}, "at": 1}}, 400, "'branch' must be"),
    ({"branch": {"table": "m1", "at": True}}, 400, "'at' must be N (the match's Nth decision"),
    ({"branch": {"table": "m1", "at": 1.5}}, 400, "'at' must be"),
    ({"branch": {"table": "m1", "at": "1" * 30}}, 400, "'at' must be"),
    ({"branch": {"table": "x" * 100, "at": 1}}, 400, "'table' must be a table id"),
    ({"branch": {"table": "nothing", "at": 1}}, 404, "no finished match with this id"),
    ({"branch": {"table": "m1", "at": 0}}, 400, "no decision 0 here: decisions 1-"),
    ({"branch": {"table": "m1", "at": "99:1"}}, 400, "no deal 99 to play on here"),
    ({"branch": {"record": [1], "at": 1}}, 400, "a record is one JSON object"),
    ({"branch": {"record": {"game": "euchre"}, "at": 1}}, 400, "record lacks field"),
    ({"branch": {"table": "m1", "at": 1}, "game": "euchre"}, 400, "leave out 'game'"),
    ({"branch": {"table": "m1", "at": 1}, "seats": BOTS[:3]}, 400, "'seats' must list 4"),
]


@pytest.mark.parametrize(("body", "status", "message"), BAD)
def test_a_bad_branch_is_refused_saying_what_is_allowed(
    sqlite_url: str, body: dict[str, Any], status: int, message: str
) -> None:
    server = Server(sqlite_url, limits=ServerLimits(replay_rate=100, replay_burst=100)).start()
    try:
        store(server, "m1", match_record())
        got, answer = server.request("POST", "/api/tables", {"seats": BOTS, **body})
        assert got == status, answer
        assert message in answer["message"], answer
        assert not server.manager.tables  # nothing was opened
    finally:
        server.stop()


def test_records_the_table_cannot_carry_are_refused(server: Server) -> None:
    source = match_record()
    taken_up = {**source, "start_scores": [2, 3]}
    status, answer = server.request(
        "POST", "/api/tables", {"branch": {"record": taken_up, "at": 1}, "seats": BOTS}
    )
    assert status == 400 and "tricktable play --from" in answer["message"]
    unseen = json.loads(json.dumps(source))
    unseen["deals"][0]["unseen"] = [0, 0, 0, 0]  # all known: fine
    assert server.create(branch={"record": unseen, "at": 1}, seats=BOTS, bot_delay=10)
    unseen["deals"][0]["unseen"] = [0, 0, 0, 1]
    status, answer = server.request(
        "POST", "/api/tables", {"branch": {"record": unseen, "at": 1}, "seats": BOTS}
    )
    assert status == 400 and "deal 1 has cards never seen" in answer["message"]
    faulty = json.loads(json.dumps(source))
    faulty["deals"][-1]["actions"][-1] = "play 2C"
    status, answer = server.request(
        "POST", "/api/tables", {"branch": {"record": faulty, "at": 1}, "seats": BOTS}
    )
    assert status == 400 and answer["error"] == "bad_record"


def test_a_body_beyond_the_size_limit_and_a_flood_of_branches_are_refused(sqlite_url: str) -> None:
    server = Server(sqlite_url, limits=ServerLimits(replay_rate=0.001, replay_burst=2)).start()
    try:
        huge = {"branch": {"record": {"pad": "x" * MAX_BODY}, "at": 1}, "seats": BOTS}
        status, answer = server.request("POST", "/api/tables", huge)
        assert status == 413 and answer["error"] == "too_large"
        store(server, "m1", match_record())
        body = {"branch": {"table": "m1", "at": 1}, "seats": BOTS, "bot_delay": 10}
        assert server.request("POST", "/api/tables", body)[0] == 201
        assert server.request("POST", "/api/tables", body)[0] == 201
        status, answer = server.request("POST", "/api/tables", body)
        assert status == 429 and answer["error"] == "rate_limited"
    finally:
        server.stop()


def test_the_per_address_cap_is_checked_before_any_work_on_the_record(sqlite_url: str) -> None:
    server = Server(sqlite_url, limits=ServerLimits(tables_per_address=1)).start()
    try:
        store(server, "m1", match_record())
        body = {"branch": {"table": "m1", "at": 1}, "seats": BOTS, "bot_delay": 10}
        assert server.request("POST", "/api/tables", body)[0] == 201
        status, answer = server.request("POST", "/api/tables", body)
        assert status == 429 and answer["error"] == "too_many"
    finally:
        server.stop()


def test_a_branch_table_is_rebuilt_after_a_restart(sqlite_url: str) -> None:
    source = match_record()
    server = Server(sqlite_url).start()
    try:
        table = server.create(branch={"record": source, "at": "2:3"}, seats=BOTS, bot_delay=10)
        before = server.manager.tables[table["id"]]
        decisions = [(d.seat, d.text) for d in before.decisions]
        deals = list(before.state.deals)
    finally:
        server.stop()
    again = Server(sqlite_url).start()
    try:
        rebuilt = again.manager.tables[table["id"]]
        assert [(d.seat, d.text) for d in rebuilt.decisions] == decisions
        assert list(rebuilt.state.deals) == deals and len(deals) == 2
        assert rebuilt.config.branch == {"deals": 2, "decisions": len(decisions), "names": NAMES}
        assert rebuilt.deal_commitment() is None
    finally:
        again.stop()


def test_a_sent_record_s_names_and_draw_are_kept_only_in_their_bounded_form(
    server: Server,
) -> None:
    source = match_record()
    source["names"] = ["A" * 5000, 7, "Cid", "bot:easy", "extra"]
    source["partner_draw"] = {
        "rule": "high",
        "cards": [["AS"], ["9H"], ["KD"], ["TC"]],
        "pad": "x" * 5000,
    }
    table = server.create(branch={"record": source, "at": 1}, seats=BOTS, bot_delay=10)
    config = server.manager.tables[table["id"]].config
    assert config.branch["names"] == ["A" * 64, None, "Cid", "bot:easy"]
    assert config.partner_draw == {"rule": "high", "cards": [["AS"], ["9H"], ["KD"], ["TC"]]}
