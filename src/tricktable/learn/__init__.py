"""Bots that learn from play: self-play examples, outcome models and their training.

* ``model``: ``OutcomeModel``, a small network that gives the chance of each outcome of a
  decision (the tricks a bidder takes, say) from the seat's view features and the action's
  aim; plain Python, read from the JSON weights a game ships as package data. Playing needs
  nothing more.
* ``part``: ``LearnedDecisions``, what a game's spec names as its ``learned`` part (features
  of the seat's view, which decisions, the outcome of each), and ``Example``, one decision of
  self-play with what followed it (``tricktable.sim.selfplay`` plays them: ``tricktable train
  data``).
* ``fit``: the training of an ``OutcomeModel`` from examples (NumPy, the ``train`` extra;
  ``tricktable train bidding``).
"""
