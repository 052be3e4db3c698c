"""Geometry of a hex battlemap, beside the inch geometry of ``geometry``.

Hexes are flat-topped, in axial coordinates ``(q, r)`` (the third cube coordinate is
``s = -q - r``). North is up, as on the tabletop: ``q`` grows eastward along a zigzag column
step, ``r`` grows southward. A hex has six neighbours, one across each of its six faces, and a
vessel faces one of them: the facings are numbered clockwise from north (``N, NE, SE, S, SW,
NW``), facing ``i`` pointing at the compass bearing ``60 * i``. Flat-topped hexes give a
north-facing hex, as the ACKS II sea combat example of a galley "facing northwest against
northerly winds" that halts if she "turns north" needs (docs/rules/acks.md reads it so).

A vessel one to five hexes long lies in a straight line behind her bow hex (:class:`Body`):
when she turns, her bow points where she moved, her middle takes the bow's old hex and the
rest fall in behind, so she is straight again after every step.

This module knows nothing of any ruleset.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from attrs import frozen

from ahoy_tui.engine.geometry import bearing_deg

FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
# the neighbour across each face, as a step in (q, r), by facing
STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
SQRT3 = math.sqrt(3.0)


@frozen(order=True)
class Hex:
    """One hex of the map, in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)


def facing_named(name: str) -> int:
    """A facing from its compass name (``"N"``, ``"se"``...)."""
    return FACINGS.index(name.upper())


def turned(facing: int, steps: int) -> int:
    """The facing ``steps`` faces clockwise (negative: anticlockwise)."""
    return (facing + steps) % 6


def step(facing: int) -> Hex:
    """One hex toward ``facing``."""
    dq, dr = STEPS[facing % 6]
    return Hex(dq, dr)


def neighbour(h: Hex, facing: int) -> Hex:
    """The hex across the face of ``h`` toward ``facing``."""
    return h + step(facing)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h``, by facing from north clockwise."""
    return tuple(neighbour(h, f) for f in range(6))


def distance(a: Hex, b: Hex) -> int:
    """Hexes from ``a`` to ``b`` (the number of steps, not counting ``a``)."""
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def centre(h: Hex) -> tuple[float, float]:
    """The hex's centre, in hex widths from the origin's centre (x east, y south); the distance
    between neighbouring centres is √3."""
    return (1.5 * h.q, SQRT3 * (h.r + h.q / 2))


def bearing(a: Hex, b: Hex) -> float:
    """The compass bearing from ``a``'s centre to ``b``'s, in degrees (0 north, clockwise)."""
    return bearing_deg(centre(a), centre(b))


def facing_toward(a: Hex, b: Hex) -> int:
    """The facing that points most nearly from ``a`` toward ``b`` (a bearing halfway between
    two facings takes the clockwise one)."""
    return math.floor(bearing(a, b) / 60.0 + 0.5 + 1e-9) % 6


def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes a straight line from ``a``'s centre to ``b``'s passes through, ``a`` and ``b``
    included. A line running exactly along the edge between two hexes takes the same side
    every time (the centres are nudged by a hair), so a line and its reverse may differ."""
    n = distance(a, b)
    if n == 0:
        return (a,)
    eq, er = 1e-6, 2e-6
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(_round(a.q + eq + (b.q - a.q) * t, a.r + er + (b.r - a.r) * t))
    return tuple(out)


