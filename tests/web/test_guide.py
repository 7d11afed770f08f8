"""Learning to play (issue 37, item 4): the guide's words at each decision of every family,
the how-to pages, and the server's "Learn to play" tables and their guide (the browser's part
is test_browser_guide.py)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.web.conftest import Server
from tricktable.bots.tools.advice import advise
from tricktable.cards import SUIT_NAMES
from tricktable.games import load_game
from tricktable.presentation.guide import action_label, decision_guide
from tricktable.testing import dealt_match
from tricktable.web.guide import FAMILIES, GUIDE_WORLDS, MATCHES

FAMILY_RULES = {
    "euchre": "euchre(preset=north_american)",
    "all fours": "all_fours(preset=seven_up)",
    "pitch": "pitch(preset=auction)",
    "romanian whist": "romanian_whist(preset=romanian_whist)",
    "oh hell": "romanian_whist(preset=oh_hell,hand_size=5)",
}


def guided_decisions(rules: str, seed: int, count: int) -> list[tuple[Any, dict[str, Any], Any]]:
    """The first ``count`` decisions of a match of ``rules``, each with its view, the guide's
    words and the advice (the hint's action taken each time, as a person following it would)."""
    state = dealt_match(rules, seed)
    out = []
    while not state.is_terminal() and len(out) < count:
        view = state.view(state.current_player)
        advice = advise(state.game, view, random.Random(seed), worlds=6)
        out.append((view, decision_guide(state.game, view, advice, 6), advice))
        state.apply_text(advice.recommended)
        while not state.is_terminal() and state.is_chance():
            state.deal_random(random.Random(seed + len(out)))
    return out


@pytest.mark.parametrize("family", list(FAMILY_RULES))
def test_the_guide_names_every_choice_and_the_hint_in_words(family: str) -> None:
    decisions = guided_decisions(FAMILY_RULES[family], 5, 14)
    phases = {view.phase for view, _, _ in decisions}
    assert "play" in phases and len(phases) >= 2, phases  # the bidding and the play explained
    for view, guide, advice in decisions:
        assert guide["question"] and guide["question"].endswith(("?", ".")), guide
        assert [c["action"] for c in guide["choices"]] == list(view.legal)
        for choice in guide["choices"]:
            # A sentence for people, not the records' code ("play TH" is "play 10♥").
            assert choice["meaning"].endswith(".") and choice["meaning"][0].isupper()
            assert choice["label"] == action_label(choice["action"])
            assert not any(word in choice["label"] for word in ("TH", "TS", "TD", "TC"))
            assert choice["value"] == advice.values.get(choice["action"])
            assert choice["hint"] == (choice["action"] == advice.recommended)
        hint = guide["hint"]
        assert hint["action"] == advice.recommended and hint["action"] in view.legal
        if len(view.legal) == 1:
            assert hint["why"] == "It is the only choice the rules leave you."
        elif advice.values:
            # The reason is the estimate: the hinted choice's value, over the sampled deals.
            value = advice.values[advice.recommended]
            alone = all(len(side) == 1 for side in load_game(FAMILY_RULES[family]).sides)
            who = "you" if alone else "your side"  # each for themself, or partners
            assert f"{hint['label']} gives {who} {value:+.2f}" in hint["why"]
            assert "deals of the hidden cards" in hint["why"]
        else:
            assert "rules of thumb" in hint["why"] and hint["label"] in hint["why"]


def test_the_guide_says_what_each_family_s_own_choices_mean() -> None:
    euchre = guided_decisions(FAMILY_RULES["euchre"], 7, 1)[0]
    view, guide, _ = euchre
    suit = SUIT_NAMES[view.public.upcard_suit]
    meanings = {c["action"]: c["meaning"] for c in guide["choices"]}
    assert f"Make {suit} trump" in meanings["order"] and "most of the tricks" in meanings["order"]
    assert "without your partner" in meanings["order alone"]
    assert "Order up" in guide["question"] or "Pick up" in guide["question"]

    fours = guided_decisions(FAMILY_RULES["all fours"], 3, 1)[0][1]
    meanings = {c["action"]: c["meaning"] for c in fours["choices"]}
    assert "Keep the turned-up suit as trump" in meanings["stand"]
    assert "another trump" in meanings["beg"]
    assert "beg" in fours["question"]

    pitch = guided_decisions(FAMILY_RULES["pitch"], 3, 1)[0][1]
    assert "bid 2" in pitch["question"] and any(c["meaning"] == "Bid 2." for c in pitch["choices"])

    whist = guided_decisions(FAMILY_RULES["romanian whist"], 3, 1)[0][1]
    assert whist["question"].startswith("How many tricks do you bid")
    # A card led or played is said with its symbol and what leading means.
    plays = [g for v, g, _ in guided_decisions(FAMILY_RULES["euchre"], 7, 12) if v.phase == "play"]
    leads = [c for g in plays for c in g["choices"] if c["meaning"].startswith("Lead ")]
    assert leads and all(c["meaning"].startswith(f"Lead {c['label'][5:]}") for c in leads)
    assert all("suit led" in g["note"] for g in plays if g["choices"][0]["meaning"][:5] == "Lead ")
    # A card played to a trick says whether it would take the trick so far.
    follows = [
        c["meaning"] for g in plays for c in g["choices"] if c["meaning"].startswith("Play ")
    ]
    assert any("would take the trick so far" in m or "would not beat" in m for m in follows)
    assert any(s in c["label"] for c in leads for s in "♠♥♦♣")


# -- the server: pages, "Learn to play" tables and the guide at them --------------------------


def test_each_family_has_a_how_to_page_linked_from_the_lobby(server: Server) -> None:
    lobby = server.request("GET", "/")[1]
    for name, family in FAMILIES.items():
        status, page = server.request("GET", f"/learn/{name}")
        assert status == 200
        assert f"<title>tricktable — how to play {family.title}</title>" in page
        assert f'data-learn="{name}"' in page and "<h1" in page
        assert f'href="/learn/{name}"' in lobby and f'data-learn="{name}"' in lobby
    status, text = server.request("GET", "/learn/bridge")
    assert status == 404 and "euchre" in text
    # The table's "How to play" link finds the page of its game (or the lobby's list).
    for game, page in (("pitch", "/learn/all_fours"), ("romanian_whist", "/learn/whist")):
        status, text = server.request("GET", f"/learn?game={game}")
        assert status == 200 and f'data-learn="{page.rsplit("/", 1)[1]}"' in text


@pytest.mark.parametrize("name", sorted(set(MATCHES) - set(FAMILIES)))
def test_pitch_and_oh_hell_have_guided_matches_of_their_own(server: Server, name: str) -> None:
    """Issue 37: "Learn to play" guided only each family's first game; Pitch and Oh Hell get
    their own match, linked from the lobby and their family's page."""
    match = MATCHES[name]
    assert f'data-learn="{name}"' in server.request("GET", "/")[1]
    assert f'data-learn="{name}"' in server.request("GET", f"/learn/{match.page}")[1]
    status, created = server.request("POST", f"/api/learn/{name}", {"name": "Ann", "seed": 4})
    assert status == 201, created
    summary = server.get(f"/api/tables/{created['id']}?invite={created['invite']}")
    assert summary["unrated"] == "seeded" and summary["game"] == match.game
    runtime = server.manager.tables[created["id"]]
    assert runtime.game.rules_dict().items() >= match.rules.items()
    assert {"pitch": "pitch", "oh_hell": "romanian_whist"}[name] == match.game
    status, refused = server.request("POST", "/api/learn/bridge", {})
    assert status == 404 and name in refused["message"]


def seat_zero_to_act(server: Server, table_id: str) -> Any:
    runtime = server.manager.tables[table_id]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if runtime.state.current_player == 0 and not runtime.state.is_terminal():
            return runtime
        time.sleep(0.05)
    raise AssertionError("seat 1 never came to act")


@pytest.mark.parametrize("family", list(FAMILIES))
def test_a_learn_table_is_practice_and_its_guide_explains_the_seat_s_decision(
    server: Server, family: str
) -> None:
    status, created = server.request("POST", f"/api/learn/{family}", {"name": "Ann", "seed": 4})
    assert status == 201, created
    summary = server.get(f"/api/tables/{created['id']}?invite={created['invite']}")
    assert summary["unrated"] == "seeded" and summary["private"]
    assert summary["game"] == FAMILIES[family].game
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot", "bot"]
    assert created["id"] not in {t["id"] for t in server.get("/api/tables")["tables"]}
    runtime = seat_zero_to_act(server, created["id"])
    seq = runtime.seq
    body = {"seat": 0, "token": created["token"]}
    status, answer = server.request("POST", f"/api/tables/{created['id']}/guide", body)
    assert status == 200, answer
    if runtime.seq == seq:  # (the seat's decision is still waiting: nothing acts for it)
        assert answer["seq"] == seq
        guide = answer["guide"]
        assert [c["action"] for c in guide["choices"]] == runtime.state.legal_texts()
        assert guide["hint"]["action"] in runtime.state.legal_texts()
        assert guide["question"]
    # Another seat's token, or none, gets no explanation of this seat's cards.
    for wrong in ({"seat": 0, "token": "nope"}, {"seat": 1, "token": created["token"]}, {}):
        status, refused = server.request("POST", f"/api/tables/{created['id']}/guide", wrong)
        assert status == 403 and refused["error"] == "bad_token", refused


def test_the_guide_is_refused_at_a_table_of_fair_deals(server: Server) -> None:
    table = server.create(
        game="euchre",
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "medium"}] * 3,
        sit=0,
        name="Ann",
        bot_delay=0,
    )
    body = {"seat": 0, "token": table["token"]}
    status, refused = server.request("POST", f"/api/tables/{table['id']}/guide", body)
    assert status == 409 and refused["error"] == "not_practice"
    assert "practice tables" in refused["message"]
    status, missing = server.request("POST", "/api/tables/nothing/guide", body)
    assert status == 404 and missing["error"] == "not_found"
    status, unknown = server.request("POST", "/api/learn/bridge", {})
    assert status == 404 and "all_fours, euchre, oh_hell, pitch, whist" in unknown["message"]


def test_the_guide_samples_a_handful_of_worlds() -> None:
    assert 4 <= GUIDE_WORLDS <= 30  # enough to mean something, few enough to answer at once
