"""The pages in headless Chromium (Debian's /usr/bin/chromium driven by Playwright).

Set ``TRICKTABLE_SCREENSHOTS=docs/img`` to refresh the README's screenshots.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server
from tricktable.events import Event, EventKind
from tricktable.presentation.events import event_parts

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


ENGINES = ("random", "heuristic", "pimc", "ismcts")
"""The lobby's bots behind its "More" box (the levels are offered at once)."""


def create_from_lobby(
    page: object, server: Server, seats: dict[int, str], draw_partners: str = ""
) -> str:
    """Fill the lobby's form (one-hand euchre, no bot delay, the partners drawn by
    ``draw_partners`` or seated as listed) and create the table."""
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "euchre")
    page.fill("#player-name", "Ann")
    if any(choice.removeprefix("bot:") in ENGINES for choice in seats.values()):
        page.check("#more-bots")  # the engines are offered under "More"
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    page.select_option("#draw-partners", draw_partners)
    page.click("#options-box summary")
    page.fill("#opt-target", "")  # null: a single hand
    page.click("text=Table settings")
    page.fill("#bot-delay", "0.05")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#seats .seat")
    return str(page.url.split("/table/")[1].split("?")[0])


CARDS_AND_ACTIONS = "button.card.legal, button.action"
PLAYABLE = f"#summary-close, {CARDS_AND_ACTIONS}"
"""What a player clicks to go on: the end-of-deal panel's "Continue" (the next deal waits
behind it), else a legal card or action."""


def click_until(page: object, done: str, limit: int = 200, reload_after: int | None = None) -> int:
    """Click a highlighted card or action button until ``done`` is visible; returns the clicks.

    With ``reload_after``, the page is reloaded once after that many clicks.
    """
    clicks = 0
    for _ in range(limit * 10):
        if page.is_visible(done):
            return clicks
        target = page.locator(PLAYABLE).first
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
    table_id = create_from_lobby(page, server, {0: "me"})
    page.wait_for_selector("button.card.legal, button.action")
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
    assert record["names"][0] == "Ann" and record["names"][1:] == ["bot:medium"] * 3
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
    page.screenshot(path=str(shots(tmp_path) / "replay.png"), full_page=True)
    page.click("#last")
    assert "Ann & North" in page.inner_text("#scoreboard")  # sides by their members
    assert "side 0" not in page.inner_text("#r-summary")
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


@pytest.mark.parametrize(
    "game", ["all_fours", "romanian_whist", "bid_euchre", "setback_euchre", "pitch"]
)
def test_other_games_play_in_the_page(browser: object, server: Server, game: str) -> None:
    """A few decisions of each other kind of game by clicking, with no error in the page."""
    table = server.create_with_bots(game, seed=9)
    page = seated_page(browser, server, table, 1200)
    runtime = server.manager.tables[table["id"]]
    clicks = 0
    for _ in range(200):
        if clicks >= 8 or runtime.state.is_terminal():
            break
        if page.is_visible("#summary-close"):  # a deal is over: the next waits till then
            page.click("#summary-close")
            continue
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


def test_a_smudge_bid_shows_as_a_smudge_over_the_table(browser: object, server: Server) -> None:
    """Pitch's public facts rank a smudge as 5; the scoreboard names it as it was bid."""
    table = server.create(
        game="pitch",
        players=4,
        rules={"smudge": True},
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "medium"}] * 3,
        sit=0,
        bot_delay=0,
        seed=4,
    )
    runtime = server.manager.tables[table["id"]]
    page = seated_page(browser, server, table, 1200)
    play_until(
        page,
        runtime,
        lambda r: r.state.current_player == 0 and "bid smudge" in r.state.legal_texts(),
    )
    page.locator("button.action", has_text="smudge").first.click()  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.getElementById('contract').textContent.includes('bid smudge')"
    )
    assert "bid 5" not in page.inner_text("#contract")  # type: ignore[attr-defined]
    assert page.errors == []  # type: ignore[attr-defined]


