"""What the rules ask for now, and what each sheet says, in the game's own words."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.geometry import heading_name
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, FirePlan, GiveOrders
from ahoy_tui.rules.naval_battle.flow import points_words, victory_points
from ahoy_tui.rules.naval_battle.model import STATION_NAMES, NavalState, Phase

CHANGE_WORDS = {"up": "speeds up", "down": "slows down", "hold": "holds her speed"}


def prompt(state: NavalState) -> str:
    if state.over:
        return state.result
    who = state.side_name(state.to_act or "p1")
    head = f"Turn {state.turn}, {who}"
    sealed = [state.side_name(s) for s in _envelope(state).sealed_by]
    already = f" ({', '.join(sealed)} sealed)" if sealed else ""
    if state.phase == Phase.DECLARE:
        return (f"{head}: declare whether each ship speeds up, slows down or holds her speed. "
                f"Declarations are shown together{already}.")
    if state.phase == Phase.ORDERS:
        return (f"{head}: write your orders in secret — deal every chit onto the six boxes, "
                f"place the maneuver tokens — then seal them{already}.")
    return (f"{head}: choose what each gun, your snipers and any creature shoot at, in "
            f"secret{already}.")


def _envelope(state: NavalState) -> Any:
    return {Phase.DECLARE: state.declared, Phase.ORDERS: state.orders}.get(
        state.phase, state.plans)


def describe(state: NavalState, action: Any) -> str:
    """What a sheet says (its writer may read it; others see it after the reveal)."""
    if isinstance(action, DeclareSpeed):
        return "; ".join(f"{state.ship(s).name} {CHANGE_WORDS.get(c, c)}"
                         for s, c in action.ships) or "no ships to declare"
    if isinstance(action, GiveOrders):
        parts = []
        for orders in action.ships:
            boxes: dict[str, int] = {}
            for station, _, count in orders.assign:
                boxes[station] = boxes.get(station, 0) + count
            chits = ", ".join(f"{STATION_NAMES[s]} {n}" for s, n in boxes.items() if n)
            moves = " then ".join(orders.maneuvers)
            parts.append(f"{state.ship(orders.ship).name}: {moves}; {chits}")
        return "; ".join(parts)
    if isinstance(action, FirePlan):
        if not action.shots:
            return "hold fire"
        return "; ".join(f"{state.ship(s.ship).name} {s.weapon} at {state.ship(s.target).name}"
                         + (" (the creature)" if s.at_creature else "") for s in action.shots)
    return str(action)


def table_text(state: NavalState) -> str:
    lines = [f"{state.title} — turn {state.turn}/{state.turn_limit}, {state.phase.value}"]
    for ship in state.ships:
        gone = f" — {ship.gone}" if ship.gone else ""
        creature = ""
        if ship.creature is not None:
            c = ship.creature
            creature = f", {c.name} {'dead' if c.dead else f'{c.chits} chits'}"
        fires = f"{ship.fires} fire" + ("" if ship.fires == 1 else "s")
        lines.append(f"  {ship.name} ({state.side_name(ship.side)}): {ship.chits} chits, "
                     f"{ship.speed}\"/turn heading {heading_name(ship.heading)} at "
                     f"({ship.x:.0f}, {ship.y:.0f}), {fires}{creature}{gone}")
    for side, name in state.sides:
        lines.append(f"  {name}: {points_words(victory_points(state, side))} victory points")
    return "\n".join(lines)
