"""The bot ladder's page in a real browser: reached from the leaderboard, its ratings and
pairings shown as the ladder plays, with the accessibility check."""

from __future__ import annotations

from pathlib import Path

from tests.web import test_browser as shared
from tests.web.conftest import Server
from tests.web.test_browser import new_page, no_sideways_scroll, serious_violations
from tricktable.web.engines import SeatEngines
from tricktable.web.ladder import LadderSettings

pytestmark = shared.pytestmark
sync_api = shared.sync_api
browser = shared.browser
axe_source = shared.axe_source


def test_the_ladder_page_shows_the_bots_ratings(
    browser: object, sqlite_url: str, axe_source: str, tmp_path: Path
) -> None:
    ladder = LadderSettings.parse("euchre", ["random", "easy"], SeatEngines(), pause=3600)
    server = Server(sqlite_url, ladder=ladder).start()
    try:
        page = new_page(browser, width=390, height=844)
        page.goto(f"{server.url}/leaderboard")  # type: ignore[attr-defined]
        page.click("header a[href='/ladder']")  # type: ignore[attr-defined]
        page.wait_for_selector("#ladder-table")  # type: ignore[attr-defined]
        # The first round (one deal in both seatings) ends; the page shows it within 10 s.
        page.wait_for_function(  # type: ignore[attr-defined]
            "document.getElementById('ladder-state').textContent.startsWith('Euchre: 2 matches')",
            timeout=120_000,
        )
        bots = page.locator("#ladder-table tbody td:nth-child(2)").all_inner_texts()  # type: ignore[attr-defined]
        assert sorted(bots) == ["Easy bot", "Random bot"]
        assert "random – easy" in page.inner_text("#ladder-pairs")  # type: ignore[attr-defined]
        no_sideways_scroll(page)
        assert serious_violations(page, axe_source, "the ladder on a phone") == []
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        server.stop()
