"""Learning to play in the browser (issue 37, item 4): the how-to pages, and the guided first
deal of Euchre played through from the lobby with the guide's explanation at each decision, at
desktop and phone widths, with the accessibility check (see test_browser.py for the browser).

``TRICKTABLE_SCREENSHOTS=docs/img`` keeps the README's screenshots of the guided deal."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.web import test_browser as shared
from tests.web.conftest import Server
from tests.web.test_browser import new_page, no_sideways_scroll, serious_violations, shots
from tests.web.test_browser_table import boxes_of, overlap
from tricktable.presentation.guide import action_label
from tricktable.web.guide import FAMILIES, MATCHES

pytestmark = shared.pytestmark
sync_api = shared.sync_api
browser = shared.browser
axe_source = shared.axe_source

WIDTHS = (1280, 390)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("family", list(FAMILIES))
def test_the_how_to_pages_read_on_a_desktop_and_a_phone(
    browser: object, server: Server, family: str, width: int, axe_source: str
) -> None:
    page = new_page(browser, width=width, height=844)
    page.goto(f"{server.url}/")  # type: ignore[attr-defined]
    page.click(f"#learn a[href='/learn/{family}']")  # type: ignore[attr-defined]
    page.wait_for_url(f"**/learn/{family}")  # type: ignore[attr-defined]
    heading = page.inner_text("h1")  # type: ignore[attr-defined]
    assert heading.startswith("How to play")
    assert page.is_visible(f"button[data-learn='{family}']")  # type: ignore[attr-defined]
    no_sideways_scroll(page)
    assert serious_violations(page, axe_source, f"how to play {family} at {width}") == []
    assert page.errors == []  # type: ignore[attr-defined]


def complete_deals(runtime: object) -> int:
    return sum(1 for s in runtime.state.summaries() if s.complete)  # type: ignore[attr-defined]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_guided_first_deal_of_euchre_explains_each_decision(
    browser: object, server: Server, width: int, axe_source: str, tmp_path: Path
) -> None:
    page = new_page(browser, width=width, height=900 if width > 400 else 844)
    page.goto(f"{server.url}/")  # type: ignore[attr-defined]
    page.click("#learn button[data-learn='euchre']")  # type: ignore[attr-defined]
    page.wait_for_url("**/table/**guide=1**")  # type: ignore[attr-defined]
    table_id = page.url.split("/table/")[1].split("?")[0]  # type: ignore[attr-defined]
    runtime = server.manager.tables[table_id]
    assert runtime.known_deal() == "seeded"  # a practice table: never rated
    page.wait_for_selector("#guide-panel")  # type: ignore[attr-defined]
    assert page.get_attribute("#guide", "aria-live") == "polite"  # type: ignore[attr-defined]
    explained: list[str] = []
    violations: list[str] = []
    shot = False
    deadline = time.monotonic() + 240
    shown = "#guide-text:not(.hidden)[data-seq] [data-guide-play]"
    while True:
        assert time.monotonic() < deadline, f"the deal did not end; explained {explained}"
        page.wait_for_selector(f"{shown}, #summary-close", timeout=60_000)  # type: ignore[attr-defined]
        if page.is_visible("#summary-close"):  # type: ignore[attr-defined]
            break
        seq = int(page.get_attribute("#guide-text", "data-seq"))  # type: ignore[attr-defined]
        state = runtime.state
        assert runtime.seq == seq and state.current_player == 0  # nothing acts for the person
        legal = state.legal_texts()
        box = f"#guide-text[data-seq='{seq}']"
        text = page.inner_text(box)  # type: ignore[attr-defined]
        # The question, every choice by name with its meaning, and the hint with its reason.
        listed = page.locator(f"{box} [data-guide-choice]").evaluate_all(  # type: ignore[attr-defined]
            "e => e.map(x => x.dataset.guideChoice)"
        )
        assert listed == legal, (listed, legal)
        for action in legal:
            assert action_label(action) in text, (action, text)
        hint = page.get_attribute(f"{box} [data-guide-play]", "data-guide-play")  # type: ignore[attr-defined]
        assert hint in legal
        assert f"Hint: {action_label(hint)}." in text
        hinted = page.locator(f"{box} li.hinted").get_attribute("data-guide-choice")  # type: ignore[attr-defined]
        assert hinted == hint
        reason = page.inner_text("#guide-hint")  # type: ignore[attr-defined]
        assert ("on average" in reason) or ("only choice" in reason) or ("rules of thumb" in reason)
        # The guide lies clear of the cards and the felt.
        guide_box = boxes_of(page, "#guide-panel")[0]
        for card in boxes_of(page, "#hand button.card") + boxes_of(page, "#table"):
            assert not overlap(guide_box, card), (guide_box, card)
        explained.append(f"{state.view(0).phase}: {hint}")
        if not explained[:-1]:  # the accessibility check at the first explanation
            violations += serious_violations(page, axe_source, f"guided deal at {width}")
            no_sideways_scroll(page)
        if not shot and state.view(0).phase == "play":  # the README's pictures: a first card
            shot = True
            name = "guided-deal.png" if width > 400 else "guided-deal-phone.png"
            page.locator(".play-col").screenshot(path=str(shots(tmp_path) / name))  # type: ignore[attr-defined]
        page.click(f"{box} [data-guide-play]")  # type: ignore[attr-defined]
        page.wait_for_function(  # type: ignore[attr-defined]
            f"() => !document.querySelector(\"{box}\") || document.getElementById('guide-text')"
            ".classList.contains('hidden')",
            timeout=30_000,
        )  # the explanation goes once the choice is taken
        assert [d.text for d in runtime.decisions[seq : seq + 1]] == [hint]
    # Every decision of the person in the deal was explained (bots took the others).
    assert len(explained) == sum(1 for d in runtime.decisions if d.seat == 0) >= 1, explained
    assert shot == any(line.startswith("play") for line in explained)
    assert violations == []
    assert complete_deals(runtime) == 1
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(set(MATCHES) - set(FAMILIES)))
def test_a_guided_match_of_its_own_explains_each_decision_of_its_first_deal(
    browser: object, server: Server, name: str, axe_source: str
) -> None:
    """Pitch and Oh Hell have guided matches of their own (issue 37), opened from their
    family's how-to page: the table explains each of the person's decisions of the first
    deal, every choice named, until the deal's end (at one width: the Euchre test checks the
    phone's)."""
    match = MATCHES[name]
    page = new_page(browser, width=1280, height=900)
    page.goto(f"{server.url}/learn/{match.page}")  # type: ignore[attr-defined]
    page.click(f"button[data-learn='{name}']")  # type: ignore[attr-defined]
    page.wait_for_url("**/table/**guide=1**")  # type: ignore[attr-defined]
    table_id = page.url.split("/table/")[1].split("?")[0]  # type: ignore[attr-defined]
    runtime = server.manager.tables[table_id]
    assert runtime.game.name == match.game and runtime.game.rules_dict() == {
        **runtime.game.rules_dict(),
        **match.rules,
    }
    explained: list[str] = []
    shown = "#guide-text:not(.hidden)[data-seq] [data-guide-play]"
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, f"the deal did not end; explained {explained}"
        ended = "#summary-close, #winner"  # the deal's end (Oh Hell's match is one deal)
        page.wait_for_selector(f"{shown}, {ended}", timeout=60_000)  # type: ignore[attr-defined]
        if page.is_visible("#summary-close") or page.is_visible("#winner"):  # type: ignore[attr-defined]
            break
        seq = int(page.get_attribute("#guide-text", "data-seq"))  # type: ignore[attr-defined]
        assert runtime.seq == seq and runtime.state.current_player == 0
        legal = runtime.state.legal_texts()
        box = f"#guide-text[data-seq='{seq}']"
        listed = page.locator(f"{box} [data-guide-choice]").evaluate_all(  # type: ignore[attr-defined]
            "e => e.map(x => x.dataset.guideChoice)"
        )
        assert listed == legal, (listed, legal)
        text = page.inner_text(box)  # type: ignore[attr-defined]
        hint = page.get_attribute(f"{box} [data-guide-play]", "data-guide-play")  # type: ignore[attr-defined]
        assert hint in legal and f"Hint: {action_label(hint)}." in text
        if not explained:
            assert serious_violations(page, axe_source, f"guided {name}") == []
            no_sideways_scroll(page)
        explained.append(f"{runtime.state.view(0).phase}: {hint}")
        page.click(f"{box} [data-guide-play]")  # type: ignore[attr-defined]
        page.wait_for_function(  # type: ignore[attr-defined]
            f"() => !document.querySelector(\"{box}\") || document.getElementById('guide-text')"
            ".classList.contains('hidden')",
            timeout=30_000,
        )
        assert [d.text for d in runtime.decisions[seq : seq + 1]] == [hint]
    assert len(explained) == sum(1 for d in runtime.decisions if d.seat == 0) >= 2, explained
    assert any(line.startswith("play") for line in explained), explained
    assert complete_deals(runtime) == 1
    assert page.errors == []  # type: ignore[attr-defined]
