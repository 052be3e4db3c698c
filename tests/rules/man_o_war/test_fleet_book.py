"""Buy your fleet: each of Man O' War's limits refused with the rule named, a fleet file and a
scenario file held to the same purchasing requirements, and fleet files' one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from ahoy_tui.engine import fleet_book
from ahoy_tui.engine.fleet_book import Fleet, Pick
from ahoy_tui.rules.man_o_war import RULESET
from ahoy_tui.rules.man_o_war.fleet_book import FLEET_BOOK, with_fleet
from ahoy_tui.rules.man_o_war.scenario import ScenarioError

SETTINGS = {"race": "empire", "points": "1000", "wizard": "", "cards": "0"}


def fleet(*picks: str | Pick, **settings: str) -> Fleet:
    return Fleet("man-o-war", "Test", {**SETTINGS, **settings},
                 tuple(p if isinstance(p, Pick) else Pick(p) for p in picks))


def rules_broken(f: Fleet) -> list[tuple[str, str]]:
    return [(c.rule, c.text) for c in FLEET_BOOK.check(f)]


def test_a_fleet_within_the_list_keeps_every_rule():
    f = fleet(Pick("greatship", ("admiral", "anti_flyer")), "wolfship", "wargalley")
    assert rules_broken(f) == []
    bill = fleet_book.tally_of(FLEET_BOOK, f)
    assert (bill.spent, bill.left) == (350 + 300 + 240, 110)  # the weapon from its allowance


def test_more_than_the_points_is_refused_under_setup():
    f = fleet("greatship", "wolfship", "wolfship", "wolfship")
    assert ("Setup", "the fleet costs 1250 points, 250 more than the 1000 allowed") in \
        rules_broken(f)
    assert rules_broken(fleet("greatship", "wolfship", "wolfship", "wolfship",
                              points="1500")) == []


def test_every_race_needs_a_man_o_war_for_its_admiral():
    assert rules_broken(fleet("wolfship"))[0][0] == "Purchasing requirements"
    assert "Man O' War for the Admiral" in rules_broken(fleet("wolfship"))[0][1]


def test_squadrons_and_independents_for_each_man_o_war():
    # the Empire: at most three squadrons a Man O' War
    f = fleet("greatship", "wargalley", "wargalley", "wargalley", "wargalley", points="2000")
    assert rules_broken(f) == [("Purchasing requirements", "The Empire field at most 3 "
                                "squadrons of Ships of the Line with 1 Men O' War to lead them "
                                "(4 bought)")]
    # the Orcs: two Deff Skulks a Hulk, not three
    orcs = fleet("hulk", "deff_skulk", "deff_skulk", "deff_skulk", race="orcs", points="1500")
    assert [r for r, _ in rules_broken(orcs)] == ["Purchasing requirements"]
    assert rules_broken(fleet("hulk", "deff_skulk", "deff_skulk", race="orcs")) == []


def test_the_dwarfs_steam_no_wizard_no_monster():
    dwarfs = fleet("dreadnought", "monitor", "sea_serpent", race="dwarfs", wizard="master")
    broken = rules_broken(dwarfs)
    assert ("Setup", "'sea_serpent' is not to be had in this fleet") in broken
    assert ("Magic Phase", "The Dwarfs field no Wizard") in broken
    # and only two squadrons of Monitors for a Dreadnought
    assert "3 bought" in rules_broken(fleet("dreadnought", "monitor", "monitor", "monitor",
                                            race="dwarfs", points="1500"))[0][1]


def test_one_black_ark_for_each_thousand_points():
    two = fleet("black_ark", "black_ark", "doomreaver", "doomreaver", race="dark_elves",
                points="1500")
    assert ("Purchasing requirements",
            "at most 2 Black Ark in 1500 points (one for each 1,000)") not in rules_broken(two)
    assert any("at most 1 Black Ark" in t for _, t in rules_broken(
        fleet("black_ark", "black_ark", race="dark_elves", points="1000")))


def test_never_more_sea_monsters_than_squadrons():
    f = fleet("greatship", "wolfship", "sea_serpent", "megalodon")
    assert ("Sea Monsters", "2 sea monsters and 1 squadron: never more monsters than "
                            "squadrons of Ships of the Line") in rules_broken(f)
    assert rules_broken(fleet("greatship", "wolfship", "megalodon")) == []


def test_flyers_from_their_allowance_and_of_the_race_only():
    f = fleet("greatship", "wolfship", "griffon_rider", "griffon_rider", "griffon_rider",
              "griffon_rider")
    bill = fleet_book.tally_of(FLEET_BOOK, f)
    assert bill.spent == 350 + 300 + (240 - 200)  # 200 from the flyers' allowance
    assert ("Setup", "'great_eagle' is not to be had in this fleet") in rules_broken(
        fleet("greatship", "great_eagle"))


def test_anti_flyer_weapons_on_men_o_war_only_one_a_ship():
    assert ("Setup", "the Squadron of three Wolfships cannot take 'anti_flyer'") in \
        rules_broken(fleet("greatship", Pick("wolfship", ("anti_flyer",))))
    assert ("Setup", "the Greatship takes each extra once") in rules_broken(
        fleet(Pick("greatship", ("anti_flyer", "anti_flyer"))))
    five = fleet(*(Pick("greatship", ("anti_flyer",)) for _ in range(5)), points="2000")
    # five weapons: 125 points, 100 of them from the allowance
    assert fleet_book.tally_of(FLEET_BOOK, five).spent == 5 * 350 + 25


def test_a_wizard_and_cards_cost_points():
    f = fleet("greatship", "wolfship", wizard="master", cards="2")
    assert fleet_book.tally_of(FLEET_BOOK, f).spent == 350 + 300 + 100 + 50
    assert ("Magic Phase", "no Wizard is bought to sail in her") in rules_broken(
        fleet(Pick("greatship", ("wizard",))))


def test_a_scenario_file_is_held_to_the_same_purchasing_requirements():
    data = RULESET.load_scenario(name="empire_bretonnia").to_data()
    # the Empire's Greatship with four squadrons of Wargalleys: one more than she may lead
    data["ships"] = [s for s in data["ships"] if s["side"] == "p2" or s["template"] ==
                     "greatship"] + [
        {"id": f"w{n}", "template": "wargalley", "side": "p1", "heading": "E", "x": 4.0,
         "y": 10.0 + 4 * n, "squadron": f"s{n // 3}", "flagship": n % 3 == 0}
        for n in range(12)]
    data["options"] = {**data["options"], "points": 5000}
    with pytest.raises(ScenarioError, match=r"at most 3 squadrons .*\(Purchasing requirements\)"):
        RULESET.load_scenario(data=data)


def test_a_fleet_is_set_out_by_the_rules_own_set_up():
    f = fleet(Pick("galleon", ("anti_flyer",)), "corsair", "pegasus_knight", race="bretonnia",
              wizard="champion", cards="1", points="1000")
    assert rules_broken(f) == []
    data = with_fleet(RULESET.load_scenario(name="empire_bretonnia").to_data(), "p2", f)
    assert data["options"]["placement"] == "rules"
    mine = [s for s in data["ships"] if s["side"] == "p2"]
    assert [s["template"] for s in mine] == ["galleon", "corsair", "corsair", "corsair"]
    assert mine[0]["admiral"] and mine[0]["anti_flyer"] and mine[1]["flagship"]
    side = next(s for s in data["sides"] if s["id"] == "p2")
    assert (side["wizard"], side["wizard_ship"], side["mow_cards"]) == ("champion", "p2-1", 1)
    state, _ = RULESET.setup(RULESET.load_scenario(data=data), 3, {})
    assert state.setup_step  # the rules' set-up: terrain, edges, then placing in turn


def test_fleet_files_toml_or_json_with_one_line_errors(tmp_path: Path):
    folder = tmp_path / "man-o-war"
    folder.mkdir()
    (folder / "red.toml").write_text(
        'format = "ahoy-fleet-book"\nversion = 1\nruleset = "man-o-war"\nname = "Red"\n'
        'settings = { race = "bretonnia" }\npicks = [ "galleon", "corsair" ]\n')
    (folder / "newer.json").write_text('{"format": "ahoy-fleet-book", "version": 9}')
    (folder / "wrong.json").write_text('{"format": "ahoy-fleet-book", "ruleset": "acks"}')
    (folder / "broken.toml").write_text('name = "x" = 2')
    found = dict(fleet_book.saved("man-o-war", tmp_path))
    red = found[folder / "red.toml"]
    assert isinstance(red, Fleet) and red.picks[1] == Pick("corsair")
    assert str(found[folder / "newer.json"]).endswith(
        "newer.json: saved by a newer version of Ahoy TUI (fleet book format 9; this program "
        "reads up to 1)")
    assert "a fleet for 'acks', not for 'man-o-war'" in str(found[folder / "wrong.json"])
    assert str(found[folder / "broken.toml"]).startswith(f"{folder / 'broken.toml'}: not a fleet")
    assert all("\n" not in str(v) for v in found.values())
    # saved as JSON, read back the same; an unusable fleet is not saved, naming the rule
    path = fleet_book.save(FLEET_BOOK, red, tmp_path)
    assert fleet_book.load_file(path, "man-o-war") == red
    with pytest.raises(fleet_book.FleetBookError, match=r"Admiral.*\(Purchasing requirements\)"):
        fleet_book.save(FLEET_BOOK, fleet("wolfship"), tmp_path)


def test_a_scenario_file_may_name_fleets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("AHOY_FLEETS", str(tmp_path / "fleets"))
    fleet_book.save(FLEET_BOOK, fleet(Pick("galleon", ("admiral",)), "buccaneer",
                                      race="bretonnia"), None)
    base = (Path(__file__).parents[3] / "ahoy_tui/rules/man_o_war/scenarios/"
            "empire_bretonnia.toml").read_text()
    (tmp_path / "elves.toml").write_text(
        'format = "ahoy-fleet-book"\nname = "Elves"\n'
        'settings = { race = "high_elves" }\npicks = [ "dragonship", "hawkship" ]\n')
    scenario = tmp_path / "mine.toml"
    scenario.write_text(base + '\n[[fleets]]\nside = "p2"\nfleet = "Test"\n'
                               '\n[[fleets]]\nside = "p1"\nfile = "elves.toml"\n')
    data = RULESET.load_scenario(path=scenario).to_data()
    assert "fleets" not in data  # the ships themselves, so a save keeps them
    assert [s["template"] for s in data["ships"] if s["side"] == "p2"] == [
        "galleon", "buccaneer", "buccaneer", "buccaneer"]
    assert [s["race"] for s in data["sides"]] == ["high_elves", "bretonnia"]
    # a fleet that breaks its list is one line naming the file, the fleet and the rule
    (tmp_path / "elves.toml").write_text(
        'format = "ahoy-fleet-book"\nname = "Elves"\n'
        'settings = { race = "high_elves" }\npicks = [ "hawkship" ]\n')
    with pytest.raises(ScenarioError) as caught:
        RULESET.load_scenario(path=scenario)
    assert str(caught.value) == (f"{scenario}: fleets[1] (Elves): The High Elves need 1 Man "
                                 "O' War for the Admiral to command from (Purchasing "
                                 "requirements)")


def test_the_set_up_s_terrain_spots_folded_on_the_screen_are_worded():
    """A fleet is set out by the rules' set-up: its terrain choices, folded by spot on the
    battle screen, are worded whole (a folded row once asked for a spot past the fifth)."""
    from ahoy_tui.engine import Game
    from ahoy_tui.rules.man_o_war.actions import PlaceTerrain

    game = Game.new("man-o-war", "empire_bretonnia", seed=1, options={"placement": "rules"})
    first = next(a for a in game.legal_actions().fixed if isinstance(a, PlaceTerrain))
    words = RULESET.describe_choice(game.state, first, "spot", (0, 2, 4))
    assert words == (f"{first.piece.capitalize()} in section {first.section + 1}: its "
                     "centre, north-east or south-east")
    assert RULESET.describe_action(game.state, PlaceTerrain(first.piece, 0, 987654)).endswith(
        "spot 987654")
