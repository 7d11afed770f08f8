"""Oh Hell and Romanian whist as pure JAX functions, stepped thousands of games at once.

The rules are those of the engine's Romanian whist (RULES.md section 3) for 3 to 7 players:
a schedule of deals (``1-8-1``, ``parlett``, ``8-1-8``) or, as Oh Hell, a single deal of
``hand_size`` cards; the top 8 x players cards or the full 52 (with seven players the dead
hand or the four jokers); the next card turned for trump (none when the deal uses the whole
deck); bids from eldest with the hook on the last bidder; following suit, then trumping if
``void_rule`` is ``must_trump``; exact bids scored ``exact_bonus`` plus the bid, misses
losing the difference or scoring the tricks. ``WhistEnv.from_rules`` reads them from a rule
string and a number of players, and refuses any option it does not play, naming it.

The conventions are pgx's ``Env`` as in ``tricktable.batched.euchre``: ``init(key)`` deals
a game's first deal, ``step(state, action, key)`` applies the action at an index of the
action space (``env.action_names``: each card of the deck played, then each bid), and the
``State`` holds ``current_player``, ``observation`` (the acting seat's,
``env.observation_fields``), ``legal_action_mask``, ``rewards`` (each seat's points at the
step that ends a deal), ``terminated`` and ``truncated``. A game is the whole schedule (one
deal for Oh Hell). With ``auto_reset`` the step that ends a game returns the next game's
first state. Every deal, the first of a game or the next of the schedule, is dealt from a
spare deck that each step shuffles a little further, so that no step pays for a shuffle.

>>> import jax
>>> env = WhistEnv.from_rules("romanian_whist(preset=oh_hell, hand_size=3)", players=4)
>>> state = env.init(jax.random.PRNGKey(0))
>>> [env.action_names[i] for i, legal in enumerate(state.legal_action_mask) if legal]
['bid 0', 'bid 1', 'bid 2', 'bid 3']
>>> state = env.step(state, env.bid_action(1))
>>> int(state.bids[(int(state.dealer) + 1) % 4])
1
"""

from __future__ import annotations

import dataclasses
import math
from enum import IntEnum
from typing import Any, ClassVar

import jax
import jax.numpy as jnp
from jax import Array

from tricktable.actions import CoreKind, make_action
from tricktable.batched.common import HOLLOW, TRUE, Replaceable, i32, shuffle_places, take, where
from tricktable.batched.options import refuse_unplayed
from tricktable.cards import card_name, make_card
from tricktable.errors import RuleError

SUITS = 4
TRUMP_POWER = 100
"""A trump outranks every card of another suit."""


class Phase(IntEnum):
    """Where a deal stands."""

    BID = 0
    PLAY = 1
    OVER = 2


@dataclasses.dataclass(frozen=True)
class WhistRules:
    """What the batched game plays (static: each set compiles apart)."""

    players: int = 4
    sizes: tuple[int, ...] = (1,)
    """The hand size of each deal of the schedule."""
    lowest_rank: int = 2
    """The deck: every rank from this one to the ace in each suit."""
    dead_hand: bool = False
    """The dealer deals no hand to themself and sits out (seven players, the top cards)."""
    must_trump: bool = True
    """Void in the led suit: a trump if able (else any card)."""
    exact_bonus: int = 5
    miss_by_tricks: bool = False
    """A missed bid scores the tricks taken (else loses the difference)."""


PLAYED_AS_IS = {
    "preset",
    "schedule",
    "hand_size",
    "deck",
    "seven_players",
    "void_rule",
    "exact_bonus",
    "miss_scoring",
    "streak_length",
    "streak_points",
}
"""Engine options the batched game plays (the streak's length and points change nothing
without the streak bonus); every other option must keep its default."""


