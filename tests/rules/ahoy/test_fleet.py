"""Fleets: designs checked against the rules' limits, saved fleets, and fleets in scenarios."""

from __future__ import annotations

import json
import tomllib

import pytest
from kit import scenario, ship

from ahoy_tui.engine import Game
from ahoy_tui.rules.ahoy import fleet as fleets
from ahoy_tui.rules.ahoy.deploy import auto_positions, side_edge, with_fleet
from ahoy_tui.rules.ahoy.fleet import ERROR, WARNING, Fleet, FleetError, GunDesign, ShipDesign
from ahoy_tui.rules.ahoy.model import AhoyState, Task
from ahoy_tui.rules.ahoy.scenario import ScenarioError, builtin_dir, load


@pytest.fixture(autouse=True)
def fleets_folder(tmp_path, monkeypatch):
    folder = tmp_path / "fleets"
    monkeypatch.setenv("AHOY_FLEETS", str(folder))
    return folder


def cannons(*mounts: str, weapon: str = "naval_cannon") -> tuple[GunDesign, ...]:
    return tuple(GunDesign(weapon, m) for m in mounts)


def squadron() -> Fleet:
    return Fleet("Black Squadron", (
        ShipDesign("Black Harpy", "medium", ironclad=True,
                   guns=cannons("port", "port", "starboard", "starboard"),
                   crew={"sailor": 9, "marine": 2}, missiles={"marine": "crossbow"}),
        ShipDesign("Cutlass", "small", ram=True, guns=cannons("bow", weapon="carronade"),
                   crew={"sailor": 5}),
    ))


def lines(design: ShipDesign) -> list[tuple[str, str]]:
    return [(p.level, p.text) for p in fleets.check_ship(design)]


def test_a_sound_fleet_has_no_problems():
    assert fleets.check(squadron()) == []


def test_minimum_crew_counts_only_proper_ships_crew():
    # Ship Size: a Medium ship's Minimum Crew is 5; marines may not sail her (Movement).
    design = ShipDesign("Harpy", "medium", crew={"sailor": 4, "marine": 6})
    assert lines(design) == [
        (ERROR, "Harpy: crew: 4 sailors cannot sail a Medium ship (Minimum Crew 5)")]
    assert lines(ShipDesign("Harpy", "medium", crew={"sailor": 5})) == []


@pytest.mark.parametrize(("size", "least"), [("jolly_boat", 1), ("small", 3), ("medium", 5),
                                              ("large", 8)])
def test_minimum_crew_follows_the_ship_size_table(size, least):
    assert fleets.errors(Fleet("F", (ShipDesign("S", size, crew={"sailor": least}),))) == []
    short = fleets.errors(Fleet("F", (ShipDesign("S", size, crew={"sailor": least - 1}),)))
    assert [p.text for p in short] == [
        f"S: crew: {least - 1} sailors cannot sail a "
        f"{fleets.tables().size(size).name} ship (Minimum Crew {least})"]


def test_gun_crews_for_the_busiest_broadside_are_a_warning():
    # Gun Crews: heavy naval cannon 3, naval cannon 2. Port: 2 heavies = 6; starboard: 1 = 3.
    guns = (*cannons("port", "port", weapon="heavy_naval_cannon"),
            *cannons("starboard", weapon="heavy_naval_cannon"), *cannons("bow"))
    design = ShipDesign("Griffon", "large", guns=guns, crew={"sailor": 13})
    assert fleets.gun_crews(design) == {"port": 6, "starboard": 3, "bow": 2}
    assert fleets.crew_to_fight(design) == 8 + 6
    assert fleets.crew_for_all_guns(design) == 8 + 11
    assert lines(design) == [(WARNING, "Griffon: crew: 13 sailors: 14 needed to sail her and "
                                       "fully man her busiest broadside (1 short; Gun Crews)")]
    assert lines(ShipDesign("Griffon", "large", guns=guns, crew={"sailor": 14})) == []
    assert fleets.errors(Fleet("F", (design,))) == [], "an undercrewed gun may still fire"


