"""The conformance suite (tricktable.testing) over Romanian Whist's seven-player jokers,
Oh Hell and variation mixes, plus hypothesis properties checked against RULES.md section 3.

Every preset that needs no option is played at every table size by the single suite
(``test_conformance.py``). A whole Romanian match is long (3n + 12 deals), so here the
default run plays many short matches (a few deals each), whole matches of a few mixes for
3 and 4 players, and checks later deals of the larger tables by fast-forwarding with
unchecked random play first. ``TRICKTABLE_LONG=1`` turns the ``slow`` test into 10,000
random deals per preset and player count, each deal checked against RULES.md by hand.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.cards import card_name
from tricktable.core import State
from tricktable.games import load_game
from tricktable.games.romanian_whist.engine import RomanianWhist, WhistState
from tricktable.record import replay_json
from tricktable.testing import (
    check_clone,
    check_deal_refused,
    check_illegal_actions,
    check_push_pop,
    check_replay,
    check_state_invariants,
    random_playout,
    run_conformance,
    snapshot,
)

from ..test_conformance import check_conformance, seed_of

LONG = os.environ.get("TRICKTABLE_LONG") == "1"


# -- the card-places hook ---------------------------------------------------------------------


def whist(players: int, options: dict[str, Any]) -> RomanianWhist:
    game = load_game("romanian_whist", dict(options), players=players)
    assert isinstance(game, RomanianWhist)
    return game


def oh_hell_size(players: int) -> int:
    """The largest Oh Hell hand (RULES.md 3.9: 1..floor(51/n))."""
    return 51 // players


# -- configurations ---------------------------------------------------------------------------

ROMANIAN_PRESETS = ("romanian_whist", "parlett", "eight_one_eight", "doizece")
PLAYERS = (3, 4, 5, 6, 7)

PRESET_TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    f"{preset}_{players}": (players, {"preset": preset})
    for preset in ROMANIAN_PRESETS
    for players in PLAYERS
}
"""The presets that need no option, at every table size (the single suite runs the
conformance suite on these)."""

NEEDING_OPTIONS: dict[str, tuple[int, dict[str, Any]]] = {
    **{
        f"{preset}_7_jokers": (7, {"preset": preset, "seven_players": "jokers"})
        for preset in ROMANIAN_PRESETS
    },
    **{
        f"oh_hell_{players}": (players, {"preset": "oh_hell", "hand_size": oh_hell_size(players)})
        for players in PLAYERS
    },
}
"""Seven players with the jokers, and Oh Hell (which needs its ``hand_size``)."""

CONFIGS = {**PRESET_TABLES, **NEEDING_OPTIONS}

MIXES: dict[str, tuple[int, dict[str, Any]]] = {
    "forehead_first_and_last_4": (4, {"forehead": "first_and_last"}),
    "forehead_first_and_last_7": (7, {"forehead": "first_and_last"}),
    "forehead_8_1_8_3": (3, {"preset": "eight_one_eight", "forehead": "last"}),
    "void_any_exact_2": (4, {"void_rule": "any", "exact_bonus": 2}),
    "miss_tricks_5": (5, {"miss_scoring": "tricks"}),
    "streak_zero_voids_3": (3, {"streak_bonus": True, "zero_bid_voids_bonus": True}),
    "streak_8_1_8_4": (4, {"preset": "eight_one_eight", "streak_bonus": True}),
    "streak_length_2_6": (6, {"streak_bonus": True, "streak_length": 2, "streak_points": 3}),
    "long_streak_4": (4, {"long_streak": True}),
    "long_and_short_streaks_3": (3, {"streak_bonus": True, "long_streak": True}),
    "tie_break_zero_oh_hell_3": (3, {"preset": "oh_hell", "hand_size": 1, "tie_break": "zero"}),
    "tie_break_blind_oh_hell_4": (
        4,
        {"preset": "oh_hell", "hand_size": 1, "tie_break": "blind"},
    ),
    "tie_break_zero_oh_hell_6": (6, {"preset": "oh_hell", "hand_size": 1, "tie_break": "zero"}),
    "zero_finish_oh_hell_5": (5, {"preset": "oh_hell", "hand_size": 2, "zero_finish": True}),
    "oh_hell_forehead_4": (4, {"preset": "oh_hell", "hand_size": 1, "forehead": "last"}),
    "oh_hell_must_trump_difference_7": (
        7,
        {"preset": "oh_hell", "hand_size": 3, "void_rule": "must_trump"},
    ),
}
"""Option mixes; tie-breaks are exercised on Oh Hell one-card deals, where ties are common."""

WHOLE: dict[str, tuple[int, dict[str, Any]]] = {
    "doizece_4": (4, {"preset": "doizece", "zero_bid_voids_bonus": True}),
    "forehead_last_3": (3, {"forehead": "last"}),
    "tie_break_zero_zero_finish_3": (3, {"tie_break": "zero", "zero_finish": True}),
    "tie_break_blind_3": (3, {"preset": "parlett", "tie_break": "blind"}),
}
"""Whole matches of option mixes (checked at a low rate): forehead 'last', zero_finish, tie
breaks (every preset's whole match is played by the single suite)."""


@pytest.mark.parametrize("name", sorted(NEEDING_OPTIONS))
def test_conformance_presets_with_options(name: str) -> None:
    players, options = NEEDING_OPTIONS[name]
    game = whist(players, options)
    report = run_conformance(game, matches=2, seed=seed_of(name), max_deals=2, check_rate=0.2)
    assert report.matches == 2 and report.conservation_checked
    assert report.decisions > 0 and report.illegal_tried > 0 and report.push_pops > 0
    if options["preset"] == "oh_hell":
        assert report.finished == 2  # a single deal decides the match


@pytest.mark.parametrize("name", sorted(MIXES))
def test_conformance_mixes(name: str) -> None:
    players, options = MIXES[name]
    game = whist(players, options)
    matches = 8 if options.get("preset") == "oh_hell" else 3
    check_conformance(game, seed_of(name), matches=matches, check_rate=0.2, whole=0)


@pytest.mark.parametrize("name", sorted(WHOLE))
def test_conformance_whole_match(name: str) -> None:
    players, options = WHOLE[name]
    game = whist(players, options)
    report = run_conformance(game, matches=1, seed=seed_of(name), max_steps=5_000, check_rate=0.03)
    assert report.finished == 1
    assert report.deals >= len(game.schedule)


def test_tie_breaks_are_reached() -> None:
    """The tie-break mixes above really play tie-break deals (rows '0' and 'NV')."""
    rows: set[str] = set()
    for tie_break in ("zero", "blind"):
        game = whist(3, {"preset": "oh_hell", "hand_size": 1, "tie_break": tie_break})
        for seed in range(30):
            state = random_playout(game, random.Random(seed))
            rows.update(entry["row"] for entry in replay_json(state)["deals"])
    assert {"0", "NV"} <= rows


def check_from_deal(game: RomanianWhist, seed: int, start: int, deals: int = 1) -> int:
    """Fast-forward ``start`` deals with unchecked random play, then check every step of
    the next ``deals`` deals with the single checks of the suite. Returns decisions."""
    rng = random.Random(seed)
    check_rng = random.Random(f"checks {seed}")
    state = game.new_match(rng)
    while len(state.deals) < start or not state.is_chance():
        if state.is_terminal():
            return 0
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    decisions = 0
    while len(state.deals) < start + deals or not state.is_chance():
        if state.is_terminal():
            break
        check_state_invariants(state)
        if state.is_chance():
            check_illegal_actions(state, check_rng, tries=1)
            check_replay(state)
            state.deal_random(rng)
            continue
        before = snapshot(state)
        check_illegal_actions(state, check_rng, before=before)
        check_deal_refused(state, before=before)
        if check_rng.random() < 0.3:
            check_clone(state, check_rng, before=before)
            check_push_pop(state, check_rng, check_rng.randint(1, 3), before=before)
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    check_state_invariants(state)
    check_replay(state)
    return decisions


@pytest.mark.parametrize(
    ("players", "seven"), [(p, "dead_hand") for p in PLAYERS] + [(7, "jokers")]
)
def test_conformance_deals_of_8_and_7(players: int, seven: str) -> None:
    """The deals of 7 (trump) and the first deal of 8 (no trump, whole deck) of 1-8-1."""
    game = whist(players, {"seven_players": seven})
    first_eight = game.schedule.index(8)
    assert check_from_deal(game, players, first_eight - 1, deals=2) > 0


@pytest.mark.parametrize("players", PLAYERS)
def test_conformance_last_forehead_deals(players: int) -> None:
    game = whist(players, {"forehead": "last"})
    start = len(game.schedule) - players
    assert check_from_deal(game, 7 * players, start, deals=players) > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_long_random_deals(name: str) -> None:
    """10,000 random deals per preset and player count with TRICKTABLE_LONG=1 (one whole
    match by default): random play, the state invariants checked at a sample of steps,
    every completed deal checked against RULES.md (hand size, tricks, the hook, the
    points), the record replayed; plus the full suite on short matches."""
    players, options = CONFIGS[name]
    game = whist(players, options)
    wanted = 10_000 if LONG else 1
    rate = 0.01 if LONG else 0.05
    played, index = 0, 0
    while played < wanted:
        match_seed = 30_000 + index
        check_rng = random.Random(f"long {match_seed}")

        def sample(state: State, rng: random.Random, check_rng: random.Random = check_rng) -> None:
            if check_rng.random() < rate:
                check_state_invariants(state)

        state = random_playout(game, random.Random(match_seed), on_step=sample)
        assert state.is_terminal()
        check_replay(state)
        entries = replay_json(state)["deals"]
        check_deals_by_hand(game, entries)
        played += len(entries)
        index += 1
    report = run_conformance(
        game, matches=20 if LONG else 1, seed=40_000, max_deals=3, check_rate=0.1
    )
    assert report.matches >= 1 and played >= wanted


def check_deals_by_hand(game: RomanianWhist, entries: list[dict[str, Any]]) -> None:
    """Every deal of a whole match: its hand size, tricks, bids (the hook) and points."""
    sizes = [entry["hand_size"] for entry in entries]
    assert sizes[: len(game.schedule)] == game.schedule
    for entry in entries:
        assert entry["complete"] and sum(entry["tricks"]) == entry["hand_size"]
        total = sum(bid for bid in entry["bids"] if bid is not None)
        assert total != entry["hand_size"] or entry["row"] == "0"
    expected = reference_points(game, entries)
    assert [entry["points"] for entry in entries] == expected


# -- hypothesis properties --------------------------------------------------------------------


def schedule_by_hand(kind: str, n: int) -> list[int]:
    """RULES.md 3.2."""
    ones, eights = [1] * n, [8] * n
    up, down = list(range(2, 8)), list(range(7, 1, -1))
    if kind == "1-8-1":
        return ones + up + eights + down + ones
    if kind == "parlett":
        return ones + up + [8] + down + ones
    return eights + down + ones + up + eights


@given(players=st.integers(3, 7))
def test_schedule_lengths(players: int) -> None:
    for preset, kind, length in (
        ("romanian_whist", "1-8-1", 3 * players + 12),
        ("parlett", "parlett", 2 * players + 13),
        ("eight_one_eight", "8-1-8", 3 * players + 12),
        ("doizece", "1-8-1", 3 * players + 12),
    ):
        schedule = whist(players, {"preset": preset}).schedule
        assert len(schedule) == length
        assert schedule == schedule_by_hand(kind, players)


@st.composite
def configurations(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    players = draw(st.integers(3, 7))
    preset = draw(st.sampled_from([*ROMANIAN_PRESETS, "oh_hell"]))
    options: dict[str, Any] = {"preset": preset}
    if preset == "oh_hell":
        options["hand_size"] = draw(st.integers(1, 51 // players))
    if players == 7 and draw(st.booleans()):
        options["seven_players"] = "jokers"
    if draw(st.booleans()):
        options["void_rule"] = draw(st.sampled_from(["must_trump", "any"]))
    if draw(st.booleans()):
        options["exact_bonus"] = draw(st.integers(0, 10))
    if draw(st.booleans()):
        options["streak_bonus"] = True
        options["streak_length"] = draw(st.sampled_from([None, 1, 2, 3, 5]))
        options["zero_bid_voids_bonus"] = draw(st.booleans())
        options["streak_points"] = draw(st.integers(0, 12))
    if draw(st.booleans()):
        options["long_streak"] = True
        options["zero_bid_voids_bonus"] = draw(st.booleans())
    if draw(st.booleans()):
        options["miss_scoring"] = draw(st.sampled_from(["difference", "tricks"]))
    if preset != "oh_hell" and draw(st.booleans()):
        options["forehead"] = draw(st.sampled_from(["last", "first_and_last"]))
    return players, options


def last_bidder(game: RomanianWhist, dealer: int) -> int:
    """RULES.md 3.4: the dealer, or with a dead hand the seat on the dealer's right."""
    players = game.players
    dead = players == 7 and game.rules.deck == "top" and game.rules.seven_players == "dead_hand"
    return (dealer - 1) % players if dead else dealer


def reference_points(game: RomanianWhist, entries: list[dict[str, Any]]) -> list[list[int]]:
    """Each deal's points by RULES.md 3.6 / 3.7 / 3.9, recomputed from bids and tricks."""
    r = game.rules
    players = game.players
    counts = []  # (length, points) of each streak count the rules keep
    if r.streak_bonus:
        counts.append((r.streak_length or players + 1, r.streak_points))
    if r.long_streak:
        counts.append((10, 30))
    runs = [[0] * players for _ in counts]
    zeros = [[False] * players for _ in counts]
    out = []
    for index, entry in enumerate(entries):
        size = entry["hand_size"]
        points = [0] * players
        for seat in range(players):
            bid, taken = entry["bids"][seat], entry["tricks"][seat]
            if bid is None:  # sits out
                assert taken == 0
                continue
            made = bid == taken
            if made:
                points[seat] = r.exact_bonus + bid
            elif r.miss_scoring == "tricks":
                points[seat] = taken
            else:
                points[seat] = -abs(bid - taken)
            if index >= len(game.schedule):
                continue
            for run, zero, (length, award) in zip(runs, zeros, counts, strict=True):
                if size == 1:
                    if r.schedule == "8-1-8":
                        run[seat], zero[seat] = 0, False
                    continue
                if made:
                    zero[seat] = (zero[seat] if run[seat] > 0 else False) or bid == 0
                    run[seat] = run[seat] + 1 if run[seat] > 0 else 1
                else:
                    run[seat] = run[seat] - 1 if run[seat] < 0 else -1
                    zero[seat] = False
                if run[seat] == length:
                    if not (zero[seat] and r.zero_bid_voids_bonus):
                        points[seat] += award
                    run[seat], zero[seat] = 0, False
                elif run[seat] == -length:
                    points[seat] -= award
                    run[seat], zero[seat] = 0, False
        out.append(points)
    return out


def forehead_deals_by_hand(game: RomanianWhist) -> set[int]:
    """RULES.md 3.7: the last n one-card deals (and with first_and_last the first n)."""
    mode = game.rules.forehead
    ones = [index for index, size in enumerate(game.schedule) if size == 1]
    if mode == "off" or not ones:
        return set()
    n = game.players
    # the one-card deals come in runs; 'last' is the last n of the final run
    runs: list[list[int]] = []
    for index in ones:
        if runs and runs[-1][-1] == index - 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    chosen = set(runs[-1][-n:])
    if mode == "first_and_last":
        chosen |= set(runs[0][:n])
    return chosen


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configurations(), seed=st.integers(0, 2**32), deals=st.integers(1, 12))
def test_properties_of_random_matches(
    config: tuple[int, dict[str, Any]], seed: int, deals: int
) -> None:
    players, options = config
    game = whist(players, options)
    foreheads = forehead_deals_by_hand(game)
    seen_forehead = [0]

    def on_step(state: State, rng: random.Random) -> None:
        assert isinstance(state, WhistState)
        if state.is_chance() or state.is_terminal():
            return
        view = state.view(state.current_player)
        index = len(state.deals) - 1
        deal = state.deals[-1]
        size = game.schedule[index] if index < len(game.schedule) else 8
        if view.phase == "bid":
            bids = view.public.to_json()["bids"]
            seat = state.current_player
            legal = state.legal_texts()
            if state.view(seat).public.to_json()["row"] == "0":
                assert legal == ["bid 0"]
            elif seat == last_bidder(game, view.dealer):
                # the hook: the dealer never makes the total equal the hand size
                others = sum(b for b in bids if b is not None)
                barred = size - others
                assert legal == sorted(f"bid {b}" for b in range(size + 1) if b != barred)
            else:
                assert legal == sorted(f"bid {b}" for b in range(size + 1))
        if index in foreheads:
            # forehead: no seat's view holds its own card before it is played
            seen_forehead[0] += 1
            played = {text.split()[1] for text in state.history_texts()[-1] if "play" in text}
            for other in range(players):
                other_view = state.view(other)
                unplayed = {c for c in deal.hands[other] if card_name(c) not in played}
                assert other_view.hand == ()
                assert unplayed.isdisjoint(other_view.known_cards())

    state = random_playout(game, random.Random(seed), max_deals=deals, on_step=on_step)
    entries = replay_json(state)["deals"]
    completed = [entry for entry in entries if entry["complete"]]
    expected = reference_points(game, completed)
    totals = [0] * players
    for index, (entry, points) in enumerate(zip(completed, expected, strict=True)):
        size = entry["hand_size"]
        assert size == (game.schedule[index] if index < len(game.schedule) else 8)
        assert sum(entry["tricks"]) == size
        assert sum(b for b in entry["bids"] if b is not None) != size or entry["row"] == "0"
        assert entry["points"] == points, f"deal {index}: {entry} expected {points}"
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        assert entry["scores"] == totals
    assert state.scores() == totals
    if any(i < len(game.schedule) for i in foreheads) and len(state.deals) > max(foreheads):
        assert seen_forehead[0] > 0


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 7), seed=st.integers(0, 2**32))
def test_properties_of_whole_matches(players: int, seed: int) -> None:
    """Whole 1-8-1 matches: the schedule is played out, totals add up, the highest total
    wins (shared on a tie)."""
    game = whist(players, {})
    state = random_playout(game, random.Random(seed))
    assert state.is_terminal()
    entries = replay_json(state)["deals"]
    assert [entry["hand_size"] for entry in entries] == game.schedule
    expected = reference_points(game, entries)
    assert [entry["points"] for entry in entries] == expected
    totals = [sum(column) for column in zip(*expected, strict=True)]
    assert state.scores() == totals
    best = max(totals)
    leaders = [seat for seat in range(players) if totals[seat] == best]
    assert state.winner() == (leaders[0] if len(leaders) == 1 else leaders)
