"""Set-back Euchre (RULES.md 1.10; 1864 American Hoyle; seed 001): 2, 3 or 4 players (4 by
default) each for themselves, counting down from ``start_score`` to 0.

Trump is made as in four-handed euchre (RULES.md 1.3): round 1 ``order`` / ``pass`` from
eldest (the dealer then picks up the up-card and ``discard``\\ s), round 2 ``call X`` /
``pass``; if all pass twice the deal is thrown in (or, with ``stick_the_dealer``, the
dealer must call). The maker plays alone against all the others. Before the first lead
the maker may ``declare`` a march (option ``declare_march``), then each defender from
eldest may ``throw in`` (takes no part, is not set back), ``pass`` (stays) or, while nobody
has declared, ``declare`` itself. With 2 players nobody throws in.

Scoring, per player (lower is better): each trick taken subtracts 1; a player who
played and took no trick adds 1; a euchred maker (fewer than 3 tricks) adds 2 and pays
one stake into the pool. The first player at 0 or below wins the game and the pool.

>>> import random
>>> from tricktable.games.setback_euchre.engine import SetbackEuchre
>>> game = SetbackEuchre.from_spec("setback_euchre(declare_march=true)")
>>> game.sides, game.rules.start_score
([[0], [1], [2], [3]], 5)
>>> state = game.new_state(first_dealer=3)
>>> state.deal_random(random.Random(1))
>>> state.current_player, state.legal_texts()   # eldest orders or passes
(0, ['order', 'pass'])
>>> state.scores(), state.view(0).public.pool   # everyone at 5; four antes in the pool
([5, 5, 5, 5], 4)
>>> SetbackEuchre.from_spec("setback_euchre", players=3).sides
[[0], [1], [2]]

Choices where RULES.md is silent are listed in ``docs/rules/setback_euchre.md`` and noted
at the places in this module that implement them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Any

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import ACE, Card, standard_deck
from tricktable.events import Event
from tricktable.games.euchre_family.dealing import first_dealer_option, packets_option
from tricktable.games.euchre_family.events import FamilyEvent
from tricktable.games.euchre_family.state import FamilyGame, declare_phases, does_not_hold
from tricktable.games.euchre_family.upcard import PASS, UpCardState
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.games.setback_euchre.events import SetbackEvent
from tricktable.games.setback_euchre.facts import SetbackEuchreFacts
from tricktable.games.setback_euchre.verbs import SetbackKind
from tricktable.rules import option

PLAYER_COUNTS = (2, 3, 4)
"""The numbers of players RULES.md 1.10 allows (option ``players``)."""
DEFAULT_PLAYERS = 4
HAND_SIZE = 5
MAKE = 3
"""Tricks the maker needs (fewer is a euchre)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetbackEuchreRules:
    """Every option of set-back euchre with its 1864 American Hoyle default."""

    preset: str = "american_hoyle"
    start_score: int = option(
        5, "every player starts at this score and counts down to 0", minimum=1
    )
    ante: int = option(
        1, "stakes each player puts into the pool at the start of the match", minimum=0
    )
    first_dealer: str = first_dealer_option("how the first dealer is chosen (as in euchre)")
    packets: str = packets_option()
    stick_the_dealer: bool = option(False, "if all pass twice the dealer must call a suit")
    declare_march: bool = option(
        False,
        "the maker, then each defender, may declare before the lead: all 5 tricks win"
        " the game and the pool, failing doubles the declarer's score and pays a stake",
    )
    euchre_relief: bool = option(
        False, "when the maker is euchred, each defender who played subtracts 2"
    )

    def deck_cards(self) -> list[Card]:
        """The 24-card euchre deck (A K Q J T 9 of each suit)."""
        return standard_deck(range(9, ACE + 1))


PRESETS: dict[str, dict[str, Any]] = {"american_hoyle": {}}


class Phase(IntEnum):
    """Where a set-back deal stands; each phase has its own legal actions."""

    DEAL = 0
    BID1 = 1
    DEALER_DISCARD = 2
    BID2 = 3
    DECLARE = 4
    THROW_IN = 5
    PLAY = 6
    OVER = 7


DECLARE = make_action(SetbackKind.DECLARE)
THROW_IN = make_action(SetbackKind.THROW_IN)


