"""The conformance suite (tricktable.testing) over All Fours, plus properties.

- ``all_fours_places`` is the card-places hook of the game (named by its spec): hands,
  the trick in progress, completed tricks, stock, set-aside turn-ups, the turn-up while it
  is not set aside, and discards. One place per card in the list-valued places, so a card
  held twice in one list is caught too.
- ``run_conformance`` runs over some option mixes here (every preset for 2, 3 and 4 players
  is played by the single suite, ``test_conformance.py``).
- ``Reference`` is a second, deliberately plain model of RULES.md section 2 written from the
  text (card names, lists and sets; nothing from the engine but ``Deal``). Random matches are
  played through both, comparing the seat to act, the legal actions, the scores and every
  deal summary at every step.
- Hypothesis properties: cards are conserved (52 in exactly one place), every hand holds
  6 cards at the first lead, a deal scores at most 4 points plus kick and gift, scores never
  decrease, and replaying the record reproduces the scores and the score sheet.

Deals can be *stacked* (``stacked_deal``): the turn-up suit is put at the positions a run
turns up, so running again and a pack that runs out happen often, not once in thousands.
"""

from __future__ import annotations

import os
import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable.cards import card_name, mask_of, parse_card
from tricktable.core import Deal, State
from tricktable.games.all_fours.checks import card_places as all_fours_places
from tricktable.games.all_fours.engine import AllFours, AllFoursRules, AllFoursState
from tricktable.record import record_of, replay_record
from tricktable.testing import (
    ConformanceError,
    check_card_conservation,
    check_clone,
    check_deal_refused,
    check_illegal_actions,
    check_pop_at_deal_start,
    check_push_pop,
    check_replay,
    check_state_invariants,
    random_playout,
)

from ..test_conformance import check_conformance, seed_of

LONG = os.environ.get("TRICKTABLE_LONG") == "1"


# -- the card-places hook ----------------------------------------------------------------------


def place_count(state: State) -> int:
    """How many cards the places hold, counting every copy."""
    return sum(mask.bit_count() for _, mask in all_fours_places(state))


# -- configurations ----------------------------------------------------------------------------

PRESET_TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    f"{preset}_{players}p": (players, {"preset": preset})
    for preset in ("seven_up", "all_fours")
    for players in (2, 3, 4)
}
"""Every preset at every table size (the single suite runs the conformance suite on these)."""

MIXES: dict[str, tuple[int, dict[str, Any]]] = {
    "4p_no_partnerships": (4, {"partnerships": False}),
    "4p_anticlockwise": (4, {"direction": "anticlockwise"}),
    "4p_must_trump": (4, {"void_rule": "must_trump"}),
    "4p_three_player_gift_both": (4, {"three_player_gift": "both"}),
    "4p_gift_may_win": (4, {"gift_may_win": True, "target": 3}),
    "3p_gift_both_may_win": (3, {"three_player_gift": "both", "gift_may_win": True, "target": 2}),
    "3p_anticlockwise_must_trump": (3, {"direction": "anticlockwise", "void_rule": "must_trump"}),
    "2p_all_options": (
        2,
        {"preset": "all_fours", "void_rule": "must_trump", "gift_may_win": True, "target": 3},
    ),
}

CONFIGS = {**PRESET_TABLES, **MIXES}


def make_game(name: str) -> AllFours:
    players, options = CONFIGS[name]
    return AllFours.from_spec(dict(options), players)


@pytest.mark.parametrize("name", sorted(MIXES))
def test_conformance_option_mix(name: str) -> None:
    game = make_game(name)
    whole = check_conformance(game, seed_of(name), check_rate=0.25, whole_rate=0.08)
    assert whole.finished == whole.matches, "a whole match to 7 ends within 3,000 decisions"


# -- an independent model of RULES.md section 2 ------------------------------------------------

RANKS = "23456789TJQKA"
COUNT = {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}


def rank(card: str) -> int:
    return RANKS.index(card[0])


