"""The errors tricktable raises: narrow ``ValueError`` subclasses with clear messages."""

from __future__ import annotations

from collections.abc import Sequence


class TricktableError(ValueError):
    """Base of every error about bad input to tricktable."""


class CardError(TricktableError):
    """A card or suit text that cannot be parsed."""


class RuleError(TricktableError):
    """An unknown game, preset or option, or an option value that is not allowed."""


class ActionParseError(TricktableError):
    """Text that is not an action of the canonical form (RULES.md section 4)."""


class IllegalActionError(TricktableError):
    """An action that is not legal in the current state; the state is unchanged.

    The message names the action, why it is illegal, and every legal action.
    """

    def __init__(self, action: str, reason: str, legal: Sequence[str]) -> None:
        self.action = action
        self.reason = reason
        self.legal = list(legal)
        shown = ", ".join(self.legal) if self.legal else "none (no action is expected now)"
        super().__init__(f"illegal action {action!r}: {reason}; legal actions: {shown}")


class RecordError(TricktableError):
    """A game record that is malformed, uses unknown rules, holds impossible cards,
    or contains an action that is not legal at its point."""


class JsonFieldError(TricktableError):
    """A JSON object read back into typed values (a seat view, its public facts) that lacks a
    field or holds a value of the wrong kind; the message names the field."""