# -- the table as a card table, the lobby's forms, accessibility, the fixed defects -----------

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def axe_source() -> str:
    """axe-core's script (``npm ci`` in tests/web/axe, run here when it is missing)."""
    if not AXE.exists() and shutil.which("npm"):
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"],
            cwd=AXE.parents[2],
            capture_output=True,
            check=False,
            timeout=300,
        )
    if not AXE.exists():
        pytest.skip("axe-core is not installed: run `npm ci` in tests/web/axe")
    return AXE.read_text(encoding="utf-8")


def serious_violations(page: object, axe_source: str, name: str) -> list[str]:
    """axe-core's serious and critical WCAG 2 A/AA violations on the page as it is now."""
    page.evaluate(axe_source)  # type: ignore[attr-defined]
    result = page.evaluate(  # type: ignore[attr-defined]
        "() => axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}})"
    )
    found = [
        f"{name}: {v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(node["target"]) for node in v["nodes"][:3])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    print(f"axe {name}: {len(result['violations'])} violation(s), {len(found)} serious/critical")
    for line in found:
        print("  ", line)
    return found


def seated_page(
    browser: object,
    server: Server,
    table: dict[str, Any],
    width: int,
    *,
    height: int = 900,
    host: bool = False,
) -> object:
    """A page holding ``table``'s creator seat (its token put where the page keeps it), and
    with ``host`` its host token too (the host panel shows)."""
    page = new_page(browser, width=width, height=height)
    page.goto(server.url + "/static/favicon.svg")  # type: ignore[attr-defined]
    page.evaluate(  # type: ignore[attr-defined]
        "([id, seat, host]) => {"
        " localStorage.setItem(`tricktable:seat:${id}`, JSON.stringify(seat));"
        " if (host) localStorage.setItem(`tricktable:host:${id}`, host); }",
        [
            table["id"],
            {"seat": table.get("seat", 0), "token": table["token"]},
            table["host_token"] if host else None,
        ],
    )
    page.goto(f"{server.url}/table/{table['id']}")  # type: ignore[attr-defined]
    page.wait_for_selector("#seats .seat")  # type: ignore[attr-defined]
    return page


def euchre_table(server: Server, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "game": "euchre",
        "rules": {"target": None},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "medium"}] * 3,
        "sit": 0,
        "name": "Ann",
        "bot_delay": 0.05,
        "seed": 21,
    }
    body.update(extra)
    return server.create(**{key: value for key, value in body.items() if value is not None})


def play_until(
    page: object, runtime: Any, done: Any, limit: int = 300, clicks: str = PLAYABLE
) -> None:
    """Click this page's first legal card or button (or "Continue" after a deal) until
    ``done(runtime)``; ``clicks`` chooses what may be clicked."""
    for _ in range(limit):
        if done(runtime):
            return
        try:
            page.locator(clicks).first.click(timeout=300)  # type: ignore[attr-defined]
        except sync_api.Error:
            continue
    state = runtime.state
    raise AssertionError(
        f"the table did not get there: to act {state.current_player}, decisions"
        f" {[(d.seat, d.text) for d in runtime.decisions]}, page errors {page.errors}"  # type: ignore[attr-defined]
    )


def no_sideways_scroll(page: object) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")  # type: ignore[attr-defined]
    viewport = page.evaluate("() => window.innerWidth")  # type: ignore[attr-defined]
    assert width <= viewport, (width, viewport)


