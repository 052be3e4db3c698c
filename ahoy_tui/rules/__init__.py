"""The rulesets. Importing this package registers every installed ruleset with the engine."""

from ahoy_tui.rules import (
    ahoy,  # noqa: F401 - registers itself
    naval_battle,  # noqa: F401 - registers itself
)
