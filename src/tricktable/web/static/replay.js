// The replay viewer: steps through every position of a record (finished here, or a file
// uploaded from this computer), forward and back, with every hand face up.
"use strict";

let frames = [];
let names = null;
let sides = null;
let position = 0;

function who(seat) {
  return names && typeof names[seat] === "string" ? names[seat] : `Seat ${seat + 1}`;
}

// Each side's number, the side named by its members (the server names them: presentation.names).
function sideScores(numbers) {
  return numbers.map((n, side) => (sides && typeof sides[side] === "string" ? `${sides[side]} ${n}` : `${n}`)).join(" · ");
}

function pairsEl(pairs) {
  return pairs.map(([seat, card]) => el("span", { class: "played" }, cardEl(card, { small: true }), who(seat)));
}

function show() {
  const frame = frames[position];
  document.getElementById("position").textContent = `step ${position + 1} of ${frames.length} · deal ${frame.deal + 1}`;
  let text = frame.action === null ? `Deal ${frame.deal + 1}: ${who(frame.dealer)} deals.`
    : `${who(frame.actor)}: ${actionText(frame.action)}`;
  if (frame.to_act !== null) text += ` — next: ${who(frame.to_act)}`;
  document.getElementById("step-text").textContent = text;
  const up = frame.public.upcard || frame.public.turned;
  document.getElementById("r-turned").replaceChildren(up ? cardEl(up, { small: true }) : "—");
  document.getElementById("r-trump").textContent = suitText(frame.public.trump);
  document.getElementById("r-trick").replaceChildren(...(frame.trick.length ? pairsEl(frame.trick) : ["—"]));
  document.getElementById("r-last").replaceChildren(...(frame.last_trick ? pairsEl(frame.last_trick.cards) : ["—"]));
  document.getElementById("r-hands").replaceChildren(...frame.hands.map((hand, seat) => el("div", { class: "seat-row" },
    el("strong", { text: `${who(seat)}${seat === frame.dealer ? " (dealer)" : ""}${seat === frame.to_act ? " ← to act" : ""}` }),
    hand.map((card) => cardEl(card, { small: true })))));
  document.getElementById("r-scores").textContent = `Scores: ${sideScores(frame.scores)}`;
  document.getElementById("r-history").textContent = frame.history.map(actionText).join(" · ");
  const summary = frame.summary && frame.summary.complete && frame.to_act === null ? frame.summary : null;
  document.getElementById("r-summary").textContent = summary
    ? `End of deal: points ${sideScores(summary.points)}. ${(frame.said || summary.events).join("; ")}` : "";
}

function go(to) {
  if (!frames.length) return;
  position = Math.max(0, Math.min(frames.length - 1, to));
  show();
}

function open(data) {
  frames = data.frames;
  names = data.names;
  sides = data.sides;
  document.getElementById("viewer").classList.remove("hidden");
  go(0);
}

async function loadTable(tableId) {
  try { open(await api(`/api/records/${encodeURIComponent(tableId)}/frames`)); }
  catch (failure) { document.getElementById("replay-error").textContent = failure.message; }
}

async function upload(event) {
  const file = event.target.files[0];
  if (!file) return;
  const error = document.getElementById("replay-error");
  error.textContent = "";
  try {
    open(await api("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body: await file.text() }));
  } catch (failure) { error.textContent = failure.message; }
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("file").addEventListener("change", upload);
  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("prev").addEventListener("click", () => go(position - 1));
  document.getElementById("next").addEventListener("click", () => go(position + 1));
  document.getElementById("last").addEventListener("click", () => go(frames.length - 1));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") go(position + 1);
    else if (event.key === "ArrowLeft") go(position - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(frames.length - 1);
  });
  const table = new URLSearchParams(window.location.search).get("table");
  if (table) loadTable(table);
});
