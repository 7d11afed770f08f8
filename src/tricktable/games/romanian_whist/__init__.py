"""Romanian Whist and Oh Hell (RULES.md section 3).

The package holds everything about the game: ``engine`` (the rules), ``heuristic`` (its
heuristic bot) and the evaluators its search bots use.
"""
