"""Where a ship's hull lies on the table, and what is near it."""

from __future__ import annotations

import math

from ahoy_tui.engine.geometry import Polygon, bounds, distance, hull
from ahoy_tui.rules.ahoy.index import ship_outline
from ahoy_tui.rules.ahoy.model import AhoyState, Ship


def ship_hull(ship: Ship, x: float | None = None, y: float | None = None,
              heading: int | None = None) -> Polygon:
    """The hull footprint, at her position or at the one given."""
    if x is None and y is None and heading is None:
        return ship_outline(ship)
    return hull(ship.x if x is None else x, ship.y if y is None else y,
                ship.heading if heading is None else heading, ship.length, ship.beam)


def radius(ship: Ship) -> float:
    """Half the hull's diagonal: no part of her is further than this from her centre."""
    return math.hypot(ship.length, ship.beam) / 2


def may_meet(mover: Ship, direction: tuple[float, float], travel: float, other: Ship) -> bool:
    """A cheap test before the exact one: could ``mover``, going ``travel`` inches along
    ``direction``, come near ``other`` at all?"""
    dx, dy = direction
    ox, oy = other.x - mover.x, other.y - mover.y
    t = max(0.0, min(travel, ox * dx + oy * dy))
    return math.hypot(ox - dx * t, oy - dy * t) <= radius(mover) + radius(other) + 1e-6


def on_ray(origin: tuple[float, float], direction: tuple[float, float], other: Ship) -> bool:
    """A cheap test before the exact one: could a line of fire from ``origin`` touch her?"""
    dx, dy = direction
    ox, oy = other.x - origin[0], other.y - origin[1]
    along = ox * dx + oy * dy
    r = radius(other)
    return along >= -r and abs(ox * dy - oy * dx) <= r + 1e-6


def hull_of(state: AhoyState, ship_id: str) -> Polygon:
    """A ship's hull where she lies in ``state`` (worked out once per state)."""
    return ship_outline(state.ship(ship_id))


def gap(state: AhoyState, a: str, b: str) -> float:
    """Hull-to-hull distance between two ships of ``state``."""
    return distance(hull_of(state, a), hull_of(state, b))


def within(state: AhoyState, a: str, b: str, limit: float) -> bool:
    """Whether two ships' hulls are within ``limit`` inches (quick circle and box tests
    first)."""
    sa, sb = state.ship(a), state.ship(b)
    centres = math.hypot(sa.x - sb.x, sa.y - sb.y)
    if centres - radius(sa) - radius(sb) > limit:
        return False
    pa, pb = ship_outline(sa), ship_outline(sb)
    ax0, ay0, ax1, ay1 = bounds(pa)
    bx0, by0, bx1, by1 = bounds(pb)
    if bx0 - ax1 > limit or ax0 - bx1 > limit or by0 - ay1 > limit or ay0 - by1 > limit:
        return False
    return distance(pa, pb) <= limit + 1e-6


def _depth(a: Polygon, b: Polygon) -> float:
    """How far two convex hulls overlap: the least overlap of their projections on any edge's
    normal (negative when they are apart)."""
    depth = math.inf
    for poly in (a, b):
        n = len(poly)
        for i in range(n):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
            length = math.hypot(x2 - x1, y2 - y1)
            if length < 1e-9:
                continue
            ax, ay = -(y2 - y1) / length, (x2 - x1) / length
            pa = [x * ax + y * ay for x, y in a]
            pb = [x * ax + y * ay for x, y in b]
            depth = min(depth, min(max(pa) - min(pb), max(pb) - min(pa)))
    return depth


def parting(moving: Polygon, direction: tuple[float, float], other: Polygon) -> bool:
    """Whether a hull that already lies against another (hard alongside after a collision,
    touching to a hair) moves along or away from it, not into it: her first step does not
    press the two hulls together (Collision is a ship moving into another, not one sailing
    off or sliding past the ship she lies against)."""
    now = _depth(moving, other)
    if now > 1e-3:
        return False  # truly overlapping: not a touch
    dx, dy = direction
    step = 0.01
    after = _depth([(x + dx * step, y + dy * step) for x, y in moving], other)
    return after <= now + 1e-9
