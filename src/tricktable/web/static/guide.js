// The guide of a "Learn to play" table (?guide=1): at each of this seat's decisions, the
// server's explanation (POST /api/tables/ID/guide, tricktable.presentation.guide) in the
// guide panel below the hand. The words are the server's; the page only lays them out.
"use strict";

const GUIDED = new URLSearchParams(window.location.search).has("guide");
let guideSeq = null;  // the decision the panel explains (or is asking about)

function guideShow(state) {
  for (const id of ["guide-idle", "guide-wait", "guide-text"]) {
    document.getElementById(id).classList.toggle("hidden", id !== state);
  }
}

function guideChoice(choice, unit) {
  const value = choice.value === null || choice.value === undefined ? null
    : `${choice.value >= 0 ? "+" : ""}${choice.value.toFixed(2)} ${unit}`;
  return el("li", { class: choice.hint ? "hinted" : null, "data-guide-choice": choice.action },
    el("strong", { text: choice.label }), ": ", choice.meaning,
    value ? el("span", { class: "muted", text: ` (${value})` }) : null);
}

function guideDraw(guide, seq) {
  const box = document.getElementById("guide-text");
  box.dataset.seq = seq;
  box.replaceChildren(...[
    el("p", { class: "guide-question", text: guide.question }),
    el("ul", { class: "guide-choices", "aria-label": "your choices" }, guide.choices.map((c) => guideChoice(c, guide.unit))),
    guide.note ? el("p", { class: "muted", text: guide.note }) : null,
    el("p", { class: "guide-hint", id: "guide-hint" }, el("strong", { text: `Hint: ${guide.hint.label}. ` }), guide.hint.why),
    el("button", { type: "button", "data-guide-play": guide.hint.action, onclick: () => act(guide.hint.action) },
      `Take the hint (${guide.hint.label})`),
  ].filter(Boolean));
  guideShow("guide-text");
}

async function updateGuide() {
  if (!GUIDED || !view) return;
  document.getElementById("guide-panel").classList.remove("hidden");
  const mine = mySeat !== null && !view.queued && view.to_act === mySeat && !view.finished && !view.forced && !summaryOpen();
  if (!mine) { guideSeq = null; guideShow("guide-idle"); return; }
  if (guideSeq === view.seq) return;
  const seq = view.seq;
  guideSeq = seq;
  guideShow("guide-wait");
  const stored = loadSeat(TABLE_ID);
  try {
    const answer = await postJSON(`/api/tables/${encodeURIComponent(TABLE_ID)}/guide`,
      { seat: stored ? stored.seat : null, token: stored ? stored.token : null });
    if (guideSeq !== seq || answer.seq !== seq) return;  // the table moved on meanwhile
    if (answer.guide) guideDraw(answer.guide, seq);
    else guideShow("guide-idle");
  } catch (failure) {
    if (guideSeq !== seq) return;
    document.getElementById("guide-text").replaceChildren(el("p", { class: "error", text: failure.message }));
    guideShow("guide-text");
  }
}
