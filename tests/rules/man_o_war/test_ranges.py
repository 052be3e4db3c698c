"""The line on each enemy ship's card (``rules/man_o_war/ranges.py``): inches hull to hull,
each side whose arc holds her, the range template's band from that side and the batteries
whose weapons reach into it."""

from __future__ import annotations

from ahoy_tui.engine.registry import get_ruleset

from .test_combat import broadside

RULESET = get_ruleset("man-o-war")


def test_a_galleon_off_the_starboard_beam_is_in_the_broadside_batteries_band():
    close = RULESET.bearings(broadside(2.0).state, "g")["b"]
    assert close.startswith('2.0" from the') and "starboard close: 3 batteries" in close
    assert "port" not in close
    assert "starboard medium" in RULESET.bearings(broadside(5.0).state, "g")["b"]
    assert "starboard long" in RULESET.bearings(broadside(8.0).state, "g")["b"]
