"""The line on each enemy ship's card (``rules/man_o_war/ranges.py``): inches hull to hull,
each side whose arc holds her, the range template's band from that side and the batteries
whose weapons reach into it."""

from __future__ import annotations

from ahoy_tui.engine.registry import get_ruleset

from .test_battle import ship
from .test_combat import broadside, screened

RULESET = get_ruleset("man-o-war")


def test_a_galleon_off_the_starboard_beam_is_in_the_broadside_batteries_band():
    close = RULESET.bearings(broadside(2.0).state, "g")["b"]
    assert close.startswith('2.0" from the') and "starboard close: 3 batteries" in close
    assert "port" not in close
    assert "starboard medium" in RULESET.bearings(broadside(5.0).state, "g")["b"]
    assert "starboard long" in RULESET.bearings(broadside(8.0).state, "g")["b"]


# --- the tape (the range template laid from a side) -------------------------------------------

def galleon(sea) -> tuple[float, float]:
    b = sea.ship("b")
    return b.x, b.y


def test_the_tape_from_her_starboard_names_the_band_the_batteries_and_a_clear_way():
    sea = broadside(5.0)
    tape = RULESET.measure(sea.state, "g", "starboard", galleon(sea))
    assert tape.target == "b" and tape.in_line
    assert tape.words == ('5.0" to the Galleon · medium range · in her starboard arc · '
                          "3 batteries reach · nothing in the way"), tape.words
    port = RULESET.measure(sea.state, "g", "port", galleon(sea))
    assert "outside her port arc" in port.words and "batter" not in port.words


def test_the_tape_names_what_lies_first_under_the_template_as_a_shot_would_strike_it():
    island = RULESET.measure(screened(kind="island").state, "g", "starboard",
                             galleon(screened(kind="island")))
    assert island.words.endswith("first under the template: an island"), island.words
    wolves = (ship("w1", "p1", "wolfship", 34.8, 24, "N", squadron="w", flagship=True),
              ship("w2", "p1", "wolfship", 10, 10, "E", squadron="w"),
              ship("w3", "p1", "wolfship", 10, 13, "E", squadron="w"))
    sea = broadside(8.0, *wolves)
    friend = RULESET.measure(sea.state, "g", "starboard", galleon(sea))
    assert friend.words.endswith("first under the template: the Wolfship (a friend)"), \
        friend.words
    # past the Galleon to a point beyond her: she herself is what the template meets first
    beyond = RULESET.measure(broadside(5.0).state, "g", "starboard", (45.0, 24.0))
    assert beyond.words.endswith("first under the template: the Galleon (an enemy)"), \
        beyond.words


def test_the_tape_past_long_range_names_nothing_beyond_the_templates_end():
    """A ship 20" off lies past the range template's end: the tape to a point beyond her is
    out of range and names nothing under the template (the template meets nothing that far)."""
    sea = broadside(20.0)
    tape = RULESET.measure(sea.state, "g", "starboard", (70.0, 24.0))
    assert "beyond long range" in tape.words
    assert "Galleon" not in tape.words and tape.words.endswith("nothing in the way"), tape.words