@dataclass(frozen=True, slots=True)
class SetbackSheet:
    """Set-back euchre's own entries of a deal's score-sheet line: the pool, the stakes each
    seat paid into it this deal, the seats that threw in, and the declarer of a march.

    >>> SetbackSheet(12, [0, 1, 0], [2], None).to_json()
    {'pool': 12, 'stakes': [0, 1, 0], 'threw_in': [2], 'declared': False}
    """

    pool: int
    stakes: list[int]
    threw_in: list[int]
    declarer: int | None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "pool": self.pool,
            "stakes": list(self.stakes),
            "threw_in": list(self.threw_in),
            "declared": self.declarer is not None,
        }
        if self.declarer is not None:
            out["declarer"] = self.declarer
        return out


class SetbackEuchreState(UpCardState[SetbackEuchreRules]):
    """A match of set-back euchre in progress."""

    ALL_PASSED = FamilyEvent.ALL_PASSED

    __slots__ = ("declarer", "pool", "stakes_paid")

    declarer: int
    """The seat that declared a march this deal (-1: nobody)."""

    def _open_scores(self) -> None:
        """Everyone at ``start_score``, each one's ante in the pool."""
        players = self.seats
        self.match_scores = [self.rules.start_score] * players
        self.pool = self.rules.ante * players
        self.stakes_paid = [0] * players

    def _reset_deal(self) -> None:
        super()._reset_deal()
        self.declarer = -1

    def _tally(self) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        return (tuple(self.match_scores), self.pool, tuple(self.stakes_paid))

    def _restore_tally(self, tally: tuple[tuple[int, ...], int, tuple[int, ...]]) -> None:
        scores, self.pool, stakes = tally
        self.match_scores, self.stakes_paid = list(scores), list(stakes)

    # -- legal actions and transitions, by phase (legal_table, step_table) ---------------------

    def _declare_actions(self) -> list[Action]:
        return [DECLARE, PASS]

    def _throw_in_actions(self) -> list[Action]:
        stays = [PASS] if self._must_stay() else [THROW_IN, PASS]
        return [*stays, DECLARE] if self._may_declare() else stays

    def _must_stay(self) -> bool:
        """Not in RULES.md: at least one defender must play against the maker, so the last
        defender asked may not throw in when every other defender has. With 2 players the
        one defender is that last one (RULES.md: nobody may throw in)."""
        return len(self.queue) == 1 and self.out_mask.bit_count() == self.seats - 2

    def _may_declare(self) -> bool:
        """Whether the seat asked may declare a march: with ``declare_march``, while nobody
        has (not in RULES.md: the first declaration is the only one)."""
        return self.rules.declare_march and self.declarer < 0

    @property
    def declared(self) -> bool:
        """Whether a player declared a march this deal."""
        return self.declarer >= 0

    def why_illegal(self, action: Action) -> str:
        seat, phase = self.to_act, self.phase
        kind, argument = kind_of(action), argument_of(action)
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        if kind in (FamilyKind.ORDER_ALONE, FamilyKind.CALL_ALONE, FamilyKind.ALONE):
            return "in set-back euchre the maker always plays alone: say 'order' or 'call X'"
        if phase == Phase.PLAY and kind == CoreKind.PLAY:
            if not self.hands[seat] >> argument & 1:
                return does_not_hold(seat, argument)
            return f"seat {seat} must follow suit"
        if kind == CoreKind.DISCARD and phase == Phase.DEALER_DISCARD:
            return does_not_hold(seat, argument)
        refusal = self._making_refusal(action)
        if refusal is not None:
            return refusal
        if action == THROW_IN:
            if self.seats == 2:
                return "with 2 players nobody may throw in"
            if phase == Phase.THROW_IN:
                return (
                    "at least one defender must play against the maker: seats "
                    + " and ".join(str(s) for s in self._seats_out())
                    + " have thrown in"
                )
            return "only a defender may throw in, after trump is made and before the first lead"
        if action == DECLARE:
            if not self.rules.declare_march:
                return "declaring a march needs the option declare_march"
            if self.declarer >= 0:
                return f"seat {self.declarer} has declared: only one player may declare"
            return (
                "a player may declare only when asked, after trump is made and before"
                " the first lead (the maker first, then each defender)"
            )
        return f"not allowed in phase '{self.DISPLAY_PHASES[phase]}' for seat {seat}"

    def _trump_made(self) -> None:
        """The maker may declare a march (option ``declare_march``), then the defenders
        decide whether to throw in (or declare)."""
        if self.rules.declare_march:
            self.phase, self.to_act = Phase.DECLARE, self.maker
            return
        self._enter_throw_in()

    def _declare(self, action: Action) -> None:
        if action == DECLARE:
            self.declarer = self.maker
        self._enter_throw_in()

    def _enter_throw_in(self) -> None:
        """Each defender, from eldest, decides ``throw in``, ``pass`` (stays in) or, while
        nobody has, ``declare``. Not in RULES.md: with 2 players (nobody may throw in) the
        defender is asked only when it may declare."""
        if self.seats == 2 and not self._may_declare():
            self._start_play()
            return
        self.queue = [s for s in self._from_eldest() if s != self.maker]
        self.phase, self.to_act = Phase.THROW_IN, self.queue[0]

    def _throw_in_or_stay(self, action: Action) -> None:
        if action == THROW_IN:
            self.out_mask |= 1 << self.to_act
        elif action == DECLARE:
            self.declarer = self.to_act
        if not self._ask_next_in_queue():
            self._start_play()

    def _first_leader(self) -> int:
        # seed 001: the declarer of a march leads the first trick; else eldest (or, if
        # eldest threw in, the next active seat)
        return self.declarer if self.declared else self.eldest

    # -- scoring -----------------------------------------------------------------------------
    def _hand_played(self) -> None:
        maker, declarer = self.maker, self.declarer
        taken = self.tricks_won
        before = list(self.match_scores)
        change = [0] * self.seats
        stakes = [0] * self.seats
        events: list[Event] = []
        made = taken[maker] >= MAKE
        march_won = declarer >= 0 and taken[declarer] == HAND_SIZE
        if declarer == maker and not march_won:
            events.append(self._failed_declaration(change, stakes, before))
        elif not made:
            # Not in RULES.md: a euchred maker's tricks do not subtract (as a set bidder in
            # bid euchre, RULES.md 1.10), and the euchre's 2 replaces the no-trick 1.
            change[maker] = 2
            stakes[maker] = 1
            events.append(
                Event(SetbackEvent.MAKER_SET_BACK, seat=maker, points=2, tricks=taken[maker])
            )
        else:
            change[maker] = -taken[maker]
            if march_won and declarer == maker:
                kind = SetbackEvent.MAKER_DECLARED_MARCH
            elif taken[maker] == 5:
                kind = SetbackEvent.MAKER_MARCH
            else:
                kind = SetbackEvent.MAKER_MAKES
            events.append(Event(kind, seat=maker, points=-taken[maker], tricks=taken[maker]))
        for seat in self._from_eldest():
            if seat != maker:
                events.extend(self._defender_scores(seat, made, change, stakes, before))
        for seat in range(self.seats):
            self.match_scores[seat] += change[seat]
            self.stakes_paid[seat] += stakes[seat]
        self.pool += sum(stakes)
        if sum(stakes):
            events.append(Event(SetbackEvent.POOL, counts=(self.pool,)))
        decided: int | list[int] | None = None
        reached = [s for s in range(self.seats) if self.match_scores[s] <= 0]
        if march_won:
            decided = declarer
            events.append(Event(SetbackEvent.DECLARED_MARCH_WON, seat=declarer))
        elif reached:
            # RULES.md: the lower score wins; not in RULES.md: equal lowest scores share.
            low = min(self.match_scores[s] for s in reached)
            tied = [s for s in reached if self.match_scores[s] == low]
            if len(tied) == 1:
                decided = tied[0]
                events.append(Event(SetbackEvent.WINS_THE_POOL, seat=decided, counts=(self.pool,)))
            else:
                decided = tied
                events.append(
                    Event(SetbackEvent.SHARE_THE_POOL, seats=tuple(tied), counts=(low, self.pool))
                )
        summary = self._summary(change, events, complete=True)
        summary.details = replace(self._sheet_details(), stakes=list(stakes))
        self.sheet.append(summary)
        self._next_deal(decided)

    def _failed_declaration(self, change: list[int], stakes: list[int], before: list[int]) -> Event:
        """Not in RULES.md: failing a declared march replaces the declarer's other scoring:
        the score before the deal doubles, and one stake is paid (one in all, also when a
        declaring maker is euchred as well)."""
        declarer = self.declarer
        change[declarer] = before[declarer]
        stakes[declarer] = 1
        return Event(
            SetbackEvent.FAILS_DECLARED_MARCH,
            seat=declarer,
            points=change[declarer],
            tricks=self.tricks_won[declarer],
            counts=(before[declarer], 2 * before[declarer]),
        )

    def _defender_scores(
        self, seat: int, made: bool, change: list[int], stakes: list[int], before: list[int]
    ) -> list[Event]:
        """A defender's part of the deal's score: thrown in, its declared march, its tricks
        or its set-back, and the ``euchre_relief``."""
        if self.out_mask >> seat & 1:
            return [Event(SetbackEvent.THREW_IN, seat=seat)]
        taken = self.tricks_won[seat]
        if seat == self.declarer:
            # Not in RULES.md: a defender's declaration replaces its other scoring (and
            # the relief) as the maker's does; made, it scores its 5 tricks.
            if taken < HAND_SIZE:
                return [self._failed_declaration(change, stakes, before)]
            change[seat] = -taken
            return [
                Event(SetbackEvent.DEFENDER_DECLARED_MARCH, seat=seat, points=-taken, tricks=taken)
            ]
        events: list[Event] = []
        if taken:
            change[seat] -= taken
            events.append(Event(FamilyEvent.TAKES_TRICKS, seat=seat, points=-taken, tricks=taken))
        else:
            change[seat] += 1
            events.append(Event(SetbackEvent.NO_TRICK, seat=seat, points=1))
        if not made and self.rules.euchre_relief:
            # Not in RULES.md: the relief is for defenders who played, on top of
            # their own tricks (or the no-trick set-back).
            change[seat] -= 2
            events.append(Event(SetbackEvent.EUCHRE_RELIEF, seat=seat, points=-2))
        return events

    def _sheet_details(self) -> SetbackSheet:
        declarer = self.declarer if self.declared else None
        return SetbackSheet(self.pool, [0] * self.seats, self._seats_out(), declarer)

    # -- what people and bots see -----------------------------------------------------------
    def public_facts(self, seat: int) -> SetbackEuchreFacts:
        """The facts ``seat`` may know: every seat's, and its own discards."""
        return self._upcard_facts(
            SetbackEuchreFacts,
            seat,
            declared=self.declared,
            declarer=self.declarer if self.declared else None,
            sitting_out=self._seats_out_facts(),
            pool=self.pool,
            stakes_paid=tuple(self.stakes_paid),
            start_score=self.rules.start_score,
        )


