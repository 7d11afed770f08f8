"""Bots that search: sampled worlds (``pimc``), information-set MCTS (``ismcts``),
and the shared pieces they draw worlds and read bids with."""
