// The SDK's own tests: `node --test test/` (no dependencies; tests/sdk runs them in CI).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import {
  acceptOption, parseAction, parseCard, run, seededRandom, tableOf,
} from "tricktable-bot";

const GAME = {
  type: "game", game: "euchre", rules: "euchre(preset=north_american)",
  options: { preset: "north_american", target: 10 }, players: 4, sides: [[0, 2], [1, 3]], seat: 1,
};
const VIEW = {
  game: "euchre", seat: 1, players: 4, dealer: 0, to_act: 1, phase: "play",
  hand: ["JS", "9H", "AH"], history: [], trick: [[0, "KH"]], tricks: [], trick_winners: [],
  scores: [3, 4], legal: ["play 9H", "play AH"], public: { trump: "S", upcard: "AC" },
};
const decide = (view = VIEW, seed = 7) => ({
  type: "decide", view, seed, time: { move_ms: 500, remaining_ms: null },
});

/**
 * The lines `run(bot, settings)` writes when sent `messages` (its input then closes), and
 * what it writes to standard error.
 */
async function converse(bot, messages, settings = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  const errors = new PassThrough();
  const written = [];
  const said = [];
  output.on("data", (chunk) => written.push(chunk.toString()));
  errors.on("data", (chunk) => said.push(chunk.toString()));
  const done = run(bot, { ...settings, input, output, errors });
  for (const message of messages) {
    input.write(typeof message === "string" ? `${message}\n` : `${JSON.stringify(message)}\n`);
  }
  input.end();
  await done;
  const lines = written.join("").split("\n").filter((line) => line !== "");
  return { answers: lines.map((line) => JSON.parse(line)), stderr: said.join("") };
}

test("cards parse into rank, suit and value", () => {
  assert.deepEqual(parseCard("TH"), { rank: "T", suit: "H", value: 10, text: "TH" });
  assert.deepEqual(parseCard("AS").value, 14);
  assert.deepEqual(parseCard("1C").value, 1);
  assert.deepEqual(parseCard("JO"), { rank: "JO", suit: null, value: 15, text: "JO" });
  for (const bad of ["10H", "ZZ", "th", "", "AS "]) {
    assert.throws(() => parseCard(bad), /is not a card: a rank \(1-9, T, J, Q, K, A\)/);
  }
});

test("actions parse into kind and argument", () => {
  assert.equal(parseAction("play JS").card.text, "JS");
  assert.equal(parseAction("discard 9C").kind, "discard");
  assert.deepEqual(parseAction("bid 3"), {
    text: "bid 3", kind: "bid", card: null, suit: null, number: 3,
  });
  assert.equal(parseAction("call H").suit, "H");
  assert.deepEqual([parseAction("call D alone").kind, parseAction("call D alone").suit],
    ["call alone", "D"]);
  assert.equal(parseAction("name C").kind, "name");
  assert.equal(parseAction("order alone").kind, "order alone");
  assert.equal(parseAction("bid shoot").kind, "bid shoot");
  assert.deepEqual([parseAction("give").kind, parseAction("give").card], ["give", null]);
});

test("the seeded generator repeats for a seed and differs between seeds", () => {
  const draws = (seed) => { const r = seededRandom(seed); return [r(), r(), r()]; };
  assert.deepEqual(draws(123), draws(123));
  assert.notDeepEqual(draws(123), draws(124));
  assert.notDeepEqual(draws(2 ** 40), draws(2 ** 40 + 2 ** 33));
  for (const x of draws(9007199254740991)) assert.ok(x >= 0 && x < 1);
});

test("options are checked against their type", () => {
  assert.equal(acceptOption({ name: "n", type: "int" }, 3), 3);
  assert.equal(acceptOption({ name: "s", type: "string" }, 3), "3");
  assert.deepEqual(acceptOption({ name: "w", type: "list" }, [1, 2]), [1, 2]);
  assert.throws(() => acceptOption({ name: "n", type: "int" }, 2.5), /option n takes an integer/);
  assert.throws(() => acceptOption({ name: "g", type: "bool" }, "yes"), /takes a bool/);
});

test("the table gives the side and partners", () => {
  const table = tableOf(GAME);
  assert.equal(table.side, 1);
  assert.deepEqual(table.partners, [3]);
  assert.deepEqual(tableOf({ ...GAME, sides: [[0], [1], [2], [3]] }).partners, []);
  assert.throws(() => tableOf({ type: "game" }), /no field 'game'/);
});

