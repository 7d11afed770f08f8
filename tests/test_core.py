"""The core classes (``tricktable.core``)."""

from __future__ import annotations

from tricktable.core import Game, State
from tricktable.games import load_game
from tricktable.games.euchre.engine import Euchre, EuchreState
from tricktable.games.romanian_whist.engine import RomanianWhist, WhistState


def test_isinstance_of_one_game_says_nothing_of_another() -> None:
    # In the compiled build the games' classes once shared one ABC cache: a negative answer
    # for one class became the answer for another, and so did a positive one.
    euchre = load_game("euchre(preset=north_american)")
    state = euchre.new_state(0)
    assert not isinstance(euchre, RomanianWhist)
    assert not isinstance(state, WhistState)
    assert issubclass(Euchre, Game) and issubclass(EuchreState, State)
    assert isinstance(euchre, Game) and isinstance(state, State)
    assert not isinstance(euchre, RomanianWhist)
    assert not isinstance(state, WhistState)
    whist = load_game("romanian_whist(preset=romanian_whist)")
    assert isinstance(whist, RomanianWhist) and not isinstance(whist, Euchre)
