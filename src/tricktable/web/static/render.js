// The table page's drawing: seats around the felt, the trick in the middle, the fanned hand,
// the scoreboard, the end-of-deal and match panels. Only drawing lives here; the connection
// and the messages are table.js's. Functions read table.js's state (view, seats, mySeat,
// tableInfo) and take what they draw from the view the server sent (docs/protocol.md).
"use strict";

const GATHER_MS = 700;

// -- pure helpers (tested in tests/web/test_browser.py without a table) -----------------------

// Where seat `seat` sits, as percentages of the felt: the viewer (`me`, or seat 0 for a
// spectator) at the bottom, the next seats going round clockwise (left, across, right), so a
// partner in a four-seat game sits across.
function seatPlace(seat, me, players) {
  const offset = (seat - (me === null || me === undefined ? 0 : me) + players) % players;
  const angle = Math.PI / 2 + (offset * 2 * Math.PI) / players;
  return { x: 50 + 41 * Math.cos(angle), y: 50 + 39 * Math.sin(angle), offset };
}

// Whether the up-card is still on the table: only while it may be ordered up (before trump is
// made, the dealer has taken it up or it was turned down).
function upcardShown(pub) {
  return Boolean(pub.upcard) && (pub.trump === null || pub.trump === undefined)
    && !pub.dealer_took_up && !pub.turned_down;
}

// A deal event as the server words it (tricktable.presentation.events: its `event_parts`),
// with the seats and sides it names shown by their names here, and each verb agreeing with
// the name: "Bot 2 & Bot 4 win the game".
function eventText(parts, nameOfSeat, sides) {
  return parts.map((part) => {
    if (typeof part === "string") return part;
    const members = part.seat !== undefined ? 1 : sides[part.side].length;
    const name = part.seat !== undefined ? nameOfSeat(part.seat) : sides[part.side].map(nameOfSeat).join(" & ");
    if (part.verb === undefined) return name;
    return `${name} ${members > 1 ? part.plural : part.verb}`;
  }).join("");
}

// The table's facts for people: [label, text] pairs, seats by name (counted from 1), cards
// and suits by their signs. Facts shown elsewhere on the page are left out.
const FACT_KINDS = {
  trump: ["Trump", "suit"], maker: ["Maker", "seat"], alone: ["Alone", "bool"],
  lone_defender: ["Defends alone", "seat"], sitting_out: ["Sitting out", "seats"],
  tricks_won: ["Tricks won", "per_seat"], games: ["Games won", "per_side"], target: ["Game to", "number"],
  turned: ["Turned card", "card"], set_aside: ["Set aside", "cards"], eldest: ["Eldest", "seat"],
  sides: ["Sides", "sides"], game_points: ["Points for Game", "per_side"], deal_points: ["Points this deal", "per_side"],
  hand_sizes: ["Cards held", "per_seat"], hand_size: ["Cards each", "number"], row: ["Row", "text"],
  bids: ["Bids", "per_seat"], active: ["Playing order", "seats"], deal_index: ["Deal", "index"],
  deals_in_schedule: ["Deals in the match", "number"], blind: ["Blind deal", "bool"],
  stock_size: ["Cards in the stock", "number"], high_bid: ["High bid", "text"], bidder: ["Bidder", "seat"],
  decisions: ["Stay or drop", "per_seat"], dropped: ["Dropped", "seats"], sets: ["Times set", "per_seat"],
  start_score: ["Starting score", "number"], set_points: ["Points for a set", "number"],
  declared: ["March declared", "bool"], declarer: ["Declared by", "seat"], threw_in: ["Threw in", "seats"], pool: ["Pool", "number"],
  stakes_paid: ["Stakes paid", "per_seat"], shown: ["Shown", "by_seat"], forehead: ["On the forehead", "by_seat"],
  own_discards: ["Your discards", "cards"], upcard: ["Up-card", "card"], dealer_took_up: ["Dealer took up", "bool"],
  turned_down: ["Up-card turned down", "bool"],
  lone: ["Lone bid", "text"], passed: ["Card passed", "card"], min_bid: ["Lowest bid", "number"],
  lone_bids: ["Lone bids", "text"], no_trump: ["High and low allowed", "bool"],
};
const FACTS_HIDDEN = new Set(["upcard_suit", "own_hand_hidden", "hand_count"]);

