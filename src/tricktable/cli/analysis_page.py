"""``tricktable analyse --html FILE``: the match as one self-contained page, each reviewed
decision marked, and a chart of the loss per decision (inline SVG: no script, no library).

>>> import json, random
>>> from tricktable.games import load_game
>>> from tricktable.bots import make_bot
>>> from tricktable.bots.tools.analysis import analyse_record
>>> from tricktable.presentation.names import record_names
>>> from tricktable.record import record_of, replay_record
>>> from tricktable.sim import play_match
>>> game = load_game("euchre(target=2)")
>>> state = play_match(game, [make_bot("random", game)] * 4, random.Random(1))
>>> record = record_of(state, names=["Ann", "bot:random", "Cid", "bot:random"])
>>> reviews = {0: analyse_record(record, 0, worlds=2)}
>>> page = analysis_page(record, state, reviews, record_names(record["names"], game.sides), 2)
>>> page.startswith("<!DOCTYPE html>") and "<svg" in page and "<script" not in page
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from html import escape
from typing import Any

from tricktable.bots.tools.analysis import (
    MISTAKE_LOSS,
    Decision,
    count_text,
    totals,
    values_text,
)
from tricktable.cards import Card
from tricktable.core import Deal, DealSummary, Game, State
from tricktable.presentation.events import Names, event_text
from tricktable.presentation.hands import card_label, cards_for_people, dealt_groups, trump_words
from tricktable.presentation.labels import rules_description
from tricktable.record import RecordVisitor, Step, walk_record

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #1d1d1f;
  padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; } td, th { padding: .2em .6em; text-align: left;
  vertical-align: top; }
thead th { border-bottom: 1px solid #888; }
ol.actions { padding-left: 2.5em; }
ol.actions li.reviewed:not(.mistake):not(.inaccuracy) { color: #1a5e1a; }
ol.actions li.inaccuracy { background: #fff4d6; }
ol.actions li.mistake { background: #fde2e1; }
.tag { font-weight: 600; padding: 0 .4em; border-radius: .3em; }
.mistake .tag { background: #b3261e; color: #fff; }
.inaccuracy .tag { background: #8a5a00; color: #fff; }
.detail { color: #333; margin: .2em 0 .5em 1em; font-size: .93em; }
.events { color: #444; }
svg text { font: 11px system-ui, sans-serif; fill: #333; }
"""

CHART_WIDTH = 720
CHART_HEIGHT = 220
COLOURS = {"mistake": "#b3261e", "inaccuracy": "#c98a00", "": "#7a8794"}


def analysis_page(
    record: Mapping[str, Any],
    state: State,
    reviews: Mapping[int, Sequence[Decision]],
    names: Names,
    worlds: int,
) -> str:
    """The page: who sat where, each reviewed seat's totals and chart, then every deal with
    its decisions, the reviewed ones marked with their values."""
    game = state.game
    names = replace(names, card=_card)
    match = _Match()
    walk_record(record, match)
    reviewed = {(d.deal, d.step): d for decisions in reviews.values() for d in decisions}
    min_loss = next((d.min_loss for ds in reviews.values() for d in ds), 0.0)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Analysis: {escape(game.name)}</title><style>{STYLE}</style></head><body>",
        f"<h1>Analysis of a {escape(game.name)} match</h1>",
        f"<p>{escape(rules_description(game))} (<code>{escape(game.rule_string())}</code>). Seats: "
        + escape(", ".join(names.seat(s) for s in range(game.players)))
        + f". Each decision with a choice is valued over {worlds} sampled worlds; the best"
        " action is the one of top value and the loss is measured from it. Losses under"
        f" {min_loss:.2f} are sampling noise; {MISTAKE_LOSS} or more is a mistake."
        " Deals and decisions count from 1.</p>",
    ]
    for seat, decisions in reviews.items():
        parts.extend(_seat_summary(seat, decisions, names, min_loss))
    for index, deal in enumerate(match.deals):
        parts.extend(_deal_section(index, deal, match, reviewed, names))
    parts.append("</body></html>")
    return "\n".join(parts)


