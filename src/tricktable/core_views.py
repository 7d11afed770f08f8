"""What one seat may know (``SeatView``), the games' public facts in it (the ``PublicFacts``
and ``WireFacts`` protocols), and the making of a view from a match in progress: the view
itself (``seat_view``) and this deal's decisions as the seat may see them (``masked_history``,
``seat_history``), which ``State``'s methods of the same names call. Part of the rules core;
``tricktable.core`` re-exports every name.

>>> import random
>>> from tricktable.games import load_game
>>> state = load_game("euchre(preset=north_american)").new_match(random.Random(7))
>>> state.deal_random(random.Random(7))
>>> state.apply_text("pass")
>>> masked_history(state, 0), seat_view(state, 0, state.public_facts(0)).history
(((3, 'pass'),), ((3, 'pass'),))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

from tricktable.actions import (
    Action,
    action_text,
    argument_of,
    face_down_text,
    is_card_action,
    parse_action,
)
from tricktable.cards import Card, card_name, cards_of
from tricktable.errors import ActionParseError
from tricktable.json_fields import JsonObject, integer, named_card, pair, string, tuple_of

if TYPE_CHECKING:  # the views are made from a State, whose module imports this one
    from tricktable.core import State

FACE_DOWN = -1
"""In a seat's typed history (``State.seat_history``): a card action the seat sees face down
(``State.face_down``: another seat's discard), its card not shown (no action is negative)."""

FactsT = TypeVar("FactsT")


class PublicFacts(Protocol):
    """A game's public facts in a seat's view (``SeatView.public``): typed, each game's own
    frozen dataclass (trump as a suit, cards as ``Card``, seats as ints), turned into JSON
    only at the wire.

    >>> import random
    >>> from tricktable.games import load_game
    >>> state = load_game("euchre(preset=north_american)").new_match(random.Random(7))
    >>> state.deal_random(random.Random(7))
    >>> facts = state.view(0).public
    >>> facts.trump is None, facts.to_json()["trump"], facts.to_json()["upcard"]
    (True, None, 'TS')
    >>> [card_name(card) for card in facts.cards()]
    ['TS']
    """

    @property
    def own_hand_hidden(self) -> bool:
        """Whether the seat may not look at its own cards now (a forehead deal, a blind bid,
        a Joker up-card named before looking)."""
        ...

    # What every game answers; what only some games have (a maker, a lone hand, seats
    # sitting out, an up-card, a turned card, games won) is asked as an optional capability
    # (``public_facts``: ``HasMaker`` ... and their readers ``maker_of`` ...).
    @property
    def trump(self) -> int | None:
        """The trump suit once made (``None`` before, and in a deal without a trump suit)."""
        ...

    def cards(self) -> Iterable[Card]:
        """Every card these facts name (for ``SeatView.known_cards``)."""
        ...

    def trump_to_show(self) -> int | None:
        """The suit a hand is shown with as trump: trump once made; before that, where a
        card proposes one (an up-card not turned down), that card's suit."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The facts as JSON, by name (cards and suits as text): what the wire carries."""
        ...


class WireFacts(PublicFacts, Protocol):
    """Public facts that are read back from their JSON: every game's facts class (its
    ``Game.facts_type``), so that a view sent over the wire is rebuilt with its typed facts.

    >>> import json, random
    >>> from tricktable.games import load_game
    >>> game = load_game("all_fours(preset=seven_up)")
    >>> state = game.new_match(random.Random(3))
    >>> state.deal_random(random.Random(3))
    >>> facts = state.view(0).public
    >>> game.facts_type.from_json(json.loads(json.dumps(facts.to_json()))) == facts
    True
    """

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote (after a JSON round trip, too); a
        ``JsonFieldError`` names a field that is missing or of the wrong kind, found at
        ``where`` (``public.trump``)."""
        ...


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know, and nothing else (RULES.md section 4).

    Bots and clients receive only this. ``history`` lists this deal's actions as
    ``(seat, text)``; another seat's discard shows as ``"discard"`` without the card.
    Everything is typed (cards as ``Card``); ``to_json`` writes it for the wire.
    """

    game: str
    seat: int
    players: int
    dealer: int
    to_act: int
    phase: str
    hand: tuple[Card, ...]
    history: tuple[tuple[int, str], ...]
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress as ``(seat, card)``."""
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    """The completed tricks of this deal, each as ``(seat, card)`` pairs in play order."""
    trick_winners: tuple[int, ...]
    """The seat that won each completed trick."""
    scores: tuple[int, ...]
    legal: tuple[str, ...]
    """The legal actions when this seat is to act, else empty."""
    public: PublicFacts
    """The game's public facts (trump, up-card, maker, shown cards ...), its own dataclass."""

    def known_cards(self) -> set[Card]:
        """Every card this view mentions (own hand, plays, discards, public facts)."""
        cards = set(self.hand)
        cards.update(card for _, card in self.trick)
        for trick in self.tricks:
            cards.update(card for _, card in trick)
        for _, text in self.history:
            try:
                action = parse_action(text)
            except ActionParseError:
                continue
            if is_card_action(action):
                cards.add(argument_of(action))
        cards.update(self.public.cards())
        return cards

    def facts(self, kind: type[FactsT]) -> FactsT:
        """The public facts as the game's own class ``kind`` (its package's ``facts``
        module); ``TypeError`` when this view's facts are of another class.

        >>> import random
        >>> from tricktable.games import load_game
        >>> state = load_game("all_fours(preset=seven_up)").new_match(random.Random(3))
        >>> state.deal_random(random.Random(3))
        >>> state.view(0).facts(str)
        Traceback (most recent call last):
        ...
        TypeError: the facts of this all_fours view are AllFoursFacts, not str
        """
        facts = self.public
        if not isinstance(facts, kind):
            found, wanted = type(facts).__name__, kind.__name__
            raise TypeError(f"the facts of this {self.game} view are {found}, not {wanted}")
        return facts

    def to_json(self) -> dict[str, Any]:
        """The whole view as JSON (cards as their names), as clients receive it.

        >>> import random
        >>> from tricktable.games import load_game
        >>> state = load_game("euchre(preset=north_american)").new_match(random.Random(7))
        >>> state.deal_random(random.Random(7))
        >>> out = state.view(state.current_player).to_json()
        >>> out["hand"], out["legal"], out["public"]["upcard"]
        (['KS', 'TD', 'QD', 'KD', 'AD'], ['order', 'order alone', 'pass'], 'TS')
        """
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "phase": self.phase,
            "hand": [card_name(card) for card in self.hand],
            "history": [[seat, text] for seat, text in self.history],
            "trick": _pairs_json(self.trick),
            "tricks": [_pairs_json(trick) for trick in self.tricks],
            "trick_winners": list(self.trick_winners),
            "scores": list(self.scores),
            "legal": list(self.legal),
            "public": self.public.to_json(),
        }

    @classmethod
    def from_json(cls, data: object, facts_type: type[WireFacts]) -> SeatView:
        """The view ``to_json`` wrote, its public facts read by ``facts_type`` (the game's
        ``Game.facts_type``); a ``JsonFieldError`` names a field that is missing or wrong.

        >>> import json, random
        >>> from tricktable.games import load_game
        >>> game = load_game("euchre(preset=north_american)")
        >>> state = game.new_match(random.Random(7))
        >>> state.deal_random(random.Random(7))
        >>> view = state.view(state.current_player)
        >>> SeatView.from_json(json.loads(json.dumps(view.to_json())), game.facts_type) == view
        True
        >>> SeatView.from_json({**view.to_json(), "hand": ["KS", 10]}, game.facts_type)
        Traceback (most recent call last):
        ...
        tricktable.errors.JsonFieldError: view.hand[1] must be a string, not 10
        """
        fields = JsonObject(data, "view")
        played = tuple_of(pair(integer, named_card))
        return SeatView(
            game=fields.read("game", string),
            seat=fields.read("seat", integer),
            players=fields.read("players", integer),
            dealer=fields.read("dealer", integer),
            to_act=fields.read("to_act", integer),
            phase=fields.read("phase", string),
            hand=fields.read("hand", tuple_of(named_card)),
            history=fields.read("history", tuple_of(pair(integer, string))),
            trick=fields.read("trick", played),
            tricks=fields.read("tricks", tuple_of(played)),
            trick_winners=fields.read("trick_winners", tuple_of(integer)),
            scores=fields.read("scores", tuple_of(integer)),
            legal=fields.read("legal", tuple_of(string)),
            public=fields.read("public", facts_type.from_json),
        )


