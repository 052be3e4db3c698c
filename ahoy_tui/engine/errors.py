"""The ways an action can be refused.

Both are ``ValueError`` subclasses so a caller that only cares that input was bad can catch one
type; the state is never changed by a refused action.
"""

from __future__ import annotations


class InvalidAction(ValueError):
    """The action is malformed: an unknown type, a missing field, a value of the wrong kind."""


class IllegalAction(ValueError):
    """The action is well formed but the rules forbid it now.

    ``rule`` names the rule (by its section name in the rulebook) that forbids it.
    """

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{reason} ({rule})" if rule else reason)


class UnknownRuleset(ValueError):
    """No ruleset with this id is installed."""