declare_phases(
    SetbackEuchreState,
    Phase,
    names={Phase.DECLARE: "declare a march?", Phase.THROW_IN: "throw in?"},
    legal={
        Phase.DECLARE: SetbackEuchreState._declare_actions,
        Phase.THROW_IN: SetbackEuchreState._throw_in_actions,
    },
    steps={
        Phase.DECLARE: SetbackEuchreState._declare,
        Phase.THROW_IN: SetbackEuchreState._throw_in_or_stay,
    },
)


class SetbackEuchre(FamilyGame[SetbackEuchreRules]):
    """Set-back Euchre: 2, 3 or 4 individuals, the maker alone against the others."""

    name = "setback_euchre"
    presets = PRESETS
    draws_with_random_shuffle = True
    rules_class = SetbackEuchreRules
    seats = DEFAULT_PLAYERS
    player_counts = PLAYER_COUNTS
    facts_type = SetbackEuchreFacts
    state_class = SetbackEuchreState
    scores_count_down = True

    def deal_points(self) -> tuple[int, int] | None:
        """Counted up (scores count down here): a euchred maker's 2 at least; a defender
        taking every trick from a euchred maker at most (5, and 2 more with
        ``euchre_relief``). ``None`` with ``declare_march``: a failed declaration doubles the
        player's score, which has no bound of its own (a trickless player adds 1 a deal).

        >>> from tricktable.games import load_game
        >>> load_game("setback_euchre").deal_points()
        (-2, 5)
        >>> load_game("setback_euchre(euchre_relief=true)").deal_points()
        (-2, 7)
        """
        if self.rules.declare_march:
            return None
        return (-2, HAND_SIZE + 2 * self.rules.euchre_relief)


__all__ = [
    "PRESETS",
    "Phase",
    "SetbackEuchre",
    "SetbackEuchreRules",
    "SetbackEuchreState",
]


GAME_CLASS = SetbackEuchre
"""This game's ``Game`` class (the spec finds it by this name)."""
