"""Four-handed euchre as pure JAX functions, stepped thousands of games at once.

The rules are those of ``tricktable.games.euchre`` for a single hand (``target`` null) or a
match to a target, with the options a learning researcher needs: stick the dealer, going
alone with the bid or after the dealer's discard, the dealer's discard (with or without the
card just picked up), the Canadian loner and the hand's points. ``EuchreEnv.from_rules``
reads them from a rule string and refuses any option it does not play, naming it.

The conventions are pgx's ``Env``: ``init(key)`` deals a game's first hand, ``step(state,
action, key)`` applies the action at an index of the action space
(``euchre_layout.ACTION_NAMES``), and the ``State`` holds ``current_player``,
``observation`` (the acting seat's, ``OBSERVATION_FIELDS``), ``legal_action_mask``,
``rewards`` (each seat's points for its side, less the other side's, at the step that ends a
hand), ``terminated`` and ``truncated``. Every function is pure and ``jit``- and
``vmap``-able. With ``auto_reset`` a step that ends a game returns the next game's first
state (the ending step's ``rewards``, ``terminated`` set). A new hand is dealt from a spare
deck that each step shuffles a little further (three Fisher-Yates swaps from one random
word), so that no step pays for a whole shuffle.

>>> import jax
>>> from tricktable.batched.euchre_layout import ACTION_NAMES, ORDER
>>> env = EuchreEnv.from_rules("euchre(preset=openspiel)")
>>> state = env.init(jax.random.PRNGKey(0))
>>> int(state.legal_action_mask.sum()), [ACTION_NAMES[i] for i in (48, 49)]
(2, ['pass', 'order'])
>>> state = env.step(state, ORDER, jax.random.PRNGKey(1))
>>> Phase(int(state.phase)).name, int(state.current_player) == int(state.dealer)
('DISCARD', True)
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import jax
import jax.numpy as jnp
from jax import Array

from tricktable.batched.common import HOLLOW, TRUE, Replaceable, i32, shuffle_deck, take, where
from tricktable.batched.euchre_layout import (
    ALONE,
    CALL,
    CALL_ALONE,
    CARDS,
    DISCARD,
    HAND,
    NUM_ACTIONS,
    OBSERVATION_SIZE,
    ORDER_ALONE,
    PASS,
    PLAY,
    SEATS,
    TO_GO,
    TRICKS,
    BatchedRules,
    Phase,
    batched_rules,
)


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class State(Replaceable):
    """One hand (or, under ``vmap``, a batch of hands: every field gains a leading axis)."""

    current_player: Array
    """The seat to act (-1 once the hand is over)."""
    observation: Array
    """The acting seat's observation (bool, ``OBSERVATION_FIELDS``; seat 0's once the hand
    is over)."""
    legal_action_mask: Array
    rewards: Array
    """Each seat's reward for the last step (float32, one per seat)."""
    terminated: Array
    truncated: Array
    phase: Array
    dealer: Array
    hands: Array
    """Each seat's cards as a mask (bit ``card`` of the 24-card deck)."""
    upcard: Array
    trump: Array
    maker: Array
    alone: Array
    sitting_out: Array
    """The lone maker's partner, or -1."""
    discard: Array
    """The dealer's discard, or -1."""
    leader: Array
    trick: Array
    """Each seat's card in the trick in progress, or -1."""
    trick_size: Array
    led_suit: Array
    tricks_won: Array
    scores: Array
    """Each side's points in the match so far (a match to a target)."""
    played: Array
    """The cards of the completed tricks (a mask)."""
    spare: Array
    """The next hand's deck, being shuffled (``auto_reset``)."""
    spare_shuffled: Array
    """How many positions of ``spare`` are shuffled (21 are dealt)."""
    step_count: Array


SEAT_RANGE = jnp.arange(SEATS, dtype=jnp.int32)
CARD_RANGE = jnp.arange(CARDS, dtype=jnp.int32)
CARD_BITS = jnp.left_shift(jnp.int32(1), CARD_RANGE)
DEALT = HAND * SEATS + 1
"""Positions of a deck that a deal uses: the hands and the up-card."""
SWAPS = 3
"""Fisher-Yates swaps of the spare deck a step: a hand lasts at least eight steps, so the
next deck is shuffled through before it is dealt."""


