"""An engine that plays legally until its decision ``N`` (second argument), then misbehaves.

Modes: ``crash`` (exits with status 3 after a line on stderr), ``hang`` (never answers),
``illegal`` (answers an action that is not legal), ``garbage`` (answers a line that is not
JSON), ``wrongtype`` (answers ``decide`` with ``ok``), ``flood`` (answers with one line of
50 MB), ``grandchild`` (starts a process that sleeps on, then crashes), ``spin`` (burns CPU
without answering), ``hog`` (asks for 1 GiB of memory), ``refuse`` (refuses the game),
``old`` (speaks protocol version 0), ``stubborn`` (plays legally, but does not leave after
``quit``), ``nulloptions`` / ``numberoptions`` (declares its
options as ``null`` / ``3``); ``slow`` never fails, but takes 50 ms over each decision (a
tournament that runs long enough to stop).

A third argument names a file where the engine writes ``pid N`` for itself (and for the
process it starts) and each line it receives (an ``error`` a moment after it comes).
"""

import json
import os
import subprocess
import sys
import time


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    mode = sys.argv[1]
    fail_at = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    log = open(sys.argv[3], "a", buffering=1) if len(sys.argv) > 3 else None  # noqa: SIM115
    if log is not None:
        log.write(f"pid {os.getpid()}\n")
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "error":
            time.sleep(0.1)  # an engine may take a moment to note why it was stopped
        if log is not None:
            log.write(line)
        if kind == "hello":
            ready = {"type": "ready", "protocol": 0 if mode == "old" else 1, "name": mode}
            if mode in ("nulloptions", "numberoptions"):
                ready["options"] = None if mode == "nulloptions" else 3
            send(ready)
        elif kind == "game":
            if mode == "refuse":
                send({"type": "error", "message": "I only play chess"})
            else:
                send({"type": "ok"})
        elif kind == "decide":
            if mode in ("slow", "stubborn"):
                time.sleep(0.05 if mode == "slow" else 0)
                send({"type": "action", "action": message["view"]["legal"][0]})
            elif decisions < fail_at:
                send({"type": "info", "text": f"thinking about decision {decisions}"})
                send({"type": "action", "action": message["view"]["legal"][0]})
            elif mode == "crash":
                sys.stderr.write("segmentation fault (pretend)\n")
                sys.exit(3)
            elif mode == "grandchild":
                child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
                if log is not None:
                    log.write(f"pid {child.pid}\n")
                sys.stderr.write("crashed, leaving a child behind\n")
                os._exit(3)
            elif mode == "hang":
                sys.stderr.write("stuck in a loop\n")
                sys.stderr.flush()
                time.sleep(60)
            elif mode == "spin":
                while True:
                    pass
            elif mode == "hog":
                hoard = bytearray(1 << 30)
                send({"type": "action", "action": message["view"]["legal"][len(hoard) % 1]})
            elif mode == "flood":
                for _ in range(50):  # one line of 50 MB, a megabyte at a time
                    sys.stdout.buffer.write(b"x" * 1_000_000)
                sys.stdout.buffer.write(b"\n")
                sys.stdout.flush()
            elif mode == "illegal":
                send({"type": "action", "action": "play 2Z"})
            elif mode == "wrongtype":
                send({"type": "ok"})
            elif mode == "garbage":
                sys.stdout.write("play AS\n")
                sys.stdout.flush()
            decisions += 1
        elif kind == "quit":
            if mode == "stubborn":
                time.sleep(60)
            return


if __name__ == "__main__":
    main()
