"""The pages in headless Chromium (Debian's /usr/bin/chromium driven by Playwright).

Set ``TRICKTABLE_SCREENSHOTS=docs/img`` to refresh the README's screenshots.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.conftest import Server

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not os.path.exists(CHROMIUM), reason=f"Chromium is not installed at {CHROMIUM}"
    ),
]

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def shots(tmp_path: Path) -> Path:
    target = os.environ.get("TRICKTABLE_SCREENSHOTS")
    return Path(target) if target else tmp_path


def new_page(browser: object, width: int = 1200, height: int = 900) -> object:
    page = browser.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


def create_from_lobby(page: object, server: Server, seats: dict[int, str]) -> str:
    """Fill the lobby's form (one-hand euchre, no bot delay) and create the table."""
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "euchre")
    page.fill("#player-name", "Ann")
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    page.click("#options-box summary")
    page.fill("#opt-target", "")  # null: a single hand
    page.click("text=Table settings")
    page.fill("#bot-delay", "0.05")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#seats .seat")
    return str(page.url.split("/table/")[1].split("?")[0])


def click_until(page: object, done: str, limit: int = 200, reload_after: int | None = None) -> int:
    """Click a highlighted card or action button until ``done`` is visible; returns the clicks.

    With ``reload_after``, the page is reloaded once after that many clicks.
    """
    clicks = 0
    for _ in range(limit * 10):
        if page.is_visible(done):
            return clicks
        target = page.locator("button.card.legal, button.action").first
        try:
            target.click(timeout=500)
        except sync_api.Error:
            continue
        clicks += 1
        if reload_after is not None and clicks == reload_after:
            page.reload()
            page.wait_for_selector("#seats .seat")
        if clicks >= limit:
            break
    raise AssertionError(f"{done} did not appear after {clicks} clicks")


