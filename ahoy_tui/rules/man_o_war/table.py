"""The table for Man O' War: hulls, what a ship touches, the arcs her batteries fire in and the
range template laid from her to a target.

Readings (docs/rules/man-o-war.md):

- A ship is the rectangle of her template's length and beam (the project's own sizes); she
  touches another when their hulls come within :data:`CONTACT` of each other.
- The range template's centre mark goes on the centre of her bow (fore batteries), her stern
  (aft), the side facing the target (broadsides) or her centre (turrets). A target is in a
  battery's arc when the line from there to the nearest point of the target's hull lies within
  45° of straight ahead (fore), astern (aft) or abeam (broadsides, 45°-135° off the bow), any
  way for a turret. Its range is that line's length; its band the template's band there.
- "A shot hits the first obstacle that is under the range template": the template is a strip
  ``width`` inches wide along that line; the nearest ship, wreckage or island under it (short
  of the target) takes the shot instead. Rocks and sandbanks do not stop a shot; debris does
  not ("does not obstruct movement or line of sight").
"""

from __future__ import annotations

import math

from ahoy_tui.engine.geometry import (
    UNIT,
    Point,
    Polygon,
    angle_steps,
    distance,
    first_contact,
    hull,
    nearest_point,
    overlap,
    point_distance,
    point_on_hull,
)
from ahoy_tui.rules.man_o_war.bestiary import bestiary
from ahoy_tui.rules.man_o_war.model import Creature, Marker, MowState, Ship, Terrain
from ahoy_tui.rules.man_o_war.tables import tables

CONTACT = 0.1  # inches: hulls this close touch
SIDES = ("fore", "aft", "port", "starboard")


def outline(ship: Ship) -> Polygon:
    card = ship.card
    return hull(ship.x, ship.y, ship.heading, card.length, card.beam)


def creature_outline(creature: Creature) -> Polygon:
    """A sea monster's body on the table: the rectangle of its length and beam."""
    beast = bestiary().monster(creature.kind)
    return hull(creature.x, creature.y, creature.heading, beast.length, beast.beam)


def marker_outline(marker: Marker) -> Polygon:
    return hull(marker.x, marker.y, marker.heading, marker.length, marker.beam)


def terrain_outline(piece: Terrain) -> Polygon:
    x, y, w, h = piece.x, piece.y, piece.width / 2, piece.height / 2
    return ((x - w, y - h), (x + w, y - h), (x + w, y + h), (x - w, y + h))


def obstacles(state: MowState, *, but: str = "") -> list[tuple[str, str, Polygon]]:
    """What stops a moving ship: (kind, id, outline) of every other ship afloat, every sea
    monster on the surface, every Wreckage marker and every piece of terrain."""
    found: list[tuple[str, str, Polygon]] = [
        ("ship", s.id, outline(s)) for s in state.ships if s.afloat and s.id != but]
    found += [("creature", c.id, creature_outline(c)) for c in state.creatures
              if c.surfaced and c.id != but]
    found += [("wreckage", m.id, marker_outline(m)) for m in state.markers
              if m.kind == "wreckage"]
    found += [(t.kind, t.id, terrain_outline(t)) for t in state.terrain]
    return found


def touching(state: MowState, ship: Ship) -> list[str]:
    """The ships afloat hers is in contact with."""
    mine = outline(ship)
    return [s.id for s in state.ships if s.afloat and s.id != ship.id
            and distance(mine, outline(s)) <= CONTACT]


def touching_marker(state: MowState, ship: Ship) -> list[Marker]:
    mine = outline(ship)
    return [m for m in state.markers if distance(mine, marker_outline(m)) <= CONTACT]


def on_table(state: MowState, ship: Ship) -> bool:
    """Whether any of her hull is still over the table."""
    xs = [p[0] for p in outline(ship)]
    ys = [p[1] for p in outline(ship)]
    return (max(xs) > 0 and min(xs) < state.table.width and max(ys) > 0
            and min(ys) < state.table.height)


def to_edge(state: MowState, shape: Polygon, direction: Point) -> float:
    """How far ``shape`` may go along unit ``direction`` before it crosses the table's edge."""
    best = math.inf
    for px, py in shape:
        for value, speed, top in ((px, direction[0], state.table.width),
                                  (py, direction[1], state.table.height)):
            if speed > 1e-9:
                best = min(best, (top - value) / speed)
            elif speed < -1e-9:
                best = min(best, -value / speed)
    return max(0.0, best)


def clear_run(shape: Polygon, direction: Point, inches: float,
              obstacles: list[Polygon]) -> float:
    """How far ``shape`` may go along unit ``direction`` (up to ``inches``) and stop just short
    of the first of ``obstacles`` it would touch (any it overlaps already are passed over)."""
    limit = inches
    for poly in obstacles:
        if overlap(shape, poly):
            continue
        hit = first_contact(shape, direction, limit + CONTACT, poly)
        if hit is not None:
            limit = min(limit, max(0.0, hit - CONTACT / 2))
    return limit


def away_from(point: Point, other: Polygon, fallback: Point) -> Point:
    """The unit direction straight away from ``other``'s nearest point to ``point`` (from
    ``fallback``, its middle, when ``point`` lies on it)."""
    near = nearest_point(other, point)
    dx, dy = point[0] - near[0], point[1] - near[1]
    if math.hypot(dx, dy) < 1e-9:
        dx, dy = point[0] - fallback[0], point[1] - fallback[1]
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def wholly_on_table(state: MowState, ship: Ship) -> bool:
    return all(0 <= x <= state.table.width and 0 <= y <= state.table.height
               for x, y in outline(ship))


