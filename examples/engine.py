"""A whole tricktable engine in a few dozen lines: JSON lines in, JSON lines out.

It needs nothing but Python's standard library (a bot in any language works the same
way; docs/engine-protocol.md is the protocol). It plays a legal action drawn by the
generator seeded with the ``seed`` each request carries, so it plays the same on the same
deals; with the option ``greedy`` set (``cmd(greedy=true):python examples/engine.py``) it
plays the first legal action instead.

    tricktable sim euchre --bots "medium,cmd:python examples/engine.py" --games 10
"""

import json
import random
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    greedy = False
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            option = {"name": "greedy", "type": "bool", "default": False}
            send({"type": "ready", "protocol": 1, "name": "example", "options": [option]})
        elif kind == "options":
            greedy = bool(message["values"].get("greedy", False))
            send({"type": "ok"})
        elif kind == "game":
            send({"type": "ok"})  # any game: the legal actions are all it reads
        elif kind == "decide":
            legal = message["view"]["legal"]
            rng = random.Random(message["seed"])
            send({"type": "action", "action": legal[0] if greedy else rng.choice(legal)})
        elif kind == "quit":
            return
        # an "error" message says why tricktable stopped listening: nothing to answer


if __name__ == "__main__":
    main()
