// The replay viewer: steps through every position of a record (finished here, or a file
// uploaded from this computer), forward and back, drawn as the table (render.js) with every
// hand face up at its seat; "Play from here"
// opens a new table at the shown position, the person at a seat and bots at the others.
"use strict";

let frames = [];
let names = null;
let sides = null;
let sideSeats = [];  // each side's seats
let position = 0;
let decided = [];  // per frame: the match's decisions up to and including it
let source = null;  // where the record came from, as POST /api/tables's "branch" takes it
let levels = [];
let defaultBot = "medium";

// What render.js draws from (as table.js keeps it): the frame as a view, the seats by name,
// seen from seat 0 (no seat of one's own), every hand face up at its seat.
let view = null;
let seats = [];
const mySeat = null;
const tableInfo = null;

function who(seat) {
  return names && typeof names[seat] === "string" ? names[seat] : `Seat ${seat + 1}`;
}

// Each side's number, the side named by its members (the server names them: presentation.names).
function sideScores(numbers) {
  return numbers.map((n, side) => (sides && typeof sides[side] === "string" ? `${sides[side]} ${n}` : `${n}`)).join(" · ");
}

// A frame as the table's view (docs/protocol.md), for render.js. The step that completes a
// trick shows it whole, its winner marked (the next step clears it).
function frameView(frame) {
  const last = frame.last_trick;
  const closing = last && !frame.trick.length && frame.actor !== null && last.cards.length
    && last.cards[last.cards.length - 1][0] === frame.actor && frame.action === `play ${last.cards[last.cards.length - 1][1]}`;
  return {
    players: frame.hands.length, sides: sideSeats, deal: frame.deal + 1, dealer: frame.dealer,
    to_act: frame.to_act, phase: frame.phase, public: frame.public, scores: frame.scores,
    history: frame.history.map((text, index) => [frame.actors[index], text]),
    trick: closing ? last.cards : frame.trick, trick_winner: closing ? last.winner : frame.trick_winner, last_trick: last,
    tricks_won: frame.tricks_won, hand_counts: frame.hands.map((hand) => hand.length),
    hands_shown: frame.hands, finished: false,
  };
}

function show() {
  const frame = frames[position];
  const decision = frame.action === null ? "" : `, decision ${frame.history.length} (${decided[position]} of the match)`;
  document.getElementById("position").textContent = `step ${position + 1} of ${frames.length} · deal ${frame.deal + 1}${decision}`;
  let text = frame.action === null ? `Deal ${frame.deal + 1}: ${who(frame.dealer)} deals.`
    : `${who(frame.actor)}: ${actionText(frame.action)}`;
  if (frame.to_act !== null) text += ` — next: ${who(frame.to_act)}`;
  document.getElementById("step-text").textContent = text;
  view = frameView(frame);
  renderScoreboard();
  renderSeats();
  lastGathered = undefined;  // steps are not animated: no trick is gathered to its winner
  document.getElementById("gather").replaceChildren();
  renderCenter();
  document.getElementById("r-history").textContent = frame.history.map(actionText).join(" · ");
  const summary = frame.summary && frame.summary.complete && frame.to_act === null ? frame.summary : null;
  document.getElementById("r-summary").textContent = summary
    ? `End of deal: points ${sideScores(summary.points)}. ${(frame.said || summary.events).join("; ")}` : "";
  showBranch();
}

// The decision "Play from here" takes over at the shown frame: the next one, counted from 1
// (the match's, and its deal's); null at the end of the record when nobody is to act.
function branchPoint() {
  const frame = frames[position];
  const at = decided[position] + 1;
  if (frame.to_act !== null) return { at, deal: frame.deal + 1, step: frame.history.length + 1, seat: frame.to_act };
  const next = frames[position + 1];
  if (!next) return null;
  return { at, deal: next.deal + 1, step: 1, seat: next.to_act };
}

function showBranch() {
  const point = branchPoint();
  const button = document.getElementById("branch-open");
  button.disabled = point === null || source === null;
  button.title = point === null ? "the match is over here: step back to play from an earlier point"
    : "take over a seat at this point and play on against bots";
  if (point === null) { closeBranch(); return; }
  document.getElementById("branch-point").textContent =
    `You take over at decision ${point.at} of the match (deal ${point.deal}, decision ${point.step}).`;
  const seat = document.getElementById("branch-seat");
  const chosen = seat.dataset.touched ? seat.value : String(point.seat ?? 0);
  seat.replaceChildren(...names.map((name, index) => el("option", {
    value: String(index), text: `${name} (seat ${index + 1})${index === point.seat ? " — to act" : ""}` })));
  seat.value = chosen;
}