class _Match(RecordVisitor):
    """The deals, who took each action, and each deal's summary."""

    def __init__(self) -> None:
        self.deals: list[Deal] = []
        self.dealers: list[int | None] = []
        self.actions: list[list[Step]] = []
        self.summaries: list[DealSummary] = []
        self.game: Game[Any] | None = None

    def begin_deal(self, index: int, deal: Deal, state: State) -> None:
        self.game = state.game
        self.deals.append(deal)
        self.dealers.append(getattr(state, "dealer", None))
        self.actions.append([])

    def after_action(self, step: Step, state: State) -> None:
        self.actions[-1].append(step)

    def end_deal(self, index: int, summary: DealSummary, state: State) -> None:
        self.summaries.append(summary)


def _seat_summary(
    seat: int, decisions: Sequence[Decision], names: Names, min_loss: float
) -> list[str]:
    sums = totals(decisions)
    unit = next((d.unit for d in decisions if d.unit), "points")
    rows = "".join(
        f"<tr><td>{escape(phase)}</td><td>{t.decisions}</td><td>{t.analysed}</td>"
        f"<td>{t.loss:.2f}</td><td>{t.inaccuracies}</td><td>{t.mistakes}</td></tr>"
        for phase, t in sums.by_phase.items()
    )
    return [
        f"<h2>{escape(names.seat(seat))}</h2>",
        f"<p>{sums.decisions} decisions with a choice, {sums.analysed} analysed; mean loss"
        f" {sums.mean_loss:.3f} {escape(unit)} per analysed decision;"
        f" {count_text(sums.inaccuracies, 'inaccuracy')},"
        f" {count_text(sums.mistakes, 'mistake')}.</p>",
        "<table><thead><tr><th>phase</th><th>decisions</th><th>analysed</th>"
        "<th>total loss</th><th>inaccuracies</th><th>mistakes</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>",
        loss_chart(decisions, names.seat(seat), unit, min_loss),
    ]


def loss_chart(decisions: Sequence[Decision], who: str, unit: str, min_loss: float) -> str:
    """An SVG bar chart of the loss of each decision in order, coloured by its verdict, with
    the noise and mistake thresholds as dashed lines and each deal's first decision marked."""
    left, bottom, top, right = 44, 34, 12, 8
    inner_w, inner_h = CHART_WIDTH - left - right, CHART_HEIGHT - top - bottom
    highest = max([MISTAKE_LOSS * 1.5, *(d.loss for d in decisions)])
    slot = inner_w / max(1, len(decisions))

    def y(loss: float) -> float:
        return top + inner_h * (1 - loss / highest)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{CHART_WIDTH}" height="{CHART_HEIGHT}"'
        f' role="img" aria-label="Loss per decision of {escape(who)}">',
        f"<title>Loss per decision of {escape(who)} ({escape(unit)})</title>",
        f'<line x1="{left}" y1="{top + inner_h}" x2="{left + inner_w}" y2="{top + inner_h}"'
        ' stroke="#333"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + inner_h}" stroke="#333"/>',
        f'<text x="4" y="{top + 8}">{highest:.2f}</text>',
        f'<text x="4" y="{top + inner_h}">0</text>',
        f'<text x="{left}" y="{CHART_HEIGHT - 4}">'
        f"deals and their decisions in order; loss in {escape(unit)}</text>",
    ]
    for level, label in ((min_loss, "noise"), (MISTAKE_LOSS, "mistake")):
        if 0 < level <= highest:
            out.append(
                f'<line x1="{left}" y1="{y(level):.1f}" x2="{left + inner_w}" y2="{y(level):.1f}"'
                ' stroke="#999" stroke-dasharray="4 3"/>'
                f'<text x="{left + inner_w - 48}" y="{y(level) - 3:.1f}">{label}</text>'
            )
    last_deal = -1
    for index, d in enumerate(decisions):
        x = left + index * slot
        if d.deal != last_deal:
            last_deal = d.deal
            out.append(
                f'<line x1="{x:.1f}" y1="{top + inner_h}" x2="{x:.1f}" y2="{top + inner_h + 5}"'
                ' stroke="#333"/>'
                f'<text x="{x:.1f}" y="{top + inner_h + 16}">{d.number}</text>'
            )
        height = max(1.0, inner_h * d.loss / highest) if d.values else 0.0
        taken = cards_for_people(d.taken, _card)
        tip = f"deal {d.number}, decision {d.decision}: {taken}, loss {d.loss:.2f}"
        out.append(
            f'<rect x="{x + slot * 0.1:.1f}" y="{top + inner_h - height:.1f}"'
            f' width="{max(1.0, slot * 0.8):.1f}" height="{height:.1f}"'
            f' fill="{COLOURS[d.verdict]}"><title>{escape(tip)}</title></rect>'
        )
    out.append("</svg>")
    return "".join(out)


