"""Scenario files: the built-in three, and clear one-line errors for bad ones."""

from __future__ import annotations

import copy

import pytest
from kit import scenario, ship

from ahoy_tui.engine import Game, get_ruleset
from ahoy_tui.rules.ahoy.model import AhoyState, Task
from ahoy_tui.rules.ahoy.scenario import ScenarioError, builtin_names, load


def test_three_built_in_scenarios_are_listed():
    infos = {i.name: i for i in get_ruleset("ahoy").scenarios()}
    assert set(infos) >= {"duel", "squadron", "harbour"}
    assert all(i.title and i.description for i in infos.values())
    assert set(builtin_names()) == set(infos)


def _state(name: str) -> AhoyState:
    state = Game.new("ahoy", name, seed=3).state
    assert isinstance(state, AhoyState)
    return state


def test_the_duel_is_two_medium_sailing_ships():
    state = _state("duel")
    assert [(s.side, s.size, s.propulsion) for s in state.ships] == [
        ("p1", "medium", "sail"), ("p2", "medium", "sail")]
    assert all(s.guns for s in state.ships)


def test_the_squadron_action_has_mixed_sizes_a_ram_and_an_ironclad():
    state = _state("squadron")
    for side in ("p1", "p2"):
        mine = [s for s in state.ships if s.side == side]
        assert 2 <= len(mine) <= 3
        assert len({s.size for s in mine}) >= 2
    assert any(s.ram for s in state.ships)
    assert any(s.ironclad for s in state.ships)


def test_the_harbour_starts_with_a_ship_at_anchor_and_a_jolly_boat():
    state = _state("harbour")
    assert any(s.anchored for s in state.ships)
    assert any(s.size == "jolly_boat" for s in state.ships)
    assert state.options.wind == "S" and state.wind == 4


def test_crews_are_told_off_at_the_start():
    state = _state("duel")
    harpy = state.ship("harpy")
    men = [c for c in state.crew if c.aboard == "harpy"]
    assert sum(c.task == Task.SAILING for c in men) == 5, "a Medium ship's minimum crew sails"
    assert sum(c.task == Task.GUN for c in men) == 5, "the rest man the guns, fully first"
    assert any(c.profile == "captain" for c in men)
    assert harpy.plan.sailing == 5


def good() -> dict:
    return scenario(ship("a", "p1", x=10, y=10), ship("b", "p2", x=60, y=40))


@pytest.mark.parametrize(("edit", "words"), [
    (lambda d: d["ships"][0].update(size="huge"), r"ships\[0\] \(a\): ships.toml has no "
                                                  r"\[sizes.huge\]"),
    (lambda d: d["ships"][0].update(heading="NNE"), r"ships\[0\] \(a\)\.heading"),
    (lambda d: d["ships"][1].update(side="p3"), r"ships\[1\] \(b\)\.side"),
    (lambda d: d["ships"][1].update(x=10, y=10), "ships a and b overlap"),
    (lambda d: d["ships"][1].update(id="a"), "the id is used twice"),
    (lambda d: d["ships"][0].update(crew={"sailor": 0}), "at least one crewman"),
    (lambda d: d["ships"][0].update(crew={"sailor": 10**7}), "200"),
    (lambda d: d["ships"][0].update(guns=[{"weapon": "mortar", "mount": "bow"}]),
     r"weapons.toml has no \[ordnance.mortar\]"),
    (lambda d: d["ships"][0].update(guns=[{"weapon": "carronade", "mount": "keel"}]),
     "mount 'keel'"),
    (lambda d: d["ships"][0].update(size="jolly_boat", ram=True), "Jolly Boats may not ram"),
    (lambda d: d["ships"][0].update(x=500), "off the"),
    (lambda d: d["ships"][0].update(length=20), r"a Medium ship is 10\" to 16\" long"),
    (lambda d: d["ships"][0].update(speed="fast"), "expected a whole number"),
    (lambda d: d["ships"][0].update(colour="red"), "colour"),
    (lambda d: d["options"].update(weather="fog"), "options.weather"),
    (lambda d: d["options"].update(wind="NE"), "options.wind"),
    (lambda d: d.pop("sides"), "sides"),
    (lambda d: d.update(ships=[]), "1 to"),
])
def test_bad_scenarios_get_one_line_naming_the_problem(edit, words):
    data = copy.deepcopy(good())
    edit(data)
    with pytest.raises(ScenarioError, match=words) as info:
        Game.new("ahoy", scenario_data=data, seed=1)
    assert "\n" not in str(info.value)


def test_a_scenario_file_error_names_the_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\ntitle = "x"\n[[ships]\n', "utf-8")
    with pytest.raises(ScenarioError, match=r"mine\.toml: not valid TOML"):
        load(path=path)
    with pytest.raises(ScenarioError, match=r"nowhere\.toml: cannot read"):
        load(path=tmp_path / "nowhere.toml")
    with pytest.raises(ScenarioError, match="no built-in scenario 'atlantis'"):
        load(name="atlantis")


def test_a_scenario_file_plays(tmp_path):
    import tomllib

    text = (get_ruleset("ahoy").load_scenario(name="duel").to_data())
    assert text["name"] == "duel"
    path = tmp_path / "copy.toml"
    path.write_text('name = "copy"\ntitle = "Copy"\ndescription = "A copy."\n'
                    '[[sides]]\nid = "p1"\nname = "Us"\n[[sides]]\nid = "p2"\nname = "Them"\n'
                    '[[ships]]\nid = "x"\nname = "X"\nside = "p1"\nsize = "small"\nx = 10\n'
                    'y = 10\nheading = "E"\ncrew = { sailor = 5 }\n'
                    '[[ships]]\nid = "y"\nname = "Y"\nside = "p2"\nsize = "small"\nx = 50\n'
                    'y = 30\nheading = "W"\ncrew = { sailor = 5 }\n', "utf-8")
    assert tomllib.loads(path.read_text("utf-8"))["name"] == "copy"
    game = Game.new("ahoy", scenario_file=path, seed=2)
    assert game.scenario.name == "copy"
    assert game.record().scenario_data["ships"][0]["id"] == "x", "saves embed the scenario"


def test_options_given_at_new_game_are_checked():
    with pytest.raises(ScenarioError, match="options: unknown field"):
        Game.new("ahoy", "duel", seed=1, options={"speed": 3})
    with pytest.raises(ScenarioError, match="wind_changes: expected true or false"):
        Game.new("ahoy", "duel", seed=1, options={"wind_changes": "no"})
    game = Game.new("ahoy", "duel", seed=1, options={"weather": "gales", "turn_limit": 3})
    assert game.state.options.weather == "gales" and game.state.options.turn_limit == 3
