"""tricktable: play, simulate and analyse trick-taking card games.

>>> import random
>>> from tricktable import load_game
>>> game = load_game("euchre(preset=tournament)")
>>> state = game.new_match(random.Random(1))
>>> state.deal_random(random.Random(2))
>>> state.legal_texts()
['order', 'order alone', 'pass']
"""

from tricktable.core import CHANCE, TERMINAL, Deal, Game, SeatView, State
from tricktable.errors import (
    ActionParseError,
    CardError,
    IllegalActionError,
    RecordError,
    RuleError,
    TricktableError,
)
from tricktable.games import GAMES, load_game

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "ActionParseError",
    "CardError",
    "Deal",
    "Game",
    "IllegalActionError",
    "RecordError",
    "RuleError",
    "SeatView",
    "State",
    "TricktableError",
    "load_game",
]
