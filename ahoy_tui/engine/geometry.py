"""Geometry of a tabletop in inches.

The table's origin is its north-west corner: ``x`` grows eastward, ``y`` grows southward (so a
screen can draw row by row). Headings are compass points in 45° steps, ``0`` = north, clockwise.

A ship is a centre point, a heading and a hull footprint (a rectangle ``length`` × ``beam``).
Hulls are convex, so everything here works on convex polygons: overlap by the separating axis
theorem, the first moment of contact along a straight move by the same axes, distances between
hulls, and where a line of fire enters a hull.

This module knows nothing of any ruleset. A hex battlemap's geometry is beside it, in ``hexgrid``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from attrs import frozen

EPSILON = 1e-6
_R = math.sqrt(0.5)

HEADINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
HEADING_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
                 "north-west")
# Unit vectors for the eight compass points (y grows southward).
UNIT: tuple[tuple[float, float], ...] = (
    (0.0, -1.0), (_R, -_R), (1.0, 0.0), (_R, _R), (0.0, 1.0), (-_R, _R), (-1.0, 0.0), (-_R, -_R),
)

Point = tuple[float, float]
Polygon = tuple[Point, ...]


def heading_name(heading: int) -> str:
    return HEADING_NAMES[heading % 8]


def compass_toward(origin: Point, point: Point, default: int = 0) -> int:
    """The compass point (0-7, 0 north, clockwise) nearest the bearing from ``origin`` to
    ``point``; ``default`` when they are the same point."""
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return default
    return round(math.degrees(math.atan2(dx, -dy)) % 360 / 45) % 8


def turned(heading: int, steps: int) -> int:
    """The heading after ``steps`` 45° turns (positive = clockwise = to starboard)."""
    return (heading + steps) % 8


def angle_steps(a: int, b: int) -> int:
    """The smaller angle between two headings, in 45° steps (0..4)."""
    d = (a - b) % 8
    return min(d, 8 - d)


def clean(value: float) -> float:
    """Round a coordinate so states stay stable and readable (a ten-thousandth of an inch)."""
    r = round(value, 4)
    return 0.0 if r == 0 else r


def advance(x: float, y: float, heading: int, distance: float) -> Point:
    ux, uy = UNIT[heading % 8]
    return clean(x + ux * distance), clean(y + uy * distance)


def hull(x: float, y: float, heading: int, length: float, beam: float) -> Polygon:
    """The hull's corners: bow-port, bow-starboard, stern-starboard, stern-port."""
    fx, fy = UNIT[heading % 8]
    sx, sy = UNIT[(heading + 2) % 8]  # toward starboard
    hl, hb = length / 2, beam / 2
    return (
        (x + fx * hl - sx * hb, y + fy * hl - sy * hb),
        (x + fx * hl + sx * hb, y + fy * hl + sy * hb),
        (x - fx * hl + sx * hb, y - fy * hl + sy * hb),
        (x - fx * hl - sx * hb, y - fy * hl - sy * hb),
    )


def point_on_hull(x: float, y: float, heading: int, along: float, across: float) -> Point:
    """A point on a ship: ``along`` toward the bow, ``across`` toward starboard, from the centre."""
    fx, fy = UNIT[heading % 8]
    sx, sy = UNIT[(heading + 2) % 8]
    return x + fx * along + sx * across, y + fy * along + sy * across


def _axes(poly: Polygon) -> list[Point]:
    axes = []
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        length = math.hypot(ex, ey)
        if length > EPSILON:
            axes.append((-ey / length, ex / length))
    return axes


def _project(poly: Polygon, axis: Point) -> tuple[float, float]:
    ax, ay = axis
    values = [px * ax + py * ay for px, py in poly]
    return min(values), max(values)


def bounds(poly: Polygon) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def overlap(a: Polygon, b: Polygon) -> bool:
    """Whether two convex polygons overlap with some area (touching is not overlapping)."""
    ax0, ay0, ax1, ay1 = bounds(a)
    bx0, by0, bx1, by1 = bounds(b)
    if ax1 <= bx0 + EPSILON or bx1 <= ax0 + EPSILON or ay1 <= by0 + EPSILON \
            or by1 <= ay0 + EPSILON:
        return False
    for axis in _axes(a) + _axes(b):
        a0, a1 = _project(a, axis)
        b0, b1 = _project(b, axis)
        if a1 <= b0 + EPSILON or b1 <= a0 + EPSILON:
            return False
    return True