def batched_rules(spec: str, players: int) -> WhistRules:
    """The batched rules of an engine rule string and number of players, refusing what is
    not played.

    >>> batched_rules("romanian_whist(preset=oh_hell, hand_size=5)", 3).sizes
    (5,)
    >>> batched_rules("romanian_whist(schedule=1-8-1)", 7).dead_hand
    True
    >>> batched_rules("romanian_whist(preset=doizece)", 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tricktable.errors.RuleError: the batched whist does not play option 'streak_bonus' = ...
    """
    from tricktable.games import load_game

    game: Any = load_game(spec, players=players)
    rules = game.rules
    refuse_unplayed(rules, PLAYED_AS_IS, "whist")
    lowest = min(card & 15 for card in game.deck)
    return WhistRules(
        players=players,
        sizes=tuple(game.schedule),
        lowest_rank=lowest,
        dead_hand=game.dead_hand,
        must_trump=rules.void_rule == "must_trump",
        exact_bonus=rules.exact_bonus,
        miss_by_tricks=rules.miss_scoring == "tricks",
    )


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class State(Replaceable):
    """One game (or, under ``vmap``, a batch of games: every field gains a leading axis)."""

    current_player: Array
    """The seat to act (-1 once the game is over)."""
    observation: Array
    """The acting seat's observation (bool, ``env.observation_fields``; seat 0's once the
    game is over)."""
    legal_action_mask: Array
    rewards: Array
    """Each seat's reward for the last step (float32, one per seat)."""
    terminated: Array
    truncated: Array
    phase: Array
    dealer: Array
    deal_index: Array
    """The deal's place in the schedule."""
    hand_size: Array
    owner: Array
    """The seat holding each card of the deck, or -1."""
    turned: Array
    """The card turned for trump, or -1."""
    trump: Array
    """The trump suit, or -1."""
    bids: Array
    """Each seat's bid, or -1."""
    tricks_won: Array
    trick: Array
    """Each seat's card in the trick in progress, or -1."""
    trick_size: Array
    led_suit: Array
    leader: Array
    played: Array
    """The cards played in the deal so far (bool)."""
    scores: Array
    """Each seat's points in the game so far."""
    spare: Array
    """Each card's position in the next deal's deck, being shuffled."""
    spare_shuffled: Array
    """How many positions of the spare deck are shuffled."""
    step_count: Array


