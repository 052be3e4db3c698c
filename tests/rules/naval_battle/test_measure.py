"""The tape measure as Naval Battle Rules measure (issue 14): centre to centre, and a gun's
45° arc judged from her centre (the readings of Shooting)."""

from __future__ import annotations

from ahoy_tui.rules.naval_battle import view
from ahoy_tui.rules.naval_battle.model import BOARDING, GUNS, Gun

from .combat_helpers import battle, ship


def table(tx: float, ty: float) -> object:
    gunship = ship("gunship", "p1", stations=((GUNS, "human", 6),), x=0, y=0, heading=0,
                   guns=(Gun("g", "cannon", bearing=2), Gun("b", "cannon", bearing=6)))
    target = ship("target", "p2", stations=((BOARDING, "human", 20),), x=tx, y=ty)
    return battle(gunship, target)


def test_the_tape_runs_centre_to_centre_to_a_ship_or_a_point():
    state = table(20, 0)
    tape = view.measure(state, "gunship", None, (20, 0))
    assert tape.inches == 20.0 and tape.target == "target" and tape.in_line is None
    assert tape.start == (0, 0) and tape.end == (20, 0)
    assert '20.0" centre to centre to the Target' in tape.words
    point = view.measure(state, "gunship", None, (0, 12))
    assert point.inches == 12.0 and point.target == "" and "to here" in point.words


def test_from_a_gun_it_says_whether_the_end_lies_in_its_arc_and_range():
    abeam = view.measure(table(20, 8), "gunship", "g", (20, 8))  # 21.8° aft of the beam
    assert abeam.in_line is True and "in its arc" in abeam.words and "in range" in abeam.words
    beyond = view.measure(table(20, 8.6), "gunship", "g", (20, 8.6))  # 23.3°
    assert beyond.in_line is False and "outside its 45° arc" in beyond.words
    other_side = view.measure(table(20, 0), "gunship", "b", (20, 0))  # the port gun
    assert other_side.in_line is False
    origins = view.tape_origins(table(20, 0), "gunship")
    assert [gun for gun, _ in origins] == [None, "g", "b"]
    assert origins[1][1] == "Gunship's Cannon (starboard)"
