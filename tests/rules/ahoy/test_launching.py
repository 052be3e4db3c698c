"""Launching craft (Advanced – Miscellaneous), played with forced dice.

The Griffon (p1, Medium, 10 sailors and her captain) carries boats; she is making 8". A p2 hulk
lies anchored far off.
"""

from __future__ import annotations

import json

import pytest
from kit import happened, new_game, play, ship, state, to_movement
from kit import scenario as kit_scenario

from ahoy_tui.engine import Game
from ahoy_tui.engine.saves import load_game, record_to_json, save_record
from ahoy_tui.engine.serialize import state_to_data
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.crew import in_control
from ahoy_tui.rules.ahoy.model import Task
from ahoy_tui.rules.ahoy.scenario import ScenarioError, load
from ahoy_tui.rules.ahoy.view import cards, scene

RULE = "Launching craft"


def griffon(**extra):
    data = {"x": 30, "y": 24, "heading": "E", "speed": 8, "boats": 2, **extra}
    return ship("griffon", "p1", **data)


def hulk():
    return ship("hulk", "p2", x=60, y=42, heading="E", speed=0, anchored=True)


def launches(game, ship_id="griffon"):
    return [x for x in game.legal_actions().fixed
            if isinstance(x, a.LaunchBoat) and x.ship == ship_id]


def test_a_boat_takes_2_men_up_to_all_her_hands_at_the_start_of_movement():
    game = new_game(griffon(), hulk())
    assert not launches(game)  # orders: not yet
    to_movement(game)
    assert [x.count for x in launches(game)] == list(range(2, 12))
    assert "launch a boat" in game.prompt()
    assert game.ruleset.describe_action(state(game), a.LaunchBoat("griffon", 3)) == \
        "Griffon: launch a boat with 3 men"


def test_the_boat_is_a_new_jolly_boat_alongside_at_0_inches():
    game = new_game(griffon(), hulk())
    to_movement(game)
    events = play(game, a.LaunchBoat("griffon", 3))
    assert happened(events, "boat_launched")
    s = state(game)
    assert [x.id for x in s.ships] == ["griffon", "griffon_boat1", "hulk"]
    boat = s.ship("griffon_boat1")
    assert boat.name == "Griffon's boat" and boat.size == "jolly_boat" and boat.side == "p1"
    assert (boat.speed, boat.under_way, boat.heading) == (0, 0, 2)
    assert boat.x == pytest.approx(30) and abs(boat.y - 24) == pytest.approx(3.5 / 2 + 0.5 + 0.75)
    men = [c for c in s.crew if c.aboard == "griffon_boat1"]
    assert len(men) == 3 and all(c.ship == "griffon_boat1" for c in men)
    assert sum(c.task == Task.SAILING for c in men) == 1  # a Jolly Boat's minimum crew
    assert s.ship("griffon").boats == 1
    # The captain stays with his ship, and she keeps her sailing crew.
    assert s.crewman("griffon.captain").aboard == "griffon"
    assert in_control(s, s.ship("griffon"))
    # The boat gets under way in this same movement phase.
    assert a.StartMove("griffon_boat1", "under_way") in game.legal_actions()


def test_a_second_boat_gets_a_name_of_its_own():
    game = new_game(griffon(), hulk())
    to_movement(game)
    play(game, a.LaunchBoat("griffon", 2))
    play(game, a.LaunchBoat("griffon", 2))
    s = state(game)
    assert s.ship("griffon_boat2").name == "Griffon's boat 2"
    assert s.ship("griffon").boats == 0
    assert not launches(game)


def test_sailing_crew_may_go_leaving_her_out_of_control():
    game = new_game(griffon(crew={"sailor": 5}), hulk())
    to_movement(game)
    # Every man, the captain last; left out of control she runs on by herself (3: straight).
    play(game, a.LaunchBoat("griffon", 6), 3)
    s = state(game)
    assert not [c for c in s.crew if c.aboard == "griffon"]
    assert not in_control(s, s.ship("griffon"))


@pytest.mark.parametrize(("extra", "reason"), [
    ({"speed": 13}, "12\" or less"),
    ({"boats": 0}, "no boat"),
    # (at anchor: out of control, she would otherwise move by herself at once)
    ({"crew": {"sailor": 1}, "captain": False, "anchored": True, "speed": 0},
     "at least 2 crew"),
])
def test_when_a_boat_may_not_be_launched(extra, reason):
    # (an escort still to move keeps the movement phase open)
    game = new_game(griffon(**extra), ship("escort", "p1", x=30, y=8), hulk())
    to_movement(game)
    assert not launches(game)
    rule, why = game.ruleset.explain_illegal(state(game), a.LaunchBoat("griffon", 2))
    assert rule == RULE and reason in why


def test_no_boat_once_she_has_moved():
    game = new_game(griffon(), hulk())
    to_movement(game)
    play(game, a.StartMove("griffon", "slow"))
    play(game, a.Advance(6))
    play(game, a.EndMove())
    assert not launches(game)
    rule, why = game.ruleset.explain_illegal(state(game), a.LaunchBoat("griffon", 2))
    assert rule == RULE and "before her own move" in why


def test_only_medium_and_large_ships_carry_boats():
    with pytest.raises(ScenarioError, match="only Medium and Large ships carry boats"):
        load(data=kit_scenario(griffon(size="small"), hulk()))


def test_the_boat_shows_on_the_map_and_cards_and_survives_save_and_replay(tmp_path):
    game = new_game(griffon(), hulk())
    to_movement(game)
    play(game, a.LaunchBoat("griffon", 2))
    s = state(game)
    assert "griffon_boat1" in [h.ship for h in scene(s).hulls]
    assert "griffon_boat1" in [c.ship for c in cards(s)]
    play(game, a.StartMove("griffon_boat1", "under_way"))
    again = Game.from_record(game.record())
    assert again.state == game.state
    path = save_record(game.record(), tmp_path / "boat.json")
    loaded = load_game(path)
    assert json.dumps(state_to_data(loaded.state), sort_keys=True) == \
        json.dumps(state_to_data(game.state), sort_keys=True)
    assert "launch_boat" in record_to_json(game.record())


def test_a_boat_always_has_a_rower_even_when_the_free_hands_are_marines():
    # Her marines stand idle (they do not sail or serve guns), so they would go first; a boat
    # of marines alone could not be rowed.
    game = new_game(griffon(crew={"sailor": 8, "marine": 2},
                            guns=[("naval_cannon", "port"), ("naval_cannon", "starboard")]),
                    hulk())
    s = state(game)
    assert sorted(c.profile for c in s.crew if c.aboard == "griffon" and c.task == Task.IDLE) \
        == ["captain", "marine", "marine"]  # every sailor sails her or serves a gun
    to_movement(game)
    play(game, a.LaunchBoat("griffon", 2))
    s = state(game)
    boat = s.ship("griffon_boat1")
    men = sorted(c.profile for c in s.crew if c.aboard == boat.id)
    assert men == ["marine", "sailor"]
    assert in_control(s, boat)
