"""The batched euchre hand against the engine: the same deals and actions through both, the
player to act, the legal actions, the rewards, the end and the observation's cards compared
at every step (the differential test of docs/rl.md, "Batched in JAX"), and a planted rule
change that the comparison must catch."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip(
    "jax", reason="the batched engine needs JAX (the `jax` extra; `dev` installs it)"
)

from tests.batched.differential import Replay  # noqa: E402
from tests.batched.differential import differential as shared_differential  # noqa: E402
from tricktable import load_game  # noqa: E402
from tricktable.batched.euchre import EuchreEnv, State  # noqa: E402
from tricktable.batched.euchre_layout import (  # noqa: E402
    CARDS,
    ENGINE_ACTIONS,
    OBSERVATION_FIELDS,
    ORDER,
    PASS,
    Phase,
    engine_card,
)
from tricktable.cards import cards_of as engine_cards_of  # noqa: E402
from tricktable.core import Deal  # noqa: E402
from tricktable.core import State as EngineState  # noqa: E402
from tricktable.errors import RuleError  # noqa: E402

OPENSPIEL = "euchre(preset=openspiel)"


def field_starts() -> dict[str, tuple[int, int]]:
    """Where each field of the observation starts, and its size."""
    starts, start = {}, 0
    for name, size in OBSERVATION_FIELDS:
        starts[name] = (start, size)
        start += size
    return starts


FIELD_START = field_starts()


def cards_of(mask: int) -> list[int]:
    """The engine's cards of a mask of the 24-card deck."""
    return [engine_card(card) for card in range(CARDS) if mask >> card & 1]


def field(observation: Any, name: str) -> Any:
    start, size = FIELD_START[name]
    return observation[start : start + size]


class EuchreReplay(Replay):
    """The engine's hands, each dealt as the batched env dealt it, stepped alongside."""

    def __init__(self, spec: str) -> None:
        self.game = load_game(spec)
        self.upcards: dict[int, list[int]] = {}
        """Each hand's up-cards, deal after deal."""

    def deal_like(self, host: State, index: int, state: EngineState | None = None) -> EngineState:
        """The engine's match (``state``, or a new one) dealt the batched hand ``index``."""
        if state is None:
            state = self.game.new_state(int(host.dealer[index]))
        hands = tuple(tuple(cards_of(int(mask))) for mask in host.hands[index])
        state.deal(Deal(hands, engine_card(int(host.upcard[index])), ()))
        self.upcards.setdefault(index, []).append(int(host.upcard[index]))
        return state

    def mismatch(self, reference: EngineState, host: State, index: int) -> str | None:
        """How the batched hand ``index``'s observation differs from the engine's, or None."""
        seat = reference.current_player
        observation = host.observation[index]
        seen = {engine_card(card) for card in np.flatnonzero(field(observation, "hand"))}
        if seen != set(engine_cards_of(reference.hands[seat])):
            return f"observed hand {sorted(seen)}, engine {engine_cards_of(reference.hands[seat])}"
        trick = field(observation, "trick").reshape(4, CARDS)
        seen_trick = {
            ((seat + offset) % 4, engine_card(int(card)))
            for offset, card in zip(*np.nonzero(trick), strict=True)
        }
        if seen_trick != set(zip(reference.trick_seats, reference.trick, strict=True)):
            return f"observed trick {sorted(seen_trick)}, engine {reference.trick}"
        view = reference.present_view(seat).public
        relative = {
            "dealer": (reference.dealer - seat) % 4,
            "maker": None if view.maker is None else (view.maker - seat) % 4,
            "trump": view.trump,
            "upcard": next(c for c in range(CARDS) if engine_card(c) == view.upcard),
        }
        for name, expected in relative.items():
            hot = np.flatnonzero(field(observation, name)).tolist()
            if hot != ([] if expected is None else [expected]):
                return f"observed {name} {hot}, engine {expected}"
        if bool(field(observation, "alone")[0]) != view.alone:
            return f"observed alone {not view.alone}, engine {view.alone}"
        scores, target = reference.scores(), reference.rules.target
        if list(host.scores[index]) != scores:
            return f"scores: batched {list(host.scores[index])}, engine {scores}"
        for name, side in (("to_go_mine", seat % 2), ("to_go_theirs", 1 - seat % 2)):
            hot = np.flatnonzero(field(observation, name)).tolist()
            expected = [] if target is None else [min(max(target - scores[side], 1), 10) - 1]
            if hot != expected:
                return f"observed {name} {hot}, engine {expected} (scores {scores})"
        return None

    def rewards(self, reference: EngineState, before: list[int]) -> list[float]:
        """Each seat's side's points from the hand just scored less the other side's."""
        gained = [
            after - earlier for after, earlier in zip(reference.scores(), before, strict=True)
        ]
        return [float(gained[seat % 2] - gained[1 - seat % 2]) for seat in range(4)]

    def engine_action(self, action: int) -> str:
        return ENGINE_ACTIONS[action]


def differential(
    env: EuchreEnv, spec: str, batch: int, steps: int, seed: int
) -> tuple[int, int, str | None, EuchreReplay]:
    """The shared differential driver over ``batch`` hands of ``spec``; the hands and the
    games completed, the first difference (None if none) and the engine's replay."""
    replay = EuchreReplay(spec)
    return (*shared_differential(env, replay, batch, steps, seed), replay)


class LeftBowerAsPrinted(EuchreEnv):
    """A planted rule bug: the left bower plays as its printed suit."""

    def effective_suit(self, card: Any, trump: Any) -> Any:
        return card // 6


