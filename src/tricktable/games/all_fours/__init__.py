"""All Fours / Seven Up (RULES.md section 2).

Its play gains from more worlds (``levels``); full four-handed hands are too slow to
solve for a decision, so the heuristic plays the first tricks (``solve_limit``).
"""

from tricktable.games.spec import Learn, Levels, game_spec

LEVELS = Levels(hard=50, expert=100)
SPEC = game_spec(
    __name__,
    title="All Fours / Seven Up",
    value_unit="points",
    levels=LEVELS,
    solve_limit=12,
    learn=Learn("all_fours", "All Fours and Pitch", guided=("seven_up", 4)),
)
