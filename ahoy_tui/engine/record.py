"""The game record: everything needed to rebuild a battle exactly.

Format and version, ruleset, the scenario (embedded, so a save never depends on a built-in file
that may change), seed, options, the ordered actions as JSON data, the hash of the state after
each step, and the cursor (the present step; actions past it are the undone future). ``meta``
says where the battle stood when saved (turn, side to act, result) for lists of saves; it is
never read back into the game. ``players`` and ``policy`` say who played each side (a person, or
which computer captain) and the undo policy, so that a resumed battle is played as it was.
"""

from __future__ import annotations

from typing import Any

from attrs import field, frozen

FORMAT = "ahoy-tui-game"
VERSION = 3
# Format 1 rolled each die from the counter alone, so an undone action's dice came up again for
# whatever was done instead; format 2 salts each action's dice with the action (engine/dice.py).
# Format 3 sets a battle up from its scenario in the rules' own order, never in the order the
# scenario's keys were written (engine/replay.py: keys_as_written): a store may keep the keys of
# a table in another order. A save keeps the format it was begun in, and replays with its dice
# and its set-up.
SEQUENTIAL_DICE = 1
PER_ACTION_DICE = 2
SETUP_IN_RULES_ORDER = 3


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
    # who plays each side and the undo policy, as the session that played it kept them (plain
    # data the engine keeps and does not read: {"p2": {"player": "ai", "level": "normal",
    # "think": 1.0}}, "strict"); empty in saves from before they were kept
    players: dict[str, dict[str, Any]] = field(factory=dict)
    policy: str = ""
    format: str = FORMAT
    version: int = VERSION
