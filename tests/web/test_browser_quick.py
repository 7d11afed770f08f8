"""Quick play in the browser (issue 37, "What to build next", item 1): "Play now" in the
lobby seats a person who arrives while bots sit, queued until the deal ends, then at the
seat with the next deal's cards; at desktop and phone widths, with the accessibility check
(see test_browser.py for the browser).

``TRICKTABLE_SCREENSHOTS=docs/img`` keeps the README's screenshots of the lobby's "Play now"
and of a phone queued at a table."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web import test_browser as shared
from tests.web.conftest import Server, hello, receive, reply_to
from tests.web.test_browser import new_page, no_sideways_scroll, serious_violations, shots
from tricktable.public_facts import sitting_out_of
from tricktable.web.limits import ServerLimits

pytestmark = shared.pytestmark
sync_api = shared.sync_api
browser = shared.browser
axe_source = shared.axe_source


@pytest.fixture
def quick_server(sqlite_url: str) -> Iterator[Server]:
    """Bots that decide quickly; a person's seat is never played for them while away."""
    limits = ServerLimits(quick_bot_delay=0.15, quick_turn_timer=None, quick_autoplay_after=3600)
    running = Server(sqlite_url, limits=limits).start()
    yield running
    running.stop()


def play_first_deal(server: Server, table_id: str, seat: int, token: str) -> threading.Thread:
    """Ann, at ``seat``, takes her first legal choice at each turn until deal 2 starts."""

    def play() -> None:
        with server.socket(table_id) as ws:
            view = hello(ws, seat, token)["state"]
            while view["deal"] < 2:
                if view["to_act"] == seat and view["legal"]:
                    act = {"type": "act", "seq": view["seq"], "action": view["legal"][0]}
                    reply_to(ws, act, ("ack", "error"))
                view = receive(ws, "state")["view"]

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    return thread


def awaited_person(runtime: Any, people: set[int]) -> int:
    """The seat of ``people`` the table waits for once its second deal reaches one of them
    (the bots act meanwhile)."""
    deadline = time.monotonic() + 60
    while runtime.current_deal() < 1 or runtime.state.current_player not in people:
        assert time.monotonic() < deadline, "deal 2 never came to a person's turn"
        time.sleep(0.05)
    return int(runtime.state.current_player)


