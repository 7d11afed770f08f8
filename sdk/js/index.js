// tricktable-bot: a bot for tricktable is a function from a seat's view to an action.
//
// `run(bot)` speaks tricktable's engine protocol (docs/engine-protocol.md: JSON lines on
// standard input and output) for the function `bot`: the handshake, the options, the game,
// each decision, errors and `quit`. At each decision it calls `bot(view)` with the seat's
// view (a plain object: the protocol's fields and the helpers below) and answers the text
// the bot returns (or resolves to), which must be one of `view.legal`.
//
// No dependencies: Node's standard library only (Node 18 or newer).

import { createInterface } from "node:readline";

/** The engine protocol version this SDK speaks. */
export const PROTOCOL = 1;
/** Rank letters from lowest to highest: `1` (the Romanian-whist one) .. `A` (ace). */
export const RANKS = "123456789TJQKA";
/** Suit letters: spades, hearts, diamonds, clubs. */
export const SUITS = "SHDC";
/** The Joker's text (the Benny of British euchre). */
export const JOKER = "JO";
/** The actions whose argument is a card: `play JH`, `discard 9S`, `give AS`. */
export const CARD_WORDS = ["play", "discard", "give"];

/**
 * A card: its rank letter (`2`..`9`, `T`, `J`, `Q`, `K`, `A`, or `1`), its suit letter
 * (`S`, `H`, `D`, `C`; `null` for the Joker, whose rank is `JO`), its rank as a number
 * (`value`: 1 .. 14 for the ace, 15 for the Joker) and its text.
 * @typedef {{rank: string, suit: string | null, value: number, text: string}} Card
 */

/**
 * An action's text read into parts: `kind` is the action without its argument (`play`,
 * `discard`, `give`, `bid`, `call`, `call alone`, `name`, or the whole text: `pass`,
 * `order alone`, `bid shoot` ...), with its `card`, `suit` or `number` where it has one.
 * @typedef {{text: string, kind: string, card: Card | null, suit: string | null,
 *            number: number | null}} Action
 */

/**
 * An option the bot declares in `ready`: a bot name sets it
 * (`cmd(greedy=true):node mybot.js`), the bot reads `view.options.greedy`.
 * @typedef {{name: string, type: string, default?: unknown}} Option
 */

/**
 * The `game` message: the game, its rule string, every rule option's value (`options`,
 * RULES.md names with the `preset` they started from), the seats, the sides and the bot's
 * seat; the SDK adds `side` (the index of the bot's side in `sides` and in the view's
 * `scores`) and `partners` (the other seats of that side).
 * @typedef {{game: string, rules: string, options: Record<string, unknown>, players: number,
 *            sides: number[][], seat: number, side: number, partners: number[]}} Table
 */

/**
 * What the bot knows at a decision: the fields of `decide`'s view as the protocol sends them
 * (`game`, `players`, `seat`, `dealer`, `to_act`, `phase`, `hand`, `history`, `trick`,
 * `tricks`, `trick_winners`, `scores`, `legal`, `public`) and what the SDK adds: `table`
 * (the game and its rules), `options` (the bot's options' values), `seed`, `moveMs` and
 * `remainingMs` (`null`: no limit), `cards` (the hand parsed), `actions` (`legal` parsed),
 * `trump` (the trump suit's letter or `null`), `random()` (a generator seeded with `seed`:
 * draw from it alone and the bot plays the same on the same deals), `legalCards(kind)` and
 * `log(text)` (an `info` line to tricktable).
 * @typedef {Record<string, any> & {
 *   game: string, players: number, seat: number, dealer: number, to_act: number,
 *   phase: string, hand: string[], history: Array<[number, string]>,
 *   trick: Array<[number, string]>, tricks: Array<Array<[number, string]>>,
 *   trick_winners: number[], scores: number[], legal: string[], public: Record<string, any>,
 *   table: Table, options: Record<string, unknown>, seed: number,
 *   moveMs: number | null, remainingMs: number | null, cards: Card[], actions: Action[],
 *   trump: string | null, random: () => number, legalCards: (kind?: string) => Card[],
 *   log: (text: string) => void
 * }} View
 */

/**
 * A bot: a function from a view to one of its legal actions (text or a parsed action, or a
 * promise of one).
 * @typedef {(view: View) => string | Action | Promise<string | Action>} Bot
 */

/**
 * The card of its text as the protocol writes it (rank then suit, `JO` the Joker).
 * @param {string} text
 * @returns {Card}
 * @example parseCard("TH") // {rank: "T", suit: "H", value: 10, text: "TH"}
 */
