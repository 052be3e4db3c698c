"""The line on each enemy galley's sheet (``rules/ramming_speed/ranges.py``): inches hull to
hull, where she bears from the bow, the archers' band (18.1), the engines' (19.1) and the
grapples' reach (14.0)."""

from __future__ import annotations

from ahoy_tui.rules.ramming_speed import RULESET
from ahoy_tui.rules.ramming_speed.ranges import quarter

from .test_odds import alongside, shooters


def test_archers_short_and_the_bolt_thrower_within_eight_inches():
    line = RULESET.bearings(shooters(24), "a")["b"]
    assert "abeam to starboard" in line
    assert "archers short (5+)" in line and "bolt thrower 4+" in line
    assert "grappling" not in line


def test_at_long_range_sixes_and_alongside_the_grapples_reach():
    assert "archers long (6+)" in RULESET.bearings(shooters(34), "a")["b"]
    assert "within grappling reach" in RULESET.bearings(alongside(), "a")["b"]


def test_the_quarters_of_a_bearing_from_her_bow():
    assert [quarter(d) for d in (0, 45, 90, 135, 180, 270, 315)] == [
        "dead ahead", "off her starboard bow", "abeam to starboard",
        "on her starboard quarter", "astern", "abeam to port", "off her port bow"]
