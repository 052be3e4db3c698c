"""Actions a captain should be asked twice about: what the rules make of them, said before.

A screen asks for a confirmation when :func:`caution` has words for an action: sailing off the
table (Sailing Off the Table) and striking her colours (Strike Yer Colours) cannot be taken
back by the rules, whatever an undo may do.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.geometry import UNIT
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.crew import min_crew
from ahoy_tui.rules.ahoy.damage import STRIKE
from ahoy_tui.rules.ahoy.legal import crew_plans
from ahoy_tui.rules.ahoy.model import AhoyState
from ahoy_tui.rules.ahoy.movement import OFF_TABLE, OUT_OF_CONTROL
from ahoy_tui.rules.ahoy.tables import tables


def caution(state: AhoyState, action: Any) -> str:
    """Words of warning for ``action``, or "" when it needs none."""
    if isinstance(action, a.Advance) and state.move is not None:
        return _off_the_edge(state, action.inches)
    if isinstance(action, a.AssignCrew) and state.has_ship(action.ship):
        ship = state.ship(action.ship)
        least = min_crew(ship)
        # only when she has the hands: a crew too thin to sail her is no choice to ask about
        most = max((p.sailing for p in crew_plans(state, ship)), default=0)
        if action.sailing < least <= max(most, ship.plan.sailing):
            return (f"{action.sailing} to sail the {ship.name} is fewer than her minimum crew "
                    f"of {least}: she will move out of control ({OUT_OF_CONTROL}).")
    if isinstance(action, a.DeclareRam) and state.has_ship(action.ship):
        return _too_slow_to_ram(state, action)
    if isinstance(action, a.StrikeColours) and state.has_ship(action.ship):
        ship = state.ship(action.ship)
        return (f"Strike the {ship.name}'s colours? She surrenders: she fights no more, and "
                f"the enemy may board and take her ({STRIKE}).")
    return ""


def _off_the_edge(state: AhoyState, inches: int) -> str:
    move = state.move
    assert move is not None
    ship = state.ship(move.ship)
    way = (ship.heading + move.course) % 8
    edge_at = state.table.exit_distance((ship.x, ship.y), UNIT[way])
    if edge_at >= min(float(inches), move.remaining):
        return ""
    within = tables().roll("return_within")
    return (f"Ahead {inches}\" takes the {ship.name} off the table after {edge_at:.0f}\" "
            f"({OFF_TABLE}): she may come back next turn within {within}\" of where she "
            "left, at half speed, or stay away and leave the battle.")


def _too_slow_to_ram(state: AhoyState, action: a.DeclareRam) -> str:
    """Ramming: a ram declared by a ship that cannot make 6" this turn is called off, and her
    crew, braced for impact, still may not shoot."""
    from ahoy_tui.rules.ahoy.move_odds import ram_speed_odds

    odds = ram_speed_odds(state, action)
    if odds is None or odds.expected["ram"] > 0:
        return ""
    ship = state.ship(action.ship)
    need = tables().roll("ram_min_speed")
    return (f"The {ship.name} cannot make the {need}\" a ram needs this turn: it will be "
            f"called off, and her crew, braced for impact, may not shoot (Ramming).")
