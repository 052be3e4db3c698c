"""Computer captains for Naval Battle Rules for Fantasy Gaming.

``easy`` steers for the nearest enemy and shares its chits evenly; ``normal`` weighs every way
to lay its maneuver tokens and fill its Speed box by the pose it leads to, deals its chits to
suit and fires the most damaging set of shots it can pay for; ``hard`` is the normal captain
with finer speed steps, weighing each course also against the course a normal captain would
choose for the enemy (no search: the enemy's sheets are secret). Each decides from its side's
view alone.
"""

from __future__ import annotations

from typing import Any


def levels() -> dict[str, Any]:
    from ahoy_tui.ai.naval_battle.easy import EasyCaptain
    from ahoy_tui.ai.naval_battle.hard import HardCaptain
    from ahoy_tui.ai.naval_battle.normal import NormalCaptain

    return {"easy": EasyCaptain, "normal": NormalCaptain, "hard": HardCaptain}
