"""How Romanian Whist's ``oh_hell`` preset plays OpenSpiel's ``oh_hell`` (the OpenSpiel
bridge, ``tricktable.interop.openspiel``), with OpenSpiel's player count and a fixed number
of tricks as the hand size.

OpenSpiel deals the number of tricks, the dealer, then ``players * tricks`` cards, card ``i``
to seat ``i % players`` whoever deals, then the trump card.

>>> from tricktable.interop.openspiel import Bridge
>>> bridge = Bridge.for_openspiel_game("oh_hell", players=3, num_tricks_fixed=2)
>>> bridge.game.players, bridge.game.rules.hand_size
(3, 2)
"""

from __future__ import annotations

from typing import Any

from tricktable.cards import card_name
from tricktable.core import Game
from tricktable.errors import RuleError
from tricktable.games import load_game
from tricktable.interop.openspiel import Translation, card_from_openspiel, load_pyspiel


class OhHellTranslation(Translation):
    openspiel_name = "oh_hell"

    def games(self, parameters: dict[str, Any]) -> tuple[Any, Game[Any]]:
        players = int(parameters.get("players", 3))
        tricks = int(parameters.get("num_tricks_fixed", -1))
        if tricks < 1:
            raise RuleError("the bridge needs oh_hell with num_tricks_fixed >= 1")
        for key, standard in (("num_suits", 4), ("num_cards_per_suit", 13)):
            if int(parameters.get(key, standard)) != standard:
                raise RuleError(f"the bridge plays oh_hell with {key}={standard} only")
        if parameters.get("off_bid_penalty", False):
            raise RuleError("the bridge plays oh_hell with off_bid_penalty=False only")
        openspiel_game = load_pyspiel().load_game("oh_hell", parameters)
        game = load_game(
            "romanian_whist", {"preset": "oh_hell", "hand_size": tricks}, players=players
        )
        return openspiel_game, game

    def deal_layout(self, history: list[int], players: int) -> tuple[int, int, int, int]:
        hand_size = history[0] if history else 0
        dealer = history[1] if len(history) > 1 else 0
        return dealer, 2, hand_size, 0

    def action_texts(self, openspiel_game: Any) -> dict[int, str]:
        probe = openspiel_game.new_initial_state()
        for _ in range(2):  # the number of tricks and the dealer: the cards come next
            probe.apply_action(probe.chance_outcomes()[0][0])
        texts = {int(a): probe.action_to_string(-1, a) for a, _ in probe.chance_outcomes()}
        while probe.is_chance_node():
            probe.apply_action(probe.chance_outcomes()[0][0])
        bidder = probe.current_player()
        for action in range(len(texts), openspiel_game.num_distinct_actions()):
            texts[action] = probe.action_to_string(bidder, action)
        return texts

    def candidates(self, text: str, legal: list[str]) -> list[str]:
        if text.isdigit():
            return [f"bid {text}"]
        return [f"play {card_name(card_from_openspiel(text))}"]


TRANSLATION = OhHellTranslation()
