"""What the golden-record builders (``build_GAME.py``) share: play lists, the record layout
for people, and writing a game's folder of goldens.

>>> plays("JH 9H", "AS KS")
['play JH', 'play 9H', 'play AS', 'play KS']
>>> print(dump({"game": "euchre", "deals": [{"hands": [["JH"], ["9H"]], "actions": []}]}), end="")
{
  "game": "euchre",
  "deals": [
    {
      "hands": [
        ["JH"],
        ["9H"]
      ],
      "actions": []
    }
  ]
}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any


def plays(*tricks: str) -> list[str]:
    """``"JH JD QH 9H"`` per trick, in the order the seats play."""
    return [f"play {card}" for trick in tricks for card in trick.split()]


def dump(rec: Any) -> str:
    """A record laid out for people: one line per hand and per deal field (anything that is
    not a record with deals: indented JSON)."""
    if not isinstance(rec, dict) or not isinstance(rec.get("deals"), list):
        return json.dumps(rec, indent=1, ensure_ascii=False) + "\n"
    lines = ["{"]
    for key, value in rec.items():
        if key != "deals":
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    lines.append('  "deals": [')
    for i, d in enumerate(rec["deals"]):
        lines.append("    {")
        items = list(d.items())
        for j, (key, value) in enumerate(items):
            comma = "," if j < len(items) - 1 else ""
            if key == "hands":
                inner = ",\n".join("        " + json.dumps(h) for h in value)
                lines.append(f'      "hands": [\n{inner}\n      ]{comma}')
            else:
                lines.append(
                    f"      {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}"
                )
        lines.append("    }" + ("," if i < len(rec["deals"]) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def indented(rec: Any) -> str:
    """A record as plain indented JSON."""
    return json.dumps(rec, indent=1, ensure_ascii=False) + "\n"


def write_goldens(
    folder: Path,
    goldens: Mapping[str, tuple[Any, Any]],
    errors: Mapping[str, tuple[Any, list[str]]],
    *,
    check: Callable[[str, Any], None] | None = None,
    layout: Callable[[Any], str] = dump,
) -> None:
    """Write ``folder`` anew: ``NAME.json`` and ``NAME.expect.json`` for each good golden
    (``check(name, record)`` first, when given), ``NAME.json`` and ``NAME.error.txt`` (one
    needle a line) for each error golden."""
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        if old.suffix in (".json", ".txt"):
            old.unlink()
    for name, (rec, expect) in goldens.items():
        if check is not None:
            check(name, rec)
        (folder / f"{name}.json").write_text(layout(rec), encoding="utf-8")
        (folder / f"{name}.expect.json").write_text(indented(expect), encoding="utf-8")
    for name, (rec, needles) in errors.items():
        (folder / f"{name}.json").write_text(layout(rec), encoding="utf-8")
        (folder / f"{name}.error.txt").write_text("\n".join(needles) + "\n", encoding="utf-8")
    print(f"{len(goldens)} goldens, {len(errors)} error goldens in {folder}")
