"""``tricktable replay``: check records and print them for people or as JSON (RECORDS.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from tricktable.cli.arguments import add_json
from tricktable.cli.terminal import card_writer
from tricktable.errors import RecordError
from tricktable.record import parse_record, replay_json, replay_record, replay_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tricktable replay``."""
    parser.add_argument("file", nargs="?", help="the record file ('-' for standard input)")
    add_json(parser, "one JSON result object")
    parser.add_argument(
        "--jsonl",
        metavar="FILE",
        help="read one record per line ('-' for standard input); print one result per line",
    )


def _open(path: str) -> TextIO:
    return sys.stdin if path == "-" else open(path, encoding="utf-8")


def run(args: argparse.Namespace) -> int:
    if args.jsonl is not None:
        if args.file is not None:
            print("error: give either FILE or --jsonl FILE, not both", file=sys.stderr)
            return 2
        return _run_jsonl(args.jsonl)
    if args.file is None:
        print("error: replay needs a record FILE (or --jsonl FILE)", file=sys.stderr)
        return 2
    try:
        with _open(args.file) as handle:
            text = handle.read()
    except OSError as error:
        print(f"error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        data = parse_record(text)
        state = replay_record(data)
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(replay_json(state)))
    else:  # seats named by the record's names (presentation.names), cards as people read them
        print(replay_text(state, record=data, card=card_writer(sys.stdout)))
    return 0


def _run_jsonl(path: str) -> int:
    failed = False
    try:
        handle = _open(path)
    except OSError as error:
        print(f"error: cannot read {path}: {error.strerror}", file=sys.stderr)
        return 2
    with handle:
        for line in handle:
            if not line.strip():
                continue
            try:
                result: dict[str, Any] = replay_json(replay_record(line))
            except RecordError as error:
                result = {"error": str(error)}
                failed = True
            print(json.dumps(result), flush=False)
    sys.stdout.flush()
    return 2 if failed else 0
