"""Launching craft (Advanced – Miscellaneous): a ship lowers one of her boats.

A Medium or Large ship may carry boats (the scenario says how many). At the start of the
movement phase, before her own move and while she is making 12" or less, she may lower one with
at least 2 of her men. The boat is a new Jolly Boat on the table, alongside her and on her
heading, at 0": she may get under way in that same movement phase. Any of the ship's own hands
aboard may go, sailing crew too (abandoning ship is what boats are for), in the order casualties
are taken: unoccupied hands first, the captain last.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import overlap, point_on_hull
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.crew import (
    apply_plan,
    available_hands,
    casualty_order,
    engaged,
    is_proper_crew,
)
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.model import (
    AhoyState,
    Crewman,
    CrewPlan,
    Phase,
    Ship,
    Task,
    replace_crew,
)
from ahoy_tui.rules.ahoy.tables import tables

RULE = "Launching craft"


def boat_size() -> str:
    """A ship's boat is a Jolly Boat (its id in ships.toml)."""
    return "jolly_boat"


def settings() -> dict[str, float]:
    value: dict[str, float] = tables().table("boats")
    return value


def crew_for_boat(state: AhoyState, ship: Ship) -> list[Crewman]:
    """Her own men who could go in the boat, in the order they go: a boat must be rowed, so one
    of her proper crew goes first, then the rest in the usual order (unoccupied hands first)."""
    hands = casualty_order(available_hands(state, ship))
    rower = next((m for m in hands if is_proper_crew(m)), None)
    if rower is None:
        return hands
    return [rower, *(m for m in hands if m is not rower)]


def boat_spot(state: AhoyState, ship: Ship) -> tuple[float, float] | None:
    """Alongside: to starboard, else to port, level with her centre (or a little fore or aft)."""
    size = tables().size(boat_size())
    across = ship.beam / 2 + settings()["gap"] + size.beam / 2
    for along in (0.0, ship.length / 4, -ship.length / 4):
        for side in (1, -1):
            x, y = point_on_hull(ship.x, ship.y, ship.heading, along, side * across)
            if not state.table.on_table((x, y)):
                continue
            poly = ship_hull(_boat_shape(ship), x, y, ship.heading)
            if any(o.on_table and overlap(poly, ship_hull(o)) for o in state.ships):
                continue
            return round(x, 4), round(y, 4)
    return None


def _boat_shape(ship: Ship) -> Ship:
    size = tables().size(boat_size())
    return replace(ship, size=boat_size(), length=size.length, beam=size.beam)


def launch_refused(state: AhoyState, ship: Ship, count: int | None = None) -> str | None:
    """Why she may not lower a boat (with ``count`` men) now, or None if she may."""
    cfg = settings()
    if ship.boats <= 0:
        return f"the {ship.name} has no boat to launch"
    if not ship.on_table:
        return f"the {ship.name} is not on the table"
    if state.phase != Phase.MOVEMENT or state.move is not None or ship.moved:
        return "a boat is launched at the start of the movement phase, before her own move"
    if ship.speed > cfg["max_speed"]:
        return (f"the {ship.name} is making {ship.speed}\": a boat is launched at "
                f"{cfg['max_speed']:g}\" or less")
    if engaged(state, ship):
        return f"a fight is going on aboard the {ship.name}"
    least = int(cfg["min_crew"])
    men = len(crew_for_boat(state, ship))
    if men < least:
        return f"launching a boat takes at least {least} crew (the {ship.name} has {men})"
    if count is not None and not least <= count <= men:
        return f"send {least} to {men} men in the boat"
    if boat_spot(state, ship) is None:
        return f"there is no room alongside the {ship.name} for a boat"
    return None


def launch_counts(state: AhoyState, ship: Ship) -> range:
    """How many men she may send in a boat now (empty: she may not launch)."""
    if ship.side != state.active or launch_refused(state, ship) is not None:
        return range(0)
    return range(int(settings()["min_crew"]), len(crew_for_boat(state, ship)) + 1)


def boat_id(state: AhoyState, ship: Ship) -> tuple[str, int]:
    number = 1
    while state.has_ship(f"{ship.id}_boat{number}"):
        number += 1
    return f"{ship.id}_boat{number}", number


def launch(state: AhoyState, dice: Dice, ship_id: str, count: int) -> AhoyState:
    """Lower a boat alongside with ``count`` men: a new Jolly Boat at 0"."""
    ship = state.ship(ship_id)
    spot = boat_spot(state, ship)
    assert spot is not None
    men = crew_for_boat(state, ship)[:count]
    new_id, number = boat_id(state, ship)
    size = tables().size(boat_size())
    proper = sum(1 for m in men if is_proper_crew(m))
    boat = Ship(
        id=new_id, name=f"{ship.name}'s boat" + (f" {number}" if number > 1 else ""),
        side=ship.side, size=boat_size(), length=size.length, beam=size.beam, gunwale=size.gunwale,
        x=spot[0], y=spot[1], heading=ship.heading, sp=size.structure_points,
        sp_max=size.structure_points, plan=CrewPlan(min(size.min_crew, proper)),
        speed=0, moved_last=0.0, under_way=0,
    )
    ships: list[Ship] = []
    for s in state.ships:
        ships.append(replace(s, boats=s.boats - 1) if s.id == ship_id else s)
        if s.id == ship_id:
            ships.append(boat)
    state = replace(state, ships=tuple(ships))
    state = replace_crew(state, {m.id: replace(m, ship=new_id, aboard=new_id, task=Task.IDLE,
                                               gun=None) for m in men})
    tell(dice, "boat_launched", f"The {ship.name} lowers a boat: the {boat.name} with {count} "
         "men, at 0\"", RULE, side=ship.side, ship=new_id, big=True)
    state = apply_plan(state, ship_id)
    state = apply_plan(state, new_id)
    return state
