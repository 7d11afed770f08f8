"""Set-back Euchre's search adapter: the maker alone against the others (2, 3 or 4 seats);
rebuilt deals start at the match's score (a failed march costs what the score is).

A defender who declared a march plays for all five tricks alone: the search then values
its tricks against everyone else's, the maker's included (stopping the march matters most
to all of them, since it ends the game).

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("setback_euchre(declare_march=true)", players=3)
>>> state = game.new_state(first_dealer=2)
>>> state.deal_random(random.Random(2))
>>> SEARCH.camp(game, state.view(0)) == 0b001   # no maker yet: each seat for itself
True
"""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.euchre_family.search import EuchreFamilySearch
from tricktable.games.setback_euchre.facts import SetbackEuchreFacts


class SetbackEuchreSearch(EuchreFamilySearch):
    rebuilt_at_score = True

    def camp(self, game: Game[Any], view: SeatView) -> int:
        """A declaring defender alone against everyone else; else the maker alone against
        the defenders together."""
        facts = view.facts(SetbackEuchreFacts)
        declarer = facts.declarer
        if declarer is None or declarer == facts.maker:
            return super().camp(game, view)
        if view.seat == declarer:
            return 1 << declarer
        return ((1 << game.players) - 1) & ~(1 << declarer)


SEARCH = SetbackEuchreSearch()
