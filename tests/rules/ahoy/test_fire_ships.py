"""Fire Ships (Advanced rules), played with forced dice.

The Tower (p1, Medium) has the fire ship Hellburner (Medium, crewless) under tow, 2" astern of
her stern. The wind blows toward the south, so heading east is reaching (D6+6 for a Medium
ship). A p2 hulk lies anchored far off unless a test puts ships near.
"""

from __future__ import annotations

import pytest
from kit import (
    act,
    happened,
    new_game,
    pass_turn,
    play,
    rolls,
    ship,
    state,
    to_movement,
    until_turn_of,
)
from kit import scenario as make_scenario
from test_turn_order import with_state

from ahoy_tui.engine import forced
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.flow import still_fighting
from ahoy_tui.rules.ahoy.model import update_ship
from ahoy_tui.rules.ahoy.scenario import ScenarioError, load

RULE = "Fire Ships"


def tower(**extra):
    data = {"x": 30, "y": 24, "heading": "E", "speed": 8, **extra}
    return ship("tower", "p1", **data)


def hellburner(**extra):
    data = {"x": 0, "y": 0, "heading": "E", "speed": 0, "crew": {}, "fire_ship": True,
            "tow": "tower", **extra}
    return ship("hellburner", "p1", **data)


def hulk(**extra):
    data = {"x": 60, "y": 42, "heading": "E", "speed": 0, "anchored": True, **extra}
    return ship("hulk", "p2", **data)


def fire_game(*ships, markers=3):
    """A game whose set-up rolls ``markers`` for the fire ship (D6+1 markers)."""
    with forced(markers):
        return new_game(*(ships or (tower(), hellburner(), hulk())))


def fs(game):
    return state(game).ship("hellburner")


def fire_rolls(events):
    return [r for r in rolls(events) if r.rule == RULE]


# --- the scenario ------------------------------------------------------------------------------


@pytest.mark.parametrize(("fire_ship", "others", "message"), [
    ({"size": "small"}, (), "only Medium or larger ships may be fire ships"),
    ({"crew": {"sailor": 2}}, (), "a fire ship carries no crew"),
    ({"tow": None}, (), "a fire ship must be towed"),
    ({"tow": "hulk"}, (), "must be a ship of her side"),
    ({"size": "large"}, (), "must be of her size or larger"),
    ({"fires": 2}, (), "rolled at set-up"),
    ({"anchored": True}, (), "no anchor down"),
])
def test_a_fire_ship_is_checked_in_the_scenario(fire_ship, others, message):
    data = make_scenario(tower(), hellburner(**fire_ship), hulk())
    if fire_ship.get("tow", "tower") is None:
        del data["ships"][1]["tow"]
    with pytest.raises(ScenarioError, match=message):
        load(data=data)


def test_only_a_fire_ship_is_towed():
    data = make_scenario(tower(), ship("barge", "p1", x=10, y=10, tow="tower"), hulk())
    with pytest.raises(ScenarioError, match="only a fire ship is towed"):
        load(data=data)


def test_a_fire_ship_begins_with_d6_plus_1_markers_at_her_station_astern():
    game = fire_game(markers=3)
    boat, towing = fs(game), state(game).ship("tower")
    assert boat.fires == 4
    # 2" of tow between the Tower's stern and her bow, on the Tower's heading and speed.
    assert boat.x == pytest.approx(towing.x - towing.length / 2 - 2 - boat.length / 2)
    assert (boat.y, boat.heading, boat.speed) == (24, towing.heading, 8)
    assert not [c for c in state(game).crew if c.aboard == "hellburner"]


# --- under tow -------------------------------------------------------------------------------


def test_under_tow_she_keeps_station_astern_of_her_tower():
    game = fire_game()
    to_movement(game)
    play(game, a.StartMove("tower", "slow"))  # the fixed 6"
    play(game, a.Advance(3))
    play(game, a.Turn("starboard"))
    play(game, a.Advance(3))
    events = play(game, a.EndMove())
    towing, boat = state(game).ship("tower"), fs(game)
    assert happened(events, "towed")
    assert boat.heading == towing.heading == 3  # south-east, behind her tower
    gap = towing.length / 2 + 2 + boat.length / 2
    assert boat.x == pytest.approx(towing.x - gap * 0.7071067811865476, abs=1e-3)
    assert boat.y == pytest.approx(towing.y - gap * 0.7071067811865476, abs=1e-3)
    assert boat.speed == 6 and boat.adrift == 0


