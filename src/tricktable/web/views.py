"""What each client is sent: a seat's own view, or the public view for spectators.

A seat's message is built only from ``state.view(seat)`` (the rules core's ``SeatView``),
so it holds that seat's hand and nothing hidden from it. A spectator gets the public part of
a view, from which every card hidden from any seat is scrubbed.

>>> import random
>>> from tricktable.games import load_game
>>> state = load_game("euchre(preset=north_american)").new_state(first_dealer=0)
>>> state.deal_random(random.Random(3))
>>> public = spectator_view(state)
>>> public.hand, public.legal
((), ())
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from tricktable.actions import is_card_action, parse_action
from tricktable.cards import SUIT_LETTERS, Card, CardMask, card_name, parse_card
from tricktable.core import DealSummary, PublicFacts, SeatView, State
from tricktable.errors import ActionParseError, CardError, TricktableError
from tricktable.games import load_game
from tricktable.presentation.events import event_parts
from tricktable.presentation.hands import card_label, card_marks, dealt_groups, hand_groups
from tricktable.presentation.labels import rules_description
from tricktable.presentation.names import seat_roster
from tricktable.public_facts import (
    HasGamesWon,
    HasLoneHand,
    HasMaker,
    HasSittingOut,
    HasTurnedCard,
    HasUpCard,
    alone_of,
    games_won_of,
    has,
    maker_of,
    sitting_out_of,
    turned_of,
    upcard_of,
    upcard_suit_of,
)

PUBLIC_DROP = ("own_discards", "own_hand_hidden", "hand_count", "forehead")
"""Keys of the facts' JSON (``SeatView.public.to_json()``) that describe one seat, not the table."""


def secret_cards(state: State) -> int:
    """Every card hidden from at least one seat (a spectator may see none of them)."""
    mask = 0
    for seat in range(state.game.players):
        mask |= state.hidden_from(seat)
    return mask


def spectator_view(state: State) -> SeatView:
    """The view of someone at no seat: no hand, no legal actions, no hidden card."""
    secret = secret_cards(state)
    base = state.view(0)
    # Built field by field (not dataclasses.replace): the core may be a compiled build.
    return SeatView(
        game=base.game,
        seat=-1,
        players=base.players,
        dealer=base.dealer,
        to_act=base.to_act,
        phase=base.phase,
        hand=(),
        history=state.masked_history(-1),
        trick=base.trick,
        tricks=base.tricks,
        trick_winners=base.trick_winners,
        scores=base.scores,
        legal=(),
        public=spectator_facts(base.public, secret),
    )


@dataclass(frozen=True, slots=True)
class SpectatorFacts:
    """The public facts as a spectator sees them: a seat's facts less what describes that
    seat alone (``PUBLIC_DROP``), with every card hidden from any seat left out. It answers
    the optional capabilities the seat's facts answer (``spectator_facts``)."""

    facts: PublicFacts
    """The facts of the seat the view was taken from."""
    secret: CardMask
    """Every card hidden from at least one seat."""

    @property
    def own_hand_hidden(self) -> bool:
        return False

    @property
    def trump(self) -> int | None:
        return self.facts.trump

    def _shown(self, card: Card | None) -> Card | None:
        return None if card is None or self.secret >> card & 1 else card

    def cards(self) -> Iterable[Card]:
        return [card for card in self.facts.cards() if not self.secret >> card & 1]

    def trump_to_show(self) -> int | None:
        return self.facts.trump_to_show()

    def to_json(self) -> dict[str, Any]:
        facts = self.facts.to_json()
        return {
            key: _scrub(value, self.secret)
            for key, value in facts.items()
            if key not in PUBLIC_DROP
        }


class _SpectatorMaker(SpectatorFacts):
    __slots__ = ()

    @property
    def maker(self) -> int | None:
        return maker_of(self.facts)


class _SpectatorLoneHand(SpectatorFacts):
    __slots__ = ()

    @property
    def alone(self) -> bool:
        return alone_of(self.facts)


class _SpectatorSittingOut(SpectatorFacts):
    __slots__ = ()

    @property
    def sitting_out(self) -> tuple[int, ...]:
        return sitting_out_of(self.facts)


class _SpectatorUpCard(SpectatorFacts):
    __slots__ = ()

    @property
    def upcard(self) -> Card | None:
        return self._shown(upcard_of(self.facts))

    @property
    def upcard_suit(self) -> int | None:
        return upcard_suit_of(self.facts)


