"""The server's words for people (issue 37, defect 7): the rules described, not a rule string,
and bots named by their level ("Medium bot"), in the lobby's lists and the table's welcome."""

from __future__ import annotations

from tests.web.conftest import Server, hello
from tests.web.test_websocket import one_hand_table, play_to_end


def test_open_tables_describe_rules_and_bots_for_people(server: Server) -> None:
    whist = server.create(
        game="romanian_whist",
        players=3,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "medium"}, {"kind": "bot", "bot": "hard"}],
        sit=0,
        name="Tess",
        bot_delay=0,
    )
    listed = {table["id"]: table for table in server.get("/api/tables")["tables"]}
    entry = listed[whist["id"]]
    assert entry["rules_text"] == "Romanian Whist"
    assert [seat["bot_label"] for seat in entry["seats"]] == [None, "Medium bot", "Hard bot"]
    with server.socket(whist["id"]) as ws:
        assert hello(ws, 0, whist["token"])["table"]["rules_text"] == "Romanian Whist"


def test_finished_matches_list_rules_and_players_in_words(server: Server) -> None:
    table = one_hand_table(server)  # euchre, a single hand, three heuristic bots
    with server.socket(table["id"]) as ws:
        welcome = hello(ws, 0, table["token"])
        assert welcome["table"]["rules_text"] == "Euchre, North American rules; Target: none"
        assert {seat["bot_label"] for seat in welcome["table"]["seats"][1:]} == {"Medium bot"}
        play_to_end(ws, 0, welcome["state"])
    (record,) = server.get("/api/records")["records"]
    assert record["rules_text"] == "Euchre, North American rules; Target: none"
    assert record["players"] == [
        "Tess",
        "West (Medium bot)",
        "North (Medium bot)",
        "East (Medium bot)",
    ]
    assert record["names"][1] == "bot:heuristic"  # the record itself is unchanged
