// The lobby: open tables, invite codes, finished records, and the create-table form built
// from each game's rule options as the server describes them (/api/games).
"use strict";

let GAMES = [];
let BOTS = [];
let LEVELS = [];
let ENGINES = [];
let SERVER_ENGINES = [];
let DEFAULT_BOT = "medium";

function currentGame() {
  return GAMES.find((game) => game.name === document.getElementById("game").value);
}

function optionField(option) {
  const id = `opt-${option.name}`;
  const kinds = option.kind.split(" or ");
  const nullable = kinds.includes("null");
  let input;
  if (option.choices) {
    input = el("select", { id, "data-option": option.name, "data-type": kinds.includes("int") ? "int" : "str" },
      nullable ? el("option", { value: "", text: "none" }) : null,
      option.choices.map((choice) => el("option", { value: choice, text: String(choice).replaceAll("_", " ") })));
  } else if (kinds.includes("bool")) {
    input = el("input", { type: "checkbox", id, "data-option": option.name, "data-type": "bool" });
  } else if (kinds.includes("int")) {
    input = el("input", { type: "number", id, "data-option": option.name, "data-type": "int",
      min: option.minimum === null ? null : option.minimum, step: 1,
      placeholder: nullable ? "none" : null });
  } else {
    input = el("input", { type: "text", id, "data-option": option.name, "data-type": "str",
      placeholder: nullable ? "none" : null, maxlength: 40 });
  }
  const helpId = `${id}-help`;
  input.setAttribute("aria-describedby", helpId);
  const label = option.label || option.name;
  const sentence = el("span", { class: "option-help", id: helpId, text: option.sentence || option.help });
  if (input.dataset.type === "bool") {
    return el("label", { class: "option check", "data-option-box": option.name }, input,
      el("span", { class: "option-text" }, el("span", { class: "option-label", text: label }), sentence));
  }
  return el("label", { class: "option", "data-option-box": option.name },
    el("span", { class: "option-label", text: label }), input, sentence);
}

function setOptionValue(input, value) {
  if (input.dataset.type === "bool") input.checked = Boolean(value);
  else input.value = value === null || value === undefined ? "" : String(value);
}

function optionValue(input) {
  if (input.dataset.type === "bool") return input.checked;
  if (input.value === "") return null;
  if (input.dataset.type === "int") return Number.parseInt(input.value, 10);
  return input.value;
}

function fillPreset() {
  const game = currentGame();
  const values = game.presets[document.getElementById("preset").value];
  for (const input of document.querySelectorAll("[data-option]")) {
    setOptionValue(input, values[input.dataset.option]);
  }
}

// One line about a seat's choice: what the chosen bot level does, or what an open seat means.
function seatHelp(value) {
  if (value === "me") return "You sit here.";
  if (value === "human") return "Open: share the table's link; you can seat a bot here later.";
  const bot = [...LEVELS, ...ENGINES, ...SERVER_ENGINES].find((b) => `bot:${b.name}` === value);
  return bot ? bot.description : "";
}

function buildSeats() {
  const count = Number.parseInt(document.getElementById("players").value, 10);
  const more = document.getElementById("more-bots").checked;
  const box = document.getElementById("seats");
  const before = Array.from(box.querySelectorAll("[data-seat]"), (select) => select.value);
  box.replaceChildren();
  for (let seat = 0; seat < count; seat += 1) {
    const select = el("select", { id: `seat-${seat}`, "data-seat": seat, "aria-describedby": `seat-${seat}-help` },
      el("option", { value: "me", text: "You" }),
      el("option", { value: "human", text: "A person (open seat)" }),
      el("optgroup", { label: "Bot levels" }, LEVELS.map((bot) => el("option", { value: `bot:${bot.name}`, text: `Bot: ${bot.name}` }))),
      more ? el("optgroup", { label: "Bot engines" }, ENGINES.map((bot) => el("option", { value: `bot:${bot.name}`, text: `Engine: ${bot.name}` }))) : null,
      SERVER_ENGINES.length ? el("optgroup", { label: "This server's engines" }, SERVER_ENGINES.map((bot) => el("option", { value: `bot:${bot.name}`, text: `Program: ${bot.name.replace(/^engine:/, "")}` }))) : null);
    const kept = before[seat];
    select.value = kept && Array.from(select.options).some((o) => o.value === kept) ? kept : (seat === 0 ? "me" : `bot:${DEFAULT_BOT}`);
    const help = el("span", { class: "level-help", id: `seat-${seat}-help`, text: seatHelp(select.value) });
    select.addEventListener("change", () => {
      if (select.value === "me") {
        for (const other of document.querySelectorAll("[data-seat]")) {
          if (other !== select && other.value === "me") { other.value = "human"; other.dispatchEvent(new Event("change")); }
        }
      }
      help.textContent = seatHelp(select.value);
    });
    box.append(el("div", { class: "seat-row" }, el("label", { for: `seat-${seat}`, text: `Seat ${seat + 1}` }), select, help));
  }
}