class WhistEnv:
    """The batched Oh Hell or Romanian whist of one set of rules (``WhistRules``), as pgx's
    ``Env``."""

    id: ClassVar[str] = "tricktable/whist"
    version: ClassVar[str] = "v0"

    def __init__(self, rules: WhistRules | None = None, auto_reset: bool = False) -> None:
        self.rules = r = rules or WhistRules()
        if not 3 <= r.players <= 7:
            raise RuleError(f"the batched whist is played by 3 to 7 players, not {r.players}")
        self.auto_reset = auto_reset
        self.num_players = r.players
        self.ranks = 15 - r.lowest_rank
        """Cards of each suit; a card's index is ``suit * ranks + rank - lowest_rank``."""
        self.cards = SUITS * self.ranks
        self.active = r.players - 1 if r.dead_hand else r.players
        """Seats dealt a hand each deal."""
        self.largest = max(r.sizes)
        if self.largest * self.active > self.cards:
            raise RuleError(
                f"a deal of {self.largest} to each of {self.active} players needs more than"
                f" the {self.cards} cards"
            )
        self.deals = len(r.sizes)
        self.play_base = 0
        self.bid_base = self.cards
        self.num_actions = self.cards + self.largest + 1
        self.engine_actions: tuple[int, ...] = (
            *(self.engine_card(card) for card in range(self.cards)),
            *(make_action(CoreKind.BID, bid) for bid in range(self.largest + 1)),
        )
        """The engine's action (``tricktable.actions``) at each index of the action space."""
        self.action_names: tuple[str, ...] = (
            *(f"play {card_name(self.engine_card(card))}" for card in range(self.cards)),
            *(f"bid {bid}" for bid in range(self.largest + 1)),
        )
        """Each index of the action space as the engine's canonical text."""
        n, counts = r.players, self.largest + 1
        self.observation_fields: tuple[tuple[str, int], ...] = (
            ("hand", self.cards),
            ("turned", self.cards),
            ("trump", SUITS),
            ("phase", 2),
            ("dealer", n),
            ("deal", self.deals),
            ("hand_size", counts),
            ("bids", n * counts),
            ("tricks_won", n * counts),
            ("trick", n * self.cards),
            ("played", self.cards),
            ("leader", n),
        )
        """The observation's fields in order, with their sizes; seats counted from the
        acting seat (0 itself, 1 on its left ...), cards by their index, the deal's place
        in the schedule, its hand size, each seat's bid and tricks won one-hot (0 up to the
        largest hand; none before a seat bids), each seat's card in the trick in progress,
        the cards played in the deal (the trick in progress among them) and the trick's
        leader."""
        self.observation_shape = (sum(size for _, size in self.observation_fields),)
        self.swaps = self._swaps_needed()
        """Fisher-Yates swaps of the spare deck a step: enough that the shortest deal
        shuffles the next one's cards through."""
        self._sizes = jnp.asarray(r.sizes, jnp.int32)
        self._seats = jnp.arange(n, dtype=jnp.int32)
        self._card_range = jnp.arange(self.cards, dtype=jnp.int32)
        self._counts = jnp.arange(counts, dtype=jnp.int32)

    @classmethod
    def from_rules(cls, spec: str, players: int = 4, auto_reset: bool = False) -> WhistEnv:
        """The env of an engine rule string and number of players (``batched_rules``)."""
        return cls(batched_rules(spec, players), auto_reset)

    def engine_card(self, card: int) -> int:
        """The ``tricktable.cards`` card of an index of the deck (a NumPy integer taken as a
        plain one).

        >>> env = WhistEnv(WhistRules(players=4, sizes=(8,), lowest_rank=7))
        >>> card_name(env.engine_card(0)), card_name(env.engine_card(31))
        ('7S', 'AC')
        """
        index = int(card)
        return make_card(index // self.ranks, self.rules.lowest_rank + index % self.ranks)

    def bid_action(self, bid: int) -> int:
        """The index of the action ``bid``."""
        return self.bid_base + bid

    def _needed(self, size: int) -> int:
        """Positions of the spare deck a deal of ``size`` uses: the hands and the turned
        card (the last position needs no swap)."""
        return min(size * self.active + 1, self.cards - 1)

    def _swaps_needed(self) -> int:
        sizes = self.rules.sizes
        following = (*sizes[1:], sizes[0])  # the last deal of a game: the next game's first
        return max(
            math.ceil(self._needed(after) / (self.active * (size + 1)))
            for size, after in zip(sizes, following, strict=True)
        )

    # -- the rules of the cards (a subclass may alter them: the tests plant a bug so) ------
    def suit(self, card: Array) -> Array:
        """The suit of a card of the deck."""
        return card // self.ranks

    def power(self, card: Array, trump: Array) -> Array:
        """How high ``card`` ranks with ``trump``: by rank, a trump above every other."""
        rank = card % self.ranks
        return jnp.where(self.suit(card) == trump, TRUMP_POWER + rank, rank)

    def deal_points(self, bids: Array, won: Array) -> Array:
        """Each seat's points for a deal (seats that bid -1, sitting out, get 0)."""
        r = self.rules
        made = bids == won
        missed = won if r.miss_by_tricks else -jnp.abs(bids - won)
        points = jnp.where(made, r.exact_bonus + bids, missed)
        return jnp.where(bids >= 0, points, 0)

    def barred_bid(self, state: State) -> Array:
        """The hook: the bid the last bidder may not make (the hand size less the others'
        bids), or -1 for anyone else."""
        others = jnp.sum(jnp.maximum(state.bids, 0))
        last = state.current_player == self._last_bidder(state.dealer)
        return jnp.where(last, state.hand_size - others, -1)

    # -- the seats ---------------------------------------------------------------------------
    def _next_seat(self, seat: Array, dealer: Array) -> Array:
        """The next seat on the left that holds a hand."""
        after = (seat + 1) % self.num_players
        if self.rules.dead_hand:
            after = jnp.where(after == dealer, (after + 1) % self.num_players, after)
        return after

    def _last_bidder(self, dealer: Array) -> Array:
        """The dealer, or with a dead hand the seat on the dealer's right."""
        if self.rules.dead_hand:
            return (dealer - 1) % self.num_players
        return dealer

    # -- pgx's Env ---------------------------------------------------------------------------
    def init(self, key: Array) -> State:
        """A game's first deal from ``key``, its dealer drawn at random."""
        deck_key, dealer_key = jax.random.split(key)
        places = jnp.argsort(jax.random.bits(deck_key, (self.cards,))).astype(jnp.int32)
        dealer = jax.random.randint(dealer_key, (), 0, self.num_players, dtype=jnp.int32)
        state = self._deal(places, dealer, i32(0), self._card_range, i32(0))
        return self._finish(state)

    def step(self, state: State, action: Array, key: Array | None = None) -> State:
        """Apply ``action`` (an index of the action space). An illegal action ends the game:
        -1 to the seat that took it, and 1 / (players - 1) to each other. A deal that ends
        gives each seat its points; the next deal of the schedule follows (the deal passing
        left) until the schedule ends the game. A game already over stays over (rewards 0,
        any action taken) unless ``auto_reset``, where the step that ends a game returns the
        next game's first state (after an illegal action, a few steps later: once the spare
        deck is shuffled through). ``key`` shuffles the spare deck: needed with
        ``auto_reset`` or a schedule of more than one deal."""
        n = self.num_players
        offender = state.current_player == self._seats
        penalty = jnp.where(offender, -1.0, 1.0 / (n - 1)).astype(jnp.float32)
        # a game over stays so, rewards 0
        after, legal = take(state, action, self._advance, penalty, Phase.OVER)
        deal_over = after.phase == Phase.OVER
        was_over = state.phase == Phase.OVER
        game_over = deal_over & (~legal | was_over | (after.deal_index >= self.deals))
        after = after.replace(terminated=game_over)
        if not self.auto_reset and self.deals == 1:
            return self._finish(after.replace(spare=state.spare))
        if key is None:
            raise ValueError("the next deal's deck is shuffled from a key: give step a key")
        limit = self._needed(self.largest)
        spare, shuffled = shuffle_places(state.spare, state.spare_shuffled, key, self.swaps, limit)
        after = after.replace(spare_shuffled=shuffled)
        index = jnp.where(game_over, 0, after.deal_index)
        next_deal = self._deal(spare, (state.dealer + 1) % n, index, HOLLOW, i32(0))
        next_deal = next_deal.replace(rewards=after.rewards)
        chosen = after
        if self.deals > 1:  # the schedule goes on: the next deal, the scores kept
            going_on = next_deal.replace(scores=after.scores, step_count=after.step_count)
            chosen = where(deal_over & ~game_over, going_on, chosen)
        if self.auto_reset:  # the next game, once its first deal is shuffled through
            ready = shuffled >= self._needed(self.rules.sizes[0])
            chosen = where(game_over & ready, next_deal.replace(terminated=TRUE), chosen)
        return self._finish(chosen.replace(spare=spare))

    # -- the deal ------------------------------------------------------------------------------
    def _deal(
        self, places: Array, dealer: Array, index: Array, spare: Array, shuffled: Array
    ) -> State:
        """Deal ``index`` of the schedule from the deck whose card ``c`` lies at position
        ``places[c]``: the first ``size`` positions to eldest, the next to the seat on its
        left ..., then the turned card (``HOLLOW`` for its mask and observation)."""
        n = self.num_players
        size = self._sizes[index]
        dealt = size * self.active
        owner = jnp.where(places < dealt, (dealer + 1 + places // size) % n, -1)
        turned = jnp.where(dealt < self.cards, jnp.argmax(places == dealt).astype(jnp.int32), -1)
        return State(
            current_player=(dealer + 1) % n,
            observation=HOLLOW,
            legal_action_mask=HOLLOW,
            rewards=jnp.zeros(n, jnp.float32),
            terminated=jnp.bool_(False),
            truncated=jnp.bool_(False),
            phase=i32(Phase.BID),
            dealer=dealer,
            deal_index=index,
            hand_size=size,
            owner=owner.astype(jnp.int32),
            turned=turned,
            trump=jnp.where(turned >= 0, self.suit(turned), -1).astype(jnp.int32),
            bids=jnp.full(n, -1, jnp.int32),
            tricks_won=jnp.zeros(n, jnp.int32),
            trick=jnp.full(n, -1, jnp.int32),
            trick_size=i32(0),
            led_suit=i32(-1),
            leader=i32(-1),
            played=jnp.zeros(self.cards, jnp.bool_),
            scores=jnp.zeros(n, jnp.int32),
            spare=spare,
            spare_shuffled=shuffled,
            step_count=i32(0),
        )

    # -- the transitions ----------------------------------------------------------------------
    def _advance(self, state: State, action: Array) -> State:
        """The state after a legal ``action`` (``rewards`` those of this step)."""
        state = state.replace(rewards=jnp.zeros(self.num_players, jnp.float32))
        branches = (self._bid, self._play, lambda s, a: s)
        moved: State = jax.lax.switch(state.phase, branches, state, action)
        return moved

    def _bid(self, state: State, action: Array) -> State:
        seat = state.current_player
        last = seat == self._last_bidder(state.dealer)
        eldest = (state.dealer + 1) % self.num_players
        return state.replace(
            bids=jnp.where(seat == self._seats, action - self.bid_base, state.bids),
            current_player=jnp.where(last, eldest, self._next_seat(seat, state.dealer)),
            phase=jnp.where(last, Phase.PLAY, Phase.BID).astype(jnp.int32),
            leader=jnp.where(last, eldest, -1),
        )

    def _play(self, state: State, action: Array) -> State:
        seat, card = state.current_player, action - self.play_base
        mine = seat == self._seats
        trick = jnp.where(mine, card, state.trick)
        led = jnp.where(state.trick_size == 0, self.suit(card), state.led_suit)
        size = state.trick_size + 1
        complete = size == self.active
        laid = trick >= 0
        cards = jnp.where(laid, trick, 0)
        counts = laid & ((self.suit(cards) == state.trump) | (self.suit(cards) == led))
        power = jnp.where(counts, self.power(cards, state.trump), -1)
        winner = jnp.argmax(power).astype(jnp.int32)
        won = state.tricks_won + (complete & (winner == self._seats))
        last = complete & (jnp.sum(won) == state.hand_size)
        points = jnp.where(last, self.deal_points(state.bids, won), 0)
        after_me = self._next_seat(seat, state.dealer)
        return state.replace(
            owner=jnp.where(self._card_range == card, -1, state.owner),
            played=state.played | (self._card_range == card),
            trick=jnp.where(complete, -1, trick),
            trick_size=jnp.where(complete, 0, size),
            led_suit=led,
            tricks_won=won,
            leader=jnp.where(complete, winner, state.leader),
            current_player=jnp.where(last, -1, jnp.where(complete, winner, after_me)),
            phase=jnp.where(last, Phase.OVER, Phase.PLAY).astype(jnp.int32),
            rewards=points.astype(jnp.float32),
            scores=state.scores + points,
            deal_index=state.deal_index + last,
        )

    # -- what the acting seat sees ------------------------------------------------------------
    def _finish(self, state: State) -> State:
        """Set the legal action mask (every action once the game is over, as pgx has it) and
        the observation."""
        mask = jnp.where(state.phase == Phase.OVER, True, self._legal_action_mask(state))
        return state.replace(legal_action_mask=mask, observation=self._observe(state))

    def _legal_action_mask(self, state: State) -> Array:
        seat = jnp.maximum(state.current_player, 0)
        hand = state.owner == seat
        suits = self.suit(self._card_range)
        following = hand & (suits == state.led_suit)
        playable = jnp.where(jnp.any(following), following, hand)
        if self.rules.must_trump:
            trumps = hand & (suits == state.trump)
            void = ~jnp.any(following) & jnp.any(trumps)
            playable = jnp.where(void, trumps, playable)
        playable = jnp.where(state.trick_size > 0, playable, hand)
        bids = (self._counts <= state.hand_size) & (self._counts != self.barred_bid(state))
        return jnp.concatenate(
            [(state.phase == Phase.PLAY) & playable, (state.phase == Phase.BID) & bids]
        )

    def _observe(self, state: State) -> Array:
        n = self.num_players
        seat = jnp.maximum(state.current_player, 0)
        in_order = (seat + self._seats) % n

        def seat_hot(other: Array) -> Array:
            return jnp.where(other >= 0, (other - seat) % n == self._seats, False)

        def count_hot(values: Array) -> Array:
            return (values[in_order][:, None] == self._counts[None, :]).reshape(-1)

        trick = state.trick[in_order]
        return jnp.concatenate(
            [
                state.owner == seat,
                state.turned == self._card_range,
                jnp.arange(SUITS) == state.trump,
                jnp.arange(2) == state.phase,
                seat_hot(state.dealer),
                jnp.arange(self.deals) == state.deal_index,
                self._counts == state.hand_size,
                count_hot(state.bids),
                count_hot(state.tricks_won),
                (trick[:, None] == self._card_range[None, :]).reshape(-1),
                state.played,
                seat_hot(state.leader) & (state.phase == Phase.PLAY),
            ]
        )