def _deal_section(
    index: int,
    deal: Deal,
    match: _Match,
    reviewed: Mapping[tuple[int, int], Decision],
    names: Names,
) -> list[str]:
    dealer = match.dealers[index]
    head = f"Deal {index + 1}" + ("" if dealer is None else f", dealt by {names.seat(dealer)}")
    trump = match.summaries[index].trump
    hands = "".join(
        f"<tr><th>{escape(names.seat(seat))}</th><td>{escape(_dealt(match, hand, trump)) or '-'}"
        "</td></tr>"
        for seat, hand in enumerate(deal.hands)
    )
    items = []
    for step in match.actions[index]:
        decision = reviewed.get((step.deal, step.index))
        text = f"{escape(names.seat(step.seat))}: {escape(cards_for_people(step.text, _card))}"
        if decision is None:
            items.append(f"<li>{text}</li>")
        else:
            items.append(_reviewed_item(text, decision, names))
    summary = match.summaries[index]
    events = "; ".join(event_text(event, names) for event in summary.events)
    return [
        f'<h2 id="deal-{index + 1}">{escape(head)}</h2>',
        f"<table>{hands}</table>",
        f'<ol class="actions">{"".join(items)}</ol>',
        f'<p class="events">{escape(events)}</p>' if events else "",
    ]


def _card(card: Card) -> str:
    """A card on the page: ``10♥`` (the page is UTF-8)."""
    return card_label(card, symbols=True)


def _dealt(match: _Match, hand: Sequence[Card], trump: object) -> str:
    """A hand as dealt, grouped as its deal played (trumps first)."""
    groups = dealt_groups(match.game, hand, trump) if match.game is not None else [list(hand)]
    return " ".join(_card(card) for group in groups for card in group)


def _reviewed_item(text: str, d: Decision, names: Names) -> str:
    if d.unanalysed:
        return f'<li class="reviewed">{text} <em>(not analysed: {escape(d.unanalysed)})</em></li>'
    verdict = d.verdict
    tag = f' <span class="tag">{verdict}</span>' if verdict else ""
    best = cards_for_people(d.best, _card)
    better = f" — best {escape(best)}, {d.loss:.2f} {escape(d.unit)} better" if verdict else ""
    detail = ""
    if verdict:
        hand = " | ".join(" ".join(cards_for_people(c, _card) for c in group) for group in d.hand)
        if d.phase == "play":
            seen = "trick so far: " + (
                ", ".join(f"{names.seat(s)} {cards_for_people(card, _card)}" for s, card in d.trick)
                or "(leading)"
            )
        else:
            seen = "so far: " + (
                ", ".join(f"{names.seat(s)} {cards_for_people(t, _card)}" for s, t in d.so_far)
                or "(first to speak)"
            )
        trump = "" if d.trump is None else f"trump {trump_words(d.trump)} · "
        detail = (
            f'<div class="detail">hand: {escape(hand)} · {escape(trump)}{escape(seen)}<br>'
            f"values ({escape(d.unit)}): {escape(values_text(d, _card))}</div>"
        )
    title = f"deal {d.number}, decision {d.decision}"
    return (
        f'<li class="reviewed {verdict}" title="{title}">{text}{tag}{better}{detail}</li>'
        if verdict
        else f'<li class="reviewed" title="{title}">{text} ✓</li>'
    )
