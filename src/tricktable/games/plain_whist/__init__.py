"""Plain whist: the template game, the smallest honest trick-taking game, kept as the model
to copy when adding a game (docs/architecture.md, "Adding a game"; its rules are
docs/rules/plain_whist.md).

It is registered as a template (``tricktable.games.TEMPLATES``): loaded by name and checked
by every shared suite, but listed nowhere a player chooses a game. A long hand is too slow
to solve for a decision, so the heuristic plays until ``solve_limit`` cards are left.
"""

from tricktable.games.spec import game_spec

SPEC = game_spec(__name__, title="Plain whist", value_unit="tricks", solve_limit=20)
