"""The server's words for people as the pages show them (issue 37, defect 7): the rules
described in the table's header and the lobby, bots named by their level."""

from __future__ import annotations

from tests.web.conftest import Server
from tests.web.test_browser import (  # the browser, its pages and tables
    browser,
    euchre_table,
    new_page,
    pytestmark,
    seated_page,
)

__all__ = ["browser", "pytestmark"]


def test_the_pages_describe_rules_and_bots_for_people(browser: object, server: Server) -> None:
    table = euchre_table(server, rules={"target": 5})
    page = seated_page(browser, server, table, 1280)
    header = page.inner_text("#rules")  # type: ignore[attr-defined]
    assert header.startswith("Euchre, North American rules; Target: 5"), header
    assert "euchre(" not in header
    seats = page.inner_text("#seats")  # type: ignore[attr-defined]
    assert "Medium bot" in seats and "bot · medium" not in seats
    lobby = new_page(browser)
    lobby.goto(server.url + "/")  # type: ignore[attr-defined]
    lobby.wait_for_selector("#tables table")  # type: ignore[attr-defined]
    listed = lobby.inner_text("#tables")  # type: ignore[attr-defined]
    assert "Euchre, North American rules; Target: 5" in listed and "preset=" not in listed
    assert "Medium bot" in listed
    assert page.errors == [] and lobby.errors == []  # type: ignore[attr-defined]
