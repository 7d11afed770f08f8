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

Each variant's package keeps only what is its own (lone hands, bids, scoring ...); its
spec (``family_spec``) finds here the parts it does not have itself.
"""

from __future__ import annotations

from collections.abc import Mapping

from tricktable.games.spec import GameSpec, Learn, Levels, Part, game_spec

PLAYOUT_BIDDING = Part("tricktable.bots.search.playout_bidding:evaluate")
"""The evaluator of a variant whose bids are valued by playing the deal out."""


def family_spec(
    package: str,
    *,
    title: str,
    value_unit: str,
    levels: Levels | None = None,
    preset_notes: Mapping[str, str] | None = None,
    learn: Learn | None = None,
    **declared: Part | None,
) -> GameSpec:
    """A euchre variant's spec: its parts found by convention in its package, those it
    lacks (such as ``checks``) here, and its hands shown with the bowers among the trumps.

    >>> family_spec("tricktable.games.euchre", title="Euchre", value_unit="points").card_places
    Part(tricktable.games.euchre_family.checks:card_places)
    """
    return game_spec(
        package,
        title=title,
        value_unit=value_unit,
        shared=__name__,
        levels=levels,
        solve_limit=None,
        bowers=True,
        preset_notes=preset_notes,
        learn=learn,
        **declared,
    )
