"""Sheets a captain should be asked twice about: a track that sails a ship off the table.

A ship whose hull is wholly off the table has left the battle (The Movement Phase); a side
with no ship left loses it. The screen asks before such a sheet is sealed.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.naval_battle import actions as nb
from ahoy_tui.rules.naval_battle import movement
from ahoy_tui.rules.naval_battle.model import NavalState


def caution(state: NavalState, action: Any) -> str:
    """Words of warning for ``action``, or "" when it needs none."""
    if not isinstance(action, nb.GiveOrders):
        return ""
    known = {s.id for s in state.ships}
    leaving = [state.ship(o.ship).name for o in action.ships
               if o.ship in known and leaves_table(state, o)]
    if not leaving:
        return ""
    names = " and ".join(leaving)
    theirs = state.side_ships(action.side)
    lost = (" That is every ship the side has: the battle is lost." if
            len(leaving) >= len(theirs) else "")
    return (f"The track of {names} leaves the table: a ship wholly off the table has left the "
            f"battle ({movement.MOVEMENT}).{lost}")


def leaves_table(state: NavalState, orders: Any) -> bool:
    """Whether her planned track (on an empty table) takes her hull wholly off the table."""
    ship = state.ship(orders.ship)
    width, height = state.table.width, state.table.height
    for x, y, heading in movement.track(ship, orders)[1:]:
        poly = movement.hull_of(replace(ship, x=x, y=y, heading=heading))
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        if max(xs) <= 0 or min(xs) >= width or max(ys) <= 0 or min(ys) >= height:
            return True
    return False
