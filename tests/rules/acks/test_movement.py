"""Movement During Sea Combat, Oared Movement, Backwatering, Steering and Stacking, played
through the rules with the dice forced: the hexes a vessel must move on her count, how she
turns by her length, the captain's turns, going astern, the edge of the battlemap."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import FACINGS, Body
from ahoy_tui.rules.acks import helm
from ahoy_tui.rules.acks.actions import Declare, Halt, Ram, Step
from ahoy_tui.rules.acks.flow import roll_initiative
from ahoy_tui.rules.acks.legal import choices, explain
from ahoy_tui.rules.acks.model import Phase, Status, Wind
from ahoy_tui.rules.acks.movement import plan_step

from .helpers import at, battle, cup, declared, monster, on_count, play, said, vessel


def steps_of(state, vid):
    return {(type(a).__name__, a.how) for a in choices(state)
            if isinstance(a, (Step, Ram)) and a.vessel == vid}


@pytest.mark.parametrize(("kind", "speed", "natural", "hexes"), [
    ("galley_5", 240, 1, 4),    # Phaedra's 5-rower at sprint (240'): 4 hexes
    ("galley_3", 330, 3, 5),    # Phaedra's 3-rower at sprint (330'): 5 hexes on 1-3 ...
    ("galley_3", 330, 4, 6),    # ... and 6 on 4-6
    ("galley_3", 300, 6, 5),    # she set 300' to be sure of 5
])
def test_phaedra_moves_the_hexes_of_her_speed_on_her_count(kind, speed, natural, hexes):
    """The seed's two Phaedra examples, through the initiative roll that sets the hexes due."""
    v = declared(vessel("phaedra", kind=kind), "oar", speed)
    state = replace(battle(v, vessel("enemy", "p2", column=2, row=2, facing="S")),
                    phase=Phase.DECLARE)
    state = replace(state, vessels=(v, replace(state.vessels[1], declared=v.declared)))
    with forced(natural, 1, 1, 1):   # her captain, her deck crew, the enemy's two
        dice, _ = cup()
        after = roll_initiative(state, dice, [])
    assert after.vessel("phaedra").hexes_due == hexes


def test_movement_is_compulsory_and_stops_at_the_hexes_due():
    v = declared(vessel("a", facing="N", column=15, row=20), due=2)
    state = on_count(battle(v, vessel("b", "p2", column=2, row=2)), "a")
    assert not any(isinstance(c, Halt) for c in choices(state))  # no halting under oar
    state, _ = play(state, Step("p1", "a", "ahead"))
    assert state.vessel("a").body.bow == at(15, 19)
    assert state.vessel("a").moving
    state, _ = play(state, Step("p1", "a", "ahead"))
    assert state.vessel("a").body.bow == at(15, 18)
    assert not state.vessel("a").moving       # her count is over: the round went on


def test_a_two_hex_vessel_goes_straight_once_between_turns():
    v = declared(vessel("a", kind="galley_3", facing="N", column=15, row=20), due=4)
    state = on_count(battle(v, vessel("b", "p2", column=2, row=2)), "a")
    state, _ = play(state, Step("p1", "a", "starboard"))
    assert state.vessel("a").body.facing == FACINGS.index("NE")
    assert steps_of(state, "a") == {("Step", "ahead")}
    rule, why = explain(state, Step("p1", "a", "port"))
    assert rule == "Oared Movement" and "straight" in why
    state, _ = play(state, Step("p1", "a", "ahead"))
    assert ("Step", "port") in steps_of(state, "a")


def test_a_one_hex_vessel_may_turn_every_hex_and_a_three_hex_vessel_every_third():
    one = declared(vessel("a", kind="galley_2", column=10, row=20), due=3)
    state = on_count(battle(one, vessel("b", "p2", column=2, row=2)), "a")
    state, _ = play(state, Step("p1", "a", "port"))
    assert ("Step", "port") in steps_of(state, "a")
    three = declared(vessel("c", kind="galley_5", column=20, row=20), due=4)
    state = on_count(battle(three, vessel("b", "p2", column=2, row=2)), "c")
    state, _ = play(state, Step("p1", "c", "port"))
    state, _ = play(state, Step("p1", "c", "ahead"))
    assert steps_of(state, "c") == {("Step", "ahead")}
    state, _ = play(state, Step("p1", "c", "ahead"))
    assert ("Step", "starboard") in steps_of(state, "c")


