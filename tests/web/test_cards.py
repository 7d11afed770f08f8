"""The card faces the web table shows are the ones ``tools/make_cards.py`` draws."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import tricktable.web

ROOT = Path(__file__).resolve().parents[2]
CARDS = Path(tricktable.web.__file__).parent / "static" / "cards"


def _drawing() -> dict[str, str]:
    spec = importlib.util.spec_from_file_location("make_cards", ROOT / "tools" / "make_cards.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    files: dict[str, str] = module.files()
    return files


def test_every_card_face_is_committed_as_drawn() -> None:
    drawn = _drawing()
    assert {path.name for path in CARDS.glob("*.svg")} == set(drawn)
    for name, text in drawn.items():
        assert (CARDS / name).read_text(encoding="utf-8") == text, name


def test_every_card_the_games_name_has_a_face() -> None:
    from tricktable.cards import card_name
    from tricktable.errors import CardError

    named = 0
    for card in range(128):
        try:
            name = card_name(card)
        except (CardError, IndexError, KeyError, ValueError):
            continue
        named += 1
        assert (CARDS / f"{name}.svg").exists(), name
    assert named >= 53
    for card in ("AS", "TH", "2C", "JO", "1D", "back"):
        text = (CARDS / f"{card}.svg").read_text(encoding="utf-8")
        assert text.startswith("<svg") and not re.search(r"https?://(?!www\.w3\.org)", text)