function factValue(kind, value, nameOfSeat, sides) {
  const cards = (list) => list.map((c) => (c ? cardText(c) : "hidden")).join(" ");
  switch (kind) {
    case "seat": return nameOfSeat(value);
    case "seats": return value.map(nameOfSeat).join(", ");
    case "suit": return suitText(value);
    case "card": return cardText(value);
    case "cards": return cards(value);
    case "bool": return value ? "yes" : "no";
    case "index": return String(Number(value) + 1);
    case "per_seat": return value.map((v, seat) => `${nameOfSeat(seat)} ${v === null ? "—" : v}`).join(", ");
    case "per_side": return value.map((v, side) => `${(sides[side] || [side]).map(nameOfSeat).join(" & ")} ${v}`).join(", ");
    case "sides": return value.map((side) => side.map(nameOfSeat).join(" & ")).join(" vs ");
    case "by_seat": return Object.entries(value).map(([seat, v]) => `${nameOfSeat(Number(seat))}: ${Array.isArray(v) ? cards(v) : (typeof v === "string" && /^([1-9TJQKA][SHDC]|JO)$/.test(v) ? cardText(v) : v)}`).join(", ");
    default: return Array.isArray(value) ? value.join(", ") : String(value);
  }
}

function factsFor(pub, nameOfSeat, sides) {
  const out = [];
  for (const [key, value] of Object.entries(pub)) {
    if (FACTS_HIDDEN.has(key) || value === null || value === undefined || value === false) continue;
    if (Array.isArray(value) && !value.length) continue;
    if (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length) continue;
    const [label, kind] = FACT_KINDS[key] || [key.charAt(0).toUpperCase() + key.slice(1).replaceAll("_", " "), "text"];
    const text = typeof value === "object" && kind === "text" && !Array.isArray(value)
      ? Object.entries(value).map(([k, v]) => `${k}: ${v}`).join(", ") : factValue(kind, value, nameOfSeat, sides);
    out.push([label, text]);
  }
  return out;
}

// -- names -----------------------------------------------------------------------------------

// The places of a four-handed table, by seat, as the server names bots (presentation.names:
// seat 0 sits South, play goes to the left).
const COMPASS = ["South", "West", "North", "East"];

// A bot named by its place is named by the place where this page draws it: the page's own
// seat is South at the bottom, West on its left, North across, East on its right (as the
// terminal names them). A spectator sees the table from seat 0, as the server names it.
function placeShown(seat, me, players, name) {
  if (players !== COMPASS.length || name !== COMPASS[seat]) return name;
  return COMPASS[seatPlace(seat, me, players).offset];
}

function seatName(seat) {
  if (seat === null || seat === undefined || seat < 0) return "—";
  const info = seats[seat];
  const base = info ? (info.kind === "bot" ? placeShown(seat, mySeat, seats.length, info.name) : info.name) : `Seat ${seat + 1}`;
  return seat === mySeat ? `${base} (you)` : base;
}

function sideName(side) {
  return view.sides[side].map((s) => seatName(s)).join(" & ");
}

function eventWords(parts) {
  return eventText(parts, seatName, view.sides);
}

// -- the felt --------------------------------------------------------------------------------

function lastCalls() {
  const calls = {};
  for (const [seat, text] of view.history) {
    const verb = text.split(" ")[0];
    if (seat === null || seat < 0 || verb === "play" || verb === "discard") continue;
    calls[seat] = text;
  }
  return calls;
}

const openFaults = new Set(); // seats whose "why a bot took over" the reader opened

