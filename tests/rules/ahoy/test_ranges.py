"""The line on each enemy card (``rules/ahoy/ranges.py``): hull to hull, and each gun whose
line of fire strikes her first within range, point blank within 10"."""

from __future__ import annotations

from test_measure import small, table

from ahoy_tui.rules.ahoy import RULESET


def test_the_starboard_guns_bear_point_blank_on_a_ship_off_her_starboard_side():
    state = table(small("hawk", "p1", 30, 20), small("kite", "p2", 30, 26))
    line = RULESET.bearings(state, "hawk")["kite"]
    assert line == '3.5" off · S fore, S aft point blank'    # both starboard guns


def test_no_gun_bears_on_a_ship_dead_ahead_and_friends_get_no_line():
    state = table(small("hawk", "p1", 30, 20), small("kite", "p2", 50, 20),
                  small("wren", "p1", 30, 30))
    found = RULESET.bearings(state, "hawk")
    assert set(found) == {"kite"} and found["kite"] == '12.0" off · no gun bears'
