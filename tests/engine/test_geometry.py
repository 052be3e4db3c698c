"""Geometry of the tabletop: hulls, overlap, contact along a move, distances, rays, the table.

Every expected value here is worked out by hand from the figures in the comments.
"""

from __future__ import annotations

import math

import pytest

from ahoy_tui.engine.geometry import (
    UNIT,
    Table,
    advance,
    angle_steps,
    contains,
    distance,
    first_contact,
    hull,
    overlap,
    point_distance,
    ray_entry,
    turned,
)

R = math.sqrt(0.5)
N, NE, E, SE, S, SW, W, NW = range(8)


def approx_poly(poly):
    return [pytest.approx(p, abs=1e-9) for p in poly]


def square(cx: float, cy: float, half: float = 1.0):
    """An axis-aligned square as a hull heading north."""
    return hull(cx, cy, N, 2 * half, 2 * half)


# --- hulls ------------------------------------------------------------------------------------


def test_hull_heading_north():
    # Centre (10, 20), 6" long, 2" wide, bow toward -y, starboard toward +x.
    assert list(hull(10, 20, N, 6, 2)) == approx_poly(
        [(9, 17), (11, 17), (11, 23), (9, 23)]  # bow-port, bow-stbd, stern-stbd, stern-port
    )


def test_hull_heading_east():
    # Bow toward +x, starboard toward +y (south).
    assert list(hull(10, 20, E, 6, 2)) == approx_poly(
        [(13, 19), (13, 21), (7, 21), (7, 19)]
    )


def test_hull_heading_south_west():
    # Bow toward (-r, +r), starboard toward west-north (UNIT[NW] = (-r, -r)).
    # A 2√2 × 2√2 hull: half extents √2, so each offset is a whole inch.
    side = 2 * math.sqrt(2)
    assert list(hull(0, 0, SW, side, side)) == approx_poly(
        [(-1 + 1, 1 + 1), (-1 - 1, 1 - 1), (1 - 1, -1 - 1), (1 + 1, -1 + 1)]
    )


def test_unit_vectors_are_unit_and_clockwise():
    for h, (ux, uy) in enumerate(UNIT):
        assert math.hypot(ux, uy) == pytest.approx(1)
        nx, ny = UNIT[(h + 2) % 8]
        # turning 90° clockwise on a y-down table: (x, y) -> (-y, x)
        assert (nx, ny) == pytest.approx((-uy, ux))


def test_advance():
    assert advance(10, 10, N, 3) == (10, 7)
    assert advance(10, 10, E, 3) == (13, 10)
    assert advance(0, 0, SE, math.sqrt(2)) == (1.0, 1.0)
    assert advance(5, 5, W + 8, 5) == (0.0, 5.0)  # headings wrap


# --- overlap ----------------------------------------------------------------------------------


def test_overlap_and_touching():
    a = square(0, 0)                    # [-1, 1]²
    assert overlap(a, square(1.5, 0))   # half the width inside
    assert overlap(a, square(0, 0))
    assert not overlap(a, square(2, 0))  # sharing an edge: touching
    assert not overlap(a, square(2, 2))  # sharing a corner
    assert not overlap(a, square(3, 0))
    assert overlap(a, square(1.999, 0.5))


def test_overlap_is_symmetric_and_contained_hull_overlaps():
    big = hull(0, 0, E, 10, 4)
    small = hull(1, 0, N, 1, 1)
    assert overlap(big, small) and overlap(small, big)


def test_separated_diagonal_hull_with_overlapping_bounds():
    # A diamond with tips at (±2, 0), (0, ±2): its NE edge is the line x + y = 2.
    diamond = hull(0, 0, NE, 2 * math.sqrt(2), 2 * math.sqrt(2))
    box = square(2.5, 2.5, half=1.0)  # nearest corner (1.5, 1.5): x + y = 3
    assert not overlap(diamond, box)
    assert distance(diamond, box) == pytest.approx(1 / math.sqrt(2))
    # moved so that corner is at (0.5, 0.5): well inside the diamond.
    assert overlap(diamond, square(1.5, 1.5))


def test_diamond_edge_touching_is_not_overlap():
    diamond = hull(0, 0, NE, 2 * math.sqrt(2), 2 * math.sqrt(2))
    box = square(2, 2)  # corner (1, 1) lies exactly on x + y = 2
    assert not overlap(diamond, box)
    assert distance(diamond, box) == pytest.approx(0, abs=1e-9)


# --- first contact along a move -------------------------------------------------------------


def test_first_contact_head_on():
    # A ship heading north, bow at y = 17, sails at another whose stern is at y = 8.
    mover = hull(10, 20, N, 6, 2)
    other = hull(10, 5, S, 6, 2)
    assert first_contact(mover, UNIT[N], 20, other) == pytest.approx(9, abs=1e-5)
    assert first_contact(mover, UNIT[N], 8.5, other) is None
    # exactly reaching it is touching, not contact
    assert first_contact(mover, UNIT[N], 9, other) is None
    # sailing away never meets it
    assert first_contact(mover, UNIT[S], 50, other) is None