def test_the_lobby_offers_levels_labels_and_fits_a_phone(
    browser: object, server: Server, tmp_path: Path, axe_source: str
) -> None:
    for _ in range(3):  # listed tables made the phone lobby scroll sideways
        # (tables of several people take no seed: their deals come from the server's secret)
        euchre_table(server, seed=None, sit=None, seats=[{"kind": "human"}] * 4)
    page = new_page(browser, width=1280)
    page.goto(server.url + "/")
    page.wait_for_selector("#tables table")
    seat = page.locator("#seat-1")
    assert seat.input_value() == "bot:medium"
    offered = seat.locator("option").evaluate_all("o => o.map(x => x.value)")
    assert offered[2:] == ["bot:easy", "bot:medium", "bot:hard", "bot:expert"]
    assert "Plays by rules of thumb" in page.inner_text("#seat-1-help")
    page.check("#more-bots")
    offered = page.locator("#seat-1 option").evaluate_all("o => o.map(x => x.value)")
    assert {"bot:random", "bot:heuristic", "bot:pimc", "bot:ismcts"} <= set(offered)
    assert page.locator("#seat-1").input_value() == "bot:medium"  # kept when "more" opens
    page.click("#options-box summary")
    labels = page.locator("#options .option-label").all_inner_texts()
    assert "Stick the dealer" in labels and not any("_" in label for label in labels)
    assert "If all pass twice the dealer must call a suit." in page.inner_text("#options")
    boxes = page.locator("#options .option").evaluate_all(
        "o => o.map(x => { const r = x.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })"
    )
    for i, a in enumerate(boxes):  # no field overlaps another
        for b in boxes[i + 1 :]:
            assert (
                a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5
            )
    no_sideways_scroll(page)
    page.screenshot(path=str(shots(tmp_path) / "lobby.png"), full_page=True)
    violations = serious_violations(page, axe_source, "lobby")
    phone = new_page(browser, width=390, height=844)
    phone.goto(server.url + "/")
    phone.wait_for_selector("#tables table")
    no_sideways_scroll(phone)
    phone.click("#options-box summary")
    no_sideways_scroll(phone)
    phone.click("#options-box summary")
    phone.screenshot(path=str(shots(tmp_path) / "lobby-phone.png"), full_page=True)
    assert violations == []
    assert page.errors == [] and phone.errors == []


