"""``tricktable import egn FILE`` and ``tricktable export egn RECORD...``: Euchre Game Notation.

``import`` reads an EGN game (docs/egn.md) and prints or writes its tricktable record; an EMN
match file (several games) gives one record per game. ``export`` writes a record as an EGN
game, or several records (or ``--out`` ending in ``.emn``) as an EMN match file. Both say
what EGN or tricktable cannot represent; an EGN binary file (``.egnb``) is named as one.
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

MATCH_SUFFIX = ".emn"
"""The file name ending of an EMN match file."""
BINARY_SUFFIX = ".egnb"
"""The file name ending of EGN's binary form."""


def add_import_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable import``."""
    parser.add_argument("format", choices=FORMATS, help="the notation (egn: Euchre Game Notation)")
    parser.add_argument(
        "file", help="the game (.egn) or match (.emn) file ('-' for standard input)"
    )
    parser.add_argument(
        "--out",
        metavar="RECORD",
        help="write the record here, not to stdout (a match: RECORD-1.json, RECORD-2.json, ...)",
    )


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable export``."""
    parser.add_argument("format", choices=FORMATS, help="the notation (egn: Euchre Game Notation)")
    parser.add_argument(
        "file", nargs="+", help="the record ('-' for standard input); several make an EMN match"
    )
    parser.add_argument(
        "--out", metavar="FILE", help="write the game here, not to stdout (.emn: a match file)"
    )


def run_import(args: argparse.Namespace) -> int:
    from tricktable.interop import egn

    data = _read(args.file)
    if data is None:
        return 2
    try:
        if args.file.endswith(BINARY_SUFFIX):
            form = egn.BINARY_MAGIC.get(data[0], "binary") if data else "binary"
            raise egn.EgnError(egn.binary_refusal(form))
        source = egn.notation_source(data)
        if isinstance(source, dict) and source.get("fileType") == egn.MATCH_FILE_TYPE:
            return _write_records(args.out, egn.read_emn(source))
        return _write(args.out, egn.read_egn(source))
    except TricktableError as error:
        print(f"error: {args.file}: {error}", file=sys.stderr)
        return 2


def run_export(args: argparse.Namespace) -> int:
    from tricktable.interop.egn import write_egn, write_emn

    texts = []
    for name in args.file:
        data = _read(name)
        if data is None:
            return 2
        texts.append(data)
    match = len(texts) > 1 or (args.out is not None and args.out.endswith(MATCH_SUFFIX))
    try:
        result = write_emn(texts) if match else write_egn(texts[0])
    except TricktableError as error:
        where = args.file[0] if len(args.file) == 1 else "the records"
        print(f"error: {where}: {error}", file=sys.stderr)
        return 2
    return _write(args.out, result)


def _read(name: str) -> bytes | None:
    """The bytes of a file ('-': standard input), or ``None`` having said why not."""
    try:
        return sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as error:
        print(f"error: cannot read {name}: {error.strerror}", file=sys.stderr)
        return None


def _write_records(out: str | None, records: list[dict[str, Any]]) -> int:
    """A match's records: a JSON list on stdout, or one file per game (numbered from 1)."""
    if out is None:
        sys.stdout.write(json.dumps(records, indent=2, ensure_ascii=False) + "\n")
        return 0
    path = Path(out)
    for number, record in enumerate(records, 1):
        status = _write(str(path.with_name(f"{path.stem}-{number}{path.suffix}")), record)
        if status:
            return status
    return 0


def _write(out: str | None, result: dict[str, Any]) -> int:
    text = json.dumps(result, indent=2, ensure_ascii=False) + "\n"
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"error: cannot write {out}: {error.strerror}", file=sys.stderr)
        return 2
    return 0
