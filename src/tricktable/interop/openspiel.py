"""A bridge to OpenSpiel: tricktable bots play inside OpenSpiel's own games.

OpenSpiel (``pip install 'tricktable[openspiel]'``) is imported only when a bridge is made.
A ``Bridge`` replays an OpenSpiel state into the tricktable state of the same deal and
translates actions both ways by their text. What is particular to one OpenSpiel game (which
tricktable game and rules play it, how OpenSpiel deals, what its action names mean) is that
game's ``Translation``, named by the spec of the tricktable game that plays it
(``GameSpec.openspiel``: Euchre's ``openspiel`` preset plays OpenSpiel's ``euchre``, Romanian
Whist's ``oh_hell`` preset its ``oh_hell``). ``TricktableBot`` wraps any tricktable bot as a
``pyspiel.Bot``, so it can face OpenSpiel's own bots (``ISMCTSBot``, ``MCTSBot``) through
``pyspiel`` itself; ``bench/openspiel_match.py`` runs such matches.

Seats are numbered alike in both engines (OpenSpiel's N, E, S, W are seats 0-3), and both
move clockwise from the dealer's left.

>>> "oh_hell" in bridged_games()
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from tricktable.bots import make_bot
from tricktable.bots.base import Bot
from tricktable.cards import Card, parse_card
from tricktable.core import Deal, Game, State
from tricktable.errors import RuleError, TricktableError
from tricktable.games import all_specs


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


class Translation(ABC):
    """What is particular to one OpenSpiel game; each is named by a tricktable game's spec."""

    openspiel_name: str
    """The OpenSpiel game's name (``pyspiel.load_game``)."""

    @abstractmethod
    def games(self, parameters: dict[str, Any]) -> tuple[Any, Game[Any]]:
        """OpenSpiel's game with ``parameters`` and the tricktable game that plays the same
        deals (``RuleError`` for parameters the bridge does not play)."""

    @abstractmethod
    def deal_layout(self, history: list[int], players: int) -> tuple[int, int, int, int]:
        """Where the deal stands in an OpenSpiel history: ``(dealer, index of the first card
        dealt, cards per hand, seat that receives the first card)``."""

    @abstractmethod
    def action_texts(self, openspiel_game: Any) -> dict[int, str]:
        """OpenSpiel's name of each action id."""

    @abstractmethod
    def candidates(self, text: str, legal: list[str]) -> list[str]:
        """The tricktable texts an OpenSpiel action name may stand for, first match wins."""


def bridged_games() -> dict[str, Translation]:
    """Every OpenSpiel game a bridge plays, by OpenSpiel's name (from the game specs)."""
    out: dict[str, Translation] = {}
    for spec in all_specs():
        if spec.openspiel is not None:
            translation: Translation = spec.openspiel.load()
            out[translation.openspiel_name] = translation
    return out


def card_from_openspiel(text: str) -> Card:
    """OpenSpiel writes cards suit first (``H9``, ``CT``); tricktable rank first.

    >>> from tricktable.cards import card_name
    >>> card_name(card_from_openspiel("HT"))
    'TH'
    """
    return parse_card(text[1:] + text[0])


@dataclass
class Bridge:
    """Translates one OpenSpiel game to tricktable and back."""

    openspiel_game: Any
    """The ``pyspiel.Game``."""
    game: Game[Any]
    """The tricktable game that plays the same deal."""
    translation: Translation
    """What is particular to this OpenSpiel game."""
    action_texts: dict[int, str]
    """OpenSpiel's text of each of its action ids (as ``action_to_string`` gives it)."""

    @classmethod
    def for_openspiel_game(cls, name: str, **parameters: Any) -> Bridge:
        """The bridge for the OpenSpiel game ``name`` with ``parameters`` (see each game's
        ``Translation`` for the parameters it plays)."""
        load_pyspiel()
        bridged = bridged_games()
        if name not in bridged:
            raise RuleError(
                f"no bridge for OpenSpiel game {name!r}; bridges: {', '.join(sorted(bridged))}"
            )
        translation = bridged[name]
        openspiel_game, game = translation.games(parameters)
        return cls(openspiel_game, game, translation, translation.action_texts(openspiel_game))

    # -- states ------------------------------------------------------------------------------
    def tricktable_state(self, openspiel_state: Any) -> State:
        """The tricktable state of the same deal with the same decisions taken.

        Raises ``BridgeError`` if the deal has not been dealt yet or an action has no
        counterpart (which would mean the two engines' rules differ).
        """
        history: list[int] = list(openspiel_state.history())
        players = self.game.players
        dealer, cards_start, hand_size, first = self.translation.deal_layout(history, players)
        dealt = players * hand_size
        turned_index = cards_start + dealt
        if len(history) <= turned_index:
            raise BridgeError("the OpenSpiel state is still dealing; nothing to translate yet")
        hands: list[list[Card]] = [[] for _ in range(players)]
        for index in range(dealt):
            card = card_from_openspiel(self.action_texts[history[cards_start + index]])
            hands[(first + index) % players].append(card)
        turned = card_from_openspiel(self.action_texts[history[turned_index]])
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
            name = self.translation.openspiel_name
            raise BridgeError(f"{action!r} is not an OpenSpiel {name} action")
        legal = state.legal_texts()
        for candidate in self.translation.candidates(text, legal):
            if candidate in legal:
                return candidate
        raise BridgeError(
            f"OpenSpiel action {text!r} has no legal counterpart; legal: {', '.join(legal)}"
        )

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


def tricktable_bot(bridge: Bridge, name: str, seat: int, seed: int, trusted: bool = False) -> Any:
    """A ``pyspiel.Bot`` that plays ``seat`` of ``bridge``'s OpenSpiel game with the
    tricktable bot ``name`` (any name ``make_bot`` accepts; with ``trusted``, a name from
    the command line, settings such as ``pimc(worlds=30)`` too), seeded by ``seed``."""
    pyspiel = load_pyspiel()

    class TricktableBot(pyspiel.Bot):  # type: ignore[misc,name-defined,unused-ignore]
        """Our bot behind OpenSpiel's bot interface; it sees only its seat's view."""

        def __init__(self) -> None:
            pyspiel.Bot.__init__(self)
            self.bot: Bot = make_bot(name, bridge.game, seat, trusted=trusted)
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


__all__ = [
    "Bridge",
    "BridgeError",
    "Translation",
    "bridged_games",
    "card_from_openspiel",
    "load_pyspiel",
    "tricktable_bot",
]