function selectGame() {
  const game = currentGame();
  const players = document.getElementById("players");
  players.replaceChildren(...game.players.map((n) => el("option", { value: n, text: n })));
  players.value = String(game.default_players);
  const preset = document.getElementById("preset");
  preset.replaceChildren(...Object.keys(game.presets).map((p) => el("option", { value: p, text: game.preset_titles[p] })));
  document.getElementById("options").replaceChildren(...game.options.map(optionField));
  fillPreset();
  buildSeats();
}

function numberOrNull(id) {
  const value = document.getElementById(id).value;
  return value === "" ? null : Number(value);
}

async function createTable(event) {
  event.preventDefault();
  const error = document.getElementById("create-error");
  error.textContent = "";
  const game = currentGame();
  const preset = document.getElementById("preset").value;
  const presetValues = game.presets[preset];
  const rules = { preset };
  for (const input of document.querySelectorAll("[data-option]")) {
    const value = optionValue(input);
    if (value !== presetValues[input.dataset.option]) rules[input.dataset.option] = value;
  }
  const seats = [];
  let sit = null;
  for (const select of document.querySelectorAll("[data-seat]")) {
    const seat = Number.parseInt(select.dataset.seat, 10);
    if (select.value === "me") { sit = seat; seats.push({ kind: "human" }); }
    else if (select.value === "human") seats.push({ kind: "human" });
    else seats.push({ kind: "bot", bot: select.value.slice(4) });
  }
  const body = {
    game: game.name, players: Number.parseInt(document.getElementById("players").value, 10),
    rules, seats, sit, name: document.getElementById("player-name").value,
    private: document.getElementById("private").checked,
    bot_delay: numberOrNull("bot-delay") ?? 0, turn_timer: numberOrNull("turn-timer"),
    autoplay_after: numberOrNull("autoplay-after"),
    draw_partners: document.getElementById("draw-partners").value || null,
  };
  try {
    const created = await postJSON("/api/tables", body);
    if (created.token) saveSeat(created.id, created.seat, created.token);
    // The host token frees seats and changes settings (POST /api/tables/{id}/host).
    if (created.host_token) localStorage.setItem(`tricktable:host:${created.id}`, created.host_token);
    const invite = created.invite ? `?invite=${encodeURIComponent(created.invite)}` : "";
    window.location.href = `/table/${created.id}${invite}`;
  } catch (failure) {
    error.textContent = failure.message;
    if (/option/.test(failure.message)) document.getElementById("options-box").open = true;
  }
}

function seatsText(table) {
  return table.seats.map((seat, index) => {
    const wanted = seat.bot_wanted === null || seat.bot_wanted === undefined ? "open" : "bot wanted";
    const who = seat.kind === "bot" || seat.remote_bot ? (seat.bot_label || `bot ${seat.bot}`) : (seat.taken ? seat.name : wanted);
    return `${index + 1}: ${who}`;
  }).join(", ");
}

// Fills the box `id` with a table of the list `key` of `url`'s answer: the `headings`, then
// one row per item (`row`); `empty` where the list is empty; a failure's message.
async function loadList(id, url, key, empty, headings, row) {
  const box = document.getElementById(id);
  try {
    const data = typeof url === "string" ? await api(url) : url;  // or the answer itself
    if (!data[key].length) { box.textContent = empty; return; }
    const rows = data[key].map(row);
    box.replaceChildren(el("div", { class: "table-scroll" }, el("table", { class: "list stack" },
      el("tr", {}, headings.map((h) => el("th", { text: h }))), rows)));
    box.classList.remove("muted");
  } catch (failure) { box.textContent = failure.message; }
}

// Quick play (web/quick.py): a seat at once, at a table waiting for people or at a new one
// whose bots give way at the end of a deal.
async function playNow(body) {
  const error = document.getElementById("quick-error");
  error.textContent = "";
  try {
    // Tables where this browser holds a seat already: one person never takes two seats of one.
    const avoid = Object.keys(localStorage).filter((key) => key.startsWith("tricktable:seat:"))
      .map((key) => key.slice("tricktable:seat:".length)).slice(-100);
    const seated = await postJSON("/api/quick", { ...body, avoid, name: document.getElementById("quick-name").value });
    saveSeat(seated.id, seated.seat, seated.token);
    window.location.href = `/table/${seated.id}`;
  } catch (failure) { error.textContent = failure.message; }
}

function quickPresets() {
  const game = GAMES.find((g) => g.name === document.getElementById("quick-game").value);
  document.getElementById("quick-preset").replaceChildren(...Object.keys(game.presets).map((p) =>
    el("option", { value: p, text: game.preset_titles[p] })));
}

