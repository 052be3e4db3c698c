"""Folding a run of choices that differ in one number into one row (choices.collapse)."""

from __future__ import annotations

from attrs import frozen

from ahoy_tui.engine.legal import ActionRange
from ahoy_tui.ui.widgets.choices import NumberChoice, collapse


@frozen
class Plan:
    ship: str
    sailing: int
    first: str = ""


@frozen
class Back:
    ship: str
    offset: int
    heading: int


def test_a_run_differing_in_one_number_becomes_one_row_in_place():
    actions = ["end", *(Plan("hawk", n, side) for side in ("port", "stbd") for n in (3, 2, 0)),
               "strike"]
    rows = collapse(actions)
    assert rows[0] == "end" and rows[-1] == "strike"
    assert rows[1:3] == [NumberChoice(Plan("hawk", 0, "port"), "sailing", (0, 2, 3)),
                         NumberChoice(Plan("hawk", 0, "stbd"), "sailing", (0, 2, 3))]


def test_the_field_folded_is_the_one_that_leaves_fewest_rows():
    # 13 points along the edge for each of 2 headings: 2 rows (by offset), not 13 (by heading)
    actions = [Back("hawk", off, head) for off in range(-6, 7) for head in (2, 4)]
    rows = collapse(actions)
    assert [(r.field, r.template.heading, r.values) for r in rows] == [
        ("offset", 2, tuple(range(-6, 7))), ("offset", 4, tuple(range(-6, 7)))]
    # every action is still offered, none invented
    assert {r.at(v) for r in rows for v in r.values} == set(actions)


def test_short_runs_stay_as_they_are():
    actions = [Plan("hawk", 1), Plan("hawk", 2), Plan("kite", 1)]
    assert collapse(actions) == actions


def test_a_gap_is_kept_and_stepping_skips_it():
    row = NumberChoice(Back("hawk", -3, 2), "offset", (-3, -2, 1, 2))
    assert row.step(-2, 1) == 1 and row.step(1, -1) == -2
    assert row.step(2, 5) == 2 and row.step(-3, -1) == -3
    assert row.nearest(0) == 1 and row.nearest(-1) == -2 and row.nearest(7) == 2


def test_a_ruleset_range_becomes_a_number_choice_of_every_value():
    r = ActionRange(Plan("hawk", 1), "sailing", 2, 5)
    assert NumberChoice.of(r).values == (2, 3, 4, 5)
    assert NumberChoice.of(r).at(4) == Plan("hawk", 4)
