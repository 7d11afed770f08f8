"""An engine that plays legally until its decision ``N`` (second argument), then misbehaves.

Modes: ``crash`` (exits with status 3 after a line on stderr), ``hang`` (never answers),
``illegal`` (answers an action that is not legal), ``garbage`` (answers a line that is not
JSON), ``refuse`` (refuses the game), ``old`` (speaks protocol version 0); ``slow`` never
fails, but takes 50 ms over each decision (a tournament that runs long enough to stop).
"""

import json
import sys
import time


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    mode = sys.argv[1]
    fail_at = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "ready", "protocol": 0 if mode == "old" else 1, "name": mode})
        elif kind == "game":
            if mode == "refuse":
                send({"type": "error", "message": "I only play chess"})
            else:
                send({"type": "ok"})
        elif kind == "decide":
            if mode == "slow":
                time.sleep(0.05)
                send({"type": "action", "action": message["view"]["legal"][0]})
            elif decisions < fail_at:
                send({"type": "info", "text": "thinking"})
                send({"type": "action", "action": message["view"]["legal"][0]})
            elif mode == "crash":
                sys.stderr.write("segmentation fault (pretend)\n")
                sys.exit(3)
            elif mode == "hang":
                time.sleep(60)
            elif mode == "illegal":
                send({"type": "action", "action": "play 2Z"})
            elif mode == "garbage":
                sys.stdout.write("play AS\n")
                sys.stdout.flush()
            decisions += 1
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
