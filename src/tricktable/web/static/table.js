// The table page: one websocket to the server (docs/protocol.md). The page shows only what
// the server sends for this seat (or the public view for a spectator) and sends actions as
// canonical text with their sequence number. The drawing is render.js's.
"use strict";

const TABLE_ID = decodeURIComponent(window.location.pathname.split("/").pop());
const INVITE = new URLSearchParams(window.location.search).get("invite");
const SEAT_INVITE = new URLSearchParams(window.location.search).get("seat_invite");  // a seat the host kept
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
  markPending();
}

// How the table's draw for partners seated the players (the server's words), if it drew.
function showPartnerDraw(lines) {
  const panel = document.getElementById("partner-draw-panel");
  panel.classList.toggle("hidden", !lines);
  document.getElementById("partner-draw").replaceChildren(...(lines || []).map((line) => el("p", { text: line })));
}

function handle(message) {
  if (message.type === "welcome") {
    mySeat = message.seat;
    tableInfo = message.table;
    seats = message.table.seats;
    const branch = message.table.branch;  // a table played on from a record ("Play from here")
    document.getElementById("rules").textContent = (message.table.rules_text || message.table.rules)
      + (branch ? ` · played on from decision ${branch.decisions + 1} of a record` : "");
    showPartnerDraw(message.table.partner_draw);
    showShare();
    buildChat(message.chat_presets);
    showJoin();
    render(message.state);
    // No panel open (closed before a reload): the next deal's turn timer may run.
    if (mySeat !== null && view && !summaryOpen()) send({ type: "continue", deals: view.summaries.length });
    showHost();
    document.getElementById("how-to").href = `/learn?game=${encodeURIComponent(tableInfo.game)}`;
    document.getElementById("host-timer").value = tableInfo.turn_timer ?? "";
    document.getElementById("host-autoplay").value = tableInfo.autoplay_after ?? "";
  } else if (message.type === "state") {
    render(message.view);
  } else if (message.type === "seats") {
    seats = message.seats;
    if (tableInfo) tableInfo.seats = seats;
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
    if (view) renderHandAndActions(); // the choices again, after markPending
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
  box.replaceChildren(el("label", { for: "share-link", text: "Invite link " }), el("input", { type: "text", readonly: true, value: link, id: "share-link" }));
  if (INVITE) box.append(el("span", { class: "muted", text: ` code ${INVITE}` }));
}

function showJoin() {
  const panel = document.getElementById("join-panel");
  // A table of known deals (docs/protocol.md) seats only its creator: nothing to offer.
  if (mySeat !== null || !tableInfo || tableInfo.unrated) { panel.classList.add("hidden"); return; }
  const open = seats.map((s, i) => [s, i]).filter(([s]) =>
    s.kind === "human" && !s.taken && !s.held && (!s.reserved || SEAT_INVITE));
  const yielding = seats.some((s) => s.yields);  // a bot gives way at the end of the deal
  if (!open.length && !yielding) { panel.classList.add("hidden"); return; }
  panel.classList.remove("hidden");
  document.getElementById("join-seats").replaceChildren(...open.map(([, seat]) =>
    el("button", { class: "primary", "data-join": seat, onclick: () => join(seat), text: `Sit at seat ${seat + 1}` })),
    ...(open.length ? [] : [el("button", { class: "primary", "data-take-yielding": "", onclick: takeYielding,
      text: "Take a bot's seat (you play from the next deal)" })]));
}

// Quick play at this table (web/quick.py): a bot's seat that gives way when the deal ends.
async function takeYielding() {
  try {
    const seated = await postJSON("/api/quick", { table: TABLE_ID, name: document.getElementById("join-name").value });
    saveSeat(TABLE_ID, seated.seat, seated.token);
    if (socket) socket.close();
  } catch (failure) {
    document.getElementById("join-error").textContent = failure.message;
  }
}

// The creator's host controls (the lobby kept the host token in localStorage).
function hostToken() { return localStorage.getItem(`tricktable:host:${TABLE_ID}`); }

async function host(body) {
  try {
    const summary = await postJSON(`/api/tables/${encodeURIComponent(TABLE_ID)}/host`,
      { host_token: hostToken(), ...body });
    tableInfo = summary;
    document.getElementById("host-error").textContent = "";
    return summary;
  } catch (failure) {
    document.getElementById("host-error").textContent = failure.message;
    return null;
  }
}

// Free a seat and keep it for one person: the link holds its one-use seat invite.
async function keepSeat(seat) {
  const summary = await host({ op: "free_seat", seat, reserve: true });
  if (!summary) return;
  const query = new URLSearchParams({ seat_invite: summary.seat_invite });
  if (INVITE) query.set("invite", INVITE);
  const link = `${window.location.origin}/table/${encodeURIComponent(TABLE_ID)}?${query}`;
  document.getElementById("host-kept").replaceChildren(
    el("label", { for: "host-keep-link", text: `Seat ${seat + 1} is kept for whoever opens ` }),
    el("input", { type: "text", readonly: true, value: link, id: "host-keep-link" }));
}

function showHost() {
  const panel = document.getElementById("host-panel");
  if (!hostToken() || !tableInfo || (view && view.finished)) { panel.classList.add("hidden"); return; }
  panel.classList.remove("hidden");
  const others = seats.map((s, i) => [s, i]).filter(([s, i]) => s.kind === "human" && i !== mySeat);
  document.getElementById("host-seats").replaceChildren(...others.flatMap(([s, seat]) => [
    ...(s.taken ? [el("button", { type: "button", "data-free": seat, onclick: () => host({ op: "free_seat", seat }),
      text: `Free seat ${seat + 1} (${s.name})` })] : []),
    ...(s.taken || s.held ? [el("button", { type: "button", "data-keep": seat, onclick: () => keepSeat(seat),
      text: `Keep seat ${seat + 1} for someone` })] : []),
    el("button", { type: "button", "data-bot": seat, onclick: () => host({ op: "bot_seat", seat, bot: "heuristic" }),
      text: `A bot plays seat ${seat + 1}` }),
    // An open seat may wait for a remote bot (docs/remote-bots.md): any bot account's.
    ...(s.taken || s.held ? [] : [el("button", { type: "button", "data-bot-wanted": seat,
      onclick: () => host({ op: "bot_wanted", seat, bot: s.bot_wanted === null || s.bot_wanted === undefined ? "" : null }),
      text: s.bot_wanted === null || s.bot_wanted === undefined ? `Seat ${seat + 1} wants a remote bot` : `Seat ${seat + 1} no longer wants a remote bot` })]),
  ]));
  // One bot account invited by name to an open seat (the room refuses a name it lacks).
  const open = others.filter(([s]) => !s.taken && !s.held);
  const form = document.getElementById("host-invite");
  form.classList.toggle("hidden", !open.length);
  const select = document.getElementById("host-invite-seat");
  const chosen = select.value;
  select.replaceChildren(...open.map(([, seat]) => el("option", { value: String(seat), text: `${seat + 1}` })));
  if (open.some(([, seat]) => String(seat) === chosen)) select.value = chosen;
}

async function inviteBot(event) {
  event.preventDefault();
  const name = document.getElementById("host-invite-name").value.trim();
  const seat = Number(document.getElementById("host-invite-seat").value);
  if (!name) {
    document.getElementById("host-error").textContent = "Give the bot account's name.";
    return;
  }
  if (await host({ op: "bot_wanted", seat, bot: name })) {
    document.getElementById("host-kept").textContent = `Seat ${seat + 1} waits for the bot account ${name}.`;
    document.getElementById("host-invite-name").value = "";
  }
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
      seat, name: document.getElementById("join-name").value, invite: INVITE, seat_invite: SEAT_INVITE,
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

// Views that came while the end-of-deal panel was open: the next deal as it went on behind
// the panel, shown one by one once the player continues (render.js's continueDeal).
let held = [];

function render(next) {
  if (next.summaries === undefined) next.summaries = (held.length ? held[held.length - 1] : view || { summaries: [] }).summaries;
  if (view && next.seq <= view.seq) { draw(next); return; }  // the same view drawn again
  if (view && (summaryOpen() || held.length) && !next.finished && next.summaries.length === view.summaries.length) {
    held.push(next);
    return;
  }
  held = [];
  draw(next);
}

function draw(next) {
  view = next;
  if (pendingSeq !== null && pendingSeq !== view.seq) pendingSeq = null;
  timerEnds = view.timer === null || view.timer === undefined ? null : Date.now() + view.timer * 1000;
  renderAll();
  updateGuide();  // guide.js: the explanation of this seat's decision at a "Learn to play" table
}

// The held views, one by one at the bots' pace, then the table as it is now.
function showHeld() {
  if (!held.length) return;
  draw(held.shift());
  const pace = Math.min(800, Math.max(250, 1000 * ((tableInfo && tableInfo.bot_delay) || 0)));
  window.setTimeout(showHeld, pace);
}

// The creator gives open seats to bots (tables.py fill_with_bots).
function fillSeats(seatList, bot) {
  document.getElementById("error").textContent = "";
  send({ type: "fill", seats: seatList, bot });
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
  document.getElementById("host-invite").addEventListener("submit", inviteBot);
  connect();
});