def first_contact(moving: Polygon, direction: Point, distance: float,
                  obstacle: Polygon) -> float | None:
    """How far ``moving`` can travel along unit ``direction`` before it overlaps ``obstacle``.

    Returns the distance of first contact in ``[0, distance)``, or ``None`` if the whole move is
    clear. Exact for convex polygons: on each separating axis the projections overlap during an
    interval of the move; contact begins where all those intervals first meet.
    """
    dx, dy = direction
    enter, leave = 0.0, distance
    for axis in _axes(moving) + _axes(obstacle):
        a0, a1 = _project(moving, axis)
        b0, b1 = _project(obstacle, axis)
        speed = dx * axis[0] + dy * axis[1]
        if abs(speed) < 1e-12:
            if a1 <= b0 + EPSILON or b1 <= a0 + EPSILON:
                return None
            continue
        # Overlap while a0 + speed*t < b1 - eps and a1 + speed*t > b0 + eps.
        t_low = (b0 + EPSILON - a1) / speed
        t_high = (b1 - EPSILON - a0) / speed
        if t_low > t_high:
            t_low, t_high = t_high, t_low
        enter = max(enter, t_low)
        leave = min(leave, t_high)
        if enter >= leave:
            return None
    if enter >= distance:
        return None
    return max(0.0, enter)


def _segment_point_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    ex, ey = bx - ax, by - ay
    length2 = ex * ex + ey * ey
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * ex + (py - ay) * ey) / length2))
    return math.hypot(px - (ax + t * ex), py - (ay + t * ey))


def distance(a: Polygon, b: Polygon) -> float:
    """The shortest distance between two convex polygons (0 when they touch or overlap).

    Remembered by the polygons' corners: a search weighs thousands of positions in which most
    hulls lie where they lay in the last one."""
    key = (a, b)
    found = _DISTANCES.get(key)
    if found is None:
        found = _DISTANCES[key] = _distance(a, b)
        if len(_DISTANCES) > 8192:
            _DISTANCES.clear()  # whole, not trimmed: safe while a captain thinks in a thread
    return found


_DISTANCES: dict[tuple[Polygon, Polygon], float] = {}


def _distance(a: Polygon, b: Polygon) -> float:
    if overlap(a, b):
        return 0.0
    best = math.inf
    for poly, other in ((a, b), (b, a)):
        n = len(other)
        for p in poly:
            for i in range(n):
                d = _segment_point_distance(p, other[i], other[(i + 1) % n])
                if d < best:
                    best = d
    return best


def point_distance(p: Point, poly: Polygon) -> float:
    """Distance from a point to a convex polygon (0 inside)."""
    if contains(poly, p):
        return 0.0
    n = len(poly)
    return min(_segment_point_distance(p, poly[i], poly[(i + 1) % n]) for i in range(n))


def contains(poly: Polygon, p: Point) -> bool:
    """Whether a point lies on or inside a convex polygon."""
    px, py = p
    sign = 0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        cross = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)
        if abs(cross) <= EPSILON:
            continue
        s = 1 if cross > 0 else -1
        if sign == 0:
            sign = s
        elif s != sign:
            return False
    return True


def ray_entry(origin: Point, direction: Point, poly: Polygon) -> tuple[float, int] | None:
    """Where a ray first enters a convex polygon: (distance along the ray, index of the edge).

    Edge ``i`` runs from corner ``i`` to corner ``i+1``. A ray starting inside returns distance 0
    and edge -1. ``None`` if the ray misses.
    """
    ox, oy = origin
    dx, dy = direction
    t_enter, t_exit = 0.0, math.inf
    edge = -1
    n = len(poly)
    # Outward normals: the polygon may wind either way, so orient them from its centroid.
    cx = sum(p[0] for p in poly) / n
    cy = sum(p[1] for p in poly) / n
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        nx, ny = y2 - y1, -(x2 - x1)
        if (x1 - cx) * nx + (y1 - cy) * ny < 0:
            nx, ny = -nx, -ny
        denom = nx * dx + ny * dy
        num = nx * (x1 - ox) + ny * (y1 - oy)
        if abs(denom) < 1e-12:
            if num < 0:
                return None
            continue
        t = num / denom
        if denom < 0:  # entering across this edge
            if t > t_enter:
                t_enter, edge = t, i
        elif t < t_exit:
            t_exit = t
        if t_enter > t_exit:
            return None
    if t_exit < 0:
        return None
    return t_enter, edge