def test_a_table_mid_trick_looks_like_a_card_table(
    browser: object, server: Server, tmp_path: Path, axe_source: str
) -> None:
    table = euchre_table(server, rules={"target": 10})
    runtime = server.manager.tables[table["id"]]
    page = seated_page(browser, server, table, 1280)
    # Play into the hand until cards lie on the table and it is this page's turn.
    play_until(
        page,
        runtime,
        lambda r: bool(r.state.trick) and r.state.current_player == 0,
    )
    page.wait_for_selector("#trick .played")
    page.wait_for_selector("button.card.legal")
    # Partner across, opponents left and right, this seat at the bottom.
    place = {seat: page.locator(f"[data-seat-box='{seat}']").bounding_box() for seat in range(4)}
    assert place[2]["y"] < place[1]["y"] < place[0]["y"]  # partner on top, self at the bottom
    assert place[1]["x"] < place[2]["x"] < place[3]["x"]  # next seat to the left
    # Each card in front of its player, the winning one marked.
    winning = page.locator("#trick .played.winning")
    assert winning.count() == 1
    assert winning.get_attribute("data-played-by") == str(runtime.state.best_seat)
    # The up-card is gone once the dealer has it (it stayed shown before).
    assert page.locator("#upcard [data-card]").count() == 0
    assert "Trump" in page.inner_text("#contract")
    # The hand: trumps together first, bowers named.
    view = runtime.state.view(0)
    trump = view.public.to_json()["trump"]
    first = page.locator("#hand .group").first
    if "trumps" in (first.get_attribute("class") or ""):
        suits = first.locator("[data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
        left = {"S": "C", "C": "S", "H": "D", "D": "H"}[trump]
        assert all(card[-1] == trump or card == f"J{left}" for card in suits)
        if f"J{left}" in suits:
            assert "left bower" in page.inner_text("#hand")
    page.wait_for_function("() => !document.getElementById('gather').children.length")
    page.screenshot(path=str(shots(tmp_path) / "table.png"))
    violations = serious_violations(page, axe_source, "table")
    # A completed trick is gathered to its winner: shown once more, the winner marked.
    page.evaluate(
        "() => new MutationObserver(() => { const g = document.getElementById('gather');"
        " if (g.querySelector('.played.winning')) window.gathered = g.children.length; })"
        ".observe(document.getElementById('gather'), {childList: true})"
    )
    tricks = len(runtime.state.completed)
    play_until(page, runtime, lambda r: len(r.state.completed) > tricks or r.state.is_terminal())
    page.wait_for_function("() => window.gathered === 4")
    assert violations == []
    assert page.errors == []


def test_the_end_of_a_deal_and_of_the_match_over_the_table(
    browser: object, server: Server, tmp_path: Path, axe_source: str
) -> None:
    table = euchre_table(server, rules={"target": 10}, seed=8)
    runtime = server.manager.tables[table["id"]]
    page = seated_page(browser, server, table, 1280)
    play_until(page, runtime, lambda r: len(r.state.deals) >= 2, clicks=CARDS_AND_ACTIONS)
    summary = page.locator("#table #deal-summary")  # over the felt, not below the invite box
    summary.wait_for()
    assert page.locator("#deal-summary [data-hand-of]").count() == 4  # the hands as dealt
    felt = page.locator("#table").bounding_box()
    box = summary.bounding_box()
    assert felt["y"] <= box["y"] < felt["y"] + felt["height"]
    page.screenshot(path=str(shots(tmp_path) / "deal-end.png"))
    violations = serious_violations(page, axe_source, "end of deal")
    page.click("#summary-close")
    assert page.locator("#deal-summary").is_hidden()
    # The match's end: a spectator sees every hand and the record, not "hands are hidden".
    one_hand = euchre_table(server, seed=8)
    runtime = server.manager.tables[one_hand["id"]]
    player = seated_page(browser, server, one_hand, 1280)
    play_until(player, runtime, lambda r: r.state.is_terminal())
    player.wait_for_selector("#result:not(.hidden)")
    watcher = new_page(browser, width=390, height=844)
    watcher.goto(f"{server.url}/table/{one_hand['id']}")
    watcher.wait_for_selector("#result:not(.hidden)")
    assert "hands are hidden" not in watcher.inner_text("body")
    assert watcher.locator("#deal-summary [data-hand-of]").count() == 4
    assert watcher.locator("#result #download-record").count() == 1
    assert watcher.locator("#result #replay-link").count() == 1
    no_sideways_scroll(watcher)
    watcher.screenshot(path=str(shots(tmp_path) / "match-end-phone.png"))
    violations += serious_violations(watcher, axe_source, "match end, phone")
    assert violations == []
    assert page.errors == [] and watcher.errors == [] and player.errors == []


def test_the_phone_table_fits_and_an_open_seat_gets_a_bot(
    browser: object, server: Server, tmp_path: Path, axe_source: str
) -> None:
    table = euchre_table(
        server,
        rules={"target": 10},  # more than one hand: a hand thrown in still leads to play
        seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}],
        seed=None,  # a table of two people is dealt from the server's secret seed
    )
    runtime = server.manager.tables[table["id"]]
    page = seated_page(browser, server, table, 390)
    page.set_viewport_size({"width": 390, "height": 844})
    open_seat = page.locator("[data-seat-box='2']")
    assert "share the invite link" in open_seat.inner_text()
    play_until(page, runtime, lambda r: r.state.current_player == 2)  # the open seat's turn
    page.wait_for_selector("#status:has-text('seat a bot there')")  # why the table waits
    assert open_seat.locator("[data-copy-invite]").count() == 1
    no_sideways_scroll(page)
    violations = serious_violations(page, axe_source, "phone table, open seat")
    page.select_option("[data-fill-level='2']", "easy")
    page.click("[data-fill='2']")
    page.wait_for_function("() => !document.querySelector(\"[data-fill='2']\")")
    assert runtime.config.seats[2].kind == "bot" and runtime.config.seats[2].bot == "easy"
    play_until(
        page, runtime, lambda r: r.state.view(0).phase == "play" and r.state.current_player == 0
    )
    page.wait_for_selector("button.card.legal")
    no_sideways_scroll(page)
    page.wait_for_function("() => !document.getElementById('gather').children.length")
    page.screenshot(path=str(shots(tmp_path) / "table-phone.png"), full_page=True)
    assert violations == []
    assert page.errors == []


