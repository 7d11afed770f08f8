"""``SubprocessBot``: a program that speaks the engine protocol, playing as a bot.

Like python-chess's ``chess.engine``: tricktable starts the program, sends ``hello``, the
options, the game and then one ``decide`` per decision, and reads one JSON line back for
each. Every wait has a deadline, so a program that crashes, hangs, or answers with
something that is not one of the legal actions raises ``EngineError`` with the reason
instead of stopping the match for good; ``tricktable.sim`` scores that as the engine's
forfeit of the match.

A bot name ``cmd:COMMAND`` (``make_bot("cmd:python mybot.py", game)``) makes one, with the
time control and options in brackets: ``cmd(move_ms=500,worlds=30):python mybot.py``.

>>> import random, sys
>>> from tricktable import load_game
>>> game = load_game("euchre(preset=north_american)")
>>> state = game.new_match(random.Random(1))
>>> state.deal_random(random.Random(1))
>>> seat = state.current_player
>>> command = f"{sys.executable} -m tricktable engine --bot random"
>>> with SubprocessBot(game, seat, command) as bot:
...     bot.choose(state.view(seat), random.Random(2)) in state.legal_texts()
True
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import shlex
import subprocess
import tempfile
import time
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO, Any

from tricktable.bots.base import Bot, require_legal
from tricktable.core import Game, SeatView
from tricktable.engine.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    decide_message,
    decode,
    encode,
    error_message,
    game_message,
    hello_message,
)
from tricktable.errors import TricktableError


class EngineError(TricktableError):
    """An engine crashed, ran out of time, broke the protocol or answered illegally.

    ``reason`` is the one-line cause a report shows.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How long an engine may take.

    >>> TimeControl(move_ms=200).deadline_ms(None)
    200
    >>> TimeControl(move_ms=200, match_ms=150).deadline_ms(150)
    150
    """

    move_ms: int | None = 10_000
    """The most one decision may take (``None``: no limit per decision)."""
    match_ms: int | None = None
    """The engine's clock for the whole match (``None``: none)."""
    startup_ms: int = 20_000
    """The most the program may take to start and answer ``hello``, options and ``game``."""
    grace_ms: int = 100
    """Allowance for the pipe and the process switch, added to every deadline."""

    def deadline_ms(self, remaining_ms: int | None) -> int | None:
        """The time this decision may take, given what is left of the match clock."""
        limits = [limit for limit in (self.move_ms, remaining_ms) if limit is not None]
        return min(limits) if limits else None


TIME_KEYS = ("move_ms", "match_ms", "startup_ms", "grace_ms")
"""The bracket settings of ``cmd(...)`` that set the time control, not engine options."""