def test_the_batched_hand_plays_as_the_engine_over_thousands_of_hands() -> None:
    env = EuchreEnv.from_rules(OPENSPIEL, auto_reset=True)
    hands, completed, found, replay = differential(env, OPENSPIEL, 512, steps=120, seed=1)
    assert found is None, found
    assert completed == hands >= 2000
    # fresh deals: every card turns up, and a deal's up-card repeats the last one's about as
    # often as chance has it (1 in 24)
    upcards = [card for cards in replay.upcards.values() for card in cards]
    counts = np.bincount(upcards, minlength=CARDS)
    assert counts.min() > len(upcards) / CARDS / 2, counts
    pairs = [pair for cards in replay.upcards.values() for pair in itertools.pairwise(cards)]
    repeats = sum(first == second for first, second in pairs)
    assert len(pairs) > 2000 and repeats < len(pairs) / 12, (repeats, len(pairs))


def test_a_planted_rule_change_is_caught() -> None:
    planted = LeftBowerAsPrinted.from_rules(OPENSPIEL, auto_reset=True)
    _, _, found, _ = differential(planted, OPENSPIEL, batch=256, steps=60, seed=2)
    assert found is not None


def test_matches_to_ten_play_as_the_engine() -> None:
    spec = "euchre(preset=north_american)"
    env = EuchreEnv.from_rules(spec, auto_reset=True)
    hands, completed, found, _ = differential(env, spec, batch=128, steps=240, seed=3)
    assert found is None, found
    assert completed >= 50 and hands >= 5 * completed


def test_the_canadian_loner_plays_as_the_engine() -> None:
    spec = "euchre(preset=canadian, target=null, stick_the_dealer=true)"
    env = EuchreEnv.from_rules(spec, auto_reset=True)
    hands, completed, found, _ = differential(env, spec, batch=128, steps=60, seed=4)
    assert found is None, found
    assert completed == hands >= 200


def test_without_auto_reset_a_finished_hand_stays_finished() -> None:
    env = EuchreEnv.from_rules(OPENSPIEL)
    step = jax.jit(env.step)
    state = env.init(jax.random.PRNGKey(5))
    rng = np.random.default_rng(5)
    total = np.zeros(4)
    while not bool(state.terminated):
        state = step(state, int(rng.choice(np.flatnonzero(state.legal_action_mask))))
        total += np.asarray(state.rewards)
    assert total.sum() == 0 and total[0] == total[2] != 0
    after = step(state, PASS)
    assert bool(after.terminated) and not np.asarray(after.rewards).any()
    assert int(after.phase) == Phase.OVER and np.asarray(after.legal_action_mask).all()


def test_a_match_ended_by_an_illegal_action_stays_ended() -> None:
    env = EuchreEnv.from_rules("euchre(preset=north_american)")
    step = jax.jit(env.step)
    state = step(env.init(jax.random.PRNGKey(10)), 0, jax.random.PRNGKey(11))  # illegal
    for number in range(12):
        state = step(state, PASS, jax.random.PRNGKey(12 + number))
        assert bool(state.terminated) and int(state.phase) == Phase.OVER
        assert not np.asarray(state.rewards).any()


def test_an_illegal_action_ends_the_hand_against_the_side_that_took_it() -> None:
    env = EuchreEnv.from_rules(OPENSPIEL)
    state = env.init(jax.random.PRNGKey(6))
    seat = int(state.current_player)
    assert not bool(state.legal_action_mask[0])  # no card is played while bidding
    after = env.step(state, 0)
    assert bool(after.terminated)
    assert [float(r) for r in after.rewards] == [
        -1.0 if s % 2 == seat % 2 else 1.0 for s in range(4)
    ]
    assert bool(env.step(state, ORDER).legal_action_mask.any())


@pytest.mark.parametrize("spec", [OPENSPIEL, "euchre(preset=north_american)"])
def test_after_an_illegal_action_the_next_deal_waits_for_a_shuffled_spare_deck(spec: str) -> None:
    env = EuchreEnv.from_rules(spec, auto_reset=True)
    step = jax.jit(env.step)
    state = env.init(jax.random.PRNGKey(7))
    deck = np.asarray(state.spare).tolist()
    state = step(state, 0, jax.random.PRNGKey(8))  # illegal: no card is played while bidding
    assert bool(state.terminated) and int(state.phase) == Phase.OVER
    waited = 0
    while int(state.phase) == Phase.OVER:
        state = step(state, 0, jax.random.PRNGKey(9 + waited))
        waited += 1
        assert bool(state.terminated) and not np.asarray(state.rewards).any()
    assert waited == 6  # 3 swaps at each of 7 steps shuffle the 21 positions dealt
    assert int(state.spare_shuffled) == 0 and not np.asarray(state.scores).any()
    assert int(state.phase) == Phase.BID1
    dealt = [c for c in range(CARDS) if any(int(m) >> c & 1 for m in state.hands)]
    assert sorted(dealt) != sorted(deck[:20])


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("euchre(preset=north_american, match=best_of_3)", "option 'match'"),
        ("euchre(preset=openspiel, deck=32)", "option 'deck'"),
        ("euchre(preset=openspiel, first_dealer=first_jack)", "option 'first_dealer'"),
        ("euchre(preset=british, target=null)", "option 'deck'"),
        ("euchre(preset=canadian, target=null, alone_timing=after_discard)", "Canadian loner"),
    ],
)
def test_options_it_does_not_play_are_refused_by_name(spec: str, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        EuchreEnv.from_rules(spec)
