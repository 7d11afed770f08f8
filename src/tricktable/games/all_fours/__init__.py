"""All Fours / Seven Up (RULES.md section 2).

Its play gains from more worlds (``levels``); full four-handed hands are too slow to
solve for a decision, so the heuristic plays the first tricks (``solve_limit``).
"""

from tricktable.games.spec import GameSpec, Levels, Part

SPEC = GameSpec(
    name="all_fours",
    title="All Fours / Seven Up",
    engine=Part("tricktable.games.all_fours.engine:AllFours"),
    heuristic=Part("tricktable.games.all_fours.heuristic:AllFoursHeuristic"),
    search=Part("tricktable.games.all_fours.search:SEARCH"),
    decisions=Part("tricktable.games.all_fours.bidding:evaluate"),
    card_places=Part("tricktable.games.all_fours.checks:card_places"),
    value_unit="points",
    levels=Levels(hard=50, expert=100),
    solve_limit=12,
    observation=Part("tricktable.games.all_fours.observation:encoder"),
)
