"""Pitch (Auction Pitch, RULES.md section 2.6): All Fours' play and points
(``all_fours_family``) with an auction; ``hard`` and ``expert`` bid by sampled worlds
(``bidding``). Full hands of several players are too slow to solve for a decision, so
the heuristic plays the first tricks (``solve_limit``), as in All Fours.
"""

from tricktable.games.spec import game_spec

SPEC = game_spec(__name__, title="Pitch (Auction Pitch)", value_unit="points", solve_limit=12)
