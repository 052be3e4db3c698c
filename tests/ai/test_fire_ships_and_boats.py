"""Computer captains with fire ships and boats: they cast off a fire ship when her run would
carry her into the enemy, take to the boats when sinking, and never stall."""

from __future__ import annotations

from pathlib import Path

import pytest

from ahoy_tui.ai.captain import LEVEL_NAMES, make_captain
from ahoy_tui.ai.tournament import play_match
from ahoy_tui.engine import Game, forced, get_ruleset
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.model import update_ship

RULES = get_ruleset("ahoy")
SCENARIO = str(Path(__file__).parent / "data" / "fireships.toml")


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_finishes_a_battle_with_a_fire_ship_and_boats(level):
    match = play_match("ahoy", None, 4, make_captain(level, 4, 0.02),
                       make_captain(level, 54, 0.02), scenario_file=SCENARIO)
    assert match.turns <= 8 and match.actions > 0


def _fire_ship_game(foe_y: float) -> Game:
    data = {
        "name": "t", "title": "T", "description": "A fire ship and her tower.",
        "options": {"wind": "S", "wind_changes": False},
        "sides": [{"id": "p1", "name": "Pirates"}, {"id": "p2", "name": "Empire"}],
        "ships": [
            {"id": "tower", "name": "Tower", "side": "p1", "size": "medium", "x": 40, "y": 24,
             "heading": "E", "speed": 8, "crew": {"sailor": 8}},
            {"id": "hell", "name": "Hell", "side": "p1", "size": "medium", "x": 0, "y": 0,
             "heading": "E", "fire_ship": True, "tow": "tower"},
            {"id": "foe", "name": "Foe", "side": "p2", "size": "medium", "x": 30, "y": foe_y,
             "heading": "E", "speed": 0, "anchored": True, "crew": {"sailor": 8}},
        ],
    }
    with forced(3):
        game = Game.new("ahoy", scenario_data=data, seed=1)
    game.play(a.EndOrders())
    return game


@pytest.mark.parametrize("level", ("easy", "normal"))
def test_a_captain_casts_his_fire_ship_adrift_when_she_would_run_into_the_enemy(level):
    # The fire ship lies astern of the Tower, abreast of the Foe 4.5" off (hull 1" clear).
    game = _fire_ship_game(foe_y=28.5)
    legal = game.legal_actions()
    decision = make_captain(level, 1, 0.02).decide(RULES.view(game.state, "p1"), legal)
    assert decision.action == a.CastAdrift("tower", "hell")


@pytest.mark.parametrize("level", ("easy", "normal"))
def test_a_captain_keeps_his_fire_ship_in_tow_with_no_enemy_in_her_path(level):
    game = _fire_ship_game(foe_y=44)
    legal = game.legal_actions()
    decision = make_captain(level, 1, 0.02).decide(RULES.view(game.state, "p1"), legal)
    assert not isinstance(decision.action, a.CastAdrift)


def test_a_sinking_ship_takes_to_her_boat():
    game = Game.new("ahoy", scenario_file=SCENARIO, seed=2)
    state = update_ship(game.state, "pride", sp=0)
    state = update_ship(state, "pride", anchored=True)
    legal = RULES.legal_actions(state)
    captain = make_captain("easy")
    for _ in range(5):
        if any(isinstance(x, a.LaunchBoat) for x in legal.fixed):
            break
        from ahoy_tui.engine import apply

        state, _ = apply(state, captain.decide(state, legal).action, legal=legal)
        legal = RULES.legal_actions(state)
    decision = captain.decide(state, legal)
    assert isinstance(decision.action, a.LaunchBoat) and decision.action.ship == "pride"
    assert decision.action.count == max(x.count for x in legal.fixed
                                        if isinstance(x, a.LaunchBoat))