def test_cast_adrift_she_runs_on_at_her_speed_then_goes_out_of_control():
    game = fire_game()
    to_movement(game)
    assert a.CastAdrift("tower", "hellburner") in game.legal_actions()
    events = play(game, a.CastAdrift("tower", "hellburner"))
    assert happened(events, "cast_adrift")
    start_x = fs(game).x
    # She waits for her tower to move clear, then runs straight on at her 8".
    assert not fs(game).moved
    play(game, a.StartMove("tower", "full"), 6)  # D6+6: 12"
    play(game, a.Advance(12))
    events = play(game, a.EndMove())
    assert happened(events, "adrift_run")
    boat = fs(game)
    assert boat.x == pytest.approx(start_x + 8) and boat.heading == 2 and boat.moved
    assert a.CastAdrift("tower", "hellburner") not in game.legal_actions()
    until_turn_of(game, "p1")
    assert fs(game).fires == 5  # a marker more at the start of her side's turn
    events = to_movement(game, 5)  # out of control: 5 swings her 45° to starboard
    ooc = [r for r in rolls(events) if r.rule == "Ships Moving Out of Control"]
    assert len(ooc) == 1 and fs(game).heading == 3


def test_a_tower_may_cast_adrift_only_before_her_own_move():
    game = fire_game()
    to_movement(game)
    play(game, a.StartMove("tower", "slow"))
    play(game, a.Advance(6))
    play(game, a.EndMove())
    assert not game.legal_actions().fixed or a.CastAdrift("tower", "hellburner") not in \
        game.legal_actions()
    rule, reason = game.ruleset.explain_illegal(state(game), a.CastAdrift("tower", "hellburner"))
    assert rule == RULE and "start of the movement phase" in reason


def test_the_tow_parts_when_her_tower_goes_down():
    game = fire_game()
    s = update_ship(state(game), "tower", sunk=True, sp=0)
    game = with_state(game, s)
    events = act(game, a.EndOrders())
    assert happened(events, "tow_parted")
    assert fs(game).adrift == state(game).player_turn


# --- her fires -----------------------------------------------------------------------------


def test_her_fires_are_not_fought_nor_burn_and_she_gains_a_marker_each_turn():
    # 7 markers: no Kaboom!, no burn table, no fire-fighting.
    game = fire_game(tower(anchored=True, speed=0), hellburner(), hulk(), markers=6)
    events = to_movement(game)
    assert not [r for r in rolls(events) if r.rule in ("Fire Aboard Ships", "Kaboom!")]
    assert fs(game).sp == fs(game).sp_max
    assert fs(game).fires == 7
    until_turn_of(game, "p1")
    assert fs(game).fires == 8


@pytest.mark.parametrize(("roll", "burnt_out"), [(1, True), (2, True), (3, False), (6, False)])
def test_from_12_markers_she_burns_out_on_1_or_2(roll, burnt_out):
    game = fire_game(tower(anchored=True, speed=0), hellburner(), hulk())
    pass_turn(game)
    game = with_state(game, update_ship(state(game), "hellburner", fires=11))
    # p2 has nothing to move or fire: her turn runs on into p1's, whose fire ship gains her
    # twelfth marker and rolls.
    events = play(game, a.EndOrders(), roll)
    (burn,) = fire_rolls(events)
    assert "12 markers" in burn.purpose
    assert fs(game).sunk is burnt_out


def test_under_12_markers_there_is_no_roll_to_burn_out():
    game = fire_game(tower(anchored=True, speed=0), hellburner(), hulk())
    pass_turn(game)
    game = with_state(game, update_ship(state(game), "hellburner", fires=10))
    events = play(game, a.EndOrders())
    assert not fire_rolls(events) and fs(game).fires == 11


def test_a_crewless_fire_ship_keeps_no_side_in_the_battle():
    game = fire_game()
    assert not still_fighting(with_state(game, update_ship(state(game), "tower", sunk=True))
                              .state, "p1")


# --- setting fires ---------------------------------------------------------------------------


def passer(**extra):
    data = {"x": 20, "y": 28, "heading": "E", "speed": 8, **extra}
    return ship("passer", "p1", **data)


def blazing_hulk(fires=2, **extra):
    data = {"x": 30, "y": 24, "heading": "E", "speed": 0, "anchored": True, "fires": fires,
            **extra}
    return ship("blaze", "p2", **data)


