"""``FamilyState``: the match every euchre variant plays, written once.

A deal dealt in packets, the active seats (a seat may sit out: a lone maker's partner, a
dropped or thrown-in player) and the leader, the play of the tricks, thrown-in deals, the
score sheet, and what each seat may see. A variant subclasses it (through ``UpCardState``
where an up-card is turned) and adds only its own decisions and scoring.

Each variant dispatches its phases through a table of small named methods, one entry per
phase (``phase_table``), as OpenSpiel's games do.

>>> import random
>>> from tricktable.games import load_game
>>> state = load_game("three_handed_euchre").new_state(first_dealer=2)
>>> isinstance(state, FamilyState), state.seats, state.hand_size
(True, 3, 7)
>>> state.deal_random(random.Random(4))
>>> state.eldest, state.hidden_from(0) & state.hands[0]
(0, 0)
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Mapping
from enum import IntEnum
from typing import Any, ClassVar, Generic, TypeVar

from tricktable.actions import Action
from tricktable.cards import Card, CardMask, mask_of, shuffled
from tricktable.cards import card_text as card_text  # the variants' refusals, shared
from tricktable.core import (
    CHANCE,
    TERMINAL,
    Deal,
    DealSummary,
    Game,
    SeatView,
    SheetDetails,
    State,
    check_deal_cards,
)
from tricktable.core import does_not_hold as does_not_hold
from tricktable.errors import RecordError, RuleError
from tricktable.events import Event
from tricktable.games.euchre_family.dealing import (
    deal_in_packets,
    draw_first_dealer,
    packets_of,
    stdlib_shuffled,
)
from tricktable.games.euchre_family.facts import FamilyFacts
from tricktable.rules import build_rules
from tricktable.tricks import TrickRules

RulesT = TypeVar("RulesT")
PhaseT = TypeVar("PhaseT", bound=IntEnum)
EntryT = TypeVar("EntryT")
StateT = TypeVar("StateT", bound="FamilyState[Any]")
Legal = Callable[[StateT], list[Action]]
"""A phase's legal actions (an entry of a variant's table of legal actions)."""
Step = Callable[[StateT, Action], None]
"""A phase's transition (an entry of a variant's table of steps)."""

try:  # when built with mypyc, the interpreted variants may subclass the compiled states
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # pragma: no cover - the rules core needs no third-party package

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


def phase_table(
    phases: type[PhaseT], entries: Mapping[PhaseT, EntryT], default: EntryT
) -> tuple[EntryT, ...]:
    """Each phase's entry of ``entries`` (``default`` where it has none), indexed by the
    phase's number (the phases are numbered from 0 in order).

    >>> class Step(IntEnum):
    ...     DEAL = 0
    ...     BID = 1
    >>> phase_table(Step, {Step.BID: str.upper}, str.lower)[Step.BID]("pass")
    'PASS'
    """
    return tuple(entries.get(phase, default) for phase in phases)


FAMILY_PHASE_NAMES: dict[str, str] = {
    "DEAL": "deal",
    "BID1": "bidding, round 1",
    "DEALER_DISCARD": "dealer discards",
    "BID2": "bidding, round 2",
    "PLAY": "play",
    "OVER": "over",
}
"""The names for people of the phases the variants share, by the phase's name."""


def phase_names(phases: type[PhaseT], own: Mapping[PhaseT, str]) -> dict[PhaseT, str]:
    """Each phase's name for people: the variant's ``own`` names, and the family's
    (``FAMILY_PHASE_NAMES``) for the phases it shares.

    >>> from tricktable.games.two_handed_euchre.engine import Phase
    >>> phase_names(Phase, {})[Phase.BID2]
    'bidding, round 2'
    """
    names = {}
    for phase in phases:
        name = own.get(phase, FAMILY_PHASE_NAMES.get(phase.name))
        if name is not None:
            names[phase] = name
    return names