def _pairs_json(trick: Sequence[tuple[int, Card]]) -> list[list[Any]]:
    return [[seat, card_name(card)] for seat, card in trick]


def seat_view(
    state: State,
    seat: int,
    public: PublicFacts,
    hand_hidden: bool = False,
    present_only: bool = False,
) -> SeatView:
    """The ``SeatView`` of ``seat`` from the shared trick-taking state, with the game's
    ``public`` facts (``hand_hidden``: the seat may not see its own cards now;
    ``present_only``: no history nor legal actions, as ``State.present_view``)."""
    acting = seat == state.to_act and not present_only
    return SeatView(
        game=state.game.name,
        seat=seat,
        players=state.game.players,
        dealer=state.dealer,
        to_act=state.to_act,
        phase=state.phase.name.lower(),
        hand=() if hand_hidden else tuple(cards_of(state.hands[seat])),
        history=() if present_only else masked_history(state, seat),
        trick=tuple(zip(state.trick_seats, state.trick, strict=True)),
        tricks=tuple(state.completed),
        trick_winners=tuple(state.trick_winners),
        scores=tuple(state.scores()),
        legal=tuple(state.legal_texts()) if acting else (),
        public=public,
    )


def masked_history(state: State, seat: int) -> tuple[tuple[int, str], ...]:
    """This deal's decisions as ``(seat, text)`` as ``seat`` may see them: a card action
    ``seat`` sees face down (``State.face_down``) shows as its word alone, ``"discard"``."""
    if not state.actions:
        return ()
    return tuple(
        (
            actor,
            face_down_text(action) if state.face_down(seat, actor, action) else action_text(action),
        )
        for actor, action in zip(state.actors[-1], state.actions[-1], strict=True)
    )


def seat_history(state: State, seat: int, start: int = 0) -> list[tuple[int, Action]]:
    """This deal's decisions from the ``start``-th on as ``(seat, action)``, as ``seat``
    may see them: what it sees face down is ``FACE_DOWN`` (``masked_history`` as
    actions; ``start`` lets a reader that kept the earlier ones take only the new).

    >>> import random
    >>> from tricktable.games import load_game
    >>> state = load_game("euchre(preset=north_american)").new_match(random.Random(7))
    >>> state.deal_random(random.Random(7))
    >>> state.replay_actions(["order", "discard 9D"])
    >>> state.dealer, seat_history(state, 0) == [(3, parse_action("order")), (2, FACE_DOWN)]
    (2, True)
    >>> [(seat, action_text(action)) for seat, action in seat_history(state, 2, start=1)]
    [(2, 'discard 9D')]
    """
    if not state.actions:
        return []
    actors, actions = state.actors[-1], state.actions[-1]
    out: list[tuple[int, Action]] = []
    for index in range(start, len(actions)):
        actor, action = actors[index], actions[index]
        if state.face_down(seat, actor, action):
            action = FACE_DOWN
        out.append((actor, action))
    return out