function startQuick() {
  const select = document.getElementById("quick-game");
  select.replaceChildren(...GAMES.map((game) => el("option", { value: game.name, text: game.title })));
  select.addEventListener("change", quickPresets);
  quickPresets();
  document.getElementById("quick-form").addEventListener("submit", (event) => {
    event.preventDefault();
    playNow({ game: select.value, rules: { preset: document.getElementById("quick-preset").value } });
  });
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

// Who waits for what: per game and rules, the seats open for people and the bots that give way.
function showWaiting(waiting) {
  const box = document.getElementById("waiting");
  if (!waiting || !waiting.length) {
    box.className = "muted";
    box.textContent = "Nobody is waiting: Play now opens a table, and the next person who comes joins you.";
    return;
  }
  box.className = "";
  box.replaceChildren(el("ul", { class: "waiting-list" }, waiting.map((w) => {
    const parts = [`${w.people} ${w.people === 1 ? "person" : "people"} seated`];
    if (w.open_seats) parts.push(`${plural(w.open_seats, "seat")} open`);
    if (w.yielding_seats) parts.push(`bots give way at ${plural(w.yielding_seats, "seat")}`);
    return el("li", { "data-waiting": w.game },
      el("strong", { text: w.rules_text || w.rules }), ` — ${plural(w.tables, "table")}: ${parts.join(", ")} `,
      el("button", { type: "button", "data-play-waiting": w.game, "aria-label": `Play now: ${w.rules_text || w.rules}`,
        onclick: () => playNow({ game: w.game, rules: w.options, players: w.players }), text: "Join" }));
  })));
}

async function loadTables() {
  let data;
  try { data = await api("/api/tables"); } catch (failure) {
    document.getElementById("tables").textContent = failure.message;
    return;
  }
  showWaiting(data.waiting);
  return loadList("tables", data, "tables", "No open tables: create one.",
    ["Game", "Rules", "Seats", "Deal", "Table"], (table) => el("tr", {},
      el("td", { text: (GAMES.find((g) => g.name === table.game) || { title: table.game }).title }), el("td", { class: "rules", text: table.rules_text || table.rules }),
      el("td", { text: seatsText(table) }),
      el("td", { text: `deal ${table.deal}${table.seeded ? " · practice (seeded deals)" : ""}${table.branch ? " · played on from a record" : ""}` }),
      el("td", {}, el("a", { href: `/table/${table.id}`, text: table.seats.some((s) => (s.kind === "human" && !s.taken) || s.yields) ? "Join / watch" : "Watch" }))));
}

function loadRecords() {
  return loadList("records", "/api/records", "records", "No finished matches yet.",
    ["Finished", "Rules", "Players", "Score", "Open"], (rec) => el("tr", {},
      el("td", { text: new Date(rec.finished * 1000).toLocaleString() }),
      el("td", { text: rec.rules_text || rec.rules }), el("td", { text: (rec.players || rec.names || []).join(", ") }),
      el("td", { text: (rec.scores || []).join(" : ") }),
      el("td", {}, el("a", { href: `/api/records/${rec.table}`, download: `tricktable-${rec.table}.json`, text: "Record" }),
        " ", el("a", { href: `/replay?table=${rec.table}`, text: "Replay" }))));
}

async function joinInvite(event) {
  event.preventDefault();
  const code = document.getElementById("invite-code").value.trim();
  const error = document.getElementById("invite-error");
  try {
    const found = await api(`/api/invites/${encodeURIComponent(code)}`);
    window.location.href = `/table/${found.id}?invite=${encodeURIComponent(found.invite)}`;
  } catch (failure) { error.textContent = failure.message; }
}

async function start() {
  const data = await api("/api/games");
  GAMES = data.games;
  BOTS = data.bots;
  LEVELS = data.levels || BOTS.map((name) => ({ name, description: "" }));
  ENGINES = data.engines || [];
  SERVER_ENGINES = data.server_engines || [];
  DEFAULT_BOT = data.default_bot || DEFAULT_BOT;
  document.getElementById("more-bots").addEventListener("change", buildSeats);
  const select = document.getElementById("game");
  select.replaceChildren(...GAMES.map((game) => el("option", { value: game.name, text: game.title })));
  select.addEventListener("change", selectGame);
  document.getElementById("players").addEventListener("change", buildSeats);
  document.getElementById("preset").addEventListener("change", fillPreset);
  document.getElementById("create-form").addEventListener("submit", createTable);
  document.getElementById("invite-form").addEventListener("submit", joinInvite);
  selectGame();
  startQuick();
  loadTables();
  loadRecords();
  setInterval(loadTables, 5000);
}

document.addEventListener("DOMContentLoaded", start);