function renderSeats() {
  const pub = view.public;
  const calls = lastCalls();
  const creator = tableInfo && tableInfo.creator !== undefined ? tableInfo.creator : null;
  const openSeats = seats.map((s, i) => [s, i]).filter(([s]) => s.kind === "human" && !s.taken).map(([, i]) => i);
  document.getElementById("seats").replaceChildren(...Array.from({ length: view.players }, (_, seat) => {
    const info = seats[seat] || {};
    const place = seatPlace(seat, mySeat, view.players);
    const tags = [];
    if (seat === view.dealer) tags.push(el("span", { class: "tag dealer", text: "dealer" }));
    if (pub.maker === seat || pub.bidder === seat) tags.push(el("span", { class: "tag maker", text: pub.alone && pub.maker === seat ? "maker · alone" : "maker" }));
    if (pub.lone_defender === seat) tags.push(el("span", { class: "tag maker", text: "defends alone" }));
    if ((pub.sitting_out || []).includes(seat)) tags.push(el("span", { class: "tag out", text: "sits out" }));
    if (info.kind === "bot" || info.remote_bot) tags.push(el("span", { class: "tag", text: info.bot_label || `bot · ${info.bot}` }));
    else if (info.held && info.taken) tags.push(el("span", { class: "tag away", text: "sits from the next deal" }));
    else if (!info.taken) tags.push(el("span", { class: "tag away", text: info.bot_wanted === null || info.bot_wanted === undefined ? "open seat" : `bot wanted${info.bot_wanted ? `: ${info.bot_wanted}` : ""}` }));
    else if (info.autoplay) tags.push(el("span", { class: "tag away", text: "away: bot plays" }));
    else if (!info.connected) tags.push(el("span", { class: "tag away", text: "away" }));
    if (info.yields) tags.push(el("span", { class: "tag", "data-yields": seat, text: "gives way",
      title: "A person who comes takes this seat when a deal ends" }));
    const held = view.hand_counts.length ? view.hand_counts[seat] : null;
    const won = view.tricks_won[seat];
    const line = `${held === null ? "" : `${held} card${held === 1 ? "" : "s"} · `}${won} trick${won === 1 ? "" : "s"}`;
    const box = el("div", {
      class: `seat${seat === view.to_act && !view.finished ? " to-act" : ""}${seat === mySeat ? " me" : ""}${place.offset === 0 ? " bottom" : ""}`,
      "data-seat-box": seat, role: "group", "aria-label": `${seatName(seat)}${seat === view.to_act ? ", to act" : ""}`,
    }, el("div", { class: "name", text: seatName(seat) }), el("div", { class: "tags" }, tags),
      el("div", { class: "muted-light", text: line }),
      calls[seat] ? el("div", { class: "call", "data-call": seat, text: actionText(calls[seat]) }) : null,
      // Why the program that held the seat lost it (web/engines.py, web/remote_bots.py):
      // folded, so a long reason never spreads the seat over the felt.
      info.engine_fault ? el("details", { class: "muted-light engine-fault", "data-engine-fault": seat, open: openFaults.has(seat),
        ontoggle: (event) => (event.target.open ? openFaults.add(seat) : openFaults.delete(seat)) },
        el("summary", { text: "Why a bot took over" }), el("p", { text: info.engine_fault })) : null,
      view.hands_shown ? handShown(seat, view.hands_shown[seat]) : null);
    if (!info.taken && info.kind === "human") {
      box.classList.add("open");
      box.append(openSeatControls(seat, creator, openSeats));
    }
    // Seats at the edges keep inside the felt, anchored by their outer edge: one at the top
    // grows downwards, never over the scoreboard, and the bottom one upwards.
    if (place.x < 25) { box.classList.add("at-left"); box.style.left = "0.5%"; }
    else if (place.x > 75) { box.classList.add("at-right"); box.style.left = "99.5%"; }
    else box.style.left = `${place.x}%`;
    if (place.y < 20) { box.classList.add("at-top"); box.style.top = "0.5%"; }
    else if (place.offset === 0) box.style.top = "99.5%"; // grows upwards, never over the last trick
    else box.style.top = `${place.y}%`;
    return box;
  }));
}

// A hand face up at its seat (the replay viewer shows every hand).
function handShown(seat, hand) {
  return el("div", { class: "seat-hand", "data-hand-of": seat, role: "group", "aria-label": `${seatName(seat)}'s cards` },
    hand.map((card) => cardEl(card, { small: true })));
}

