"""What the search layer must know of one game: its ``SearchAdapter``.

Each game's package defines one adapter (its spec's ``search`` part) and the generic search
code (``play_facts``, ``position``, ``resample``, the search bots) asks it, never the game's
name: the play's public facts (trick table, follow rule, who plays), how the solver values a
deal for the seat's camp, how many cards each hand holds, which seen cards another seat
must still hold, how a deal is rebuilt from a sampled world, and which bids are read.

Everything an adapter reads is public: the rules and the seat's ``SeatView``.

>>> from tricktable.games import load_game, spec_of
>>> game = load_game("pitch()")
>>> adapter = spec_of(game).part("search")
>>> adapter.lookahead, sorted(adapter.read_phases)
(True, ['BID'])
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from tricktable.cards import Card, cards_of
from tricktable.core import Deal, Game, SeatView
from tricktable.public_facts import sitting_out_of
from tricktable.search.solver import Position

if TYPE_CHECKING:
    from tricktable.search.play_facts import PlayFacts
    from tricktable.search.resample import World


def value_range(pos: Position) -> float:
    """A bound on a position's value, to scale it to about 0..1.

    >>> from tricktable.search.solver import Position
    >>> from tricktable.tricks import plain_rules
    >>> value_range(Position.make([0b111, 0b111000], plain_rules(0), 0, [1, 0], 0, 0, []))
    3.0
    """
    tricks = pos.hands[pos.to_move].bit_count()
    return pos.valuation.value_range(pos.team.bit_length() - 1, tricks)


class PlayValue:
    """How the seat values the solver's result of the deal in play (plainly: the solver's
    value itself). Games that play for more than the deal's tricks override it."""

    def worth(self, value: int) -> float:
        """What a solver value is worth to the seat (``pimc`` averages these)."""
        return float(value)

    def share(self, value: int, pos: Position) -> float:
        """A solver value scaled to about 0..1 (``ismcts``'s reward)."""
        return value / value_range(pos)

    def prepare(self, pos: Position) -> None:
        """Set up a sampled world's position before it is solved (nothing by default)."""


PLAIN_VALUE = PlayValue()
"""The solver's value as it is."""


