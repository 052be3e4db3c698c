"""Artillery (arcs by mount, range, the share of damage a vessel takes, catapults against moving
monsters, submerged monsters), the Heavy Harpoon Ballista (latching on, winching) and Missile
Attacks (a crew as a troop formation, the die that picks who is struck)."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks import fire
from ahoy_tui.rules.acks.actions import Shoot, Volley, Winch
from ahoy_tui.rules.acks.legal import actor_choices, choices
from ahoy_tui.rules.acks.model import Actor, Grapple, Phase

from .helpers import battle, monster, piece, play, rolls, said, vessel


def at_count(state, vid, pid, role="piece"):
    v = state.vessel(vid)
    actor = Actor(f"{vid}:{pid}", vid, v.side, role, 3, 3, piece=pid if role == "piece" else "")
    return replace(state, phase=Phase.COUNTS, actors=(actor,), count=3, to_act=v.side)


def gunner(kind, mount="bow", **fields):
    return vessel("a", kind="galley_3", column=15, row=20, facing="N",
                  pieces=(piece("a1", kind, mount),), **fields)


@pytest.mark.parametrize(("mount", "column", "row", "in_arc"), [
    ("bow", 15, 16, True), ("bow", 19, 20, False), ("stern", 15, 25, True),
    ("starboard", 19, 20, True), ("starboard", 11, 20, False), ("port", 11, 20, True),
])
def test_a_piece_fires_only_into_its_mounts_arc(mount, column, row, in_arc):
    a = gunner("heavy_ballista", mount)
    b = vessel("b", "p2", kind="galley_2", column=column, row=row)
    assert (fire.targets(battle(a, b), a, a.pieces[0]) != []) is in_arc


@pytest.mark.parametrize(("kind", "rolled", "taken"), [
    ("medium_ballista", (6, 6), 1),          # 12, a tenth
    ("heavy_ballista", (6, 6, 6), 6),        # 18, a third
    ("light_catapult", (5, 5, 5), 5),        # 15, a third
    ("medium_catapult", (6, 6, 6, 6), 24),   # all other artillery: full
])
def test_a_vessel_takes_the_pieces_share_of_its_damage(kind, rolled, taken):
    a = gunner(kind)
    b = vessel("b", "p2", kind="galley_3", column=15, row=17, facing="S")
    state = at_count(battle(a, b), "a", "a1")
    state, events = play(state, Shoot("p1", "a", "a1", "b"), 15, *rolled)
    assert state.vessel("b").shp == 55 - taken
    assert next(r.dice for r in rolls(events)) == "D20"


def test_range_costs_two_at_medium_and_five_at_long_and_a_piece_reloads():
    a = gunner("heavy_ballista")                              # 2/5/8 hexes
    b = vessel("b", "p2", kind="galley_3", column=15, row=13, facing="S")   # 6 hexes: long
    state = at_count(battle(a, b), "a", "a1")
    state, events = play(state, Shoot("p1", "a", "a1", "b"), 16)   # 16 - 5 < 12
    assert state.vessel("b").shp == 55
    assert "17+" in rolls(events)[0].need and "long" in rolls(events)[0].purpose
    assert state.vessel("a").pieces[0].reload == 1
    assert fire.targets(state, state.vessel("a"), state.vessel("a").pieces[0]) == []


def test_a_catapult_loses_four_at_a_moving_monster_and_a_submerged_one_is_harder_and_halved():
    a = gunner("light_catapult")
    m = monster(column=15, row=17, moved_this_round=True)
    state = at_count(battle(a, m), "a", "a1")
    state, events = play(state, Shoot("p1", "a", "a1", "serpent"), 18)   # 18-4 < 15
    assert state.vessel("serpent").shp == 60 and "moving monster" in rolls(events)[0].purpose
    b = gunner("heavy_ballista")
    m = monster(column=15, row=18, submerged=True)
    state = at_count(battle(b, m), "a", "a1")
    state, events = play(state, Shoot("p1", "a", "a1", "serpent"), 19, 6, 6, 6)  # vs AC 9
    assert state.vessel("serpent").shp == 60 - 9          # 18 halved, and no vessel share


def test_a_harpoon_latches_on_and_the_winch_draws_the_lighter_vessel_in():
    a = gunner("heavy_harpoon")
    b = vessel("b", "p2", kind="galley_2", column=15, row=18, facing="S")
    state = at_count(battle(a, b), "a", "a1")
    state, events = play(state, Shoot("p1", "a", "a1", "b"), 15, 1, 1)   # medium: 13 hits
    assert Grapple("a", "b", "harpoon", "a1") in state.grapples
    assert any("latches onto" in t for t in said(events))
    state = at_count(state, "a", "a1")
    assert Winch("p1", "a", "a1") in actor_choices(state, state.actors[0])
    gap_before = fire.reach_of(state.vessel("a"), state.vessel("b"))
    state, events = play(state, Winch("p1", "a", "a1"))
    assert fire.reach_of(state.vessel("a"), state.vessel("b")) == gap_before - 1
    assert state.vessel("b").body.facing == b.body.facing         # facing unchanged


def test_between_equal_vessels_a_d2_says_which_is_drawn():
    a = gunner("heavy_harpoon")
    b = vessel("b", "p2", kind="galley_3", column=15, row=16, facing="S")
    state = replace(at_count(battle(a, b), "a", "a1"),
                    grapples=(Grapple("a", "b", "harpoon", "a1"),))
    state = replace(state, vessels=(replace(state.vessels[0], pieces=(
        replace(state.vessels[0].pieces[0], harpooned="b"),)), state.vessels[1]))
    bow = state.vessel("a").body.bow
    state, events = play(state, Winch("p1", "a", "a1"), 1)
    assert rolls(events)[0].dice == "D2"
    assert state.vessel("a").body.bow != bow                 # 1: the harpooner is drawn


@pytest.mark.parametrize(("crew", "hexes", "penalty"), [
    (20, 4, -2),     # 59 or fewer: long range as medium (short bow long 4-5)
    (20, 3, -2),     # medium
    (100, 5, 0),     # 60-239: to long range without penalty
    (100, 6, None),  # ... not beyond long
    (300, 9, 0),     # 240-959: to double long
])
def test_a_crew_is_shot_at_as_a_troop_formation(crew, hexes, penalty):
    a = vessel("a", kind="galley_3", column=15, row=20, missile="short_bow")
    b = vessel("b", "p2", kind="galley_2", column=15, row=20 - hexes, facing="S",
               sailors=crew, marines=0)
    assert fire.volley_penalty(a, b) == penalty


def test_a_volley_is_a_throw_per_five_men_and_a_die_picks_who_is_struck():
    a = vessel("a", kind="galley_3", column=15, row=20, missile="long_bow", marines=15)
    b = vessel("b", "p2", kind="galley_2", column=15, row=18, facing="S")  # 5 sailors 10 mar.
    state = at_count(battle(a, b), "a", "crew", role="crew")
    assert Volley("p1", "a", "b") in choices(state)
    # three throws vs AC 2: 12, 5, 20 -> two hits; struck: man 1 of 16 (a sailor), a long
    # bow's 1d6 of 4 against his 4 hp; then man 15 of 15 (the captain, counted last), 6 of
    # his 20 hp: wounded, he steers on
    state, events = play(state, Volley("p1", "a", "b"), 12, 5, 20, 1, 4, 15, 6)
    hit = state.vessel("b")
    assert hit.sailors == 4
    assert not hit.captain_down and hit.captain_hurt == 6
    assert rolls(events)[0].dice == "3D20" and rolls(events)[1].dice == "D16"
    assert rolls(events)[2].dice == "1D6" and "long bow damage" in rolls(events)[2].purpose
    assert any("the captain, captain of b (6 hp, 14/20 left)" in t for t in said(events))
