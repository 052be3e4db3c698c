"""Raising and Lowering Sails, Sailing Movement (the wind's strength and point of sail, the seed's
close-hauled example, facing into the wind) and Oar Sprinting (winded after 10 rounds, rested
after a turn)."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import FACINGS, distance
from ahoy_tui.rules.acks import helm
from ahoy_tui.rules.acks.actions import Declare, ShiftBow, Step
from ahoy_tui.rules.acks.flow import end_round
from ahoy_tui.rules.acks.legal import choices
from ahoy_tui.rules.acks.model import Declared, Wind
from ahoy_tui.rules.acks.movement import shifted

from .helpers import battle, cup, declared, on_count, play, said, vessel

NORTH = Wind("moderate", FACINGS.index("N"))


def test_phaedras_four_rower_close_hauled_moves_two_thirds_two_hexes():
    """The seed's example: sail 180', facing NW against a northerly, 120': 2 hexes."""
    v = vessel("phaedra", kind="galley_4", facing="NW", sails=True)
    assert helm.point_name(v.body.facing, NORTH) == "close-hauled"
    assert helm.max_speed(v, "sail", NORTH) == 120
    from ahoy_tui.rules.acks.tables import hexes_moved

    assert hexes_moved(120, 1) == 2


def test_she_may_go_ahead_or_turn_west_but_turning_north_halts_her():
    v = declared(vessel("phaedra", kind="galley_4", facing="NW", sails=True,
                        column=15, row=20), "sail", 120, due=2)
    state = on_count(battle(v, vessel("b", "p2", column=2, row=2), wind=NORTH), "phaedra")
    after, events = play(state, Step("p1", "phaedra", "starboard"))   # NW -> N
    assert after.vessel("phaedra").body.facing == FACINGS.index("N")
    assert any("turns into the wind and halts" in t for t in said(events))
    assert not after.vessel("phaedra").moving
    after, _ = play(state, Step("p1", "phaedra", "port"))             # NW -> SW: on she goes
    assert after.vessel("phaedra").moving


def test_facing_into_the_wind_she_may_only_shift_her_bow():
    v = declared(vessel("a", kind="galley_4", facing="N", sails=True, column=15, row=20),
                 "sail", 0)
    v = replace(v, shifted_only=True)
    assert helm.max_speed(v, "sail", NORTH) == 0
    state = on_count(battle(v, vessel("b", "p2", column=2, row=2), wind=NORTH), "a")
    assert {type(c).__name__ for c in choices(state)} == {"ShiftBow", "Halt"}
    pivot = v.body.hexes[1]
    after, _ = play(state, ShiftBow("p1", "a", 1))
    moved = after.vessel("a")
    # she pivots on the hex behind her bow: the bow goes into the hex beside its own
    assert moved.body.facing == FACINGS.index("NE") and moved.body.hexes[1] == pivot
    assert distance(moved.body.bow, v.body.bow) == 1


@pytest.mark.parametrize("kind", ["galley_1", "galley_2", "galley_3", "galley_5", "galley_8"])
def test_into_the_wind_the_bow_of_any_length_goes_one_hex_beside_its_own(kind):
    v = replace(vessel("a", kind=kind, facing="N", sails=True, column=15, row=15),
                shifted_only=True)
    for turn, facing in ((1, "NE"), (-1, "NW")):
        body = shifted(v, turn)
        assert body.facing == FACINGS.index(facing) and body.length == v.body.length
        assert distance(body.bow, v.body.bow) == (0 if v.body.length == 1 else 1)


def test_a_shift_that_would_swing_her_off_the_battlemap_or_into_an_ally_is_not_offered():
    v = declared(vessel("a", kind="galley_8", facing="N", sails=True, column=1, row=15),
                 "sail", 0)
    v = replace(v, shifted_only=True)
    state = on_count(battle(v, vessel("b", "p2", column=25, row=2), wind=NORTH), "a")
    offered = {c.turn for c in choices(state) if isinstance(c, ShiftBow)}
    # a 5-hex 8-rower by the west edge: to starboard her stern would swing off it
    assert offered == {-1}


def test_wind_strength_scales_the_sail_and_a_strong_wind_runs_the_fast_galleys_past_360():
    v = vessel("a", kind="galley_2_5", facing="S", sails=True)   # sail 360'
    assert helm.max_speed(v, "sail", Wind("gentle", 0)) == 180
    assert helm.max_speed(v, "sail", Wind("still", 0)) == 0
    assert helm.max_speed(v, "sail", Wind("strong", 0)) == 480   # 540' capped at 480'
    slow_kind = vessel("b", kind="sailing_ship_small", facing="S")   # no star
    assert helm.max_speed(slow_kind, "sail", Wind("strong", 0)) == 360


def test_raising_sails_stops_a_vessel_but_a_one_and_a_half_rower_rows_on_at_cruise():
    big = vessel("a", kind="galley_3")
    small = vessel("b", kind="galley_1_5")
    state = battle(big, small, vessel("c", "p2", column=2, row=2))
    raise_big = [c for c in choices(state) if isinstance(c, Declare) and c.vessel == "a"
                 and c.mode == "raise"]
    raise_small = [c for c in choices(state) if isinstance(c, Declare) and c.vessel == "b"
                   and c.mode == "raise"]
    assert {c.speed for c in raise_big} == {0}
    assert {c.speed for c in raise_small} == {180}        # her oar cruise


def test_the_sails_are_up_at_the_rounds_end_and_it_takes_the_sailors():
    v = replace(vessel("a", kind="galley_3"), declared=Declared("raise", 0))
    state = battle(v, vessel("c", "p2", column=2, row=2))
    dice, events = cup()
    after = end_round(state, dice, events)
    assert after.vessel("a").sails
    assert helm.sailors_needed(vessel("b", kind="galley_1_5")) == 3
    assert helm.sailors_needed(vessel("b", kind="galley_2_5")) == 5
    short = vessel("d", kind="galley_2_5", sailors=4)
    assert "raise" not in helm.modes(short, state)


def test_sprinting_ten_rounds_winds_the_rowers_and_a_turn_of_rest_restores_them():
    v = replace(vessel("a", kind="galley_3"), declared=Declared("oar", 330), sprint_rounds=9)
    state = battle(v, vessel("c", "p2", column=2, row=2))
    dice, events = cup()
    after = end_round(state, dice, events)
    assert after.vessel("a").winded
    assert helm.max_speed(after.vessel("a"), "oar", NORTH) == 270
    tired = replace(after.vessel("a"), declared=Declared("oar", 0), rested=9)
    after = end_round(replace(after, vessels=(tired, after.vessels[1])), *cup())
    assert not after.vessel("a").winded
