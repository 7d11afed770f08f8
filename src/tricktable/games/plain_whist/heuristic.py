"""Plain whist's heuristic bot (level ``medium``): lead the top of the longest suit, win a
trick as cheaply as it can unless its partner is winning it, else throw its lowest card.

>>> import random
>>> from tricktable.bots import make_bot
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("plain_whist", 2)
>>> bot = make_bot("heuristic", state.game)
>>> bot.choose(state.view(state.current_player), random.Random(0)) in state.legal_texts()
True
"""

from __future__ import annotations

import random

from tricktable.actions import action_text, parse_action
from tricktable.bots.base import Heuristic, require_legal
from tricktable.cards import Card, suit_of
from tricktable.core import SeatView
from tricktable.games.plain_whist.engine import PlainWhist, PlainWhistRules
from tricktable.games.plain_whist.facts import PlainWhistFacts
from tricktable.tricks import NO_TRUMP, plain_rules, trick_winner, winning_play


class PlainWhistHeuristic(Heuristic[PlainWhistRules, None]):
    """The heuristic bot of plain whist (it needs no tuning)."""

    game_class = PlainWhist
    default_tuning = None

    def choose(self, view: SeatView, rng: random.Random) -> str:
        cards: list[Card] = [parse_action(text) for text in require_legal(view)]
        trump = view.facts(PlainWhistFacts).trump
        table = plain_rules(NO_TRUMP if trump is None else trump)
        power = table.power
        if not view.trick:
            suits = [suit_of(card) for card in view.hand]
            longest = max(range(4), key=suits.count)
            led = [card for card in cards if suit_of(card) == longest] or cards
            return action_text(max(led, key=lambda card: power[card]))
        played = [card for _, card in view.trick]
        winning, _ = winning_play(view.trick, table)
        lowest = min(cards, key=lambda card: power[card])
        if winning % 2 == view.seat % 2:
            return action_text(lowest)
        winners = [card for card in cards if trick_winner([*played, card], table) == len(played)]
        return action_text(min(winners, key=lambda card: power[card]) if winners else lowest)


HEURISTIC_BOT = PlainWhistHeuristic
"""This game's heuristic bot (the spec finds it by this name)."""