// An open seat: the link to share, and for the table's creator a bot to fill it or "start now".
function openSeatControls(seat, creator, openSeats) {
  const box = el("div", { class: "open-seat" }, el("div", { text: "Waiting: share the invite link" }),
    el("button", { type: "button", class: "small-button", "data-copy-invite": seat, onclick: copyInvite, text: "Copy invite link" }));
  if (mySeat !== null && mySeat === creator) {
    const select = el("select", { "data-fill-level": seat, "aria-label": `bot level for ${seatName(seat)}` },
      botLevels().map((level) => el("option", { value: level.name, text: level.name, title: level.description })));
    select.value = "medium";
    box.append(el("div", { class: "fill-row" }, select,
      el("button", { type: "button", class: "small-button", "data-fill": seat, onclick: () => fillSeats([seat], select.value), text: "Seat a bot" })));
    if (seat === openSeats[0] && openSeats.length > 1) {
      box.append(el("button", { type: "button", class: "small-button primary", "data-start": "", onclick: () => fillSeats(openSeats, select.value), text: "Start: bots take every open seat" }));
    }
  }
  return box;
}

function botLevels() {
  return (tableInfo && tableInfo.levels) || ["easy", "medium", "hard", "expert"].map((name) => ({ name, description: "" }));
}

function copyInvite() {
  const input = document.getElementById("share-link");
  if (!input) return;
  input.select();
  if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(() => {});
}

function trickCard(seat, card, winning) {
  const place = seatPlace(seat, mySeat, view.players);
  const node = el("div", { class: `played${winning ? " winning" : ""}`, "data-played-by": seat },
    cardEl(card, { small: true }), el("span", { class: "who" }, seatName(seat),
      winning ? el("span", { class: "winning-word", text: " · winning" }) : null));
  node.style.left = `${50 + 13 * Math.cos(Math.PI / 2 + (place.offset * 2 * Math.PI) / view.players)}%`;
  node.style.top = `${48 + 14 * Math.sin(Math.PI / 2 + (place.offset * 2 * Math.PI) / view.players)}%`;
  return node;
}

let lastGathered; // the last completed trick drawn (undefined before the first view)

function renderCenter() {
  const pub = view.public;
  const trick = document.getElementById("trick");
  if (view.trick.length && slideGathered) slideGathered(); // the next trick has begun
  trick.replaceChildren(...view.trick.map(([seat, card]) => trickCard(seat, card, seat === view.trick_winner)));
  trick.setAttribute("aria-label", view.trick.length
    ? `Trick: ${view.trick.map(([seat, card]) => `${seatName(seat)} ${cardWords(card)}`).join(", ")}; ${seatName(view.trick_winner)} is winning`
    : "No card played to this trick yet");
  // A trick just completed: show it once more with its winner, then gather it to the winner.
  const done = view.tricks_won.reduce((a, b) => a + b, 0);
  const key = view.last_trick ? `${view.deal}:${done}:${view.last_trick.winner}:${view.last_trick.cards.map((p) => p[1]).join("")}` : null;
  if (key !== null && lastGathered !== undefined && key !== lastGathered && !view.trick.length) gather(view.last_trick);
  lastGathered = key;
  // The up-card (euchre family) while it may be ordered; the turned card (trump) otherwise.
  const up = document.getElementById("upcard");
  if (upcardShown(pub)) up.replaceChildren(el("div", { class: "label", text: "Up-card" }), cardEl(pub.upcard, { small: true }));
  else if (pub.turned_down && pub.upcard !== undefined && pub.trump === null) up.replaceChildren(el("div", { class: "label", text: "Turned down" }), cardEl(null, { small: true }));
  else if (pub.turned) up.replaceChildren(el("div", { class: "label", text: "Turned" }), cardEl(pub.turned, { small: true }));
  else up.replaceChildren();
  renderLastTrick();
}

let slideGathered = null; // starts the gathered trick's slide to its winner (once)