def test_a_turn_puts_the_middle_in_the_bows_old_hex():
    v = declared(vessel("a", kind="galley_5", column=15, row=20), due=1)
    old_bow = v.body.bow
    state = on_count(battle(v, vessel("b", "p2", column=2, row=2)), "a")
    state, _ = play(state, Step("p1", "a", "starboard"))
    body = state.vessel("a").body
    assert body.hexes[1] == old_bow and body.facing == FACINGS.index("NE")


def test_without_a_full_round_at_the_oars_the_captain_steers_two_turns():
    """Steering: one hex turn as a movement action and one as a combat action."""
    v = declared(vessel("a", kind="galley_2", column=15, row=20), due=4, steer_full=False)
    state = on_count(battle(v, vessel("b", "p2", column=2, row=2)), "a")
    state, _ = play(state, Step("p1", "a", "port"))
    state, _ = play(state, Step("p1", "a", "starboard"))
    assert steps_of(state, "a") == {("Step", "ahead")}
    rule, _ = explain(state, Step("p1", "a", "port"))
    assert rule == "Steering"


def test_phaedra_and_norden_a_replacement_at_the_oars_steers_one_turn():
    """The seed's Steering example: Phaedra (full round) turns as often as her 3-hex galley
    allows; with her down, Norden at the oars without a full round makes one turn only."""
    v = declared(vessel("a", kind="galley_5", column=15, row=25), due=7)
    assert helm.turns_allowed(v) > 2
    state = on_count(battle(v, vessel("b", "p2", column=2, row=2)), "a")
    for how in ("port", "ahead", "ahead", "starboard"):   # turns on hexes 1 and 4
        state, _ = play(state, Step("p1", "a", how))
    assert state.vessel("a").turns == 2
    norden = declared(vessel("n", kind="galley_5", column=15, row=25), due=7,
                      captain_down=True)
    assert helm.turns_allowed(norden) == 1
    state = on_count(battle(norden, vessel("b", "p2", column=2, row=2)), "n")
    for how in ("port", "ahead", "ahead"):
        state, _ = play(state, Step("p1", "n", how))
    assert steps_of(state, "n") == {("Step", "ahead")}   # the turn on count 1 is gone
    assert "captain is down" in explain(state, Step("p1", "n", "port"))[1]


def test_backwatering_at_a_third_of_cruise_straight_or_stern_aside_and_halting_at_will():
    v = vessel("a", kind="galley_3", column=15, row=15)
    assert helm.max_speed(v, "backwater", Wind()) == 90          # 270' / 3
    v = declared(v, "backwater", 90, due=2)
    state = on_count(battle(v, vessel("b", "p2", column=2, row=2)), "a")
    assert steps_of(state, "a") == {("Step", "back"), ("Step", "back_port"),
                                    ("Step", "back_starboard")}
    assert any(isinstance(c, Halt) for c in choices(state))
    stern = v.body.stern
    state, _ = play(state, Step("p1", "a", "back"))
    assert state.vessel("a").body.stern != stern
    assert state.vessel("a").body.facing == FACINGS.index("N")
    state, events = play(state, Halt("p1", "a"))
    assert "Backwatering" in [e.rule for e in events if hasattr(e, "rule")]


def test_a_vessel_that_rammed_must_backwater_before_going_ahead():
    v = vessel("a", must_backwater=True)
    state = battle(v, vessel("b", "p2", column=2, row=2))
    modes = {c.mode for c in choices(state) if isinstance(c, Declare) and c.vessel == "a"}
    assert "oar" not in modes and "backwater" in modes
    rule, why = explain(state, Declare("p1", "a", "oar", 120))
    assert rule == "Ramming" and "backwater" in why


def test_allies_do_not_share_hexes_but_a_monster_may():
    v = declared(vessel("a", column=15, row=20), due=1)
    friend = vessel("f", column=15, row=19, facing="S", kind="galley_2")
    state = on_count(battle(v, friend, vessel("b", "p2", column=2, row=2)), "a")
    plan = plan_step(state, state.vessel("a"), "ahead")
    assert plan.refused and plan.rule == "Stacking on the Sea Battlemap"
    assert ("Step", "ahead") not in steps_of(state, "a")
    serpent = monster("m", "p1", column=15, row=19)
    state = on_count(battle(v, serpent, vessel("b", "p2", column=2, row=2)), "a")
    assert not plan_step(state, state.vessel("a"), "ahead").refused


