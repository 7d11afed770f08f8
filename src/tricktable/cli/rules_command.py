"""``tricktable rules``: the games, their presets and every rule option."""

from __future__ import annotations

import argparse
import dataclasses
import json
import textwrap

from tricktable.cli.arguments import add_json
from tricktable.cli.sim import UsageError, game_from_args, reporting_usage_errors
from tricktable.games import GAMES, load_game, spec_of
from tricktable.rules import option_infos, option_text, rule_string


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable rules``."""
    parser.add_argument("game", nargs="?", help="a game, e.g. euchre")
    parser.add_argument(
        "--rules",
        metavar="R",
        help="with --json: a rule string, a preset name, or name=value,... options",
    )
    add_json(
        parser,
        "the game's rules in full as JSON (every option's value), as the engine protocol's"
        " game message carries them",
    )


def _allowed(kind: str, choices: tuple[str, ...] | None, minimum: int | None) -> str:
    if choices:
        return ", ".join(choices)
    parts = []
    for name in kind.split(" or "):
        if name == "bool":
            parts.append("true, false")
        elif name == "int":
            parts.append("an integer" + (f" >= {minimum}" if minimum is not None else ""))
        else:
            parts.append(name)
    return " or ".join(parts)


@reporting_usage_errors
def run(args: argparse.Namespace) -> int:
    if args.game is None:
        if args.json or args.rules is not None:
            raise UsageError("--json and --rules need a game, e.g. tricktable rules euchre --json")
        print(games_text())
        return 0
    if args.game not in GAMES:
        raise UsageError(f"unknown game {args.game!r}; games: {', '.join(GAMES)}")
    if args.json:
        from tricktable.engine.protocol import rules_in_full

        print(json.dumps(rules_in_full(game_from_args(args.game, args.rules))))
        return 0
    if args.rules is not None:
        raise UsageError("--rules goes with --json (the text lists every preset and option)")
    print(game_text(args.game))
    return 0


def games_text() -> str:
    """Every game with its presets (the first is the default)."""
    lines = ["Games (presets; the first is the default):"]
    for name in GAMES:
        presets = load_game(name).presets
        lines.append(f"  {name}: {', '.join(presets)}")
    lines.append("")
    lines.append(
        "`tricktable rules GAME` lists a game's presets and options. Rules are given as"
        " a rule string, e.g. euchre(preset=british,target=11)."
    )
    return "\n".join(lines)


def game_text(name: str) -> str:
    """One game's presets and options, as `tricktable rules GAME` prints them."""
    game = load_game(name)
    infos = option_infos(type(game.rules))
    lines = [f"{name}", "", "Presets (options each sets; everything else is the default):"]
    presets = game.presets
    notes = spec_of(name).preset_notes
    for index, (preset, options) in enumerate(presets.items()):
        changes = ", ".join(f"{key}={option_text(value)}" for key, value in options.items())
        mark = " (default)" if index == 0 else ""
        said = "; ".join(part for part in (notes.get(preset, ""), changes) if part)
        lines.append(f"  {preset}{mark}: {said or 'the defaults'}")
    lines.append("")
    lines.append("Options (name: type, default; allowed values; then its label and meaning):")
    minimums = {f.name: f.metadata.get("minimum") for f in dataclasses.fields(game.rules)}
    for info in infos:
        allowed = _allowed(info.kind, info.choices, minimums.get(info.name))
        lines.append(
            f"  {info.name}: {info.kind}, default {option_text(info.default)}; allowed: {allowed}"
        )
        lines.extend(
            textwrap.wrap(
                f"{info.label}: {info.sentence}",
                width=96,
                initial_indent="      ",
                subsequent_indent="      ",
            )
        )
    example = (
        rule_string(name, {"preset": next(iter(presets)), infos[0].name: infos[0].default})
        if infos
        else name
    )
    lines.append("")
    lines.append(f"Example: --rules '{example}'  (or a preset name, or name=value,...)")
    return "\n".join(lines)