function gather(last) {
  const layer = document.getElementById("gather");
  const winner = seatPlace(last.winner, mySeat, view.players);
  const cards = last.cards.map(([seat, card]) => trickCard(seat, card, seat === last.winner));
  layer.replaceChildren(...cards);
  let timer = null;
  const slide = () => {
    window.clearTimeout(timer);
    slideGathered = null;
    for (const node of cards) {
      node.classList.add("gone");
      node.style.left = `${winner.x}%`;
      node.style.top = `${winner.y}%`;
    }
    window.setTimeout(() => { if (layer.firstChild === cards[0]) layer.replaceChildren(); }, GATHER_MS);
  };
  slideGathered = slide;
  timer = window.setTimeout(slide, GATHER_MS);
}

function renderLastTrick() {
  // The deal before's last trick is not this deal's: shown only once a trick of this deal is.
  const last = view.tricks_won.some((won) => won > 0) ? view.last_trick : null;
  const box = document.getElementById("last-trick");
  box.replaceChildren(...(last
    ? [el("span", { class: "label", text: `Last trick, won by ${seatName(last.winner)}: ` }),
      ...last.cards.map(([seat, card]) => el("span", { class: `mini${seat === last.winner ? " won" : ""}`, text: cardText(card), title: seatName(seat) }))]
    : []));
}

function highBidText(pub) {
  // The high bidder's own words for its bid ("bid smudge"), as the record has them; the
  // public facts hold only its rank (a smudge ranks as 5).
  for (let index = view.history.length - 1; index >= 0; index--) {
    const [seat, text] = view.history[index];
    if (seat === pub.bidder && text.startsWith("bid ")) return text;
  }
  return `bid ${pub.high_bid}`;
}

function renderScoreboard() {
  const pub = view.public;
  const parts = [el("span", { class: "score-title", text: `Deal ${view.deal}${pub.target ? ` · game to ${pub.target}` : ""}` })];
  for (const [index] of view.sides.entries()) {
    parts.push(el("span", { class: "score", "data-side": index }, el("span", { class: "side-name", text: sideName(index) }), " ",
      el("strong", { text: String(view.scores[index]) })));
  }
  const contract = [];
  if (typeof pub.trump === "string" && SUITS[pub.trump]) contract.push(`Trump ${suitText(pub.trump)}`);
  else if (typeof pub.trump === "string") contract.push(`Trump: ${pub.trump}`);
  else if (upcardShown(pub)) contract.push(`Up-card ${cardText(pub.upcard)}: bidding`);
  else contract.push("Trump not made yet");
  if (pub.maker !== null && pub.maker !== undefined) contract.push(`made by ${seatName(pub.maker)}${pub.alone ? ", alone" : ""}`);
  if (pub.high_bid !== null && pub.high_bid !== undefined) contract.push(`${highBidText(pub)} by ${seatName(pub.bidder)}`);
  if (Array.isArray(pub.bids) && pub.hand_size !== undefined && pub.bids.some((b) => b !== null)) {
    const total = pub.bids.reduce((a, b) => a + (b || 0), 0);
    contract.push(`bids ${total} for ${pub.hand_size} trick${pub.hand_size === 1 ? "" : "s"}`);
  }
  parts.push(el("span", { class: "contract", id: "contract", text: contract.join(" · ") }));
  document.getElementById("scoreboard").replaceChildren(...parts);
}

// -- the hand --------------------------------------------------------------------------------

function legalCardActions() {
  const map = new Map();
  for (const action of view.legal) {
    const words = action.split(" ");
    if (["play", "discard", "give"].includes(words[0]) && words.length === 2) map.set(words[1], action);
  }
  return map;
}