def test_a_whole_deal_by_clicking_with_a_reload_and_the_record(
    browser: object, server: Server, tmp_path: Path
) -> None:
    page = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.screenshot(path=str(shots(tmp_path) / "lobby.png"), full_page=True)
    table_id = create_from_lobby(page, server, {0: "me"})
    page.wait_for_selector("button.card.legal, button.action")
    page.screenshot(path=str(shots(tmp_path) / "table.png"), full_page=True)
    # Only the legal cards can be clicked; the others are disabled.
    for card in page.locator("#hand button.card").all():
        legal = "legal" in (card.get_attribute("class") or "")
        assert card.is_enabled() == legal
    # Keyboard play: the key shown on the first legal card or button takes that action.
    runtime = server.manager.tables[table_id]
    before = runtime.seq
    key = page.locator("[data-key]").first.get_attribute("data-key")
    assert key
    page.keyboard.press(key)
    for _ in range(100):
        if runtime.seq > before:
            break
        page.wait_for_timeout(50)
    assert runtime.decisions[before].seat == 0  # the key played for this page's seat
    clicks = click_until(page, "#result", reload_after=2)
    assert clicks >= 2
    assert "won the match" in page.inner_text("#winner") or "tie" in page.inner_text("#winner")
    assert page.is_visible("#deal-summary")
    with page.expect_download() as download:
        page.click("#download-record")
    path = tmp_path / "record.json"
    download.value.save_as(path)
    checked = subprocess.run(
        [sys.executable, "-m", "tricktable", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(checked.stdout)
    assert result["finished"]
    record = json.loads(path.read_text())
    assert record["names"][0] == "Ann" and record["names"][1:] == ["bot:heuristic"] * 3
    assert server.manager.tables[table_id].state.is_terminal()
    # The replay viewer steps through the finished match forward and back.
    page.goto(f"{server.url}/replay?table={table_id}")
    page.wait_for_selector("#viewer:not(.hidden)")
    assert "step 1 of" in page.inner_text("#position")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert "step 3 of" in page.inner_text("#position")
    page.click("#prev")
    assert "step 2 of" in page.inner_text("#position")
    page.click("#last")
    steps = page.inner_text("#position").split(" of ")[1].split()[0]
    assert int(steps) == sum(len(d["actions"]) + 1 for d in record["deals"])
    # ... and any record uploaded from this computer.
    page.goto(f"{server.url}/replay")
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#viewer:not(.hidden)")
    page.keyboard.press("End")
    assert page.inner_text("#position").startswith(f"step {steps} of {steps}")
    assert page.errors == []


def test_a_second_browser_sees_only_its_own_cards(browser: object, server: Server) -> None:
    first = new_page(browser)
    table_id = create_from_lobby(first, server, {0: "me", 2: "human"})
    context = browser.new_context(viewport={"width": 420, "height": 900})  # type: ignore[attr-defined]
    second = context.new_page()  # another browser profile: its own storage, no token of seat 0
    second.goto(f"{server.url}/table/{table_id}")
    second.fill("#join-name", "Bea")
    second.click("[data-join='2']")
    second.wait_for_selector("#hand button.card")
    for turn in range(5):  # a few turns of both, each checking what the other page holds
        for page in (first, second):
            page.wait_for_timeout(150)
        hand_one = set(
            first.locator("#hand [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
        )
        hand_two = set(
            second.locator("#hand [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
        )
        assert not hand_one & hand_two
        if turn == 0:
            assert len(hand_one) >= 5 and len(hand_two) >= 5
        table = server.manager.tables[table_id]
        held_by_others = {card for seat in (1, 2, 3) for card in _names(table.state.hands[seat])}
        assert (
            not set(
                first.locator("#hand [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
            )
            & held_by_others
        )
        for page in (first, second):
            target = page.locator("button.card.legal, button.action").first
            with contextlib.suppress(sync_api.Error):  # not this page's turn
                target.click(timeout=300)
    html = second.content()
    for card in hand_one - hand_two:
        assert f'data-card="{card}"' not in second.locator("#hand").inner_html()
    assert "Bea (you)" in html
    assert first.errors == []


def _names(mask: int) -> list[str]:
    from tricktable.cards import card_name, cards_of

    return [card_name(card) for card in cards_of(mask)]


@pytest.mark.parametrize("game", ["all_fours", "romanian_whist", "bid_euchre", "setback_euchre"])
def test_other_games_play_in_the_page(browser: object, server: Server, game: str) -> None:
    """A few decisions of each other kind of game by clicking, with no error in the page."""
    info = next(g for g in server.get("/api/games")["games"] if g["name"] == game)
    players = info["default_players"]
    table = server.create(
        game=game,
        players=players,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (players - 1),
        sit=0,
        bot_delay=0,
        seed=9,
    )
    page = new_page(browser)
    page.goto(server.url + "/")
    page.evaluate(
        "([key, seat]) => localStorage.setItem(key, JSON.stringify(seat))",
        [f"tricktable:seat:{table['id']}", {"seat": 0, "token": table["token"]}],
    )
    page.goto(f"{server.url}/table/{table['id']}")
    page.wait_for_selector("#seats .seat")
    runtime = server.manager.tables[table["id"]]
    clicks = 0
    for _ in range(200):
        if clicks >= 8 or runtime.state.is_terminal():
            break
        try:
            page.locator("button.card.legal, button.action").first.click(timeout=300)
        except sync_api.Error:
            continue
        clicks += 1
    assert clicks >= 8 or runtime.state.is_terminal()
    deadline = time.monotonic() + 20  # actions still in flight (each commit is synced) land
    while sum(1 for d in runtime.decisions if d.seat == 0) < clicks - 1:
        assert time.monotonic() < deadline, "a click took no action"
        time.sleep(0.05)
    assert page.errors == []


def test_the_page_keeps_a_bounded_chat_log_and_waits_while_spectators_are_many(
    browser: object, sqlite_url: str
) -> None:
    """A page refused for too many spectators (close 4503) tries again and gets in once there
    is room; however many chat lines arrive, it keeps the newest 50."""
    from tests.web.conftest import hello
    from tricktable.web.limits import ServerLimits

    generous_chat = ServerLimits(
        spectators=2, chat_rate=100, chat_burst=100, table_chat_rate=100, table_chat_burst=100
    )
    server = Server(sqlite_url, limits=generous_chat).start()
    try:
        table = server.create(game="euchre", seats=[{"kind": "bot"}] * 4, bot_delay=10)
        page = new_page(browser)
        with server.socket(table["id"]) as talker:
            hello(talker)
            with server.socket(table["id"]) as watcher:
                hello(watcher)
                page.goto(f"{server.url}/table/{table['id']}")  # type: ignore[attr-defined]
                page.wait_for_selector("#connection:has-text('trying again')")  # type: ignore[attr-defined]
            page.wait_for_selector("#chat-buttons button")  # type: ignore[attr-defined]
            for _ in range(60):  # under the websocket's own message rate
                talker.send(json.dumps({"type": "chat", "preset": 0}))
                time.sleep(0.06)
            page.wait_for_selector(  # type: ignore[attr-defined]
                "#chat-log > div:nth-child(50)", state="attached"
            )
            talker.send(json.dumps({"type": "ping"}))
            while json.loads(talker.recv(timeout=10))["type"] != "pong":
                pass
        page.wait_for_timeout(300)  # type: ignore[attr-defined]
        lines = page.evaluate(  # type: ignore[attr-defined]
            "() => document.getElementById('chat-log').children.length"
        )
        assert lines == 50
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        server.stop()


def test_the_creator_frees_a_squatted_seat_from_the_page(browser: object, server: Server) -> None:
    """The lobby keeps the host token; the table page's host panel frees a seat held by
    someone who never plays, and changes the timers."""
    page = new_page(browser)
    table_id = create_from_lobby(
        page, server, {0: "me", 1: "human", 2: "bot:random", 3: "bot:random"}
    )
    status, _ = server.request("POST", f"/api/tables/{table_id}/join", {"seat": 1, "name": "Sq"})
    assert status == 200
    page.click("[data-free='1']")  # type: ignore[attr-defined]
    page.wait_for_selector("[data-join], #seats")  # type: ignore[attr-defined]
    runtime = server.manager.tables[table_id]
    deadline = time.monotonic() + 20
    while runtime.token_hashes[1] is not None:
        assert time.monotonic() < deadline, "the seat was not freed"
        time.sleep(0.05)
    page.fill("#host-timer", "45")  # type: ignore[attr-defined]
    page.click("#host-save")  # type: ignore[attr-defined]
    while runtime.config.turn_timer != 45:
        assert time.monotonic() < deadline, "the settings were not saved"
        time.sleep(0.05)
    assert page.errors == []  # type: ignore[attr-defined]