function openBranch() {
  document.getElementById("branch-panel").classList.remove("hidden");
  document.getElementById("branch-open").setAttribute("aria-expanded", "true");
  document.getElementById("branch-error").textContent = "";
  document.getElementById("branch-seat").focus();
}

function closeBranch() {
  document.getElementById("branch-panel").classList.add("hidden");
  document.getElementById("branch-open").setAttribute("aria-expanded", "false");
}

async function startBranch(event) {
  event.preventDefault();
  const point = branchPoint();
  const error = document.getElementById("branch-error");
  error.textContent = "";
  if (point === null || source === null) return;
  const sit = Number.parseInt(document.getElementById("branch-seat").value, 10);
  const bot = document.getElementById("branch-bots").value;
  const seats = names.map((_, index) => (index === sit ? { kind: "human" } : { kind: "bot", bot }));
  const body = { branch: { ...source, at: point.at }, seats, sit, name: document.getElementById("branch-name").value };
  const button = document.getElementById("branch-start");
  button.disabled = true;
  try {
    const created = await postJSON("/api/tables", body);
    if (created.token) saveSeat(created.id, created.seat, created.token);
    if (created.host_token) localStorage.setItem(`tricktable:host:${created.id}`, created.host_token);
    window.location.href = `/table/${created.id}`;
  } catch (failure) {
    error.textContent = failure.message;
    button.disabled = false;
  }
}

async function loadLevels() {
  try {
    const data = await api("/api/games");
    levels = data.levels || [];
    defaultBot = data.default_bot || defaultBot;
  } catch (failure) { levels = []; }
  const select = document.getElementById("branch-bots");
  select.replaceChildren(...levels.map((level) => el("option", { value: level.name, text: level.name })));
  if (levels.some((level) => level.name === defaultBot)) select.value = defaultBot;
  describeLevel();
}

function describeLevel() {
  const chosen = levels.find((level) => level.name === document.getElementById("branch-bots").value);
  document.getElementById("branch-bots-help").textContent = chosen ? chosen.description : "";
}

function go(to) {
  if (!frames.length) return;
  position = Math.max(0, Math.min(frames.length - 1, to));
  show();
}

function open(data, from) {
  frames = data.frames;
  names = data.names;
  sides = data.sides;
  sideSeats = data.side_seats;
  seats = names.map((name) => ({ name, kind: "player", taken: true, connected: true }));
  source = from;
  let count = 0;
  decided = frames.map((frame) => (frame.action === null ? count : ++count));
  document.getElementById("viewer").classList.remove("hidden");
  go(0);
}

async function loadTable(tableId) {
  try { open(await api(`/api/records/${encodeURIComponent(tableId)}/frames`), { table: tableId }); }
  catch (failure) { document.getElementById("replay-error").textContent = failure.message; }
}

async function upload(event) {
  const file = event.target.files[0];
  if (!file) return;
  const error = document.getElementById("replay-error");
  error.textContent = "";
  try {
    const text = await file.text();
    const answer = await api("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
    open(answer, { record: JSON.parse(text) });
  } catch (failure) { error.textContent = failure.message; }
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("file").addEventListener("change", upload);
  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("prev").addEventListener("click", () => go(position - 1));
  document.getElementById("next").addEventListener("click", () => go(position + 1));
  document.getElementById("last").addEventListener("click", () => go(frames.length - 1));
  document.getElementById("branch-open").addEventListener("click", openBranch);
  document.getElementById("branch-cancel").addEventListener("click", closeBranch);
  document.getElementById("branch-panel").addEventListener("submit", startBranch);
  document.getElementById("branch-bots").addEventListener("change", describeLevel);
  document.getElementById("branch-seat").addEventListener("change", (event) => { event.target.dataset.touched = "1"; });
  loadLevels();
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;  // typing a name
    if (event.key === "ArrowRight") go(position + 1);
    else if (event.key === "ArrowLeft") go(position - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(frames.length - 1);
  });
  const table = new URLSearchParams(window.location.search).get("table");
  if (table) loadTable(table);
});