function renderHandAndActions() {
  const cardActions = legalCardActions();
  const mine = mySeat !== null && !view.queued && view.to_act === mySeat && !view.finished && !summaryOpen();
  let key = 0;
  const handBox = document.getElementById("hand");
  const marks = view.hand_marks || {};
  const count = view.hand.reduce((n, group) => n + group.length, 0);
  let index = 0;
  const groups = view.hand.map((group, groupIndex) => el("div", {
    class: `group${groupIndex === 0 && view.hand_trumps ? " trumps" : ""}`,
    role: "group", "aria-label": groupIndex === 0 && view.hand_trumps ? "trumps" : `${SUIT_NAMES[group[0].slice(-1)] || "cards"}`,
  }, group.map((card) => {
    const action = mine ? cardActions.get(card) : undefined;
    const button = cardEl(card, { tag: "button" });
    button.setAttribute("data-card", card);
    button.type = "button";
    const tilt = count > 1 ? (index - (count - 1) / 2) * Math.min(5, 40 / count) : 0;
    button.style.setProperty("--tilt", `${tilt.toFixed(1)}deg`);
    button.style.setProperty("--lift", `${(Math.abs(tilt) * 0.9).toFixed(1)}px`);
    index += 1;
    const words = `${cardWords(card)}${marks[card] ? `, ${marks[card]}` : ""}`;
    if (marks[card]) button.append(el("span", { class: "mark", text: marks[card] }));
    if (action) {
      button.classList.add("legal");
      button.setAttribute("data-action", action);
      button.setAttribute("aria-label", `${action.split(" ")[0]} ${words} (key ${KEYS[key] || ""})`);
      button.setAttribute("data-key", KEYS[key] || "");
      button.prepend(el("span", { class: "key", "aria-hidden": "true", text: KEYS[key] || "" }));
      key += 1;
      button.addEventListener("click", () => act(action));
    } else {
      button.setAttribute("aria-label", words);
      button.disabled = true;
    }
    return button;
  })));
  document.getElementById("keys-help").classList.toggle("hidden", mySeat === null || view.finished || view.queued);
  if (mySeat === null) {
    handBox.replaceChildren(el("span", { class: "muted-light", text: view.finished
      ? "The match is over: every hand of the last deal is shown on the table." : "You are watching: hands are hidden." }));
  } else if (view.queued) {
    handBox.replaceChildren(el("span", { class: "muted-light", "data-queued": "", text: "Your cards come with the next deal." }));
  } else if (view.public.own_hand_hidden) handBox.replaceChildren(el("span", { text: "Your cards are face down for now." }));
  else if (!groups.length) handBox.replaceChildren(el("span", { class: "muted-light", text: view.finished ? "Every hand of the last deal is shown on the table." : "No cards in hand." }));
  else handBox.replaceChildren(...groups);
  const others = mine ? view.legal.filter((a) => !Array.from(cardActions.values()).includes(a)) : [];
  others.sort((a, b) => (a === "pass") - (b === "pass") || a.localeCompare(b, undefined, { numeric: true }));
  document.getElementById("actions").replaceChildren(...others.map((action) => {
    const label = KEYS[key] || "";
    key += 1;
    return el("button", { type: "button", class: "action", "data-action": action, "data-key": label, "aria-label": `${actionText(action)} (key ${label})`, onclick: () => act(action) },
      el("span", { class: "key", "aria-hidden": "true", text: `${label} ` }), actionText(action));
  }));
  if (mine && pendingSeq === view.seq) markPending();
  renderStatus();
}

// An action is on its way: its choices stay on show but cannot be taken twice.
function markPending() {
  for (const button of document.querySelectorAll("#hand button.card.legal, #actions button.action")) {
    button.disabled = true;
    button.classList.remove("legal");
    button.removeAttribute("data-key");
  }
}

// Who is to act (and the turn timer's seconds left): redrawn every second while a timer runs.
function renderStatus() {
  const mine = mySeat !== null && !view.queued && view.to_act === mySeat && !view.finished && !summaryOpen();
  const status = document.getElementById("status");
  status.classList.toggle("mine", mine);
  if (view.finished) status.textContent = "The match is over.";
  else if (summaryOpen()) status.textContent = `Deal ${view.summaries.length} is over: continue when you are ready.`;
  else if (view.queued) status.textContent = "A bot plays your seat to the end of this deal: you sit there when the next deal starts.";
  else if (view.to_act === null) status.textContent = "Dealing…";
  else if (view.forced && view.to_act === mySeat) status.textContent = "Your card, which you cannot see, is played for you.";
  else if (mine) status.textContent = `Your turn (${phaseText(view.phase)})${timerText()}`;
  else if (seats[view.to_act] && seats[view.to_act].kind === "human" && !seats[view.to_act].taken) {
    const creator = tableInfo && mySeat !== null && tableInfo.creator === mySeat;
    status.textContent = `Waiting for ${seatName(view.to_act)}: the seat is open — share the invite link${creator ? " or seat a bot there" : ""}.`;
  } else status.textContent = `Waiting for ${seatName(view.to_act)} (${phaseText(view.phase)})${timerText()}`;
}