def phase_tables(
    state: type[StateT],
    phases: type[PhaseT],
    legal: Mapping[PhaseT, Legal[StateT]],
    steps: Mapping[PhaseT, Step[StateT]],
) -> tuple[tuple[Legal[StateT], ...], tuple[Step[StateT], ...]]:
    """A variant's tables of legal actions and of transitions, indexed by phase
    (``phase_table``): its own entries (``legal``, ``steps``), the family's for the phases
    it shares (``state.SHARED_PHASES``, by the phase's name: the play, and in the up-card
    variants the making rounds and the dealer's discard), none in the others.

    >>> from tricktable.games.two_handed_euchre.engine import Phase, TwoHandedEuchreState
    >>> legal, steps = phase_tables(TwoHandedEuchreState, Phase, {}, {})
    >>> legal[Phase.BID2].__name__, steps[Phase.PLAY].__name__, legal[Phase.DEAL].__name__
    ('_round_two_actions', '_play_step', '_no_actions')
    """
    shared = state.SHARED_PHASES
    shared_legal: dict[PhaseT, Legal[StateT]] = {}
    shared_steps: dict[PhaseT, Step[StateT]] = {}
    for phase in phases:
        if phase.name in shared:
            legal_method, step_method = shared[phase.name]
            shared_legal[phase] = getattr(state, legal_method)
            shared_steps[phase] = getattr(state, step_method)
    return (
        phase_table(phases, {**shared_legal, **legal}, state._no_actions),
        phase_table(phases, {**shared_steps, **steps}, state._no_step),
    )


def declare_phases(
    state: type[StateT],
    phases: type[PhaseT],
    names: Mapping[PhaseT, str] | None = None,
    legal: Mapping[PhaseT, Legal[StateT]] | None = None,
    steps: Mapping[PhaseT, Step[StateT]] | None = None,
) -> None:
    """Declare a variant's ``Phase`` enum on its state class, as OpenSpiel's games do: the
    phases (``phases``, ``play_phase``), their names for people (``DISPLAY_PHASES``: the
    variant's own ``names`` and the family's, ``phase_names``) and each phase's legal actions
    and transition (``legal_table``, ``step_table``: the variant's own ``legal`` and
    ``steps`` and the family's, ``phase_tables``)."""
    state.phases = phases
    state.play_phase = phases["PLAY"]
    state.DISPLAY_PHASES = phase_names(phases, names or {})
    state.legal_table, state.step_table = phase_tables(state, phases, legal or {}, steps or {})


