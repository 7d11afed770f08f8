"""A bridge to OpenSpiel: tricktable bots play inside OpenSpiel's ``euchre`` and ``oh_hell``.

OpenSpiel (``pip install 'tricktable[openspiel]'``) is imported only when a bridge is made.
A ``Bridge`` replays an OpenSpiel state into the tricktable state of the same deal (Euchre's
``openspiel`` preset; Romanian Whist's ``oh_hell`` preset with OpenSpiel's player count and
hand size) and translates actions both ways by their text. ``TricktableBot`` wraps any
tricktable bot as a ``pyspiel.Bot``, so it can face OpenSpiel's own bots (``ISMCTSBot``,
``MCTSBot``) through ``pyspiel`` itself; ``bench/openspiel_match.py`` runs such matches.

How OpenSpiel deals, as its chance nodes show (checked card by card by the tests):

* ``euchre``: the dealer (0-3), then 20 cards, card ``i`` to seat ``(dealer + i) % 4``, then
  the up-card; the 3 cards left are never dealt (tricktable puts them in the stock).
* ``oh_hell``: the number of tricks, the dealer, then ``players * tricks`` cards, card ``i``
  to seat ``i % players`` whoever deals, then the trump card.

Seats are numbered alike in both engines (OpenSpiel's N, E, S, W are seats 0-3), and both
move clockwise from the dealer's left.

>>> bridge = Bridge.for_openspiel_game("euchre")
>>> openspiel_state = bridge.openspiel_game.new_initial_state()
>>> while openspiel_state.is_chance_node():  # OpenSpiel deals card by card
...     openspiel_state.apply_action(openspiel_state.chance_outcomes()[0][0])
>>> print(bridge.tricktable_state(openspiel_state).deals[-1])
Deal(9C TC JC QC KC | 9D TD JD QD KD | 9H TH JH QH KH | 9S TS JS QS KS; turned AC; stock AS AH AD)
>>> bridge.legal_pairs(openspiel_state)
[(24, 'pass'), (25, 'order')]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from tricktable.bots import make_bot
from tricktable.bots.base import Bot
from tricktable.cards import Card, card_name, parse_card
from tricktable.core import Deal, Game, State
from tricktable.errors import RuleError, TricktableError
from tricktable.games import load_game


class BridgeError(TricktableError):
    """An OpenSpiel state or action the bridge cannot translate."""


def load_pyspiel() -> ModuleType:
    """OpenSpiel's ``pyspiel`` module, or a ``RuleError`` saying how to install it."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise RuleError(
            "the OpenSpiel bridge needs open_spiel: pip install 'tricktable[openspiel]'"
        ) from error
    module: ModuleType = pyspiel
    return module


def _card_from_openspiel(text: str) -> Card:
    """OpenSpiel writes cards suit first (``H9``, ``CT``); tricktable rank first."""
    return parse_card(text[1:] + text[0])