@pytest.mark.parametrize(("design", "words"), [
    (ShipDesign("X", "huge"), "X: size: 'huge' is not one of jolly_boat, small, medium, large"),
    (ShipDesign("X", propulsion="wind"), "X: propulsion: 'wind' is not one of sail, oar, steam"),
    (ShipDesign("X", guns=cannons("port", weapon="mortar")), "X: gun 1: 'mortar' is not one of"),
    (ShipDesign("X", guns=cannons("keel")), "X: gun 1: mount 'keel' is not one of port, "),
    (ShipDesign("X", crew={"sailor": 5, "pirate": 2}), "X: crew: 'pirate' is not one of"),
    (ShipDesign("X", crew={"sailor": 5, "captain": 1}), "X: crew: 'captain' is not one of"),
    (ShipDesign("X", crew={"sailor": 5, "marine": -1}), "X: crew: a count of Marines cannot"),
    (ShipDesign("X", crew={"sailor": 201}), "X: crew: at most 200 models"),
    (ShipDesign("X", guns=cannons(*["port"] * 41)), "X: guns: at most 40 guns"),
    (ShipDesign("X", missiles={"sailor": "blunderbuss"}), "X: missiles: 'blunderbuss' is not"),
    (ShipDesign("X", "jolly_boat", ram=True, crew={"sailor": 2}),
     "X: ram: Jolly Boats may not ram, so may not carry a ram"),
    (ShipDesign(" "), "ship 1: name: a ship needs a name"),
    (ShipDesign("X" * 41), "name: at most 40 letters"),
])
def test_each_problem_is_one_line_naming_the_ship_and_the_field(design, words):
    found = [p.text for p in fleets.check_ship(design) if p.level == ERROR]
    assert found and words in found[0], found
    assert all("\n" not in text for text in found)


def test_oar_and_steam_are_accepted_designs():
    for propulsion in fleets.PROPULSION:
        assert fleets.errors(Fleet("F", (ShipDesign("X", propulsion=propulsion),))) == []


def test_a_design_without_a_movement_table_is_a_warning(monkeypatch):
    def rates(self, propulsion, size_id):
        raise fleets.DataError(f"movement.toml has no [{propulsion}.{size_id}]")

    monkeypatch.setattr(fleets.tables().__class__, "rates", rates)
    assert lines(ShipDesign("X", propulsion="steam")) == [
        (WARNING, "X: propulsion: no battle can use her yet: movement.toml has no "
                  "[steam.medium]")]


def test_missiles_with_nobody_to_carry_them_are_a_warning():
    assert lines(ShipDesign("X", missiles={"marine": "bow"})) == [
        (WARNING, "X: missiles: no Marines aboard to carry Bows")]
    assert lines(ShipDesign("X", missiles={"captain": "pistol"})) == []


def test_fleet_limits_and_twin_names():
    assert [p.text for p in fleets.check(Fleet("", ()))] == [
        "fleet: name: a fleet needs a name", "fleet: ships: 1 to 24 ships (0 given)"]
    twins = Fleet("F", (ShipDesign("Kite"), ShipDesign("kite")))
    assert [p.text for p in fleets.check(twins)] == ["kite: name: two ships share it"]
    many = Fleet("F", tuple(ShipDesign(f"S{i}") for i in range(25)))
    assert "fleet: ships: 1 to 24 ships (25 given)" in [p.text for p in fleets.check(many)]


# --- files ------------------------------------------------------------------------------------

def test_a_fleet_saves_and_loads_the_same(fleets_folder):
    path = fleets.save(squadron())
    assert path == fleets_folder / "black_squadron.json"
    assert json.loads(path.read_text())["format"] == "ahoy-fleet"
    assert fleets.load_file(path) == squadron()
    assert fleets.find("Black Squadron") == squadron()
    assert fleets.find(str(path)) == squadron()
    assert [(p.name, f) for p, f in fleets.saved()] == [("black_squadron.json", squadron())]
    assert not list(fleets_folder.glob(".*.tmp")), "written atomically, no leftovers"


def test_an_unusable_fleet_is_not_saved(fleets_folder):
    bad = Fleet("Leaky", (ShipDesign("Sieve", "large", crew={"sailor": 2}),))
    with pytest.raises(FleetError, match=r"leaky\.json: Sieve: crew: 2 sailors cannot sail"):
        fleets.save(bad)
    assert not fleets_folder.exists() or not list(fleets_folder.iterdir())