def test_passing_within_1_inch_of_a_blazing_ship_rolls_a_d6_per_marker():
    # The Passer's hull runs 1" clear of the Blaze's (beams 3.5": centres 4.5" apart).
    game = new_game(passer(), blazing_hulk(2, y=32.5))
    to_movement(game)
    play(game, a.StartMove("passer", "slow"))
    events = play(game, a.Advance(6), 6, 3)  # two markers: one 6
    (roll,) = fire_rolls(events)
    assert roll.faces == (6, 3) and roll.outcome == "1 fire started"
    assert state(game).ship("passer").fires == 1
    assert happened(events, "fire_started")


def test_a_pair_is_rolled_for_once_a_move():
    game = new_game(passer(), blazing_hulk(1, y=32.5))
    to_movement(game)
    play(game, a.StartMove("passer", "slow"))
    play(game, a.Advance(3), 5)
    # Still alongside on the second advance: no second roll this move.
    events = play(game, a.Advance(3))
    assert not fire_rolls(events)
    assert state(game).ship("passer").fires == 0


def test_more_than_1_inch_off_sets_no_fire():
    game = new_game(passer(), blazing_hulk(3, y=33))  # 1.5" clear
    to_movement(game)
    play(game, a.StartMove("passer", "slow"))
    events = play(game, a.Advance(6))
    assert not fire_rolls(events)


def test_a_blazing_ship_passing_sets_fires_on_each_ship_near_her_path():
    game = new_game(passer(fires=1, y=24),
                    ship("a", "p2", x=32, y=28.5, heading="E", speed=0, anchored=True),
                    ship("b", "p2", x=32, y=19.5, heading="E", speed=0, anchored=True))
    to_movement(game, 3, 1)  # her own fire is not put out (3), and burns harmlessly (1)
    assert state(game).ship("passer").fires == 1
    play(game, a.StartMove("passer", "slow"))
    events = play(game, a.Advance(6), 6, 6)
    assert [r.ship for r in fire_rolls(events)] == ["a", "b"]
    assert state(game).ship("a").fires == 1 and state(game).ship("b").fires == 1


def test_a_collision_with_a_blazing_ship_can_set_fires():
    game = new_game(passer(y=24), blazing_hulk(2, x=36.5))
    to_movement(game)
    play(game, a.StartMove("passer", "slow"))
    # Contact after 3": the fire roll, then the collision (the anchored Blaze cannot avoid):
    # to wound, 2 damage dice, does the mover take damage, speed lost by each.
    events = play(game, a.Advance(6), 6, 6, 6, 3, 3, 6, 1, 1)
    assert happened(events, "collision")
    assert state(game).ship("passer").fires == 2


# --- what the player sees --------------------------------------------------------------------


def test_the_cards_mark_the_fire_ship_and_her_tow_and_the_map_draws_the_tow_line():
    from ahoy_tui.rules.ahoy.view import cards, scene

    game = fire_game()
    by_ship = {c.ship: c for c in cards(state(game))}
    assert {"fire ship", "towed by the Tower"} <= set(by_ship["hellburner"].flags)
    assert "towing the Hellburner" in by_ship["tower"].flags
    (line,) = [x for x in scene(state(game)).lines if x.kind == "tow"]
    assert line.ship == "hellburner" and line.length == pytest.approx(2)
    to_movement(game)
    assert "cast her fire ship adrift" in game.prompt()
    label = game.ruleset.describe_action(state(game), a.CastAdrift("tower", "hellburner"))
    assert label.startswith("Tower: cast the fire ship Hellburner adrift")
    play(game, a.CastAdrift("tower", "hellburner"))
    assert "cast adrift" in {c.ship: c for c in cards(state(game))}["hellburner"].flags
    assert not [x for x in scene(state(game)).lines if x.kind == "tow"]


def test_the_tow_parts_when_she_is_held_fast_by_another_ship():
    from ahoy_tui.engine.fast import replace
    from ahoy_tui.rules.ahoy.model import Lock

    game = fire_game()
    s = state(game)
    game = with_state(game, replace(s, locks=(Lock("hulk", "hellburner", "entangled"),)))
    events = act(game, a.EndOrders())
    assert happened(events, "tow_parted") and fs(game).adrift


def test_a_fire_ship_lost_scores_nothing_for_the_enemy():
    import attrs

    from ahoy_tui.engine import Game
    from ahoy_tui.rules.ahoy.flow import victory_points

    start = Game.new("ahoy", "fireships", seed=1).state

    def sunk(ship_id):
        return attrs.evolve(start, ships=tuple(attrs.evolve(s, sunk=True) if s.id == ship_id
                                               else s for s in start.ships))

    assert victory_points(sunk("inferno"), "p1") == 0   # burnt out, as she was meant to
    assert victory_points(sunk("revenge"), "p1") == 10  # a real ship: half her 20 SP
