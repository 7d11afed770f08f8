"""What the euchre family (euchre and its two-handed, three-handed, bid and set-back
variants) shares, written once.

- ``dealing``: the first-dealer draw and dealing in packets with the up-card.
- ``state``: ``FamilyState``, the trick-taking match every variant plays: the deal, active
  seats and the leader, the play, throw-ins, the score sheet and what each seat may see.
- ``upcard``: ``UpCardState``, the up-card variants' making rounds, the dealer's pickup
  and discard, their refusals and their common public facts.
- ``heuristic``: what the variants' heuristic bots share (reading a view, card power,
  discards, common play choices, the bots' dispatch).
- ``search``: ``EuchreFamilySearch``, what the search layer must know of them.
- ``events``: ``FamilyEvent``, the score sheet's event kinds several variants share.

Each variant's package keeps only what is its own (lone hands, bids, scoring ...).
"""