def test_the_page_helpers_speak_like_people(browser: object, server: Server) -> None:
    """The parts of the page that need no table: names, grammar, facts, the up-card rule."""
    page = new_page(browser)
    page.goto(server.url + "/replay")  # a page with common.js and render.js
    wins = json.dumps(event_parts(Event(EventKind.SIDE_WINS_GAME, side=1)))
    said = page.evaluate(f"() => eventText({wins}, s => `Bot ${{s + 1}}`, [[0, 2], [1, 3]])")
    assert said == "Bot 2 & Bot 4 win the game"  # was "Bot 2 & Bot 4 wins the game"
    alone = page.evaluate(f"() => eventText({wins}, s => `P${{s + 1}}`, [[0], [1]])")
    assert alone == "P2 wins the game"
    facts = page.evaluate(
        "() => factsFor({maker: 0, trump: 'H', sitting_out: [2], tricks_won: [1, 0, 0, 2],"
        " games: [0, 1], own_hand_hidden: false, shown: {}},"
        " s => `Seat ${s + 1}`, [[0, 2], [1, 3]])"
    )
    assert facts == [
        ["Maker", "Seat 1"],
        ["Trump", "♥ hearts"],
        ["Sitting out", "Seat 3"],
        ["Tricks won", "Seat 1 1, Seat 2 0, Seat 3 0, Seat 4 2"],
        ["Games won", "Seat 1 & Seat 3 0, Seat 2 & Seat 4 1"],
    ]
    shown = "(p) => upcardShown(p)"
    assert page.evaluate(shown, {"upcard": "AS", "trump": None, "dealer_took_up": False})
    assert not page.evaluate(shown, {"upcard": "AS", "trump": "S", "dealer_took_up": True})
    assert not page.evaluate(shown, {"upcard": "AS", "trump": None, "turned_down": True})
    assert page.errors == []


def test_the_replay_buttons_are_words_and_icons(browser: object, server: Server) -> None:
    page = new_page(browser)
    page.goto(server.url + "/replay")
    for button, word in (
        ("first", "First"),
        ("prev", "Back"),
        ("next", "Forward"),
        ("last", "Last"),
    ):
        text = page.inner_text(f"#{button}")
        assert word in text  # was a lone media glyph, an empty box in Debian's fonts
        assert page.locator(f"#{button} svg").count() == 1


@pytest.mark.parametrize(
    ("game", "players"), [("two_handed_euchre", 2), ("all_fours", 3), ("romanian_whist", 6)]
)
@pytest.mark.parametrize("width", [390, 1280])
def test_two_three_and_six_seats_sit_round_the_table_apart(
    browser: object, server: Server, game: str, players: int, width: int, tmp_path: Path
) -> None:
    table = server.create(
        game=game,
        players=players,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1),
        sit=0,
        bot_delay=5,
        seed=3,
    )
    page = seated_page(browser, server, table, width)
    boxes = [page.locator(f"[data-seat-box='{seat}']").bounding_box() for seat in range(players)]
    felt = page.locator("#table").bounding_box()
    for i, a in enumerate(boxes):
        assert felt["x"] <= a["x"] and a["x"] + a["width"] <= felt["x"] + felt["width"] + 0.5
        for b in boxes[i + 1 :]:
            apart = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            assert apart or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
    assert boxes[0]["y"] == max(box["y"] for box in boxes)  # this seat at the bottom
    no_sideways_scroll(page)
    page.screenshot(path=str(tmp_path / f"{game}-{width}.png"))
    assert page.errors == []


def test_a_choice_is_taken_once_however_often_it_is_clicked(
    browser: object, server: Server
) -> None:
    table = euchre_table(server, seed=22)  # seat 3 deals: this seat bids first
    runtime = server.manager.tables[table["id"]]
    page = seated_page(browser, server, table, 1280)
    page.wait_for_selector("button.action")
    assert runtime.state.current_player == 0
    # Once clicked, no choice can be taken again until the server answers.
    left = page.evaluate(
        "() => { document.querySelector('button.action').click();"  # no message between:
        " return document.querySelectorAll('button.action:not([disabled]),"  # one JS task
        " button.card.legal').length; }"
    )
    assert left == 0
    for _ in range(200):
        if runtime.seq:
            break
        page.wait_for_timeout(20)
    assert [d.seat for d in runtime.decisions][:1] == [0]
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
    page.wait_for_selector("[data-seat-box='1']", state="attached")  # type: ignore[attr-defined]
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


