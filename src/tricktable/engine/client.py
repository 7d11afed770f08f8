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

import collections
import contextlib
import errno
import json
import os
import random
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any, cast

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
    shorten,
)
from tricktable.errors import TricktableError


class EngineError(TricktableError):
    """An engine crashed, ran out of time, broke the protocol or answered illegally.

    ``reason`` is the one-line cause a report shows; ``late`` tells a program that ran out of
    time from the other faults; ``stderr`` and ``info`` are the last lines the program wrote to
    its standard error and as ``info`` messages (a bounded tail).
    """

    def __init__(
        self,
        reason: str,
        stderr: Sequence[str] = (),
        info: Sequence[str] = (),
        *,
        late: bool = False,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.late = late
        self.stderr = list(stderr)
        self.info = list(info)


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
    quit_ms: int = 1_000
    """How long the program may take to exit after ``quit`` (or an ``error``) before it is
    killed."""

    def deadline_ms(self, remaining_ms: int | None) -> int | None:
        """The time this decision may take, given what is left of the match clock."""
        limits = [limit for limit in (self.move_ms, remaining_ms) if limit is not None]
        return min(limits) if limits else None


TIME_KEYS = ("move_ms", "match_ms", "startup_ms", "grace_ms", "quit_ms")
"""The bracket settings of ``cmd(...)`` that set the time control, not engine options."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What an engine's processes may use (set in each process the program starts, and
    inherited by the processes it starts in turn).

    >>> Limits().cpu_s, Limits().memory_mb, Limits().line_kb
    (3600, 4096, 1024)
    """

    cpu_s: int | None = 3_600
    """CPU seconds each of the engine's processes may use in one match (``RLIMIT_CPU``;
    ``None``: no limit)."""
    memory_mb: int | None = 4_096
    """Heap each of its processes may hold, in MiB (``RLIMIT_DATA``: the data segment and
    private writable mappings, not reserved address space; ``None``: no limit)."""
    line_kb: int = 1_024
    """The longest line the program may write, in KiB."""


LIMIT_KEYS = ("cpu_s", "memory_mb", "line_kb")
"""The bracket settings of ``cmd(...)`` that set the engine's ``Limits``."""

EXIT_POLL_S = 0.05
"""How often a wait for an answer checks that the program still runs."""
TAIL_LINES = 20
"""How many of an engine's last stderr and ``info`` lines are kept."""
TAIL_WIDTH = 300
"""The most characters kept of each such line."""


class SubprocessBot(Bot):
    """A bot played by a program speaking the engine protocol (one process per seat).

    The process starts at the first decision (or ``start()``) and ends with ``close()``
    (a ``with`` block, or the end of a match played by ``tricktable.sim``). ``options``
    are sent once after the handshake; the program must have declared each of them. The
    program runs in its own process group, which is killed when it ends, so processes it
    started end with it; ``limits`` bound its CPU time, memory and line length.
    """

    name = "cmd"

    def __init__(
        self,
        game: Game[Any],
        seat: int | None,
        command: str,
        time_control: TimeControl | None = None,
        options: Mapping[str, Any] | None = None,
        limits: Limits | None = None,
    ) -> None:
        super().__init__(game, seat)
        self.command = command
        """The command line, split as a POSIX shell would (no shell runs it)."""
        self.argv = shlex.split(command)
        if not self.argv:
            raise EngineError("an engine needs a command, e.g. cmd:python mybot.py")
        self.name = f"cmd:{command}"
        self.time_control = time_control or TimeControl()
        self.limits = limits or Limits()
        self.options = dict(options or {})
        self.engine_name: str | None = None
        """The name the program gave in its ``ready`` answer."""
        self.declared_options: list[str] = []
        """The option names its ``ready`` declared."""
        self.declined: str | None = None
        """What the program answered in an ``error`` to ``options`` or ``game``, if it did."""
        self.exit_status: int | None = None
        """Its exit status once it has ended (negative: the signal that ended it)."""
        self.left_in_time = False
        """Whether it had exited by itself within ``quit_ms`` of ``quit`` (or an ``error``)."""
        self._playing = False
        """Whether the game has been sent and accepted."""
        self.used_ms = 0.0
        """The time the program has taken for this match's decisions."""
        self.stderr_tail: list[str] = []
        """The last lines the program wrote to its standard error (set when it ends)."""
        self.info_tail: collections.deque[str] = collections.deque(maxlen=TAIL_LINES)
        """The last ``info`` lines the program wrote (as JSON text)."""
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._buffer = bytearray()
        self._scanned = 0
        """How far ``_buffer`` is known to hold no newline."""
        self._seat: int | None = seat
        self._ending = ""
        """How the program ended (``_exit_text``), once it has."""
        self._finalizer: weakref.finalize[Any, Any] | None = None

    def __enter__(self) -> SubprocessBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self, seat: int) -> None:
        """Start the program, shake hands, set the options and send the game."""
        if self._playing:
            return
        self._seat = seat
        self.handshake()
        self._expect_ok(game_message(self.game, seat), self.time_control.startup_ms, "game")
        self._playing = True

    def handshake(self) -> None:
        """Start the program, send ``hello`` and the options (``start`` does it first)."""
        if self._process is not None:
            return
        self.declined = None
        self.exit_status = None
        self.stderr_tail = []
        self.info_tail.clear()
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        try:
            program = find_program(self.argv[0])
            self._process = subprocess.Popen(
                limited_argv(program, self.argv, self.limits),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                process_group=0,  # its own group: killed whole, grandchildren included
            )
        except (OSError, subprocess.SubprocessError) as error:
            self._stderr.close()
            self._stderr = None
            why = error.strerror if isinstance(error, OSError) else str(error)
            raise EngineError(f"cannot start {self.command!r}: {why}") from None
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
        declared = self._declared_options(ready.get("options", []))
        unknown = sorted(set(self.options) - set(declared))
        if unknown:
            self._fail(
                f"has no option {', '.join(unknown)}; its options: {', '.join(declared) or 'none'}"
            )
        self.declared_options = declared
        if self.options:
            self._expect_ok({"type": "options", "values": self.options}, startup, "options")

    def _declared_options(self, options: object) -> list[str]:
        """The option names a ``ready`` declares (a forfeit unless a list of objects that
        each have a string ``name``)."""
        if not isinstance(options, list) or not all(
            isinstance(option, dict) and isinstance(option.get("name"), str) for option in options
        ):
            self._fail(
                f"answered hello with options {shorten(json.dumps(options))}; 'options' must be"
                ' a list of objects with a string "name" (or [] for none)'
            )
        return [str(option["name"]) for option in cast(list[dict[str, Any]], options)]

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
                f" legal: {', '.join(legal)}"
            )
        assert isinstance(action, str)
        return action

    @property
    def running(self) -> bool:
        """Whether the program has been started and not yet ended."""
        return self._process is not None

    def close(self) -> None:
        """Send ``quit`` and end the process (killed, with its whole process group, if it
        has not left within ``quit_ms``)."""
        self._end({"type": "quit"})

    def log(self) -> dict[str, list[str]]:
        """The tails of what the program wrote beside its answers: ``stderr`` and ``info``."""
        return {"stderr": list(self.stderr_tail), "info": list(self.info_tail)}

    def _end(self, farewell: dict[str, Any] | None) -> None:
        """Send ``farewell`` (if the process still runs), close its input, give it
        ``quit_ms`` to exit, then kill its process group; keep how it ended and the tail
        of its stderr."""
        process, self._process = self._process, None
        if process is None:
            return
        if farewell is not None and not _exited(process, 0):
            _send_without_waiting(process, farewell)
        with contextlib.suppress(OSError, ValueError):
            assert process.stdin is not None
            process.stdin.close()
        self.left_in_time = _exited(process, self.time_control.quit_ms / 1000)
        self._playing = False
        _kill(process)  # whatever is left of its group, even when the program itself left
        self.exit_status = process.returncode
        if process.stdout is not None:
            process.stdout.close()
        if self._finalizer is not None:
            self._finalizer.detach()
        if self._stderr is not None:
            self.stderr_tail = _tail(self._stderr)
            self._stderr.close()
            self._stderr = None
        self._ending = self._exit_text(process.returncode)
        self._buffer = bytearray()
        self._scanned = 0
        self.used_ms = 0.0

    # -- the wire ---------------------------------------------------------------------

    def _expect_ok(self, message: dict[str, Any], timeout_ms: int, what: str) -> None:
        answer = self._ask(message, timeout_ms, what)
        if answer.get("type") == "error":
            self.declined = str(answer.get("message", ""))
            self._fail(f"refused {what}: {self.declined}")
        if answer.get("type") != "ok":
            self._fail(f"answered {what} with {answer.get('type')!r}, not 'ok'")

    def _ask(self, message: dict[str, Any], timeout_ms: int | None, what: str) -> dict[str, Any]:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(encode(message))
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            self._fail(f"closed its input before {what}", how_it_ended=True)
        limit = None if timeout_ms is None else timeout_ms + self.time_control.grace_ms
        deadline = None if limit is None else time.monotonic() + limit / 1000
        while True:
            line = self._read_line(deadline, limit, what)
            try:
                answer = decode(line)
            except ProtocolError as error:
                self._fail(f"broke the protocol: {error}")
            if answer.get("type") != "info":  # info lines are the engine's own notes
                return answer
            self.info_tail.append(shorten(line.decode("utf-8", errors="replace"), TAIL_WIDTH))

    def _read_line(self, deadline: float | None, limit: float | None, what: str) -> bytes:
        """The next line the program writes, without its newline; a forfeit when the
        deadline passes, the program exits, or the line grows past ``limits.line_kb``."""
        process = self._process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        longest = self.limits.line_kb * 1024
        while (newline := self._buffer.find(b"\n", self._scanned)) < 0:
            self._scanned = len(self._buffer)
            if self._scanned > longest:
                self._too_long(what)
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                self._fail(f"no answer to {what} within {limit:.0f} ms", late=True)
            ready, _, _ = select.select(
                [fd], [], [], EXIT_POLL_S if wait is None else min(wait, EXIT_POLL_S)
            )
            if not ready:
                if _exited(process, 0):  # its output may be held open by a process it started
                    self._fail(f"exited before answering {what}", how_it_ended=True)
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                left = _exited(process, self.time_control.quit_ms / 1000)
                done = "exited" if left else "closed its output"
                self._fail(f"{done} before answering {what}", how_it_ended=True)
            self._buffer += chunk  # a bytearray grows in place: what it holds is not copied
        if newline > longest:
            self._too_long(what)
        line = bytes(self._buffer[:newline])
        del self._buffer[: newline + 1]
        self._scanned = 0
        return line

    def _too_long(self, what: str) -> None:
        start = bytes(self._buffer[:60]).decode("utf-8", errors="replace")
        self._fail(
            f"wrote a line longer than {self.limits.line_kb} KiB (line_kb) before answering"
            f" {what}, starting {shorten(start, 40)!r}"
        )

    def _exit_text(self, code: int | None) -> str:
        """How the program ended (its exit status, or the signal and why it came), with its
        last stderr line."""
        if code is None:
            return ""
        if code >= 0:
            text = f" (exit status {code})"
        else:
            text = f" (killed by {_signal_name(-code)}{self._limit_hint(-code)})"
        if self.stderr_tail:
            text += f": {self.stderr_tail[-1]}"
        return text

    def _limit_hint(self, number: int) -> str:
        if number == getattr(signal, "SIGXCPU", None) and self.limits.cpu_s is not None:
            return f": it used its {self.limits.cpu_s} s of CPU time (cpu_s)"
        return ""

    def _fail(self, reason: str, *, how_it_ended: bool = False, late: bool = False) -> Any:
        """Raise ``EngineError`` for this engine: first tell the program why in an
        ``error`` message (if it still runs), give it ``quit_ms`` to leave, then kill its
        process group. ``how_it_ended`` adds its exit status and last stderr line."""
        seat = "" if self._seat is None else f" at {seat_words(self._seat)}"
        text = f"engine {self.command!r}{seat} {reason}"
        self._end(error_message(text))
        if how_it_ended:
            text += self._ending
        raise EngineError(text, self.stderr_tail, self.info_tail, late=late)


