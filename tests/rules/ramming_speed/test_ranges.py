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


def test_the_tape_names_her_own_shooters_that_reach_the_galley_or_the_point():
    """The tape (t) from her centre to a galley names what of hers reaches, as her sheet does:
    her archers' band and her bolt thrower's number; to a point beyond, what reaches there."""
    state = shooters(24)
    b = state.ship("b")
    tape = RULESET.measure(state, "a", None, b.centre)
    assert tape.target == "b"
    assert "archers short (5+)" in tape.words and "bolt thrower 4+" in tape.words
    assert "grappling" not in tape.words and tape.words.endswith("nothing blocks a shot")
    far = RULESET.measure(state, "a", None, (20.0 + 30.0, 20.0))   # 30" off: bolts no more
    assert "to here" in far.words and "archers" not in far.words and "bolt" not in far.words
    assert "none of her shooters reaches" in far.words


def test_the_tape_to_a_galley_alongside_says_grappling_reach():
    state = alongside()
    assert "within grappling reach" in RULESET.measure(state, "a", "bow",
                                                       state.ship("b").centre).words
