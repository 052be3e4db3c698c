"""What a Man O' War captain reads off the table: who is still in the fight, where the nearest
enemy lies, the gap between hulls, which heading points at her or lays a broadside on her, the
wind, the table's edges and a squadron's flagship.

Nothing here decides; the captains and their judge ask these questions.
"""

from __future__ import annotations

import math

from ahoy_tui.engine.geometry import UNIT, angle_steps, distance
from ahoy_tui.rules.man_o_war.flow import in_the_fight
from ahoy_tui.rules.man_o_war.model import MowState, Ship
from ahoy_tui.rules.man_o_war.table import CONTACT, into_the_wind, outline
from ahoy_tui.rules.man_o_war.tables import tables

STRAGGLER = float(tables().setup["straggler"])  # a SOL farther than this from her flagship


def fighting(ship: Ship) -> bool:
    """Still in the fight: afloat, crewed, neither a prize nor to be scuttled."""
    return in_the_fight(ship)


def held_by_enemy(ship: Ship, side: str) -> bool:
    """Whether the enemy of ``side`` holds her: one of theirs not taken by ``side``, or a prize
    of theirs."""
    holder = ship.captured_by or ship.side
    return holder != side and ship.afloat


def enemies(state: MowState, side: str) -> list[Ship]:
    """The enemy ships still in the fight (a prize, an abandoned hulk or one to be scuttled is
    no longer worth a shot)."""
    return [s for s in state.ships if s.side != side and fighting(s)]


def friends(state: MowState, side: str) -> list[Ship]:
    return [s for s in state.ships if s.side == side and fighting(s)]


def gap(a: Ship, b: Ship) -> float:
    """Inches between two hulls (0 when they touch)."""
    return distance(outline(a), outline(b))


def centre_gap(a: Ship, b: Ship) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def alongside(state: MowState, ship: Ship) -> list[Ship]:
    """The ships afloat she touches (hulls within 0.1"), the far ones ruled out by their
    centres first."""
    mine = outline(ship)
    found = []
    for other in state.ships:
        if other.id == ship.id or not other.afloat:
            continue
        span = (ship.card.length + other.card.length) / 2 + 0.2
        if abs(other.x - ship.x) > span or abs(other.y - ship.y) > span:
            continue
        if distance(mine, outline(other)) <= CONTACT:
            found.append(other)
    return found


def within(a: Ship, b: Ship, inches: float) -> bool:
    """A quick test that the hulls may lie within ``inches`` of each other (by their centres)."""
    span = (a.card.length + b.card.length) / 2 + inches
    return abs(a.x - b.x) <= span and abs(a.y - b.y) <= span


def nearest_enemy(state: MowState, ship: Ship) -> Ship | None:
    """The enemy in the fight nearest her, hull to hull."""
    foes = enemies(state, ship.side)
    if not foes:
        return None
    return min(foes, key=lambda e: (centre_gap(ship, e), e.id))


def nearest_gap(state: MowState, ship: Ship) -> float:
    """Inches from her hull to the nearest enemy's (a long way when none is left)."""
    foes = enemies(state, ship.side)
    if not foes:
        return 100.0
    near = sorted(foes, key=lambda e: centre_gap(ship, e))[:2]
    return min(gap(ship, e) for e in near)


def heading_to(ship: Ship, x: float, y: float) -> int:
    """The compass point (0-7) nearest the bearing from her centre to (x, y)."""
    dx, dy = x - ship.x, y - ship.y
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return ship.heading
    # 0 = north (y falls), clockwise
    angle = math.degrees(math.atan2(dx, -dy)) % 360
    return round(angle / 45) % 8


def steps_to(current: int, wanted: int) -> int:
    """Points to turn from ``current`` to ``wanted``: + to starboard, - to port (shortest)."""
    d = (wanted - current) % 8
    return d if d <= 4 else d - 8


def broadside_headings(ship: Ship, target: Ship) -> tuple[int, int]:
    """The two headings that lay her beam on the target (the bearing ± 90°)."""
    toward = heading_to(ship, target.x, target.y)
    return (toward + 2) % 8, (toward - 2) % 8


def sails_only(ship: Ship) -> bool:
    """Whether the wind rules her: she moves under sail and has no oars, steam or sorcery left."""
    move = ship.card.move
    others = (move.oars and not ship.no_oars) or move.steam or move.magic
    return bool(move.sail and not ship.no_sail and not others)


def wind_bound(state: MowState, ship: Ship, heading: int) -> bool:
    """Whether ``heading`` points her into the wind while she has only her sails to move by."""
    return sails_only(ship) and into_the_wind(state, heading)


def room_ahead(state: MowState, ship: Ship, heading: int | None = None) -> float:
    """Inches from her centre to the table's edge, straight ahead (or along ``heading``)."""
    ux, uy = UNIT[(ship.heading if heading is None else heading) % 8]
    best = math.inf
    if ux > 1e-9:
        best = min(best, (state.table.width - ship.x) / ux)
    elif ux < -1e-9:
        best = min(best, ship.x / -ux)
    if uy > 1e-9:
        best = min(best, (state.table.height - ship.y) / uy)
    elif uy < -1e-9:
        best = min(best, ship.y / -uy)
    return best


def edge_gap(state: MowState, ship: Ship) -> float:
    """Inches from her centre to the nearest edge of the table."""
    return min(ship.x, ship.y, state.table.width - ship.x, state.table.height - ship.y)


def flagship_of(state: MowState, ship: Ship) -> Ship | None:
    """Her squadron's flagship, if she sails in one and is not the flagship herself."""
    if not ship.squadron or ship.flagship:
        return None
    return next((s for s in state.ships if s.squadron == ship.squadron and s.flagship
                 and fighting(s)), None)


def squadron_mates(state: MowState, ship: Ship) -> list[Ship]:
    if not ship.squadron:
        return []
    return [s for s in state.ships if s.squadron == ship.squadron and s.id != ship.id
            and fighting(s)]


def facing_off(heading: int, wanted: int) -> int:
    """Points between two headings (0-4)."""
    return angle_steps(heading, wanted)
