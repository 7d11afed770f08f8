"""Profiles and ratings in headless Chromium, at desktop and phone widths, with the
accessibility check: a profile carried to a second browser (its own storage), a rated match
of two people changing both their ratings, the leaderboard.

``TRICKTABLE_SCREENSHOTS=docs/img`` refreshes the README's leaderboard and profile shots.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web import test_browser as shared
from tests.web.conftest import Server
from tests.web.test_browser import PLAYABLE, new_page, no_sideways_scroll, serious_violations, shots

pytestmark = shared.pytestmark
sync_api = shared.sync_api
browser = shared.browser
axe_source = shared.axe_source

WIDTHS = (1280, 390)


def keep_name(page: Any, server: Server, name: str) -> None:
    """Keep ``name`` as a profile on the profile page (its secret stays in this browser)."""
    page.goto(f"{server.url}/profile")
    page.fill("#profile-name", name)
    page.click("#keep")
    page.wait_for_selector("#player-name")
    assert page.inner_text("#player-name") == name


@pytest.mark.parametrize("width", WIDTHS)
def test_a_profile_is_carried_to_a_second_browser(
    browser: object, server: Server, width: int, axe_source: str
) -> None:
    first = new_page(browser, width=width, height=844)
    first.goto(f"{server.url}/")  # type: ignore[attr-defined]
    first.click("header a[href='/profile']")  # type: ignore[attr-defined]
    first.wait_for_selector("#new-panel:not([hidden])")  # type: ignore[attr-defined]
    assert serious_violations(first, axe_source, f"new profile at {width}") == []
    keep_name(first, server, "Ann Lee")
    assert first.is_visible("text=No rated match yet.")  # type: ignore[attr-defined]
    first.click("#carry")  # type: ignore[attr-defined]
    code = first.inner_text("#carry-made")  # type: ignore[attr-defined]
    link = first.get_attribute("#carry-link", "href")  # type: ignore[attr-defined]
    no_sideways_scroll(first)
    assert serious_violations(first, axe_source, f"profile at {width}") == []
    # A second browser: its own storage, no profile, until the code opens it there.
    second = new_page(browser, width=width, height=844)
    second.goto(f"{server.url}/profile")  # type: ignore[attr-defined]
    second.wait_for_selector("#new-panel:not([hidden])")  # type: ignore[attr-defined]
    second.fill("#profile-name", "ann lee")  # type: ignore[attr-defined]
    second.click("#keep")  # type: ignore[attr-defined]
    second.wait_for_selector("#new-error:has-text('belongs to another player')")  # type: ignore[attr-defined]
    if width > 400:
        second.fill("#carry-code", code)  # type: ignore[attr-defined]
        second.click("#redeem")  # type: ignore[attr-defined]
    else:  # on a phone, the link
        second.goto(link)  # type: ignore[attr-defined]
    second.wait_for_selector("#player-name")  # type: ignore[attr-defined]
    assert second.inner_text("#player-name") == "Ann Lee"  # type: ignore[attr-defined]
    mine = [
        page.evaluate("() => api('/api/profile')")  # type: ignore[attr-defined]
        for page in (first, second)
    ]
    assert mine[0]["profile"] == mine[1]["profile"]
    assert second.evaluate("() => profileSecret()") != first.evaluate("() => profileSecret()")  # type: ignore[attr-defined]
    # The code works once: a third browser cannot use it again.
    third = new_page(browser, width=width, height=844)
    third.goto(f"{server.url}/profile")  # type: ignore[attr-defined]
    third.fill("#carry-code", code)  # type: ignore[attr-defined]
    third.click("#redeem")  # type: ignore[attr-defined]
    third.wait_for_selector("#redeem-error:has-text('opens no profile')")  # type: ignore[attr-defined]
    assert first.errors == [] and second.errors == []  # type: ignore[attr-defined]


def test_a_rated_match_changes_both_players_ratings_and_the_leaderboard(
    browser: object, server: Server, axe_source: str, tmp_path: Path
) -> None:
    ann = new_page(browser, width=1280, height=900)
    bo = new_page(browser, width=1280, height=900)
    keep_name(ann, server, "Ann")
    keep_name(bo, server, "Bo")
    # A one-hand euchre table of fair deals: Ann and Bo opposite medium bots from the start.
    table = ann.evaluate(  # type: ignore[attr-defined]
        """async () => {
          const made = await postJSON('/api/tables', {game: 'euchre', rules: {target: null},
            seats: [{kind: 'human'}, {kind: 'human'}, {kind: 'bot', bot: 'medium'},
                    {kind: 'bot', bot: 'medium'}], sit: 0, bot_delay: 0.05});
          saveSeat(made.id, made.seat, made.token);
          return made;
        }"""
    )
    bo.evaluate(  # type: ignore[attr-defined]
        """async (id) => {
          const joined = await postJSON(`/api/tables/${id}/join`, {seat: 1});
          saveSeat(id, joined.seat, joined.token);
        }""",
        table["id"],
    )
    runtime = server.manager.tables[table["id"]]
    assert [runtime.names[0], runtime.names[1]] == ["Ann", "Bo"]
    for page in (ann, bo):
        page.goto(f"{server.url}/table/{table['id']}")  # type: ignore[attr-defined]
        page.wait_for_selector("#seats .seat")  # type: ignore[attr-defined]
    for _ in range(600):
        if runtime.state.is_terminal() and runtime.finished_stored:
            break
        page = (
            (ann, bo)[runtime.state.current_player % 2]
            if runtime.state.current_player in (0, 1)
            else ann
        )
        try:
            page.locator(PLAYABLE).first.click(timeout=300)  # type: ignore[attr-defined]
        except sync_api.Error:
            continue
    assert runtime.state.is_terminal() and runtime.finished_stored
    for page in (ann, bo):
        page.goto(f"{server.url}/profile")  # type: ignore[attr-defined]
        page.wait_for_selector("#ratings")  # type: ignore[attr-defined]
        row = page.inner_text("#ratings tbody tr")  # type: ignore[attr-defined]
        assert row.startswith("Euchre") and row.rstrip().endswith("1"), row
        assert "25.0 ± 8.3 →" in page.inner_text("#matches")  # type: ignore[attr-defined]
        assert page.is_visible(f"#matches a[href='/replay?table={table['id']}']")  # type: ignore[attr-defined]
    ratings = {
        name: page.evaluate("() => api('/api/profile')")["ratings"][0]  # type: ignore[attr-defined]
        for page, name in ((ann, "Ann"), (bo, "Bo"))
    }
    assert all(r["matches"] == 1 and r["sigma"] < 25 / 3 for r in ratings.values())
    bo.screenshot(path=str(shots(tmp_path) / "profile.png"), full_page=True)  # type: ignore[attr-defined]
    assert serious_violations(bo, axe_source, "profile after a rated match") == []
    bo_id = bo.evaluate("() => api('/api/profile')")["profile"]["id"]  # type: ignore[attr-defined]
    phone = new_page(browser, width=390, height=844)
    phone.goto(f"{server.url}/players/{bo_id}")  # type: ignore[attr-defined]
    phone.wait_for_selector("#matches")  # type: ignore[attr-defined]
    assert phone.inner_text("#player-name") == "Bo"  # type: ignore[attr-defined]
    no_sideways_scroll(phone)
    assert serious_violations(phone, axe_source, "a player's page on a phone") == []
    for width in (1280, 390):
        board = new_page(browser, width=width, height=844)
        board.goto(f"{server.url}/")  # type: ignore[attr-defined]
        board.click("header a[href='/leaderboard']")  # type: ignore[attr-defined]
        board.wait_for_selector("#board-table")  # type: ignore[attr-defined]
        names = board.locator("#board-table tbody td:nth-child(2)").all_inner_texts()  # type: ignore[attr-defined]
        assert sorted(names) == ["Ann", "Bo"]
        assert "Medium bot" in board.inner_text("#bots")  # type: ignore[attr-defined]
        no_sideways_scroll(board)
        if width == 1280:
            board.screenshot(path=str(shots(tmp_path) / "leaderboard.png"), full_page=True)  # type: ignore[attr-defined]
        assert serious_violations(board, axe_source, f"leaderboard at {width}") == []
        board.click("#board-table a")  # type: ignore[attr-defined]
        board.wait_for_selector("#player-name")  # type: ignore[attr-defined]
        assert board.inner_text("#player-name") in ("Ann", "Bo")  # type: ignore[attr-defined]
        assert board.errors == []  # type: ignore[attr-defined]
    assert ann.errors == [] and bo.errors == []  # type: ignore[attr-defined]