const PHASES = { bid1: "bidding, round 1", bid2: "bidding, round 2", dealer_discard: "the dealer discards" };

function phaseText(phase) {
  return PHASES[phase] || phase.replaceAll("_", " ");
}

function timerText() {
  if (timerEnds === null) return "";
  return ` — ${Math.max(0, Math.ceil((timerEnds - Date.now()) / 1000))} s left`;
}

// -- the side column -------------------------------------------------------------------------

function renderScores() {
  const target = view.public.target;
  const rows = view.sides.map((side, index) => el("tr", {}, el("td", { text: sideName(index) }),
    el("td", { text: String(view.scores[index]) })));
  document.getElementById("scores").replaceChildren(el("table", { class: "list" }, rows),
    el("div", { class: "muted", text: `Deal ${view.deal}${target ? ` · game to ${target}` : ""}` }));
  const sheet = document.getElementById("sheet");
  if (!view.summaries.length) { sheet.textContent = "No deal finished yet."; return; }
  sheet.classList.remove("muted");
  sheet.replaceChildren(...scoreSheet(view.summaries, view.sides, sideName));
}

// The score sheet: a row per finished deal, a column per side with its total (and the deal's
// points), each seat's bid above it where the game bids, and under the deal's number its hand
// (whist's row) where the deals differ in it. Narrow enough for the side column at six players.
function scoreSheet(summaries, sides, nameOfSide) {
  const withBids = summaries.some((s) => Array.isArray(s.bids));
  const withHand = summaries.some((s) => (s.row ?? s.hand_size) !== undefined && (s.row ?? s.hand_size) !== null);
  const bidOf = (s, side) => sides[side].map((seat) => (s.bids && s.bids[seat] !== null && s.bids[seat] !== undefined ? s.bids[seat] : "–")).join(" + ");
  const head = el("tr", {}, el("th", { scope: "col", class: "narrow", text: "Deal" }),
    sides.map((_, i) => el("th", { scope: "col", text: nameOfSide(i) })));
  const rows = summaries.map((s, index) => el("tr", {}, el("td", {}, String(index + 1),
    withHand ? el("span", { class: "bid", text: `hand ${s.row ?? s.hand_size}` }) : null),
    s.scores.map((score, i) => el("td", {},
      withBids ? el("span", { class: "bid", text: `bid ${bidOf(s, i)}` }) : null,
      el("strong", { text: String(score) }),
      s.points[i] ? el("span", { class: "change", text: ` ${s.points[i] > 0 ? "+" : ""}${s.points[i]}` }) : null))));
  const note = withBids ? el("div", { class: "muted", text: "Above each total its bid; beside it the deal's points." }) : null;
  return [el("table", { class: "list sheet", id: "score-sheet" }, head, rows), note].filter(Boolean);
}

function renderHistory() {
  document.getElementById("history").replaceChildren(...view.history.map(([seat, text]) =>
    el("div", {}, el("strong", { text: `${seatName(seat)}: ` }), actionText(text))));
  document.getElementById("facts").replaceChildren(el("dl", { class: "facts" },
    factsFor(view.public, seatName, view.sides).flatMap(([label, text]) => [el("dt", { text: label }), el("dd", { text })])));
}

// -- panels over the felt --------------------------------------------------------------------

// The last end-of-deal panel the player closed (its index), kept for this table across reloads.
let dismissedSummary = null;
let focusContinue = false;  // the panel has just opened: Continue takes the focus

function seenKey() { return `tricktable:seen:${TABLE_ID}`; }

// A page that comes to a table for the first time (a guest, a spectator, a table played on
// from a record) is shown no panel of a deal that ended before it came.
function lastDismissed() {
  if (dismissedSummary === null) {
    const stored = Number.parseInt(localStorage.getItem(seenKey()) ?? "", 10);
    dismissedSummary = Number.isNaN(stored) ? (view ? view.summaries.length - 1 : -1) : stored
    localStorage.setItem(seenKey(), String(dismissedSummary));
  }
  return dismissedSummary;
}

