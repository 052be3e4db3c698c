"""Computer captains with oar and steam ships: they finish battles, and use the new paces.

``data/oars_and_steam.toml`` is a test fixture (an oar galley and a steam ship against a
sailing frigate), not a built-in scenario.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.ai.tournament import play_match
from ahoy_tui.engine import Game, get_ruleset
from ahoy_tui.rules.ahoy import actions as a

RULES = get_ruleset("ahoy")
FIXTURE = str(Path(__file__).parent / "data" / "oars_and_steam.toml")


@pytest.mark.parametrize(("level", "seeds"), [("easy", range(1, 9)), ("normal", range(1, 4)),
                                              ("hard", range(1, 2))])
def test_every_level_finishes_a_battle_of_oars_and_steam(level, seeds):
    for seed in seeds:
        match = play_match("ahoy", None, seed, make_captain(level, seed, 0.02),
                           make_captain(level, seed + 50, 0.02), scenario_file=FIXTURE)
        assert match.turns <= 12 and match.actions > 0


def _ship(id: str, side: str, **extra: Any) -> dict[str, Any]:
    return {"id": id, "name": id.title(), "side": side, "size": "medium", "x": 10, "y": 24,
            "heading": "E", "speed": 8, "crew": {"sailor": 10}, "guns": [], **extra}


def _position(*ships: dict[str, Any]) -> Game:
    data = {"name": "t", "title": "T", "description": "A position for a captain's test.",
            "options": {"wind": "S", "wind_changes": False},
            "sides": [{"id": "p1", "name": "Dwarfs"}, {"id": "p2", "name": "Pirates"}],
            "ships": list(ships)}
    game = Game.new("ahoy", scenario_data=data, seed=3)
    game.play(a.EndOrders())
    return game


def _pace(game: Game, level: str) -> str:
    captain = make_captain(level, 1, 0.02)
    decision = captain.decide(RULES.view(game.state, "p1"), game.legal_actions())
    assert isinstance(decision.action, a.StartMove)
    return decision.action.pace


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("propulsion", ["oar", "steam"])
def test_pointing_at_a_distant_enemy_a_captain_puts_on_a_burst(level, propulsion):
    # The galley reaches east straight at the enemy, 40" off.
    game = _position(_ship("galley", "p1", propulsion=propulsion),
                     _ship("enemy", "p2", x=62, heading="W", anchored=True, speed=0))
    assert _pace(game, level) == "burst"


def test_pointing_away_from_the_enemy_the_plain_seaman_sails_at_full_speed():
    game = _position(_ship("galley", "p1", propulsion="oar", heading="W", x=40),
                     _ship("enemy", "p2", x=64, y=40, heading="W", anchored=True, speed=0))
    assert _pace(game, "easy") == "full"


def test_at_a_standstill_with_her_guns_bearing_the_plain_seaman_holds_station():
    # The galley lies with her starboard broadside on the enemy 8" off.
    game = _position(_ship("galley", "p1", propulsion="oar", speed=0,
                           guns=[{"weapon": "naval_cannon", "mount": "starboard"}]),
                     _ship("enemy", "p2", x=10, y=36, heading="E", anchored=True, speed=0))
    assert _pace(game, "easy") == "hold"


def test_at_a_standstill_with_no_gun_bearing_the_plain_seaman_gets_under_way():
    game = _position(_ship("galley", "p1", propulsion="steam", speed=0),
                     _ship("enemy", "p2", x=60, y=40, heading="E", anchored=True, speed=0))
    assert _pace(game, "easy") == "under_way"
