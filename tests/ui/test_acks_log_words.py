"""The dice log (issue 36, item 12): a computer captain's own score of his choice stays out of
the log (it is in the reason line); the initiative modifier is tested with the rules
(tests/rules/acks/test_choice_words.py)."""

from __future__ import annotations

from ahoy_tui.ui.screens.acks import without_worth


def test_a_captains_score_stays_out_of_the_log_line():
    assert without_worth("Corsairs: ahead — Gull rams Pride (worth -11)") == \
        "Corsairs: ahead — Gull rams Pride"
    assert without_worth("Corsairs: oar — Gull rows at 120' (3 hexes; worth +4)") == \
        "Corsairs: oar — Gull rows at 120' (3 hexes)"
    assert without_worth("Corsairs: done — nothing worth doing") == \
        "Corsairs: done — nothing worth doing"