class Reference:
    """All Fours as RULES.md section 2 reads, on card names; slow and plain on purpose."""

    def __init__(self, rules: AllFoursRules, players: int, first_dealer: int) -> None:
        self.r = rules
        self.n = players
        self.partners = players == 4 and rules.partnerships
        self.side_count = 2 if self.partners else players
        self.step = 1 if rules.direction == "clockwise" else -1
        self.dealer = first_dealer
        self.scores = [0] * self.side_count
        self.winner: int | None = None
        self.phase = "deal"
        self.to_act = -1
        self.sheet: list[dict[str, Any]] = []
        self.kick_gift: list[int] = []
        """Kick and gift points of each deal."""

    def side(self, seat: int) -> int:
        return seat % 2 if self.partners else seat

    def after(self, seat: int) -> int:
        return (seat + self.step) % self.n

    def from_eldest(self) -> list[int]:
        seats = [self.after(self.dealer)]
        while len(seats) < self.n:
            seats.append(self.after(seats[-1]))
        return seats

    # -- a deal
    def deal(self, deal: Deal) -> None:
        assert self.phase == "deal" and deal.turned is not None
        self.hands = [{card_name(c) for c in hand} for hand in deal.hands]
        self.turned = card_name(deal.turned)
        self.stock = [card_name(c) for c in deal.stock]
        self.set_aside: list[str] = []
        self.discarded: list[str] = []
        self.trump: str | None = None
        self.points = [0] * self.side_count
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[tuple[list[tuple[int, str]], int]] = []
        self.eldest = self.after(self.dealer)
        self.kick_gift.append(0)
        self.phase, self.to_act = "stand_beg", self.eldest
        if self.turned[0] == "J":
            self.kick()

    def add(self, side: int) -> bool:
        """One point; True when it wins the match (the deal then ends at once)."""
        self.scores[side] += 1
        self.points[side] += 1
        if self.scores[side] >= self.r.target:
            self.winner = side
            self.end(complete=True)
            self.phase, self.to_act = "over", -2
            return True
        return False

    def kick(self) -> bool:
        self.kick_gift[-1] += 1
        return self.add(self.side(self.dealer))

    def gift_sides(self) -> list[int]:
        if self.n == 3 and self.r.three_player_gift == "both":
            return [self.side(s) for s in self.from_eldest() if s != self.dealer]
        return [self.side(self.eldest)]

    def playable(self, seat: int) -> set[str]:
        hand = self.hands[seat]
        if not self.trick:
            return set(hand)
        led = self.trick[0][1][1]
        follow = {c for c in hand if c[1] == led}
        trumps = {c for c in hand if c[1] == self.trump}
        if follow:
            return follow | trumps
        if self.r.void_rule == "must_trump" and trumps:
            return trumps
        return set(hand)

    def legal(self) -> list[str]:
        if self.phase == "stand_beg":
            return ["beg", "stand"]
        if self.phase == "give_run":
            may = self.r.gift_may_win or all(
                self.scores[s] + 1 < self.r.target for s in self.gift_sides()
            )
            return ["give", "run"] if may else ["run"]
        if self.phase == "discard":
            return sorted(f"discard {c}" for c in self.hands[self.to_act])
        if self.phase == "play":
            return sorted(f"play {c}" for c in self.playable(self.to_act))
        return []

    def act(self, text: str) -> None:
        assert text in self.legal(), (text, self.legal())
        seat = self.to_act
        if text == "stand":
            self.trump = self.turned[1]
            self.start_play()
        elif text == "beg":
            self.phase, self.to_act = "give_run", self.dealer
        elif text == "give":
            self.trump = self.turned[1]  # decided, even if the gift ends the match
            for side in self.gift_sides():
                self.kick_gift[-1] += 1
                if self.add(side):
                    return
            self.trump = self.turned[1]
            self.start_play()
        elif text == "run":
            self.run()
        elif text.startswith("discard "):
            card = text.split()[1]
            self.hands[seat].remove(card)
            self.discarded.append(card)
            if len(self.hands[seat]) == 6:
                self.queue.pop(0)
                if self.queue:
                    self.to_act = self.queue[0]
                else:
                    self.start_play()
        else:
            self.play(seat, text.split()[1])

    def run(self) -> None:
        rejected = self.turned[1]
        while True:
            self.set_aside.append(self.turned)
            if len(self.stock) < 3 * self.n + 1:
                self.end(complete=True, thrown_in=True)
                self.phase, self.to_act = "deal", -1  # the same dealer deals again
                return
            for seat in self.from_eldest():
                for _ in range(3):
                    self.hands[seat].add(self.stock.pop(0))
            self.turned = self.stock.pop(0)
            if self.turned[1] != rejected:
                break
        self.trump = self.turned[1]  # decided, even if the kick ends the match
        if self.turned[0] == "J" and self.kick():
            return
        self.queue = [s for s in self.from_eldest() if len(self.hands[s]) > 6]
        if self.queue:
            self.phase, self.to_act = "discard", self.queue[0]
        else:  # pragma: no cover - every seat holds 9 or more after a run
            self.start_play()

    def start_play(self) -> None:
        self.held = [set(hand) for hand in self.hands]
        self.phase, self.to_act = "play", self.eldest

    def play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.n:
            self.to_act = self.after(seat)
            return
        led = self.trick[0][1][1]
        trumps = [(rank(c), s) for s, c in self.trick if c[1] == self.trump]
        followers = [(rank(c), s) for s, c in self.trick if c[1] == led]
        winner = max(trumps or followers)[1]
        self.tricks.append((self.trick, winner))
        self.trick = []
        if len(self.tricks) < 6:
            self.to_act = winner
            return
        self.count()

    def won_by(self, card: str) -> int:
        return next(w for trick, w in self.tricks if any(c == card for _, c in trick))

    def holder(self, card: str) -> int:
        return next(s for s in range(self.n) if card in self.held[s])

    def game_points(self) -> list[int]:
        totals = [0] * self.side_count
        for trick, winner in self.tricks:
            totals[self.side(winner)] += sum(COUNT.get(c[0], 0) for _, c in trick)
        return totals

    def count(self) -> None:
        in_play = set().union(*self.held)
        trumps = sorted((c for c in in_play if c[1] == self.trump), key=rank)
        if trumps:
            high, low = trumps[-1], trumps[0]
            if self.add(self.side(self.holder(high))):
                return
            low_seat = self.holder(low) if self.r.low_point == "dealt" else self.won_by(low)
            if self.add(self.side(low_seat)):
                return
            jack = "J" + str(self.trump)
            if jack in in_play and self.add(self.side(self.won_by(jack))):
                return
        totals = self.game_points()
        leaders = [s for s, t in enumerate(totals) if t == max(totals)]
        if len(leaders) == 1:
            if self.add(leaders[0]):
                return
        elif self.r.game_tie == "non_dealer":
            others = [s for s in leaders if s != self.side(self.dealer)]
            if len(others) == 1 and self.add(others[0]):
                return
        self.end(complete=True)
        self.dealer = self.after(self.dealer)
        self.phase, self.to_act = "deal", -1

    def summary(self, complete: bool, thrown_in: bool = False) -> dict[str, Any]:
        tricks = [0] * self.side_count
        for _, winner in self.tricks:
            tricks[self.side(winner)] += 1
        out: dict[str, Any] = {
            "points": list(self.points),
            "scores": list(self.scores),
            "tricks": tricks,
            "trump": self.trump,
            "makers": None,
            "complete": complete,
            "game_points": self.game_points(),
        }
        if thrown_in:
            out["thrown_in"] = True
        return out

    def end(self, complete: bool, thrown_in: bool = False) -> None:
        self.sheet.append(self.summary(complete, thrown_in))

    def summaries(self) -> list[dict[str, Any]]:
        if self.phase in ("deal", "over"):
            return list(self.sheet)
        return [*self.sheet, self.summary(complete=False)]


