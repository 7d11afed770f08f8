"""What All Fours and Pitch share, written once: the play and the points (RULES.md 2.3,
2.4, and 2.6 that builds on them).

- ``points``: ``PointsState``, the trick play both games share (follow suit or trump,
  ``void_rule``; highest trump wins, else the highest of the led suit) and the deal's
  points counted in their order: High, Low (held or captured, ``low_point``), Jack and
  Game (``game_tie``); ``PointEvent``, their kinds on the score sheet.
- ``facts``: ``PointsFacts``, the public facts both games' views carry (trump, eldest,
  target, sides, the Game counts, hand sizes); each game's facts subclass it.
- ``heuristic``: ``PointsPlayer``, the heuristic bots' card play by capture values and
  their judgement of a trump suit (``prospect``), and ``read_view``.
- ``search``: ``PointsSearch``, what the search layer must know of the play.

Each game's package keeps only what is its own: All Fours its turn-up, begging, giving and
running; Pitch its auction, the pitcher's lead that makes trump and the set back.
"""
