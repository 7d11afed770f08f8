// A bot on the JavaScript SDK that misbehaves as its first argument says, for
// test_js_sdk.py: "throw" (throws at each decision), "illegal" (answers "play 2Z"),
// "nothing" (returns undefined), "euchre-only" (declines other games), "async" (writes an
// info line, then answers the last legal action after a pause, as a promise).
import { run } from "../../sdk/js/index.js";

const fault = process.argv[2];
const bots = {
  throw: () => { throw new RangeError("no idea"); },
  illegal: () => "play 2Z",
  nothing: () => undefined,
  "euchre-only": (view) => view.legal[0],
  async: (view) => {
    view.log(`thinking about ${view.legal.length} actions`);
    return new Promise((done) => { setTimeout(() => done(view.legal.at(-1)), 5); });
  },
};
run(bots[fault], {
  name: `faulty-${fault}`,
  games: fault === "euchre-only" ? ["euchre"] : undefined,
  options: [{ name: "depth", type: "int", default: 2 }],
});
