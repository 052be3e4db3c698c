"""The order of things within a turn: ships before other models, one choice when entangled,
and a returning ship's lasting damage."""

from __future__ import annotations

import attrs
import pytest
from kit import act, new_game, ship, state, to_movement

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.crew import apply_plan
from ahoy_tui.rules.ahoy.model import Task, replace_crew, update_ship


def with_state(game: Game, new) -> Game:
    return Game(game.ruleset, game.scenario, game.seed, game.options, new, ())


def test_ships_are_moved_before_swimmers_swim():
    game = new_game(
        ship("harpy", "p1", x=30, y=24, heading="E", speed=6, crew={"sailor": 12}),
        ship("hulk", "p2", x=30, y=40, heading="E", speed=0, anchored=True),
        wind="S")
    s = state(game)
    man = attrs.evolve(s.crewman("harpy.9"), aboard=None, task=Task.SWIMMING, x=10.0, y=10.0)
    s = apply_plan(replace_crew(s, {man.id: man}), "harpy")
    game = with_state(game, s)
    to_movement(game, 4)  # the swimmer keeps afloat
    assert not any(isinstance(x, a.Swim) for x in game.legal_actions())
    with pytest.raises(IllegalAction):
        game.play(a.Swim("harpy.9", ""))
    act(game, a.StartMove("harpy", "slow"))
    act(game, a.Advance(6))
    act(game, a.EndMove())
    assert a.Swim("harpy.9", "harpy") in game.legal_actions()


def entangled():
    game = new_game(
        ship("harpy", "p1", x=10, y=20, heading="E", speed=8, crew={"sailor": 12}),
        ship("charger", "p2", size="small", x=27, y=20, heading="N", speed=6,
             crew={"sailor": 6}),
        wind="S")
    act(game, a.DeclareRam("harpy", "charger"))
    to_movement(game)
    act(game, a.StartMove("harpy", "full"), 4)
    act(game, a.Advance(10))
    act(game, a.Avoid(False), 3, 4, 5, 3, 3, 2)
    assert state(game).locked_with("charger") == ("harpy",)
    return game


def test_a_captain_who_tries_to_cut_loose_may_not_also_board():
    game = entangled()
    act(game, a.CutLoose("charger"), 3)  # still entangled
    assert not any(isinstance(x, a.Board) for x in game.legal_actions())


def test_a_captain_who_boards_may_not_also_cut_loose():
    game = entangled()
    act(game, a.Board("charger", "harpy", 2))
    assert a.CutLoose("charger") not in game.legal_actions()


def test_a_dismasted_ship_returning_to_the_table_is_still_held_to_d6():
    game = new_game(
        ship("charger", "p1", size="small", x=40, y=24, heading="E", speed=12),
        ship("hulk", "p2", x=20, y=40, heading="E", speed=0, anchored=True),
        wind="S")
    s = update_ship(state(game), "charger", off_table=True, exit_x=72.0, exit_y=24.0,
                    dismasted=True)
    game = with_state(game, s)
    to_movement(game)
    events = act(game, a.ReturnToTable("charger", 0, 6), 2)  # half of 12 = 6, dismasted: 2
    assert any(getattr(e, "rule", "") == "Critical Hits (Dismasted)" for e in events)
    assert state(game).move.allowance == 2


def test_a_large_ship_returning_beating_is_in_irons():
    game = new_game(
        ship("griffon", "p1", size="large", x=36, y=24, heading="E", speed=10,
             crew={"sailor": 12}),
        ship("hulk", "p2", x=20, y=40, heading="E", speed=0, anchored=True),
        wind="S")
    s = update_ship(state(game), "griffon", off_table=True, exit_x=36.0, exit_y=48.0)
    game = with_state(game, s)
    to_movement(game)
    act(game, a.ReturnToTable("griffon", 0, 0))  # heading north, straight into the wind
    assert state(game).move.in_irons and state(game).ship("griffon").in_irons
    assert state(game).move.allowance == 5  # half her 10", no die rolled