class _SpectatorTurnedCard(SpectatorFacts):
    __slots__ = ()

    @property
    def turned(self) -> Card | None:
        return self._shown(turned_of(self.facts))


class _SpectatorGamesWon(SpectatorFacts):
    __slots__ = ()

    @property
    def games_won(self) -> tuple[int, ...]:
        return games_won_of(self.facts)


_SPECTATOR_CAPABILITIES: tuple[tuple[type, type[SpectatorFacts]], ...] = (
    (HasMaker, _SpectatorMaker),
    (HasLoneHand, _SpectatorLoneHand),
    (HasSittingOut, _SpectatorSittingOut),
    (HasUpCard, _SpectatorUpCard),
    (HasTurnedCard, _SpectatorTurnedCard),
    (HasGamesWon, _SpectatorGamesWon),
)
"""Each optional capability of the facts and how a spectator's facts answer it."""


@functools.cache
def _spectator_class(parts: tuple[type[SpectatorFacts], ...]) -> type[SpectatorFacts]:
    """The spectator facts class answering the capabilities of ``parts``."""
    if not parts:
        return SpectatorFacts
    return cast(type[SpectatorFacts], type("SpectatorFacts", parts, {"__slots__": ()}))


def spectator_facts(facts: PublicFacts, secret: CardMask) -> SpectatorFacts:
    """``facts`` as a spectator sees them: the capabilities ``facts`` answer, and no other,
    with every card of ``secret`` left out (a spectator asks what a seat may ask, and no
    more)."""
    parts = tuple(part for capability, part in _SPECTATOR_CAPABILITIES if has(facts, capability))
    return _spectator_class(parts)(facts, secret)


def _scrub(value: Any, secret: int) -> Any:
    """``value`` with every text naming a secret card replaced by ``None``."""
    if isinstance(value, str):
        try:
            card = parse_card(value)
        except CardError:
            return value
        return None if secret >> card & 1 else value
    if isinstance(value, Mapping):
        return {key: _scrub(item, secret) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrub(item, secret) for item in value]
    return value


def names_card(action: str) -> bool:
    """Whether an action text names a card (a play, a discard or a passed card).

    >>> names_card("play JS"), names_card("bid 3")
    (True, False)
    """
    try:
        return is_card_action(parse_action(action))
    except ActionParseError:
        return False


def shown_legal(view: SeatView) -> tuple[list[str], bool]:
    """The legal actions a seat may be shown, and whether its move is forced unseen.

    A seat that may not see its own hand (Romanian whist "on the forehead") must not learn
    its card from the action that plays it: such actions are left out, and when nothing else
    is legal the move is ``forced`` (the table plays it for the seat).
    """
    if not view.public.own_hand_hidden:
        return list(view.legal), False
    shown = [action for action in view.legal if not names_card(action)]
    return shown, bool(view.legal) and not shown


def sorted_hand(state: State, view: SeatView) -> list[list[str]]:
    """The hand as groups of card names: trumps together first, then alternating colours."""
    return [[card_name(card) for card in group] for group in hand_groups(state.game, view)]


def hand_marks(state: State, view: SeatView | None, groups: list[list[str]]) -> dict[str, Any]:
    """What the page marks in a hand: ``hand_marks`` names the bowers and Benny among the
    seat's cards (``presentation.hands.card_marks``), ``hand_trumps`` counts the trumps (the
    first of ``groups``, the hand as ``sorted_hand`` gives it).

    Only once trump is made (a suit): before that, nothing is marked.
    """
    marks: dict[str, str] = {}
    trumps = 0
    suit = view.public.trump if view is not None else None
    if view is not None and suit is not None:
        marks = {card_name(card): mark for card, mark in card_marks(state.game, view).items()}
        first = groups[0] if groups else []
        if first and (first[0] in marks or first[0][-1] == SUIT_LETTERS[suit]):
            trumps = len(first)
    return {"hand_marks": marks, "hand_trumps": trumps}


