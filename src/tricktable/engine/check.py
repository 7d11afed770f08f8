"""A conformance check of an engine (``tricktable engine-check cmd:...``): a checklist.

``check_engine`` starts the program as tricktable would (``SubprocessBot``, with the time
control and limits of the bot name's brackets) and checks, each as one ``Check``:

* the handshake: it answers ``hello`` with a ``ready`` of this protocol (and takes its
  options);
* for each game: whether it plays it (a program that answers ``game`` with ``error``
  declines the game: noted, not failed), legal answers from many positions (seeded matches
  in which the engine holds every seat, one process per seat as in a match), and its time
  use against its ``move_ms``;
* a clean exit: every process it ran left by itself after ``quit``, with status 0.

>>> import sys
>>> from tricktable.games import GAME_NAMES, load_game
>>> checks = check_engine(f"cmd:{sys.executable} -m tricktable engine --bot random",
...                       [load_game(GAME_NAMES[0])], positions=3, seed=1)
>>> [(check.name, check.passed) for check in checks]  # doctest: +NORMALIZE_WHITESPACE
[('handshake', True), ('plays', True), ('legal answers', True), ('time', True),
 ('clean exit', True)]
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.core import Game
from tricktable.engine.client import EngineError, SubprocessBot
from tricktable.errors import RuleError


@dataclass(frozen=True, slots=True)
class Check:
    """One line of the checklist: ``passed`` is ``None`` where it does not apply (a game the
    engine declines)."""

    name: str
    """``handshake``, ``plays``, ``legal answers``, ``time`` or ``clean exit``."""
    game: str | None
    """The rule string of the game it is about (``None``: the engine as a whole)."""
    passed: bool | None
    detail: str

    def to_json(self) -> dict[str, Any]:
        return {"check": self.name, "game": self.game, "passed": self.passed, "detail": self.detail}


@dataclass(slots=True)
class _Exits:
    """How the engine's processes ended."""

    clean: int = 0
    unclean: list[str] | None = None

    def note(self, bot: SubprocessBot) -> None:
        bot.close()
        if bot.left_in_time and bot.exit_status == 0:
            self.clean += 1
        else:
            how = "was killed" if not bot.left_in_time else f"exit status {bot.exit_status}"
            self.unclean = [*(self.unclean or []), f"{bot.game.rule_string()}: {how}"]


def _engine(name: str, game: Game[Any], seat: int) -> SubprocessBot:
    from tricktable.bots import make_bot

    bot = make_bot(name, game, seat, trusted=True)
    if not isinstance(bot, SubprocessBot):
        raise RuleError(f"engine-check checks an engine (cmd:COMMAND), not {name!r}")
    return bot


def check_engine(
    name: str, games: Sequence[Game[Any]], positions: int = 50, seed: int = 0
) -> list[Check]:
    """The checklist of the engine ``name`` (a ``cmd:`` bot name) over ``games``, asking
    ``positions`` decisions of each game it plays."""
    if positions < 1:
        raise ValueError(f"positions must be >= 1, not {positions}")
    exits = _Exits()
    first = _engine(name, games[0], 0)
    started = time.monotonic()
    try:
        first.handshake()
    except EngineError as error:
        return [Check("handshake", None, False, error.reason)]
    took = (time.monotonic() - started) * 1000
    options = ", ".join(first.declared_options) or "none"
    checks = [
        Check(
            "handshake",
            None,
            True,
            f"ready in {took:.0f} ms as {first.engine_name!r}, options: {options}",
        )
    ]
    exits.note(first)
    for game in games:
        checks += _check_game(name, game, positions, seed, exits)
    if not any(check.name == "plays" and check.passed for check in checks):
        checks.append(Check("plays", None, False, "plays none of the games checked"))
    if exits.unclean:
        detail = f"{len(exits.unclean)} of {exits.clean + len(exits.unclean)} processes did not"
        detail += f" leave cleanly after quit: {'; '.join(exits.unclean[:3])}"
        checks.append(Check("clean exit", None, False, detail))
    else:
        detail = f"all {exits.clean} processes left after quit with exit status 0"
        checks.append(Check("clean exit", None, True, detail))
    return checks


def _check_game(
    name: str, game: Game[Any], positions: int, seed: int, exits: _Exits
) -> list[Check]:
    """The checks of one game: whether the engine plays it, its answers and its time."""
    rules = game.rule_string()
    probe = _engine(name, game, 0)
    try:
        probe.start(0)
    except EngineError as error:
        if probe.declined is not None:
            return [Check("plays", rules, None, f"declines it: {probe.declined}")]
        return [Check("plays", rules, False, error.reason)]
    exits.note(probe)
    checks = [Check("plays", rules, True, "accepts the game message")]
    rng = random.Random(seed)
    times: list[float] = []
    limit = probe.time_control.move_ms
    while len(times) < positions:
        bots = [_engine(name, game, seat) for seat in range(game.players)]
        state = game.new_match(rng)
        try:
            while not state.is_terminal() and len(times) < positions:
                if state.is_chance():
                    state.deal_random(rng)
                    continue
                seat = state.current_player
                bots[seat].start(seat)  # its start is the handshake's, not the decision's
                started = time.monotonic()
                action = bots[seat].choose(state.view(seat), rng)
                times.append((time.monotonic() - started) * 1000)
                state.apply_text(action)
        except EngineError as error:
            failed = "time" if error.late else "legal answers"
            checks.append(Check(failed, rules, False, f"after {len(times)}: {error.reason}"))
            return checks
        finally:
            for bot in bots:
                if bot.running:
                    exits.note(bot)
    checks.append(
        Check("legal answers", rules, True, f"{len(times)} legal answers from as many positions")
    )
    mean, most = sum(times) / len(times), max(times)
    allowed = "no limit" if limit is None else f"move_ms {limit}"
    checks.append(
        Check("time", rules, True, f"mean {mean:.0f} ms, most {most:.0f} ms a decision ({allowed})")
    )
    return checks
