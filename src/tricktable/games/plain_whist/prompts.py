"""What a person is asked at each decision of plain whist (``GameSpec.prompts``): every
decision is a card played, which the trick on the table asks for itself.

>>> from tricktable.games.spec import PlainWording
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("plain_whist", 1)
>>> print(PROMPTS.question(state.view(state.current_player), PlainWording()))
None
"""

from __future__ import annotations

from tricktable.core import SeatView
from tricktable.games.spec import Prompts, Wording


def question(view: SeatView, words: Wording) -> str | None:
    """No question of its own: plain whist decides nothing outside the play."""
    return None


PROMPTS = Prompts(
    answers="""\
  an action                         e.g. play 10H
  a card alone                      e.g. 10h or AS (plays it when that is legal)""",
    question=question,
)
"""Plain whist's prompts: the help's answers (the play asks no question of its own)."""
