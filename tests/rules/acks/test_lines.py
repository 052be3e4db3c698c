"""Traversing Grapple Lines: zip from a larger vessel, crawl from one the same size or smaller
(the speeds the project's own: running speed, a quarter of combat speed); 30, 15 or 10 feet;
a line cut or dislodged under a man: a Paralysis save keeps his grip, a failed one 1d6
bludgeoning, into the water either way."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.lines import (
    LINES,
    line_cut_under,
    line_mode,
    line_speed,
    traverse,
    traverse_cost,
    traverse_needed,
    traversed,
)
from ahoy_tui.rules.acks.model import Figure
from ahoy_tui.rules.acks.overboard import fall_overboard

from .helpers import cup, rolls, said


def man(**fields) -> Figure:
    """A man of vessel a's crew: 40' combat, 120' running, Paralysis 14, 6 hp."""
    fields.setdefault("npc", False)
    fields.setdefault("hp", 6)
    return Figure("a:m1", "p1", "marine 1", "a", "marine", "a", hp_max=6,
                  saves=(14, 15, 16, 17, 18), **fields)


def test_the_line_to_cross_is_30_15_or_10_feet_as_for_a_jump():
    assert traverse_needed(True, True, False) == 30
    assert traverse_needed(True, False, False) == 15
    assert traverse_needed(False, False, True) == 10


def test_zip_from_a_larger_vessel_crawl_from_the_same_size_or_smaller():
    assert line_mode(from_larger=True) == "zip"
    assert line_mode(from_larger=False) == "crawl"
    assert line_speed(man(), from_larger=True) == 120
    assert line_speed(man(), from_larger=False) == 10
    assert line_speed(man(combat_ft=30, running_ft=90), from_larger=False) == 7


def test_a_crawl_of_30_feet_takes_three_rounds_at_a_quarter_of_combat_speed():
    events: list = []
    figure, crossed = traverse(man(), 30, False, 0, events, onto="b")
    assert (figure.where, figure.on, crossed, figure.moved) == ("line", "a", 10, 40)
    figure, crossed = traverse(figure, 30, False, crossed, events, onto="b")
    assert crossed == 10 and figure.where == "line"              # no movement left this round
    figure, crossed = traverse(replace(figure, moved=0), 30, False, crossed, events,
                               onto="b")
    assert (figure.where, crossed) == ("line", 20)
    figure, crossed = traverse(replace(figure, moved=0), 30, False, crossed, events,
                               onto="b")
    assert (figure.where, figure.on, crossed) == ("deck", "b", 30)
    assert all(e.rule == LINES for e in events)
    assert any("crawls across" in t for t in said(events))


def test_a_crawl_after_moving_goes_only_as_far_as_the_movement_left():
    figure, crossed = traverse(man(moved=20), 15, False, 0, [], onto="b")
    assert (crossed, figure.moved, figure.where) == (5, 40, "line")


def test_the_cost_of_a_whole_traverse_and_crossing_it_in_one_go():
    assert traverse_cost(man(), from_larger=True, needed_ft=30) == 30      # running feet
    assert traverse_cost(man(), from_larger=False, needed_ft=15) == 60     # combat feet
    across = traversed(man(moved=10), False, 10, onto="b")
    assert (across.where, across.on, across.moved) == ("deck", "b", 50)


def test_a_zip_crosses_at_running_speed():
    figure, crossed = traverse(man(), 30, True, 0, [], onto="b")
    assert (figure.where, figure.on, crossed, figure.moved) == ("deck", "b", 30, 30)
    figure, crossed = traverse(man(moved=100), 30, True, 0, [], onto="b")
    assert (figure.where, crossed, figure.moved) == ("line", 20, 120)


def test_a_line_cut_under_him_a_paralysis_save_keeps_his_grip_into_the_water_unhurt():
    with forced(14):
        dice, events = cup()
        after = line_cut_under(man(where="line"), dice, events)
    assert (after.where, after.hp, after.down) == ("water", 6, False)
    assert rolls(events)[0].need == "14+" and rolls(events)[0].rule == LINES


def test_a_failed_save_takes_1d6_bludgeoning_as_he_hits_the_water():
    with forced(13, 4):
        dice, events = cup()
        after = line_cut_under(man(where="line"), dice, events)
    assert (after.where, after.hp, after.down) == ("water", 2, False)
    assert any("4 bludgeoning" in t for t in said(events))
    assert [r.dice for r in rolls(events)] == ["D20", "1D6"]


def test_a_crewman_cut_off_the_line_falls_overboard_lost_in_1d10_unless_the_fall_downs_him():
    with forced(15, 9):
        dice, events = cup()
        after = fall_overboard(line_cut_under(man(where="line", npc=True), dice, events),
                               dice, events)
    assert after.dies_in == 9 and after.where == "water"
    with forced(2, 6):                                  # 6 bludgeoning on 6 hp: no d10
        dice, events = cup()
        after = fall_overboard(line_cut_under(man(where="line", npc=True), dice, events),
                               dice, events)
    assert after.down and after.hp == 0 and after.dies_in == 0 and len(rolls(events)) == 2


def test_only_a_man_on_a_line_falls_with_it():
    dice, events = cup()
    with pytest.raises(ValueError):
        line_cut_under(man(), dice, events)
