"""Romanian Whist and Oh Hell (RULES.md section 3).

More worlds gain nothing in its play, so ``expert`` plays as ``hard``; long hands are
too slow to solve for a decision (``solve_limit``).
"""

from tricktable.games.spec import Guided, Learn, Levels, game_spec

LEVELS = Levels(hard=20, expert=20)
SPEC = game_spec(
    __name__,
    title="Romanian Whist",
    value_unit="score",
    levels=LEVELS,
    solve_limit=28,
    learn=Learn(
        "whist",
        "Romanian whist and Oh Hell",
        guided=("romanian_whist", 4),
        more=(Guided("oh_hell", "Oh Hell", "oh_hell", 4, (("hand_size", 7),)),),
    ),
)