def stacked_deal(state: AllFoursState, rng: random.Random) -> Deal:
    """A random deal, often stacked: a jack turned up (a kick), and the turn-up's suit at
    the stock positions that runs turn up (so the cards are run again and the pack can run
    out)."""
    deal = state.random_deal(rng)
    if rng.random() < 0.4:
        return deal
    assert deal.turned is not None
    n = len(deal.hands)
    turned = deal.turned
    stock = list(deal.stock)
    if rng.random() < 0.3:
        j = rng.choice([i for i, c in enumerate(stock) if card_name(c)[0] == "J"] or [0])
        turned, stock[j] = stock[j], turned
    suit = card_name(turned)[1]
    repeats = rng.randint(1, 6)
    targets = [p for k in range(repeats) if (p := 3 * n + k * (3 * n + 1)) < len(stock)]
    for position in targets:
        if card_name(stock[position])[1] == suit:
            continue
        others = [i for i, c in enumerate(stock) if card_name(c)[1] == suit and i not in targets]
        if not others:
            break
        j = rng.choice(others)
        stock[position], stock[j] = stock[j], stock[position]
    return Deal(deal.hands, turned, tuple(stock))


def check_against_reference(
    game: AllFours, seed: int, max_deals: int, stacked: bool = True
) -> tuple[AllFoursState, Reference]:
    """Play one seeded random match through the engine and the reference, comparing
    every step."""
    rng = random.Random(seed)
    state = cast(AllFoursState, game.new_match(rng))
    ref = Reference(game.rules, game.players, state.first_dealer)
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            assert ref.phase == "deal"
            if len(state.deals) >= max_deals:
                break
            deal = stacked_deal(state, rng) if stacked else state.random_deal(rng)
            state.deal(deal)
            ref.deal(deal)
        else:
            legal = ref.legal()
            where = f"seed {seed}, deal {len(state.deals)}, step {len(state.actions[-1])}"
            assert state.current_player == ref.to_act, where
            assert state.legal_texts() == legal, where
            text = rng.choice(legal)
            state.apply_text(text)
            ref.act(text)
            steps += 1
        assert state.scores() == ref.scores, f"seed {seed}: scores"
        got = [s.to_json() for s in state.summaries()]
        want = ref.summaries()
        assert len(got) == len(want), f"seed {seed}: {len(got)} summaries, expected {len(want)}"
        for index, (g, w) in enumerate(zip(got, want, strict=True)):
            picked = {key: g.get(key) for key in w}
            assert picked == w, f"seed {seed}, deal {index}: {picked} != {w}"
            assert ("thrown_in" in g) == ("thrown_in" in w), f"seed {seed}, deal {index}"
    assert state.is_terminal() == (ref.phase == "over")
    assert state.winner() == ref.winner
    return state, ref


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_engine_agrees_with_the_reference(name: str) -> None:
    game = make_game(name)
    base = sum(map(ord, name)) * 100
    matches = 400 if LONG else 30
    for index in range(matches):
        check_against_reference(game, base + index, max_deals=30, stacked=index % 3 != 0)


