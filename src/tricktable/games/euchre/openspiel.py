"""How Euchre's ``openspiel`` preset plays OpenSpiel's ``euchre`` (the OpenSpiel bridge,
``tricktable.interop.openspiel``).

OpenSpiel deals the dealer (0-3), then 20 cards, card ``i`` to seat ``(dealer + i) % 4``,
then the up-card; the 3 cards left are never dealt (tricktable puts them in the stock). The
bridge plays OpenSpiel's default euchre: stick the dealer, no lone defender.

>>> from tricktable.interop.openspiel import Bridge
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

from typing import Any

from tricktable.cards import card_name
from tricktable.core import Game
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.interop.openspiel import Translation, card_from_openspiel, load_pyspiel

SUIT_WORDS = ("Clubs", "Diamonds", "Hearts", "Spades")
"""OpenSpiel's names of the suits a seat may call."""


class EuchreTranslation(Translation):
    openspiel_name = "euchre"

    def games(self, parameters: dict[str, Any]) -> tuple[Any, Game[Any]]:
        if parameters.get("allow_lone_defender", False) or not parameters.get(
            "stick_the_dealer", True
        ):
            raise RuleError(
                "the bridge plays OpenSpiel's default euchre (stick_the_dealer=True, "
                "allow_lone_defender=False), as tricktable's openspiel preset"
            )
        openspiel_game = load_pyspiel().load_game("euchre", parameters)
        return openspiel_game, load_game("euchre", {"preset": "openspiel"})

    def deal_layout(self, history: list[int], players: int) -> tuple[int, int, int, int]:
        dealer = history[0] if history else 0
        return dealer, 1, 5, dealer

    def action_texts(self, openspiel_game: Any) -> dict[int, str]:
        # Past the whole hand, every id is named as a card, call or bid (at the dealer's
        # draw an id is a seat).
        probe = openspiel_game.new_initial_state()
        while not probe.is_terminal():
            if probe.is_chance_node():
                probe.apply_action(probe.chance_outcomes()[0][0])
            else:
                probe.apply_action(probe.legal_actions()[0])
        return {
            action: probe.action_to_string(0, action)
            for action in range(openspiel_game.num_distinct_actions())
        }

    def candidates(self, text: str, legal: list[str]) -> list[str]:
        if text in ("Pass", "Partner"):
            return ["pass"]
        if text == "Alone":
            return ["alone"]
        if text in SUIT_WORDS:
            return ["order" if "order" in legal else f"call {text[0]}"]
        card = card_name(card_from_openspiel(text))
        return [f"discard {card}", f"play {card}"]


TRANSLATION = EuchreTranslation()