class EuchreEnv:
    """The batched hand of one set of options (``BatchedRules``), as pgx's ``Env``."""

    id: ClassVar[str] = "tricktable/euchre-hand"
    version: ClassVar[str] = "v0"
    num_players: ClassVar[int] = SEATS
    num_actions: ClassVar[int] = NUM_ACTIONS
    observation_shape: ClassVar[tuple[int, ...]] = (OBSERVATION_SIZE,)

    def __init__(self, rules: BatchedRules | None = None, auto_reset: bool = False) -> None:
        self.rules = rules or BatchedRules()
        self.auto_reset = auto_reset

    @classmethod
    def from_rules(cls, spec: str, auto_reset: bool = False) -> EuchreEnv:
        """The env of an engine rule string (``batched_rules``)."""
        return cls(batched_rules(spec), auto_reset)

    # -- the rules of the cards (a subclass may alter them: the tests plant a bug so) ------
    def effective_suit(self, card: Array, trump: Array) -> Array:
        """The suit ``card`` plays as with ``trump``: its own, the left bower trump's."""
        left = (3 - trump) * 6 + 2
        return jnp.where(card == left, trump, card // 6)

    def power(self, card: Array, trump: Array) -> Array:
        """How high ``card`` ranks with ``trump``: trumps from 100 (the right bower 107,
        the left 106), the others by rank (9 lowest, then 10, J, Q, K, A)."""
        rank = card % 6
        right = trump * 6 + 2
        left = (3 - trump) * 6 + 2
        natural = jnp.where(card // 6 == trump, 100 + rank, rank)
        return jnp.where(card == right, 107, jnp.where(card == left, 106, natural))

    # -- pgx's Env ---------------------------------------------------------------------------
    def init(self, key: Array) -> State:
        """A hand dealt from ``key``, its dealer drawn at random."""
        deck_key, dealer_key = jax.random.split(key)
        deck = jnp.argsort(jax.random.bits(deck_key, (CARDS,))).astype(jnp.int32)
        dealer = jax.random.randint(dealer_key, (), 0, SEATS, dtype=jnp.int32)
        return self._finish(self._deal(deck, dealer, CARD_RANGE, i32(0)))

    def step(self, state: State, action: Array, key: Array | None = None) -> State:
        """Apply ``action`` (an index of the action space). An illegal action ends the game
        (the hand, or the match to a target): -1 to the side that took it, +1 to the other. A
        hand that ends gives each seat its side's points less the other side's; in a match
        to a target the next hand follows (the deal passing left) until a side has the
        target. A game already over stays over (rewards 0, any action taken) unless
        ``auto_reset``, where the step that ends a game returns the next game's first state
        (after an illegal action, a few steps later: once the spare deck is shuffled
        through). ``key`` shuffles the spare deck: needed with ``auto_reset`` or a target."""
        side = state.current_player % 2
        penalty = jnp.where(side == SEAT_RANGE % 2, -1.0, 1.0).astype(jnp.float32)
        # a hand over stays so, rewards 0
        after, legal = take(state, action, self._advance, penalty, Phase.OVER)
        hand_over = after.phase == Phase.OVER
        target = self.rules.target
        if target is None:
            game_over = hand_over
        else:
            gained = jnp.maximum(after.rewards[:2], 0).astype(jnp.int32)  # seats 0 and 1: sides
            scores = after.scores + jnp.where(hand_over & legal, gained, 0)
            was_over = state.phase == Phase.OVER  # a match ended early stays ended
            game_over = hand_over & (~legal | was_over | jnp.any(scores >= target))
            after = after.replace(scores=scores)
        after = after.replace(terminated=game_over)
        if not self.auto_reset and target is None:
            return self._finish(after.replace(spare=state.spare))
        if key is None:
            raise ValueError("the next hand's deck is shuffled from a key: give step a key")
        spare, shuffled = shuffle_deck(state.spare, state.spare_shuffled, key, SWAPS, DEALT)
        next_hand = self._deal(spare, (state.dealer + 1) % SEATS, HOLLOW, i32(0))
        next_hand = next_hand.replace(rewards=after.rewards)
        after = after.replace(spare_shuffled=shuffled)
        # A hand played out always leaves the spare deck shuffled through; one ended early by
        # an illegal action stays over (as pgx leaves a finished game) until it is.
        ready = shuffled == DEALT
        chosen = after
        if target is not None:  # the match goes on: the next hand, the scores kept
            going_on = next_hand.replace(scores=after.scores, step_count=after.step_count)
            chosen = where(hand_over & ~game_over, going_on, chosen)
        if self.auto_reset:  # the next game
            chosen = where(game_over & ready, next_hand.replace(terminated=TRUE), chosen)
        return self._finish(chosen.replace(spare=spare))

    # -- the deal -----------------------------------------------------------------------------
    def _deal(self, deck: Array, dealer: Array, spare: Array, shuffled: Array) -> State:
        """The hand dealt from ``deck``'s first 21 cards: five to each seat from eldest, then
        the up-card (``HOLLOW`` for its mask and observation: ``_finish`` makes them)."""
        packets = jnp.sum(CARD_BITS[deck[: HAND * SEATS]].reshape(SEATS, HAND), axis=1)
        hands = packets[(SEAT_RANGE - dealer - 1) % SEATS]
        return State(
            current_player=(dealer + 1) % SEATS,
            observation=HOLLOW,
            legal_action_mask=HOLLOW,
            rewards=jnp.zeros(SEATS, jnp.float32),
            terminated=jnp.bool_(False),
            truncated=jnp.bool_(False),
            phase=i32(Phase.BID1),
            dealer=dealer,
            hands=hands,
            upcard=deck[HAND * SEATS],
            trump=i32(-1),
            maker=i32(-1),
            alone=jnp.bool_(False),
            sitting_out=i32(-1),
            discard=i32(-1),
            leader=i32(-1),
            trick=jnp.full(SEATS, -1, jnp.int32),
            trick_size=i32(0),
            led_suit=i32(-1),
            tricks_won=jnp.zeros(SEATS, jnp.int32),
            scores=jnp.zeros(2, jnp.int32),
            played=i32(0),
            spare=spare,
            spare_shuffled=shuffled,
            step_count=i32(0),
        )

    # -- the transitions ----------------------------------------------------------------------
    def _advance(self, state: State, action: Array) -> State:
        """The state after a legal ``action`` (``rewards`` those of this step)."""
        state = state.replace(rewards=jnp.zeros(SEATS, jnp.float32))
        branches = (
            self._bid_round_one,
            self._dealer_discards,
            self._bid_round_two,
            self._alone_decision,
            self._play,
            lambda s, a: s,
        )
        moved: State = jax.lax.switch(state.phase, branches, state, action)
        return moved

    def _after_trump(self, state: State) -> State:
        """Trump is made and the dealer has discarded: the alone question, or the play."""
        if self.rules.alone_with_bid:
            return self._start_play(state)
        return state.replace(phase=i32(Phase.ALONE), current_player=state.maker)

    def _start_play(self, state: State) -> State:
        leader = (state.dealer + 1) % SEATS
        leader = jnp.where(leader == state.sitting_out, (leader + 1) % SEATS, leader)
        return state.replace(phase=i32(Phase.PLAY), current_player=leader, leader=leader)

    def _take_trump(self, state: State, suit: Array, alone: Array) -> State:
        seat = state.current_player
        return state.replace(
            trump=suit,
            maker=seat,
            alone=alone,
            sitting_out=jnp.where(alone, (seat + 2) % SEATS, -1),
        )

    def _bid_round_one(self, state: State, action: Array) -> State:
        seat, dealer = state.current_player, state.dealer
        passed = action == PASS
        if_passed = state.replace(
            phase=jnp.where(seat == dealer, Phase.BID2, Phase.BID1).astype(jnp.int32),
            current_player=(seat + 1) % SEATS,
        )
        ordered = self._take_trump(state, state.upcard // 6, action == ORDER_ALONE)
        picked_up = jnp.where(dealer == SEAT_RANGE, CARD_BITS[state.upcard], 0)
        ordered = ordered.replace(
            hands=ordered.hands | picked_up, phase=i32(Phase.DISCARD), current_player=dealer
        )
        return where(passed, if_passed, ordered)

    def _dealer_discards(self, state: State, action: Array) -> State:
        card = action - DISCARD
        kept = jnp.where(state.dealer == SEAT_RANGE, state.hands & ~CARD_BITS[card], state.hands)
        return self._after_trump(state.replace(hands=kept, discard=card))

    def _bid_round_two(self, state: State, action: Array) -> State:
        seat, dealer = state.current_player, state.dealer
        passed = action == PASS
        thrown_in = passed & (seat == dealer)  # all passed twice: a single hand ends unscored
        if_passed = state.replace(
            phase=jnp.where(thrown_in, Phase.OVER, Phase.BID2).astype(jnp.int32),
            current_player=jnp.where(thrown_in, -1, (seat + 1) % SEATS),
        )
        called = self._after_trump(
            self._take_trump(state, (action - CALL) % 4, action >= CALL_ALONE)
        )
        return where(passed, if_passed, called)

    def _alone_decision(self, state: State, action: Array) -> State:
        alone = action == ALONE
        going = state.replace(
            alone=alone, sitting_out=jnp.where(alone, (state.maker + 2) % SEATS, -1)
        )
        return self._start_play(going)

    def _play(self, state: State, action: Array) -> State:
        seat, card, trump = state.current_player, action - PLAY, state.trump
        mine = seat == SEAT_RANGE
        hands = jnp.where(mine, state.hands & ~CARD_BITS[card], state.hands)
        trick = jnp.where(mine, card, state.trick)
        led = jnp.where(state.trick_size == 0, self.effective_suit(card, trump), state.led_suit)
        size = state.trick_size + 1
        complete = size == jnp.where(state.alone, SEATS - 1, SEATS)
        laid = trick >= 0
        cards = jnp.where(laid, trick, 0)
        suits = self.effective_suit(cards, trump)
        counts = laid & ((suits == trump) | (suits == led))
        winner = jnp.argmax(jnp.where(counts, self.power(cards, trump), -1)).astype(jnp.int32)
        won = state.tricks_won + (complete & (winner == SEAT_RANGE))
        trick_cards = jnp.sum(jnp.where(laid, CARD_BITS[cards], 0))
        after_me = (seat + 1) % SEATS
        after_me = jnp.where(after_me == state.sitting_out, (after_me + 1) % SEATS, after_me)
        last = complete & (jnp.sum(won) == TRICKS)
        rewards = jnp.where(last, self._points(state.maker, state.alone, won), 0.0)
        return state.replace(
            hands=hands,
            trick=jnp.where(complete, -1, trick),
            trick_size=jnp.where(complete, 0, size),
            led_suit=led,
            tricks_won=won,
            played=state.played | jnp.where(complete, trick_cards, 0),
            leader=jnp.where(complete, winner, state.leader),
            current_player=jnp.where(last, -1, jnp.where(complete, winner, after_me)),
            phase=jnp.where(last, Phase.OVER, Phase.PLAY).astype(jnp.int32),
            rewards=rewards.astype(jnp.float32),
        )

    def _points(self, maker: Array, alone: Array, won: Array) -> Array:
        """Each seat's reward for the hand: its side's points less the other side's."""
        r = self.rules
        side = maker % 2
        taken = won[side] + won[side + 2]
        made = jnp.where(
            taken == TRICKS,
            jnp.where(alone, r.lone_march_points, r.march_points),
            r.make_points,
        )
        euchred = jnp.where(alone, r.lone_euchre_points, r.euchre_points)
        points = jnp.where(taken >= 3, made, euchred)
        scorer = jnp.where(taken >= 3, side, 1 - side)
        return jnp.where(scorer == SEAT_RANGE % 2, points, -points).astype(jnp.float32)

    # -- what the acting seat sees ------------------------------------------------------------
    def _finish(self, state: State) -> State:
        """Set the legal action mask (every action once the hand is over, as pgx has it: a
        policy's probabilities over it never divide by zero) and the observation."""
        mask = jnp.where(state.phase == Phase.OVER, True, self._legal_action_mask(state))
        return state.replace(legal_action_mask=mask, observation=self._observe(state))

    def _legal_action_mask(self, state: State) -> Array:
        r, phase = self.rules, state.phase
        seat, dealer = jnp.maximum(state.current_player, 0), state.dealer
        hand = state.hands[seat]
        follow = jnp.sum(
            jnp.where(self.effective_suit(CARD_RANGE, state.trump) == state.led_suit, CARD_BITS, 0)
        )
        following = hand & follow
        playable = jnp.where((state.trick_size > 0) & (following != 0), following, hand)
        discardable = hand if r.dealer_may_discard_upcard else hand & ~CARD_BITS[state.upcard]
        bid1, bid2 = phase == Phase.BID1, phase == Phase.BID2
        stuck = bid2 & (seat == dealer) if r.stick_the_dealer else jnp.bool_(False)
        may_order = bid1
        if r.canadian_loner:
            may_order = bid1 & (seat != (dealer + 2) % SEATS)
        words = jnp.stack(
            [
                bid1 | (bid2 & ~stuck) | (phase == Phase.ALONE),
                may_order,
                bid1 & r.alone_with_bid,
                phase == Phase.ALONE,
            ]
        )
        callable_suits = bid2 & (jnp.arange(4) != state.upcard // 6)
        return jnp.concatenate(
            [
                (phase == Phase.PLAY) & (jnp.right_shift(playable, CARD_RANGE) & 1 == 1),
                (phase == Phase.DISCARD) & (jnp.right_shift(discardable, CARD_RANGE) & 1 == 1),
                words,
                callable_suits,
                callable_suits & r.alone_with_bid,
            ]
        )

    def _to_go(self, score: Array) -> Array:
        """The points a side still needs, one-hot from 1 to ``TO_GO`` (or more); none in a
        single hand."""
        target = self.rules.target
        if target is None:
            return jnp.zeros(TO_GO, jnp.bool_)
        to_go = jnp.clip(target - score, 1, TO_GO)
        return jnp.arange(1, TO_GO + 1) == to_go

    def _observe(self, state: State) -> Array:
        seat = jnp.maximum(state.current_player, 0)

        def seat_hot(other: Array) -> Array:
            return jnp.where(other >= 0, (other - seat) % SEATS == SEAT_RANGE, False)

        def card_hot(card: Array) -> Array:
            return card == CARD_RANGE

        def bits(mask: Array) -> Array:
            return jnp.right_shift(mask, CARD_RANGE) & 1 == 1

        side = seat % 2
        mine = state.tricks_won[side] + state.tricks_won[side + 2]
        theirs = state.tricks_won[1 - side] + state.tricks_won[3 - side]
        in_order = state.trick[(seat + SEAT_RANGE) % SEATS]
        return jnp.concatenate(
            [
                bits(state.hands[seat]),
                card_hot(state.upcard),
                jnp.arange(5) == state.phase,
                seat_hot(state.dealer),
                seat_hot(state.maker),
                jnp.arange(4) == state.trump,
                state.alone[None],
                seat_hot(state.sitting_out),
                card_hot(state.discard) & (seat == state.dealer),
                (in_order[:, None] == CARD_RANGE[None, :]).reshape(-1),
                bits(state.played),
                seat_hot(state.leader) & (state.phase == Phase.PLAY),
                jnp.arange(TRICKS + 1) == mine,
                jnp.arange(TRICKS + 1) == theirs,
                self._to_go(state.scores[side]),
                self._to_go(state.scores[1 - side]),
            ]
        )
