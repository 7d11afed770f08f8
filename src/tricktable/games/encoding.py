"""Observation encodings: a seat's view as fixed-size vectors, its legal actions as a mask.

Each game's package says what its encoding holds (``games/<name>/observation.py``: the cards
its decks can hold, its action space, the most decisions a deal can take, and the game's own
facts as named extra fields); this module lays every game's encoding out the same way, from
what the seat may see alone (its ``SeatView``; or, step by step, the same view's typed parts:
``State.present_view``, ``State.seat_history`` kept by ``SeatHistory``, the legal actions),
so that nothing hidden from the seat can reach a vector. Seats are
counted from the observing seat (0 is the seat itself, 1 the next to its left, ...). The
layouts are documented field by field in docs/rl.md. No third-party package: vectors are
written into any buffer that takes ``buffer[i] = x`` (a list, a NumPy array).

>>> from tricktable.games import spec_of
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre(preset=north_american)", 7)
>>> encoder = spec_of(state.game).observation.load()(state.game)
>>> view = state.view(state.current_player)
>>> vector = encoder.observation(view)
>>> len(vector) == encoder.observation_size, sum(vector[encoder.slice("hand")])
(True, 5.0)
>>> [encoder.action_text(i) for i, legal in enumerate(encoder.action_mask(view)) if legal]
['pass', 'order', 'order alone']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tricktable.actions import (
    Action,
    ActionKind,
    CoreKind,
    action_text,
    argument_of,
    face_down_kind,
    kind_of,
    make_action,
    parse_action,
)
from tricktable.cards import SUITS, Card, card_name, parse_card, standard_deck
from tricktable.core import FACE_DOWN, Game, SeatView, State
from tricktable.errors import ActionParseError, CardError, TricktableError
from tricktable.public_facts import (
    alone_of,
    games_won_of,
    maker_of,
    sitting_out_of,
    turned_of,
    upcard_of,
)


class EncodingError(TricktableError):
    """A view does not fit its game's encoding (a deal longer than the encoding allows)."""


class Buffer(Protocol):
    """Where a vector is written: a list of floats, a NumPy array."""

    def __setitem__(self, index: int, value: float) -> None: ...


def card_universe(lowest_rank: int, joker: bool = False) -> tuple[Card, ...]:
    """Every card of ranks ``lowest_rank`` .. ace in each suit (and the Joker): the cards a
    game's decks can hold, in a fixed order.

    >>> len(card_universe(9)), len(card_universe(2, joker=True))
    (24, 53)
    """
    return tuple(standard_deck(range(lowest_rank, 15), joker=joker))


def action_space(
    cards: Sequence[Card],
    card_kinds: Iterable[ActionKind] = (CoreKind.PLAY,),
    words: Iterable[ActionKind] = (),
    suit_kinds: Iterable[ActionKind] = (),
    bids: Iterable[int] = (),
) -> tuple[Action, ...]:
    """A game's fixed action space, in order: each card kind over every card, the words
    (actions without an argument), each suit kind over the four suits, then the bids.

    >>> from tricktable.games.euchre_family.verbs import FamilyKind
    >>> aces, words, suits = card_universe(14), [CoreKind.PASS], [FamilyKind.CALL]
    >>> space = action_space(aces, words=words, suit_kinds=suits, bids=[0, 1])
    >>> [action_text(action) for action in space]  # doctest: +NORMALIZE_WHITESPACE
    ['play AS', 'play AH', 'play AD', 'play AC', 'pass', 'call S', 'call H', 'call D',
     'call C', 'bid 0', 'bid 1']
    """
    space = [make_action(kind, card) for kind in card_kinds for card in cards]
    space += [make_action(kind) for kind in words]
    space += [make_action(kind, suit) for kind in suit_kinds for suit in SUITS]
    space += [make_action(CoreKind.BID, bid) for bid in bids]
    return tuple(space)


Extras = Callable[[SeatView], Sequence[float]]
"""The game's own facts of a view as numbers, one per name of the encoding's ``extras``."""


