// An example bot: it plays its highest legal card, and takes every other decision (bids,
// trump, discards) at random from the generator seeded for it, so it plays the same on the
// same deals. Every game, any rules.
//
//   tricktable sim euchre --bots "medium,cmd:node sdk/js/examples/highest.js" --games 20
//   tricktable engine-check "cmd:node sdk/js/examples/highest.js"
//
// With the option `lowest` set (`cmd(lowest=true):node ...`) it plays its lowest card.

import { run } from "tricktable-bot";

/** @param {import("tricktable-bot").View} view */
function highest(view) {
  const cards = view.legalCards("play");
  if (cards.length === 0) { // bidding, naming trump, discarding ...: a seeded draw
    return view.legal[Math.floor(view.random() * view.legal.length)];
  }
  const better = view.options.lowest ? (a, b) => a.value < b.value : (a, b) => a.value > b.value;
  const card = cards.reduce((best, card) => (better(card, best) ? card : best));
  return `play ${card.text}`;
}

run(highest, {
  name: "highest",
  author: "tricktable",
  options: [{ name: "lowest", type: "bool", default: false }],
});
