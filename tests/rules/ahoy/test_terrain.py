"""Terrain (Advanced rules): Running Aground, Beaching and Re-floating, Wrecks and Sunken Ships,
Shallow Water, Docking/Casting Off, and land in the way of shots.

Wind blows toward the south. A Medium ship (13" × 3.5") at (20, 24) heading east has her bow at
x = 26.5. Every test forces every die the actions roll (``play`` checks).
"""

from __future__ import annotations

import attrs
import pytest
from kit import happened, new_game, play, rolls, scenario, ship, state, until_turn_of

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.damage import sink
from ahoy_tui.rules.ahoy.legal import explain
from ahoy_tui.rules.ahoy.model import GunState, Phase
from ahoy_tui.rules.ahoy.scenario import ScenarioError, load
from ahoy_tui.rules.ahoy.shooting import fire_choice, missile_targets

FAR = ship("far", "p2", x=64, y=44, heading="W", anchored=True)
ROCKS = {"kind": "rocks", "id": "teeth", "name": "the Teeth", "rect": [30, 18, 34, 30]}
SANDBANK = {"kind": "sandbank", "id": "bar", "name": "the Bar", "rect": [30, 18, 34, 30]}
QUAY = {"kind": "quay", "id": "quay", "name": "the Old Quay", "rect": [40, 18, 44, 30]}


def medium(x: float = 20, y: float = 24, heading: str = "E", **extra):
    return ship("hms", "p1", x=x, y=y, heading=heading, **extra)


def to_movement(game: Game, *dice: int) -> None:
    play(game, a.EndOrders(), *dice)


def hms(game: Game):
    return state(game).ship("hms")


def with_ship(game: Game, ship_id: str, **changes) -> Game:
    """The same game from its present state with one ship changed."""
    s = state(game)
    ships = tuple(attrs.evolve(x, **changes) if x.id == ship_id else x for x in s.ships)
    return Game(game.ruleset, game.scenario, game.seed, game.options,
                attrs.evolve(s, ships=ships), ())


# --- Running Aground --------------------------------------------------------------------------


def test_striking_rocks_over_6_inches_damage_on_7_then_stuck_on_4():
    game = new_game(medium(), FAR, terrain=[ROCKS])
    to_movement(game)
    play(game, a.StartMove("hms", "full"), 2)  # reaching D6+6: 8"
    # +2 solid, +1 over 6": 4 makes 7 → damage; 3 is Crunch (D6: 5); 4 → stuck fast.
    events = play(game, a.Advance(8), 4, 3, 5, 4)
    ship_now = hms(game)
    assert ship_now.x == pytest.approx(30 - 6.5)  # stopped with her bow on the rocks
    assert ship_now.sp == ship_now.sp_max - 5
    assert ship_now.aground == "stuck" and ship_now.speed == 0
    assert state(game).move is None
    assert [r.rule for r in rolls(events)] == ["Running Aground"] * 4
    assert "+3" in rolls(events)[0].purpose


def test_a_sandbank_is_plus_1_and_at_6_inches_nothing_more():
    game = new_game(medium(), FAR, terrain=[SANDBANK])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"), )  # the fixed 6" reaching
    play(game, a.Advance(6), 5, 3)  # 5 + 1 = 6: no damage; 3: comes free
    ship_now = hms(game)
    assert ship_now.sp == ship_now.sp_max
    assert ship_now.aground == "" and ship_now.fend_off
    assert ship_now.x == pytest.approx(23.5)


def test_over_12_inches_adds_2_not_3():
    game = new_game(medium(heading="S", x=20, y=10),
                    FAR, terrain=[{"kind": "rocks", "rect": [10, 28, 30, 34]}])
    to_movement(game)
    play(game, a.StartMove("hms", "full"), 5)  # running D6+8: 13"
    events = play(game, a.Advance(13), 2, 3)  # 2 +2 solid +2 (over 12") = 6: no damage
    assert "+4" in rolls(events)[0].purpose
    assert hms(game).sp == hms(game).sp_max


@pytest.mark.parametrize(("table_roll", "amount_dice", "damage"), [
    (1, (), 0), (2, (3,), 2), (5, (6,), 6), (6, (3, 4), 7)])
def test_the_running_aground_damage_table(table_roll, amount_dice, damage):
    game = new_game(medium(), FAR, terrain=[ROCKS])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))
    play(game, a.Advance(6), 5, table_roll, *amount_dice, 1)  # 5 + 2 = 7; then free on a 1
    assert hms(game).sp_max - hms(game).sp == damage