@dataclass
class Bridge:
    """Translates one OpenSpiel game (``euchre`` or ``oh_hell``) to tricktable and back."""

    openspiel_game: Any
    """The ``pyspiel.Game``."""
    game: Game[Any]
    """The tricktable game that plays the same deal."""
    kind: str
    """``euchre`` or ``oh_hell``."""
    action_texts: dict[int, str]
    """OpenSpiel's text of each of its action ids (as ``action_to_string`` gives it)."""

    @classmethod
    def for_openspiel_game(cls, name: str, **parameters: Any) -> Bridge:
        """The bridge for OpenSpiel's ``euchre`` (its default parameters: stick the dealer,
        no lone defender) or ``oh_hell`` (``players``, ``num_tricks_fixed``; the standard
        52-card deck)."""
        pyspiel = load_pyspiel()
        if name == "euchre":
            if parameters.get("allow_lone_defender", False) or not parameters.get(
                "stick_the_dealer", True
            ):
                raise RuleError(
                    "the bridge plays OpenSpiel's default euchre (stick_the_dealer=True, "
                    "allow_lone_defender=False), as tricktable's openspiel preset"
                )
            openspiel_game = pyspiel.load_game("euchre", parameters)
            game: Game[Any] = load_game("euchre", {"preset": "openspiel"})
        elif name == "oh_hell":
            players = int(parameters.get("players", 3))
            tricks = int(parameters.get("num_tricks_fixed", -1))
            if tricks < 1:
                raise RuleError("the bridge needs oh_hell with num_tricks_fixed >= 1")
            for key, standard in (("num_suits", 4), ("num_cards_per_suit", 13)):
                if int(parameters.get(key, standard)) != standard:
                    raise RuleError(f"the bridge plays oh_hell with {key}={standard} only")
            if parameters.get("off_bid_penalty", False):
                raise RuleError("the bridge plays oh_hell with off_bid_penalty=False only")
            openspiel_game = pyspiel.load_game("oh_hell", parameters)
            game = load_game(
                "romanian_whist", {"preset": "oh_hell", "hand_size": tricks}, players=players
            )
        else:
            raise RuleError(f"no bridge for OpenSpiel game {name!r}; bridges: euchre, oh_hell")
        return cls(openspiel_game, game, name, _action_texts(openspiel_game, name))

    # -- states ------------------------------------------------------------------------------
    def tricktable_state(self, openspiel_state: Any) -> State:
        """The tricktable state of the same deal with the same decisions taken.

        Raises ``BridgeError`` if the deal has not been dealt yet or an action has no
        counterpart (which would mean the two engines' rules differ).
        """
        history: list[int] = list(openspiel_state.history())
        players = self.game.players
        if self.kind == "euchre":
            dealer, cards_start, hand_size = history[0] if history else 0, 1, 5
        else:
            hand_size = history[0] if history else 0
            dealer, cards_start = (history[1] if len(history) > 1 else 0), 2
        dealt = players * hand_size
        turned_index = cards_start + dealt
        if len(history) <= turned_index:
            raise BridgeError("the OpenSpiel state is still dealing; nothing to translate yet")
        hands: list[list[Card]] = [[] for _ in range(players)]
        first = dealer if self.kind == "euchre" else 0
        for index in range(dealt):
            card = _card_from_openspiel(self.action_texts[history[cards_start + index]])
            hands[(first + index) % players].append(card)
        turned = _card_from_openspiel(self.action_texts[history[turned_index]])
        used = {turned, *(card for hand in hands for card in hand)}
        stock = tuple(card for card in self._deck() if card not in used)
        state = self.game.new_state(dealer)
        state.deal(Deal(tuple(tuple(hand) for hand in hands), turned, stock))
        for action in history[turned_index + 1 :]:
            state.apply_text(self.to_tricktable(state, action))
        return state

    def _deck(self) -> tuple[Card, ...]:
        deck: tuple[Card, ...] = getattr(self.game, "deck", ())
        return deck

    # -- actions -----------------------------------------------------------------------------
    def to_tricktable(self, state: State, action: int) -> str:
        """The tricktable text of OpenSpiel ``action`` in the same position as ``state``."""
        text = self.action_texts.get(action)
        if text is None:
            raise BridgeError(f"{action!r} is not an OpenSpiel {self.kind} action")
        legal = state.legal_texts()
        for candidate in self._candidates(text, legal):
            if candidate in legal:
                return candidate
        raise BridgeError(
            f"OpenSpiel action {text!r} has no legal counterpart; legal: {', '.join(legal)}"
        )

    def _candidates(self, text: str, legal: list[str]) -> list[str]:
        if self.kind == "oh_hell":
            if text.isdigit():
                return [f"bid {text}"]
            return [f"play {card_name(_card_from_openspiel(text))}"]
        if text == "Pass":
            return ["pass"]
        if text == "Alone":
            return ["alone"]
        if text == "Partner":
            return ["pass"]
        if text in ("Clubs", "Diamonds", "Hearts", "Spades"):
            return ["order" if "order" in legal else f"call {text[0]}"]
        card = card_name(_card_from_openspiel(text))
        return [f"discard {card}", f"play {card}"]

    def to_openspiel(self, openspiel_state: Any, text: str) -> int:
        """OpenSpiel's action id for tricktable ``text`` in ``openspiel_state``."""
        player = openspiel_state.current_player()
        state = self.tricktable_state(openspiel_state)
        for action in openspiel_state.legal_actions(player):
            if self.to_tricktable(state, action) == text:
                return int(action)
        raise BridgeError(
            f"{text!r} is not legal in this OpenSpiel state; legal: "
            + ", ".join(self.to_tricktable(state, a) for a in openspiel_state.legal_actions())
        )

    def legal_pairs(self, openspiel_state: Any) -> list[tuple[int, str]]:
        """Each OpenSpiel legal action with its tricktable text."""
        state = self.tricktable_state(openspiel_state)
        return [(int(a), self.to_tricktable(state, a)) for a in openspiel_state.legal_actions()]


def _action_texts(openspiel_game: Any, kind: str) -> dict[int, str]:
    """OpenSpiel's name of each action id. It names ids by phase (at the dealer's draw an id
    is a seat), so cards are named where they are dealt or played, bids where bids are made."""
    probe = openspiel_game.new_initial_state()
    if kind == "euchre":  # past the whole hand, every id is named as a card, call or bid
        while not probe.is_terminal():
            if probe.is_chance_node():
                probe.apply_action(probe.chance_outcomes()[0][0])
            else:
                probe.apply_action(probe.legal_actions()[0])
        return {
            action: probe.action_to_string(0, action)
            for action in range(openspiel_game.num_distinct_actions())
        }
    for _ in range(2):  # the number of tricks and the dealer: the cards come next
        probe.apply_action(probe.chance_outcomes()[0][0])
    texts = {int(a): probe.action_to_string(-1, a) for a, _ in probe.chance_outcomes()}
    while probe.is_chance_node():
        probe.apply_action(probe.chance_outcomes()[0][0])
    bidder = probe.current_player()
    for action in range(len(texts), openspiel_game.num_distinct_actions()):
        texts[action] = probe.action_to_string(bidder, action)
    return texts


def tricktable_bot(bridge: Bridge, name: str, seat: int, seed: int) -> Any:
    """A ``pyspiel.Bot`` that plays ``seat`` of ``bridge``'s OpenSpiel game with the
    tricktable bot ``name`` (any name ``make_bot`` accepts), seeded by ``seed``."""
    pyspiel = load_pyspiel()

    class TricktableBot(pyspiel.Bot):  # type: ignore[misc,name-defined,unused-ignore]
        """Our bot behind OpenSpiel's bot interface; it sees only its seat's view."""

        def __init__(self) -> None:
            pyspiel.Bot.__init__(self)
            self.bot: Bot = make_bot(name, bridge.game, seat)
            self.rng = random.Random(seed)

        def restart_at(self, state: Any) -> None:
            pass

        def step(self, openspiel_state: Any) -> int:
            state = bridge.tricktable_state(openspiel_state)
            text = self.bot.choose(state.view(seat), self.rng)
            for action, candidate in bridge.legal_pairs(openspiel_state):
                if candidate == text:
                    return action
            raise BridgeError(f"bot {name!r} chose {text!r}, not legal in OpenSpiel's state")

    return TricktableBot()


__all__ = ["Bridge", "BridgeError", "load_pyspiel", "tricktable_bot"]
