"""The host invites one bot account by name from the table page's host panel (not only by
the API), and an unknown name is refused in words (docs/remote-bots.md); checked in
headless Chromium with the axe accessibility check (see test_browser.py for the browser)."""

from __future__ import annotations

from pathlib import Path

from tests.web import test_browser as shared
from tests.web.conftest import Server
from tests.web.test_browser import euchre_table, new_page, serious_violations

pytestmark = shared.pytestmark
sync_api = shared.sync_api
browser = shared.browser
axe_source = shared.axe_source


def test_the_host_invites_a_bot_account_by_name_and_an_unknown_one_is_refused(
    browser: object, server: Server, tmp_path: Path, axe_source: str
) -> None:
    from tricktable.web.remote_bots import account_of, create_account

    token = create_account(server.manager.store, "alpha", "Ann")
    table = euchre_table(
        server,
        seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}],
        seed=None,
        bot_delay=5,
    )
    page = new_page(browser, width=1280, height=844)
    page.goto(server.url + "/static/favicon.svg")  # type: ignore[attr-defined]
    page.evaluate(  # type: ignore[attr-defined]
        "([id, seat, host]) => {"
        " localStorage.setItem(`tricktable:seat:${id}`, JSON.stringify(seat));"
        " localStorage.setItem(`tricktable:host:${id}`, host); }",
        [table["id"], {"seat": 0, "token": table["token"]}, table["host_token"]],
    )
    page.goto(f"{server.url}/table/{table['id']}")  # type: ignore[attr-defined]
    page.wait_for_selector("#host-invite:not(.hidden)")  # type: ignore[attr-defined]
    assert page.locator("#host-invite-seat option").all_inner_texts() == ["3"]  # type: ignore[attr-defined]
    assert serious_violations(page, axe_source, "the host's invite form") == []

    page.get_by_label("Invite the bot account").fill("nobody")  # type: ignore[attr-defined]
    page.get_by_role("button", name="Invite", exact=True).click()  # type: ignore[attr-defined]
    page.wait_for_selector("#host-error:text('no bot account')")  # type: ignore[attr-defined]
    refusal = page.inner_text("#host-error")  # type: ignore[attr-defined]
    assert refusal.startswith("this room has no bot account 'nobody'"), refusal
    assert server.manager.tables[table["id"]].config.bot_wanted == {}

    page.get_by_label("Invite the bot account").fill("alpha")  # type: ignore[attr-defined]
    page.get_by_role("button", name="Invite", exact=True).click()  # type: ignore[attr-defined]
    page.wait_for_selector("[data-seat-box='2'] .tag:text('bot wanted: alpha')")  # type: ignore[attr-defined]
    assert page.inner_text("#host-error") == ""  # type: ignore[attr-defined]
    assert "Seat 3 waits for the bot account alpha" in page.inner_text("#host-kept")  # type: ignore[attr-defined]
    assert server.manager.tables[table["id"]].config.bot_wanted == {2: "alpha"}
    page.screenshot(path=str(tmp_path / "invited.png"), full_page=True)  # type: ignore[attr-defined]
    assert serious_violations(page, axe_source, "a bot account invited") == []

    account = account_of(server.manager.store, token)
    assert account is not None
    server.call(server.manager.join_bot(table["id"], 2, account))
    page.wait_for_selector(  # type: ignore[attr-defined]
        "[data-seat-box='2'] .tag:text('Remote bot alpha (of Ann)')"
    )
    page.wait_for_selector("#host-invite.hidden", state="attached")  # type: ignore[attr-defined]
    assert page.errors == []  # type: ignore[attr-defined]
