"""Ramming (the captain's throw, damage by class, halved below cruise, both halting, the
backwater that follows; a miss; a vessel without a ram), Head-On Ramming (the better hit
chooses: ram, shear the oars, miss) and Collisions (Seafaring 11+, 7+ a master mariner)."""

from __future__ import annotations

from ahoy_tui.rules.acks.actions import HeadOnChoice, Ram, Step
from ahoy_tui.rules.acks.legal import choices, explain
from ahoy_tui.rules.acks.model import Captain, Status
from ahoy_tui.rules.acks.ramming import oars_of, ram_dice

from .helpers import battle, declared, on_count, play, rolls, said, vessel


def rammer_and_target(speed=270, **rammer):
    """A 3-rower two hexes south of a 2-rower lying east-west across her bow."""
    a = declared(vessel("a", kind="galley_3", column=15, row=20, **rammer), "oar", speed,
                 due=3)
    b = vessel("b", "p2", kind="galley_2", column=15, row=18, facing="SE")
    return on_count(battle(a, b), "a")


def test_a_step_into_an_enemys_hex_is_a_ram_and_only_a_ram():
    state = rammer_and_target()
    state, _ = play(state, Step("p1", "a", "ahead"))
    assert Ram("p1", "a", "ahead", "b") in choices(state)
    assert Step("p1", "a", "ahead") not in choices(state)
    assert explain(state, Step("p1", "a", "ahead"))[0] == "Ramming"


def test_a_hit_deals_the_classs_dice_halts_both_and_she_must_backwater():
    state = rammer_and_target()
    state, _ = play(state, Step("p1", "a", "ahead"))
    # captain +3 needs 12+ v AC 2; 8d6 for a 3-rower
    state, events = play(state, Ram("p1", "a", "ahead", "b"), 12, 6, 6, 6, 1, 1, 1, 1, 1)
    target = state.vessel("b")
    assert target.shp == 25 - 23
    assert state.vessel("a").must_backwater
    assert any("rams Gull" in r.purpose or "rams B" in r.purpose for r in rolls(events))
    assert [r.dice for r in rolls(events)] == ["D20", "8D6"]


def test_below_oar_cruise_the_damage_is_halved():
    state = rammer_and_target(speed=180)
    state, _ = play(state, Step("p1", "a", "ahead"))
    state, events = play(state, Ram("p1", "a", "ahead", "b"), 15, 6, 6, 6, 1, 1, 1, 1, 1)
    assert state.vessel("b").shp == 25 - 11
    assert any("half damage" in t for t in said(events))


def test_a_miss_halts_the_rammer_only():
    state = rammer_and_target()
    state, _ = play(state, Step("p1", "a", "ahead"))
    bow = state.vessel("a").body.bow
    state, events = play(state, Ram("p1", "a", "ahead", "b"), 8)   # 8 + 3 < 12
    assert state.vessel("b").shp == 25
    assert state.vessel("a").body.bow == bow and not state.vessel("a").must_backwater
    assert any("glances off" in t for t in said(events))


def test_a_natural_one_misses_and_a_natural_twenty_hits():
    strong = Captain("Ajax", 14, 30, 0, 1, 50)
    state = rammer_and_target(captain=strong)
    state, _ = play(state, Step("p1", "a", "ahead"))
    after, _ = play(state, Ram("p1", "a", "ahead", "b"), 1)
    assert after.vessel("b").shp == 25
    weak = Captain("Nobody", 0, -30, 0, 0, 1)
    state = rammer_and_target(captain=weak)
    state, _ = play(state, Step("p1", "a", "ahead"))
    after, _ = play(state, Ram("p1", "a", "ahead", "b"), 20, 1, 1, 1, 1, 1, 1, 1, 1)
    assert after.vessel("b").shp == 25 - 8


def test_a_master_mariner_adds_four_to_the_ram():
    mariner = Captain("Phaedra", 6, 0, 0, 3, 30)
    state = rammer_and_target(captain=mariner)
    state, _ = play(state, Step("p1", "a", "ahead"))
    state, _events = play(state, Ram("p1", "a", "ahead", "b"), 8, 1, 1, 1, 1, 1, 1, 1, 1)
    assert state.vessel("b").shp == 25 - 8          # 8 + 4 = 12 hits AC 2


def test_without_a_ram_the_blow_is_shared():
    assert ram_dice(vessel("s", kind="sailing_ship_large")) == (6, False)
    a = declared(vessel("a", kind="sailing_ship_large", column=15, row=20, sails=True),
                 "sail", 180, due=2)
    b = vessel("b", "p2", kind="galley_2", column=15, row=18, facing="SE")
    state = on_count(battle(a, b), "a")
    state, _ = play(state, Step("p1", "a", "ahead"))
    state, _ = play(state, Ram("p1", "a", "ahead", "b"), 15, 6, 6, 6, 6, 6, 6)
    assert state.vessel("b").shp == 25 - 18 and state.vessel("a").shp == 200 - 18