class SubprocessBot(Bot):
    """A bot played by a program speaking the engine protocol (one process per seat).

    The process starts at the first decision (or ``start()``) and ends with ``close()``
    (a ``with`` block, or the end of a match played by ``tricktable.sim``). ``options``
    are sent once after the handshake; the program must have declared each of them.
    """

    name = "cmd"

    def __init__(
        self,
        game: Game[Any],
        seat: int | None,
        command: str,
        time_control: TimeControl | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(game, seat)
        self.command = command
        """The command line, split as a POSIX shell would (no shell runs it)."""
        self.argv = shlex.split(command)
        if not self.argv:
            raise EngineError("an engine needs a command, e.g. cmd:python mybot.py")
        self.name = f"cmd:{command}"
        self.time_control = time_control or TimeControl()
        self.options = dict(options or {})
        self.engine_name: str | None = None
        """The name the program gave in its ``ready`` answer."""
        self.used_ms = 0.0
        """The time the program has taken for this match's decisions."""
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._buffer = b""
        self._seat: int | None = seat
        self._finalizer: weakref.finalize[Any, Any] | None = None

    def __enter__(self) -> SubprocessBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self, seat: int) -> None:
        """Start the program, shake hands, set the options and send the game."""
        if self._process is not None:
            return
        self._seat = seat
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        try:
            self._process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
            )
        except OSError as error:
            raise EngineError(f"cannot start {self.command!r}: {error.strerror}") from None
        self._finalizer = weakref.finalize(self, _kill, self._process)
        startup = self.time_control.startup_ms
        ready = self._ask(hello_message(), startup, "hello")
        if ready.get("type") != "ready":
            self._fail(f"answered hello with {ready.get('type')!r}, not 'ready'")
        if ready.get("protocol") != PROTOCOL_VERSION:
            self._fail(
                f"speaks protocol {ready.get('protocol')!r}; tricktable speaks {PROTOCOL_VERSION}"
            )
        self.engine_name = str(ready.get("name", self.command))
        declared = {
            str(option.get("name")): option
            for option in ready.get("options", [])
            if isinstance(option, dict)
        }
        unknown = sorted(set(self.options) - set(declared))
        if unknown:
            self._fail(
                f"has no option {', '.join(unknown)}; its options: {', '.join(declared) or 'none'}"
            )
        if self.options:
            self._expect_ok({"type": "options", "values": self.options}, startup, "options")
        self._expect_ok(game_message(self.game, seat), startup, "game")

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        self.start(view.seat)
        control = self.time_control
        remaining = None
        if control.match_ms is not None:
            remaining = max(0, round(control.match_ms - self.used_ms))
        seed = rng.getrandbits(63)
        started = time.monotonic()
        answer = self._ask(
            decide_message(view, seed, control.move_ms, remaining),
            control.deadline_ms(remaining),
            "decide",
        )
        self.used_ms += (time.monotonic() - started) * 1000
        if answer.get("type") == "error":
            self._fail(f"gave up: {answer.get('message', '')}")
        if answer.get("type") != "action":
            self._fail(f"answered decide with {answer.get('type')!r}, not 'action'")
        action = answer.get("action")
        if action not in legal:
            self._fail(
                f"chose the illegal action {action!r} in phase {view.phase!r};"
                f" legal: {', '.join(legal)}",
                tell=True,
            )
        assert isinstance(action, str)
        return action

    def close(self) -> None:
        """Send ``quit`` and end the process (killed if it has not left within a second)."""
        process, self._process = self._process, None
        if process is None:
            return
        with contextlib.suppress(OSError, ValueError):
            assert process.stdin is not None
            process.stdin.write(encode({"type": "quit"}))
            process.stdin.close()
        try:
            process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()
        if self._finalizer is not None:
            self._finalizer.detach()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None
        self._buffer = b""
        self.used_ms = 0.0

    # -- the wire ---------------------------------------------------------------------

    def _expect_ok(self, message: dict[str, Any], timeout_ms: int, what: str) -> None:
        answer = self._ask(message, timeout_ms, what)
        if answer.get("type") == "error":
            self._fail(f"refused {what}: {answer.get('message', '')}")
        if answer.get("type") != "ok":
            self._fail(f"answered {what} with {answer.get('type')!r}, not 'ok'")

    def _ask(self, message: dict[str, Any], timeout_ms: int | None, what: str) -> dict[str, Any]:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(encode(message))
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            self._fail(f"closed its input before {what}{self._exit_text()}")
        limit = None if timeout_ms is None else timeout_ms + self.time_control.grace_ms
        deadline = None if limit is None else time.monotonic() + limit / 1000
        while True:
            line = self._read_line(deadline, limit, what)
            try:
                answer = decode(line)
            except ProtocolError as error:
                self._fail(f"broke the protocol: {error}", tell=True)
            if answer.get("type") != "info":  # info lines are the engine's own notes
                return answer

    def _read_line(self, deadline: float | None, limit: float | None, what: str) -> bytes:
        process = self._process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        while b"\n" not in self._buffer:
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                self._fail(f"no answer to {what} within {limit:.0f} ms")
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                process.wait()
                self._fail(f"exited before answering {what}{self._exit_text()}")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _exit_text(self) -> str:
        process = self._process
        if process is None or process.poll() is None:
            return ""
        text = f" (exit status {process.returncode})"
        if self._stderr is not None:
            self._stderr.seek(0)
            lines = self._stderr.read().decode("utf-8", errors="replace").strip().splitlines()
            if lines:
                text += f": {lines[-1].strip()}"
        return text

    def _fail(self, reason: str, *, tell: bool = False) -> Any:
        """Raise ``EngineError`` for this engine (telling the program why, if asked)."""
        if tell and self._process is not None and self._process.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                self._process.stdin.write(encode(error_message(reason)))
                self._process.stdin.flush()
        seat = "" if self._seat is None else f" at seat {self._seat + 1}"  # counted from 1
        self.close_now()
        raise EngineError(f"engine {self.command!r}{seat} {reason}")

    def close_now(self) -> None:
        """End the process at once (after a failure: no ``quit``, no wait)."""
        process = self._process
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()
        self.close()


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill a process that was never closed (the bot was dropped mid-match)."""
    if process.poll() is None:
        process.kill()
        process.wait()
