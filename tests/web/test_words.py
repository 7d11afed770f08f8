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


def test_deal_summaries_show_cards_with_symbols_and_hands_trumps_first() -> None:
    """Pitch's end of deal: "High: A♠", not "High: AS"; each hand as dealt with the deal's
    trumps first (the records' events keep their own words)."""
    import random
    import re

    from tricktable.games import load_game
    from tricktable.web.views import view_message

    rng = random.Random(2)  # diamonds are trump: last in the plain order of suits
    state = load_game("pitch").new_match(rng)
    while not any(summary.complete for summary in state.summaries()):
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply_text(rng.choice(state.legal_texts()))
    summary = view_message(state, 0, 0, None)["summaries"][0]
    words = ["".join(p for p in parts if isinstance(p, str)) for parts in summary["event_parts"]]
    high = next(text for text in words if text.startswith("High: "))
    assert re.fullmatch(r"High: (10|[2-9JQKA])[♠♥♦♣], held by ", high), high
    assert any(event.startswith("High: ") and event[6:8].isalnum() for event in summary["events"])
    trump = summary["trump"]
    assert trump == "D"
    for hand in summary["hands"]:
        suits = [card[-1] for card in hand]
        trumps = suits.count(trump)
        assert suits[:trumps] == [trump] * trumps, (trump, hand)
    assert any(hand[0][-1] == "D" for hand in summary["hands"])
