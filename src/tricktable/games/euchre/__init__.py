"""Euchre: the four-handed partnership game and its presets (RULES.md section 1).

The package holds everything about the game: ``engine`` (the rules), ``heuristic`` (its
heuristic bot) and the evaluators its search bots use.
"""
