"""A captain's eye for the table: where the enemy lies, which side to fight, how to steer.

Plain geometry and the rules' own functions; no dice, no search.
"""

from __future__ import annotations

import math

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import UNIT, distance
from ahoy_tui.rules.ahoy.crew import in_control, own_aboard
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.model import AhoyState, Ship
from ahoy_tui.rules.ahoy.terrain import first_hazard
from ahoy_tui.rules.ahoy.wind import BEATING, point_of_sail


def fighting(ship: Ship) -> bool:
    return ship.on_table and not (ship.struck or ship.captured_by or ship.sunk)


def enemies(state: AhoyState, side: str) -> list[Ship]:
    return [s for s in state.ships if s.side != side and fighting(s)]


def gap(a: Ship, b: Ship) -> float:
    return distance(ship_hull(a), ship_hull(b))


def nearest_enemy(state: AhoyState, ship: Ship) -> Ship | None:
    foes = enemies(state, ship.side)
    return min(foes, key=lambda o: gap(ship, o), default=None)


def bearing(ship: Ship, other: Ship) -> int:
    """The compass point (0-7) from her centre toward the other ship's centre."""
    angle = math.degrees(math.atan2(other.x - ship.x, ship.y - other.y)) % 360
    return round(angle / 45) % 8


def side_facing(ship: Ship, other: Ship) -> str:
    """Which of her broadsides faces the other ship: "port", "starboard", or bow/stern."""
    relative = (bearing(ship, other) - ship.heading) % 8
    if relative in (1, 2, 3):
        return "starboard"
    if relative in (5, 6, 7):
        return "port"
    return "bow" if relative == 0 else "stern"


def guns_on(ship: Ship, mount: str) -> int:
    return sum(1 for g in ship.guns if g.mount == mount and g.state.value != "destroyed")


def steps_between(a: int, b: int) -> int:
    """Signed 45° turns from heading a to heading b (the shorter way; + is starboard)."""
    d = (b - a) % 8
    return d if d <= 4 else d - 8


def wanted_heading(state: AhoyState, ship: Ship, *, close_at: float = 14.0) -> int:
    """Where the plain seaman steers: toward the nearest enemy until close, then broadside on,
    avoiding a heading straight into the wind."""
    foe = nearest_enemy(state, ship)
    if foe is None:
        return ship.heading
    toward = bearing(ship, foe)
    if gap(ship, foe) > close_at:
        choices = [toward, (toward + 1) % 8, (toward - 1) % 8]
    else:
        # Heading two points left of the bearing puts her on our starboard beam.
        starboard_on, port_on = (toward - 2) % 8, (toward + 2) % 8
        starboard, port = guns_on(ship, "starboard"), guns_on(ship, "port")
        if starboard == port:
            choices = sorted((starboard_on, port_on),
                             key=lambda h: abs(steps_between(ship.heading, h)))
        else:
            choices = [starboard_on, port_on] if starboard > port else [port_on, starboard_on]
    for heading in choices:
        if point_of_sail(heading, state.wind) != BEATING:
            return heading
    return choices[0]


def crew_strength(state: AhoyState, ship: Ship) -> int:
    return len(own_aboard(state, ship))


def under_command(state: AhoyState, ship: Ship) -> bool:
    return in_control(state, ship)


def hazard_ahead(state: AhoyState, ship: Ship, inches: float, *,
                 heading: int | None = None) -> bool:
    """Whether rocks, shoals, a shore or shallow water lie within ``inches`` on her course
    (a wreck is a gamble, not counted)."""
    if not state.terrain:
        return False
    if heading is not None:
        ship = replace(ship, heading=heading)
    found = first_hazard(state, ship, UNIT[ship.heading], float(inches))
    return found is not None and found.event in ("strike", "shallow")
def fire_ship_run_hits(state: AhoyState, fire_ship: Ship) -> Ship | None:
    """The enemy a fire ship cast adrift now would come within 1" of on her straight run at her
    speed and heading (the enemy where he lies now), or None. Her tower lies ahead of her, so
    this is an enemy he is passing close by: the moment to let her go."""
    from ahoy_tui.engine.geometry import advance, convex_hull
    from ahoy_tui.rules.ahoy.fire_ships import settings

    if fire_ship.speed <= 0:
        return None
    # Her run, and the turn after it out of control at much the same pace: an enemy anywhere on
    # it is worth the hulk.
    x, y = advance(fire_ship.x, fire_ship.y, fire_ship.heading, 2 * fire_ship.speed)
    path = convex_hull([*ship_hull(fire_ship), *ship_hull(fire_ship, x, y)])
    reach = settings()["range"]
    hits = [(distance(path, ship_hull(foe)), foe) for foe in enemies(state, fire_ship.side)
            if not foe.fire_ship]
    near = [hit for hit in hits if hit[0] <= reach]
    return min(near, key=lambda hit: hit[0])[1] if near else None
