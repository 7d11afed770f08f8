"""Two-handed Euchre (RULES.md 1.10).

The package holds everything about the game: ``engine`` (the rules), ``heuristic`` (its
heuristic bot) and the evaluators its search bots use.
"""
