"""Draw the web table's card faces as SVG files: ``python tools/make_cards.py``.

Writes ``src/tricktable/web/static/cards/<card>.svg`` for every card name the games use
(``AS`` ... ``2C``, ``TS`` for the ten, ``1S`` ... for Romanian whist's jokers ranked 1,
``JO`` for the Joker) and ``back.svg``. Everything is drawn here from paths and text: no
outside artwork. ``tests/web/test_cards.py`` checks that the files are what this script
writes, so change the drawing here and run it again.
"""

from __future__ import annotations

import sys
from pathlib import Path

TARGET = Path(__file__).resolve().parents[1] / "src" / "tricktable" / "web" / "static" / "cards"

WIDTH, HEIGHT = 240, 336
RED, BLACK = "#c0282d", "#1b1b1b"

SUIT_PATHS = {
    "H": "M50 92C20 68 0 48 0 28C0 11 13 0 28 0C39 0 46 7 50 16C54 7 61 0 72 0"
    "C87 0 100 11 100 28C100 48 80 68 50 92Z",
    "D": "M50 0L86 50L50 100L14 50Z",
    "S": "M50 0C80 25 100 42 100 61C100 76 88 85 75 85C65 85 57 80 53 73C55 86 60 94 70 100"
    "L30 100C40 94 45 86 47 73C43 80 35 85 25 85C12 85 0 76 0 61C0 42 20 25 50 0Z",
    "C": "M28 25A22 22 0 1 1 72 25A22 22 0 1 1 28 25Z"
    "M3 62A22 22 0 1 1 47 62A22 22 0 1 1 3 62Z"
    "M53 62A22 22 0 1 1 97 62A22 22 0 1 1 53 62Z"
    "M44 40L56 40L56 70C56 84 61 93 72 100L28 100C39 93 44 84 44 70Z",
}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORDS = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "1": "joker ranked one",
}
RANK_TEXT = {"T": "10"}

PIPS: dict[str, list[tuple[int, int]]] = {
    "2": [(120, 74), (120, 262)],
    "3": [(120, 74), (120, 168), (120, 262)],
    "4": [(76, 74), (164, 74), (76, 262), (164, 262)],
    "5": [(76, 74), (164, 74), (120, 168), (76, 262), (164, 262)],
    "6": [(76, 74), (164, 74), (76, 168), (164, 168), (76, 262), (164, 262)],
    "7": [(76, 74), (164, 74), (120, 121), (76, 168), (164, 168), (76, 262), (164, 262)],
    "8": [(x, y) for x in (76, 164) for y in (74, 168, 262)] + [(120, 121), (120, 215)],
    "9": [(x, y) for x in (76, 164) for y in (74, 137, 199, 262)] + [(120, 168)],
    "T": [(x, y) for x in (76, 164) for y in (74, 137, 199, 262)] + [(120, 105), (120, 231)],
}


def _pip(suit: str, x: float, y: float, size: float, flip: bool = False) -> str:
    scale = size / 100
    rotate = f" rotate(180 {x:g} {y:g})" if flip else ""
    return (
        f'<use href="#{suit}" transform="{rotate.strip()} translate({x - size / 2:g} '
        f'{y - size / 2:g}) scale({scale:g})"/>'
    ).replace('transform=" ', 'transform="')


def _corner(rank_text: str, suit: str | None, colour: str) -> str:
    font = 44 if len(rank_text) == 1 else 38
    parts = [
        f'<text x="30" y="52" font-family="DejaVu Sans, Verdana, sans-serif" font-size="{font}"'
        f' font-weight="700" text-anchor="middle" fill="{colour}"'
        f' letter-spacing="{-3 if len(rank_text) > 1 else 0}">{rank_text}</text>'
    ]
    if suit is not None:
        parts.append(_pip(suit, 30, 78, 30))
    group = "".join(parts)
    return f'<g>{group}</g><g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{group}</g>'


def _frame(body: str, defs: str = "") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' width="{WIDTH}" height="{HEIGHT}">'
        f"<defs>{defs}</defs>"
        f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="16"'
        f' fill="#fffdf7" stroke="#8a8a8a" stroke-width="3"/>'
        f"{body}</svg>\n"
    )


def face(name: str) -> str:
    """The SVG of one card, e.g. ``face("JS")``."""
    if name == "JO":
        star = _star(120, 150, 56, "#c0282d")
        text = (
            '<text x="120" y="262" font-family="DejaVu Sans, Verdana, sans-serif"'
            ' font-size="40" font-weight="700" text-anchor="middle" fill="#1b1b1b">JOKER</text>'
        )
        corner = (
            '<text x="30" y="50" font-family="DejaVu Sans, Verdana, sans-serif" font-size="26"'
            ' font-weight="700" text-anchor="middle" fill="#c0282d">J</text>'
            + _star(30, 74, 14, "#c0282d")
        )
        return _frame(star + text + corner)
    rank, suit = name[:-1], name[-1]
    colour = RED if suit in "HD" else BLACK
    defs = f'<path id="{suit}" d="{SUIT_PATHS[suit]}" fill="{colour}"/>'
    body = _corner(RANK_TEXT.get(rank, rank), suit, colour)
    if rank in PIPS:
        body += "".join(_pip(suit, x, y, 46, flip=y > HEIGHT / 2) for x, y in PIPS[rank])
    elif rank == "A":
        body += _pip(suit, 120, 168, 110)
    elif rank == "1":
        body += _star(120, 140, 50, colour) + _pip(suit, 120, 230, 50)
    else:  # a court card: the letter in a framed panel, the suit above and below
        body += (
            f'<rect x="58" y="64" width="124" height="208" rx="10" fill="#f6ecd2"'
            f' stroke="{colour}" stroke-width="3"/>'
            f'<text x="120" y="196" font-family="DejaVu Serif, Georgia, serif" font-size="110"'
            f' font-weight="700" text-anchor="middle" fill="{colour}">{rank}</text>'
            + _pip(suit, 120, 98, 38)
            + _pip(suit, 120, 238, 38, flip=True)
        )
    return _frame(body, defs)


def _star(x: float, y: float, radius: float, colour: str) -> str:
    import math

    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append(f"{x + r * math.cos(angle):.1f},{y + r * math.sin(angle):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="{colour}"/>'


def back() -> str:
    """The back of every card: a plain lattice."""
    defs = (
        '<pattern id="lattice" width="16" height="16" patternUnits="userSpaceOnUse"'
        ' patternTransform="rotate(45)"><rect width="16" height="16" fill="#2d5d9a"/>'
        '<rect width="8" height="16" fill="#3c6fb0"/></pattern>'
    )
    body = (
        f'<rect x="16" y="16" width="{WIDTH - 32}" height="{HEIGHT - 32}" rx="10"'
        ' fill="url(#lattice)" stroke="#1f4473" stroke-width="3"/>'
    )
    return _frame(body, defs)


def card_names() -> list[str]:
    """Every card name drawn (the 52, the four jokers ranked 1 and the Joker)."""
    ranks = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "1"]
    return [rank + suit for suit in "SHDC" for rank in ranks] + ["JO"]


def files() -> dict[str, str]:
    """File name -> SVG text of every file the script writes."""
    out = {f"{name}.svg": face(name) for name in card_names()}
    out["back.svg"] = back()
    return out


def main() -> int:
    TARGET.mkdir(parents=True, exist_ok=True)
    for name, text in files().items():
        (TARGET / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(files())} files to {TARGET}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
