"""Falling Overboard: a crewman lost in 1d10 rounds; a character's Swimming throw (d20 at least
his stone, windy -2, stormy -4, +4 with Swimming); drowning (sinking 10' a round a stone, dead
at the end of the fifth round); swimming at a quarter speed; a rescue (half his weight on the
rescuer); climbing back aboard (a rope: easy; a sheer hull: the project's own 14+, +4 with
Climbing); the battle's wind as the seed's weather."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.model import Figure
from ahoy_tui.rules.acks.overboard import (
    OVERBOARD,
    carried_weight,
    climb_aboard,
    fall_overboard,
    rescue,
    swim_round,
    swim_speed,
    weather_of,
)

from .helpers import cup, rolls, said


def pc(fid: str = "a:pc", **fields) -> Figure:
    """A player character of vessel a, in the water with 5 stone of gear."""
    fields.setdefault("stone", 5)
    fields.setdefault("where", "water")
    fields.setdefault("npc", False)
    return Figure(fid, "p1", fid, "a", "officer", "a", level=3, hp=12, hp_max=12, **fields)


def swim(figure: Figure, weather: str = "", *faces: int):
    with forced(*faces):
        dice, events = cup()
        after = swim_round(figure, weather, dice, events)
    assert all(r.rule == OVERBOARD for r in rolls(events))
    return after, events


def test_the_wind_gives_the_weather_strong_windy_a_gale_stormy():
    assert [weather_of(w) for w in ("still", "gentle", "moderate", "strong", "very strong",
                                    "gale")] == ["", "", "", "windy", "windy", "stormy"]


def test_a_crewman_overboard_dies_in_1d10_rounds():
    with forced(3):
        dice, events = cup()
        man = fall_overboard(pc(npc=True, where="deck"), dice, events)
    assert (man.where, man.dies_in) == ("water", 3)
    assert rolls(events)[0].dice == "D10" and rolls(events)[0].rule == OVERBOARD
    man, _ = swim(man)
    man, _ = swim(man)
    assert (man.dies_in, man.down) == (1, False)
    man, events = swim(man)                               # the third round: gone
    assert man.down and man.hp == 0 and rolls(events) == []
    assert any("drowns" in t for t in said(events))


def test_a_player_character_overboard_rolls_nothing_until_his_initiative():
    dice, events = cup()
    man = fall_overboard(pc(where="deck"), dice, events)
    assert (man.where, man.dies_in) == ("water", 0) and rolls(events) == []


def test_the_swimming_throw_is_a_d20_at_least_his_stone():
    man, events = swim(pc(), "", 5)
    assert man.drowning == 0 and rolls(events)[0].need == "5+"
    assert rolls(events)[0].dice == "D20"
    assert rolls(events)[0].outcome == "afloat"
    man, events = swim(pc(), "", 4)
    assert (man.drowning, man.depth) == (1, 50)
    assert rolls(events)[0].outcome == "drowning"


def test_windy_is_minus_2_and_stormy_minus_4():
    assert swim(pc(), "windy", 7)[0].drowning == 0
    assert swim(pc(), "windy", 6)[0].drowning == 1
    assert swim(pc(), "stormy", 9)[0].drowning == 0
    man, events = swim(pc(), "stormy", 8)
    assert man.drowning == 1 and rolls(events)[0].need == "5+ (-4)"


def test_the_swimming_proficiency_adds_4():
    swimmer = pc(skills=("swimming",))
    assert swim(swimmer, "", 1)[0].drowning == 0               # 1 + 4 = 5
    assert swim(swimmer, "stormy", 5)[0].drowning == 0         # 5 - 4 + 4
    assert swim(swimmer, "stormy", 4)[0].drowning == 1
    assert swim(pc(stone=10, skills=("swimming",)), "windy", 7)[0].drowning == 1   # 7+2 < 10


def test_drowning_he_sinks_10_feet_a_round_a_stone_and_dies_at_the_end_of_the_fifth():
    man, _ = swim(pc(stone=3), "", 2)                          # fails: round 1 drowning
    assert (man.drowning, man.depth, man.down) == (1, 30, False)
    for round_ in (2, 3, 4):
        man, events = swim(man, "")                             # no more throws
        assert rolls(events) == [] and (man.drowning, man.depth) == (round_, 30 * round_)
        assert not man.down
    man, events = swim(man, "")
    assert man.down and man.hp == 0 and (man.drowning, man.depth) == (5, 150)
    assert any("drowns" in t for t in said(events))
    assert swim(man, "")[0] is man                              # the dead are left be


def test_only_a_man_in_the_water_swims():
    with pytest.raises(ValueError):
        swim(pc(where="deck"))


def test_swimming_is_a_quarter_of_combat_or_running_speed():
    assert swim_speed(pc(), running=False) == 10
    assert swim_speed(pc(), running=True) == 30
    assert swim_speed(pc(combat_ft=30, running_ft=90), running=True) == 22


def test_a_rescue_ends_drowning_and_the_rescuer_carries_half_his_weight():
    drowning = pc(stone=2, drowning=3, depth=60)
    rescuer = pc("a:pc2", stone=1)
    assert carried_weight(drowning) == 9                       # (15 + 2) / 2, rounded up
    assert carried_weight(pc(stone=0)) == 8                    # 7 3/6 stone, rounded up
    assert carried_weight(pc(stone=3)) == 9                    # 7 3/6 + 1 3/6
    events: list = []
    saved, carrier = rescue(drowning, rescuer, events)
    assert (saved.drowning, saved.depth, saved.down) == (0, 0, False)
    assert carrier.stone == 10 and any("brings" in t for t in said(events))
    man, events = swim(saved, "", 2)                           # he swims again: 2 of 2
    assert man.drowning == 0 and len(rolls(events)) == 1


def test_only_an_ally_afloat_in_the_water_can_rescue():
    drowning = pc(drowning=1)
    for rescuer in (pc("a:x", drowning=2), pc("a:x", where="deck"),
                    replace(pc("a:x"), side="p2")):
        with pytest.raises(ValueError):
            rescue(drowning, rescuer)
    with pytest.raises(ValueError):
        rescue(pc(), pc("a:x"))                                # not drowning


def test_a_rope_lowered_is_an_easy_climb_made_without_a_throw():
    dice, events = cup()
    man = climb_aboard(pc(), True, dice, events, onto="b")
    assert (man.where, man.on) == ("deck", "b") and rolls(events) == []


def test_a_sheer_hull_needs_14_and_climbing_adds_4():
    for skills, face, up in (((), 14, True), ((), 13, False), (("climbing",), 10, True),
                             (("climbing",), 9, False)):
        with forced(face):
            dice, events = cup()
            man = climb_aboard(pc(skills=skills), False, dice, events)
        assert (man.where == "deck") is up, (skills, face)
        assert rolls(events)[0].need.startswith("14+") and rolls(events)[0].rule == OVERBOARD


def test_a_man_hanging_from_the_hull_climbs_up_the_same_way():
    with forced(14):
        dice, events = cup()
        man = climb_aboard(replace(pc(where="hanging", npc=True), on="b"), False, dice,
                           events)
    assert (man.where, man.on) == ("deck", "b")


def test_the_drowning_and_the_lost_do_not_climb():
    dice, events = cup()
    for man in (pc(drowning=1), pc(npc=True, dies_in=4), pc(where="deck")):
        with pytest.raises(ValueError):
            climb_aboard(man, True, dice, events)