def ray_span(origin: Point, direction: Point, poly: Polygon) -> tuple[float, float] | None:
    """The stretch of a ray inside a convex polygon: (distance in, distance out), or None."""
    ox, oy = origin
    dx, dy = direction
    t_enter, t_exit = 0.0, math.inf
    n = len(poly)
    cx = sum(p[0] for p in poly) / n
    cy = sum(p[1] for p in poly) / n
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        nx, ny = y2 - y1, -(x2 - x1)
        if (x1 - cx) * nx + (y1 - cy) * ny < 0:
            nx, ny = -nx, -ny
        denom = nx * dx + ny * dy
        num = nx * (x1 - ox) + ny * (y1 - oy)
        if abs(denom) < 1e-12:
            if num < 0:
                return None
            continue
        t = num / denom
        if denom < 0:
            t_enter = max(t_enter, t)
        else:
            t_exit = min(t_exit, t)
        if t_enter > t_exit:
            return None
    if t_exit < 0 or t_exit == math.inf:
        return None
    return t_enter, t_exit


@frozen
class Table:
    """The tabletop: ``width`` (west to east) by ``height`` (north to south), in inches."""

    width: float = 72.0
    height: float = 48.0

    def on_table(self, p: Point) -> bool:
        return 0.0 <= p[0] <= self.width and 0.0 <= p[1] <= self.height

    def exit_distance(self, p: Point, direction: Point) -> float:
        """How far a point can go along ``direction`` before it leaves the table."""
        x, y = p
        dx, dy = direction
        best = math.inf
        if dx > 1e-12:
            best = min(best, (self.width - x) / dx)
        elif dx < -1e-12:
            best = min(best, -x / dx)
        if dy > 1e-12:
            best = min(best, (self.height - y) / dy)
        elif dy < -1e-12:
            best = min(best, -y / dy)
        return max(0.0, best)

    def edge_of(self, p: Point) -> str:
        """The compass name of the table edge nearest a point."""
        x, y = p
        gaps = {"N": y, "S": self.height - y, "W": x, "E": self.width - x}
        return min(gaps, key=lambda k: gaps[k])

    def along_edge(self, p: Point, offset: float) -> Point:
        """The point ``offset`` inches along the edge nearest ``p``, kept on the table."""
        edge = self.edge_of(p)
        x, y = p
        if edge in ("N", "S"):
            x = min(max(x + offset, 0.0), self.width)
            y = 0.0 if edge == "N" else self.height
        else:
            y = min(max(y + offset, 0.0), self.height)
            x = 0.0 if edge == "W" else self.width
        return clean(x), clean(y)


def nearest_point(poly: Sequence[Point], p: Point) -> Point:
    """The point of a convex polygon's outline nearest ``p``."""
    best = math.inf
    found = poly[0]
    n = len(poly)
    px, py = p
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        length2 = ex * ex + ey * ey
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * ex + (py - ay) * ey) / length2))
        qx, qy = ax + t * ex, ay + t * ey
        d = math.hypot(px - qx, py - qy)
        if d < best:
            best, found = d, (qx, qy)
    return found


def convex_hull(points: Sequence[Point]) -> Polygon:
    """The convex hull of some points, corners in order (Andrew's monotone chain): the area a
    hull sweeps moving straight, or an outline grown all round."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return tuple(pts)

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return tuple(lower[:-1] + upper[:-1])


# --- headings in degrees (rules that turn by any angle: Ramming Speed!'s turning circles) --------

def unit_deg(degrees: float) -> Point:
    """The unit vector of a heading in degrees (0 = north, clockwise; y grows southward)."""
    rad = math.radians(degrees)
    return math.sin(rad), -math.cos(rad)


def hull_deg(x: float, y: float, degrees: float, length: float, beam: float) -> Polygon:
    """A hull at any heading in degrees: bow-port, bow-starboard, stern-starboard, stern-port."""
    fx, fy = unit_deg(degrees)
    sx, sy = -fy, fx  # toward starboard
    hl, hb = length / 2, beam / 2
    return (
        (x + fx * hl - sx * hb, y + fy * hl - sy * hb),
        (x + fx * hl + sx * hb, y + fy * hl + sy * hb),
        (x - fx * hl + sx * hb, y - fy * hl + sy * hb),
        (x - fx * hl - sx * hb, y - fy * hl - sy * hb),
    )


def on_hull_deg(x: float, y: float, degrees: float, along: float, across: float) -> Point:
    """A point on a hull at a heading in degrees: ``along`` toward the bow, ``across`` toward
    starboard, from the centre."""
    fx, fy = unit_deg(degrees)
    return x + fx * along - fy * across, y + fy * along + fx * across


def bearing_deg(origin: Point, point: Point) -> float:
    """The bearing from ``origin`` to ``point`` in degrees (0 = north, clockwise)."""
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    return math.degrees(math.atan2(dx, -dy)) % 360


def angle_between(a: float, b: float) -> float:
    """The smaller angle between two headings in degrees (0..180)."""
    d = (a - b) % 360
    return min(d, 360 - d)
