"""The game record: everything needed to rebuild a battle exactly.

Format and version, ruleset, the scenario (embedded, so a save never depends on a built-in file
that may change), seed, options, the ordered actions as JSON data, the hash of the state after
each step, and the cursor (the present step; actions past it are the undone future). ``meta``
says where the battle stood when saved (turn, side to act, result) for lists of saves; it is
never read back into the game.
"""

from __future__ import annotations

from typing import Any

from attrs import field, frozen

FORMAT = "ahoy-tui-game"
VERSION = 1


@frozen(kw_only=True)
class GameRecord:
    ruleset: str
    scenario: str
    seed: int
    scenario_data: dict[str, Any] = field(factory=dict)
    options: dict[str, Any] = field(factory=dict)
    actions: tuple[dict[str, Any], ...] = ()
    hashes: tuple[str, ...] = ()
    cursor: int = 0
    meta: dict[str, Any] = field(factory=dict)  # for lists of saves: turn, result… (not replayed)
    format: str = FORMAT
    version: int = VERSION
