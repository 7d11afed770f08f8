// Shared helpers of the tricktable pages: cards as text, element building, the JSON API.
"use strict";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function cardParts(name) {
  if (name === "JO") return { rank: "Jkr", suit: "★", red: false };
  const rank = name.slice(0, -1) === "T" ? "10" : name.slice(0, -1);
  const suit = name.slice(-1);
  return { rank, suit: SUITS[suit] || suit, red: suit === "H" || suit === "D" };
}

const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 1: "joker ranked one" };

// A card in words for screen readers ("jack of spades").
function cardWords(name) {
  if (name === "JO") return "the Joker";
  const rank = name.slice(0, -1);
  return `${RANK_WORDS[rank] || rank} of ${SUIT_NAMES[name.slice(-1)] || name.slice(-1)}`;
}

// A card as an element: its SVG face (static/cards, drawn by tools/make_cards.py) in a
// <span> (or the given tag); "small" for tricks, "back" for a card face down.
function cardEl(name, options) {
  const opts = options || {};
  const parts = name ? cardParts(name) : { red: false };
  const face = name && /^([1-9TJQKA][SHDC]|JO)$/.test(name) ? name : "back";
  const node = el(opts.tag || "span", {
    class: `card${parts.red ? " red" : ""}${opts.small ? " small" : ""}${face === "back" ? " back" : ""}`,
    "data-card": name || null,
  }, el("img", { src: `/static/cards/${face}.svg`, alt: "", draggable: "false" }));
  if (opts.tag === "button") node.setAttribute("aria-label", face === "back" ? "a card face down" : cardWords(name));
  else { node.setAttribute("role", "img"); node.setAttribute("aria-label", face === "back" ? "a card face down" : cardWords(name)); }
  return node;
}

function cardText(name) {
  const parts = cardParts(name);
  return parts.rank + parts.suit;
}

function suitText(letter) {
  if (letter === null || letter === undefined) return "—";
  if (SUITS[letter]) return `${SUITS[letter]} ${SUIT_NAMES[letter]}`;
  return String(letter);
}

// An action text with card names shown with suit symbols ("play JS" -> "play J♠").
// A suit letter after the verb shows as its symbol ("call H alone" -> "call ♥ alone").
function actionText(text) {
  return text.split(" ").map((word, index) => {
    if (/^([2-9TJQKA1][SHDC]|JO)$/.test(word)) return cardText(word);
    if (index > 0 && word.length === 1 && SUITS[word]) return SUITS[word];
    return word;
  }).join(" ");
}

// Your profile's secret (docs/protocol.md, "Profiles and ratings"): kept in this browser,
// sent with every API request so that a seat you take is your profile's.
const PROFILE_KEY = "tricktable:profile";

function profileSecret() {
  try { return localStorage.getItem(PROFILE_KEY); } catch (error) { return null; }
}

function saveProfile(secret) { localStorage.setItem(PROFILE_KEY, secret); }

async function api(path, options) {
  const opts = { ...(options || {}) };
  const secret = profileSecret();
  if (secret) opts.headers = { ...(opts.headers || {}), "X-Tricktable-Profile": secret };
  const response = await fetch(path, opts);
  let data = null;
  try { data = await response.json(); } catch (error) { data = null; }
  if (!response.ok) {
    throw new Error((data && data.message) || `${response.status} ${response.statusText}`);
  }
  return data;
}

function postJSON(path, body) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

function seatKey(tableId) { return `tricktable:seat:${tableId}`; }

function loadSeat(tableId) {
  try { return JSON.parse(localStorage.getItem(seatKey(tableId)) || "null"); } catch (error) { return null; }
}

function saveSeat(tableId, seat, token) {
  localStorage.setItem(seatKey(tableId), JSON.stringify({ seat, token }));
}
