"""What every ruleset's game state has in common.

A ruleset's state class subclasses :class:`GameState` and adds its own fields (ships, wind,
phase…). The engine only reads the fields below: whose decision it is, whether the battle is
over, the dice, and how many actions have been applied.
"""

from __future__ import annotations

from attrs import frozen

from ahoy_tui.engine.dice import Rng


@frozen(kw_only=True)
class GameState:
    """A moment of a battle. Immutable: applying an action makes a new one."""

    ruleset: str
    scenario: str
    rng: Rng
    step: int = 0
    to_act: str | None = None
    over: bool = False
    winner: str | None = None
    result: str = ""
