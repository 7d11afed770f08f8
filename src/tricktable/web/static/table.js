// The table page: one websocket to the server (docs/protocol.md). The page shows only what
// the server sends for this seat (or the public view for a spectator) and sends actions as
// canonical text with their sequence number.
"use strict";

const TABLE_ID = decodeURIComponent(window.location.pathname.split("/").pop());
const INVITE = new URLSearchParams(window.location.search).get("invite");
const KEYS = "123456789abcdefghijklmnopqrstuvwxyz";

let socket = null;
let mySeat = null;
let view = null;
let seats = [];
let tableInfo = null;
let retry = 0;
let busyRetry = 0;
let stopped = null;  // why the page stopped reconnecting (this seat connected elsewhere)
const BUSY_CLOSE = 4503;  // the server's close code for "too many spectators; try later"
const MAX_CHAT_LINES = 50;  // chat lines the page keeps (the newest)
let timerEnds = null;
let pendingSeq = null;

function seatName(seat) {
  if (seat === null || seat === undefined || seat < 0) return "—";
  const info = seats[seat];
  const base = info ? info.name : `Seat ${seat + 1}`;
  return seat === mySeat ? `${base} (you)` : base;
}

function sideName(side) {
  return view.sides[side].map((s) => seatName(s)).join(" & ");
}

// Engine event texts say "seat N" and "side N": show names instead.
function namesIn(text) {
  return text.replace(/\bseat (\d+)/g, (m, n) => seatName(Number(n)))
    .replace(/\bside (\d+)/g, (m, n) => (view.sides[Number(n)] ? sideName(Number(n)) : m));
}