@pytest.mark.parametrize("width", (1280, 390))
def test_a_person_arriving_while_bots_sit_is_seated_when_the_deal_ends(
    browser: object, quick_server: Server, width: int, axe_source: str, tmp_path: Path
) -> None:
    server = quick_server
    status, ann = server.request(
        "POST", "/api/quick", {"game": "euchre", "rules": {"preset": "north_american"}}
    )
    assert status == 200 and ann["opened"], ann
    page = new_page(browser, width=width, height=900 if width > 400 else 844)
    page.goto(f"{server.url}/")  # type: ignore[attr-defined]
    waiting = "#waiting li[data-waiting='euchre']"
    page.wait_for_selector(waiting)  # type: ignore[attr-defined]
    said = page.inner_text(waiting)  # type: ignore[attr-defined]
    assert "1 person seated" in said and "bots give way at 3 seats" in said, said
    no_sideways_scroll(page)
    assert serious_violations(page, axe_source, f"lobby's play now at {width}") == []
    if width > 400:
        page.locator("#quick-panel").screenshot(path=str(shots(tmp_path) / "quick-play.png"))  # type: ignore[attr-defined]
    page.select_option("#quick-game", "euchre")  # type: ignore[attr-defined]
    page.select_option("#quick-preset", "north_american")  # type: ignore[attr-defined]
    shown = page.locator("#quick-game option:checked, #quick-preset option:checked")  # type: ignore[attr-defined]
    assert shown.all_inner_texts() == ["Euchre", "North American"]  # words, not names
    page.fill("#quick-name", "Bea")  # type: ignore[attr-defined]
    page.click("#quick-play")  # type: ignore[attr-defined]
    page.wait_for_url(f"**/table/{ann['id']}")  # type: ignore[attr-defined]
    # Queued: a bot plays the seat to the end of the deal; Bea sees none of its cards.
    page.wait_for_selector("#hand [data-queued]")  # type: ignore[attr-defined]
    assert page.locator("#hand button.card").count() == 0  # type: ignore[attr-defined]
    assert "when the next deal starts" in page.inner_text("#status")  # type: ignore[attr-defined]
    assert page.locator("#keys-help").is_hidden()  # type: ignore[attr-defined]
    runtime = server.manager.tables[ann["id"]]
    seat = next(s for s in range(4) if runtime.names[s] == "Bea")
    assert runtime.held_now(seat) and runtime.current_deal() == 0
    box = page.locator(f"[data-seat-box='{seat}']")  # type: ignore[attr-defined]
    assert "sits from the next deal" in box.inner_text()
    assert page.locator("[data-yields]").count() == 2  # type: ignore[attr-defined]
    no_sideways_scroll(page)
    assert serious_violations(page, axe_source, f"queued at {width}") == []
    if width < 400:
        page.screenshot(path=str(shots(tmp_path) / "quick-play-queued-phone.png"))  # type: ignore[attr-defined]
    ann_plays = play_first_deal(server, ann["id"], ann["seat"], ann["token"])
    page.wait_for_selector("#summary-close", timeout=60_000)  # type: ignore[attr-defined]
    page.click("#summary-close")  # type: ignore[attr-defined]
    # Deal 2 goes on until a person is to act (Ann acts no more, Bea not yet); from then on
    # nothing changes, and the page shows it once its status names that turn.
    to_act = awaited_person(runtime, {ann["seat"], seat})
    mine = "#status.mine" if to_act == seat else f"#status:has-text('{runtime.names[to_act]}')"
    page.wait_for_selector(mine, timeout=30_000)  # type: ignore[attr-defined]
    cards = page.locator("#hand button.card").count()  # type: ignore[attr-defined]
    if "the dealer discards" in page.inner_text("#status"):  # type: ignore[attr-defined]
        # Bea deals and a bot ordered the turned card up: she holds it too, and discards.
        assert runtime.state.dealer == seat and cards == 6
        assert page.locator("#hand button.card.legal").count() == 6  # type: ignore[attr-defined]
    else:
        assert cards == 5, f"Bea holds {cards} cards of deal 2"
    if seat in sitting_out_of(runtime.state.view(seat).public):  # her partner went alone
        assert "sits out" in box.inner_text()
    assert page.locator("#hand [data-queued]").count() == 0  # type: ignore[attr-defined]
    ann_plays.join(timeout=30)
    assert runtime.current_deal() >= 1 and not runtime.held_now(seat)
    assert runtime.config.seats[seat].kind == "human"
    no_sideways_scroll(page)
    assert serious_violations(page, axe_source, f"seated at {width}") == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_spectator_takes_a_bot_s_seat_from_the_table_page(
    browser: object, quick_server: Server, axe_source: str
) -> None:
    server = quick_server
    status, ann = server.request(
        "POST", "/api/quick", {"game": "euchre", "rules": {"preset": "north_american"}}
    )
    assert status == 200, ann
    page = new_page(browser, width=1280, height=900)
    page.goto(f"{server.url}/table/{ann['id']}")  # type: ignore[attr-defined]
    page.wait_for_selector("#join-panel [data-take-yielding]")  # type: ignore[attr-defined]
    assert serious_violations(page, axe_source, "join a quick-play table") == []
    page.fill("#join-name", "Cy")  # type: ignore[attr-defined]
    page.click("#join-panel [data-take-yielding]")  # type: ignore[attr-defined]
    page.wait_for_selector("#hand [data-queued]")  # type: ignore[attr-defined]
    assert page.locator("#join-panel").is_hidden()  # type: ignore[attr-defined]
    assert "Cy" in server.manager.tables[ann["id"]].names
    assert page.errors == []  # type: ignore[attr-defined]