def seat_words(seat: int) -> str:
    """A seat as a report names it: counted from 1 for people, with the protocol's number
    (counted from 0, as in every message) beside it.

    >>> seat_words(0)
    'seat 1 (protocol seat 0)'
    """
    return f"seat {seat + 1} (protocol seat {seat})"


LIMITS_SHIM = """\
import os, resource, sys
for kind, value, extra in ((resource.RLIMIT_CPU, int(sys.argv[1]), 1),
                           (resource.RLIMIT_DATA, int(sys.argv[2]), 0)):
    if value >= 0:
        _, hard = resource.getrlimit(kind)
        if hard != resource.RLIM_INFINITY:
            resource.setrlimit(kind, (min(value, hard), hard))
        else:
            resource.setrlimit(kind, (value, value + extra))
try:
    os.execv(sys.argv[3], sys.argv[4:])
except OSError as error:
    sys.stderr.write(f"cannot start {sys.argv[3]!r}: {error.strerror}\\n")
    sys.exit(127)
"""
"""The program that sets an engine's ``Limits`` on itself and then becomes the engine
(``exec``: same process, same group). The soft CPU limit sends SIGXCPU, the hard one a
second later SIGKILL."""


def limited_argv(program: str, argv: Sequence[str], limits: Limits) -> list[str]:
    """The command line that runs ``program`` with ``argv`` under ``limits``: a short Python program
    (``LIMITS_SHIM``) sets them with ``setrlimit`` and ``exec``s the engine.

    The limits are set in the new process, not between ``fork`` and ``exec`` in ours:
    ``preexec_fn`` runs Python code in a forked copy of a threaded program (the web
    server's), which can deadlock on a lock another thread held at the fork. Spawning is
    left to ``subprocess`` (its own group by ``process_group=0``, done in C); the shim's
    few milliseconds of CPU count toward the engine's ``cpu_s``.

    >>> limited_argv("/bin/engine", ["engine", "--fast"], Limits(cpu_s=None, memory_mb=None))
    ['/bin/engine', '--fast']
    >>> limited_argv("/bin/engine", ["engine"], Limits(cpu_s=5, memory_mb=None))[-4:]
    ['5', '-1', '/bin/engine', 'engine']
    """
    if limits.cpu_s is None and limits.memory_mb is None:
        return [program, *argv[1:]]
    cpu = -1 if limits.cpu_s is None else limits.cpu_s
    memory = -1 if limits.memory_mb is None else limits.memory_mb * 1024 * 1024
    shim = [sys.executable, "-I", "-S", "-c", LIMITS_SHIM, str(cpu), str(memory)]
    return [*shim, program, *argv]


