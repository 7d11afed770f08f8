"""All Fours / Seven Up exactly as RULES.md section 2 (seed 002).

>>> import random
>>> from tricktable.games.all_fours.engine import AllFours
>>> game = AllFours.from_spec("all_fours(preset=seven_up)", players=2)
>>> game.sides
[[0], [1]]
>>> state = game.new_state(first_dealer=1)
>>> state.deal_random(random.Random(4))
>>> state.current_player, state.legal_texts()
(0, ['beg', 'stand'])

Choices where RULES.md is silent are documented in ``docs/rules/all_fours.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Any

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import (
    JACK,
    Card,
    CardMask,
    card_name,
    cards_of,
    mask_of,
    rank_of,
    suit_of,
)
from tricktable.core import Deal
from tricktable.errors import RuleError
from tricktable.events import Event
from tricktable.games.all_fours.events import AllFoursEvent
from tricktable.games.all_fours.facts import AllFoursFacts
from tricktable.games.all_fours.verbs import AllFoursKind
from tricktable.games.all_fours_family.points import (
    GAME_VALUES,
    HAND_SIZE,
    PACKET,
    PointsGame,
    PointsState,
    game_tie_option,
    low_point_option,
    target_option,
    void_rule_option,
)
from tricktable.rules import build_rules, option, parse_rule_string
from tricktable.tricks import plain_rules

__all__ = ["GAME_VALUES", "HAND_SIZE", "PACKET", "AllFours", "AllFoursRules", "AllFoursState"]


@dataclass(frozen=True, slots=True, kw_only=True)
class AllFoursRules:
    """Every option of RULES.md section 2 with its Seven Up default."""

    preset: str = "seven_up"
    partnerships: bool = option(True, "with 4 players: opposite seats are partners")
    direction: str = option(
        "clockwise",
        "direction of dealing and play (Trinidad: anticlockwise)",
        ("clockwise", "anticlockwise"),
    )
    gift_may_win: bool = option(False, "the dealer may give a point that wins for eldest's side")
    three_player_gift: str = option(
        "eldest",
        "with 3 players a gift scores to eldest, or to both opponents of the dealer",
        ("eldest", "both"),
    )
    void_rule: str = void_rule_option()
    low_point: str = low_point_option("captured")
    game_tie: str = game_tie_option()
    target: int = target_option()


PRESETS: dict[str, dict[str, Any]] = {
    "seven_up": {},
    "all_fours": {"low_point": "dealt", "game_tie": "non_dealer"},
}


class Phase(IntEnum):
    """Where an All Fours deal stands."""

    DEAL = 0
    STAND_BEG = 1
    GIVE_RUN = 2
    DISCARD = 3
    PLAY = 4
    OVER = 5


STAND = make_action(AllFoursKind.STAND)
BEG = make_action(AllFoursKind.BEG)
GIVE = make_action(AllFoursKind.GIVE)
RUN = make_action(AllFoursKind.RUN)
DISCARD_BASE = make_action(CoreKind.DISCARD)
_PLAY = Phase.PLAY


class AllFoursState(PointsState):
    """A match of All Fours in progress."""

    game: AllFours
    rules: AllFoursRules
    play_phase = Phase.PLAY
    deal_phase = Phase.DEAL
    over_phase = Phase.OVER
    same_dealer_after_throw_in = True
    turns_up = True

    __slots__ = (
        "discard_queue",
        "discards",
        "rejected_suit",
        "set_aside",
        "turned",
    )

    def _reset_deal(self) -> None:
        n = self.game.players
        self.turned: Card = -1
        self.rejected_suit = -1
        self.set_aside: list[Card] = []
        self.discard_queue: list[int] = []
        self.discards: list[list[Card]] = [[] for _ in range(n)]
        super()._reset_deal()

    # -- the step API ------------------------------------------------------------------------

    def _open_deal(self, deal: Deal) -> None:
        assert deal.turned is not None
        self.turned = deal.turned
        self.phase, self.to_act = Phase.STAND_BEG, self.eldest
        if rank_of(self.turned) == JACK:
            self._kick()

    def _kick(self) -> bool:
        """A jack turned: the dealer's side scores 1 (True: the match is won)."""
        side = self.game.side_of[self.dealer]
        return self._score(Event(AllFoursEvent.KICK, side=side, points=1, cards=(self.turned,)))

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is _PLAY:
            return cards_of(self._playable(self.to_act))
        if phase == Phase.STAND_BEG:
            return [STAND, BEG]
        if phase == Phase.GIVE_RUN:
            return [GIVE, RUN] if self._may_give() else [RUN]
        if phase == Phase.DISCARD:
            return [DISCARD_BASE + card for card in cards_of(self.hands[self.to_act])]
        return []

    def _gift_sides(self) -> list[int]:
        side_of = self.game.side_of
        if self.game.players == 3 and self.rules.three_player_gift == "both":
            return [side_of[s] for s in self._order_from_eldest() if s != self.dealer]
        return [side_of[self.eldest]]

    def _may_give(self) -> bool:
        if self.rules.gift_may_win:
            return True
        return all(self.match_scores[side] + 1 < self.rules.target for side in self._gift_sides())

    def why_illegal(self, action: Action) -> str:
        kind, argument = kind_of(action), argument_of(action)
        seat = self.to_act
        if self.phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        if kind in (CoreKind.PLAY, CoreKind.DISCARD) and not self.hands[seat] >> argument & 1:
            return f"seat {seat} does not hold {card_name(argument)}"
        refusal = self._play_refusal(action)
        if refusal is not None:
            return refusal
        if self.phase == Phase.GIVE_RUN and action == GIVE:
            return "the gift would win the match for eldest's side (gift_may_win=false): run"
        phase_name = self.phase.name.lower().replace("_", "/")
        return f"not allowed in phase '{phase_name}' for seat {seat}"

    # -- transitions -------------------------------------------------------------------------
    def _step(self, action: Action) -> None:
        phase = self.phase
        if phase is _PLAY:
            self._play(self.to_act, action)
        elif phase == Phase.STAND_BEG:
            if action == STAND:
                self.deal_events.append(Event(AllFoursEvent.ELDEST_STANDS, seat=self.eldest))
                self._set_trump(suit_of(self.turned))
            else:
                self.phase, self.to_act = Phase.GIVE_RUN, self.dealer
        elif phase == Phase.GIVE_RUN:
            if action == GIVE:
                self._fix_trump(suit_of(self.turned))
                for side in self._gift_sides():
                    if self._score(Event(AllFoursEvent.GIFT, side=side, points=1)):
                        return
                self._set_trump(suit_of(self.turned))
            else:
                self._run_the_cards()
        elif phase == Phase.DISCARD:
            seat = self.to_act
            card = argument_of(action)
            self.hands[seat] &= ~(1 << card)
            self.discards[seat].append(card)
            self._next_discarder()
        else:  # pragma: no cover - guarded by legal_actions
            raise AssertionError(f"no action expected in phase {phase}")

    def _run_the_cards(self) -> None:
        """Set the turn-up aside, deal three more to each seat, turn again, until a new
        suit turns; when the stock cannot supply a round and a card to turn, redeal."""
        self.rejected_suit = suit_of(self.turned)
        n = self.game.players
        order = self._order_from_eldest()
        while True:
            self.set_aside.append(self.turned)
            if len(self.stock) < PACKET * n + 1:
                self.deal_events.append(Event(AllFoursEvent.PACK_RAN_OUT))
                self._end_deal(winner=None, thrown_in=True)
                return
            for seat in order:
                for _ in range(PACKET):
                    self.hands[seat] |= 1 << self.stock.pop(0)
            self.turned = self.stock.pop(0)
            if suit_of(self.turned) != self.rejected_suit:
                break
            self.deal_events.append(Event(AllFoursEvent.RUN_AGAIN, cards=(self.turned,)))
        self.deal_events.append(Event(AllFoursEvent.RUN, cards=(self.turned,)))
        self._fix_trump(suit_of(self.turned))
        if rank_of(self.turned) == JACK and self._kick():
            return
        self._set_trump(suit_of(self.turned), discards=True)

    def _fix_trump(self, suit: int) -> None:
        """Trump is decided (it stands even if the gift or a kick then ends the match)."""
        self.trump = suit
        self.table = plain_rules(suit)

    def _set_trump(self, suit: int, discards: bool = False) -> None:
        self._fix_trump(suit)
        if discards:
            self.discard_queue = [
                s for s in self._order_from_eldest() if self.hands[s].bit_count() > HAND_SIZE
            ]
            if self.discard_queue:
                self.phase, self.to_act = Phase.DISCARD, self.discard_queue[0]
                return
        self._start_play()

    def _next_discarder(self) -> None:
        seat = self.to_act
        if self.hands[seat].bit_count() > HAND_SIZE:
            return
        self.discard_queue.pop(0)
        if self.discard_queue:
            self.to_act = self.discard_queue[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self._begin_play(self.eldest)

    def _count_points(self) -> None:
        """High, Low, Jack, Game in this order; the match ends the moment a side reaches
        the target."""
        for event in self.point_events():
            if not event.points:
                self.deal_events.append(event)
            elif self._score(event):
                return
        self._end_deal(winner=None)

    # -- what people and bots see -----------------------------------------------------------
    def public_facts(self, seat: int) -> AllFoursFacts:
        """The facts ``seat`` may know: every seat's (turn-ups, trump, the count for game,
        hand sizes), and its own discards."""
        return AllFoursFacts(
            turned=self.turned if self.turned >= 0 else None,
            set_aside=tuple(self.set_aside),
            trump=self.trump if self.trump >= 0 else None,
            eldest=self.eldest,
            target=self.rules.target,
            sides=tuple(tuple(side) for side in self.game.sides),
            game_points=tuple(self.game_counts()),
            deal_points=tuple(self.deal_points),
            hand_sizes=tuple(hand.bit_count() for hand in self.hands),
            own_discards=tuple(self.discards[seat]),
        )

    def hidden_from(self, seat: int) -> CardMask:
        hidden = super().hidden_from(seat)
        for other in range(self.game.players):
            if other != seat:
                hidden |= mask_of(self.discards[other])
        return hidden


POINTS = 4
"""High, Low, Jack and Game: the points a deal's play scores."""
MOST_KICKS = 2
"""The jacks a deal can turn up for the dealer's side: the first up-card, and the card that
stops the run of the cards (one of another suit)."""


class AllFours(PointsGame[AllFoursRules]):
    """All Fours / Seven Up for 2, 3 or 4 players."""

    name = "all_fours"
    presets = PRESETS
    facts_type = AllFoursFacts
    state_class = AllFoursState

    def deal_points(self) -> tuple[int, int] | None:
        """The four points (High, Low, Jack, Game) and two kicks at most (a jack turned up,
        and another the run of the cards turns), to the dealer's side (a gift, to the
        other's, is one point); never a fall.

        >>> AllFours().deal_points()
        (0, 6)
        """
        return (0, POINTS + MOST_KICKS)

    def __init__(self, rules: AllFoursRules | None = None, players: int = 2) -> None:
        if players not in (2, 3, 4):
            raise RuleError(f"all_fours is played by 2, 3 or 4 players, not {players}")
        super().__init__(rules or AllFoursRules(), players)
        step = 1 if self.rules.direction == "clockwise" else players - 1
        self._seat_sides(players == 4 and self.rules.partnerships, step)

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> AllFours:
        """Rules from a record's ``rules`` object or a rule string.

        The ``all_fours`` preset gives the Game tie to the non-dealer with 2 players only
        (RULES.md 2.5); with 3 or 4 it keeps ``game_tie=nobody`` unless the option is given.
        """
        players = 2 if players is None else players
        rules = build_rules(AllFoursRules, PRESETS, spec, cls.name)
        given = (
            parse_rule_string(spec)[1]
            if isinstance(spec, str)
            else dict(spec)
            if isinstance(spec, Mapping)
            else {}
        )
        if rules.preset == "all_fours" and players != 2 and "game_tie" not in given:
            rules = replace(rules, game_tie="nobody")
        return cls(rules, players)


GAME_CLASS = AllFours
"""This game's ``Game`` class (the spec finds it by this name)."""