def test_large_ships_stick_fast_on_a_3():
    game = new_game(medium(size="large", x=15), FAR, terrain=[ROCKS])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))  # Large reaching: fixed 8"
    play(game, a.Advance(8), 1, 3)  # 1 + 2 + 1 = 4: no damage; 3 + 1 (Large) = 4: stuck
    assert hms(game).aground == "stuck"


def test_a_ship_that_came_free_may_turn_before_moving():
    game = new_game(medium(), FAR, terrain=[SANDBANK])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))
    play(game, a.Advance(6), 5, 3)
    until_turn_of(game, "p1")
    to_movement(game)
    play(game, a.StartMove("hms", "under_way"))  # from a standstill: half her fixed rate
    assert a.Turn("port") in list(game.legal_actions())  # fending off: no 3" first
    play(game, a.Turn("port"))
    assert hms(game).heading == 1


# --- Beaching and Re-floating ------------------------------------------------------------------


def test_small_ships_run_ashore_on_sand_without_damage_and_shove_off_with_two_crew():
    game = new_game(ship("hms", "p1", size="small", x=23, y=24, heading="E",
                         crew={"sailor": 6}), FAR, terrain=[SANDBANK])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))  # Small reaching: fixed 4"; the bank 3" off
    events = play(game, a.Advance(4))  # no dice at all
    assert hms(game).aground == "beached" and hms(game).sp == hms(game).sp_max
    assert happened(events, "beached")
    until_turn_of(game, "p1")
    assert explain(in_movement(game), a.StartMove("hms", "slow"))[0] == "Beaching and Re-floating"
    play(game, a.ShoveOff("hms"))
    assert hms(game).aground == ""
    to_movement(game)
    assert a.StartMove("hms", "under_way") in list(game.legal_actions())


def in_movement(game: Game):
    return attrs.evolve(state(game), phase=Phase.MOVEMENT)


def test_a_beached_boat_with_one_man_cannot_shove_off():
    game = new_game(ship("hms", "p1", size="jolly_boat", x=27, y=24, heading="E",
                         crew={"sailor": 1}, captain=False), FAR, terrain=[SANDBANK])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))  # Jolly Boat reaching: fixed 2"
    play(game, a.Advance(2))
    assert hms(game).aground == "beached"
    until_turn_of(game, "p1")
    assert a.ShoveOff("hms") not in list(game.legal_actions())
    with pytest.raises(IllegalAction, match="two crew"):
        game.play(a.ShoveOff("hms"))


def test_a_stuck_ship_neither_moves_nor_drifts_and_refloats_on_a_6():
    game = new_game(medium(), FAR, terrain=[ROCKS])
    game = with_ship(game, "hms", aground="stuck", speed=0, under_way=0)
    assert "re-floated" in explain(in_movement(game), a.StartMove("hms", "under_way"))[1]
    to_movement(game, 5)  # the re-floating roll at the start of her movement: 5 fails
    assert hms(game).aground == "stuck"
    x, y = hms(game).x, hms(game).y
    until_turn_of(game, "p1")
    assert (hms(game).x, hms(game).y) == (x, y)  # held fast: no drift
    to_movement(game, 6)
    assert hms(game).aground == ""
    assert a.StartMove("hms", "under_way") in list(game.legal_actions())


def test_guns_heaved_overboard_take_a_turn_then_add_1_each():
    game = new_game(medium(guns=[("naval_cannon", "port"), ("naval_cannon", "starboard")]),
                    FAR, terrain=[ROCKS])
    game = with_ship(game, "hms", aground="stuck", speed=0, under_way=0)
    play(game, a.HeaveGun("hms", "g1"))
    assert [g.state for g in hms(game).guns] == [GunState.HEAVED, GunState.READY]
    assert a.HeaveGun("hms", "g1") not in list(game.legal_actions())
    to_movement(game, 5)  # this turn the gun is still going over: 5 fails
    assert hms(game).aground == "stuck"
    until_turn_of(game, "p1")
    assert hms(game).heaved == 1 and [g.id for g in hms(game).guns] == ["g2"]
    to_movement(game, 5)  # 5 + 1 = 6
    assert hms(game).aground == ""


def test_heaving_guns_is_only_for_a_stuck_ship():
    game = new_game(medium(guns=[("naval_cannon", "port")]), FAR)
    with pytest.raises(IllegalAction, match="Beaching and Re-floating"):
        game.play(a.HeaveGun("hms", "g1"))


# --- Wrecks and Sunken Ships -------------------------------------------------------------------