export function parseCard(text) {
  if (text === JOKER) return { rank: JOKER, suit: null, value: 15, text };
  if (typeof text !== "string" || text.length !== 2 || !RANKS.includes(text[0])
      || !SUITS.includes(text[1])) {
    throw new Error(`${JSON.stringify(text)} is not a card: a rank (1-9, T, J, Q, K, A) `
      + "then a suit (S, H, D, C), or JO");
  }
  return { rank: text[0], suit: text[1], value: RANKS.indexOf(text[0]) + 1, text };
}

/**
 * An action's canonical text (one of `view.legal`) read into its parts.
 * @param {string} text
 * @returns {Action}
 * @example parseAction("call H alone") // {kind: "call alone", suit: "H", ...}
 */
export function parseAction(text) {
  const words = text.split(" ");
  const action = { text, kind: text, card: null, suit: null, number: null };
  if (words.length === 2 && CARD_WORDS.includes(words[0])) {
    return { ...action, kind: words[0], card: parseCard(words[1]) };
  }
  if (words.length === 2 && words[0] === "bid" && /^[0-9]+$/.test(words[1])) {
    return { ...action, kind: "bid", number: Number(words[1]) };
  }
  if (words.length === 2 && (words[0] === "call" || words[0] === "name")
      && SUITS.includes(words[1]) && words[1].length === 1) {
    return { ...action, kind: words[0], suit: words[1] };
  }
  if (words.length === 3 && words[0] === "call" && words[2] === "alone"
      && SUITS.includes(words[1]) && words[1].length === 1) {
    return { ...action, kind: "call alone", suit: words[1] };
  }
  return action;
}

/**
 * A generator of numbers in [0, 1) seeded with `seed` (a decision's seed): the same seed
 * gives the same numbers (mulberry32 over the seed's two 32-bit halves).
 * @param {number} seed
 * @returns {() => number}
 */
