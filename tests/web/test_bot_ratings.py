"""The bots' fixed ratings (``bot_ratings.json``, measured by ``tools/bot_ratings.py``): every
level of every game has one, so a match against any level, the searching ones included, is
rated; each says how many matches measured it."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tricktable.bots.levels import LEVELS
from tricktable.games import GAME_NAMES, load_game
from tricktable.web.ratings import (
    BOT_RATINGS,
    NEWCOMER,
    Rating,
    RatingPlan,
    bot_rating,
    fit_bots,
    rate,
    rating_plan,
)

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bot_ratings.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_ratings_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_level_of_every_game_has_a_measured_rating(game: str) -> None:
    stored = json.loads(BOT_RATINGS.read_text())
    assert game not in stored["unmeasured"]
    for level in LEVELS:
        rating = bot_rating(game, level)
        assert rating is not None, (game, level)
        entry = stored["games"][game][level]
        assert entry["matches"] > 0 and 0 < rating.sigma < NEWCOMER.sigma
        assert entry["how"]


def fair_start(players: int) -> list[tuple[int, str | None, bool]]:
    return [(-1, None, False)] * players


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_a_match_against_a_searching_bot_is_rated(level: str) -> None:
    """A person and a partner against two ``hard`` (or ``expert``) bots in Euchre: rated,
    the bots at their fixed ratings; the person who won climbs."""
    game = load_game("euchre")
    seats = [("human", ""), ("bot", level), ("human", ""), ("bot", level)]
    played = [[["Ann"], [f"bot:{level}"], ["Bo"], [f"bot:{level}"]]]
    plan = rating_plan(game.name, game.sides, 0, seats, played, None, fair_start(4))
    assert isinstance(plan, RatingPlan), plan
    assert plan.bots == {1: bot_rating(game.name, level), 3: bot_rating(game.name, level)}
    after = rate(plan, {})
    assert after[0].mu > NEWCOMER.mu and after[2].mu > NEWCOMER.mu


def test_a_three_handed_euchre_match_against_bots_is_rated() -> None:
    """Each of three plays for itself: a person who loses to an ``easy`` and a ``hard`` bot
    falls."""
    game = load_game("three_handed_euchre")
    seats = [("human", ""), ("bot", "easy"), ("bot", "hard")]
    played = [[["Ann"], ["bot:easy"], ["bot:hard"]]]
    plan = rating_plan(game.name, game.sides, 2, seats, played, None, fair_start(3))
    assert isinstance(plan, RatingPlan), plan
    assert plan.ranks == [2, 2, 1]
    assert rate(plan, {})[0].mu < NEWCOMER.mu


def test_a_bot_rated_against_fixed_bots_leaves_their_ratings() -> None:
    """``fit_bots(fixed=...)``: the fixed bots keep their figures; the bot measured climbs
    when it wins, and its uncertainty shrinks with every match it plays."""
    medium = Rating(30.0, 2.0)
    won = [([["hard", "hard"], ["medium", "medium"]], [1, 2])]
    after_two = fit_bots(won * 2, fixed={"medium": medium})
    after_six = fit_bots(won * 6, fixed={"medium": medium})
    assert after_two["medium"] == after_six["medium"] == medium
    assert after_six["hard"].mu > after_two["hard"].mu > NEWCOMER.mu
    assert after_six["hard"].sigma < after_two["hard"].sigma < NEWCOMER.sigma


def test_the_ring_seats_every_order_and_keeps_its_matches(tmp_path: Path) -> None:
    """The ring for a game each of three plays for itself: every bot in every seat on each
    deal seed; the matches kept are read back, not played again."""
    tool = load_tool()
    seatings = tool.ring_seatings(["random", "easy", "medium"], 3, anchored=False)
    assert len(seatings) == 6 and {s[0] for s in seatings} == {"random", "easy", "medium"}
    anchored = tool.ring_seatings(["hard", "medium"], 3, anchored=True)
    assert sorted(s.index("hard") for s in anchored) == [0, 1, 2]
    kept = tmp_path / "matches"
    first = tool.play_seatings("three_handed_euchre", seatings, 1, kept)
    lines = kept.read_text().splitlines()
    assert len(lines) == 6 and len(first) == 6
    assert tool.play_seatings("three_handed_euchre", seatings, 1, kept) == first
    assert kept.read_text().splitlines() == lines
    for teams, ranks in first:
        assert sorted(bot for side in teams for bot in side) == ["easy", "medium", "random"]
        assert sorted(ranks) == [1, 2, 2]
