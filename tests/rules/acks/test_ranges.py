"""Ranges and arcs in hexes (``rules/acks/ranges.py``): the tape measure's hexes and feet, a
piece's band and arc by its mount, the Missile Weapon Range by Hex column and the crew-size
rule, and the line on each enemy's sheet."""

from __future__ import annotations

from ahoy_tui.rules.acks import RULESET
from ahoy_tui.rules.acks.ranges import bearings, measure, missile_band, tape_origins

from .helpers import at, battle, piece, vessel


def two(distance_rows: int, marines: int = 10, crew_b: dict | None = None):
    a = vessel("a", kind="galley_3", column=15, row=20, facing="N", missile="long_bow",
               marines=marines, pieces=(piece("a1", "heavy_ballista", "bow"),
                                        piece("a2", "medium_catapult", "port")))
    b = vessel("b", "p2", kind="galley_3", column=15, row=20 - distance_rows, facing="S",
               **(crew_b or {}))
    return battle(a, b)


def test_the_tape_counts_hexes_and_feet_and_names_each_piece_that_reaches():
    state = two(4)                          # her bow to their bow: 4 hexes, 240'
    tape = measure(state, "a", None, at(15, 16))
    assert tape.hexes == 4 and "4 hexes (240')" in tape.words and tape.target == "b"
    assert "heavy ballista (bow) medium (-2)" in tape.words        # 2/5/8: medium
    assert "medium catapult" not in tape.words                     # port: out of its arc
    assert "nothing blocks" in tape.words


def test_from_a_piece_the_tape_says_out_of_arc():
    state = two(4)
    tape = measure(state, "a", "a2", at(15, 16))
    assert tape.in_line is False and "medium catapult (port) out of arc" in tape.words
    assert [o for o, _ in tape_origins(state, "a")] == [None, "a1", "a2"]


def test_the_missile_table_column_and_the_crews_troop_formation():
    state = two(6)
    a = state.vessel("a")
    assert [missile_band(a, n) for n in (2, 4, 6, 12, 13)] == \
        ["short", "medium", "long", "double long", None]            # long bow 2/4/6/12
    # a crew of 30 (59 or fewer): long range shot at as medium, -2
    small = two(6, crew_b={"sailors": 10, "marines": 20})
    assert "long bows long, a crew of 30: long as medium (-2)" in \
        bearings(small, "a")["b"]
    # a crew of 240 or more: to double long without penalty
    big = two(10, crew_b={"sailors": 100, "marines": 150})
    assert "a crew of 250: double long (+0)" in bearings(big, "a")["b"]


def test_every_enemy_sheet_gets_a_line_and_the_hook_is_the_rulesets():
    state = two(4)
    assert set(RULESET.bearings(state, "a")) == {"b"}
    assert RULESET.bearings(state, "a")["b"].startswith("4 hexes (240') from A · heavy ballista")
