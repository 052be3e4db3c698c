"""The hex battlemap's geometry: coordinates, facings, distance, lines, rings, arcs and a
vessel's body as she moves, turns and backs water (the turning rules of ACKS II sea combat)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ahoy_tui.engine.hexgrid import (
    Body,
    Hex,
    bearing,
    distance,
    facing_named,
    facing_toward,
    in_arc,
    line,
    may_turn,
    neighbour,
    neighbours,
    ring,
    within,
)

ORIGIN = Hex(0, 0)
hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))
facings = st.integers(0, 5)


def rotated(h: Hex, about: Hex) -> Hex:
    """``h`` turned 60° clockwise about ``about`` (cube (q, r, s) -> (-r, -s, -q))."""
    d = h - about
    return about + Hex(-d.r, -d.s)


def test_the_six_facings_run_clockwise_from_north_at_sixty_degrees():
    assert [facing_named(n) for n in ("N", "ne", "SE", "S", "SW", "NW")] == [0, 1, 2, 3, 4, 5]
    for f in range(6):
        assert bearing(ORIGIN, neighbour(ORIGIN, f)) == pytest.approx(60.0 * f)
        assert facing_toward(ORIGIN, neighbour(ORIGIN, f)) == f
    # north is up: the hex to the north has a smaller r, the one east of north a larger q
    assert neighbour(ORIGIN, facing_named("N")) == Hex(0, -1)
    assert neighbour(ORIGIN, facing_named("SE")) == Hex(1, 0)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric_and_neighbours_are_one_away(a, b, c):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    around = neighbours(a)
    assert len(set(around)) == 6 and all(distance(a, n) == 1 for n in around)


def test_distance_counts_steps():
    assert distance(ORIGIN, Hex(3, 0)) == 3
    assert distance(ORIGIN, Hex(2, -5)) == 5
    assert distance(Hex(-2, 3), Hex(1, -1)) == 4


@given(hexes, hexes)
def test_a_line_runs_hex_to_adjacent_hex_from_end_to_end(a, b):
    path = line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in pairwise(path))


def test_a_straight_line_along_a_facing_is_that_facings_hexes():
    assert line(ORIGIN, Hex(0, -3)) == (ORIGIN, Hex(0, -1), Hex(0, -2), Hex(0, -3))
    assert line(ORIGIN, Hex(3, -3)) == (ORIGIN, Hex(1, -1), Hex(2, -2), Hex(3, -3))


@given(hexes, st.integers(0, 6))
def test_rings_and_areas(h, radius):
    r = ring(h, radius)
    assert len(r) == len(set(r)) == max(1, 6 * radius)
    assert all(distance(h, x) == radius for x in r)
    area = list(within(h, radius))
    assert len(area) == len(set(area)) == 1 + 3 * radius * (radius + 1)
    assert all(distance(h, x) <= radius for x in area)


def test_arcs_of_a_north_facing_mount():
    north = facing_named("N")
    assert in_arc(ORIGIN, north, Hex(0, -4), "bow")
    assert in_arc(ORIGIN, north, Hex(0, 4), "stern")
    assert in_arc(ORIGIN, north, Hex(1, -1), "starboard")      # 60° off the bow: abeam
    assert in_arc(ORIGIN, north, Hex(-1, 0), "port")
    assert not in_arc(ORIGIN, north, Hex(1, -1), "bow")
    # a hex on the 30° line between the bow and beam arcs is in both
    assert bearing(ORIGIN, Hex(1, -2)) == pytest.approx(30.0)
    edge = Hex(1, -2)
    assert in_arc(ORIGIN, north, edge, "bow") and in_arc(ORIGIN, north, edge, "starboard")
    assert not in_arc(ORIGIN, north, edge, "port")
    arcs = ("bow", "stern", "port", "starboard")
    assert not any(in_arc(ORIGIN, north, ORIGIN, arc) for arc in arcs)
    with pytest.raises(ValueError, match="no arc 'aft'"):
        in_arc(ORIGIN, north, Hex(0, 1), "aft")


@given(hexes, facings, hexes, st.sampled_from(["bow", "stern", "port", "starboard"]))
def test_arcs_turn_with_the_vessel(origin, facing, target, arc):
    assert in_arc(origin, facing, target, arc) == in_arc(
        origin, (facing + 1) % 6, rotated(target, origin), arc)


@given(hexes, facings)
def test_every_hex_around_a_mount_is_in_some_arc(origin, facing):
    for target in within(origin, 4):
        if target != origin:
            assert any(in_arc(origin, facing, target, a)
                       for a in ("bow", "stern", "port", "starboard"))


def test_a_vessel_lies_straight_back_from_her_bow():
    galley = Body(ORIGIN, facing_named("N"), 3)
    assert galley.hexes == (ORIGIN, Hex(0, 1), Hex(0, 2))
    assert galley.middle == (Hex(0, 1),) and galley.stern == Hex(0, 2)
    assert galley.ahead().hexes == (Hex(0, -1), ORIGIN, Hex(0, 1))
    assert galley.back().hexes == (Hex(0, 1), Hex(0, 2), Hex(0, 3))


@pytest.mark.parametrize("length", [1, 2, 3, 4])
def test_a_turn_points_the_bow_where_she_moved_and_the_next_hex_takes_the_old_bow(length):
    galley = Body(ORIGIN, facing_named("N"), length)
    to_starboard = galley.turn(1)
    assert to_starboard.facing == facing_named("NE")
    assert to_starboard.bow == neighbour(ORIGIN, facing_named("NE"))   # the hex beside the bow
    if length >= 2:
        assert to_starboard.hexes[1] == ORIGIN     # 2 hexes: the stern; 3+: the middle
    to_port = galley.turn(-1)
    assert to_port.facing == facing_named("NW") and to_port.bow == Hex(-1, 0)
    with pytest.raises(ValueError):
        galley.turn(2)


def test_backwatering_turns_into_the_hex_beside_the_stern():
    galley = Body(ORIGIN, facing_named("N"), 2)          # bow (0,0), stern (0,1)
    swung = galley.back_turn(1)                     # her stern into the hex to starboard
    assert swung.stern == Hex(1, 1) and distance(galley.stern, swung.stern) == 1
    assert swung.facing == facing_named("NW") and swung.bow == Hex(0, 1)
    other = galley.back_turn(-1)
    assert other.stern == Hex(-1, 2) and other.facing == facing_named("NE")


@given(hexes, facings, st.integers(1, 5),
       st.lists(st.sampled_from(["ahead", "port", "starboard", "back", "bport", "bstbd"]),
                max_size=12))
def test_a_vessel_stays_one_straight_line_whatever_she_does(bow, facing, length, moves):
    body = Body(bow, facing, length)
    for move in moves:
        before = body
        body = {"ahead": body.ahead, "back": body.back,
                "port": lambda b=body: b.turn(-1), "starboard": lambda b=body: b.turn(1),
                "bport": lambda b=body: b.back_turn(-1),
                "bstbd": lambda b=body: b.back_turn(1)}[move]()
        hexes_ = body.hexes
        assert len(set(hexes_)) == length
        assert distance(body.bow, body.stern) == length - 1
        assert all(distance(x, y) == 1 for x, y in pairwise(hexes_))
        # a step ahead or a turn moves her bow one hex; backing water moves her stern one
        moved = (before.stern, body.stern) if move.startswith("b") else (before.bow, body.bow)
        assert distance(*moved) == 1


def test_one_turn_per_hex_of_length():
    assert may_turn(0, 1)                          # a one-hex vessel turns every hex
    assert not may_turn(0, 2) and may_turn(1, 2)   # a two-hex vessel goes straight once between
    assert not may_turn(1, 3) and may_turn(2, 3)
    assert not may_turn(3, 5) and may_turn(4, 5)