export function seededRandom(seed) {
  const whole = BigInt.asUintN(64, BigInt(Math.trunc(Number(seed) || 0)));
  let state = Number(whole & 0xffffffffn) ^ Math.imul(Number(whole >> 32n), 0x9e3779b9);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `value` as the type of `option` (`bool`, `int`, `float`, `string`: checked; any other type
 * takes what it is given); throws an error saying what was wrong.
 * @param {Option} option
 * @param {unknown} value
 * @returns {unknown}
 */
export function acceptOption(option, value) {
  const { type } = option;
  if (!["bool", "int", "float", "string"].includes(type)) return value; // a type of its own
  if (type === "bool" && typeof value === "boolean") return value;
  if (type === "int" && Number.isInteger(value)) return value;
  if (type === "float" && typeof value === "number") return value;
  if (type === "string" && value !== null && value !== undefined && typeof value !== "boolean") {
    return String(value);
  }
  const wanted = { bool: "a bool (true or false)", int: "an integer", float: "a number" };
  throw new Error(`option ${option.name} takes ${wanted[type] ?? "a string"}, `
    + `not ${JSON.stringify(value)}`);
}

/**
 * The table of a `game` message.
 * @param {Record<string, any>} message
 * @returns {Table}
 */
export function tableOf(message) {
  for (const name of ["game", "rules", "options", "players", "sides", "seat"]) {
    if (!(name in message)) throw new Error(`not a game message: no field '${name}'`);
  }
  const { game, rules, options, players, sides, seat } = message;
  const side = sides.findIndex((/** @type {number[]} */ s) => s.includes(seat));
  const partners = side < 0 ? [] : sides[side].filter((/** @type {number} */ s) => s !== seat);
  return { game, rules, options, players, sides, seat, side, partners };
}

const VIEW_FIELDS = ["game", "players", "seat", "dealer", "to_act", "phase", "hand", "history",
  "trick", "tricks", "trick_winners", "scores", "legal", "public"];

/**
 * The view of a `decide` message, with the SDK's additions.
 * @param {Record<string, any>} message
 * @param {Table} table
 * @param {Record<string, unknown>} options
 * @param {(message: object) => void} send
 * @returns {View}
 */
export function viewOf(message, table, options, send) {
  const wire = message.view;
  if (wire === null || typeof wire !== "object") throw new Error("not a decide message: no view");
  for (const name of VIEW_FIELDS) {
    if (!(name in wire)) throw new Error(`not a decide message: view has no field '${name}'`);
  }
  const time = message.time ?? {};
  const actions = wire.legal.map(parseAction);
  const trump = wire.public?.trump;
  return {
    ...wire,
    table,
    options,
    seed: message.seed,
    moveMs: time.move_ms ?? null,
    remainingMs: time.remaining_ms ?? null,
    cards: wire.hand.map(parseCard),
    actions,
    trump: typeof trump === "string" ? trump : null,
    random: seededRandom(message.seed),
    legalCards: (kind = "play") => actions
      .filter((/** @type {Action} */ a) => a.kind === kind && a.card !== null)
      .map((/** @type {Action} */ a) => /** @type {Card} */ (a.card)),
    log: (text) => send({ type: "info", message: String(text) }),
  };
}

/**
 * Play as `bot` until tricktable sends `quit` or closes the input; resolves then.
 *
 * `name` and `author` go in the `ready` answer; `options` are the options a bot name may
 * set; `games` the games the bot plays (it declines the others; left out: every game).
 * `input` and `output` default to standard input and output. A bot that throws, or returns
 * an action that is not legal, resigns that match with an `error` saying why (and the stack
 * on standard error).
 * @param {Bot} bot
 * @param {{name?: string, author?: string, options?: Option[], games?: string[],
 *          input?: NodeJS.ReadableStream, output?: NodeJS.WritableStream,
 *          errors?: NodeJS.WritableStream}} [settings]
 * @returns {Promise<void>}
 */
export async function run(bot, settings = {}) {
  const {
    name = "bot", author, options = [], games,
    input = process.stdin, output = process.stdout, errors = process.stderr,
  } = settings;
  const declared = new Map(options.map((option) => [option.name, option]));
  /** @type {Record<string, unknown>} */
  const values = Object.fromEntries(options.map((o) => [o.name, o.default ?? null]));
  /** @type {Table | null} */
  let table = null;
  /** @param {object} message */
  const send = (message) => { output.write(`${JSON.stringify(message)}\n`); };
  /** @param {string} text */
  const fail = (text) => {
    errors.write(`tricktable-bot: ${text}\n`);
    send({ type: "error", message: text });
  };
  const ready = {
    type: "ready", protocol: PROTOCOL, name, ...(author === undefined ? {} : { author }),
    options: options.map((o) => ({ name: o.name, type: o.type, default: o.default ?? null })),
  };

  /** @param {Record<string, any>} message */
  const setOptions = (message) => {
    const given = message.values;
    if (given === null || typeof given !== "object" || Array.isArray(given)) {
      fail(`options' values must be an object, not ${JSON.stringify(given)}`);
      return;
    }
    for (const [key, value] of Object.entries(given)) {
      const option = declared.get(key);
      if (option === undefined) {
        fail(`no option '${key}'; options: ${[...declared.keys()].join(", ") || "none"}`);
        return;
      }
      try {
        values[key] = acceptOption(option, value);
      } catch (problem) {
        fail(/** @type {Error} */ (problem).message);
        return;
      }
    }
    send({ type: "ok" });
  };

  /** @param {Record<string, any>} message */
  const decide = async (message) => {
    if (table === null) {
      fail("a decide before any game message");
      return;
    }
    let view;
    try {
      view = viewOf(message, table, { ...values }, send);
    } catch (problem) {
      fail(/** @type {Error} */ (problem).message);
      return;
    }
    let chosen;
    try {
      chosen = await bot(view);
    } catch (problem) {
      const error = /** @type {Error} */ (problem);
      errors.write(`${error?.stack ?? error}\n`);
      fail(`the bot threw ${error?.name ?? "an error"}: ${error?.message ?? error}`);
      return;
    }
    const text = typeof chosen === "object" && chosen !== null ? chosen.text : chosen;
    if (typeof text !== "string" || !view.legal.includes(text)) {
      fail(`the bot chose ${JSON.stringify(text)}, not one of the legal actions: `
        + view.legal.join(", "));
      return;
    }
    send({ type: "action", action: text });
  };

  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      fail(`not a JSON line: ${JSON.stringify(line.trim().slice(0, 120))}`);
      continue;
    }
    if (message === null || typeof message !== "object" || typeof message.type !== "string") {
      fail(`not a message object with a string 'type': ${JSON.stringify(line.slice(0, 120))}`);
      continue;
    }
    switch (message.type) {
      case "quit":
        lines.close();
        return;
      case "hello":
        send(ready);
        break;
      case "options":
        setOptions(message);
        break;
      case "game":
        try {
          const offered = tableOf(message);
          if (games !== undefined && !games.includes(offered.game)) {
            fail(`I play only ${[...games].sort().join(", ")}, not ${offered.game}`);
          } else {
            table = offered;
            send({ type: "ok" });
          }
        } catch (problem) {
          fail(/** @type {Error} */ (problem).message);
        }
        break;
      case "decide":
        await decide(message);
        break;
      case "error": // tricktable says why it stops listening: nothing to answer
        errors.write(`tricktable-bot: tricktable says: ${message.message}\n`);
        break;
      default:
        fail(`unknown message type '${message.type}' (this SDK speaks protocol ${PROTOCOL})`);
    }
  }
}