def ring(h: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes exactly ``radius`` from ``h``."""
    if radius == 0:
        return (h,)
    out = []
    cur = h + step(4).scaled(radius)  # start to the south-west, walk the six sides
    for side in range(6):
        for _ in range(radius):
            out.append(cur)
            cur = neighbour(cur, side)
    return tuple(out)


def within(h: Hex, radius: int) -> Iterator[Hex]:
    """Every hex no more than ``radius`` from ``h``."""
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield Hex(h.q + dq, h.r + dr)


# --- arcs ----------------------------------------------------------------------------------

ARCS = ("bow", "stern", "starboard", "port")
BOW_HALF = 30.0     # the bow and stern arcs are 60° wide
EDGE = 1e-6


def relative(origin: Hex, facing: int, target: Hex) -> float:
    """The target's bearing off the bow, -180..180 (positive to starboard)."""
    off = (bearing(origin, target) - 60.0 * facing) % 360.0
    return off - 360.0 if off > 180.0 else off


def in_arc(origin: Hex, facing: int, target: Hex, arc: str) -> bool:
    """Whether ``target`` lies in the ``arc`` of a mount at ``origin`` on a vessel facing
    ``facing``: ``bow`` and ``stern`` 60° about the keel, ``port`` and ``starboard`` 120° abeam.
    A hex on the line between two arcs is in both; a mount's own hex is in none."""
    if target == origin:
        return False
    off = relative(origin, facing, target)
    if arc == "bow":
        return abs(off) <= BOW_HALF + EDGE
    if arc == "stern":
        return abs(off) >= 180.0 - BOW_HALF - EDGE
    if arc == "starboard":
        return BOW_HALF - EDGE <= off <= 180.0 - BOW_HALF + EDGE
    if arc == "port":
        return -(180.0 - BOW_HALF) - EDGE <= off <= -BOW_HALF + EDGE
    raise ValueError(f"no arc {arc!r} (known: {', '.join(ARCS)})")


# --- a vessel's body -----------------------------------------------------------------------

@frozen
class Body:
    """A vessel on the map: her bow hex, the way she faces, her length in hexes. Her hexes run
    straight back from the bow: bow first, stern last (a three-hex vessel's middle between)."""

    bow: Hex
    facing: int
    length: int = 1

    @property
    def hexes(self) -> tuple[Hex, ...]:
        back = step(turned(self.facing, 3))
        return tuple(self.bow + back.scaled(k) for k in range(self.length))

    @property
    def stern(self) -> Hex:
        return self.hexes[-1]

    @property
    def middle(self) -> tuple[Hex, ...]:
        """The hexes between bow and stern (none for a vessel of one or two hexes)."""
        return self.hexes[1:-1]

    def ahead(self) -> Body:
        """One hex straight ahead."""
        return Body(neighbour(self.bow, self.facing), self.facing, self.length)

    def turn(self, side: int) -> Body:
        """Into the hex beside the bow to starboard (``side`` 1) or port (-1): the bow points
        the way she moved, the middle takes the bow's old hex, the rest fall in behind."""
        if side not in (1, -1):
            raise ValueError("a turn is one face to starboard (1) or port (-1)")
        facing = turned(self.facing, side)
        return Body(neighbour(self.bow, facing), facing, self.length)

    def back(self) -> Body:
        """One hex straight astern (backwatering)."""
        return Body(neighbour(self.bow, turned(self.facing, 3)), self.facing, self.length)

    def back_turn(self, side: int) -> Body:
        """Backwatering into the hex beside the stern to starboard (``side`` 1, the stern
        swinging to starboard of her keel as she faces) or port (-1): the stern leads, the
        bow swings the other way and the rest fall in ahead of the stern."""
        if side not in (1, -1):
            raise ValueError("a turn is one face to starboard (1) or port (-1)")
        astern = turned(self.facing, 3 - side)   # the face beside the stern on that side
        stern = neighbour(self.stern, astern)
        facing = turned(astern, 3)
        return Body(stern + step(facing).scaled(self.length - 1), facing, self.length)


def may_turn(straight_since_turn: int, length: int) -> bool:
    """Whether a vessel of ``length`` hexes may turn now, having gone ``straight_since_turn``
    hexes straight ahead since her last turn: one turn per hex of length, so a two-hex vessel
    goes straight once between turns, a three-hex vessel twice."""
    return straight_since_turn >= length - 1
