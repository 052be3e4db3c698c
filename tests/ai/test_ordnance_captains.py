"""Computer captains and Advanced ordnance: the shot they load, turrets and swivels, and whole
battles with every kind of gun, from many seeds, that always end."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ahoy_tui.ai.ahoy.easy import EasyCaptain
from ahoy_tui.ai.captain import make_captain
from ahoy_tui.ai.tournament import play_match
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.model import update_ship

sys.path.insert(0, str(Path(__file__).parents[1] / "rules" / "ahoy"))
from kit import new_game, ship, state, to_movement

BATTLE = str(Path(__file__).parent / "data" / "ordnance.toml")


def position(guns, *, x=40.0, y=24.0, crew=None, steam=False):
    game = new_game(
        ship("frigate", "p1", x=20, y=24, heading="N", speed=0, anchored=True,
             crew={"sailor": 14}, guns=guns),
        ship("prize", "p2", x=x, y=y, heading="N", speed=0, anchored=True,
             crew=crew or {"sailor": 10}, captain=False))
    to_movement(game)
    if steam:
        from ahoy_tui.engine import Game

        game = Game(game.ruleset, game.scenario, game.seed, game.options,
                    update_ship(state(game), "prize", propulsion="steam"), ())
    return game


def choice(game):
    return EasyCaptain().decide(state(game), game.legal_actions()).action


def test_chain_against_a_sailing_ship_within_its_reach():
    action = choice(position([("naval_cannon", "starboard")]))
    assert isinstance(action, a.FireGun) and action.shot == "chain" and action.guess <= 12


def test_ball_against_a_sailing_ship_beyond_chains_reach():
    action = choice(position([("naval_cannon", "starboard")], x=50))
    assert isinstance(action, a.FireGun) and action.shot == "ball"


def test_ball_against_a_steamer():
    action = choice(position([("naval_cannon", "starboard")], steam=True))
    assert isinstance(action, a.FireGun) and action.shot == "ball"


def test_grape_against_a_crowded_deck_close_by_and_not_a_thin_one():
    crowded = choice(position([("naval_cannon", "starboard")], x=26, crew={"sailor": 60}))
    assert isinstance(crowded, a.FireGun) and crowded.shot == "grape"
    thin = choice(position([("naval_cannon", "starboard")], x=26, crew={"sailor": 6}))
    assert isinstance(thin, a.FireGun) and thin.shot != "grape"


def test_the_swivel_is_fired_alongside():
    action = choice(position([("swivel_gun", "starboard")], x=26))
    assert action == a.FireGun("frigate", "g1", 0)


def test_a_turret_bearing_on_nothing_is_trained_on_the_enemy_then_fired():
    game = position([("naval_cannon", "turret")])
    action = choice(game)
    assert action == a.TrainTurret("frigate", "g1", "prize")
    game.play(action)
    if state(game).phase.value == "shooting":
        nxt = choice(game)
        assert isinstance(nxt, (a.FireGun, a.EndShooting))


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_battles_with_every_kind_of_ordnance_always_end(level):
    for seed in range(1, 7 if level == "easy" else 3):
        match = play_match("ahoy", None, seed, make_captain(level, seed, 0.02),
                           make_captain(level, seed + 50, 0.02), scenario_file=BATTLE)
        assert match.turns <= 10 and match.actions > 0


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize(("x", "crew", "shot"), [(50, 10, "ball"), (26, 60, "grape")])
def test_no_shot_and_no_volley_at_a_ship_already_going_down(level, x, crew, shot):
    """Issue 42: the prize within the frigate's broadside draws her ball (or her grape, her
    deck crowded); at 0 SP, sinking, she draws neither: the frigate ceases fire."""
    game = position([("naval_cannon", "starboard")], x=x, crew={"sailor": crew})
    captain = make_captain(level, 1, think=0.1)
    action = captain.decide(state(game), game.legal_actions()).action
    assert isinstance(action, a.FireGun) and action.shot == shot
    from ahoy_tui.engine import Game

    sinking = update_ship(state(game), "prize", sp=0)
    assert sinking.ship("prize").sinking
    game = Game(game.ruleset, game.scenario, game.seed, game.options, sinking, ())
    action = captain.decide(state(game), game.legal_actions()).action
    assert action == a.EndShooting()


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_no_volley_of_bows_at_the_crew_of_a_ship_going_down(level):
    """Issue 42: a sloop's bowmen loose at the prize's crew, unless the prize is sinking."""
    from ahoy_tui.engine import Game

    game = new_game(
        ship("sloop", "p1", size="small", x=20, y=24, heading="N", speed=0, anchored=True,
             crew={"sailor": 3}, captain=False, missiles={"sailor": "bow"}),
        ship("prize", "p2", x=32.5, y=24, heading="N", speed=0, anchored=True,
             crew={"sailor": 6}, captain=False))
    to_movement(game)
    captain = make_captain(level, 1, think=0.1)
    assert captain.decide(state(game), game.legal_actions()).action == \
        a.FireMissiles("sloop", "prize")
    sinking = update_ship(state(game), "prize", sp=0)
    game = Game(game.ruleset, game.scenario, game.seed, game.options, sinking, ())
    assert a.FireMissiles("sloop", "prize") in game.legal_actions()
    assert captain.decide(state(game), game.legal_actions()).action == a.EndShooting()
