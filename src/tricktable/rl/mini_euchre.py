"""A small euchre-like research game for exact methods (CFR, exploitability):
``tricktable_mini_euchre``, an OpenSpiel Python game.

It is no game of RULES.md, and no preset anyone plays: it is never in the lobby, in
``tricktable rules`` or in records. The engine's euchre deals five cards to each seat and
its rules code is written for that deal (the kitty, packets, going alone, the second making
round), so a smaller deal would bend it; this game is built instead on the shared trick
core (``tricktable.tricks``: euchre's bowers, following suit, the trick's winner).

Two seats, each its own side: seat 1 deals, seat 0 is eldest. The deck is the jack and the
``hand_size`` highest ranks of spades and clubs (two suits of one colour, so that the
other black jack is the left bower): ``2 * hand_size + 2`` cards. Chance deals the whole
deal at once, uniformly among the deals: ``hand_size`` cards to each seat, one card turned
up and one left unseen. One making round: eldest passes or orders the up-card, then (after
a pass) the dealer passes or takes it; the up-card's suit is trump, the dealer takes it up
and discards a card unseen. Two passes throw the deal in (0 to each). Eldest leads; a seat
follows the led suit (the left bower is a trump) if it can; the trick's winner leads the
next. The maker scores 1 for most of the tricks, 2 for all of them; otherwise the other
seat scores 2. The returns are the points, as won (+) and lost (-): zero-sum.

Actions: 0 pass, 1 make (order or take the up-card), then ``2 + i`` for the deck's card
``i`` (a discard or a card played). The information state is its string only: the seat,
its cards as dealt, the up-card, its own discard, every bid and card played in order.

>>> import pyspiel
>>> import tricktable.rl.mini_euchre
>>> game = pyspiel.load_game("tricktable_mini_euchre(hand_size=2)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 8, 180)
>>> [card_name(card) for card in deck_of(2)]
['JS', 'KS', 'AS', 'JC', 'KC', 'AC']
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from tricktable.cards import ACE, CLUBS, JACK, SPADES, Card, card_name, make_card, mask_of
from tricktable.errors import RuleError
from tricktable.tricks import euchre_rules, follow_mask, winning_play

SHORT_NAME = "tricktable_mini_euchre"
HAND_SIZES = (1, 2, 3)
"""The hand sizes offered: beyond 3 the tree is too large for exact methods in Python."""
PASS, MAKE = 0, 1
CARD_ACTIONS = 2
"""The action of the deck's first card; the others follow in the deck's order."""
MAKER_ALL, MAKER_MOST, EUCHRED = 2, 1, 2
"""The points of the maker's march, of the maker's most tricks, and of the defender when
the maker fails."""

ELDEST, DEALER = 0, 1


def deck_of(hand_size: int) -> tuple[Card, ...]:
    """The deck for ``hand_size``: the jack and the ``hand_size`` highest ranks of spades
    and clubs.

    >>> [card_name(card) for card in deck_of(1)]
    ['JS', 'AS', 'JC', 'AC']
    """
    if hand_size not in HAND_SIZES:
        allowed = ", ".join(map(str, HAND_SIZES))
        raise RuleError(f"hand_size cannot be {hand_size}; allowed: {allowed}")
    ranks = [JACK, *range(ACE - hand_size + 1, ACE + 1)]
    return tuple(make_card(suit, rank) for suit in (SPADES, CLUBS) for rank in ranks)


@cache
def deals_of(hand_size: int) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...], Card], ...]:
    """Every deal of ``hand_size``: eldest's hand, the dealer's, the up-card (the card
    left unseen is the rest), each hand in the deck's order.

    >>> len(deals_of(1)), len(deals_of(2)), len(deals_of(3))
    (24, 180, 1120)
    """
    deck = deck_of(hand_size)
    deals = []
    for eldest in combinations(deck, hand_size):
        rest = [card for card in deck if card not in eldest]
        for dealer in combinations(rest, hand_size):
            for up in (card for card in rest if card not in dealer):
                deals.append((eldest, dealer, up))
    return tuple(deals)


GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="tricktable mini euchre (a research variant, not a game of RULES.md)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={"hand_size": 2},
)


class MiniEuchreGame(pyspiel.Game):  # type: ignore[misc]
    """The game for one ``hand_size``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.hand_size = int((params or {}).get("hand_size", 2))
        self.deck = deck_of(self.hand_size)
        self.deals = deals_of(self.hand_size)
        self.action_of = {card: CARD_ACTIONS + i for i, card in enumerate(self.deck)}
        info = pyspiel.GameInfo(
            num_distinct_actions=CARD_ACTIONS + len(self.deck),
            max_chance_outcomes=len(self.deals),
            num_players=2,
            min_utility=-2.0,
            max_utility=2.0,
            utility_sum=0.0,
            max_game_length=3 + 2 * self.hand_size,
        )
        super().__init__(GAME_TYPE, info, params or {})

    def new_initial_state(self) -> MiniEuchreState:
        return MiniEuchreState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> InformationStateObserver:
        if (
            iig_obs_type is None
            or not iig_obs_type.perfect_recall
            or not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise RuleError(
                f"{SHORT_NAME} offers the information state only (perfect recall, public and"
                " the seat's private information), as a string"
            )
        return InformationStateObserver()


class MiniEuchreState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress."""

    def __init__(self, game: MiniEuchreGame) -> None:
        super().__init__(game)
        self.hand_size = game.hand_size
        self.deck = game.deck
        self.deals = game.deals
        self.action_of = game.action_of
        self.hands: list[int] = [0, 0]
        """Each seat's cards now, as a mask."""
        self.dealt: tuple[tuple[Card, ...], ...] = ()
        self.up: Card | None = None
        self.bids: list[int] = []
        self.maker: int | None = None
        self.discard: Card | None = None
        self.plays: list[tuple[int, Card]] = []
        """Every card played, in order, with its seat."""
        self.tricks = [0, 0]
        self.to_act = int(pyspiel.PlayerId.CHANCE)

    # -- the state --------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_act

    def is_terminal(self) -> bool:
        return self.to_act == int(pyspiel.PlayerId.TERMINAL)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        chance = 1.0 / len(self.deals)
        return [(deal, chance) for deal in range(len(self.deals))]

    def _legal_actions(self, player: int) -> list[int]:
        if self.up is None or self.maker is None:
            return [PASS, MAKE]
        hand = self.hands[player]
        if self.discard is None:
            allowed = hand
        else:
            trick = self._trick()
            allowed = hand if not trick else follow_mask(hand, self._led_suit(trick), self._rules())
        return [self.action_of[card] for card in self.deck if allowed >> card & 1]

    def _trick(self) -> list[tuple[int, Card]]:
        """The cards of the trick in progress, with their seats."""
        return self.plays[2 * sum(self.tricks) :]

    def _rules(self) -> Any:
        assert self.up is not None
        return euchre_rules(self.up // 16, None)

    def _led_suit(self, trick: list[tuple[int, Card]]) -> int:
        suit: int = self._rules().eff_suit[trick[0][1]]
        return suit

    def _apply_action(self, action: int) -> None:
        if self.up is None:
            eldest, dealer, up = self.deals[action]
            self.dealt = (eldest, dealer)
            self.hands = [mask_of(eldest), mask_of(dealer)]
            self.up, self.to_act = up, ELDEST
        elif self.maker is None:
            self._bid(action)
        elif self.discard is None:
            self.discard = self.deck[action - CARD_ACTIONS]
            self.hands[DEALER] &= ~(1 << self.discard)
            self.to_act = ELDEST
        else:
            self._play(self.deck[action - CARD_ACTIONS])

    def _bid(self, action: int) -> None:
        seat = self.to_act
        self.bids.append(action)
        if action == MAKE:
            assert self.up is not None
            self.maker = seat
            self.hands[DEALER] |= 1 << self.up
            self.to_act = DEALER
        elif seat == ELDEST:
            self.to_act = DEALER
        else:
            self.to_act = int(pyspiel.PlayerId.TERMINAL)

    def _play(self, card: Card) -> None:
        seat = self.to_act
        self.hands[seat] &= ~(1 << card)
        self.plays.append((seat, card))
        trick = self._trick()
        if len(trick) == 1:
            self.to_act = 1 - seat
            return
        winner, _ = winning_play(trick, self._rules())
        self.tricks[winner] += 1
        done = len(self.plays) == 2 * self.hand_size
        self.to_act = int(pyspiel.PlayerId.TERMINAL) if done else winner

    def returns(self) -> list[float]:
        if not self.is_terminal() or self.maker is None:
            return [0.0, 0.0]
        maker = self.maker
        taken = self.tricks[maker]
        if taken == self.hand_size:
            points = float(MAKER_ALL)
        elif 2 * taken > self.hand_size:
            points = float(MAKER_MOST)
        else:
            points = -float(EUCHRED)
        return [points, -points] if maker == ELDEST else [-points, points]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            eldest, dealer, up = self.deals[action]
            hands = " / ".join(" ".join(map(card_name, hand)) for hand in (eldest, dealer))
            return f"deal {hands}, up {card_name(up)}"
        if action < CARD_ACTIONS:
            return ("pass", "make")[action]
        return card_name(self.deck[action - CARD_ACTIONS])

    def information_string(self, player: int) -> str:
        """What ``player`` knows: its cards as dealt, the up-card, its own discard, every
        bid and every card played."""
        if self.up is None:
            return f"seat {player}"
        bids = " ".join(("pass", "make")[bid] for bid in self.bids) or "-"
        own = self.discard if player == DEALER and self.discard is not None else None
        plays = " ".join(f"{seat}:{card_name(card)}" for seat, card in self.plays) or "-"
        return (
            f"seat {player} hand {' '.join(map(card_name, self.dealt[player]))}"
            f" up {card_name(self.up)} bids {bids}"
            f" discard {'-' if own is None else card_name(own)} plays {plays}"
        )

    def __str__(self) -> str:
        return "\n".join(self.information_string(seat) for seat in (ELDEST, DEALER))


class InformationStateObserver:
    """The information state as a string (no tensor: ``tensor`` is empty)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: MiniEuchreState, player: int) -> None:
        pass

    def string_from(self, state: MiniEuchreState, player: int) -> str:
        return state.information_string(player)


pyspiel.register_game(GAME_TYPE, MiniEuchreGame)
