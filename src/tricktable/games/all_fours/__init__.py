"""All Fours / Seven Up (RULES.md section 2).

The package holds everything about the game: ``engine`` (the rules), ``heuristic`` (its
heuristic bot) and the evaluators its search bots use.
"""