def test_a_sunk_ship_leaves_a_wreck_marker_unless_the_scenario_says_not():
    for wrecks, expected in ((True, ["wreck-far"]), (False, [])):
        game = new_game(medium(), ship("far", "p2", x=50, y=10), wrecks=wrecks)
        s = sink(state(game), Dice(Rng(1), []), "far", "a test", "Taking Damage")
        assert [f.id for f in s.terrain] == expected
        if expected:
            wreck = s.terrain[0]
            assert wreck.kind == "wreck"
            xs = [p[0] for p in wreck.outline]
            assert min(xs) < 50 < max(xs)


WRECK = {"kind": "wreck", "id": "wreck", "name": "the Maria", "circle": [31, 24, 1]}


def test_sailing_over_a_wreck_strikes_it_on_1_to_3():
    game = new_game(medium(), FAR, terrain=[WRECK])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))
    events = play(game, a.Advance(6), 3, 2, 1)  # 3: strikes; 3 + 2 solid = 5: no harm; free
    assert rolls(events)[0].rule == "Wrecks and Sunken Ships"
    assert rolls(events)[1].rule == "Running Aground"
    assert hms(game).x == pytest.approx(30 - 6.5)


def test_sailing_over_a_wreck_passes_safely_on_4_to_6_and_rolls_once():
    game = new_game(medium(), FAR, terrain=[WRECK])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))
    play(game, a.Advance(4), 4)  # over it safely
    play(game, a.Advance(2))  # still over it: no second roll this move
    assert hms(game).x == pytest.approx(26)


# --- Shallow Water -----------------------------------------------------------------------------

SHORE = {"kind": "land", "id": "shore", "name": "the north shore", "rect": [0, 0, 72, 10]}


def test_medium_ships_coming_within_4_inches_of_a_shore_run_aground_on_4():
    # Heading north into the wind (beating): the slow pace is her fixed 2". Her bow at 15.5
    # comes within 4" of the shore (y = 14) after 1.5".
    game = new_game(medium(heading="N", y=22), FAR, terrain=[SHORE])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))
    events = play(game, a.Advance(2), 4, 3, 6)  # 4: aground; 3 + 1 = 4, no harm; 6: stuck
    assert rolls(events)[0].rule == "Shallow Water"
    assert hms(game).y == pytest.approx(20.5, abs=0.1)
    assert hms(game).aground == "stuck"


def test_deep_enough_water_and_she_sails_on_then_rolls_each_later_turn():
    game = new_game(medium(heading="N", y=22), FAR, terrain=[SHORE])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))
    play(game, a.Advance(2), 3)  # 3: enough water, she goes on
    assert hms(game).y == pytest.approx(20)
    until_turn_of(game, "p1")
    events = play(game, a.EndOrders(), 4, 1, 1)  # still within 4": 4 runs aground; no harm; free
    assert rolls(events)[0].rule == "Shallow Water"
    assert hms(game).speed == 0 and hms(game).aground == ""


def test_small_ships_ignore_shallow_water():
    game = new_game(ship("hms", "p1", size="small", heading="N", y=20), FAR, terrain=[SHORE])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))  # Small beating: fixed 4"
    play(game, a.Advance(4))  # no roll
    assert hms(game).y == pytest.approx(16)


def test_a_shore_the_players_agree_is_deep_has_no_shallows():
    deep = {**SHORE, "shallow": False}
    game = new_game(medium(heading="N", y=22), FAR, terrain=[deep])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))
    play(game, a.Advance(2))
    assert hms(game).y == pytest.approx(20)


# --- Docking/Casting Off -----------------------------------------------------------------------


def test_docking_at_6_inches_or_less_makes_her_fast_to_the_quay():
    game = new_game(medium(x=30), FAR, terrain=[QUAY])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))  # 6"
    events = play(game, a.Advance(6))
    assert hms(game).docked == "quay" and hms(game).x == pytest.approx(33.5)
    assert happened(events, "docked")
    until_turn_of(game, "p1")
    x = hms(game).x
    to_movement(game)  # made fast: no drift, no move to make
    assert hms(game).x == x
    assert not any(isinstance(x, a.StartMove) for x in game.legal_actions())


def test_docking_too_fast_is_a_collision_with_the_quayside():
    game = new_game(medium(x=30), FAR, terrain=[QUAY])
    to_movement(game)
    play(game, a.StartMove("hms", "full"), 2)  # 8"
    events = play(game, a.Advance(8), 2, 1)  # collision: 2 + 2 + 1 = 5, no harm; free
    assert happened(events, "quay_collision")
    assert hms(game).docked is None