def count_text(counts: tuple[int, ...]) -> str:
    """Seat counts as a refusal names them.

    >>> count_text((2,)), count_text((3, 4)), count_text((2, 3, 4))
    ('2', '3 or 4', '2, 3 or 4')
    """
    words = [str(count) for count in counts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


@mypyc_attr(allow_interpreted_subclasses=True)
class FamilyGame(Game[RulesT]):
    """A euchre variant's game: its options dataclass (``rules_class``) and presets, its
    deck and packets, the seat counts it is played by (``seats`` unless told, or any of
    ``player_counts``), each seat playing for itself unless opposite seats are
    ``partners``, and the class of its matches (``state_class``).

    >>> from tricktable.games import load_game
    >>> load_game("two_handed_euchre").sides
    [[0], [1]]
    >>> load_game("two_handed_euchre", players=3)
    Traceback (most recent call last):
    ...
    tricktable.errors.RuleError: two_handed_euchre is played by 2 players, not 3
    """

    rules_class: ClassVar[type[Any]]
    """The variant's frozen options dataclass (its default rules when called bare)."""
    seats: ClassVar[int]
    """How many play unless told otherwise."""
    player_counts: ClassVar[tuple[int, ...]] = ()
    """The seat counts the variant is played by, where it takes several (else ``seats``)."""
    partners: ClassVar[bool] = False
    """Whether the four seats play in two sides, opposite seats partners (0 and 2 against
    1 and 3); else each seat plays for itself."""
    state_class: ClassVar[type[FamilyState[Any]]]
    """The variant's ``FamilyState``, made by ``new_state(first_dealer)``."""
    draws_with_random_shuffle: ClassVar[bool] = False
    """Whether the first-dealer draw shuffles with ``random.shuffle`` (four-handed and
    set-back euchre) rather than ``cards.shuffled``: the same seed, another dealer."""
    deck: tuple[Card, ...]
    packets: tuple[int, ...]
    """The packets each seat receives, in dealing order (they add up to the hand)."""

    def __init__(self, rules: RulesT | None = None, players: int | None = None) -> None:
        if players is not None:
            self.check_players(players)
        super().__init__(
            self.rules_class() if rules is None else rules,
            self.seats if players is None else players,
        )
        self.deck = self.deck_cards()
        self.packets = self.packet_sizes()

    @classmethod
    def check_players(cls, players: int) -> None:
        """Refuse a seat count the variant is not played by, naming those it is."""
        counts = cls.player_counts or (cls.seats,)
        if players not in counts:
            raise RuleError(f"{cls.name} is played by {count_text(counts)} players, not {players}")

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> Game[Any]:
        """Rules from a record's ``rules`` object or a rule string (``seats`` players unless
        told)."""
        if players is not None:
            cls.check_players(players)
        return cls(
            build_rules(cls.rules_class, cls.presets, cls.read_spec(spec), cls.name), players
        )

    @classmethod
    def read_spec(cls, spec: object) -> object:
        """``spec`` as ``build_rules`` reads it (a variant that knows older spellings of its
        options translates them here)."""
        return spec

    def deck_cards(self) -> tuple[Card, ...]:
        """The deck in a fixed order: the rules' ``deck_cards()`` (a variant with one deck
        returns it)."""
        rules: Any = self.rules
        return tuple(rules.deck_cards())

    def packet_sizes(self) -> tuple[int, ...]:
        """The packets each seat receives, in dealing order: the rules' ``packets`` option
        (a variant that deals otherwise says how)."""
        rules: Any = self.rules
        return packets_of(rules.packets)

    @property
    def sides(self) -> list[list[int]]:
        if self.partners:
            return [[0, 2], [1, 3]]
        return [[seat] for seat in range(self.players)]

    def new_state(self, first_dealer: int) -> FamilyState[Any]:
        return self.state_class(self, self.checked_first_dealer(first_dealer))

    def first_dealer_method(self) -> str:
        """How the first dealer is chosen: the rules' ``first_dealer`` option."""
        rules: Any = self.rules
        return str(rules.first_dealer)

    def choose_first_dealer(self, rng: random.Random) -> int:
        """By ``first_dealer_method()`` as in euchre (RULES.md 1.2): random; a draw where
        the lowest (aces low, jacks between ten and queen) or highest card deals, the Joker
        above the ace, ties drawing again among the tied seats; or cards dealt face up from
        seat 0 until the first jack."""
        shuffle = stdlib_shuffled if self.draws_with_random_shuffle else shuffled
        return draw_first_dealer(self.first_dealer_method(), self.deck, self.players, rng, shuffle)


@mypyc_attr(allow_interpreted_subclasses=True)
class FamilyState(State, Generic[RulesT]):
    """A match of a euchre variant: the deal, active seats, play, throw-ins, the score sheet
    and the views. The attributes below are this class's slots."""

    __slots__ = (
        "active_count",
        "deck",
        "hand_size",
        "leader",
        "match_winner",
        "next_active",
        "out_mask",
        "packets",
        "queue",
        "rules",
        "seats",
        "table",
        "tricks_won",
    )

    rules: RulesT
    seats: int
    deck: tuple[Card, ...]
    packets: tuple[int, ...]
    """The packets each seat receives, in dealing order (they add up to the hand)."""
    hand_size: int
    table: TrickRules | None
    """How cards rank in tricks once trump is known."""
    tricks_won: list[int]
    out_mask: int
    """The seats that sit this deal out."""
    active_count: int
    next_active: tuple[int, ...]
    """The next active seat after each seat, clockwise."""
    leader: int
    """The seat that leads the trick in progress."""
    queue: list[int]
    """The seats still to be asked in a phase that asks several in turn."""
    match_winner: int | list[int] | None
    phases: ClassVar[Any]
    """The variant's ``Phase`` enum: the family's code finds in it, by name, ``DEAL``
    (before a deal), ``PLAY`` and ``OVER`` (the match decided), and in the up-card variants
    ``BID1``, ``BID2`` (the making rounds) and ``DEALER_DISCARD``."""
    DISPLAY_PHASES: ClassVar[Mapping[Any, str]]
    """Each phase as people read it."""

    def __init__(self, game: FamilyGame[RulesT] | None = None, first_dealer: int = 0) -> None:
        if game is None:
            return  # a blank state for clone() to fill (compiled classes need one)
        self._open_match(game, first_dealer)

    def _open_match(self, game: FamilyGame[RulesT], first_dealer: int) -> None:
        """The match-level start every variant shares: the game's deck and packets, the
        opening scores (``_open_scores``), the first deal due."""
        self.game = game
        self.rules = game.rules
        self.seats = game.players
        self.deck = game.deck
        self.packets = game.packets
        self.hand_size = sum(game.packets)
        self._start_match(first_dealer)
        self._open_scores()
        self.match_winner = None
        self._reset_deal()
        self.phase, self.to_act = self.phases.DEAL, CHANCE

    def _open_scores(self) -> None:
        """The match's opening scores: every side at 0 (a variant that counts down, or
        keeps games won, a pool ..., opens them its own way)."""
        self.match_scores = [0] * len(self.game.sides)

    def _reset_deal(self) -> None:
        """The deal-level state before a deal (a variant resets its own on top)."""
        seats = self.seats
        self.hands = [0] * seats
        self.table = None
        self._reset_trick()
        self.tricks_won = [0] * seats
        self.out_mask = 0
        self.queue = []
        self.leader = -1
        self.active_count = seats
        self.next_active = ()  # set when the play starts

    # -- undo: the match-level facts before each deal ------------------------------------------
    def _save_mark(self) -> tuple[Any, int, int]:
        return (self._tally(), self.dealer, len(self.sheet))

    def _restore_mark(self, mark: tuple[Any, int, int]) -> None:
        tally, self.dealer, sheet_length = mark
        self._restore_tally(tally)
        del self.sheet[sheet_length:]
        self.match_winner = None

    def _tally(self) -> Any:
        """The match's running totals as immutable values, to restore when a deal is
        rebuilt: the scores (a variant that keeps games, stakes ... adds them)."""
        return tuple(self.match_scores)

    def _restore_tally(self, tally: Any) -> None:
        """Restore what ``_tally`` returned."""
        self.match_scores = list(tally)

    # -- the phases' tables --------------------------------------------------------------------
    legal_table: ClassVar[tuple[Callable[[Any], list[Action]], ...]]
    """Each phase's legal actions, indexed by the phase (``phase_table``)."""
    step_table: ClassVar[tuple[Callable[[Any, Action], None], ...]]
    """Each phase's transition, indexed by the phase (``phase_table``)."""

    SHARED_PHASES: ClassVar[dict[str, tuple[str, str]]] = {
        "PLAY": ("_playable_actions", "_play_step")
    }
    """The phases the family plays alike, by name, with the methods (by name, so that a
    variant's override is the one taken) of their legal actions and transition
    (``phase_tables`` takes them): the play here."""

    def legal_actions(self) -> list[Action]:
        return self.legal_table[int(self.phase)](self)

    def _step(self, action: Action) -> None:
        self.step_table[int(self.phase)](self, action)

    # -- the deal ------------------------------------------------------------------------------
    def random_deal(self, rng: random.Random) -> Deal:
        """The deck shuffled from ``rng`` and dealt in the match's packets from eldest."""
        return deal_in_packets(shuffled(self.deck, rng), self.seats, self.dealer, self.packets)

    def deal(self, deal: Deal) -> None:
        # A deal that leaves cards over turns one up; its stock is never dealt from, so a
        # record may give it partly or not at all. A deal of the whole deck must hold it all.
        turns_up = self.hand_size * self.seats < len(self.deck)
        self._check_deal_due()
        check_deal_cards(
            deal,
            self.deck,
            [self.hand_size] * self.seats,
            require_full=not turns_up,
            turned_required=turns_up,
        )
        self._begin_deal(deal)

    def deal_random(self, rng: random.Random) -> None:
        self._check_deal_due()
        self._begin_deal(self.random_deal(rng))

    def _check_deal_due(self) -> None:
        if self.to_act != CHANCE:
            raise RecordError("no deal is due now: " + self._phase_name())

    def _start_deal(self, deal: Deal) -> None:
        self._reset_deal()
        self.hands = [mask_of(hand) for hand in deal.hands]
        self._lay_out(deal)
        self._open_bidding()

    def _lay_out(self, deal: Deal) -> None:
        """Lay out what the deal shows besides the hands (nothing here)."""

    @abstractmethod
    def _open_bidding(self) -> None:
        """Set the first decision of a deal just dealt."""

    @property
    def eldest(self) -> int:
        """The seat left of the dealer: bids first and, as a rule, leads first."""
        return (self.dealer + 1) % self.seats

    def _from_eldest(self) -> list[int]:
        """Every seat, from eldest clockwise round to the dealer."""
        return [(self.dealer + offset) % self.seats for offset in range(1, self.seats + 1)]

    def _ask_next_in_queue(self) -> bool:
        """The seat that answered leaves ``queue``; the next seat in it, if any, is to act
        (``True``); ``False`` when every seat has been asked."""
        self.queue.pop(0)
        if self.queue:
            self.to_act = self.queue[0]
            return True
        return False

    # -- phases without decisions (the defaults of the phase tables) ---------------------------
    def _no_actions(self) -> list[Action]:
        return []

    def _no_step(self, action: Action) -> None:  # pragma: no cover - guarded by legal_actions
        raise AssertionError(f"no action expected in phase {self.phase}")

    def _phase_name(self) -> str:
        return self.DISPLAY_PHASES[self.phase]

    # -- the play ------------------------------------------------------------------------------
    def _first_leader(self) -> int:
        """The seat to lead the first trick (eldest here), before skipping seats out."""
        return self.eldest

    def _start_play(self) -> None:
        """Open the play: the first leader, or the next active seat after it, leads."""
        out = self.out_mask
        leader = self._first_leader()
        while out >> leader & 1:
            leader = (leader + 1) % self.seats
        self.leader = leader
        self.active_count = self.seats - out.bit_count()
        self.next_active = tuple(self._next_active_seat(seat) for seat in range(self.seats))
        self.phase, self.to_act = self.play_phase, leader

    def _seats_out(self) -> list[int]:
        """The seats that sit this deal out."""
        return [seat for seat in range(self.seats) if self.out_mask >> seat & 1]

    def _seats_out_facts(self) -> tuple[int, ...]:
        """The seats that sit this deal out, for the public facts."""
        return tuple(seat for seat in range(self.seats) if self.out_mask >> seat & 1)

    def _next_active_seat(self, seat: int) -> int:
        nxt = (seat + 1) % self.seats
        while self.out_mask >> nxt & 1:
            nxt = (nxt + 1) % self.seats
        return nxt

    def _play_step(self, action: Action) -> None:
        self._play(self.to_act, action)

    def _play(self, seat: int, card: Card) -> None:
        table = self.table
        assert table is not None
        winner = self._play_to_trick(seat, card, table, self.active_count, self.next_active)
        if winner < 0:
            return
        self.tricks_won[winner] += 1
        if len(self.completed) < self.hand_size:
            self.leader = winner
            return
        self._hand_played()

    @abstractmethod
    def _hand_played(self) -> None:
        """Score the deal once its last trick is taken."""

    # -- the end of a deal -----------------------------------------------------------------
    def _throw_in(self, why: Event, same_dealer: bool) -> None:
        """End the deal unscored. A single hand (``target`` null) thrown in for good is a tie
        of every side; with ``same_dealer`` the dealer deals again."""
        sides = len(self.game.sides)
        self.sheet.append(self._summary([0] * sides, [why], complete=True, thrown_in=True))
        decided: list[int] | None = None
        if getattr(self.rules, "target", 0) is None and not same_dealer:
            decided = list(range(sides))
        self._next_deal(decided, same_dealer)

    def _next_deal(self, decided: int | list[int] | None, same_dealer: bool = False) -> None:
        """End the match if ``decided``, else wait for the next deal (the deal passes left
        unless ``same_dealer``)."""
        if decided is not None:
            self.match_winner = decided
            self.phase, self.to_act = self.phases.OVER, TERMINAL
            return
        if not same_dealer:
            self.dealer = (self.dealer + 1) % self.seats
        self.phase, self.to_act = self.phases.DEAL, CHANCE

    def winner(self) -> int | list[int] | None:
        return self.match_winner

    # -- the score sheet -----------------------------------------------------------------------
    def _summary_so_far(self) -> DealSummary:
        return self._summary([0] * len(self.game.sides), [], complete=False)

    def _summary(
        self, points: list[int], events: list[Event], complete: bool, thrown_in: bool = False
    ) -> DealSummary:
        """This deal's line of the score sheet, tricks counted by side."""
        sides = self.game.sides
        tricks = [0] * len(sides)
        for side, seats in enumerate(sides):
            for seat in seats:
                tricks[side] += self.tricks_won[seat]
        return DealSummary(
            points=list(points),
            scores=self.scores(),
            tricks=tricks,
            trump=self._trump_text(),
            makers=self._makers(),
            events=events,
            complete=complete,
            thrown_in=thrown_in,
            bids=self._bids(),
            dealer=self.dealer,
            details=self._sheet_details(),
        )

    @abstractmethod
    def _trump_text(self) -> str | None:
        """The score sheet's ``trump``, once made."""

    @abstractmethod
    def _makers(self) -> int | None:
        """The score sheet's ``makers``: the side that made trump, once made."""

    def _bids(self) -> list[int | None] | None:
        """The score sheet's ``bids`` (none here)."""
        return None

    def _sheet_details(self) -> SheetDetails | None:
        """The variant's own entries of the score sheet, after the dealer."""
        return None

    # -- what people and bots see ----------------------------------------------------------
    @abstractmethod
    def public_facts(self, seat: int) -> FamilyFacts:
        """The facts ``seat`` may know (those every seat knows, and its own discards)."""

    def view(self, seat: int) -> SeatView:
        return self._seat_view(seat, self.public_facts(seat))

    def hidden_from(self, seat: int) -> CardMask:
        """Every other seat's unplayed cards (a seat that sits out shows none)."""
        hidden = 0
        for other in range(self.seats):
            if other != seat:
                hidden |= self.hands[other]
        return hidden

    def actor_history(self) -> list[tuple[int, Action]]:
        """This deal's decisions with the seat that took each."""
        if not self.actions:
            return []
        return list(zip(self.actors[-1], self.actions[-1], strict=True))