def test_reference_run_covers_repeats_and_thrown_in() -> None:
    """The stacked deals do reach the rare branches (so the comparison covers them)."""
    seen_repeat = seen_thrown = seen_run_kick = 0
    for players in (2, 3, 4):
        game = AllFours.from_spec({}, players)
        for seed in range(60):
            state, _ = check_against_reference(game, 7_000 + seed, max_deals=8)
            for summary in state.summaries():
                events = " ".join(summary.to_json()["events"])
                seen_repeat += "run again" in events
                seen_thrown += summary.thrown_in
                seen_run_kick += "run:" in events and "kick" in events.split("run:")[-1]
    assert seen_repeat and seen_thrown and seen_run_kick


@pytest.mark.parametrize("players", [2, 3, 4])
def test_contract_checks_on_stacked_deals(players: int) -> None:
    """The single checks of tricktable.testing on deals that run again, kick and throw in
    (random deals alone almost never run out of cards)."""
    game = AllFours.from_spec({"gift_may_win": True}, players)
    thrown = 0
    for seed in range(200 if LONG else 4):
        rng = random.Random(seed)
        check_rng = random.Random(-seed)
        state = cast(AllFoursState, game.new_match(rng))
        while not state.is_terminal() and len(state.deals) <= 5:
            check_state_invariants(state)
            if state.is_chance():
                if state.deals:
                    check_replay(state)
                state.deal(stacked_deal(state, rng))
                continue
            check_pop_at_deal_start(state)
            if check_rng.random() < 0.2:
                check_illegal_actions(state, check_rng, tries=2)
                check_deal_refused(state)
                check_clone(state, check_rng)
                check_push_pop(state, check_rng, depth=check_rng.randint(1, 4))
            state.apply(rng.choice(state.legal_actions()))
        check_state_invariants(state)
        check_replay(state)
        thrown += sum(summary.thrown_in for summary in state.summaries())
    assert thrown > 0