def test_casting_off_with_the_minimum_crew_starts_from_speed_0():
    data = scenario(medium(x=33.5, docked=True, speed=0), FAR, terrain=[QUAY])
    game = Game.new("ahoy", scenario_data=data, seed=1)
    assert hms(game).docked == "quay"
    play(game, a.CastOffFromQuay("hms"))
    assert hms(game).docked is None and hms(game).under_way == 0
    to_movement(game)
    assert a.StartMove("hms", "under_way") in list(game.legal_actions())


def test_casting_off_without_the_minimum_crew_casts_her_adrift():
    data = scenario(medium(x=33.5, docked=True, speed=0, crew={"sailor": 3}), FAR,
                    terrain=[QUAY])
    game = Game.new("ahoy", scenario_data=data, seed=1)
    y = hms(game).y
    events = play(game, a.CastOffFromQuay("hms"), 4)  # D6" with the wind (south)
    assert happened(events, "quay_adrift")
    assert hms(game).y == pytest.approx(y + 4)


# --- Land in the way ---------------------------------------------------------------------------

ISLAND = {"kind": "land", "name": "the isle", "rect": [30, 14, 36, 34], "shallow": False}


def test_land_blocks_a_line_of_fire_and_marksmen():
    ships = (medium(heading="N", guns=[("naval_cannon", "starboard")],
                    crew={"sailor": 8, "marine": 2}, missiles={"marine": "handgun"}),
             ship("far", "p2", x=44, y=24, heading="N"))
    open_sea = new_game(*ships)
    behind_land = new_game(*ships, terrain=[ISLAND])
    for game, bears in ((open_sea, True), (behind_land, False)):
        s = state(game)
        gun = s.ship("hms").guns[0]
        assert (fire_choice(s, s.ship("hms"), gun) is not None) == bears
        assert bool(missile_targets(s, s.ship("hms"))) == bears


def test_a_ship_may_not_turn_onto_rocks():
    game = new_game(medium(), FAR, terrain=[{"kind": "rocks", "rect": [24, 26.5, 30, 30]}])
    to_movement(game)
    play(game, a.StartMove("hms", "slow"))
    play(game, a.Advance(3))
    with pytest.raises(IllegalAction, match="rocks"):
        game.play(a.Turn("starboard"))
    play(game, a.Turn("port"))


def test_drifting_onto_rocks_is_running_aground():
    game = new_game(medium(speed=4), FAR, terrain=[{"kind": "rocks", "rect": [10, 28, 30, 32]}])
    to_movement(game)
    events = play(game, a.StartMove("hms", "halt"), 5, 4, 2)  # drifts 5": 2.25" to the rocks
    assert happened(events, "aground")
    assert hms(game).y == pytest.approx(28 - 1.75)


# --- scenarios ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("piece", "message"), [
    ({"kind": "volcano", "rect": [0, 0, 5, 5]}, "kind: 'volcano' is not one of"),
    ({"kind": "land", "points": [[0, 0], [10, 0], [2, 2], [0, 10]]}, "must be convex"),
    ({"kind": "land", "rect": [0, 0, 5, 5], "circle": [3, 3, 1]}, "exactly one of"),
    ({"kind": "land", "rect": [5, 0, 0, 5]}, "x0 < x1"),
    ({"kind": "rocks", "rect": [15, 20, 25, 28]}, "lies on top of terrain rocks1"),
])
def test_bad_terrain_is_one_line_naming_the_problem(piece, message):
    with pytest.raises(ScenarioError, match=message):
        load(data=scenario(medium(), FAR, terrain=[piece]))


def test_a_docked_ship_must_lie_by_a_quay():
    with pytest.raises(ScenarioError, match="docked but lies more than 1"):
        load(data=scenario(medium(docked=True), FAR, terrain=[QUAY]))


def test_terrain_and_a_docked_ship_survive_save_and_load(tmp_path):
    from ahoy_tui.engine.saves import load_game

    rocks = {"kind": "rocks", "id": "teeth", "rect": [10, 40, 14, 44]}
    data = scenario(medium(x=33.5, docked=True, speed=0), FAR, terrain=[QUAY, rocks])
    game = Game.new("ahoy", scenario_data=data, seed=3)
    play(game, a.CastOffFromQuay("hms"))
    path = game.save(tmp_path / "t.json")
    again = load_game(path)
    assert again.state == game.state
    assert [f.id for f in state(again).terrain] == ["quay", "teeth"]
