"""Romanian Whist and Oh Hell (RULES.md section 3).

More worlds gain nothing in its play, so ``expert`` plays as ``hard``; long hands are
too slow to solve for a decision (``solve_limit``).
"""

from tricktable.games.spec import GameSpec, Levels, Part

SPEC = GameSpec(
    name="romanian_whist",
    title="Romanian Whist",
    engine=Part("tricktable.games.romanian_whist.engine:RomanianWhist"),
    heuristic=Part("tricktable.games.romanian_whist.heuristic:WhistHeuristic"),
    search=Part("tricktable.games.romanian_whist.search:SEARCH"),
    decisions=Part("tricktable.games.romanian_whist.bidding:evaluate"),
    card_places=Part("tricktable.games.romanian_whist.checks:card_places"),
    value_unit="score",
    levels=Levels(hard=20, expert=20),
    solve_limit=28,
    openspiel=Part("tricktable.games.romanian_whist.openspiel:TRANSLATION"),
    observation=Part("tricktable.games.romanian_whist.observation:encoder"),
)