def firing_point(ship: Ship, side: str) -> Point:
    """Where the range template's centre mark goes for batteries firing ``side``."""
    card = ship.card
    if side == "fore":
        return point_on_hull(ship.x, ship.y, ship.heading, card.length / 2, 0.0)
    if side == "aft":
        return point_on_hull(ship.x, ship.y, ship.heading, -card.length / 2, 0.0)
    if side == "port":
        return point_on_hull(ship.x, ship.y, ship.heading, 0.0, -card.beam / 2)
    if side == "starboard":
        return point_on_hull(ship.x, ship.y, ship.heading, 0.0, card.beam / 2)
    return ship.x, ship.y


def _bearing_steps(ship: Ship, origin: Point, point: Point) -> float:
    """The angle off her bow of the line from ``origin`` to ``point``, in 45° steps (0-4)."""
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    fx, fy = UNIT[ship.heading % 8]
    angle = math.degrees(math.atan2(fx * dy - fy * dx, fx * dx + fy * dy))  # + to starboard
    return angle / 45.0


def in_arc(ship: Ship, side: str, point: Point, origin: Point) -> bool:
    """Whether ``point`` lies in the arc of her batteries firing ``side`` ("turret": any)."""
    if side == "turret":
        return True
    off = _bearing_steps(ship, origin, point)
    if side == "fore":
        return abs(off) <= 1.0 + 1e-9
    if side == "aft":
        return abs(off) >= 3.0 - 1e-9
    if side == "starboard":
        return 1.0 - 1e-9 <= off <= 3.0 + 1e-9
    return -3.0 - 1e-9 <= off <= -1.0 + 1e-9


def aim_line(ship: Ship, side: str, target: Polygon) -> tuple[Point, Point, float] | None:
    """(origin, the target's nearest point, range) if the target lies in the arc of ``side``."""
    origin = firing_point(ship, side)
    point = nearest_point(target, origin)
    if not in_arc(ship, side, point, origin):
        return None
    return origin, point, math.dist(origin, point)


def template_strip(origin: Point, point: Point, width: float) -> Polygon:
    """The range template laid from ``origin`` to ``point``: a strip ``width`` wide."""
    length = math.dist(origin, point)
    if length < 1e-9:
        return (origin, origin, origin, origin)
    ux, uy = (point[0] - origin[0]) / length, (point[1] - origin[1]) / length
    nx, ny = -uy * width / 2, ux * width / 2
    return ((origin[0] + nx, origin[1] + ny), (point[0] + nx, point[1] + ny),
            (point[0] - nx, point[1] - ny), (origin[0] - nx, origin[1] - ny))


def first_under_template(state: MowState, shooter: Ship, origin: Point, point: Point,
                         target_id: str) -> str:
    """The ship a shot toward ``target_id`` strikes: the target, or the first ship (or
    wreckage, or island) under the template short of it ("" for wreckage or an island)."""
    return struck_under_template(state, shooter, origin, point, target_id)[0]


def struck_under_template(state: MowState, shooter: Ship, origin: Point, point: Point,
                          target_id: str) -> tuple[str, str]:
    """What a shot toward ``target_id`` strikes, and what it is: (the target's id, ""), (a ship
    in the way's id, "ship"), ("", "the wreck of the Couronne") or ("", "an island")."""
    width = tables().template_width
    strip = template_strip(origin, point, width)
    reach = math.dist(origin, point)
    nearest, hit, what = reach, target_id, ""
    # ships nowhere near the template are passed over by their centres, before any outline
    low_x, high_x = min(origin[0], point[0]), max(origin[0], point[0])
    low_y, high_y = min(origin[1], point[1]), max(origin[1], point[1])
    blockers: list[tuple[str, str, Polygon]] = []
    for other in state.ships:
        if not other.afloat or other.id in (shooter.id, target_id):
            continue
        margin = other.card.length / 2 + width / 2 + 0.1
        if not (low_x - margin <= other.x <= high_x + margin
                and low_y - margin <= other.y <= high_y + margin):
            continue
        blockers.append((other.id, "ship", outline(other)))
    blockers += [("", wreck_words(state, m.id), marker_outline(m)) for m in state.markers
                 if m.kind == "wreckage"]
    blockers += [("", "an island", terrain_outline(t)) for t in state.terrain
                 if t.kind == "island"]
    for blocker_id, kind, poly in blockers:
        if not overlap(strip, poly):
            continue
        how_far = point_distance(origin, poly)
        if how_far < nearest - 1e-9:
            nearest, hit, what = how_far, blocker_id, kind
    return hit, what


def wreck_words(state: MowState, marker_id: str) -> str:
    """A Wreckage marker in words: the wreck of the ship it was ("wreckage" if none known)."""
    ship_id = marker_id.removeprefix("wreck-")
    if ship_id != marker_id and state.has_ship(ship_id):
        return f"the wreck of the {state.ship(ship_id).name}"
    return "wreckage"


def wind_steps(state: MowState, heading: int) -> int:
    """How far her heading is from the way the wind blows, in 45° steps: 0 dead astern (she
    runs before it), 4 dead ahead (she faces it)."""
    return angle_steps(heading, state.wind)


def into_the_wind(state: MowState, heading: int) -> bool:
    """Sailing into the wind: the line from the wind to her bow passes through the Turning
    Template laid against her bow, whose arc is one point (45°) wide, centred on her bow: on the
    eight-point compass, only a wind from dead ahead. A wind 45° off her bow passes beside the
    template: she sails (reading M8)."""
    return wind_steps(state, heading) == 4


def wind_astern(state: MowState, heading: int) -> bool:
    """The wind astern: the same test with the template facing her stern, a wind from dead
    astern (reading M8)."""
    return wind_steps(state, heading) == 0