def head_on_state():
    a = declared(vessel("a", kind="galley_5", column=15, row=20), "oar", 240, due=3)
    b = vessel("b", "p2", kind="galley_3", column=15, row=19, facing="S")
    return on_count(battle(a, b), "a")


def test_head_on_the_better_hit_chooses():
    state = head_on_state()
    assert Ram("p1", "a", "ahead", "b") in choices(state)
    state, _events = play(state, Ram("p1", "a", "ahead", "b"), 15, 18)
    assert state.head_on is not None and state.head_on.chooser == "b"   # 18+3 beats 15+3
    assert state.to_act == "p2"
    assert {c.outcome for c in choices(state)} == {"ram", "shear", "miss"}


def test_head_on_shearing_the_five_rowers_oars_is_three_d10_and_both_pass_through():
    assert oars_of(vessel("x", kind="galley_5")) == 3
    state = head_on_state()
    state, _ = play(state, Ram("p1", "a", "ahead", "b"), 15, 18)
    state, events = play(state, HeadOnChoice("p2", "shear"), 4, 5, 6)
    assert state.vessel("a").shp == 120 - 15
    assert [r.dice for r in rolls(events)] == ["3D10"]
    assert "b" in state.vessel("a").passing     # she may not ram her again while inside
    assert not any(isinstance(c, Ram) for c in choices(state))


def test_head_on_both_missing_they_pass_through_each_other():
    state = head_on_state()
    state, events = play(state, Ram("p1", "a", "ahead", "b"), 2, 3)
    assert state.head_on is None
    assert any("pass through" in t for t in said(events))
    assert state.vessel("a").body.bow == state.vessel("b").body.bow


def collision_state(**other):
    """A 3-hex galley turning so her middle swings into a 2-rower's hex."""
    a = declared(vessel("a", kind="galley_5", column=15, row=20), "oar", 240, due=2)
    from ahoy_tui.rules.acks.movement import plan_step

    after = plan_step(battle(a), a, "starboard").body
    spot = after.hexes[2]
    from ahoy_tui.rules.acks.scenario import _axial  # noqa: F401 - offset from axial below

    col, row = spot.q, spot.r + (spot.q - (spot.q & 1)) // 2
    b = vessel("b", "p2", kind="galley_2", column=col, row=row, facing="N", **other)
    return on_count(battle(a, b), "a")


def test_a_collision_is_avoided_if_either_captain_makes_his_seafaring_throw():
    state = collision_state()
    state, events = play(state, Step("p1", "a", "starboard"), 5, 11)
    assert state.vessel("a").shp == 120 and state.vessel("b").shp == 25
    assert any("clear each other" in t for t in said(events))


def test_two_failures_and_each_deals_half_its_ramming_damage_a_quarter_below_cruise():
    state = collision_state()
    faces = [5, 5] + [6] * 11 + [3] + [6] * 5   # her 11d6, its 1d10 to sink, its 5d6
    state, events = play(state, Step("p1", "a", "starboard"), *faces)
    assert state.vessel("b").status is Status.SINKING or state.vessel("b").shp == 0
    # she at 240' (cruise) deals half her 66; the 2-rower, lying still, a quarter of its 30
    assert state.vessel("a").shp == 120 - 7
    assert any("1/2 ramming damage" in t for t in said(events))
    assert any("1/4 ramming damage" in t for t in said(events))
    assert any("collide" in t for t in said(events))


def test_a_master_mariner_avoids_on_seven_and_a_captain_may_fail_on_purpose():
    state = collision_state(captain=Captain("Old Salt", 5, 3, 0, 3, 20))
    assert Step("p1", "a", "starboard", collide=True) in choices(state)
    state, events = play(state, Step("p1", "a", "starboard", collide=True), 7)
    assert any("fails his Seafaring throw on purpose" in t for t in said(events))
    assert any("clear each other" in t for t in said(events))    # the mariner's 7 saves it


def test_with_her_captain_down_the_mate_at_the_oars_throws_the_ram_without_his_bonus():
    state = rammer_and_target(captain=Captain("Phaedra", 6, 4, 0, 3, 30), captain_down=True)
    state, _ = play(state, Step("p1", "a", "ahead"))
    state, events = play(state, Ram("p1", "a", "ahead", "b"), 11)   # 11 + 0 < 12
    assert state.vessel("b").shp == 25
    assert rolls(events)[0].need.startswith("12+")


def test_head_on_the_chooser_may_ram_both_halt_and_she_must_backwater():
    state = head_on_state()
    state, _ = play(state, Ram("p1", "a", "ahead", "b"), 18, 15)   # hers hits higher
    assert state.head_on.chooser == "a" and state.to_act == "p1"
    state, _ = play(state, HeadOnChoice("p1", "ram"), *[3] * 11)
    assert state.vessel("b").shp == 55 - 33                 # the 5-rower's 11d6
    assert state.vessel("a").must_backwater
    assert state.vessel("a").body.bow == state.vessel("b").body.bow