class SearchAdapter(ABC):
    """One game's answers to the search layer. Each game's package implements the abstract
    methods; the defaults of the others suit a game with no up-card, no exchange and no bid
    reading."""

    lookahead: bool = True
    """Whether ``pimc``'s lookahead (``search.lookahead``) may search this game's positions."""
    read_phases: frozenset[str] = frozenset()
    """The engine phases whose bids ``bid_reading`` reads (none: no bid reading)."""

    def value_unit_of(self, game: Game[Any]) -> str | None:
        """What the search's values count in ``game`` where its spec's ``value_unit`` does not
        say it (a form of a game that plays for points, not tricks), else ``None``."""
        return None

    decision_unit: str = "points"
    """What the values of the decisions before the play count (the spec's ``decisions``
    evaluators score each world's deal with the table's rules: the deal's points)."""

    def read_phases_of(self, game: Game[Any]) -> frozenset[str]:
        """The phases whose bids are read in ``game`` (``read_phases``; a game whose forms
        differ, as bid euchre's individual and partnership forms, answers by the form)."""
        return self.read_phases

    each_for_itself_cards: int = 0
    """The most cards in play (hands and the trick) for which ``pimc`` values a card play
    with every seat playing for its own deal score (the solver's ``each_for_itself``; the
    adapter's ``value_position`` fills every seat's bid and tricks taken) rather than every
    other seat against the bot's; 0: never."""

    rebuilt_at_score: bool = False
    """Whether a deal rebuilt from a sampled world starts at the match's score (the engine's
    ``match_scores``, ``bid_reading.deal_start``) rather than at the opening score."""

    @abstractmethod
    def play_facts(self, game: Game[Any], view: SeatView) -> PlayFacts | None:
        """The play facts of ``view``'s deal, or ``None`` before trump is known."""

    @abstractmethod
    def value_position(self, game: Game[Any], view: SeatView, world: World, pos: Position) -> None:
        """Set how the solver values ``pos`` for ``view.seat``'s camp: its ``team``, and
        its ``valuation`` where the deal is not valued by the team's tricks (the default)."""

    @abstractmethod
    def dealt_size(self, game: Game[Any], view: SeatView) -> int:
        """Cards each seat holds once the deal is made (before pickups and discards)."""

    def hand_sizes(
        self, game: Game[Any], view: SeatView, dealt: int, played_by: list[int], own_hidden: bool
    ) -> list[int]:
        """How many cards each seat holds now, given ``dealt`` and the cards each played."""
        n = game.players
        if view.tricks or view.trick or view.phase == "play":
            if view.seat not in sitting_out_of(view.public) and not own_hidden:
                start = len(view.hand) + played_by[view.seat]
            else:
                start = dealt
            return [start - played_by[s] for s in range(n)]
        return self.sizes_before_play(game, view, dealt)

    def known_hand_sizes(self, view: SeatView) -> list[int] | None:
        """How many cards each seat holds, where the view says so (else ``None``: counted
        from the dealt size and the cards played)."""
        return None

    def seen_in_hands(self, view: SeatView) -> tuple[tuple[int, Card], ...]:
        """Cards of other seats' hands that ``view``'s seat sees, as ``(seat, card)`` (none
        by default)."""
        return ()

    def sizes_before_play(self, game: Game[Any], view: SeatView, dealt: int) -> list[int]:
        """How many cards each seat holds before the first card is played."""
        return [dealt] * game.players

    def kept_cards(
        self, game: Game[Any], view: SeatView, played: int
    ) -> tuple[list[tuple[int, int, int]], tuple[int, int]]:
        """Cards another seat was seen to take: ``[(seat, cards, how many it still holds)]``
        for shown cards, and ``(dealer, up-card)`` for an up-card the dealer took (``(-1,
        -1)`` for none); ``played`` is the mask of the cards played this deal."""
        return [], (-1, -1)

    def play_value(self, game: Game[Any], view: SeatView) -> PlayValue:
        """How ``view.seat`` values the deal in play."""
        return PLAIN_VALUE

    def stop_values(self, game: Game[Any], view: SeatView, value: PlayValue) -> dict[str, float]:
        """The legal actions of the play that end it without a card (euchre's ``concede``),
        each with what it is worth to ``view.seat`` as ``value`` counts it; none here."""
        return {}

    def turned_card(self, view: SeatView) -> Card | None:
        """The card turned face up in ``view``'s deal (none by default)."""
        return None

    def dealer_took_up(self, view: SeatView) -> bool:
        """Whether the dealer took the turned card into its hand (no by default)."""
        return False

    def points_this_deal(self, view: SeatView) -> tuple[int, ...]:
        """The points each side has scored in ``view``'s deal so far, which a deal rebuilt
        from its start scores again (none by default)."""
        return ()

    def rebuild_deal(self, game: Game[Any], view: SeatView, world: World) -> Deal:
        """The deal as it was made, rebuilt from ``world`` (hands now) and ``view`` (the cards
        played): the cards each seat was dealt, the turned card (``turned_card``) and the rest
        as the stock."""
        played = played_by_seat(game, view)
        hands = [world.hands[seat] | played[seat] for seat in range(game.players)]
        turned = self.turned_card(view)
        return Deal(
            tuple(tuple(cards_of(hand)) for hand in hands), turned, tuple(cards_of(world.pile))
        )


def played_by_seat(game: Game[Any], view: SeatView) -> list[int]:
    """The cards each seat played this deal, as masks."""
    played = [0] * game.players
    for trick in (*view.tricks, view.trick):
        for seat, card in trick:
            played[seat] |= 1 << card
    return played


def search_adapter(game: Game[Any]) -> SearchAdapter:
    """The search adapter of ``game`` (its spec's ``search`` part)."""
    from tricktable.games import spec_of

    adapter: SearchAdapter = spec_of(game).part("search")
    return adapter