def test_the_host_keeps_a_freed_seat_for_a_friend_from_the_page(
    browser: object, server: Server
) -> None:
    """The host panel frees a squatted seat and keeps it: its link seats the friend (once the
    deal the squatter saw is played out), and a page without it is not offered the seat."""
    table = server.create(
        game="euchre",
        rules={"target": 10},
        seats=[{"kind": "human"}] * 2 + [{"kind": "bot", "bot": "random"}] * 2,
        sit=0,
        name="Ann",
        bot_delay=0.05,
    )
    status, _ = server.request("POST", f"/api/tables/{table['id']}/join", {"seat": 1, "name": "Sq"})
    assert status == 200
    page = seated_page(browser, server, table, 1200, host=True)
    page.click("[data-keep='1']")  # type: ignore[attr-defined]
    link = page.locator("#host-keep-link")  # type: ignore[attr-defined]
    link.wait_for()
    url = str(link.input_value())
    assert "seat_invite=" in url
    runtime = server.manager.tables[table["id"]]
    play_until(page, runtime, lambda r: len(r.state.deals) >= 2)  # the squatter's deal ends
    stranger = new_page(browser)
    stranger.goto(f"{server.url}/table/{table['id']}")  # type: ignore[attr-defined]
    stranger.wait_for_selector("#seats .seat")  # type: ignore[attr-defined]
    assert stranger.locator("[data-join='1']").count() == 0  # type: ignore[attr-defined]
    friend = new_page(browser)
    friend.goto(url)  # type: ignore[attr-defined]
    friend.fill("#join-name", "Fay")  # type: ignore[attr-defined]
    friend.click("[data-join='1']")  # type: ignore[attr-defined]
    deadline = time.monotonic() + 20
    while runtime.names[1] != "Fay":
        assert time.monotonic() < deadline, "the friend was not seated"
        time.sleep(0.05)
    for each in (page, stranger, friend):
        assert each.errors == []  # type: ignore[attr-defined]


def test_a_table_of_known_deals_offers_nobody_a_seat(browser: object, server: Server) -> None:
    """Its creator knows the cards (a seed of theirs): even with the creator's seat freed,
    the page offers no seat (the server would refuse it, ``known_deal``)."""
    table = euchre_table(server, seed=5, rules={"target": 10})
    path = f"/api/tables/{table['id']}/host"
    freed = {"host_token": table["host_token"], "op": "free_seat", "seat": 0}
    assert server.request("POST", path, freed)[0] == 200
    runtime = server.manager.tables[table["id"]]
    deadline = time.monotonic() + 60
    while len(runtime.state.deals) < 2:  # the seat is open once the deal it was freed in ends
        assert time.monotonic() < deadline, "the deal was not played out"
        time.sleep(0.05)
    page = new_page(browser)
    page.goto(f"{server.url}/table/{table['id']}")  # type: ignore[attr-defined]
    page.wait_for_selector("#seats .seat")  # type: ignore[attr-defined]
    assert page.locator("#join-panel").is_hidden()  # type: ignore[attr-defined]
    assert page.locator("[data-join]").count() == 0  # type: ignore[attr-defined]
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_lobby_draws_for_partners_and_the_table_shows_the_draw(
    browser: object, server: Server
) -> None:
    page = new_page(browser)
    table_id = create_from_lobby(page, server, {0: "me"}, draw_partners="high")
    runtime = server.manager.tables[table_id]
    assert runtime.config.partner_draw is not None
    assert runtime.config.partner_draw["rule"] == "high"
    page.wait_for_selector("#partner-draw-panel:not(.hidden)")
    text = page.inner_text("#partner-draw")
    assert "the two highest cards play together" in text
    assert "Ann draws " in text and "play together;" in text
    assert runtime.names.count("Ann") == 1
    assert not page.errors  # type: ignore[attr-defined]