@dataclass(frozen=True)
class Encoding:
    """What one game's encoding holds for one player count (made by its ``observation``
    module's ``encoder(game)``)."""

    cards: tuple[Card, ...]
    """Every card the game's decks can hold: the order of every card field."""
    actions: tuple[Action, ...]
    """The action space: index ``i`` of a mask is ``actions[i]``."""
    max_decisions: int
    """The most decisions one deal can take (the rows of the information state's history)."""
    extra_names: tuple[str, ...] = ()
    """The names of the game's own fields, in order."""
    extras: Extras | None = None
    """The game's own fields of a view."""


class Encoder:
    """The vectors, mask and strings of one game (rules and player count) for any seat."""

    def __init__(self, game: Game[Any], encoding: Encoding) -> None:
        self.game = game
        self.encoding = encoding
        self.players = players = game.players
        self.sides = len(game.sides)
        self.side_of = {seat: n for n, side in enumerate(game.sides) for seat in side}
        self.phases = _phases(game)
        self.cards = encoding.cards
        self.card_index = {card: i for i, card in enumerate(encoding.cards)}
        self.actions = encoding.actions
        self.action_index = {action: i for i, action in enumerate(encoding.actions)}
        self.num_actions = len(encoding.actions)
        self._index_of_text: dict[str, int] = {}
        if len(self.action_index) != self.num_actions:
            raise EncodingError(f"the action space of {game.name} repeats an action")
        cards, sides = len(self.cards), self.sides
        fields = [
            ("seat", players),
            ("dealer", players),
            ("to_act", players),
            ("phase", len(self.phases)),
            ("hand", cards),
            ("own_hand_hidden", 1),
            ("trump", 4),
            ("maker", players),
            ("alone", 1),
            ("upcard", cards),
            ("turned", cards),
            ("public_cards", cards),
            ("sitting_out", players),
            ("my_side", sides),
            ("scores", sides),
            ("games_won", sides),
            ("tricks_won", players),
            ("leader", players),
            ("trick", players * cards),
            ("played", cards),
            ("extras", len(encoding.extra_names)),
        ]
        self.fields: dict[str, tuple[int, int]] = {}
        start = 0
        for name, size in fields:
            self.fields[name] = (start, size)
            start += size
        self.observation_size = start
        self.history_row = players + self.num_actions + 1
        self.fields["history"] = (start, encoding.max_decisions * self.history_row)
        self.information_state_size = start + encoding.max_decisions * self.history_row
        self._start = {name: first for name, (first, _) in self.fields.items()}
        self._phase_index = {phase: i for i, phase in enumerate(self.phases)}

    # -- layout ---------------------------------------------------------------------------------
    def slice(self, field: str) -> slice:
        """Where ``field`` lies in a vector (``KeyError`` names the fields)."""
        if field not in self.fields:
            raise KeyError(f"no field {field!r}; fields: {', '.join(self.fields)}")
        start, size = self.fields[field]
        return slice(start, start + size)

    def action_text(self, index: int) -> str:
        """The canonical text of the action at ``index`` of the action space."""
        return action_text(self.actions[index])

    def index_of(self, text: str) -> int:
        """The index of an action given as text (``EncodingError`` when outside the space)."""
        index = self._index_of_text.get(text)
        if index is None:
            action = parse_action(text)
            if action not in self.action_index:
                raise EncodingError(f"{text!r} is not in the action space of {self.game.name}")
            index = self._index_of_text[text] = self.action_index[action]
        return index

    def _history_index(self, text: str) -> int | None:
        """The index of a history entry's action, or ``None`` for a face-down discard or
        passed card."""
        if text in self._index_of_text:
            return self._index_of_text[text]
        try:
            return self.index_of(text)
        except ActionParseError:
            return None  # another seat's face-down discard
        except EncodingError:
            if face_down_kind(text) is not None:
                return None  # another seat's face-down passed card (``give``)
            raise

    # -- vectors --------------------------------------------------------------------------------
    def observation(self, view: SeatView) -> list[float]:
        """The present as a new list (``observation_size`` numbers)."""
        out = [0.0] * self.observation_size
        self.write_observation(view, out)
        return out

    def information_state(self, view: SeatView) -> list[float]:
        """Everything the seat knows as a new list (``information_state_size`` numbers)."""
        out = [0.0] * self.information_state_size
        self.write_information_state(view, out)
        return out

    def write_information_state(self, view: SeatView, out: Buffer) -> None:
        """Write the information state into a zeroed buffer: the observation, then each of
        this deal's decisions as a row (who, which action, a face-down discard)."""
        self.write_observation(view, out)
        known = self._index_of_text
        rows = [
            (actor, known[text] if text in known else self._history_index(text))
            for actor, text in view.history
        ]
        self._write_rows(view.seat, rows, out, 0)

    def write_history(
        self, seat: int, decisions: Sequence[tuple[int, Action]], out: Buffer, first: int = 0
    ) -> list[int]:
        """Write this deal's decisions as ``seat`` may see them (``State.seat_history``:
        ``FACE_DOWN`` for another seat's discard) as the history's rows from row ``first``
        on; the indices written (each set to 1)."""
        rows = [
            (actor, None if action == FACE_DOWN else self.index_of_action(action))
            for actor, action in decisions
        ]
        return self._write_rows(seat, rows, out, first)

    def index_of_action(self, action: Action) -> int:
        """The index of an action in the action space (``EncodingError`` when outside it)."""
        index = self.action_index.get(action)
        if index is None:
            name = self.game.name
            raise EncodingError(f"{action_text(action)!r} is not in the action space of {name}")
        return index

    def _write_rows(
        self, me: int, rows: Sequence[tuple[int, int | None]], out: Buffer, first: int
    ) -> list[int]:
        """Write history rows ``(actor, action index or None for face down)`` from row
        ``first`` on; the indices written."""
        if first + len(rows) > self.encoding.max_decisions:
            raise EncodingError(
                f"this {self.game.name} deal took {first + len(rows)} decisions; the encoding"
                f" holds {self.encoding.max_decisions}"
            )
        step, players = self.history_row, self.players
        row = self._start["history"] + first * step
        face_down = players + self.num_actions
        written: list[int] = []
        for actor, index in rows:
            written.append(row + (actor - me) % players)
            written.append(row + (face_down if index is None else players + index))
            row += step
        for at in written:
            out[at] = 1.0
        return written

    def entries(self, view: SeatView, information_state: bool = True) -> dict[int, float]:
        """The information state (or the observation) as ``{index: value}``, its zeros left
        out: the quick way to fill a large vector (``vector[list(keys)] = list(values)``).

        >>> import random
        >>> from tricktable.games import load_game, spec_of
        >>> game = load_game("all_fours(preset=seven_up)", players=3)
        >>> state = game.new_match(random.Random(2))
        >>> state.deal_random(random.Random(2))
        >>> encoder = spec_of(game).observation.load()(game)
        >>> view = state.view(0)
        >>> vector = encoder.information_state(view)
        >>> {i: v for i, v in enumerate(vector) if v} == encoder.entries(view)
        True
        """
        out: dict[int, float] = {}
        if information_state:
            self.write_information_state(view, out)
        else:
            self.write_observation(view, out)
        return out

    def write_observation(self, view: SeatView, out: Buffer) -> None:
        """Write the observation into a zeroed buffer (only its non-zero values)."""
        at, facts, cards = self._start, view.public, self._card_at
        players, me = self.players, view.seat
        out[at["seat"] + me] = 1.0
        out[at["dealer"] + (view.dealer - me) % players] = 1.0
        if 0 <= view.to_act < players:
            out[at["to_act"] + (view.to_act - me) % players] = 1.0
        out[at["phase"] + self._phase_index[view.phase]] = 1.0
        self._cards(out, at["hand"], view.hand)
        if facts.own_hand_hidden:
            out[at["own_hand_hidden"]] = 1.0
        trump = facts.trump
        if trump is not None and 0 <= trump < 4:
            out[at["trump"] + trump] = 1.0
        maker, upcard, turned = maker_of(facts), upcard_of(facts), turned_of(facts)
        if maker is not None:
            out[at["maker"] + (maker - me) % players] = 1.0
        if alone_of(facts):
            out[at["alone"]] = 1.0
        if upcard is not None:
            out[at["upcard"] + cards(upcard)] = 1.0
        if turned is not None:
            out[at["turned"] + cards(turned)] = 1.0
        self._cards(out, at["public_cards"], facts.cards())
        for seat in sitting_out_of(facts):
            out[at["sitting_out"] + (seat - me) % players] = 1.0
        out[at["my_side"] + self.side_of[me]] = 1.0
        for name, values in (("scores", view.scores), ("games_won", games_won_of(facts))):
            for side, value in enumerate(values[: self.sides]):
                if value:
                    out[at[name] + side] = float(value)
        if view.trick_winners:
            won = [0] * players
            for winner in view.trick_winners:
                won[(winner - me) % players] += 1
            for seat, count in enumerate(won):
                if count:
                    out[at["tricks_won"] + seat] = float(count)
        if view.trick:
            out[at["leader"] + (view.trick[0][0] - me) % players] = 1.0
            start, count = at["trick"], len(self.cards)
            for seat, card in view.trick:
                out[start + (seat - me) % players * count + cards(card)] = 1.0
        start = at["played"]
        for trick in view.tricks:
            for _, card in trick:
                out[start + cards(card)] = 1.0
        if self.encoding.extras is not None:
            start = at["extras"]
            for i, number in enumerate(self.encoding.extras(view)):
                if number:
                    out[start + i] = float(number)

    def action_mask(self, view: SeatView) -> list[int]:
        """1 at the index of each legal action of the view (all 0 when it is not to act)."""
        mask = [0] * self.num_actions
        for text in view.legal:
            mask[self.index_of(text)] = 1
        return mask

    def legal_indices(self, state: State, seat: int) -> list[int]:
        """The indices of ``seat``'s legal actions now, from the engine's actions (empty
        when it is not to act): where ``action_mask`` of its view has its 1s."""
        if seat != state.current_player:
            return []
        return [self.index_of_action(action) for action in state.legal_actions()]

    def named_cards(self, vector: Sequence[float]) -> set[Card]:
        """Every card a vector names: its card fields, the cards of the history's actions,
        and the extra fields named after a card (``forehead_1_AS``). The hidden-card checks
        compare these with ``State.hidden_from(seat)``."""
        named: set[Card] = set()
        count = len(self.cards)
        for field in ("hand", "upcard", "turned", "public_cards", "trick", "played"):
            start, size = self.fields[field]
            named.update(self.cards[i % count] for i in range(size) if vector[start + i])
        start, size = self.fields["extras"]
        for i, name in enumerate(self.encoding.extra_names):
            card = _card_suffix(name)
            if card is not None and vector[start + i]:
                named.add(card)
        if len(vector) == self.information_state_size:
            start, size = self.fields["history"]
            for row in range(start, start + size, self.history_row):
                for i in range(self.num_actions):
                    if vector[row + self.players + i]:
                        action = self.actions[i]
                        if kind_of(action) in (CoreKind.PLAY, CoreKind.DISCARD):
                            named.add(argument_of(action))
        return named

    # -- strings --------------------------------------------------------------------------------
    def observation_string(self, view: SeatView) -> str:
        """The present in words: seat, phase, hand, public facts, trick and scores."""
        facts = view.public.to_json()
        shown = ", ".join(
            f"{key} {value}" for key, value in facts.items() if value not in (None, [], {}, False)
        )
        trick = " ".join(f"{seat}:{card_name(card)}" for seat, card in view.trick)
        return "\n".join(
            (
                f"seat {view.seat} of {view.players}, dealer {view.dealer}, to act {view.to_act}",
                f"phase {view.phase}",
                "hand " + (" ".join(card_name(card) for card in view.hand) or "-"),
                f"facts {shown or '-'}",
                f"trick {trick or '-'}",
                f"tricks won by {' '.join(map(str, view.trick_winners)) or '-'}",
                f"scores {' '.join(map(str, view.scores))}",
            )
        )

    def information_state_string(self, view: SeatView) -> str:
        """The observation string and every decision of this deal as ``seat:action``."""
        history = ", ".join(f"{seat}:{text}" for seat, text in view.history)
        return f"{self.observation_string(view)}\nhistory {history or '-'}"

    # -- helpers --------------------------------------------------------------------------------
    def _card_at(self, card: Card) -> int:
        index = self.card_index.get(card)
        if index is None:
            raise EncodingError(f"card {card_name(card)} is not among {self.game.name}'s cards")
        return index

    def _cards(self, out: Buffer, start: int, cards: Iterable[Card]) -> None:
        card_at = self._card_at
        for card in cards:
            out[start + card_at(card)] = 1.0


