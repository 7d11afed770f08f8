"""Words and layouts for people, made in one place for the terminal, the web and the records.

- ``presentation.events``: the sentence of each deal event (``tricktable.events``), naming
  seats and sides as the caller says (the records' ``seat 2``, the terminal's ``You``, the
  web's players). It needs only the cards and the events, so the core's ``DealSummary`` and
  the records use it.
- ``presentation.hands``: how a hand is shown (grouped by the suit it plays as, trumps
  first); it reads the game's spec.

This package's ``__init__`` imports neither, so that the core may import
``presentation.events`` without loading the layouts above it.
"""