def view_message(
    state: State,
    seat: int | None,
    seq: int,
    previous_trick: dict[str, Any] | None,
    rules: str | None = None,
    with_sheet: bool = True,
) -> dict[str, Any]:
    """The ``state`` message's ``view`` for ``seat`` (``None``: a spectator), ready for
    ``json.dumps`` (which writes int keys as strings and tuples as lists).

    ``previous_trick`` is the last trick of the deal before, shown until a trick of this
    deal is complete; ``rules`` the game's rule string, when the caller keeps it. Without
    ``with_sheet`` the finished deals' ``summaries`` are left out (the client keeps the ones
    it has; ``sheet_rows`` counts them).
    """
    view = spectator_view(state) if seat is None else state.view(seat)
    shared = view.to_json()
    game = state.game
    last_trick: dict[str, Any] | None = previous_trick
    if view.tricks:
        last_trick = {"cards": shared["tricks"][-1], "winner": view.trick_winners[-1]}
    complete = [s for s in state.summaries() if s.complete]
    finished = state.is_terminal()
    winner = state.winner() if finished else None
    to_act = view.to_act if view.to_act >= 0 else None
    legal, forced = shown_legal(view)
    hand = sorted_hand(state, view) if seat is not None else []
    out = {
        "seq": seq,
        "game": game.name,
        "rules": rules if rules is not None else game.rule_string(),
        "players": game.players,
        "sides": game.sides,
        "seat": seat,
        "deal": len(state.deals),
        "dealer": shared["dealer"],
        "to_act": to_act,
        "phase": shared["phase"],
        "hand": hand,
        **hand_marks(state, view if seat is not None else None, hand),
        "hand_counts": [hand.bit_count() for hand in state.hands] if state.deals else [],
        "legal": legal,
        "forced": forced,
        "history": shared["history"],
        "trick": shared["trick"],
        "trick_winner": winning_seat(state, view),
        "last_trick": last_trick,
        "tricks_won": tricks_by_seat(view, game.players),
        "scores": shared["scores"],
        "public": shared["public"],
        "sheet_rows": len(complete),
        "finished": finished,
        "winner": winner,
    }
    if with_sheet:
        out["summaries"] = [
            {**summary_json(summary), "hands": dealt_hands(state, index, summary.trump)}
            for index, summary in enumerate(complete)
        ]
    return out


def listed_record(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A finished match as the lobby lists it: the stored summary, with its rules and its
    players in words (``rules_text``, ``players``: a bot by its level, ``Medium bot``).

    >>> listed = listed_record({"rules": "euchre(preset=british)", "names": ["Ann", "bot:medium"]})
    >>> listed["rules_text"], listed["players"]
    ('Euchre, British rules', ['Ann', 'Seat 2 (Medium bot)'])
    """
    out = dict(entry)
    rules = entry.get("rules")
    out["rules_text"] = rules
    if isinstance(rules, str):
        with contextlib.suppress(TricktableError):  # else shown as it is
            out["rules_text"] = rules_description(load_game(rules))
    names = entry.get("names")
    if isinstance(names, list):
        out["players"] = seat_roster(names)
    return out


def people_card(card: Card) -> str:
    """A card in the server's words for people (``High: A♠``): with its suit's symbol."""
    return card_label(card, symbols=True)


def summary_json(summary: DealSummary) -> dict[str, Any]:
    """A finished deal as the page gets it: the replay JSON's entry (its ``events`` in the
    records' words), with each event also as parts for people (``event_parts``: text, cards
    with their symbols, and ``{"seat": n}`` or ``{"side": n}`` that the page names)."""
    out = summary.to_json()
    out["event_parts"] = [event_parts(event, people_card) for event in summary.events]
    return out


def dealt_hands(state: State, index: int, trump: object = None) -> list[list[str]]:
    """Every seat's hand as dealt in finished deal ``index`` (card names, grouped as the deal
    played: its ``trump``'s cards first, the bowers among them, then by suit, high to low):
    shown face up once that deal is over, as at a card table."""
    hands = state.deals[index].hands
    return [
        [card_name(card) for group in dealt_groups(state.game, hand, trump) for card in group]
        for hand in hands
    ]


def winning_seat(state: State, view: SeatView) -> int | None:
    """The seat whose card wins the trick in progress so far (``None`` between tricks)."""
    return state.best_seat if view.trick else None


def tricks_by_seat(view: SeatView, players: int) -> list[int]:
    """How many tricks of this deal each seat has won."""
    won = [0] * players
    for winner in view.trick_winners:
        won[winner] += 1
    return won