def test_first_contact_sideways_miss():
    mover = hull(10, 20, N, 6, 2)          # x from 9 to 11
    other = hull(12.5, 5, N, 6, 2)         # x from 11.5 to 13.5
    assert first_contact(mover, UNIT[N], 30, other) is None
    grazing = hull(13, 5, N, 6, 2)         # x from 12 to 14: exactly alongside
    assert first_contact(mover, UNIT[N], 30, grazing) is None


def test_first_contact_diagonal_squares():
    mover = square(0, 0)                   # [-1, 1]²
    # Obstacle [9, 11]²: overlap in x and y both need t·r > 8.
    assert first_contact(mover, UNIT[SE], 20, square(10, 10)) == pytest.approx(
        8 * math.sqrt(2), abs=1e-5)
    # Obstacle [9, 11] × [11, 13]: y needs t·r > 10 while x holds for t·r < 12.
    assert first_contact(mover, UNIT[SE], 20, square(10, 12)) == pytest.approx(
        10 * math.sqrt(2), abs=1e-5)
    # Obstacle [9, 11] × [29, 31]: x and y intervals never meet.
    assert first_contact(mover, UNIT[SE], 100, square(10, 30)) is None


def test_first_contact_flat_bow_meets_a_diamond_tip():
    mover = hull(0, 0, E, 4, 2)            # bow edge at x = 2, y from -1 to 1
    diamond = hull(10, 0, NE, 2 * math.sqrt(2), 2 * math.sqrt(2))  # west tip at (8, 0)
    assert first_contact(mover, UNIT[E], 10, diamond) == pytest.approx(6, abs=1e-5)


def test_first_contact_already_overlapping_is_zero():
    assert first_contact(square(0, 0), UNIT[E], 5, square(1, 0)) == 0.0


def test_first_contact_lies_where_the_moved_hull_starts_to_overlap():
    mover = hull(0, 0, SE, 5, 2)
    other = hull(9, 7, W, 4, 3)
    t = first_contact(mover, UNIT[SE], 30, other)
    assert t is not None and 0 < t < 30

    def moved(d):
        return tuple((x + UNIT[SE][0] * d, y + UNIT[SE][1] * d) for x, y in mover)

    assert not overlap(moved(t - 1e-3), other)
    assert overlap(moved(t + 1e-3), other)


# --- distances and points ---------------------------------------------------------------------


def test_distance_between_hulls():
    a = square(0, 0)
    assert distance(a, square(5, 0)) == pytest.approx(3)       # edges at x = 1 and x = 4
    assert distance(a, square(5, 6)) == pytest.approx(5)       # corners (1, 1) and (4, 5)
    assert distance(square(5, 6), a) == pytest.approx(5)
    assert distance(a, square(0.5, 0.5)) == 0.0
    assert distance(a, square(2, 0)) == pytest.approx(0, abs=1e-9)


def test_distance_between_rotated_hulls():
    # The diamond's east tip (2, 0) faces a square whose west edge is at x = 5.
    diamond = hull(0, 0, NE, 2 * math.sqrt(2), 2 * math.sqrt(2))
    assert distance(diamond, square(6, 0)) == pytest.approx(3)


def test_contains():
    a = hull(10, 20, N, 6, 2)  # x 9..11, y 17..23
    assert contains(a, (10, 20))
    assert contains(a, (9, 20))       # on the port side
    assert contains(a, (11, 23))      # on a corner
    assert not contains(a, (8.9, 20))
    assert not contains(a, (10, 16.9))
    assert not contains(a, (12, 24))


def test_point_distance():
    a = square(0, 0)
    assert point_distance((5, 0), a) == pytest.approx(4)
    assert point_distance((4, 5), a) == pytest.approx(5)   # to the corner (1, 1)
    assert point_distance((0, -3), a) == pytest.approx(2)
    assert point_distance((0.5, 0.5), a) == 0.0
    assert point_distance((1, 0), a) == 0.0


# --- rays -------------------------------------------------------------------------------------


SHIP = hull(10, 10, N, 6, 2)  # x 9..11, y 7..13; bow at y = 7


@pytest.mark.parametrize(
    ("origin", "direction", "dist", "edge"),
    [
        ((10, 0), UNIT[S], 7, 0),     # from ahead: the bow edge
        ((20, 10), UNIT[W], 9, 1),    # from starboard (east)
        ((10, 20), UNIT[N], 7, 2),    # from astern: the stern edge
        ((0, 10), UNIT[E], 9, 3),     # from port (west)
        ((0, 11), UNIT[E], 9, 3),
    ],
)
def test_ray_entry_edges_of_a_hull(origin, direction, dist, edge):
    hit = ray_entry(origin, direction, SHIP)
    assert hit is not None
    assert hit[0] == pytest.approx(dist)
    assert hit[1] == edge


