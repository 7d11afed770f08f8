"""Pitch (Auction Pitch, RULES.md section 2.6): All Fours' play and points
(``all_fours_family``) with an auction; ``hard`` and ``expert`` bid by sampled worlds
(``bidding``) weighed with a model learned from self-play (``learned``: each bid's net score
of the deal), make trump with the pitcher's first lead by sampled worlds alone, and play the
last tricks for the bid (``search.BidValue``).
Its bids gain from more worlds (``levels``, as All Fours); full hands of several players
are too slow to solve for a decision, so the heuristic plays the first tricks
(``solve_limit``), as in All Fours.
"""

from tricktable.games.spec import Guided, Learn, Levels, game_spec

LEVELS = Levels(hard=50, expert=100)
SPEC = game_spec(
    __name__,
    title="Pitch (Auction Pitch)",
    value_unit="points",
    levels=LEVELS,
    solve_limit=12,
    learn=Learn("all_fours", "All Fours and Pitch", more=(Guided("pitch", "Pitch", "auction", 4),)),
)