def find_program(name: str) -> str:
    """The file ``name`` runs, found on ``PATH`` as ``execvp`` would, so that a missing
    program is reported before anything starts.

    >>> find_program("sh").endswith("/sh")
    True
    """
    found = shutil.which(name) if os.sep not in name else name
    if found is None or not os.path.exists(found):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), name)
    if not os.access(found, os.X_OK) or os.path.isdir(found):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), name)
    return found


def _send_without_waiting(process: subprocess.Popen[bytes], message: dict[str, Any]) -> None:
    """Write ``message`` to the program if its input pipe has room (never blocks)."""
    stdin = process.stdin
    if stdin is None:
        return
    with contextlib.suppress(OSError, ValueError):
        stdin.flush()
        fd = stdin.fileno()
        os.set_blocking(fd, False)
        os.write(fd, encode(message))


def _tail(stream: IO[bytes]) -> list[str]:
    """The last ``TAIL_LINES`` lines of a file, each cut to ``TAIL_WIDTH`` characters."""
    stream.seek(0, os.SEEK_END)
    size = stream.tell()
    stream.seek(max(0, size - TAIL_LINES * TAIL_WIDTH * 4))
    lines = stream.read().decode("utf-8", errors="replace").splitlines()
    kept = [shorten(line.strip(), TAIL_WIDTH) for line in lines if line.strip()]
    return kept[-TAIL_LINES:]


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _exited(process: subprocess.Popen[bytes], timeout: float) -> bool:
    """Whether the program exits within ``timeout`` seconds. It is not reaped: while it is
    a zombie its number cannot be reused, so ``_kill`` cannot hit another group."""
    end = time.monotonic() + timeout
    while process.returncode is None:
        try:
            if os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT):
                return True
        except ChildProcessError:
            return True
        if time.monotonic() >= end:
            return False
        time.sleep(min(0.005, max(0.0, end - time.monotonic())))
    return True


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill the program's whole process group (the processes it started too) and reap it."""
    if process.returncode is not None:
        return  # reaped: its number may belong to another process now
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()
    process.wait()