def test_leaving_the_battlemap_takes_her_out_of_the_battle():
    v = declared(vessel("a", kind="galley_2", column=15, row=0), due=1)
    state = on_count(battle(v, vessel("b", "p2", column=2, row=20)), "a")
    state, events = play(state, Step("p1", "a", "ahead"))
    gone = state.vessel("a")
    assert gone.status is Status.ESCAPED and gone.left_by == "N"
    assert any("leaves the battlemap by the N edge" in t for t in said(events))


def test_speed_falls_with_the_hull_and_with_the_rowers():
    v = vessel("a", kind="galley_3")
    assert helm.max_speed(v, "oar", Wind()) == 330
    assert helm.max_speed(replace(v, shp=v.shp_max // 2 + 1), "oar", Wind()) == 180
    assert helm.max_speed(replace(v, rowers=85), "oar", Wind()) == 180   # 165' -> 180'
    assert helm.max_speed(replace(v, winded=True), "oar", Wind()) == 270  # cruise


def test_the_body_of_a_vessel_is_straight_after_every_step():
    v = declared(vessel("a", kind="galley_8", column=15, row=25), due=6)
    state = on_count(battle(v, vessel("b", "p2", column=2, row=2)), "a")
    for how in ("port", "ahead", "ahead", "ahead", "starboard"):
        state, _ = play(state, Step("p1", "a", how))
        body = state.vessel("a").body
        assert body == Body(body.bow, body.facing, 5)


def test_after_a_ram_she_may_only_backwater_and_a_sailing_ship_is_never_held_so():
    v = vessel("a", kind="galley_3", must_backwater=True)
    assert helm.modes(v, battle(v)) == ("backwater",)
    under_sail = vessel("s", kind="galley_3", sails=True, must_backwater=True)
    assert helm.modes(under_sail, battle(under_sail)) == ("lower",)
    merchant = vessel("m", kind="sailing_ship_small")
    assert helm.modes(merchant, battle(merchant)) == ("sail",)   # no oars: never backwaters


def test_one_turn_per_hex_of_length_counts_hexes_across_the_rounds_end():
    from ahoy_tui.rules.acks.flow import end_round

    v = declared(vessel("a", kind="galley_5", column=15, row=25), due=1)
    state = on_count(battle(v, vessel("b", "p2", column=2, row=2)), "a")
    state, _ = play(state, Step("p1", "a", "port"))            # her last hex this round
    state = end_round(state, *cup())
    v = declared(state.vessel("a"), due=3)
    state = on_count(replace(state, vessels=(v, state.vessels[1])), "a")
    assert steps_of(state, "a") == {("Step", "ahead")}        # two straight hexes first


def test_lowering_sails_a_two_and_a_half_rower_sails_on_and_half_her_sailors_still_sail_her():
    v = vessel("a", kind="galley_2_5", sails=True, facing="S")   # running before a northerly
    assert helm.max_speed(v, "lower", Wind("moderate", 0)) == 360
    assert helm.max_speed(vessel("b", kind="galley_3", sails=True, facing="S"), "lower",
                          Wind("moderate", 0)) == 0
    assert helm.max_speed(replace(v, sailors=5), "sail", Wind("moderate", 0)) == 360
    assert helm.max_speed(replace(v, sailors=4), "sail", Wind("moderate", 0)) == 300  # 288'


def test_a_step_off_the_battlemap_asks_first_unless_that_edge_is_her_way_to_win():
    from ahoy_tui.rules.acks import RULESET

    v = declared(vessel("a", kind="galley_2", column=15, row=0), due=1)
    state = on_count(battle(v, vessel("b", "p2", column=2, row=20)), "a")
    assert "leave the battlemap by the N edge" in RULESET.caution(state, Step("p1", "a",
                                                                              "ahead"))
    inside = on_count(battle(declared(vessel("a", kind="galley_2"), due=1),
                             vessel("b", "p2", column=2, row=20)), "a")
    assert RULESET.caution(inside, Step("p1", "a", "ahead")) == ""
    home = replace(state, victory=(("escape_p1", "N"),))
    assert RULESET.caution(home, Step("p1", "a", "ahead")) == ""
