"""Fair deals (issue 23, item 1): at a table of people the creator cannot choose or know the
cards; each deal's seed is committed when it starts and revealed in the finished record."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.web.conftest import Server, hello
from tricktable.web.fairness import commitment, deal_seed, verify_deals


def test_a_table_of_people_refuses_a_chosen_seed(server: Server) -> None:
    body = {
        "game": "euchre",
        "seats": [{"kind": "human"}] * 2 + [{"kind": "bot"}] * 2,
        "sit": 0,
        "seed": "chosen-by-creator",
    }
    status, answer = server.request("POST", "/api/tables", body)
    assert status == 400
    assert "only for practice tables" in answer["message"]


def test_a_seeded_practice_table_says_so(server: Server) -> None:
    practice = server.create(
        game="euchre", seats=[{"kind": "human"}] + [{"kind": "bot"}] * 3, sit=0, seed=4
    )
    assert server.get(f"/api/tables/{practice['id']}")["seeded"] is True
    fair = server.create(game="euchre", seats=[{"kind": "human"}] * 2 + [{"kind": "bot"}] * 2)
    assert server.get(f"/api/tables/{fair['id']}")["seeded"] is False


def test_each_deal_is_committed_and_revealed_in_the_record(server: Server) -> None:
    """Two people (absent: bots play for them at once) play one hand to the end; the
    commitment a spectator saw matches the revealed seed, and the seed deals those cards."""
    table = server.create(
        game="euchre",
        rules={"target": None},
        seats=[{"kind": "human"}] * 2 + [{"kind": "bot", "bot": "heuristic"}] * 2,
        sit=0,
        bot_delay=0,
        autoplay_after=0,
    )
    status, _ = server.request("POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    assert status == 200
    with server.socket(table["id"]) as ws:
        seen = hello(ws)["state"]["deal_commitment"]
    runtime = server.manager.tables[table["id"]]
    assert seen == commitment(deal_seed(runtime.seed, 0))
    assert len(runtime.seed) == 32 and runtime.seed != str(table.get("seed"))  # 128 secret bits
    deadline = time.monotonic() + 60
    while True:
        status, record = server.request("GET", f"/api/records/{table['id']}")
        if status == 200:
            break
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.1)
    assert record["deal_seeds"] == [deal_seed(runtime.seed, 0)]
    assert verify_deals(record, [seen]) == []
    tampered = json.loads(json.dumps(record))
    tampered["deal_seeds"] = ["another seed:deal:0"]
    assert verify_deals(tampered, [seen]) == [
        "deal 0: the seed does not match its commitment",
        "deal 0: the cards are not those its seed deals",
    ]


@pytest.mark.parametrize("people", [0, 1])
def test_bots_only_and_one_person_tables_may_be_seeded(server: Server, people: int) -> None:
    seats = [{"kind": "human"}] * people + [{"kind": "bot"}] * (4 - people)
    sit = 0 if people else None  # the creator sits at the one person's seat
    first = server.create(game="euchre", seats=seats, seed="same", bot_delay=10, sit=sit)
    second = server.create(game="euchre", seats=seats, seed="same", bot_delay=10, sit=sit)
    views = []
    for table in (first, second):
        with server.socket(table["id"]) as ws:
            views.append(hello(ws)["state"]["deal_commitment"])
    assert views[0] == views[1]  # practice: the same seed deals the same cards


def finished_record(server: Server) -> dict[str, Any]:
    """The record of a one-hand table of two absent people (bots play for them at once)."""
    table = server.create(
        game="euchre",
        rules={"target": None},
        seats=[{"kind": "human"}] * 2 + [{"kind": "bot", "bot": "heuristic"}] * 2,
        sit=0,
        bot_delay=0,
        autoplay_after=0,
    )
    assert server.request("POST", f"/api/tables/{table['id']}/join", {"seat": 1})[0] == 200
    deadline = time.monotonic() + 60
    while True:
        status, record = server.request("GET", f"/api/records/{table['id']}")
        if status == 200:
            return dict(record)
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.1)


def test_a_record_with_two_hands_swapped_is_reported_as_tampered(server: Server) -> None:
    """The review found ``verify_deals`` raising ``IllegalActionError`` on such a record:
    the very thing it exists to report."""
    record = finished_record(server)
    assert verify_deals(record) == []
    swapped = json.loads(json.dumps(record))
    hands = swapped["deals"][0]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    problems = verify_deals(swapped)
    assert problems[0] == "deal 0: the cards are not those its seed deals"
    assert len(problems) == 2 and problems[1].startswith("deal 0: action ")
    assert "cannot be taken with these cards" in problems[1]
    assert problems[1].endswith("the record was altered")
    # A deal a branch took from a record (no seed) is replayed too: tampering is reported.
    unseeded = {**swapped, "deal_seeds": [None]}
    assert verify_deals(unseeded) == problems[1:]
    broken = json.loads(json.dumps(record))
    broken["deals"][0]["hands"][0][0] = broken["deals"][0]["hands"][1][0]  # a card twice
    problems = verify_deals(broken)
    assert problems[-1].startswith("deal 0: the cards cannot be dealt")


def test_nobody_but_its_creator_sits_at_a_seeded_practice_table(server: Server) -> None:
    """The creator chose the seed, so knows every card: the table is theirs alone, even
    after they free their own seat, and its match counts for no rating."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    status, answer = server.request(
        "POST", "/api/tables", {"game": "euchre", "seats": seats, "seed": 5}
    )
    assert status == 400 and "seats only its creator ('sit'" in answer["message"]
    table = server.create(game="euchre", seats=seats, seed=5, sit=0, bot_delay=10)
    assert server.get(f"/api/tables/{table['id']}")["unrated"] == "seeded"
    freed = {"host_token": table["host_token"], "op": "free_seat", "seat": 0}
    assert server.request("POST", f"/api/tables/{table['id']}/host", freed)[0] == 200
    status, answer = server.request("POST", f"/api/tables/{table['id']}/join", {"seat": 0})
    assert status == 403 and answer["error"] == "known_deal"
    assert "a seed its creator gave" in answer["message"]
    assert server.manager.tables[table["id"]].record()["unrated"] == "seeded"
    fair = server.create(game="euchre", seats=[{"kind": "human"}] * 4, sit=0, bot_delay=10)
    assert server.get(f"/api/tables/{fair['id']}")["unrated"] is None
    assert "unrated" not in server.manager.tables[fair["id"]].record()
