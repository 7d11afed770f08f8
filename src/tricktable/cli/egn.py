"""``tricktable import egn FILE`` and ``tricktable export egn RECORD``: Euchre Game Notation.

``import`` reads an EGN game (docs/egn.md) and prints or writes its tricktable record;
``export`` writes a record as an EGN game. Both say what EGN or tricktable cannot represent.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tricktable.errors import TricktableError

FORMATS = ("egn",)
"""The interchange formats ``import`` and ``export`` know."""


def add_import_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable import``."""
    parser.add_argument("format", choices=FORMATS, help="the notation (egn: Euchre Game Notation)")
    parser.add_argument("file", help="the game file ('-' for standard input)")
    parser.add_argument("--out", metavar="RECORD", help="write the record here, not to stdout")


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable export``."""
    parser.add_argument("format", choices=FORMATS, help="the notation (egn: Euchre Game Notation)")
    parser.add_argument("file", help="the record ('-' for standard input)")
    parser.add_argument("--out", metavar="FILE", help="write the game here, not to stdout")


def run_import(args: argparse.Namespace) -> int:
    from tricktable.interop.egn import read_egn

    return _convert(args, read_egn)


def run_export(args: argparse.Namespace) -> int:
    from tricktable.interop.egn import write_egn

    return _convert(args, write_egn)


def _convert(args: argparse.Namespace, convert: Any) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
    except OSError as error:
        print(f"error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        result: dict[str, Any] = convert(text)
    except TricktableError as error:
        print(f"error: {args.file}: {error}", file=sys.stderr)
        return 2
    out = json.dumps(result, indent=2, ensure_ascii=False) + "\n"
    if args.out is None:
        sys.stdout.write(out)
        return 0
    try:
        Path(args.out).write_text(out, encoding="utf-8")
    except OSError as error:
        print(f"error: cannot write {args.out}: {error.strerror}", file=sys.stderr)
        return 2
    return 0