test("a whole conversation: ready, options, game, decide, quit", async () => {
  const seen = [];
  const bot = (view) => {
    seen.push(view);
    view.log("thinking");
    return view.legal.at(-1);
  };
  const { answers } = await converse(bot, [
    { type: "hello", protocol: 1, tricktable: "0.1.0" },
    { type: "options", values: { depth: 3 } },
    GAME,
    decide(),
    { type: "quit" },
    decide(), // after quit: never read
  ], { name: "t", author: "a", options: [{ name: "depth", type: "int", default: 1 }] });
  assert.deepEqual(answers, [
    { type: "ready", protocol: 1, name: "t", author: "a",
      options: [{ name: "depth", type: "int", default: 1 }] },
    { type: "ok" },
    { type: "ok" },
    { type: "info", message: "thinking" },
    { type: "action", action: "play AH" },
  ]);
  const [view] = seen;
  assert.equal(view.options.depth, 3);
  assert.equal(view.table.options.target, 10);
  assert.deepEqual(view.table.partners, [3]);
  assert.equal(view.trump, "S");
  assert.equal(view.public.upcard, "AC");
  assert.deepEqual(view.cards.map((c) => c.rank), ["J", "9", "A"]);
  assert.deepEqual(view.legalCards().map((c) => c.text), ["9H", "AH"]);
  assert.deepEqual(view.legalCards("discard"), []);
  assert.equal(view.moveMs, 500);
  assert.equal(view.remainingMs, null);
  assert.equal(view.seed, 7);
});

test("an async bot, and a parsed action as the answer", async () => {
  const bot = async (view) => view.actions[0];
  const { answers } = await converse(bot, [GAME, decide()]);
  assert.deepEqual(answers, [{ type: "ok" }, { type: "action", action: "play 9H" }]);
});

test("the same seed gives the same choices", async () => {
  const bot = (view) => view.legal[Math.floor(view.random() * view.legal.length)];
  const many = { ...VIEW, legal: ["bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "bid 6", "pass"] };
  const messages = [GAME, ...[1, 2, 3, 4, 5, 6, 7, 8].map((seed) => decide(many, seed))];
  const first = await converse(bot, messages);
  const again = await converse(bot, messages);
  assert.deepEqual(first.answers, again.answers);
  assert.ok(new Set(first.answers.slice(1).map((a) => a.action)).size > 1);
});

test("every fault is answered with an error saying what was wrong", async () => {
  const cases = [
    [(v) => v.legal[0], [{ type: "options", values: { depth: 1 } }], "no option 'depth'; options: none"],
    [(v) => v.legal[0], [decide()], "a decide before any game message"],
    [(v) => v.legal[0], [{ type: "ponder" }], "unknown message type 'ponder'"],
    [(v) => v.legal[0], ["not json"], "not a JSON line"],
    [(v) => v.legal[0], ["[1, 2]"], "not a message object with a string 'type'"],
    [(v) => v.legal[0], [{ type: "game", game: "euchre" }], "not a game message: no field 'rules'"],
    [() => "play 2Z", [GAME, decide()], 'the bot chose "play 2Z", not one of the legal actions'],
    [() => undefined, [GAME, decide()], "the bot chose undefined"],
    [() => { throw new TypeError("oops"); }, [GAME, decide()], "the bot threw TypeError: oops"],
    [async () => { throw new Error("later"); }, [GAME, decide()], "the bot threw Error: later"],
    [(v) => v.legal[0], [GAME, decide({ ...VIEW, hand: undefined })],
      "not a decide message: view has no field 'hand'"],
  ];
  for (const [bot, messages, says] of cases) {
    const { answers, stderr } = await converse(bot, messages);
    const last = answers.at(-1);
    assert.equal(last.type, "error", JSON.stringify(answers));
    assert.ok(last.message.startsWith(says), last.message);
    assert.ok(stderr.includes(says), stderr);
  }
});

test("a game the bot does not play is declined, and it plays on after tricktable's error",
  async () => {
    const { answers, stderr } = await converse((v) => v.legal[0], [
      { ...GAME, game: "pitch" },
      { type: "error", message: "declined" },
      GAME,
      decide(),
    ], { games: ["euchre", "bid_euchre"] });
    assert.deepEqual(answers, [
      { type: "error", message: "I play only bid_euchre, euchre, not pitch" },
      { type: "ok" },
      { type: "action", action: "play 9H" },
    ]);
    assert.ok(stderr.includes("tricktable says: declined"));
  });