# -- properties --------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(CONFIGS)),
    seed=st.integers(0, 2**32),
    stacked=st.booleans(),
)
def test_properties(name: str, seed: int, stacked: bool) -> None:
    game = make_game(name)
    rng = random.Random(seed)
    state = cast(AllFoursState, game.new_match(rng))
    ref = Reference(game.rules, game.players, state.first_dealer)
    previous = state.scores()
    while not state.is_terminal() and len(state.deals) <= 12:
        if state.is_chance():
            deal = stacked_deal(state, rng) if stacked else state.random_deal(rng)
            state.deal(deal)
            ref.deal(deal)
        else:
            text = rng.choice(state.legal_texts())
            state.apply_text(text)
            ref.act(text)
        # cards conserved: 52, each in exactly one place
        assert place_count(state) == 52
        check_card_conservation(state)
        # every hand holds 6 at the first lead
        view = state.view(0)
        if view.phase == "play" and not view.tricks and not view.trick:
            assert [len(state.view(s).hand) for s in range(game.players)] == [6] * game.players
        # scores never decrease
        scores = state.scores()
        assert all(a >= b for a, b in zip(scores, previous, strict=True))
        previous = scores
    # at most 4 points a deal besides kick and gift; kick and gift at most 2 (two kicks, or a
    # kick and a gift), 3 when a three-player gift scores for both opponents
    both = game.players == 3 and game.rules.three_player_gift == "both"
    for summary, extra in zip(state.summaries(), ref.kick_gift, strict=True):
        assert sum(summary.points) <= 4 + extra
        assert extra <= (3 if both else 2)
    # replaying the record reproduces the scores and the score sheet
    again = replay_record(record_of(state))
    assert again.scores() == state.scores()
    assert [s.to_json() for s in again.summaries()] == [s.to_json() for s in state.summaries()]
    assert again.winner() == state.winner()


def test_whole_matches_end_with_a_winner_at_the_target() -> None:
    for players in (2, 3, 4):
        game = AllFours.from_spec({}, players)
        for seed in range(5):
            state = random_playout(game, random.Random(seed))
            assert state.is_terminal() and state.legal_actions() == []
            winner = state.winner()
            assert isinstance(winner, int)
            assert state.scores()[winner] >= 7
            assert [score >= 7 for score in state.scores()].count(True) == 1
            check_state_invariants(state)
            check_replay(state)


# -- the hook itself catches broken states -----------------------------------------------------


def _midway(players: int = 2, seed: int = 3) -> AllFoursState:
    game = AllFours.from_spec({}, players)
    rng = random.Random(seed)
    state = cast(AllFoursState, game.new_match(rng))
    state.deal_random(rng)
    while not state.is_chance() and len(state.actions[-1]) < 8:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_conservation_catches_a_card_twice_in_the_stock() -> None:
    state = _midway()
    state.stock.append(state.stock[0])
    with pytest.raises(ConformanceError, match="two places"):
        check_card_conservation(state)


def test_conservation_catches_a_set_aside_card_still_held() -> None:
    state = _midway()
    card = next(c for c in range(64) if state.hands[0] >> c & 1)
    state.set_aside.append(card)
    with pytest.raises(ConformanceError, match="two places"):
        check_card_conservation(state)


def test_places_of_a_thrown_in_deal() -> None:
    """Four players, two runs of hearts: every card is in a hand, set aside or the stock."""
    game = AllFours.from_spec({}, 4)
    state = cast(AllFoursState, game.new_state(3))
    hands = ["AS 2S 3S 4S 5S 6S", "AD 2D 3D 4D 5D 6D", "AC 2C 3C 4C 5C 6C", "7S 8S 9S TS JS QS"]
    hand_cards = [[parse_card(c) for c in h.split()] for h in hands]
    used = {c for h in hand_cards for c in h} | {parse_card(x) for x in ("9H", "2H", "3H")}
    filler = [c for c in game.deck if c not in used]
    stock = [*filler[:12], parse_card("2H"), *filler[12:24], parse_card("3H"), *filler[24:]]
    state.deal(Deal(tuple(tuple(h) for h in hand_cards), parse_card("9H"), tuple(stock)))
    state.apply_text("beg")
    state.apply_text("run")
    assert state.summaries()[-1].thrown_in and state.is_chance()
    names = [name for name, _ in all_fours_places(state)]
    assert names.count("set aside") == 3 and "turn-up" not in names
    assert names.count("stock") == 1
    assert check_card_conservation(state)
    assert mask_of(state.set_aside) == mask_of(parse_card(x) for x in ("9H", "2H", "3H"))
