"""Words a screen asks a player to confirm before an action he may regret: a move that takes
her off the table ("Any ship that sails off the table edge has left the battle and may not
return")."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.geometry import UNIT
from ahoy_tui.rules.man_o_war.actions import Advance
from ahoy_tui.rules.man_o_war.model import MowState
from ahoy_tui.rules.man_o_war.movement import contact_ahead


def caution(state: MowState, action: Any) -> str:
    """Words of warning for ``action``, or "" when it needs none."""
    move = state.move
    if not isinstance(action, Advance) or move is None:
        return ""
    ship = state.ship(move.ship)
    inches = min(float(action.inches), move.remaining)
    met = contact_ahead(state, ship, ship.heading, inches, move.backwards)
    if met is not None:
        inches = met[0]  # she stops where she touches something first
    sign = -1 if move.backwards else 1
    ux, uy = UNIT[ship.heading % 8]
    x, y = ship.x + sign * ux * inches, ship.y + sign * uy * inches
    if 0 <= x <= state.table.width and 0 <= y <= state.table.height:
        return ""
    return (f"Ahead {action.inches}\" takes the {ship.name} off the table: she leaves the "
            "battle and may not return (Collisions: off the table).")