class SeatHistory:
    """One seat's history rows of the information state, kept in a buffer while a state
    moves on: each ``update`` adds only the rows of the decisions taken since the last,
    typed (``State.seat_history``), so that a step costs the same early and late in a deal.
    The buffer holds nothing else: write the present over a copy of it
    (``write_observation`` of ``State.present_view``) to have the information state.

    It follows one state forward, decision by decision and deal by deal (an environment's);
    ``clear`` it when that state is replaced or a decision is undone.

    >>> from tricktable.games import spec_of
    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("euchre(preset=north_american)", 7)
    >>> encoder = spec_of(state.game).observation.load()(state.game)
    >>> history = SeatHistory(encoder, 0, [0.0] * encoder.information_state_size)
    >>> state.replay_actions(["pass", "order"])
    >>> history.update(state)
    >>> vector = list(history.buffer)
    >>> encoder.write_observation(state.present_view(0), vector)
    >>> vector == encoder.information_state(state.view(0))
    True
    """

    def __init__(self, encoder: Encoder, seat: int, buffer: Buffer) -> None:
        self.encoder = encoder
        self.seat = seat
        self.buffer = buffer
        """Zeroed to start with (``information_state_size``)."""
        self._written: list[int] = []
        self._deal = -1
        self._decisions = 0

    def update(self, state: State) -> None:
        """Bring the rows up to ``state``'s decisions."""
        deal = len(state.deals) - 1
        taken = len(state.actions[-1]) if state.actions else 0
        if deal != self._deal or taken < self._decisions:
            self.clear()
            self._deal = deal
        decisions = state.seat_history(self.seat, self._decisions)
        self._written += self.encoder.write_history(
            self.seat, decisions, self.buffer, self._decisions
        )
        self._decisions += len(decisions)

    def clear(self) -> None:
        """Zero the rows, to follow a new deal or state from its start."""
        for index in self._written:
            self.buffer[index] = 0.0
        self._written = []
        self._deal = -1
        self._decisions = 0


