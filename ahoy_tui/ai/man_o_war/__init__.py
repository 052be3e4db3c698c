"""Computer captains for Man O' War.

``easy`` is a readable heuristic admiral: the unit nearest the enemy acts first, each ship
closes with the nearest enemy and lays her broadside on her, fires everything that bears, rams
when she can and boards when her crew outnumber the enemy's. ``normal`` tries every sensible
way to finish each move with the engine (every course, every inch, every turn) and keeps the
one whose end position scores best by the rules' own odds; it boards, presses on and cuts the
grapples by the exact odds of the boarding action. ``hard`` is the normal captain looking
further ahead: it plays its best few plans on with its own dice, through its own fire and
boarding and the enemy's replies, and keeps the one that leaves the battle best for it. Each
decides from its side's view alone.
"""

from __future__ import annotations

from typing import Any


def levels() -> dict[str, Any]:
    from ahoy_tui.ai.man_o_war.easy import EasyCaptain
    from ahoy_tui.ai.man_o_war.hard import HardCaptain
    from ahoy_tui.ai.man_o_war.normal import NormalCaptain

    return {"easy": EasyCaptain, "normal": NormalCaptain, "hard": HardCaptain}