def test_ray_entry_edges_follow_the_heading():
    ship = hull(10, 10, E, 6, 2)  # bow at x = 13, starboard at y = 11
    assert ray_entry((30, 10), UNIT[W], ship) == (pytest.approx(17), 0)
    assert ray_entry((10, 30), UNIT[N], ship) == (pytest.approx(19), 1)
    assert ray_entry((0, 10), UNIT[E], ship) == (pytest.approx(7), 2)
    assert ray_entry((10, 0), UNIT[S], ship) == (pytest.approx(9), 3)


def test_ray_entry_diagonal():
    # From (0, 0) toward SE: meets the square [9, 11]² at its corner (9, 9), 9√2 away.
    hit = ray_entry((0, 0), UNIT[SE], square(10, 10))
    assert hit is not None
    assert hit[0] == pytest.approx(9 * math.sqrt(2))
    # From (0, 1) toward SE the ray meets x = 9 at y = 10: the west edge (port, 3).
    hit = ray_entry((0, 1), UNIT[SE], square(10, 10))
    assert hit is not None
    assert hit[0] == pytest.approx(9 * math.sqrt(2))
    assert hit[1] == 3


def test_ray_entry_misses_and_inside():
    assert ray_entry((0, 0), UNIT[E], SHIP) is None          # passes north of it
    assert ray_entry((10, 0), UNIT[N], SHIP) is None         # pointing away
    assert ray_entry((12, 0), UNIT[S], SHIP) is None         # parallel, alongside
    assert ray_entry((10, 10), UNIT[E], SHIP) == (0.0, -1)   # starts inside


def test_ray_entry_works_for_either_winding():
    reversed_ship = tuple(reversed(SHIP))  # corners the other way round
    hit = ray_entry((10, 0), UNIT[S], reversed_ship)
    assert hit is not None
    assert hit[0] == pytest.approx(7)
    # reversed: edge i runs from old corner 3-i to 2-i; the bow (old 0-1) is now edge 2.
    assert hit[1] == 2


# --- the table --------------------------------------------------------------------------------


TABLE = Table(72, 48)


@pytest.mark.parametrize(
    ("point", "direction", "expected"),
    [
        ((10, 10), UNIT[E], 62),
        ((10, 10), UNIT[W], 10),
        ((10, 10), UNIT[N], 10),
        ((10, 10), UNIT[S], 38),
        ((10, 10), UNIT[NE], 10 * math.sqrt(2)),   # the north edge comes first
        ((70, 40), UNIT[SE], 2 * math.sqrt(2)),    # the east edge comes first
        ((0, 0), UNIT[NW], 0),
        ((80, 10), UNIT[E], 0),                    # already off: never negative
    ],
)
def test_exit_distance(point, direction, expected):
    assert TABLE.exit_distance(point, direction) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("point", "edge"),
    [((1, 20), "W"), ((70, 20), "E"), ((30, 1), "N"), ((30, 47), "S"), ((36, 3), "N"),
     ((69, 44), "E"), ((3, 44.5), "W")],
)
def test_edge_of(point, edge):
    assert TABLE.edge_of(point) == edge


@pytest.mark.parametrize(
    ("point", "offset", "expected"),
    [
        ((1, 20), 5, (0.0, 25.0)),       # west edge: along means north-south
        ((1, 40), 20, (0.0, 48.0)),      # clamped at the south-west corner
        ((30, 1), -40, (0.0, 0.0)),      # north edge, clamped at the west end
        ((30, 47), 50, (72.0, 48.0)),    # south edge, clamped at the east end
        ((70, 20), -30, (72.0, 0.0)),    # east edge, clamped at the north end
        ((30, 2), 3.5, (33.5, 0.0)),
    ],
)
def test_along_edge(point, offset, expected):
    assert TABLE.along_edge(point, offset) == expected


def test_on_table():
    assert TABLE.on_table((0, 0)) and TABLE.on_table((72, 48))
    assert not TABLE.on_table((72.01, 10)) and not TABLE.on_table((10, -0.01))


# --- headings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "steps"),
    [(0, 0, 0), (0, 4, 4), (0, 7, 1), (7, 0, 1), (1, 6, 3), (2, 6, 4), (3, 0, 3), (6, 1, 3)],
)
def test_angle_steps(a, b, steps):
    assert angle_steps(a, b) == steps
    assert angle_steps(b, a) == steps


@pytest.mark.parametrize(
    ("heading", "steps", "result"),
    [(0, 1, 1), (7, 1, 0), (0, -1, 7), (3, 10, 5), (2, -10, 0), (5, 0, 5), (4, 8, 4)],
)
def test_turned(heading, steps, result):
    assert turned(heading, steps) == result
    assert angle_steps(heading, result) == min(steps % 8, 8 - steps % 8)


def test_compass_toward_is_the_nearest_of_the_eight_points() -> None:
    from ahoy_tui.engine.geometry import compass_toward

    assert compass_toward((0, 0), (0, -5)) == 0  # north: y falls
    assert compass_toward((0, 0), (5, 0)) == 2
    assert compass_toward((0, 0), (3, 3.2)) == 3  # south-east
    assert compass_toward((0, 0), (-5, -0.5)) == 6
    assert compass_toward((2, 2), (2, 2), default=5) == 5