// Whether the end-of-deal panel is open: the next deal waits behind it (nothing can be played
// and its decisions are held, table.js's render) until the player continues.
function summaryOpen() {
  return Boolean(view) && lastDismissed() < view.summaries.length - 1 && !view.finished;
}

function continueDeal(index) {
  // The server starts this seat's turn timer in the next deal from now (tables.py timer_start).
  if (mySeat !== null) send({ type: "continue", deals: index + 1 });
  dismissedSummary = index;
  localStorage.setItem(seenKey(), String(index));
  renderAll();
  showHeld();
}

function handsEl(hands) {
  return el("div", { class: "hands" }, hands.map((hand, seat) => el("div", { class: "hand-row", "data-hand-of": seat },
    el("span", { class: "who", text: seatName(seat) }), el("span", { class: "cards" }, hand.map((card) => cardEl(card, { small: true }))))));
}

function renderSummary() {
  const box = document.getElementById("deal-summary");
  if (!view.summaries.length || (!summaryOpen() && !view.finished)) {
    box.classList.add("hidden");
    box.replaceChildren();
    delete box.dataset.shown;
    return;
  }
  const index = view.summaries.length - 1;
  // Drawn again only when it changes: the focus stays on Continue.
  const key = JSON.stringify([index, view.finished, view.summaries.length, seats.map((s) => s.name), mySeat]);
  const opening = box.classList.contains("hidden");
  if (!opening && box.dataset.shown === key) return;
  box.dataset.shown = key;
  const s = view.summaries[index];
  const parts = [el("h2", { text: `End of deal ${index + 1}` })];
  if (s.thrown_in) parts.push(el("div", { text: "Thrown in." }));
  if (s.makers !== null && s.makers !== undefined) parts.push(el("div", { text: `Makers: ${sideName(s.makers)}` }));
  if (s.trump !== undefined && s.trump !== null) parts.push(el("div", { text: `Trump: ${suitText(s.trump)}` }));
  parts.push(el("div", { text: `Tricks: ${view.sides.map((_, i) => `${sideName(i)} ${s.tricks[i]}`).join(", ")}` }));
  if (Array.isArray(s.bids)) parts.push(el("div", { text: `Bids: ${s.bids.map((b, seat) => `${seatName(seat)} ${b === null ? "-" : b}`).join(", ")}` }));
  const events = (s.event_parts || []).map((parts) => el("li", { text: eventWords(parts) }));
  if (events.length) parts.push(el("ul", { class: "events" }, events));
  parts.push(el("div", { class: "points", text: `Points: ${view.sides.map((_, i) => `${sideName(i)} ${s.points[i] >= 0 ? "+" : ""}${s.points[i]}`).join(", ")}` }));
  if (Array.isArray(s.hands)) parts.push(el("h3", { text: "The hands as dealt" }), handsEl(s.hands));
  if (!view.finished) {
    parts.push(el("div", { class: "continue" }, el("button", { type: "button", class: "primary", id: "summary-close",
      onclick: () => continueDeal(index), text: "Continue" }),
      el("span", { class: "muted", text: `Deal ${index + 2} waits until you continue.` })));
  }
  box.replaceChildren(...parts);
  box.classList.remove("hidden");
  focusContinue = opening;
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
      " · ", el("a", { id: "replay-link", href: `/replay?table=${encodeURIComponent(TABLE_ID)}`, text: "Replay it" }),
      " · ", el("a", { href: "/", text: "Back to the lobby" })));
  box.classList.remove("hidden");
}

function renderAll() {
  renderScoreboard();
  renderSeats();
  renderCenter();
  renderHandAndActions();
  renderScores();
  renderHistory();
  renderSummary();
  renderResult();
  document.getElementById("table").classList.toggle("finished", Boolean(view.finished));
  document.getElementById("overlay").classList.toggle("hidden",
    document.getElementById("deal-summary").classList.contains("hidden") && document.getElementById("result").classList.contains("hidden"));
  const close = document.getElementById("summary-close");
  if (focusContinue && close) close.focus({ preventScroll: true });
  focusContinue = false;
}
