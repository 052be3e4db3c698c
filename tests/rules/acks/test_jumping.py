"""Boarding by Jumping: the gap (30' adjacent and moving, 15' stationary, 10' sharing a hex),
the reach (DEX + 1d6; Acrobatics adds the level, to 24; from a larger onto a smaller vessel +4,
to 28; 1' less a stone; halved without a 20' run-up), and the landing (a Paralysis save, +2
with Acrobatics; failed, short by 1d6': prone, hanging by his fingers, or in the water)."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.rules.acks.jumping import JUMPING, jump, jump_dex, jump_needed, jump_reach
from ahoy_tui.rules.acks.model import Figure
from ahoy_tui.rules.acks.overboard import fall_overboard

from .helpers import cup, rolls, said


def man(**fields) -> Figure:
    """A player character on vessel a: DEX 13, no gear, Paralysis 14."""
    fields.setdefault("dex", 13)
    fields.setdefault("stone", 0)
    fields.setdefault("npc", False)
    fields.setdefault("level", 5)
    return Figure("a:pc", "p1", "Phaedra", "a", "captain", "a", hp=20, hp_max=20,
                  saves=(14, 15, 16, 17, 18), **fields)


def reach(figure: Figure, *faces: int, onto_smaller: bool = False, run_up: int = 20) -> int:
    with forced(*faces):
        dice, events = cup()
        got = jump_reach(figure, onto_smaller, run_up, dice, events)
    assert [(r.dice, r.rule) for r in rolls(events)] == [("D6", JUMPING)]
    return got


def leap(figure: Figure, needed: int, *faces: int, run_up: int = 20):
    with forced(*faces):
        dice, events = cup()
        after, outcome = jump(figure, needed, False, run_up, dice, events, onto="b")
    return after, outcome, events


def test_the_gap_is_30_adjacent_and_moving_15_stationary_10_sharing_a_hex():
    assert jump_needed(adjacent=True, moving=True, share_hex=False) == 30
    assert jump_needed(adjacent=True, moving=False, share_hex=False) == 15
    assert jump_needed(adjacent=False, moving=False, share_hex=True) == 10
    assert jump_needed(adjacent=True, moving=True, share_hex=True) == 10
    with pytest.raises(ValueError):
        jump_needed(adjacent=False, moving=True, share_hex=False)


def test_the_reach_is_dex_plus_a_d6():
    assert reach(man(), 4) == 17
    assert reach(man(dex=9), 6) == 15


def test_acrobatics_adds_the_class_level_to_dex_to_at_most_24():
    assert jump_dex(man(dex=13, level=3, skills=("acrobatics",)), False) == 16
    assert jump_dex(man(dex=18, level=8, skills=("acrobatics",)), False) == 24   # not 26
    assert jump_dex(man(dex=18, level=8), False) == 18                           # no Acrobatics
    assert reach(man(dex=18, level=8, skills=("acrobatics",)), 1) == 25


def test_from_a_larger_onto_a_smaller_vessel_dex_gains_4_to_at_most_28():
    assert jump_dex(man(dex=13), True) == 17
    assert jump_dex(man(dex=18, level=8, skills=("acrobatics",)), True) == 28
    assert jump_dex(man(dex=18, level=14, skills=("acrobatics",)), True) == 28   # not 36
    assert reach(man(dex=13), 2, onto_smaller=True) == 19
    assert jump_dex(man(dex=26), True) == 28          # the 28 binds only above DEX 24


def test_a_foot_less_for_each_stone_carried():
    assert reach(man(stone=3), 4) == 14
    assert reach(man(stone=20), 1) == 0          # never below nothing


def test_without_a_20_foot_moving_start_the_distance_is_halved_rounding_down():
    assert reach(man(stone=3), 4, run_up=15) == 7       # (13 + 4 - 3) / 2
    assert reach(man(), 4, run_up=0) == 8               # 17 / 2
    assert reach(man(), 4, run_up=20) == 17             # 20' is enough


def test_a_landed_jump_puts_him_on_the_enemy_deck_and_counts_against_his_movement():
    after, outcome, events = leap(man(moved=20), 15, 4, 14)     # reach 17; saves on 14
    assert outcome == "landed"
    assert (after.where, after.on, after.prone, after.moved) == ("deck", "b", False, 37)
    save = rolls(events)[1]
    assert save.dice == "D20" and save.need == "14+" and save.outcome == "lands"
    assert all(r.rule == JUMPING for r in rolls(events))


def test_a_failed_save_lands_him_short_by_a_d6_prone_hanging_or_in_the_water():
    # reach 17 over a 15' gap: 2' past her rail
    after, outcome, events = leap(man(), 15, 4, 13, 1)          # short 1: 1' on her deck
    assert outcome == "prone" and (after.where, after.on, after.prone) == ("deck", "b", True)
    assert after.moved == 16 and [r.dice for r in rolls(events)] == ["D6", "D20", "D6"]
    after, outcome, events = leap(man(), 15, 4, 13, 2)          # short 2: at her hull's edge
    assert outcome == "hanging" and (after.where, after.on) == ("hanging", "b")
    assert any("fingers" in t for t in said(events))
    after, outcome, events = leap(man(), 15, 4, 13, 3)          # short 3: over the water
    assert outcome == "water" and (after.where, after.on, after.moved) == ("water", "a", 14)
    assert any("over the water" in t for t in said(events))


def test_acrobatics_adds_2_to_the_landing_save():
    acrobat = man(skills=("acrobatics",), level=0)
    _, outcome, events = leap(acrobat, 15, 4, 12)              # 12 + 2 = 14
    assert outcome == "landed" and rolls(events)[1].need == "14+ (+2 Acrobatics)"
    _, outcome, _ = leap(man(), 15, 4, 12, 1)                  # 12 fails without it
    assert outcome == "prone"


def test_a_reach_short_of_the_gap_falls_in_the_water_without_a_save():
    after, outcome, events = leap(man(), 30, 6)                # 19 of 30
    assert outcome == "water" and after.where == "water" and after.moved == 19
    assert len(rolls(events)) == 1


def test_in_the_water_the_fall_overboard_is_left_to_the_caller():
    after, outcome, events = leap(man(npc=True), 30, 6)        # no 1d10 rolled here
    assert outcome == "water" and after.where == "water" and after.dies_in == 0
    with forced(7):
        dice, events = cup()
        fallen = fall_overboard(after, dice, events)
    assert fallen.dies_in == 7