function connect() {
  const stored = loadSeat(TABLE_ID);
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${window.location.host}/ws/${encodeURIComponent(TABLE_ID)}`);
  socket.addEventListener("open", () => {
    const hello = { type: "hello", invite: INVITE };
    if (stored) { hello.seat = stored.seat; hello.token = stored.token; }
    socket.send(JSON.stringify(hello));
    document.getElementById("connection").textContent = "connected";
    retry = 0;
    busyRetry = 0;
  });
  socket.addEventListener("message", (event) => handle(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    document.getElementById("connection").textContent = "disconnected — reconnecting…";
    if (event.code === 4401) {
      localStorage.removeItem(seatKey(TABLE_ID));
    }
    if (stopped || event.code === 4400 || (view && view.finished)) {
      document.getElementById("connection").textContent = stopped || "closed";
      if (stopped || event.code === 4400) return;
    }
    if (event.code === BUSY_CLOSE) {
      // Too many spectators for now: try again, less and less often (a player is never refused).
      busyRetry = Math.min(busyRetry + 1, 6);
      document.getElementById("connection").textContent = "the table is full of spectators — trying again…";
      setTimeout(connect, 5000 * busyRetry);
      return;
    }
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * retry);
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  if (!view || pendingSeq === view.seq) return;
  pendingSeq = view.seq;
  document.getElementById("error").textContent = "";
  send({ type: "act", seq: view.seq, action });
}

function handle(message) {
  if (message.type === "welcome") {
    mySeat = message.seat;
    tableInfo = message.table;
    seats = message.table.seats;
    document.getElementById("rules").textContent = message.table.rules;
    showShare();
    buildChat(message.chat_presets);
    showJoin();
    render(message.state);
    showHost();
    document.getElementById("host-timer").value = tableInfo.turn_timer ?? "";
    document.getElementById("host-autoplay").value = tableInfo.autoplay_after ?? "";
  } else if (message.type === "state") {
    render(message.view);
  } else if (message.type === "seats") {
    seats = message.seats;
    if (view) render(view);
    showJoin();
    showHost();
  } else if (message.type === "ack") {
    pendingSeq = null;
  } else if (message.type === "error") {
    pendingSeq = null;
    if (message.code === "replaced") stopped = "this seat is open in another window";
    if (message.code === "seat_freed") localStorage.removeItem(seatKey(TABLE_ID));
    if (message.code === "not_found") {
      document.getElementById("error").replaceChildren("This table is not open. If its match is over, ",
        el("a", { href: `/api/records/${encodeURIComponent(TABLE_ID)}`, text: "download its record" }), " or ",
        el("a", { href: `/replay?table=${encodeURIComponent(TABLE_ID)}`, text: "replay it" }), ".");
      return;
    }
    let text = message.message;
    if (message.legal && message.legal.length) text += ` — legal: ${message.legal.join(", ")}`;
    document.getElementById("error").textContent = text;
  } else if (message.type === "chat") {
    const log = document.getElementById("chat-log");
    const who = message.seat === null ? "a spectator" : seatName(message.seat);
    log.prepend(el("div", {}, el("strong", { text: `${who}: ` }), message.text));
    while (log.children.length > MAX_CHAT_LINES) log.lastChild.remove();
  }
}

// The link to share: with the invite code for a private table.
function showShare() {
  const link = `${window.location.origin}/table/${encodeURIComponent(TABLE_ID)}${INVITE ? `?invite=${encodeURIComponent(INVITE)}` : ""}`;
  const box = document.getElementById("share");
  box.replaceChildren("Invite: ", el("input", { type: "text", readonly: true, value: link, id: "share-link", "aria-label": "invite link" }));
  if (INVITE) box.append(el("span", { class: "muted", text: ` code ${INVITE}` }));
}

function showJoin() {
  const panel = document.getElementById("join-panel");
  if (mySeat !== null || !tableInfo) { panel.classList.add("hidden"); return; }
  const open = seats.map((s, i) => [s, i]).filter(([s]) => s.kind === "human" && !s.taken);
  if (!open.length) { panel.classList.add("hidden"); return; }
  panel.classList.remove("hidden");
  document.getElementById("join-seats").replaceChildren(...open.map(([, seat]) =>
    el("button", { class: "primary", "data-join": seat, onclick: () => join(seat), text: `Sit at seat ${seat + 1}` })));
}

// The creator's host controls (the lobby kept the host token in localStorage).
function hostToken() { return localStorage.getItem(`tricktable:host:${TABLE_ID}`); }

async function host(body) {
  try {
    const summary = await postJSON(`/api/tables/${encodeURIComponent(TABLE_ID)}/host`,
      { host_token: hostToken(), ...body });
    tableInfo = summary;
    document.getElementById("host-error").textContent = "";
  } catch (failure) {
    document.getElementById("host-error").textContent = failure.message;
  }
}

function showHost() {
  const panel = document.getElementById("host-panel");
  if (!hostToken() || !tableInfo || (view && view.finished)) { panel.classList.add("hidden"); return; }
  panel.classList.remove("hidden");
  const others = seats.map((s, i) => [s, i]).filter(([s, i]) => s.kind === "human" && i !== mySeat);
  document.getElementById("host-seats").replaceChildren(...others.flatMap(([s, seat]) => [
    s.taken ? el("button", { type: "button", "data-free": seat, onclick: () => host({ op: "free_seat", seat }),
      text: `Free seat ${seat + 1} (${s.name})` }) : null,
    el("button", { type: "button", "data-bot": seat, onclick: () => host({ op: "bot_seat", seat, bot: "heuristic" }),
      text: `A bot plays seat ${seat + 1}` }),
  ]));
}

function saveHostSettings() {
  const number = (id) => {
    const value = document.getElementById(id).value;
    return value === "" ? null : Number(value);
  };
  host({ op: "settings", turn_timer: number("host-timer"), autoplay_after: number("host-autoplay") });
}

async function join(seat) {
  try {
    const joined = await postJSON(`/api/tables/${encodeURIComponent(TABLE_ID)}/join`, {
      seat, name: document.getElementById("join-name").value, invite: INVITE,
    });
    saveSeat(TABLE_ID, joined.seat, joined.token);
    if (socket) socket.close();
  } catch (failure) {
    document.getElementById("join-error").textContent = failure.message;
  }
}

function buildChat(presets) {
  document.getElementById("chat-buttons").replaceChildren(...presets.map((text, index) =>
    el("button", { type: "button", onclick: () => send({ type: "chat", preset: index }), text })));
}

function legalCardActions() {
  const map = new Map();
  for (const action of view.legal) {
    const words = action.split(" ");
    if ((words[0] === "play" || words[0] === "discard") && words.length === 2) map.set(words[1], action);
  }
  return map;
}

function render(next) {
  if (next.summaries === undefined) next.summaries = view ? view.summaries : [];
  view = next;
  if (pendingSeq !== null && pendingSeq !== view.seq) pendingSeq = null;
  timerEnds = view.timer === null || view.timer === undefined ? null : Date.now() + view.timer * 1000;
  renderSeats();
  renderCenter();
  renderHandAndActions();
  renderScores();
  renderHistory();
  renderSummary();
  renderResult();
}

function renderSeats() {
  const pub = view.public;
  document.getElementById("seats").replaceChildren(...Array.from({ length: view.players }, (_, seat) => {
    const info = seats[seat] || {};
    const tags = [];
    if (seat === view.dealer) tags.push(el("span", { class: "tag", text: "dealer" }));
    if (seat === view.to_act) tags.push(el("span", { class: "tag turn", text: "to act" }));
    if (info.kind === "bot") tags.push(el("span", { class: "tag", text: `bot ${info.bot}` }));
    else if (!info.taken) tags.push(el("span", { class: "tag", text: "open seat" }));
    else if (info.autoplay) tags.push(el("span", { class: "tag away", text: "away: bot plays" }));
    else if (!info.connected) tags.push(el("span", { class: "tag away", text: "away" }));
    if (pub.maker === seat) tags.push(el("span", { class: "tag", text: pub.alone ? "maker, alone" : "maker" }));
    if ((pub.sitting_out || []).includes(seat)) tags.push(el("span", { class: "tag", text: "sits out" }));
    const bid = Array.isArray(pub.bids) && pub.bids[seat] !== null && pub.bids[seat] !== undefined
      ? ` · bid ${pub.bids[seat]}` : "";
    const held = view.hand_counts.length ? view.hand_counts[seat] : null;
    const count = held === null ? "" : `${held} card${held === 1 ? "" : "s"} · `;
    return el("div", {
      class: `seat${seat === view.to_act ? " to-act" : ""}${seat === mySeat ? " me" : ""}`, "data-seat-box": seat,
    }, el("div", { class: "name", text: seatName(seat) }), el("div", {}, tags),
      el("div", { class: "muted-light", text: `${count}${view.tricks_won[seat]} trick${view.tricks_won[seat] === 1 ? "" : "s"}${bid}` }));
  }));
}

function playedCards(pairs) {
  return pairs.map(([seat, card]) => el("span", { class: "played" }, cardEl(card, { small: true }), seatName(seat)));
}

function renderCenter() {
  const pub = view.public;
  const up = pub.upcard || pub.turned || null;
  document.getElementById("upcard-label").textContent = pub.upcard !== undefined ? "Up-card" : "Turned";
  const upBox = document.getElementById("upcard");
  upBox.replaceChildren(up ? cardEl(up, { small: true }) : "—");
  if (pub.turned_down) upBox.append(el("div", { class: "label", text: "turned down" }));
  let trump = suitText(pub.trump);
  if (pub.trump === null && pub.upcard_suit && !pub.turned_down) trump = `— (up-card ${suitText(pub.upcard_suit)})`;
  document.getElementById("trump").textContent = trump;
  document.getElementById("trick").replaceChildren(...(view.trick.length ? playedCards(view.trick) : ["—"]));
  const last = view.last_trick;
  document.getElementById("last-trick").replaceChildren(...(last
    ? [...playedCards(last.cards), el("div", { class: "label", text: `won by ${seatName(last.winner)}` })] : ["—"]));
}

function renderHandAndActions() {
  const cardActions = legalCardActions();
  const mine = mySeat !== null && view.to_act === mySeat && !view.finished;
  let key = 0;
  const handBox = document.getElementById("hand");
  const groups = view.hand.map((group) => el("span", { class: "group" }, group.map((card) => {
    const action = mine ? cardActions.get(card) : undefined;
    const button = cardEl(card, { tag: "button" });
    button.setAttribute("data-card", card);
    if (action) {
      button.classList.add("legal");
      button.setAttribute("data-action", action);
      button.setAttribute("aria-label", action);
      button.setAttribute("data-key", KEYS[key] || "");
      button.prepend(el("span", { class: "key", text: KEYS[key] || "" }));
      key += 1;
      button.addEventListener("click", () => act(action));
    } else {
      button.disabled = true;
    }
    return button;
  })));
  document.getElementById("keys-help").classList.toggle("hidden", mySeat === null);
  if (mySeat === null) handBox.replaceChildren(el("span", { class: "muted-light", text: "You are watching: hands are hidden." }));
  else if (view.public.own_hand_hidden) handBox.replaceChildren(el("span", { text: "Your cards are face down for now." }));
  else handBox.replaceChildren(...groups);
  const others = mine ? view.legal.filter((a) => !Array.from(cardActions.values()).includes(a)) : [];
  others.sort((a, b) => (a === "pass") - (b === "pass") || a.localeCompare(b, undefined, { numeric: true }));
  document.getElementById("actions").replaceChildren(...others.map((action) => {
    const label = KEYS[key] || "";
    key += 1;
    return el("button", { class: "action", "data-action": action, "data-key": label, onclick: () => act(action) },
      el("span", { class: "key", text: `${label} ` }), actionText(action));
  }));
  renderStatus();
}

// Who is to act (and the turn timer's seconds left): redrawn every second while a timer runs.
function renderStatus() {
  const mine = mySeat !== null && view.to_act === mySeat && !view.finished;
  const status = document.getElementById("status");
  status.classList.toggle("mine", mine);
  if (view.finished) status.textContent = "The match is over.";
  else if (view.to_act === null) status.textContent = "Dealing…";
  else if (view.forced && view.to_act === mySeat) status.textContent = "Your card, which you cannot see, is played for you.";
  else if (mine) status.textContent = `Your turn (${phaseText(view.phase)})${timerText()}`;
  else status.textContent = `Waiting for ${seatName(view.to_act)} (${phaseText(view.phase)})${timerText()}`;
}

const PHASES = { bid1: "bidding, round 1", bid2: "bidding, round 2", dealer_discard: "the dealer discards" };

function phaseText(phase) {
  return PHASES[phase] || phase.replaceAll("_", " ");
}

function timerText() {
  if (timerEnds === null) return "";
  return ` — ${Math.max(0, Math.ceil((timerEnds - Date.now()) / 1000))} s left`;
}

function renderScores() {
  const target = view.public.target;
  const rows = view.sides.map((side, index) => el("tr", {}, el("td", { text: sideName(index) }),
    el("td", { text: String(view.scores[index]) })));
  document.getElementById("scores").replaceChildren(el("table", { class: "list" }, rows),
    el("div", { class: "muted", text: `Deal ${view.deal}${target ? ` · game to ${target}` : ""}` }));
  const sheet = document.getElementById("sheet");
  if (!view.summaries.length) { sheet.textContent = "No deal finished yet."; return; }
  const withBids = view.summaries.some((s) => Array.isArray(s.bids));
  const head = el("tr", {}, el("th", { text: "Deal" }), withBids ? el("th", { text: "Hand" }) : null,
    view.sides.map((_, i) => el("th", { text: withBids ? `${sideName(i)} bid / total` : sideName(i) })));
  const rows2 = view.summaries.map((s, index) => el("tr", {}, el("td", { text: String(index + 1) }),
    withBids ? el("td", { text: String(s.row ?? s.hand_size ?? "") }) : null,
    s.scores.map((score, i) => el("td", {
      text: withBids ? `${s.bids && s.bids[i] !== null && s.bids[i] !== undefined ? s.bids[i] : "-"} / ${score}` : `${score}${s.points[i] ? ` (${s.points[i] > 0 ? "+" : ""}${s.points[i]})` : ""}`,
    }))));
  sheet.classList.remove("muted");
  sheet.replaceChildren(el("table", { class: "list", id: "score-sheet" }, head, rows2));
}

function renderHistory() {
  document.getElementById("history").replaceChildren(...view.history.map(([seat, text]) =>
    el("div", {}, el("strong", { text: `${seatName(seat)}: ` }), actionText(text))));
  const facts = Object.entries(view.public).filter(([, value]) => value !== null && value !== false
    && !(Array.isArray(value) && !value.length) && !(typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length));
  document.getElementById("facts").replaceChildren(...facts.map(([key, value]) =>
    el("div", { text: `${key.replaceAll("_", " ")}: ${JSON.stringify(value)}` })));
}

function renderSummary() {
  const box = document.getElementById("deal-summary");
  if (!view.summaries.length) { box.classList.add("hidden"); return; }
  const index = view.summaries.length - 1;
  const s = view.summaries[index];
  const parts = [el("h2", { text: `End of deal ${index + 1}` })];
  if (s.thrown_in) parts.push(el("div", { text: "Thrown in." }));
  if (s.makers !== null && s.makers !== undefined) parts.push(el("div", { text: `Makers: ${sideName(s.makers)}` }));
  if (s.trump !== undefined) parts.push(el("div", { text: `Trump: ${suitText(s.trump)}` }));
  parts.push(el("div", { text: `Tricks: ${view.sides.map((_, i) => `${sideName(i)} ${s.tricks[i]}`).join(", ")}` }));
  if (Array.isArray(s.bids)) parts.push(el("div", { text: `Bids: ${s.bids.map((b, seat) => `${seatName(seat)} ${b === null ? "-" : b}`).join(", ")}` }));
  for (const event of s.events) parts.push(el("div", { text: `• ${namesIn(event)}` }));
  parts.push(el("div", { text: `Points: ${view.sides.map((_, i) => `${sideName(i)} ${s.points[i] >= 0 ? "+" : ""}${s.points[i]}`).join(", ")}` }));
  box.replaceChildren(...parts);
  box.classList.remove("hidden");
}

function renderResult() {
  const box = document.getElementById("result");
  if (!view.finished) { box.classList.add("hidden"); return; }
  const winner = view.winner;
  let text = "The match is over.";
  if (Array.isArray(winner)) text = `A tie between ${winner.map(sideName).join(" and ")}.`;
  else if (winner !== null) text = `${sideName(winner)} won the match.`;
  box.replaceChildren(el("h2", { text: "Match result" }), el("div", { id: "winner", text }),
    el("div", { text: `Final score: ${view.sides.map((_, i) => `${sideName(i)} ${view.scores[i]}`).join(", ")}` }),
    el("p", {}, el("a", { id: "download-record", href: `/api/records/${encodeURIComponent(TABLE_ID)}`, download: `tricktable-${TABLE_ID}.json`, text: "Download the record" }),
      " · ", el("a", { href: `/replay?table=${encodeURIComponent(TABLE_ID)}`, text: "Replay it" }),
      " · ", el("a", { href: "/", text: "Back to the lobby" })));
  box.classList.remove("hidden");
}

document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  const target = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (target && !target.disabled) { event.preventDefault(); target.click(); }
});

setInterval(() => { if (view && timerEnds !== null) renderStatus(); }, 1000);
document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("host-save").addEventListener("click", saveHostSettings);
  connect();
});