def _card_suffix(name: str) -> Card | None:
    """The card an extra field's name ends with (``forehead_1_AS``), or ``None``."""
    try:
        return parse_card(name.rpartition("_")[2])
    except CardError:
        return None


def _phases(game: Game[Any]) -> tuple[str, ...]:
    """The names of the game's phases, as views spell them (its ``Phase`` enum)."""
    state_class = type(game.new_state(0))
    return tuple(phase.name.lower() for phase in type(state_class.play_phase))


def seat_one_hot(view: SeatView, seat: int | None) -> list[float]:
    """``seat`` one-hot, counted from the view's seat (all 0 for ``None``): an extra field."""
    out = [0.0] * view.players
    if seat is not None:
        out[(seat - view.seat) % view.players] = 1.0
    return out


def seat_names(prefix: str, players: int) -> tuple[str, ...]:
    """The names of a field with one value per seat (``seat_one_hot``, ``per_seat``).

    >>> seat_names("bid", 3)
    ('bid_0', 'bid_1', 'bid_2')
    """
    return tuple(f"{prefix}_{seat}" for seat in range(players))


def per_seat(view: SeatView, values: Sequence[float | None], missing: float = -1.0) -> list[float]:
    """One value per seat, counted from the view's seat (``missing`` for ``None``).

    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("euchre(preset=north_american)", 7)
    >>> per_seat(state.view(1), [10, 11, None, 13])
    [11.0, -1.0, 13.0, 10.0]
    """
    count = view.players
    ordered = [values[(view.seat + step) % count] for step in range(count)]
    return [missing if value is None else float(value) for value in ordered]