def stored_match(server: Server, table_id: str) -> dict[str, Any]:
    """A finished euchre match to 5 of heuristic bots (Ann, Bob, Cid and Dee), stored as the
    record of ``table_id``."""
    import random

    from tricktable.bots import make_bot
    from tricktable.games import load_game
    from tricktable.record import record_of
    from tricktable.sim import play_match

    game = load_game("euchre(target=5)")
    bots = [make_bot("heuristic", game, seat) for seat in range(4)]
    record = record_of(play_match(game, bots, random.Random(3)), names=["Ann", "Bob", "Cid", "Dee"])
    summary = {"names": record["names"], "scores": [], "winner": None, "sides": [], "rules": ""}
    server.manager.store.finish(table_id, "euchre", summary, json.dumps(record))
    return record


def test_play_from_here_opens_a_table_at_the_replay_s_position(
    browser: object, server: Server, tmp_path: Path
) -> None:
    """The replay viewer's "Play from here": the person takes the seat of their choice at the
    shown position, bots of the chosen level the others; the new table starts there."""
    record = stored_match(server, "stored")
    first = len(record["deals"][0]["actions"])
    page = new_page(browser)
    page.goto(f"{server.url}/replay?table=stored")
    page.wait_for_selector("#viewer:not(.hidden)")
    for _ in range(first + 2):  # deal 1's frames, then deal 2 dealt and its first decision
        page.keyboard.press("ArrowRight")
    assert page.inner_text("#position").endswith(f"deal 2, decision 1 ({first + 1} of the match)")
    page.click("#branch-open")
    assert page.is_visible("#branch-panel")
    point = page.inner_text("#branch-point")
    assert point == f"You take over at decision {first + 2} of the match (deal 2, decision 2)."
    to_act = page.input_value("#branch-seat")  # the seat to act is offered first
    page.select_option("#branch-bots", "easy")
    assert page.inner_text("#branch-bots-help")  # the level's one-line description
    page.fill("#branch-name", "Tess")
    page.keyboard.press("ArrowRight")  # typing in the form does not move the replay
    assert page.inner_text("#branch-point") == point
    page.screenshot(path=str(shots(tmp_path) / "play-from-here.png"), full_page=True)
    page.click("#branch-start")
    page.wait_for_url(f"{server.url}/table/*")
    table_id = page.url.rsplit("/", 1)[1]
    runtime = server.manager.tables[table_id]
    seat = int(to_act)
    assert runtime.names[seat] == "Tess" and runtime.config.creator == seat
    assert [s.bot for i, s in enumerate(runtime.config.seats) if i != seat] == ["easy"] * 3
    assert runtime.config.branch == {"deals": 2, "decisions": first + 1, "names": record["names"]}
    page.wait_for_selector("button.card.legal, button.action")  # Tess is to act
    assert f"played on from decision {first + 2} of a record" in page.inner_text("#rules")
    shown = {card.get_attribute("data-card") for card in page.locator("#hand button.card").all()}
    assert shown == set(record["deals"][1]["hands"][seat])
    assert page.errors == []


def test_the_end_of_a_record_offers_no_branch_and_the_form_is_accessible(
    browser: object, server: Server, axe_source: str
) -> None:
    stored_match(server, "stored")
    page = new_page(browser)
    page.goto(f"{server.url}/replay?table=stored")
    page.wait_for_selector("#viewer:not(.hidden)")
    page.click("#branch-open")
    assert serious_violations(page, axe_source, "replay, play from here") == []
    page.keyboard.press("End")  # the seat's menu has the focus: the key is the menu's
    assert page.is_visible("#branch-panel")
    page.click("#last")
    assert page.is_disabled("#branch-open")  # the match is over here
    assert page.is_hidden("#branch-panel")
    assert page.errors == []
