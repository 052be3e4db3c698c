"""Buy your fleet: Naval Battle Rules' ships by race and size, their one modification, crews,
guns and creatures, each limit refused with the rule named, and a bought fleet played."""

from __future__ import annotations

import pytest

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.engine import Game, fleet_book
from ahoy_tui.engine.fleet_book import Fleet, Pick
from ahoy_tui.rules.naval_battle import RULESET
from ahoy_tui.rules.naval_battle.fleet_book import FLEET_BOOK, with_fleet
from ahoy_tui.rules.naval_battle.scenario import ScenarioError
from ahoy_tui.rules.scenario_files import builtin_text


def fleet(*picks: Pick, points: str = "100") -> Fleet:
    return Fleet("naval-battle", "Test", {"points": points}, picks)


def broken(f: Fleet) -> list[tuple[str, str]]:
    return [(c.rule, c.text) for c in FLEET_BOOK.check(f)]


DWARF = Pick("dwarf", options={"size": "40", "modification": "armour", "marine": "2",
                               "bow": "great_cannon", "broadside": "cannon"})


def test_a_ship_costs_her_size_and_her_modification_comes_out_of_her_chits():
    f = fleet(DWARF)
    assert broken(f) == []
    assert fleet_book.tally_of(FLEET_BOOK, f).spent == 40
    data = with_fleet(RULESET.load_scenario(name="duel").to_data(), "p1", f)
    ship = next(s for s in data["ships"] if s["side"] == "p1")
    # +1 Armor costs 10% of 40 = 4 chits: 36 crew, 2 of them marines
    assert ship["crew"] == {"marine": 2, "dwarf": 34}
    assert [g["bearing"] for g in ship["guns"]] == ["bow", "port", "starboard"]


def test_the_fleets_action_points_are_its_limit():
    assert ("Ship Types", "the fleet costs 120 action points, 70 more than the 50 allowed") in \
        broken(fleet(DWARF, Pick("human", options={"size": "40"}),
                     Pick("orc", options={"size": "40"}), points="50"))


def test_guns_of_her_race_only():
    assert broken(fleet(Pick("elf", options={"bow": "jezzail"}))) == [
        ("Ship's guns", "the Elf ship's bow gun: 'jezzail' is not one of none, bolt_thrower, "
                        "catapults_and_mortars")]


def test_her_specialists_leave_her_race_a_crew():
    f = fleet(Pick("dwarf", options={"size": "20", "marine": "10", "sailor": "10"}))
    assert broken(f) == [("Ship's Crews", "ship 1: her specialists leave no Dwarf crew to "
                                          "sail her")]


def test_a_mixed_crew_as_the_crews_chart_allows():
    f = fleet(Pick("orc", options={"size": "40", "mixed": "goblin", "bow": "doom_divers"}))
    assert broken(f) == []
    ship = with_fleet(RULESET.load_scenario(name="duel").to_data(), "p2", f)["ships"][-1]
    assert ship["crew"] == {"goblin": 20, "orc": 20}
    assert broken(fleet(Pick("elf", options={"mixed": "goblin"})))[0][0] == "Ship's Crews"


def test_creature_ships_for_the_races_that_have_them_with_the_creatures_modifications():
    assert broken(fleet(Pick("dark_elf_creature", options={"size": "50", "creature_1": "speed",
                                                           "creature_2": "speed"}))) == []
    assert broken(fleet(Pick("human_creature")))[0] == (
        "Ship Types", "'human_creature' is not to be had in this fleet")
    assert broken(fleet(Pick("lizard_creature", options={"creature_1": "light"})))[0][0] == \
        "Creatures"


def test_a_bought_fleet_is_set_out_along_its_edge_and_played_by_captains():
    f = fleet(DWARF, Pick("dark_elf_creature", options={"size": "50"}))
    data = with_fleet(RULESET.load_scenario(name="duel").to_data(), "p2", f)
    game = Game.new("naval-battle", "duel", scenario_data=data, seed=2)
    mine = [s for s in game.state.ships if s.side == "p2"]
    assert [(s.x, s.heading) for s in mine] == [(86.0, 6), (86.0, 6)]  # the east edge, bows west
    captains = {"p1": make_captain("easy", 1, 0.05), "p2": make_captain("easy", 2, 0.05)}
    for _ in range(4):
        side = game.state.to_act
        assert side is not None
        game.play(captains[side].decide(game.view(side), game.legal_actions()).action)
    assert game.last_step == 4


def test_a_scenario_file_may_name_fleets(tmp_path):
    text = builtin_text("ahoy_tui.rules.naval_battle", "duel")
    scenario = tmp_path / "mine.toml"
    scenario.write_text(text + '\n[[fleets]]\nside = "p2"\nname = "Raiders"\n'
                               'picks = [ { entry = "orc", options = { size = "45" } } ]\n')
    data = RULESET.load_scenario(path=scenario).to_data()
    assert "fleets" not in data  # the ships themselves, so a save keeps them
    assert [(s["race"], s["size"]) for s in data["ships"] if s["side"] == "p2"] == [("orc", 45)]
    scenario.write_text(text + '\n[[fleets]]\nside = "p2"\nname = "Raiders"\n'
                               'picks = [ { entry = "elf", options = { bow = "jezzail" } } ]\n')
    with pytest.raises(ScenarioError, match=r"^.*mine.toml: fleets\[0\] \(Raiders\): the Elf "
                                            r"ship's bow gun: .*\(Ship's guns\)$"):
        RULESET.load_scenario(path=scenario)