@pytest.mark.parametrize(("text", "words"), [
    ("", "the file is empty"),
    ('{"format": "ahoy-fleet", "version": 1, "name": "x", "sh', "the file is truncated"),
    ("{not json at all}\n\n", "not a fleet: invalid JSON at line 1"),
    ("[1, 2]", "not a fleet \\(expected an object\\)"),
    ('{"name": "x"}', "not a fleet \\(no \"format\""),
    ('{"format": "ahoy-save", "version": 1}', "not a fleet \\(format is 'ahoy-save'"),
    ('{"format": "ahoy-fleet", "version": 2, "name": "x", "ships": []}',
     "saved by a newer version of Ahoy TUI \\(fleet format 2; this program reads up to 1\\)"),
    ('{"format": "ahoy-fleet", "version": "1", "name": "x"}', "version '1' is not a whole"),
    ('{"format": "ahoy-fleet", "version": 1, "name": "x", "ships": [{"name": 3}]}',
     "damaged fleet: .*expected text"),
    ('{"format": "ahoy-fleet", "version": 1, "name": "x", "ships": [], "colour": "red"}',
     "damaged fleet: unknown field"),
])
def test_a_bad_fleet_file_is_one_line_naming_the_file(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(FleetError, match=words) as info:
        fleets.load_file(path)
    assert str(info.value).startswith(f"{path}: ")
    assert "\n" not in str(info.value)


def test_missing_and_binary_fleet_files(tmp_path):
    with pytest.raises(FleetError, match=r"nowhere\.json: no such file"):
        fleets.load_file(tmp_path / "nowhere.json")
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(FleetError, match="not UTF-8"):
        fleets.load_file(tmp_path / "bin.json")
    with pytest.raises(FleetError, match=r"no saved fleet 'Armada' in .*saved: none"):
        fleets.find("Armada")


# --- deployment -------------------------------------------------------------------------------

def duel() -> dict:
    return tomllib.loads(builtin_dir().joinpath("duel.toml").read_text("utf-8"))


def test_the_edge_is_behind_the_sides_ships():
    data = duel()
    assert side_edge(data["ships"], "p1", 72, 48) == "W"  # the Harpy heads east
    assert side_edge(data["ships"], "p2", 72, 48) == "E"
    assert side_edge([], "p1", 72, 48) == "W" and side_edge([], "p2", 72, 48) == "E"
    # Heading south-east from near the north edge: north and west tie; the north is nearer.
    assert side_edge([ship("s", "p2", x=20, y=6, heading="SE")], "p2", 72, 48) == "N"


def test_automatic_places_are_abreast_along_the_edge():
    designs = [ShipDesign("A", "medium"), ShipDesign("B", "small"), ShipDesign("C", "small")]
    places = auto_positions(designs, "E", 72, 48, speed=6)
    # Medium hull 13" long: centres 2 + 6.5 in from the east edge; 3.5" beam + 3" apart.
    assert places == [{"x": 63.5, "y": 17.5, "heading": "W", "speed": 6},
                      {"x": 63.5, "y": 24.0, "heading": "W", "speed": 6},
                      {"x": 63.5, "y": 30.5, "heading": "W", "speed": 6}]
    north = auto_positions(designs[:1], "N", 72, 48)
    assert north == [{"x": 36.0, "y": 8.5, "heading": "S", "speed": 0}]


def test_too_many_ships_for_the_zone_are_refused():
    designs = [ShipDesign(f"S{i}", "large") for i in range(24)]
    with pytest.raises(FleetError, match=r"24 ships do not fit .* along the west edge"):
        auto_positions(designs, "W", 40, 30)


def test_a_saved_fleet_replaces_a_sides_ships_and_plays():
    data = with_fleet(duel(), "p2", squadron())
    game = Game.new("ahoy", scenario_data=data, seed=4)
    state = game.state
    assert isinstance(state, AhoyState)
    assert [(s.id, s.side) for s in state.ships] == [
        ("harpy", "p1"), ("black_harpy", "p2"), ("cutlass", "p2")]
    harpy = state.ship("black_harpy")
    assert harpy.ironclad and harpy.heading == 6 and harpy.speed == 8  # W, the Revenge's 8"
    assert state.ship("cutlass").ram
    men = [c for c in state.crew if c.ship == "black_harpy"]
    assert sum(c.task == Task.SAILING for c in men) == 5, "her Minimum Crew sails her"
    assert {c.missile for c in men if c.profile == "marine"} == {"crossbow"}
    saved = game.scenario.to_data()
    assert "fleets" not in saved, "a save keeps the ships themselves, not the fleet"
    while not game.over and game.step < 40:
        game.play(game.legal_actions()[0])


def test_fleet_ids_do_not_clash_with_the_other_sides():
    same = Fleet("Mirror", (ShipDesign("Harpy", "medium", crew={"sailor": 6}),))
    data = with_fleet(duel(), "p2", same)
    ids = [s.id for s in load(data=data).spec.ships]
    assert ids == ["harpy", "harpy_2"]


# --- the [[fleets]] section -------------------------------------------------------------------

INLINE = """
name = "fleet_test"
title = "Fleets"
description = "Both sides from fleets."
[options]
wind = "S"
[[sides]]
id = "p1"
name = "Empire"
[[sides]]
id = "p2"
name = "Pirates"

[[fleets]]
side = "p1"
name = "Reikland Guard"
speed = 6
[[fleets.ships]]
name = "Griffon"
size = "large"
guns = [{ weapon = "heavy_naval_cannon", mount = "port" }]
crew = { sailor = 12 }

[[fleets]]
side = "p2"
file = "pirates.json"
positions = [{ x = 50, y = 20, heading = "SW", speed = 4 }, { x = 50, y = 34, heading = "W" }]
"""


def test_a_scenario_places_inline_and_file_fleets(tmp_path):
    fleets.save(squadron(), tmp_path)
    (tmp_path / "black_squadron.json").rename(tmp_path / "pirates.json")
    path = tmp_path / "mine.toml"
    path.write_text(INLINE)
    scen = load(path=path)
    placed = {s.id: s for s in scen.spec.ships}
    assert set(placed) == {"griffon", "black_harpy", "cutlass"}
    assert (placed["griffon"].x, placed["griffon"].heading, placed["griffon"].speed) == (
        11.0, "E", 6)
    assert (placed["black_harpy"].x, placed["black_harpy"].y, placed["black_harpy"].heading,
            placed["black_harpy"].speed) == (50, 20, "SW", 4)
    Game.new("ahoy", scenario_data=scen.to_data(), seed=1)


def test_a_scenario_names_a_saved_fleet(fleets_folder):
    fleets.save(squadron())
    data = scenario(ship("hawk", "p1", x=10, y=24))
    data["fleets"] = [{"side": "p2", "fleet": "Black Squadron", "edge": "S"}]
    ships = load(data=data).spec.ships
    assert [(s.id, s.heading, s.y) for s in ships[1:]] == [
        ("black_harpy", "N", 39.5), ("cutlass", "N", 39.5)]


@pytest.mark.parametrize(("entry", "words"), [
    ({"side": "p3", "fleet": "x"}, r"fleets\[0\]\.side: 'p3' is not p1 or p2"),
    ({"side": "p2"}, r"fleets\[0\]: give exactly one of fleet"),
    ({"side": "p2", "fleet": "x", "file": "y.json"}, "found fleet and file"),
    ({"side": "p2", "fleet": "Armada"}, r"fleets\[0\]\.fleet: no saved fleet 'Armada'"),
    ({"side": "p2", "file": "gone.json"}, r"fleets\[0\]\.file: .*gone\.json: no such file"),
    ({"side": "p2", "ships": [{"name": "S", "crew": {"sailor": 1}}]},
     r"fleets\[0\] \(p2 fleet\): S: crew: 1 sailors cannot sail a Medium ship"),
    ({"side": "p2", "ships": [{"name": "S"}], "edge": "NE"}, r"\.edge: 'NE' is not one of"),
    ({"side": "p2", "ships": [{"name": "S"}], "speed": -1}, r"\.speed: expected a whole"),
    ({"side": "p2", "ships": [{"name": "S"}], "positions": []}, "one position per ship"),
    ({"side": "p2", "ships": [{"name": "S"}], "positions": [{"x": 1}]}, "needs x, y and"),
    ({"side": "p2", "ships": [{"name": "S"}], "colour": "red"}, "unknown field.*colour"),
    ({"side": "p2", "ships": [{"name": "S", "sails": 3}]},
     r"fleets\[0\]: ships: #0: unknown field\(s\) sails"),
])
def test_bad_fleet_sections_are_one_line(entry, words):
    data = scenario(ship("hawk", "p1", x=10, y=24))
    data["fleets"] = [entry]
    with pytest.raises(ScenarioError, match=words) as info:
        load(data=data)
    assert str(info.value).startswith("scenario: ")
    assert "\n" not in str(info.value)


def test_a_fleet_placed_on_other_ships_is_refused():
    data = scenario(ship("hawk", "p1", x=63.5, y=24, heading="N"))
    data["fleets"] = [{"side": "p2", "ships": [{"name": "Kite"}]}]
    with pytest.raises(ScenarioError, match="ships hawk and kite overlap"):
        load(data=data)


def test_fleets_along_the_same_edge_share_its_rows():
    data = scenario(ship("hawk", "p2", x=60, y=24, heading="W"))
    data["fleets"] = [{"side": "p1", "ships": [{"name": "A"}, {"name": "B"}]},
                      {"side": "p1", "ships": [{"name": "C"}], "speed": 5}]
    ships = load(data=data).spec.ships
    assert [(s.id, s.x, s.y, s.speed) for s in ships[1:]] == [
        ("a", 8.5, 17.5, 0), ("b", 8.5, 24.0, 0), ("c", 8.5, 30.5, 5)]


def test_a_malformed_table_or_ship_beside_a_fleet_is_the_scenario_checks_to_report():
    data = scenario(ship("hawk", "p1", x="west", y=24))
    data["fleets"] = [{"side": "p1", "ships": [{"name": "Kite"}]}]
    with pytest.raises(ScenarioError, match=r"x: expected a number"):
        load(data=data)
    data = scenario(ship("hawk", "p2", x=60, y=24))
    data["table"] = {"width": "wide"}
    data["fleets"] = [{"side": "p1", "ships": [{"name": "Kite"}]}]
    with pytest.raises(ScenarioError, match=r"table.*width: expected a number"):
        load(data=data)
